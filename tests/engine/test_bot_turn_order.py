"""The scripted bot's order of play in a team turn and its last-turn pass:
the others' dice-free moves before the Blitz on the opposing carrier, and
on the last turn of a half a pass that may score thrown at long odds."""

from __future__ import annotations

import pytest

from engine.bots.scripted import ScriptedBot
from engine.core.events import Activation
from engine.tools.scenario import Scenario


def test_the_blitz_on_their_carrier_waits_for_the_dice_free_moves() -> None:
    # A can blitz the carrier b; B, far from anyone, moves first (a failed
    # blitz would end the turn before B's move), then A blitzes
    sc = Scenario(
        """
        B...........
        ............
        ........A.b.
        ............
    """,
        ball="b",
        dice=["pow"] + [1] * 10,  # the blitz: Pow, armour holds; the bounce
    )
    bot = ScriptedBot(0)
    m = sc.match
    first = bot.choose(m.pending, m.state)  # type: ignore[arg-type]
    assert first == ("activate", sc.id("B"), "move")
    m.apply(first)
    while len(sc.events(Activation)) < 2 and m.pending is not None:
        m.apply(bot.choose(m.pending, m.state))
    acts = [(e.player, e.action) for e in sc.events(Activation)]
    assert acts[:2] == [(sc.id("B"), "move"), (sc.id("A"), "blitz")]


def _long_pass(turn: int) -> Scenario:
    # A (MA 3, PA 5+) cannot reach the End Zone (x = 25); B, unmarked, can
    # from x = 20. From where A can walk (x = 13 at best), B is 7 squares
    # away: a Long pass, 5+ at -2 = 6+ (1/6); B catches on 3+ (2/3): odds
    # of 1/9, below the 0.15 asked before the last turn
    return Scenario(
        """
        A.........B.....
    """,
        origin=(10, 7),
        stats={"A": {"ma": 3, "pa": 5}},
        ball="A",
        turn=turn,
    )


@pytest.mark.parametrize(("turn", "passes"), [(8, True), (7, False), (1, False)])
def test_a_long_shot_pass_on_the_last_turn_only(turn: int, passes: bool) -> None:
    sc = _long_pass(turn)
    m = sc.match
    choice = ScriptedBot(0).choose(m.pending, m.state)  # type: ignore[arg-type]
    assert (choice == ("activate", sc.id("A"), "pass")) is passes
