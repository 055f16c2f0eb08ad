"""Passing in a dungeon (DB-rules "Measuring Range"; digest B6): only
Quick and Short passes, to a floor square in Line of Sight; no Hail Mary;
interference only by a player who can see the thrower."""

from __future__ import annotations

from engine.core.events import BallCaught
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants.dungeon_bowl import wall_pass

PILLAR = """
    ############
    #A.........#
    #....#.....#
    #....#.....#
    ############
"""


def test_pass_targets_are_quick_or_short_floor_squares_in_sight() -> None:
    sc = DungeonScenario(PILLAR, ball="A", skills={"A": ["hail-mary-pass"]})
    sc.act("A", "pass")
    sc.choose("throw")
    opts = set(sc.match.pending.options)
    assert ("square", sc.at(4, 1)) in opts  # Quick
    assert ("square", sc.at(7, 1)) in opts  # 6 squares: Short
    assert ("square", sc.at(8, 1)) not in opts  # 7 squares: Long, too far
    assert ("square", sc.at(6, 3)) not in opts  # Short, behind the pillar
    assert ("square", sc.at(5, 2)) not in opts  # the pillar itself
    assert not any(o[0] == "hail_mary" for o in opts)
    # Throws at the wall: wall squares with a face towards the thrower.
    assert ("wall", sc.at(5, 2)) in opts  # the pillar's west face
    assert ("wall", sc.at(2, 0)) in opts  # the top wall above (2, 1)
    # (3, 0) is Quick too, but the line to it crosses the wall at (2, 0).
    assert ("wall", sc.at(3, 0)) not in opts
    assert ("wall", sc.at(11, 1)) not in opts  # 10 squares away


def test_a_dump_off_cannot_be_thrown_at_the_wall() -> None:
    sc = DungeonScenario(PILLAR, ball="A")
    g = sc.match.state
    p = sc.p("A")
    opts = (("square", sc.at(2, 1)), ("square", sc.at(3, 2)))
    assert wall_pass.pass_options(g, p, opts, True) == opts
    assert any(o[0] == "wall" for o in wall_pass.pass_options(g, p, opts, False))


WALLED = """
    ########
    #.#c...#
    #A...B.#
    #......#
    ########
"""


def test_a_player_who_cannot_see_the_thrower_may_not_interfere() -> None:
    # c at (3, 1) is beneath the ruler from A (1, 2) to B (5, 2), but the
    # wall at (2, 1) stands between him and A. Pass: 4 squares, Short (-1);
    # PA 4+, a 6 is accurate; no interference asked; B catches with a 4.
    sc = DungeonScenario(WALLED, ball="A", dice=[6, 4])
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(5, 2))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    assert [c.player for c in sc.events(BallCaught)] == [sc.id("B")]


def test_a_player_who_sees_the_thrower_may_interfere() -> None:
    sc = DungeonScenario(WALLED.replace("#.#c", "#..c"), ball="A", dice=[6])
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(5, 2))
    assert sc.match.pending.kind == "interfere"


def test_a_bombardier_shares_the_two_bands_and_line_of_sight() -> None:
    # Decision (wall_pass.throw_targets): bombs, like passes, reach Quick and
    # Short floor squares in Line of Sight only.
    sc = DungeonScenario(
        PILLAR.replace("#A", "#B"), skills={"B": ["bombardier"]}, stats={"B": {"pa": 4}}
    )
    sc.choose("activate", sc.id("B"), "throw_bomb")
    opts = set(sc.match.pending.options)
    assert ("square", sc.at(7, 1)) in opts
    assert ("square", sc.at(8, 1)) not in opts  # Long: a bomb's range in BB2020
    assert ("square", sc.at(6, 3)) not in opts  # behind the pillar
