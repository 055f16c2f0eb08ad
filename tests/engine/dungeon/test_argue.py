"""Dungeon Bowl's Argue the Call (S002, digest B12): a successful argument
sends the fouler back into the dungeon through his Dugout Portal instead of
leaving him where he stands; the Turnover stands."""

from __future__ import annotations

from engine.core.events import ArgueTheCall, PlayerOff, SentOff, Teleport, Turnover
from engine.core.state import PITCH, SENT_OFF
from engine.tools.dungeon_scenario import DungeonScenario

DIAGRAM = """
    ##########
    #1..2..3.#
    #...Ab...#
    #4..5..6.#
    ##########
"""


def test_a_successful_argument_teleports_the_fouler_back_in() -> None:
    # armour 3+3: not broken (AV 9) but a double: seen; argue: 6; the
    # Dugout Portal's D6: 4 -> Portal 4 at (1, 3)
    sc = DungeonScenario(DIAGRAM, prone="b", dice=[3, 3, 6, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")

    g = sc.match.state
    a = sc.p("A")
    assert sc.events(ArgueTheCall)[0].result == "well_when_you_put_it_like_that"
    assert not sc.events(SentOff)
    assert [e.reason for e in sc.events(PlayerOff)] == ["argued_back"]
    [tp] = sc.events(Teleport)
    assert (tp.src, tp.dst, tp.square) == (0, 4, sc.at(1, 3))
    assert (g.box[a], g.pos[a]) == (PITCH, sc.at(1, 3))
    assert sc.events(Turnover)


def test_an_argument_lost_still_sends_him_off() -> None:
    sc = DungeonScenario(DIAGRAM, prone="b", dice=[3, 3, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")

    assert sc.match.state.box[sc.p("A")] == SENT_OFF
    assert not sc.events(Teleport)
