"""The champion a season's close records (matches.seasons.selectors.season_champion_id)."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from matches.models import Season
from matches.seasons.rollover import season_close
from matches.seasons.selectors import season_champion_id
from matches.seasons.services import season_create, season_schedule
from tests.matches.conftest import codes, db_state, play_recorded
from tests.world import api_as


def test_with_divisions_and_no_playoffs_the_best_of_every_team_wins(
    sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given two divisions of two: each plays once; a wins 1-0, c wins 3-0
    a, b, c, d = four_teams
    season = season_create(
        league=sevens,
        name="Split",
        seed=2,
        divisions={"North": [a.pk, b.pk], "South": [c.pk, d.pk]},
    )
    for m in season_schedule(season_id=season.pk):
        a_or_c_home = m.home_id in (a.pk, c.pk)
        goals = 3 if c.pk in (m.home_id, m.away_id) else 1
        play_recorded(
            m,
            goals if a_or_c_home else 0,
            0 if a_or_c_home else goals,
            actor=alice,
            capture=django_capture_on_commit_callbacks,
        )

    # when
    season_close(season_id=season.pk, actor=alice)

    # then both division winners have 3 points; c scored more touchdowns
    # (the South's winner, though the North is named first)
    season.refresh_from_db()
    assert season.champion_id == c.pk


def test_a_season_nobody_played_has_no_champion(sevens, four_teams):
    season = season_create(league=sevens, name="Empty", seed=2)

    assert season_champion_id(season) is None


def test_the_api_shows_the_champion_of_a_closed_season(
    sevens, four_teams, alice, dave, django_capture_on_commit_callbacks
):
    # given a season of two teams whose one match the away side won
    a, b = four_teams[:2]
    season = season_create(league=sevens, name="Duel", seed=2, team_ids=[a.pk, b.pk])
    (match,) = season_schedule(season_id=season.pk)
    play_recorded(match, 0, 2, actor=alice, capture=django_capture_on_commit_callbacks)
    url = f"/api/seasons/{season.pk}/"
    assert api_as(dave).get(url).json()["champion"] is None

    # when
    assert api_as(alice).post(f"{url}close/").status_code == 200

    # then
    assert api_as(dave).get(url).json()["champion"] == match.away_id


def test_closing_twice_keeps_the_first_champion(
    sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    a, b = four_teams[:2]
    season = season_create(league=sevens, name="Duel", seed=2, team_ids=[a.pk, b.pk])
    (match,) = season_schedule(season_id=season.pk)
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=season.pk, actor=alice)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_close(season_id=season.pk, actor=alice)

    assert codes(exc) == [("already_closed", None)]
    assert db_state() == before
    assert Season.objects.get(pk=season.pk).champion_id == match.home_id
