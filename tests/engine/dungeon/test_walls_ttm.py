"""A thrown team-mate hitting the wall (DB-rules "Hitting the Wall"): a
Crash Landing in the last square before the wall, +1 to the Armour roll;
and the throw's targets in a dungeon (Quick or Short, floor, Line of
Sight)."""

from __future__ import annotations

from engine.core.events import Armour, Landing, Turnover
from engine.core.state import PRONE, STUNNED
from engine.tools.dungeon_scenario import DungeonScenario

ROOM = """
    #########
    #TG.....#
    #.......#
    #########
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def _throw(dice: list[int | str], x: int, y: int, **kw: object) -> DungeonScenario:
    sc = DungeonScenario(ROOM, skills=SKILLS, stats=STATS, dice=dice, **kw)  # type: ignore[arg-type]
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.at(x, y))
    return sc


def test_scattering_into_the_wall_is_a_crash_landing_with_plus_one_armour() -> None:
    # Target (4, 1), 3 squares: Quick, no modifier; PA 3+, a 4 is superb.
    # Scatter D8 5 = (+1, 0) to (5, 1), D8 2 = (0, -1) into the top wall: he
    # comes down in (5, 1), Falls Over, no Landing roll; Armour 4 + 4 + 1 = 9
    # breaks AV 9+ (only with the +1); Injury 2 + 2 Stunned.
    sc = _throw([4, 5, 2, 4, 4, 2, 2], 4, 1)
    g = sc.match.state
    assert sc.pos("G") == sc.at(5, 1)
    assert g.status[sc.p("G")] == STUNNED
    (armour,) = sc.events(Armour)
    assert armour.dice == (4, 4)
    assert armour.modifier == 1
    assert armour.broken
    assert [(ln.square, ln.ok) for ln in sc.events(Landing)] == [(sc.at(5, 1), False)]
    assert sc.events(Turnover) == []  # no ball, no Turnover
    assert sc.dice.remaining == 0


def test_hitting_the_wall_with_the_ball_is_a_turnover_and_the_ball_bounces() -> None:
    # As above with G holding the ball; Armour 2 + 2 + 1 holds; the ball
    # bounces from (5, 1): D8 7 = (0, +1) to (5, 2).
    sc = _throw([4, 5, 2, 2, 2, 7], 4, 1, ball="G")
    g = sc.match.state
    assert g.status[sc.p("G")] == PRONE
    assert g.ball == sc.at(5, 2)
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]


def test_a_fumbled_throw_dropped_into_the_wall_bounces_off_the_thrower() -> None:
    # A natural 1: G is dropped from T's square, D8 1 = (-1, -1) into the
    # corner. The last square before the wall is T's own: Decision: he
    # bounces from it, D8 5 = (+1, 0) to (2, 1), the square he was thrown
    # from, now empty; Armour 3 + 4 + 1 = 8 holds.
    sc = _throw([1, 1, 5, 3, 4], 4, 1)
    g = sc.match.state
    assert sc.pos("G") == sc.at(2, 1)
    assert g.status[sc.p("G")] == PRONE
    assert sc.events(Armour)[0].modifier == 1
    assert sc.pos("T") == sc.at(1, 1)


def test_throw_team_mate_targets_are_quick_or_short_floor_squares_in_sight() -> None:
    sc = DungeonScenario(
        """
        ############
        #TG........#
        #....#.....#
        #....#.....#
        ############
        """,
        skills=SKILLS,
        stats=STATS,
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    opts = set(sc.match.pending.options)
    assert ("square", sc.at(4, 1)) in opts
    assert ("square", sc.at(5, 2)) not in opts  # a wall square
    # (7, 1): 6 squares, Short, in sight over the top of the pillar.
    assert ("square", sc.at(7, 1)) in opts
    # (6, 3): Short but the pillar at (5, 2)-(5, 3) hides it.
    assert ("square", sc.at(6, 3)) not in opts
    # (8, 1): 7 squares, a Long throw in BB2020 terms: out of range anyway.
    assert ("square", sc.at(8, 1)) not in opts
