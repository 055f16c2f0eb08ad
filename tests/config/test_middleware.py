"""A NUL character anywhere PostgreSQL would see it is refused with a 400
before any view runs: in the query string, a token, a cookie."""

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.api_endpoints import every_row
from tests.league.conftest import api_as

NUL_ERROR = "null_characters_not_allowed"


@pytest.fixture
def world(shared_api_world):
    """``api_world(sevens, bob, charlie)``, saved once per session."""
    return shared_api_world


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.parametrize(
    "path",
    [
        "/api/matches/{pk}/events/?type=%00",
        "/api/matches/{pk}/events/?type=report,%00",
        "/api/leagues/{league}/events/?type=%00",
        "/api/teams/?coach=%00",
        "/api/seasons/?status=%00",
        "/api/seasons/{season_id}/matches/?status=x%00y",
        "/api/teams/{team_id}/ledger/?limit=%00",
    ],
)
def test_a_nul_in_an_api_query_is_a_400(world, client, path):
    url = world.url(path.replace("{league}", str(world.league.pk)))

    response = client.get(url)

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == NUL_ERROR
    assert error["field"] == url.split("?")[1].split("=")[0]


def test_the_error_names_the_parameter(world, client):
    response = client.get(world.url("/api/matches/{pk}/events/?type=%00"))

    assert response.json() == {
        "errors": [
            {
                "code": NUL_ERROR,
                "field": "type",
                "message": "the query parameter 'type' contains a NUL character",
            }
        ]
    }


def test_a_write_with_a_nul_in_its_query_writes_nothing(world, alice):
    before = every_row()

    response = api_as(alice).post(
        "/api/leagues/?format=%00", {"name": "X", "format": "sevens"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == NUL_ERROR
    assert every_row() == before


def test_a_nul_in_a_page_query_is_a_400_page(world, client):
    response = client.get(world.url("/matches/{pk}/?type=%00"))

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")


def test_a_nul_in_a_token_is_a_400(world, client, bob):
    key = Token.objects.create(user=bob).key

    response = client.post(
        "/api/leagues/",
        {"name": "X", "format": "sevens"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {key[:20]}\x00{key[21:]}",
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": NUL_ERROR,
            "field": None,
            "message": "the Authorization header contains a NUL character",
        }
    ]


def test_a_nul_in_the_session_cookie_is_a_400(world, client):
    client.cookies["sessionid"] = "abcdefghij\x00klmnop"

    response = client.get("/api/teams/")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == NUL_ERROR


def test_a_query_without_nul_is_answered(world, client):
    response = client.get(world.url("/api/matches/{pk}/events/?type=report"))

    assert response.status_code == 200
