"""The admins that are not a league's (users, groups, tokens, e-mail
addresses, the Discord app and accounts) are the superuser's alone
(docs/commissioner.md "The admin": "The user and token admins are the
superuser's"). A commissioner is let into the admin because they run a
league, with no staff flag; a model permission they were given for any
other reason must not open those admins to them (Django's own staff gate,
which would have kept them out, plays no part here)."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialApp
from django.contrib.auth.models import Group, Permission
from rest_framework.authtoken.models import Token

from tests.factories import LeagueFactory, UserFactory

# Each admin of the superuser's, with an object of it in ``world``.
SUPERUSER_ADMINS = [
    "auth/user",
    "auth/group",
    "authtoken/tokenproxy",
    "account/emailaddress",
    "socialaccount/socialapp",
    "socialaccount/socialaccount",
    "socialaccount/socialtoken",
]


@pytest.fixture
def world(db):
    """Nora runs a league and was given (through a group) every permission
    on the superuser's models; Bob has an address, a token; the site has
    a Discord app with its secret."""
    nora, bob = UserFactory(username="nora"), UserFactory(username="bob")
    LeagueFactory(name="Northern Cup", commissioner=nora)
    EmailAddress.objects.create(
        user=bob, email="bob-private@example.org", verified=True, primary=True
    )
    token = Token.objects.create(user=bob)
    app = SocialApp.objects.create(
        provider="discord", name="Discord", client_id="cid", secret="app-secret"
    )
    group = Group.objects.create(name="helpers")
    group.permissions.set(
        Permission.objects.filter(
            content_type__app_label__in=[
                "auth",
                "authtoken",
                "account",
                "socialaccount",
            ]
        )
    )
    nora.groups.add(group)
    return {"nora": nora, "bob": bob, "token": token, "app": app}


@pytest.mark.parametrize("model", SUPERUSER_ADMINS)
def test_a_commissioner_with_permissions_is_refused_the_superusers_admins(
    client, world, model
):
    client.force_login(world["nora"])

    assert client.get(f"/admin/{model}/").status_code == 403
    assert client.get(f"/admin/{model}/add/").status_code == 403


def test_nor_are_their_rows_read_or_searched(client, world):
    client.force_login(world["nora"])
    bob = world["bob"]

    for url in (
        f"/admin/auth/user/{bob.pk}/change/",
        f"/admin/auth/user/{bob.pk}/password/",
        f"/admin/authtoken/tokenproxy/{world['token'].pk}/change/",
        f"/admin/socialaccount/socialapp/{world['app'].pk}/change/",
    ):
        response = client.get(url)
        assert response.status_code in (403, 404), url
        body = response.content.decode()
        assert "bob-private@example.org" not in body
        assert "app-secret" not in body
    # an autocomplete answered from the user list (a league's coach)
    found = client.get(
        "/admin/autocomplete/",
        {"app_label": "league", "model_name": "team", "field_name": "coach"},
    )
    assert found.status_code == 403
    # and the index offers none of them, only her league's
    index = client.get("/admin/").content.decode()
    assert 'href="/admin/league/league/"' in index
    assert client.get("/admin/league/league/").status_code == 200
    for model in SUPERUSER_ADMINS:
        assert f'href="/admin/{model}/"' not in index, model
        app = model.split("/")[0]
        assert client.get(f"/admin/{app}/").status_code == 404, app


def test_the_superuser_keeps_them(client, world):
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(root)

    for model in SUPERUSER_ADMINS:
        assert client.get(f"/admin/{model}/").status_code == 200, model
    page = client.get(f"/admin/auth/user/{world['bob'].pk}/change/")
    assert page.status_code == 200
