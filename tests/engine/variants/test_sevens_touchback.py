"""Sevens kick-offs and touchbacks (blood_bowl_sevens.md "Set-up"): "a
touchback will be caused if the ball leaves the pitch or crosses the Line of
Scrimmage into the kicking team's third. If the ball lands in a square in
the area between both Lines of Scrimmage, no touchback is caused."

The Sevens pitch: "seven squares from each Line of Scrimmage to each End
Zone and six squares between each Line of Scrimmage, making the pitch 20
squares long", so a team's third is its seven columns (home x 0-6, away
x 13-19) and the middle third is x 7-12."""

from __future__ import annotations

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import Kick, KickoffEvent, Touchback
from engine.core.pitch import F_TRAPDOOR, F_WIDE
from engine.rules.kickoff import kick_targets
from engine.tools.teams import default_team_sheet
from engine.variants import SEVENS


def start(dice: list[int | str], home_kicks: bool = True) -> Match:
    """The home coach wins the toss and kicks (or receives); default
    formations; then ``dice``."""
    m = Match(
        SEVENS,
        default_team_sheet("human", SEVENS, first_id=1),
        default_team_sheet("orc", SEVENS, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, *dice]),
    )
    m.apply(("kick",) if home_kicks else ("receive",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    return m


def columns(squares: list[int]) -> set[int]:
    return {SEVENS.pitch.xy(sq)[0] for sq in squares}


def test_the_sevens_pitch_thirds() -> None:
    """20 x 11; each Line of Scrimmage is the last column of a team's
    seven, six columns between them; "two squares in each Wide Zone, seven
    squares across the Centre Field"."""
    pitch = SEVENS.pitch
    assert (pitch.width, pitch.height) == (20, 11)
    assert (pitch.home_los_x, pitch.away_los_x) == (6, 13)
    assert pitch.away_los_x - pitch.home_los_x - 1 == 6
    assert pitch.wide_zone == 2


def test_the_sevens_trapdoors() -> None:
    """ "two trapdoors on the pitch, one in each half, both positioned
    within a Wide Zone" (Decision in sevens.py: point-symmetric)."""
    pitch = SEVENS.pitch
    squares = sorted(pitch.xy(sq) for sq in pitch.trapdoors)
    assert squares == [(4, 1), (15, 9)]
    for sq in pitch.trapdoors:
        assert pitch.flags[sq] & F_TRAPDOOR
        assert pitch.flags[sq] & F_WIDE
    assert {x < pitch.width // 2 for x, _ in squares} == {True, False}


def test_a_home_kick_may_be_aimed_past_the_kicking_teams_line_only() -> None:
    """Decision (kick_targets): the kick is aimed anywhere no touchback
    would be caused: the middle third (x 7-12) and the receiving third
    (x 13-19), every row: 13 columns of 11 squares."""
    m = start([])
    assert m.pending is not None
    assert m.pending.kind == "kick_target"
    targets = kick_targets(m.state)
    assert columns(targets) == set(range(7, 20))
    assert len(targets) == 13 * 11


def test_an_away_kick_may_be_aimed_past_the_away_line_only() -> None:
    m = start([], home_kicks=False)
    assert m.pending is not None
    assert m.pending.kind == "kick_target"
    assert m.state.kicking == 1
    assert columns(kick_targets(m.state)) == set(range(0, 13))


def test_a_kick_deviating_back_into_the_kicking_teams_third_is_a_touchback() -> None:
    """Aimed at (8, 5): D8 4 (west), D6 2 deviates it to (6, 5), the
    kicking team's Line of Scrimmage, in its own third: a touchback, though
    the ball is still on the pitch. Kick-off event 3+4 = 7 Brilliant
    Coaching (D6 3 each, a tie)."""
    m = start([4, 2, 3, 4, 3, 3])
    m.apply(("square", SEVENS.pitch.sq(8, 5)))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == [
        "brilliant_coaching"
    ]
    kick = [e for e in m.events if type(e) is Kick]
    assert [(e.target, e.landing) for e in kick] == [
        (SEVENS.pitch.sq(8, 5), SEVENS.pitch.sq(6, 5))
    ]
    assert m.pending is not None
    assert m.pending.kind == "touchback"
    m.apply(m.pending.options[0])
    assert [e for e in m.events if type(e) is Touchback]
    assert m.state.team[m.state.carrier] == 1


def test_a_kick_landing_in_the_middle_third_is_no_touchback() -> None:
    """Aimed at (8, 5): D8 4, D6 1 to (7, 5), the first column of the
    middle third: "no touchback is caused". Brilliant Coaching ties (3, 3);
    the ball lands in an empty square and bounces D8 5 (east) to (8, 5),
    still between the Lines, where it lies for the receiving team."""
    m = start([4, 1, 3, 4, 3, 3, 5])
    m.apply(("square", SEVENS.pitch.sq(8, 5)))
    assert not [e for e in m.events if type(e) is Touchback]
    assert m.state.ball == SEVENS.pitch.sq(8, 5)
    assert m.state.carrier < 0
    assert m.pending is not None
    assert m.pending.kind != "touchback"
