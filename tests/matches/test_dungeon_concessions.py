"""A conceded Dungeon Bowl game: the first touchdown ends the game
(the_rules_of_dungeon_bowl.md "Touchdown!") and a coach concedes at the start
of one of his team turns (the_rules_of_blood_bowl.md "Conceding"), so a game
that was conceded had no touchdown. Its report is 0-0 (the touchdowns scored
on the pitch); the winner is awarded the 1-0. A report, or an override of a
recorded result, that would give a conceded game a touchdown scored and then
the awarded one (2-0) is refused and writes nothing."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from matches.models import MatchResult
from matches.postgame.override import match_override_result
from matches.postgame.sequence import postgame_run
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.selectors import season_standings
from tests.matches.conftest import codes, db_state, roster
from tests.matches.dungeon_world import (  # noqa: F401 (fixtures)
    dungeon,
    fire,
    match,
    shadows,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("home", "away", "conceder", "field"),
    [
        # the home team scored, then the away team "conceded"
        (1, 0, "away", "home_score"),
        # the home team scored, then conceded itself
        (1, 0, "home", "home_score"),
        # the away team scored, then the home team "conceded"
        (0, 1, "home", "away_score"),
    ],
)
def test_a_conceded_game_reported_with_a_touchdown_is_refused(
    match, alice, home, away, conceder, field
):
    scorer_team = match.home if home else match.away
    report = Report(
        home,
        away,
        players=[PlayerLine(roster(scorer_team)[0].pk, touchdowns=1)],
        conceded_by=match.home_id if conceder == "home" else match.away_id,
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=alice)

    assert codes(exc) == [("conceded_after_touchdown", field)]
    assert db_state() == before


def test_a_conceded_game_reported_0_0_is_a_1_0_win_in_the_table(
    match, alice, django_capture_on_commit_callbacks
):
    # the away team concedes before anyone scores: 1-0 to the home team, one
    # touchdown awarded ("The opposition is awarded one touchdown")
    with django_capture_on_commit_callbacks():
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, conceded_by=match.away_id),
            actor=alice,
        )

    rows = {r.team_id: r for r in season_standings(match.season)}
    assert (rows[match.home_id].td_for, rows[match.home_id].points) == (1, 3)
    assert (rows[match.away_id].td_for, rows[match.away_id].points) == (0, 0)


def test_an_override_cannot_give_a_recorded_concession_a_touchdown(
    match, alice, django_capture_on_commit_callbacks
):
    # given a game the away team conceded at 0-0, its post-game run
    with django_capture_on_commit_callbacks():
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, conceded_by=match.away_id),
            actor=alice,
        )
    postgame_run(match_id=match.pk)
    before = db_state()

    # when the commissioner would record a touchdown on the pitch as well
    with pytest.raises(ServiceError) as exc:
        match_override_result(
            match_id=match.pk, home_score=1, away_score=0, reason="x", actor=alice
        )

    # then it is refused: the game would stand 2-0
    assert codes(exc) == [("conceded_after_touchdown", "home_score")]
    assert db_state() == before
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 0)
