"""Projectile Vomit, and the ruleset's limit on team re-rolls per turn."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.events import Armour, Block, Injury, KnockedDown, Roll, Turnover
from engine.core.state import PRONE, STANDING, STUNNED
from engine.tools.scenario import Scenario
from engine.variants import BloodBowl2020, get_variant

LINE = """
    .....
    .Ab..
    .....
"""
VOMIT = ("activate", 1, "projectile_vomit")


# -- Projectile Vomit ------------------------------------------------------


def test_projectile_vomit_is_offered_as_an_action() -> None:
    sc = Scenario(LINE, skills={"A": ["projectile-vomit"]})
    assert sc.id("A") == 1
    assert VOMIT in sc.match.pending.options
    plain = Scenario(LINE)
    assert VOMIT not in plain.match.pending.options
    with pytest.raises(IllegalChoice):
        plain.choose(*VOMIT)
    alone = Scenario(".A...b", skills={"A": ["projectile-vomit"]})
    assert VOMIT not in alone.match.pending.options  # nobody to vomit on


def test_projectile_vomit_hits_the_target() -> None:
    # D6 3 hits b; armour 5+5 = 10 breaks AV 9 (Mighty Blow may not be
    # added); injury 3+3 = Stunned (unmodified).
    sc = Scenario(
        LINE,
        skills={"A": ["projectile-vomit", ("mighty-blow", "+1")]},
        dice=[3, 5, 5, 3, 3],
    )
    sc.choose(*VOMIT)
    d = sc.match.pending
    assert (d.kind, d.options) == ("vomit_target", (("vomit", sc.id("b")),))
    sc.choose("vomit", sc.id("b"))
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.success) == ("projectile_vomit", True)
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("b"), 0, True)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (0, "stunned")
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert sc.events(Block) == []
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "activate"


def test_projectile_vomit_unbroken_armour_has_no_effect() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["projectile-vomit", ("mighty-blow", "+1")]},
        dice=[3, 4, 4],
    )
    sc.choose(*VOMIT)
    sc.choose("vomit", sc.id("b"))
    assert sc.events(Armour)[0].broken is False
    assert sc.match.state.status[sc.p("b")] == STANDING


def test_projectile_vomit_on_a_one_hits_the_vomiter_without_turnover() -> None:
    sc = Scenario(LINE, skills={"A": ["projectile-vomit"]}, dice=[1, 6, 6, 2, 2])
    sc.choose(*VOMIT)
    sc.choose("vomit", sc.id("b"))
    assert sc.events(Armour)[0].player == sc.id("A")
    g = sc.match.state
    assert g.status[sc.p("A")] == STUNNED
    assert g.status[sc.p("b")] == STANDING
    assert sc.events(KnockedDown)[0].how == "vomit"
    assert sc.events(Turnover) == []


def test_projectile_vomit_carrier_hit_drops_the_ball_turnover() -> None:
    sc = Scenario(
        LINE, skills={"A": ["projectile-vomit"]}, ball="A", dice=[1, 6, 6, 2, 2, 4]
    )
    sc.choose(*VOMIT)
    sc.choose("vomit", sc.id("b"))
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.sq(0, 1)  # bounced (D8 4: left)
    assert [t.reason for t in sc.events(Turnover)] == ["vomit"]


def test_projectile_vomit_instead_of_the_blitz_block() -> None:
    sc = Scenario(LINE, skills={"A": ["projectile-vomit"]}, dice=[4, 6, 5, 2, 2])
    sc.act("A", "blitz", "b")
    opts = sc.match.pending.options
    i = opts.index(("block", sc.id("b")))
    assert opts[i + 1] == ("vomit", sc.id("b"))
    sc.choose("vomit", sc.id("b"))
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED  # armour 6+5 broken, injury 2+2
    assert sc.events(Injury)[0].result == "stunned"
    # the blitz goes on: one square paid, no more blocks
    assert sc.match.pending.kind == "move"
    assert g.act_ma_used == 1
    assert not any(o[0] in ("block", "vomit") for o in sc.match.pending.options)
    plain = Scenario(LINE, dice=["push"])
    plain.act("A", "blitz", "b")
    assert ("vomit", plain.id("b")) not in plain.match.pending.options


def test_projectile_vomit_roll_against_foul_appearance_first() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["projectile-vomit"], "b": ["foul-appearance"]},
        dice=[1],
    )
    sc.choose(*VOMIT)
    sc.choose("vomit", sc.id("b"))
    assert [r.purpose for r in sc.events(Roll)] == ["foul_appearance"]
    assert sc.events(Armour) == []


# -- Team re-rolls per turn (ruleset) --------------------------------------

TWO_DODGES = """
    ......
    .Ab...
    ......
"""


def _two_failed_dodges(limit: int | None) -> Scenario:
    # A format with a one-per-turn limit is a variant that overrides the fact.
    limited = type("Limited", (BloodBowl2020,), {"team_rerolls_per_turn": limit})
    rs = limited()
    # A dodges from b (fails 1, team re-roll 5), then dodges again (fails 1).
    sc = Scenario(TWO_DODGES, ruleset=rs, rerolls=(3, 0), dice=[1, 5, 1, 4, 4])
    sc.act("A", "move")
    sc.move(1, 2)
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    sc.move(2, 2)  # still next to b: another Dodge
    return sc


def test_team_rerolls_per_turn_limit_of_one() -> None:
    sc = _two_failed_dodges(1)
    g = sc.match.state
    assert g.rerolls[0] == 2
    assert g.status[sc.p("A")] == PRONE  # no second team re-roll offered
    assert sc.events(Turnover)[0].reason == "fall"


def test_team_rerolls_per_turn_default_has_no_limit() -> None:
    assert get_variant("bb2020").team_rerolls_per_turn is None
    sc = _two_failed_dodges(None)
    d = sc.match.pending
    assert d.kind == "reroll"
    assert ("team_reroll",) in d.options
    sc.choose("team_reroll")
    assert sc.match.state.rerolls[0] == 1
