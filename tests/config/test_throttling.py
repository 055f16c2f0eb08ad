"""Password guessing on the login pages and floods of API writes get a 429.

The test settings set the limits high so that no other test meets them;
these tests lower them to production's defaults (or below)."""

import time

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory
from rest_framework.views import APIView

from league.models import League
from tests.factories import UserFactory
from tests.league.conftest import api_as

LOGIN_PAGES = ["/accounts/login/", "/admin/login/"]
PRODUCTION_LOGIN = {"LOGIN_FAILURES_MAX": 10, "LOGIN_FAILURES_WINDOW": 900}


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


def rates(user: str, anon: str = "100000/min") -> dict:
    return {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"write_user": user, "write_anon": anon},
    }


def log_in(client, page, username, password, address="10.0.0.1", **headers):
    # the site's form takes a username or an e-mail address as "login"
    field = "login" if page == "/accounts/login/" else "username"
    return client.post(
        page,
        {field: username, "password": password},
        REMOTE_ADDR=address,
        **headers,
    )


# --- the login pages ---------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("page", LOGIN_PAGES)
@override_settings(**PRODUCTION_LOGIN)
def test_sixty_wrong_passwords_meet_a_429_before_the_sixtieth(page):
    # given
    UserFactory(username="bob", is_staff=True)
    client = Client()

    # when
    statuses = [
        log_in(client, page, "bob", f"guess {i}").status_code for i in range(60)
    ]

    # then the first ten are refused as wrong, every later one as too many
    assert statuses == [200] * 10 + [429] * 50


@pytest.mark.django_db
@pytest.mark.parametrize("page", LOGIN_PAGES)
@override_settings(**PRODUCTION_LOGIN)
def test_the_right_password_is_refused_too_while_locked_out(page):
    UserFactory(username="bob", is_staff=True)
    client = Client()
    for i in range(10):
        log_in(client, page, "bob", f"guess {i}")

    response = log_in(client, page, "bob", "password")

    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/html")
    assert response["Retry-After"] == "900"
    assert b"Too many attempts" in response.content
    assert b"Try again in\n15 minutes." in response.content
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@override_settings(**PRODUCTION_LOGIN)
def test_the_lockout_is_per_address_and_username():
    UserFactory(username="bob")
    UserFactory(username="carla")
    client = Client()
    for i in range(10):
        log_in(client, "/accounts/login/", "bob", f"guess {i}", address="10.0.0.1")

    # bob from elsewhere, and carla from the same address, still get through
    elsewhere = log_in(client, "/accounts/login/", "bob", "password", "10.0.0.2")
    carla = log_in(client, "/accounts/login/", "carla", "password", "10.0.0.1")

    assert (elsewhere.status_code, carla.status_code) == (302, 302)


@pytest.mark.django_db
@override_settings(**PRODUCTION_LOGIN)
def test_a_forged_forwarded_for_does_not_escape_the_lockout():
    UserFactory(username="bob")
    client = Client()
    statuses = [
        log_in(
            client,
            "/accounts/login/",
            "bob",
            f"guess {i}",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{i}",
        ).status_code
        for i in range(11)
    ]

    assert statuses[-1] == 429


@pytest.mark.django_db
@override_settings(
    **PRODUCTION_LOGIN, REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
)
def test_behind_a_proxy_the_forwarded_address_is_the_client():
    UserFactory(username="bob")
    client = Client()
    for i in range(10):
        log_in(
            client,
            "/accounts/login/",
            "bob",
            f"guess {i}",
            address="10.9.9.9",  # the proxy
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )

    locked = log_in(
        client,
        "/accounts/login/",
        "bob",
        "password",
        "10.9.9.9",
        HTTP_X_FORWARDED_FOR="203.0.113.7",
    )
    other = log_in(
        client,
        "/accounts/login/",
        "bob",
        "password",
        "10.9.9.9",
        HTTP_X_FORWARDED_FOR="203.0.113.8",
    )

    assert (locked.status_code, other.status_code) == (429, 302)


@pytest.mark.django_db
@override_settings(**PRODUCTION_LOGIN)
def test_a_successful_login_forgets_the_failures():
    UserFactory(username="bob")
    client = Client()
    for i in range(9):
        log_in(client, "/accounts/login/", "bob", f"guess {i}")
    assert log_in(client, "/accounts/login/", "bob", "password").status_code == 302
    client.logout()

    statuses = [
        log_in(client, "/accounts/login/", "bob", f"again {i}").status_code
        for i in range(10)
    ]

    assert statuses == [200] * 10


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_MAX=2, LOGIN_FAILURES_WINDOW=1)
def test_the_lockout_ends_with_its_window():
    UserFactory(username="bob")
    client = Client()
    for i in range(2):
        log_in(client, "/accounts/login/", "bob", f"guess {i}")
    assert log_in(client, "/accounts/login/", "bob", "password").status_code == 429

    time.sleep(1.1)

    assert log_in(client, "/accounts/login/", "bob", "password").status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("page", LOGIN_PAGES)
@override_settings(**PRODUCTION_LOGIN)
def test_the_login_pages_still_render(client, page):
    assert client.get(page).status_code == 200


# --- API writes --------------------------------------------------------------


def create_league(client, name):
    return client.post(
        "/api/leagues/", {"name": name, "format": "sevens"}, format="json"
    )


@pytest.mark.django_db
def test_a_users_writes_beyond_the_rate_get_a_429_and_write_nothing(bob):
    client = api_as(bob)

    with override_settings(REST_FRAMEWORK=rates(user="3/min")):
        statuses = [create_league(client, f"L{i}").status_code for i in range(5)]
        refused = create_league(client, "L5")
        reads = client.get("/api/leagues/")

    assert statuses == [201, 201, 201, 429, 429]
    assert refused.json()["errors"] == [
        {
            "code": "throttled",
            "field": None,
            "message": refused.json()["errors"][0]["message"],
        }
    ]
    assert refused.json()["errors"][0]["message"].startswith("Request was throttled.")
    assert 0 < int(refused["Retry-After"]) <= 60
    assert sorted(League.objects.values_list("name", flat=True)) == ["L0", "L1", "L2"]
    assert reads.status_code == 200


@pytest.mark.django_db
def test_a_rate_lowered_below_the_writes_counted_still_says_when_to_retry(bob):
    client = api_as(bob)
    with override_settings(REST_FRAMEWORK=rates(user="5/min")):
        assert [create_league(client, f"L{i}").status_code for i in range(4)] == [
            201
        ] * 4

    # the site's operator lowers the rate to 2 a minute: 4 writes
    # stand in the window, more than the rate
    with override_settings(REST_FRAMEWORK=rates(user="2/min")):
        refused = create_league(client, "L4")

    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60
    assert League.objects.count() == 4


@pytest.mark.django_db
def test_the_rate_counts_a_user_whatever_the_credentials(bob, charlie):
    token = Token.objects.create(user=bob).key
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    by_session = APIClient()
    by_session.force_login(bob)

    with override_settings(REST_FRAMEWORK=rates(user="2/min")):
        first = create_league(by_token, "A").status_code
        second = create_league(by_session, "B").status_code
        third = create_league(by_token, "C").status_code
        charlie_writes = create_league(api_as(charlie), "D").status_code

    assert (first, second, third, charlie_writes) == (201, 201, 429, 201)


class OpenWrite(APIView):
    """A write anonymous clients may make (the API has none today)."""

    permission_classes = [AllowAny]

    def post(self, request):
        return Response(status=204)


def test_anonymous_writes_are_counted_per_address():
    factory = APIRequestFactory()
    view = OpenWrite.as_view()

    def post(address):
        return view(factory.post("/x/", {}, REMOTE_ADDR=address)).status_code

    with override_settings(REST_FRAMEWORK=rates(user="100/min", anon="2/min")):
        statuses = [post("10.0.0.1") for _ in range(3)] + [post("10.0.0.2")]

    assert statuses == [204, 204, 429, 204]
