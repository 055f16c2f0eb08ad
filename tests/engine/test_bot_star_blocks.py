"""The scripted bot and the Star Players' block and knock-down rules
(engine.bots.stars.blocks)."""

from __future__ import annotations

from engine.bots.scripted import ScriptedBot
from engine.core.state import Decision
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _choose(sc: Scenario) -> tuple[object, ...]:
    return ScriptedBot(1).choose(sc.match.pending, sc.match.state)


def _block(skills: list[str], action: str, dice: list[int | str]) -> Scenario:
    # A (ST 4) against b (ST 3): two dice, A chooses.
    sc = Scenario(LINE, skills={"A": skills}, stats={"A": {"st": 4}}, dice=dice)
    sc.act("A", action, "b" if action == "blitz" else None)
    sc.choose("block", sc.id("b"))
    return sc


def test_bot_uses_savage_blow_on_the_bad_dice() -> None:
    sc = _block(["savage-blow"], "block", ["player_down", "both_down"])
    assert _choose(sc) == ("savage-blow", 0, 1)


def test_bot_keeps_savage_blow_when_the_dice_are_good() -> None:
    sc = _block(["savage-blow"], "block", ["player_down", "pow"])
    assert _choose(sc) == ("no_reroll",)


def test_bot_uses_unstoppable_momentum_on_the_worst_die() -> None:
    sc = _block(["unstoppable-momentum"], "blitz", ["push", "player_down"])
    assert sc.match.pending.kind == "reroll"
    # A Push is kept: the free re-roll is not needed.
    assert _choose(sc) == ("no_reroll",)
    sc = _block(["unstoppable-momentum"], "blitz", ["both_down", "player_down"])
    assert _choose(sc) == ("unstoppable-momentum", 1)


def _mauling(result: str) -> tuple[object, ...]:
    sc = Scenario(LINE, skills={"A": ["savage-mauling"]})
    g = sc.match.state
    d = Decision(
        "home",
        "use_skill",
        (("use", "savage-mauling"), ("decline",)),
        sc.id("A"),
        info=("savage-mauling", "injury", (3, 4), 0, result),
    )
    return ScriptedBot(1).choose(d, g)


def test_bot_rerolls_a_stunned_injury_only() -> None:
    assert _mauling("stunned") == ("use", "savage-mauling")
    assert _mauling("ko") == ("decline",)
    assert _mauling("cas") == ("decline",)


def test_bot_uses_the_armour_bonus() -> None:
    sc = Scenario(LINE, skills={"A": ["ram"]}, dice=["pow", 4, 4, 2, 2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert _choose(sc) == ("use", "ram")


GAP = """
    ......
    .A.b..
    ......
"""


def test_bot_blocks_the_carrier_with_vicious_vines() -> None:
    sc = Scenario(GAP, skills={"A": ["vicious-vines"]}, ball="b")
    bot = ScriptedBot(1)
    assert bot.choose(sc.match.pending, sc.match.state) == (
        "activate",
        sc.id("A"),
        "block",
    )
    sc.act("A", "block")
    assert bot.choose(sc.match.pending, sc.match.state) == (
        "vicious_vines",
        sc.id("b"),
    )


def test_bot_no_vicious_vines_without_the_rule() -> None:
    sc = Scenario(GAP, ball="b")
    choice = ScriptedBot(1).choose(sc.match.pending, sc.match.state)
    assert choice != ("activate", sc.id("A"), "block")


def test_bot_prefers_the_carrier_two_squares_away() -> None:
    sc = Scenario(
        """
        ...b..
        .Ac...
        ......
    """,
        skills={"A": ["vicious-vines"]},
        ball="b",
    )
    sc.act("A", "block")
    assert ScriptedBot(1).choose(sc.match.pending, sc.match.state) == (
        "vicious_vines",
        sc.id("b"),
    )


def _gored_choice(st_b: int) -> tuple[object, ...]:
    sc = Scenario(LINE, skills={"A": ["gored-by-the-bull"]}, stats={"b": {"st": st_b}})
    sc.act("A", "blitz", "b")
    assert sc.match.pending.info == ("gored-by-the-bull",)
    return _choose(sc)


def test_bot_announces_gored_by_the_bull_against_a_target_no_stronger() -> None:
    assert _gored_choice(3) == ("use", "gored-by-the-bull")
    assert _gored_choice(4) == ("decline",)
