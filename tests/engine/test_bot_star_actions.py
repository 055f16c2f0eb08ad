"""The scripted bot's policy for the Star Players' rules of Special actions,
Stabs, Secret Weapons and trait rolls (engine/bots/stars/actions.py)."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.bots.stars.actions import refine
from engine.tools.scenario import Scenario

STAB_LINE = """
    .b...
    .Ac..
    .....
"""


def _choose(sc: Scenario) -> tuple[object, ...]:
    return ScriptedBot(1).choose(sc.match.pending, sc.match.state)


def test_bot_rerolls_a_stunned_injury_with_master_assassin_only() -> None:
    # injury 4+3 = 7 Stunned: re-roll; 4+4 = 8 KO'd: keep
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "master-assassin"]}, dice=[5, 4, 4, 3]
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    assert _choose(sc) == ("use", "master-assassin")
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "master-assassin"]}, dice=[5, 4, 4, 4]
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    assert _choose(sc) == ("decline",)


def test_bot_lashes_out_at_an_opponent_with_primal_savagery() -> None:
    # a weaker team-mate B is there too: the plain policy would pick him
    sc = Scenario(
        """
        .B...
        .Ab..
        """,
        skills={"A": ["animal-savagery", "primal-savagery"]},
        stats={"B": {"st": 2}},
        dice=[1],
    )
    sc.act("A", "block")
    assert _choose(sc) == ("lash_out", sc.id("b"))


def test_bot_bites_an_opponent_with_tasty_morsel() -> None:
    sc = Scenario(
        """
        .B...
        .Ab..
        """,
        skills={"A": [("bloodlust", "2+"), "tasty-morsel"]},
        dice=[1],
    )
    sc.act("A", "move")
    sc.choose("end")
    assert sc.match.pending.kind == "bloodlust_bite"
    assert _choose(sc) == ("bite", sc.id("b"))


def test_bot_uses_the_flashing_blade_and_picks_the_carrier() -> None:
    sc = Scenario(STAB_LINE, skills={"A": ["the-flashing-blade"]}, ball="c")
    sc.act("A", "move")
    assert _choose(sc) == ("stab", sc.id("c"))


def test_bot_zoat_gazes_an_opponent_marking_our_carrier() -> None:
    sc = Scenario(
        """
        .Ab..
        ..C..
        """,
        skills={"A": ["excuse-me-are-you-a-zoat"]},
        ball="C",
    )
    assert _choose(sc) == ("activate", sc.id("A"), "hypnotic_gaze")


def test_bot_furious_outburst_at_the_carrier_and_away_from_opponents() -> None:
    sc = Scenario("A..b..", skills={"A": ["furious-outburst"]}, ball="b", dice=[1, 1])
    assert _choose(sc) == ("activate", sc.id("A"), "blitz")
    sc.act("A", "blitz", "b")
    assert _choose(sc) == ("stab", sc.id("b"))
    sc.choose("stab", sc.id("b"))
    sc.choose(*_choose(sc))
    d = sc.match.pending
    assert d.info == ("away",)
    sq = _choose(sc)[1]
    near = sc.match.state.pitch.neighbours[sq]
    assert sc.match.state.pos[sc.p("b")] not in near


def test_bot_blitzes_with_the_chainsaw_while_ghostly_flames_is_ready() -> None:
    # the planner's Block in the Blitz becomes a Chainsaw Attack
    sc = Scenario(".A.b.", skills={"A": ["chainsaw", "ghostly-flames"]})
    sc.act("A", "blitz", "b")
    sc.move(2, 0)
    d, g = sc.match.pending, sc.match.state
    block = ("block", sc.id("b"))
    assert refine(d, g, block) == ("chainsaw", sc.id("b"))
    plain = Scenario(".A.b.", skills={"A": ["chainsaw"]})
    plain.act("A", "blitz", "b")
    plain.move(2, 0)
    assert refine(plain.match.pending, plain.match.state, block) == block
