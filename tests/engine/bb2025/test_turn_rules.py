"""BB2025 rows of changes_from_bb2020.md checked in BB2025 with exact
values: coaches take the decisions (section 1), the action list and Special
actions replacing a Blitz's block (4), forgoing an activation (4), Brawler
on a declared Block only (6), the apothecary (7), a Stunty thrower's pass
(9, DECIDE 10), and the post-game steps (15)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.events import ArgueTheCall, Induced, Interference, Reroll, Roll
from engine.core.state import CAS, PITCH, RESERVES, STUNNED
from engine.match import run
from engine.rules.injuries import Harm
from engine.tools.scenario import Scenario
from engine.variants import BB2020, BB2025

# -- Coaches and players (section 1) -------------------------------------------


def test_the_coaches_take_the_decisions() -> None:
    """The people at the table are the coaches: every decision is asked of
    a team's coach ("home" or "away"), a player being what it is about."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset="bb2025",
        dice=["push"],
    )
    assert (sc.match.pending.kind, sc.match.pending.team) == ("activate", "home")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert (sc.match.pending.kind, sc.match.pending.team) == ("push", "home")


# -- The action list (section 4) -------------------------------------------------


def test_the_standard_actions() -> None:
    """Move, Block, Blitz, Pass, Hand-off, Throw Team-mate, Foul and Secure
    the Ball, each offered where it can be taken."""
    sc = Scenario(
        """
        ..........
        .TGc......
        .Ab.......
        .........*
        """,
        ruleset="bb2025",
        prone="b",
        skills={"T": ["throw-team-mate"], "G": ["right-stuff"]},
        ball="A",
    )
    offered = {o[2] for o in sc.match.pending.options if o[0] == "activate"}
    assert offered == {
        "move",
        "block",
        "blitz",
        "pass",
        "hand_off",
        "foul",
        "throw_team_mate",
    }
    sc = Scenario(
        """
        A.........
        ..........
        .....*....
        ..........
        ..........
        .........b
        """,
        ruleset="bb2025",
    )
    offered = {o[2] for o in sc.match.pending.options if o[0] == "activate"}
    # Pass and Hand-off: he may pick the ball up first
    assert offered == {"move", "blitz", "pass", "hand_off", "secure_the_ball"}


BLITZ = """
    .......
    .A..b..
    .......
"""


@pytest.mark.parametrize(
    ("skill", "option"),
    [
        ("stab", "stab"),
        ("chainsaw", "chainsaw"),
        ("projectile-vomit", "vomit"),
        ("breathe-fire", "breathe_fire"),
    ],
)
def test_a_special_action_replaces_a_blitzs_block(skill: str, option: str) -> None:
    """Stab, Chainsaw Attack, Projectile Vomit and Breathe Fire may replace
    the Block of a Blitz; the activation then ends (the block cost one
    square: 2 moved + 1). Dice: a 3 (Chainsaw's, Vomit's and Breathe
    Fire's D6; nothing for Breathe Fire), Armour 2 + 2 holds."""
    sc = Scenario(BLITZ, ruleset="bb2025", skills={"A": [skill]}, dice=[3, 2, 2, 2, 2])
    sc.act("A", "blitz", "b")
    sc.move(2, 1)
    sc.move(3, 1)
    opts = sc.match.pending.options
    assert ("block", sc.id("b")) in opts
    sc.choose(option, sc.id("b"))
    g = sc.match.state
    assert g.act_ma_used == 3
    assert sc.match.pending.kind == "activate"
    assert ("activate", sc.id("A"), "move") not in sc.match.pending.options


# -- Forgo (section 4) ------------------------------------------------------------


def test_a_player_may_forgo_his_activation() -> None:
    """Decision: forgoing is declaring an action and ending it before any
    step; the player has been activated (he is offered no other action)
    and a Stalling carrier still faces the crowd (test_stalling.py)."""
    sc = Scenario(
        """
        A....
        .....
        ....b
        """,
        ruleset="bb2025",
    )
    sc.act("A", "move")
    assert ("end",) in sc.match.pending.options
    sc.choose("end")
    g = sc.match.state
    assert sc.xy("A") == (0, 0)
    assert g.act_ma_used == 0
    assert not [
        o for o in sc.match.pending.options if o[:2] == ("activate", sc.id("A"))
    ]


# -- Brawler: a declared Block only (section 6) ------------------------------------


@pytest.mark.parametrize(("action", "offered"), [("block", True), ("blitz", False)])
def test_brawler_on_a_declared_block_only(action: str, offered: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["brawler"]},
        dice=["both_down", 2, 2, 2, 2],
    )
    sc.act("A", action, "b" if action == "blitz" else None)
    sc.choose("block", sc.id("b"))
    # a Blitz's Both Down knocks both down at once: the turn is over
    d = sc.match.pending
    assert (d is not None and ("brawler",) in d.options) is offered


# -- The apothecary (section 7) -----------------------------------------------------

DODGE = """
    .....
    Ab...
    .....
"""


def test_the_apothecary_rerolls_the_casualty_and_keeps_the_better() -> None:
    """A failed Dodge; Armour 5 + 5, Injury 6 + 5 a Casualty, D16 15 Dead;
    the apothecary's D16 2 is a Badly Hurt (1-8 in BB2025), kept: the
    player goes to the Reserves."""
    sc = Scenario(
        DODGE, ruleset="bb2025", dice=[1, 5, 5, 6, 5, 15], apothecary=(True, False)
    )
    sc.act("A", "move")
    sc.move(0, 0)
    d = sc.match.pending
    assert (d.kind, d.team) == ("apothecary", "home")
    sc.dice.extend([2])
    sc.choose("apothecary")
    g = sc.match.state
    assert (g.casualties[0].result, g.casualties[0].apothecary_used) == (
        "badly_hurt",
        True,
    )
    assert g.box[sc.p("A")] == RESERVES
    assert g.apo[0] == 0


def test_without_an_apothecary_the_casualty_stands() -> None:
    sc = Scenario(DODGE, ruleset="bb2025", dice=[1, 5, 5, 6, 5, 9])
    sc.act("A", "move")
    sc.move(0, 0)
    g = sc.match.state
    assert g.casualties[0].result == "seriously_hurt"  # 9-10 in BB2025
    assert g.box[sc.p("A")] == CAS


def test_the_plague_doctor_is_an_apothecary_for_favoured_of_nurgle() -> None:
    """A Favoured of Nurgle team's inducement (100,000); once per game it
    treats a Knocked-out player as an apothecary would (Injury 4 + 4 = 8:
    KO'd, back on the pitch Stunned)."""
    doctor = BB2025.inducement_catalogue()["plague_doctor"]
    assert (doctor.price, doctor.requires_rule) == (100_000, "favoured-of-nurgle")
    sc = Scenario(DODGE, ruleset="bb2025", dice=[4, 4, 4, 4], start=False)
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], plague_doctor=True), g.sheets[1])
    g.stack.append(Harm(sc.p("A"), injury_only=True))
    run(g)
    assert sc.match.pending.kind == "apothecary"
    sc.choose("apothecary")
    assert (g.box[sc.p("A")], g.status[sc.p("A")]) == (PITCH, STUNNED)
    assert [(e.what, e.result) for e in sc.events(Induced)] == [
        ("plague_doctor", "ko_treated")
    ]


# -- A Stunty thrower's pass is easier to intercept (section 9, DECIDE 10) ------------


def intercept(skills: dict[str, Any], dice: tuple[int, ...]) -> Scenario:
    sc = Scenario(
        """
        .....
        A.b.B
        .....
        """,
        ruleset="bb2025",
        ball="A",
        skills=skills,
        dice=dice,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 1))
    sc.choose("interfere", sc.id("b"))
    return sc


@pytest.mark.parametrize(("skills", "modifier"), [({}, -3), ({"A": ["stunty"]}, -2)])
def test_a_stunty_throwers_pass_is_plus_one_to_intercept(
    skills: dict[str, Any], modifier: int
) -> None:
    """Decision (DECIDE 10): +1 to the interceptor against a Stunty thrower
    (an accurate pass: -3, so -2); AG 3+ with a 5: -2 intercepts, -3 not."""
    sc = intercept(skills, (5, 5, 4, 4, 4))
    r = [x for x in sc.events(Roll) if x.purpose == "interference"]
    assert [(x.dice, x.modifier, x.success) for x in r] == [
        ((5,), modifier, modifier == -2)
    ]
    got = [e.result for e in sc.events(Interference)]
    assert got == (["interception"] if modifier == -2 else [])


# -- Post-game order (section 15) ---------------------------------------------------


def test_the_post_game_steps() -> None:
    """Decision: BB2025 keeps BB2020's post-game steps and their order
    (engine/variants/bb2025/variant.py); FFB's (MVP before winnings, then
    the Dedicated Fans) gives the same results, as no step reads another's
    dice or result."""
    assert (
        BB2025.postgame_steps
        == BB2020.postgame_steps
        == (
            "outcome",
            "winnings",
            "fans",
            "spp",
            "injuries",
            "expensive_mistakes",
            "team_value",
        )
    )


# -- Bribery and Corruption: a natural 1 on Argue the Call re-rolled (section 8) --

FOUL = """
    .....
    .Ab..
    .....
"""


@pytest.mark.parametrize(
    ("roster", "dice", "results"),
    [
        ("dwarf", [1, 6], ["well_when_you_put_it_like_that"]),
        ("dwarf", [1, 1], ["youre_outta_here"]),
        ("human", [1, 6], ["youre_outta_here"]),
    ],
)
def test_bribery_and_corruption_rerolls_a_natural_one_on_argue_the_call(
    roster: str, dice: list[int], results: list[str]
) -> None:
    """A Dwarf team (Bribery and Corruption) re-rolls the natural 1 of its
    Argue the Call, once per game; a Human team does not. A fouls the Prone
    b, Armour 3 + 3: a double, seen."""
    sc = Scenario(FOUL, ruleset="bb2025", prone="b", dice=[3, 3, *dice])
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], roster=roster), g.sheets[1])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")
    assert [e.result for e in sc.events(ArgueTheCall)] == results
    rerolled = [e for e in sc.events(Reroll) if e.purpose == "argue"]
    assert len(rerolled) == (roster == "dwarf")
    assert g.variant.argue_reroll(g, 0) is False  # used, or never had
