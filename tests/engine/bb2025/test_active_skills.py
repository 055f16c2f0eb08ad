"""BB2025 "ACTIVE / PASSIVE skills" (changes_from_bb2020.md section 1,
skills.md "Mode"): an ACTIVE skill works only while its player is Standing
and not Distracted (unless its text says otherwise); a PASSIVE one always.
The procedures check the Tackle Zone (Standing and not Distracted) where a
skill is used in the other team's turn (test_new_skills.py); these are the
ones used as a player goes down or holds the ball: Sure Hands against Strip
Ball, Safe Pair of Hands ("usable Prone", not Distracted), Saboteur."""

from __future__ import annotations

import pytest

from engine.core.events import KnockedDown, SkillUsed
from engine.core.rules_data import rules_data
from engine.core.state import KO, PF_NOTZ, PITCH
from engine.tools.scenario import Scenario

SKILLS = rules_data("bb2025").skills


def test_the_labels() -> None:
    """skills.md's Mode column: every skill and trait is ACTIVE or PASSIVE."""
    assert {s.mode for s in SKILLS.values()} == {"active", "passive"}
    modes = {
        slug: SKILLS[slug].mode
        for slug in (
            "block",
            "sure-hands",
            "safe-pair-of-hands",
            "saboteur",
            "strip-ball",
            "jump-up",
            "thick-skull",
            "disturbing-presence",
            "regeneration",
        )
    }
    assert modes == {
        "block": "active",
        "sure-hands": "active",
        "safe-pair-of-hands": "active",
        "saboteur": "active",
        "strip-ball": "active",
        "jump-up": "active",
        "thick-skull": "passive",
        "disturbing-presence": "passive",
        "regeneration": "passive",
    }


def distracted(sc: Scenario, letter: str) -> None:
    sc.match.state.pflags[sc.p(letter)] |= PF_NOTZ


def play_on(sc: Scenario) -> None:
    """Take the first option of every decision until the turn ends."""
    while (d := sc.match.pending) is not None and d.kind != "activate":
        sc.match.apply(d.options[0])


STRIP = """
    .....
    .Ab..
    .....
"""


@pytest.mark.parametrize(
    ("ruleset", "is_distracted", "kept"),
    [
        ("bb2025", False, True),
        ("bb2025", True, False),
        ("bb2020", True, True),  # BB2020 labels no skill
    ],
)
def test_a_distracted_carriers_sure_hands_does_not_stop_strip_ball(
    ruleset: str, is_distracted: bool, kept: bool
) -> None:
    sc = Scenario(
        STRIP,
        ruleset=ruleset,
        skills={"A": ["strip-ball"], "b": ["sure-hands"]},
        ball="b",
        dice=["push", 4, 4, 4],
    )
    if is_distracted:
        distracted(sc, "b")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    play_on(sc)
    used = [e.skill for e in sc.events(SkillUsed)]
    assert used == ([] if kept else ["strip-ball"])
    assert (sc.match.state.carrier == sc.p("b")) is kept


@pytest.mark.parametrize(("is_distracted", "kept"), [(False, True), (True, False)])
def test_a_distracted_carriers_safe_pair_of_hands(
    is_distracted: bool, kept: bool
) -> None:
    """A knocks the carrier b down (Pow!); Armour 2 + 2 holds. Safe Pair of
    Hands places the ball next to him (asked of b's coach); Distracted, the
    ball bounces (D8 1)."""
    sc = Scenario(
        STRIP,
        ruleset="bb2025",
        skills={"b": ["safe-pair-of-hands"]},
        ball="b",
        dice=["pow", 2, 2, 1, 4, 4, 4],
    )
    if is_distracted:
        distracted(sc, "b")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    play_on(sc)
    used = [e.skill for e in sc.events(SkillUsed)]
    assert ("safe-pair-of-hands" in used) is kept


@pytest.mark.parametrize(("is_distracted", "sabotaged"), [(False, True), (True, False)])
def test_a_distracted_saboteur(is_distracted: bool, sabotaged: bool) -> None:
    """A knocks the Saboteur b down (Pow!); Saboteur's D6 4 Knocks A Down
    and KOs b, unless b is Distracted (then Armour 4 + 4 holds)."""
    sc = Scenario(
        STRIP,
        ruleset="bb2025",
        skills={"b": ["saboteur", "secret-weapon"]},
        dice=["pow", 4, 4, 4, 2, 2, 2, 2],
    )
    if is_distracted:
        distracted(sc, "b")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    play_on(sc)
    g = sc.match.state
    down = [e.player for e in sc.events(KnockedDown)]
    assert (sc.id("A") in down) is sabotaged
    assert g.box[sc.p("b")] == (KO if sabotaged else PITCH)
