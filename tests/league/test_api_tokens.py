"""Personal API tokens: a person makes, names and revokes their own on
their tokens page; the token is shown once and only its hash is stored;
the API takes it as ``Authorization: Token …`` and refuses it once it is
revoked (the superuser's DRF tokens keep working)."""

from __future__ import annotations

import hashlib
import re

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.errors import ServiceError
from league.models import ApiToken, League
from league.tokens.services import MAX_TOKENS, api_token_create, api_token_revoke
from tests.league.accounts_support import everything

pytestmark = pytest.mark.django_db


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def create_league(client: APIClient, name: str):
    return client.post(
        "/api/leagues/", {"name": name, "format": "sevens"}, format="json"
    )


def test_the_page_makes_a_token_and_shows_it_once(client, bob):
    client.force_login(bob)

    made = client.post("/accounts/tokens/", {"name": "league bot"})
    again = client.get("/accounts/tokens/")

    assert made.status_code == 200
    [key] = re.findall(r'value="(dgt_[^"]+)"', made.content.decode())
    token = ApiToken.objects.get(user=bob)
    assert token.name == "league bot"
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert token.prefix == key[:10]
    assert key not in again.content.decode()
    assert f"{key[:10]}…" in again.content.decode()
    assert len(key) == 4 + 43  # dgt_ and 32 random bytes, base64


def test_the_api_takes_the_token_as_its_owner(bob):
    _, key = api_token_create(user=bob, name="bot")

    response = create_league(with_token(key), "Bot League")

    assert response.status_code == 201
    assert League.objects.get(name="Bot League").commissioner == bob
    assert ApiToken.objects.get(user=bob).last_used_at is not None


def test_a_revoked_token_is_refused_by_the_api(client, bob):
    token, key = api_token_create(user=bob, name="bot")
    client.force_login(bob)

    revoked = client.post(f"/accounts/tokens/{token.pk}/revoke/")
    before = everything()
    write = create_league(with_token(key), "Too Late")
    read = with_token(key).get("/api/leagues/")

    assert revoked.status_code == 302
    assert (write.status_code, read.status_code) == (401, 401)
    assert write.json()["errors"][0]["message"] == "This token was revoked."
    assert everything() == before


def test_an_unknown_token_is_refused(bob):
    response = create_league(with_token("dgt_" + "x" * 43), "Nope")

    assert response.status_code == 401
    assert not League.objects.filter(name="Nope").exists()


def test_the_admins_drf_tokens_keep_working(bob):
    key = Token.objects.create(user=bob).key

    assert create_league(with_token(key), "Old Style").status_code == 201


def test_a_person_cannot_revoke_anothers_token(client, bob, charlie):
    token, key = api_token_create(user=charlie, name="bot")
    client.force_login(bob)
    before = everything()

    response = client.post(f"/accounts/tokens/{token.pk}/revoke/", follow=True)

    assert "you have no such token" in response.content.decode()
    assert everything() == before
    assert create_league(with_token(key), "Still Fine").status_code == 201


@pytest.mark.parametrize(
    ("name", "code"), [("", "required"), ("   ", "required"), ("bot", "name_taken")]
)
def test_a_token_needs_a_fresh_name(client, bob, name, code):
    api_token_create(user=bob, name="bot")
    client.force_login(bob)
    before = everything()

    response = client.post("/accounts/tokens/", {"name": name})

    assert response.status_code == 400
    assert list(response.context["form"].errors) == ["name"]
    assert everything() == before
    with pytest.raises(ServiceError) as refused:
        api_token_create(user=bob, name=name)
    assert [v.code for v in refused.value.violations] == [code]


def test_a_revoked_tokens_name_may_be_used_again(bob):
    token, _ = api_token_create(user=bob, name="bot")
    api_token_revoke(user=bob, token_id=token.pk)

    again, _ = api_token_create(user=bob, name="bot")

    assert again.pk != token.pk


def test_a_person_holds_at_most_twenty_tokens(bob):
    for i in range(MAX_TOKENS):
        api_token_create(user=bob, name=f"t{i}")
    before = everything()

    with pytest.raises(ServiceError) as refused:
        api_token_create(user=bob, name="one more")

    assert MAX_TOKENS == 20
    assert [v.code for v in refused.value.violations] == ["too_many_tokens"]
    assert everything() == before


def test_revoking_twice_is_refused(bob):
    token, _ = api_token_create(user=bob, name="bot")
    api_token_revoke(user=bob, token_id=token.pk)

    with pytest.raises(ServiceError) as refused:
        api_token_revoke(user=bob, token_id=token.pk)

    assert [v.code for v in refused.value.violations] == ["already_revoked"]


def test_the_page_needs_a_login(client):
    response = client.get("/accounts/tokens/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_api_docs_link_the_tokens_page(client):
    schema = client.get("/api/schema/?format=json").json()

    assert "(/accounts/tokens/)" in schema["info"]["description"]
