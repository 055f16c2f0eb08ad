"""Treacherous Trapdoor (the_rules_of_blood_bowl.md, Prayers to Nuffle, 1):
"Until the end of this half, every time any player enters a Trapdoor
square, for any reason, roll a D6. On a roll of 1, the trapdoor falls open
and the player is immediately removed from play. Treat them exactly as if
they had been pushed into the crowd. If the player was in possession of the
ball, it bounces from the trapdoor square." Here: a player pushed onto one
by a block. The BB2020 pitch's trapdoor at (6, 1); A blocks b from (5, 1)
straight onto it."""

from __future__ import annotations

from engine.core.events import Armour, BallMove, Injury, Roll
from engine.core.state import KO, PITCH, RESERVES, STANDING
from engine.tools.scenario import Scenario

LINE = """
    ........
    ....Ab..
    ........
"""


def _block(dice: list[int | str], ball: str | None = None) -> Scenario:
    sc = Scenario(LINE, origin=(0, 0), dice=dice, ball=ball)
    assert sc.sq(6, 1) in sc.pitch.trapdoors
    sc.match.state.effects["treacherous_trapdoor_half"] = True
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(6, 1))
    sc.choose("stay")
    return sc


def _trapdoor_rolls(sc: Scenario) -> list[tuple[int, ...]]:
    return [r.dice for r in sc.events(Roll) if r.purpose == "trapdoor"]


def test_a_player_pushed_onto_a_live_trapdoor_falls_through_on_a_one() -> None:
    # the push, the trapdoor's D6 1, then the Injury by the Crowd (no
    # Armour roll): 2D6 3 + 3 = 6, Stunned, so to the Reserves
    sc = _block(["push", 1, 3, 3])
    g = sc.match.state
    assert _trapdoor_rolls(sc) == [(1,)]
    assert g.box[sc.p("b")] == RESERVES
    assert sc.events(Armour) == []
    assert [i.dice for i in sc.events(Injury)] == [(3, 3)]


def test_a_player_pushed_onto_a_live_trapdoor_stays_on_a_two() -> None:
    sc = _block(["push", 2])
    g = sc.match.state
    assert _trapdoor_rolls(sc) == [(2,)]
    b = sc.p("b")
    assert (g.box[b], sc.xy("b"), g.status[b]) == (PITCH, (6, 1), STANDING)


def test_a_knocked_down_player_who_falls_through_is_not_knocked_down_too() -> None:
    # Pow: he is "immediately removed from play" when he enters the square,
    # so no Armour roll follows, only the crowd's Injury roll (8: KO'd)
    sc = _block(["pow", 1, 4, 4])
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert sc.events(Armour) == []
    assert [i.dice for i in sc.events(Injury)] == [(4, 4)]


def test_the_ball_he_held_bounces_from_the_trapdoor_square() -> None:
    # the crowd's Injury 2D6 2 + 2, then the ball's bounce (D8 5)
    sc = _block(["push", 1, 2, 2, 5], ball="b")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    (bounce,) = [e for e in sc.events(BallMove) if e.how == "bounce"]
    assert bounce.src == sc.sq(6, 1)


def test_no_roll_while_the_trapdoors_are_shut() -> None:
    sc = Scenario(LINE, origin=(0, 0), dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(6, 1))
    sc.choose("stay")
    assert _trapdoor_rolls(sc) == []
    assert sc.xy("b") == (6, 1)
