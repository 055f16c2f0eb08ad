"""The commissioner's writes, through the API and the site's pages, refused
to the two people closest to being allowed, each with a body that would
pass: a coach of the league (a member, with a team in it) and the
commissioner of another league. Each gets a 403 (the API's
``permission_denied`` in its error shape) and nothing at all is written.
(A stranger and an anonymous caller, with a bad body:
``test_api_refusal_first.py``.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_endpoints import WRITES, every_row
from tests.factories import LeagueFactory
from tests.world import api_as

# Every write only the league's commissioner makes (docs/api.md "the
# commissioner alone creates seasons, schedules, …"), with a body it would
# take from him.
COMMISSIONER_API: dict[tuple[str, str], dict[str, Any]] = {
    ("post", "/api/seasons/"): {"name": "Autumn"},  # "league": added below
    ("post", "/api/seasons/{season_id}/schedule/"): {},
    ("post", "/api/seasons/{season_id}/playoffs/"): {},
    ("post", "/api/seasons/{season_id}/resolve/"): {"scope": "round"},
    ("post", "/api/seasons/{season_id}/close/"): {},
    ("post", "/api/seasons/{season_id}/round-dates/"): {
        "rounds": [{"stage": "league", "round": 1, "date": "2026-12-01"}]
    },
    ("post", "/api/seasons/{season_id}/points-deductions/"): {
        "reason": "no-show"
    },  # "team": added below
    (
        "post",
        "/api/seasons/{season_id}/points-deductions/{deduction_id}/withdraw/",
    ): {"reason": "docked by mistake"},
    ("post", "/api/matches/{pk}/resolve/"): {},
    ("post", "/api/matches/{pk}/override/"): {
        "home_score": 1,
        "away_score": 0,
        "reason": "typo",
    },
    ("post", "/api/matches/{pk}/postpone/"): {},
    ("post", "/api/matches/{pk}/unplayed/"): {"conceded_by": None, "reason": "late"},
    ("post", "/api/leagues/{league_id}/members/"): {"username": "dave"},
    ("delete", "/api/leagues/{league_id}/members/{coach_id}/"): {},
    ("post", "/api/leagues/{league_id}/requests/{coach_id}/approve/"): {},
    ("post", "/api/leagues/{league_id}/requests/{coach_id}/decline/"): {},
    ("post", "/api/leagues/{league_id}/open/"): {"open": True},
    ("post", "/api/leagues/{league_id}/invite-link/"): {"max_uses": 5, "days": 5},
    ("post", "/api/leagues/{league_id}/webhooks/"): {
        "url": "https://example.com/hook",
        "kind": "generic",
    },
    ("delete", "/api/leagues/{league_id}/webhooks/{webhook_id}/"): {},
    ("post", "/api/matches/{pk}/submissions/{submission_id}/decide/"): {
        "decision": "accept",
        "reason": "looks right",
    },
}
API_IDS = [f"{m} {p}" for m, p in COMMISSIONER_API]

# The commissioner's pages that write, each posted with every field any of
# them reads (the permission is checked before the form).
COMMISSIONER_PAGES = [
    "/leagues/{league}/members/invite/",
    "/leagues/{league}/members/invite-link/",
    "/leagues/{league}/members/invite-email/",
    "/leagues/{league}/members/open/",
    "/leagues/{league}/members/{coach}/remove/",
    "/leagues/{league}/requests/{coach}/approve/",
    "/leagues/{league}/requests/{coach}/decline/",
    "/leagues/{league}/seasons/new/",
    "/seasons/{season}/schedule/",
    "/seasons/{season}/playoffs/",
    "/seasons/{season}/resolve/",
    "/seasons/{season}/close/",
    "/seasons/{season}/round-dates/",
    "/matches/{match}/postpone/",
    "/matches/{match}/unplayed/",
    "/matches/{match}/override/",
    "/reports/{submission}/decide/",
]
FORM = {
    "username": "dave",
    "email": "someone@example.com",
    "open": "on",
    "max_uses": "5",
    "days": "5",
    "name": "Autumn",
    "reason": "because",
    "to_round": "",
    "conceded_by": "",
    "decision": "accept",
    "home_score": "1",
    "away_score": "0",
    "scope": "round",
}


@pytest.fixture
def world(shared_api_world):
    return shared_api_world


@pytest.fixture(params=["a coach of the league", "another league's commissioner"])
def intruder(request, world, bob, dave):
    """Bob coaches the Orcs of the league; Dave runs a league of his own."""
    if request.param == "a coach of the league":
        return bob
    LeagueFactory(name="Dave's Sevens", format="sevens", commissioner=dave)
    return dave


def test_every_commissioner_write_is_an_api_write():
    assert set(COMMISSIONER_API) <= set(WRITES)


@pytest.mark.parametrize(("method", "path"), list(COMMISSIONER_API), ids=API_IDS)
def test_the_api_refuses_anyone_but_the_commissioner(world, intruder, method, path):
    # given
    body = dict(COMMISSIONER_API[(method, path)])
    if path == "/api/seasons/":
        body["league"] = world.league.pk
    if path.endswith("/points-deductions/"):
        body["team"] = world.team.pk
    before = every_row()

    # when
    response = getattr(api_as(intruder), method)(world.url(path), body, format="json")

    # then
    assert response.status_code == 403
    (error,) = response.json()["errors"]
    assert (error["code"], error["field"]) == ("permission_denied", None)
    assert error["message"]
    assert every_row() == before


@pytest.mark.parametrize("path", COMMISSIONER_PAGES)
def test_the_pages_refuse_anyone_but_the_commissioner(client, world, intruder, path):
    # given
    client.force_login(intruder)
    url = path.format(
        league=world.league.pk,
        coach=world.team.coach_id,
        season=world.season.pk,
        match=world.match.pk,
        submission=world.submission.pk,
    )
    before = every_row()

    # when
    response = client.post(url, FORM)

    # then
    assert response.status_code == 403
    assert every_row() == before
