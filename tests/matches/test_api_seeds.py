"""The dice seeds in the API: a match's seed rolls its game (the engine's,
the casualties a report leaves to the server) and every post-game roll,
and each match's seed is drawn from its season's, so neither is shown
while anything is left to roll (matches/api/match_output.py,
matches/api/seasons.py)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.models import Match, Season
from tests.league.conftest import api_as


@pytest.fixture
def readers(alice, bob, dave):
    return {"anonymous": APIClient(), "coach": api_as(bob), "outsider": api_as(dave)}


@pytest.mark.parametrize("who", ["anonymous", "coach", "outsider", "commissioner"])
def test_a_match_to_play_shows_no_seed(shared_api_world, readers, alice, who):
    client = api_as(alice) if who == "commissioner" else readers[who]
    match, season = shared_api_world.match, shared_api_world.season

    detail = client.get(f"/api/matches/{match.pk}/").json()
    listed = client.get(f"/api/seasons/{season.pk}/matches/").json()["results"]

    assert detail["seed"] is None
    assert [m["seed"] for m in listed] == [None]


def test_a_match_shows_its_seed_once_its_post_game_is_done(
    shared_api_world, alice, django_capture_on_commit_callbacks
):
    match = shared_api_world.match
    # given the commissioner's report of a 0-0 draw, its post-game run
    with django_capture_on_commit_callbacks(execute=True):
        reported = api_as(alice).post(
            f"/api/matches/{match.pk}/report/",
            {"home_score": 0, "away_score": 0},
            format="json",
        )
    assert reported.status_code == 201, reported.json()
    assert Match.objects.get(pk=match.pk).postgame_step == "done"

    detail = APIClient().get(f"/api/matches/{match.pk}/").json()

    assert detail["seed"] == Match.objects.get(pk=match.pk).seed


@pytest.mark.parametrize("who", ["anonymous", "coach", "outsider"])
def test_a_seasons_seed_is_the_commissioners_until_it_is_closed(
    shared_api_world, readers, alice, who
):
    season = shared_api_world.season
    client = readers[who]

    detail = client.get(f"/api/seasons/{season.pk}/").json()
    listed = client.get(f"/api/seasons/?league={season.league_id}").json()["results"]
    own = api_as(alice).get(f"/api/seasons/{season.pk}/").json()

    assert (detail["seed"], [s["seed"] for s in listed]) == (None, [None])
    assert own["seed"] == season.seed


@pytest.mark.parametrize("who", ["anonymous", "coach", "outsider"])
def test_a_closed_seasons_seed_is_shown_to_anyone(shared_api_world, readers, who):
    season = shared_api_world.season
    Season.objects.filter(pk=season.pk).update(status=Season.Status.CLOSED)

    detail = readers[who].get(f"/api/seasons/{season.pk}/").json()

    assert detail["seed"] == season.seed


def test_the_commissioner_who_creates_a_season_reads_its_seed(
    four_teams, alice, sevens
):
    response = api_as(alice).post(
        "/api/seasons/",
        {"league": sevens.pk, "name": "Autumn", "seed": 11},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json()["seed"] == 11
