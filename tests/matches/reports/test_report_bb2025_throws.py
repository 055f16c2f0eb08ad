"""What a BB2025 tabletop report may count of passes and throws
(changes_from_bb2020.md section 4: "Throw Team-mate is its own
once-per-turn action", the team's Pass action aside, and Kick Team-mate
"a further separate once-per-turn Special Action"; section 12: the
thrower's superb throw landed and the thrown player's safe landing are
each a ``successful_landings``). A team that passed in every one of its 16
team turns may also have thrown team-mates; BB2020 keeps one Pass or Throw
Team-mate action a turn. Refusals write nothing."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.matches.conftest import codes, db_state, one_match, roster
from tests.matches.postgame.test_bb2025_postgame import _league, _teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def sides(alice, bob, charlie):
    humans, orcs = _teams(_league(alice, "bb2025"), bob, charlie)
    return one_match(humans.league, humans, orcs), humans, orcs


def test_a_team_passes_and_throws_a_team_mate_in_the_same_turns(sides, bob):
    # given 16 completions (a Pass action in each of the 16 team turns) and
    # one superb Throw Team-mate landed: 1 for the thrower, 1 for the
    # thrown player, in a turn the team also passed
    match, humans, _ = sides
    h = roster(humans)
    report = Report(
        0,
        0,
        players=[
            PlayerLine(h[0].pk, completions=16),
            PlayerLine(h[1].pk, successful_landings=1),
            PlayerLine(h[2].pk, successful_landings=1),
        ],
    )

    result = match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert result.player_stats[str(h[0].pk)]["completions"] == 16
    assert result.player_stats[str(h[1].pk)]["successful_landings"] == 1
    assert result.player_stats[str(h[2].pk)]["successful_landings"] == 1


def test_each_throw_counts_the_thrower_and_the_thrown_player(sides, bob):
    # given 16 superb throws landed, each counted for the thrower and the
    # thrown player: 32 landings in 16 team turns
    match, humans, _ = sides
    h = roster(humans)
    report = Report(
        0,
        0,
        players=[
            PlayerLine(h[0].pk, successful_landings=16),
            PlayerLine(h[1].pk, successful_landings=16),
        ],
    )

    result = match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert result.player_stats[str(h[1].pk)]["successful_landings"] == 16


def test_a_team_past_its_throws_and_kicks_is_refused(sides, bob):
    # a Throw Team-mate and a Kick Team-mate a turn, each landed safely
    # after a superb throw or kick: 4 landings a team turn, 64 in 16; the
    # 65th is refused on the line that passes the limit, nothing written
    match, humans, _ = sides
    h = roster(humans)
    lines = [PlayerLine(h[i].pk, successful_landings=16) for i in range(4)]
    report = Report(0, 0, players=[*lines, PlayerLine(h[4].pk, successful_landings=1)])
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert codes(exc) == [("implausible_stat", "players.4.successful_landings")]
    assert db_state() == before


def test_a_player_still_lands_at_most_once_a_team_turn(sides, bob):
    match, humans, _ = sides
    h = roster(humans)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, players=[PlayerLine(h[0].pk, successful_landings=17)]),
            actor=bob,
        )

    assert codes(exc) == [("implausible_stat", "players.0.successful_landings")]
    assert db_state() == before


def test_a_team_past_its_passes_is_told_they_are_passing_completions(sides, bob):
    # BB2025: 16 Pass actions in 16 team turns; the landings are not on this
    # budget, so the message names the passes alone
    match, humans, _ = sides
    h = roster(humans)
    report = Report(
        0,
        0,
        players=[
            PlayerLine(h[0].pk, completions=16),
            PlayerLine(h[1].pk, completions=1),
        ],
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    (violation,) = exc.value.violations
    assert (violation.code, violation.field) == (
        "implausible_stat",
        "players.1.completions",
    )
    assert "past 16 passing completions in 16 team turns" in violation.message
    assert db_state() == before
