"""The scripted bot's order of play in a team turn and its last-turn pass:
the others' dice-free moves before the Blitz on the opposing carrier, and
on the last turn of a half a pass that may score thrown at long odds."""

from __future__ import annotations

import pytest

from engine.bots.scripted import ScriptedBot
from engine.core.events import Activation, Pass, Touchdown
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


def _loose_ball(receiver_at: int, receiver_ag: int = 3) -> Scenario:
    # A (PA 3+, MA 3) next to the loose ball at x = 12; B open at
    # x = 10 + receiver_at; the last turn of the half
    row = ["."] * 16
    row[0] = "A"
    row[2] = "*"
    row[receiver_at] = "B"
    return Scenario(
        "".join(row),
        origin=(10, 7),
        stats={"A": {"ma": 3, "pa": 3}, "B": {"ag": receiver_ag}},
        turn=8,
        dice=[6, 6, 6],  # the pick-up, an accurate pass, the catch
    )


def test_the_picker_declares_a_pass_and_throws_to_the_open_receiver() -> None:
    # B at x = 20 can run in (5 squares) after the catch; A, who cannot,
    # picks the ball up in a Pass action and throws it to him
    sc = _loose_ball(10)
    bot = ScriptedBot(0)
    m = sc.match
    first = bot.choose(m.pending, m.state)  # type: ignore[arg-type]
    assert first == ("activate", sc.id("A"), "pass")
    while m.pending is not None:
        m.apply(bot.choose(m.pending, m.state))
    passes = sc.events(Pass)
    assert [(e.player, e.target, e.result) for e in passes] == [
        (sc.id("A"), m.state.pitch.sq(20, 7), "accurate")
    ]
    assert [e.player for e in sc.events(Touchdown)] == [sc.id("B")]


def test_no_pass_action_without_a_receiver_downfield() -> None:
    # B (a clumsy AG 5+, so A goes for the ball) one square nearer the End
    # Zone than the ball, two are asked: a Move
    sc = _loose_ball(3, 5)
    m = sc.match
    first = ScriptedBot(0).choose(m.pending, m.state)  # type: ignore[arg-type]
    assert first == ("activate", sc.id("A"), "move")


def test_the_two_dice_block_not_the_one_against() -> None:
    # A (ST 3) against b (ST 4): two dice, b chooses; C (ST 4) against c
    # (ST 3): two dice, C chooses. C blocks; A's block is never taken
    sc = Scenario(
        """
        Ab....
        ......
        ......
        Cc....
    """,
        stats={"b": {"st": 4}, "C": {"st": 4}},
        dice=["pow", "pow", 1, 1, 1, 1],  # C's block: Pow; the armour holds
    )
    bot = ScriptedBot(0)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    acts = [(e.player, e.action) for e in sc.events(Activation)]
    assert acts == [(sc.id("C"), "block")]


def test_a_safe_blitz_on_their_carrier_goes_first() -> None:
    # the same position, but A (ST 4) blocks b on two dice of his choosing:
    # the block all but never fails, so A blitzes before B moves, and the
    # others can then take the ball it knocks loose
    sc = Scenario(
        """
        B...........
        ............
        ........A.b.
        ............
    """,
        ball="b",
        stats={"A": {"st": 4}},
        dice=["pow", "push"] + [1] * 10,
    )
    bot = ScriptedBot(0)
    m = sc.match
    first = bot.choose(m.pending, m.state)  # type: ignore[arg-type]
    assert first == ("activate", sc.id("A"), "blitz")
