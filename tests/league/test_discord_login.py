"""Log in with Discord, against a fake Discord on this machine: a tiny
OAuth2 server (its token and user endpoints) that the provider's adapter is
pointed at. A Discord login creates an account, or comes into the one with
the same verified address, or is connected to the account logged in; with
no Discord application configured the button is not offered."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialAccount
from allauth.socialaccount.providers.discord.views import DiscordOAuth2Adapter
from django.contrib.auth import get_user_model
from django.test import override_settings

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
CLIENT_ID, SECRET, CODE, ACCESS = "fake-client", "fake-secret", "the-code", "tok-1"
PROFILE = {
    "id": "80351110224678912",
    "username": "nelly",
    "global_name": "Nelly",
    "discriminator": "0",
    "email": "nelly@example.org",
    "verified": True,
    "avatar": None,
}
DISCORD = {"discord": {"APPS": [{"client_id": CLIENT_ID, "secret": SECRET}]}}


class FakeDiscord(BaseHTTPRequestHandler):
    """Discord's token endpoint (a code for an access token, the client
    authenticated by its secret) and its user endpoint (the profile, for
    that access token)."""

    profile: dict = PROFILE
    seen: list[str] = []

    def log_message(self, *args: object) -> None:
        pass

    def _answer(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        form = parse_qs(self.rfile.read(length).decode())
        self.seen.append(self.path)
        ok = (
            self.path == "/api/oauth2/token"
            and form.get("code") == [CODE]
            and form.get("client_id") == [CLIENT_ID]
            and form.get("client_secret") == [SECRET]
        )
        if not ok:
            self._answer(400, {"error": "invalid_grant"})
            return
        self._answer(200, {"access_token": ACCESS, "token_type": "Bearer"})

    def do_GET(self) -> None:
        self.seen.append(self.path)
        if self.path != "/api/users/@me" or (
            self.headers.get("Authorization") != f"Bearer {ACCESS}"
        ):
            self._answer(401, {"message": "401: Unauthorized"})
            return
        self._answer(200, self.profile)


@pytest.fixture
def discord(monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeDiscord)
    FakeDiscord.seen = []
    FakeDiscord.profile = dict(PROFILE)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/api"
    monkeypatch.setattr(
        DiscordOAuth2Adapter, "access_token_url", f"{base}/oauth2/token"
    )
    monkeypatch.setattr(
        DiscordOAuth2Adapter, "authorize_url", f"{base}/oauth2/authorize"
    )
    monkeypatch.setattr(DiscordOAuth2Adapter, "profile_url", f"{base}/users/@me")
    with override_settings(SOCIALACCOUNT_PROVIDERS=DISCORD):
        yield FakeDiscord
    server.shutdown()
    server.server_close()


def through_discord(client, process: str = "login"):
    """Start the login, let the person approve at (fake) Discord, and come
    back to the callback with Discord's code and the state it was given."""
    started = client.post(f"/accounts/discord/login/?process={process}")
    assert started.status_code == 302
    sent_to = urlsplit(started["Location"])
    assert sent_to.path == "/api/oauth2/authorize"
    query = parse_qs(sent_to.query)
    assert query["client_id"] == [CLIENT_ID]
    assert set(query["scope"][0].split()) == {"email", "identify"}
    return client.get(
        "/accounts/discord/login/callback/",
        {"code": CODE, "state": query["state"][0]},
    )


def test_the_login_page_offers_discord_when_configured(client, discord):
    html = client.get("/accounts/login/").content.decode()

    assert "Log in with Discord" in html
    assert 'href="/accounts/discord/login/?process=login"' in html


def test_without_a_discord_application_it_is_not_offered(client):
    for page in ("/accounts/login/", "/accounts/signup/"):
        assert "Discord" not in client.get(page).content.decode()


def test_a_discord_login_creates_an_account(client, discord):
    response = through_discord(client)

    assert response.status_code == 302
    user = get_user_model().objects.get(username="nelly")
    assert client.session["_auth_user_id"] == str(user.pk)
    account = SocialAccount.objects.get(user=user)
    assert (account.provider, account.uid) == ("discord", "80351110224678912")
    # Discord vouched for the address: it counts as verified
    assert EmailAddress.objects.get(user=user).verified is True
    assert discord.seen == ["/api/oauth2/token", "/api/users/@me"]


def test_a_discord_login_with_a_known_address_comes_into_that_account(client, discord):
    carla = UserFactory(username="carla", email="nelly@example.org")
    EmailAddress.objects.create(
        user=carla, email="nelly@example.org", verified=True, primary=True
    )

    through_discord(client)

    assert client.session["_auth_user_id"] == str(carla.pk)
    assert SocialAccount.objects.get().user == carla
    assert get_user_model().objects.count() == 1


def test_a_logged_in_person_connects_their_discord_account(client, discord):
    bob = UserFactory(username="bob")
    client.force_login(bob)

    response = through_discord(client, process="connect")

    assert response.status_code == 302
    assert SocialAccount.objects.get().user == bob
    connections = client.get("/accounts/3rdparty/").content.decode()
    assert "Nelly" in connections


def test_a_code_discord_refuses_logs_no_one_in(client, discord):
    started = client.post("/accounts/discord/login/?process=login")
    state = parse_qs(urlsplit(started["Location"]).query)["state"][0]

    response = client.get(
        "/accounts/discord/login/callback/", {"code": "forged", "state": state}
    )

    assert response.status_code == 401
    assert "_auth_user_id" not in client.session
    assert not SocialAccount.objects.exists()
    assert not get_user_model().objects.exists()
