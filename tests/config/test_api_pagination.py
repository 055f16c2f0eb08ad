"""Pages are capped at 100 rows; a huge limit or offset gets the capped (or
an empty) page, a malformed one a 400 (the schema says whole numbers), never
a 500."""

import pytest
from django.test import Client

from league.models import League
from tests.factories import UserFactory

HUGE = "9223372036854775808"  # one past PostgreSQL's bigint
# more digits than Python's int() converts (4,300 by default)
ENDLESS = "1" + "0" * 5000


@pytest.fixture
def many_leagues(db):
    commissioner = UserFactory(username="busy")
    League.objects.bulk_create(
        League(name=f"League {i:03}", format="sevens", commissioner=commissioner)
        for i in range(130)
    )


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("limit", ["100000", HUGE, "1" + "0" * 40, ENDLESS])
def test_a_large_limit_gets_the_capped_page(many_leagues, client, limit):
    response = client.get(f"/api/leagues/?limit={limit}")

    assert response.status_code == 200
    body = response.json()
    assert (body["count"], len(body["results"])) == (130, 100)
    assert body["next"].endswith("/api/leagues/?limit=100&offset=100")


def test_without_a_limit_a_page_has_50_rows(many_leagues, client):
    response = client.get("/api/leagues/")

    assert response.status_code == 200
    assert len(response.json()["results"]) == 50


@pytest.mark.parametrize("limit", ["abc", "-1", "0", "1e3", "", "+5", "٣"])
def test_a_malformed_limit_is_refused(many_leagues, client, limit):
    response = client.get(f"/api/leagues/?limit={limit}")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "invalid",
            "field": "limit",
            "message": "a whole number from 1 is required",
        }
    ]


def test_a_small_limit_is_honoured(many_leagues, client):
    response = client.get("/api/leagues/?limit=7&offset=126")

    assert response.status_code == 200
    assert [r["name"] for r in response.json()["results"]] == [
        "League 126",
        "League 127",
        "League 128",
        "League 129",
    ]


@pytest.mark.parametrize("offset", ["131", HUGE, "1" + "0" * 40, ENDLESS])
def test_an_offset_past_the_end_gets_an_empty_page(many_leagues, client, offset):
    response = client.get(f"/api/leagues/?offset={offset}&limit={HUGE}")

    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["results"], body["next"]) == (130, [], None)


@pytest.mark.parametrize("offset", ["abc", "-5", "", "null"])
def test_a_malformed_offset_is_refused(many_leagues, client, offset):
    response = client.get(f"/api/leagues/?offset={offset}")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "invalid",
            "field": "offset",
            "message": "a whole number from 0 is required",
        }
    ]


def test_an_offset_of_zero_starts_at_the_beginning(many_leagues, client):
    response = client.get("/api/leagues/?offset=0&limit=1")

    assert response.json()["results"][0]["name"] == "League 000"


@pytest.mark.parametrize(
    "path",
    [
        "/api/leagues/",
        "/api/teams/",
        "/api/seasons/",
        "/api/seasons/{season_id}/matches/",
        "/api/teams/{team_id}/ledger/",
        "/api/leagues/{league}/events/",
    ],
)
@pytest.mark.parametrize(
    "query", [f"limit={HUGE}", f"offset={HUGE}", f"limit={HUGE}&offset={HUGE}"]
)
def test_no_list_answers_a_huge_limit_or_offset_with_a_500(
    shared_api_world, client, path, query
):
    world = shared_api_world
    url = world.url(path.replace("{league}", str(world.league.pk)))

    response = client.get(f"{url}?{query}")

    assert response.status_code == 200
    assert len(response.json()["results"]) <= 100
