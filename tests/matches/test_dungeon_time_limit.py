"""The engine plays a league's Dungeon Bowl match by the league's time limit
option, as its reports are checked: without the option a game is played
to the first touchdown (a report may not give a 0-0, nor a 1-0 without a
touchdown); with it, the time limit ends the game. A play-off level at the
end is decided the same way whether the engine played it or a report
records it: Blood Bowl's extra time, then sudden death's five roll-offs
(the_rules_of_blood_bowl.md "Extra Time", "Sudden Death"), the score 0-0."""

from __future__ import annotations

import pytest

from engine.core.dice import FixedDice
from engine.dungeon.layout import Dungeon
from engine.dungeon.pitch import DungeonPitch
from engine.match import league_match
from engine.variants import DUNGEON_BOWL
from league.errors import ServiceError
from matches.models import Match, MatchEvent, MatchResult
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import (
    match_engine_inputs,
    match_engine_result_save,
    match_resolve,
)
from matches.seasons.services import playoff_winner
from tests.engine.dungeon.test_flow_game import ROWS, _deploy, at, team
from tests.matches.conftest import codes, db_state, one_match
from tests.matches.dungeon_world import (  # noqa: F401 (fixtures)
    college_team,
    dungeon,
    dungeon_league,
    fire,
    match,
    shadows,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(alice, bob, charlie):
    """A league with the time limit, and one match between its two teams."""
    league = dungeon_league(alice, "Timed Dungeon", time_limit=True)
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Timed A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Timed B"
    )
    return one_match(league, home, away, seed=4242)


def play_off(match: Match) -> Match:
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    match.refresh_from_db()
    return match


def events(match: Match, kind: str) -> list[dict]:
    return list(
        MatchEvent.objects.filter(match=match, type=kind)
        .order_by("seq")
        .values_list("payload", flat=True)
    )


def outcome(match: Match) -> tuple[str, str]:
    payload = MatchEvent.objects.get(match=match, type="postgame_outcome").payload
    return payload["home"]["outcome"], payload["away"]["outcome"]


# --- a league without the time limit ----------------------------------------


def test_the_engine_is_told_the_leagues_time_limit_option(match, timed):
    assert match_engine_inputs(match_kick_off(match_id=match.pk))["time_limit"] is False
    assert match_engine_inputs(match_kick_off(match_id=timed.pk))["time_limit"] is True


def test_without_the_time_limit_the_engine_plays_to_the_first_touchdown(
    match, django_capture_on_commit_callbacks
):
    # the fixture's seed: with a time limit the bots are still hunting the
    # ball when time is up (the timed league's test below)
    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True

    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) in ((1, 0), (0, 1))
    assert events(match, "time_limit") == []
    (td,) = events(match, "touchdown")
    # the score a report of this league may record: the touchdown credited
    assert result.player_stats[str(td["player"])]["touchdowns"] == 1
    turns = events(match, "turn_start")
    assert len(turns) > 2 * 20  # past the turn cap a time limit would have


def test_with_the_time_limit_the_engine_stops_at_the_turn_cap(
    timed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=timed.pk) is True

    result = MatchResult.objects.get(match=timed)
    (limit,) = events(timed, "time_limit")
    assert events(timed, "touchdown") == []
    assert len(events(timed, "turn_start")) == 2 * 20
    # the time limit's win: 1-0, no player credited a touchdown
    assert limit["winner"] in ("home", "away")
    assert (result.home_score, result.away_score) == (
        (1, 0) if limit["winner"] == "home" else (0, 1)
    )
    assert not any(s.get("touchdowns") for s in result.player_stats.values())


def test_a_game_without_a_touchdown_at_last_ends_as_a_time_limit_ends_it(
    match, monkeypatch, django_capture_on_commit_callbacks
):
    # game.py Decision: no touchdown in NO_TIME_LIMIT_TURNS team turns each
    # (2 here) and the game ends as the time limit ends one: a result, 1-0
    # by the ball's distances (or 0-0), no touchdown credited
    from engine.variants.dungeon_bowl import game

    monkeypatch.setattr(game, "NO_TIME_LIMIT_TURNS", 2)

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True

    result = MatchResult.objects.get(match=match)
    (limit,) = events(match, "time_limit")
    assert len(events(match, "turn_start")) == 2 * 2
    assert (result.home_score, result.away_score) == {
        "home": (1, 0),
        "away": (0, 1),
        "draw": (0, 0),
    }[limit["winner"]]


# --- a level play-off ---------------------------------------------------------


def level_play_off_engine_game():
    """A play-off the engine plays in a league with the time limit (cap 1
    here), level at the time limit and after extra time: sudden death,
    3-3 (again), 2-6, 5-1, 4-2, 1-6, 6-5: home 3 roll-offs, away 2."""
    m = league_match(
        DUNGEON_BOWL,
        team(0),
        team(1),
        FixedDice([1, 5, 2, 3, 3, 2, 6, 5, 1, 4, 2, 1, 6, 6, 5]),
        pitch=DungeonPitch(Dungeon.from_rows(ROWS)),
        extra_time=True,
        time_limit=True,
    )
    m.state.dungeon.turn_cap = 1
    m.apply(("end_zone", 0))
    _deploy(m)
    m.state.ball = at(6, 2)  # 3 squares from each End Zone
    while not m.done:
        m.apply(("end_turn",))
    return m


def test_a_level_play_off_the_engine_plays_goes_to_sudden_death(
    timed, django_capture_on_commit_callbacks
):
    match = match_kick_off(match_id=play_off(timed).pk)
    inputs = match_engine_inputs(match)
    assert (inputs["extra_time"], inputs["time_limit"]) == (True, True)
    m = level_play_off_engine_game()

    with django_capture_on_commit_callbacks(execute=True):
        match_engine_result_save(
            match, inputs, m.result, [e.to_dict() for e in m.events]
        )

    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 0)
    assert result.extra_time is True
    assert result.sudden_death == {
        "rolls": [[3, 3], [2, 6], [5, 1], [4, 2], [1, 6], [6, 5]],
        "home_wins": 3,
        "away_wins": 2,
        "winner": "home",
    }
    match.refresh_from_db()
    assert playoff_winner(match) == match.home_id
    assert outcome(match) == ("win", "loss")


def test_a_level_play_off_report_goes_to_the_same_sudden_death(
    timed, alice, django_capture_on_commit_callbacks
):
    # the same five roll-offs, rolled at the table: the same result
    match = play_off(timed)
    throws = [[3, 3], [2, 6], [5, 1], [4, 2], [1, 6], [6, 5]]

    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=Report(0, 0, sudden_death=throws), actor=alice
        )

    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 0)
    assert result.extra_time is True
    assert result.sudden_death == {
        "rolls": throws,
        "home_wins": 3,
        "away_wins": 2,
        "winner": "home",
    }
    match.refresh_from_db()
    assert playoff_winner(match) == match.home_id
    assert outcome(match) == ("win", "loss")


def test_a_level_play_off_report_without_throws_is_rolled_by_the_server(
    timed, alice, django_capture_on_commit_callbacks
):
    match = play_off(timed)

    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)

    result = MatchResult.objects.get(match=match)
    sd = result.sudden_death
    # five roll-offs settled, ties rolled again: never level
    assert sd["home_wins"] + sd["away_wins"] == 5
    assert sum(1 for a, b in sd["rolls"] if a != b) == 5
    assert sd["winner"] == ("home" if sd["home_wins"] > sd["away_wins"] else "away")
    match.refresh_from_db()
    assert playoff_winner(match) == getattr(match, f"{sd['winner']}_id")


def test_a_level_play_off_report_without_the_time_limit_is_refused(match, alice):
    match = play_off(match)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, sudden_death=[[6, 1]] * 5),
            actor=alice,
        )

    assert codes(exc) == [("no_time_limit", "home_score")]
    assert db_state() == before
