"""BB2025 Plague Ridden and Masters of Undeath (changes_from_bb2020.md
section 7). Plague Ridden: the plague takes
an opponent killed by a Block of the player with the trait, whatever his
Strength, but never a Big Guy nor a player with Decay, Regeneration or
Stunty, and a Foul's death no longer counts (BB2020: ST 4 or less, Block or
Foul). Masters of Undeath (Necromantic Horror, Shambling Undead, Tomb
Kings, Vampire): once per game an opponent of ST 4 or less without
Regeneration or Stunty who dies rises as a rookie of one of the team's
Lineman-keyword positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Casualty, SkillUsed
from engine.core.rules_data import rules_data
from engine.core.state import PF_DEAD
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants import BB2020, BB2025
from engine.variants.bb2025 import undeath

LINE = """
    .....
    .Ab..
    .....
"""


def used(sc: Scenario) -> bool:
    return any(e.skill == "plague-ridden" for e in sc.events(SkillUsed))


@pytest.mark.parametrize(
    ("ruleset", "position", "st", "skills", "taken"),
    [
        ("bb2025", "orc-lineman", 3, [], True),
        # no Strength limit any more
        ("bb2025", "orc-lineman", 5, [], True),
        ("bb2020", "orc-lineman", 5, [], False),
        # a Big Guy is spared (his keywords), whatever his Strength
        ("bb2025", "orc-troll", 4, [], False),
        ("bb2025", "orc-lineman", 3, ["stunty"], False),
    ],
)
def test_a_block_kills(ruleset, position, st, skills, taken) -> None:
    # POW; armour 6+6 breaks; injury 6+6 Casualty; D16 15: DEAD.
    # (ST 4 or more against A's 3: two dice, both POW, the defender picks.)
    dice: list[int | str] = ["pow"] * (2 if st > 3 else 1) + [6, 6, 6, 6, 15]
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        skills={"A": ["plague-ridden"], "b": skills},
        positions={"b": position},
        stats={"b": {"st": st}},
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.events(Casualty)[0].result == "dead"
    assert used(sc) is taken
    sc.choose("end_turn")
    extra = sc.match.result.extra
    if taken:
        assert extra["plague_ridden"] == [["home", sc.id("b"), sc.id("A")]]
    else:
        assert "plague_ridden" not in extra


@pytest.mark.parametrize(("ruleset", "taken"), [("bb2025", False), ("bb2020", True)])
def test_a_foul_kills(ruleset, taken) -> None:
    # Armour 6 + 5 breaks AV 9+; Injury 6 + 5 Casualty (no double); D16 15.
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        prone="b",
        skills={"A": ["plague-ridden"]},
        positions={"b": "orc-lineman"},
        dice=[6, 5, 6, 5, 15],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.events(Casualty)[0].result == "dead"
    assert used(sc) is taken


# -- Masters of Undeath --------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "roster", "st", "skills", "raised"),
    [
        ("bb2025", "shambling-undead", 3, [], True),
        ("bb2025", "tomb-kings", 4, [], True),
        ("bb2025", "vampire", 3, [], True),
        ("bb2025", "necromantic-horror", 5, [], False),  # ST 4 or less only
        ("bb2025", "shambling-undead", 3, ["regeneration"], False),
        ("bb2025", "shambling-undead", 3, ["stunty"], False),
        ("bb2025", "human", 3, [], False),  # no such team rule
        ("bb2020", "shambling-undead", 3, [], False),  # not played in BB2020
    ],
)
def test_masters_of_undeath_raise_a_killed_opponent(
    ruleset, roster, st, skills, raised
) -> None:
    # A (of ``roster``) blocks b: POW; armour 6+6; injury 6+6; D16 15 Dead
    # (b's failed Regeneration: a 1).
    dice: list[int | str] = ["pow"] * (2 if st > 3 else 1) + [6, 6, 6, 6, 15]
    if "regeneration" in skills:
        dice.append(1)
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        skills={"b": skills},
        stats={"b": {"st": st}},
        dice=dice,
        start=False,
    )
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], roster=roster), g.sheets[1])
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.events(Casualty)[0].result == "dead"
    sc.choose("end_turn")
    extra = sc.match.result.extra
    if raised:
        assert extra["raised_dead"] == [["home", sc.id("b")]]
    else:
        assert "raised_dead" not in extra


@pytest.mark.parametrize(
    ("roster", "positions"),
    [
        (
            "shambling-undead",
            {"shambling-undead-skeleton-lineman", "shambling-undead-zombie-lineman"},
        ),
        ("human", set()),
    ],
)
def test_the_raised_rookie_is_a_lineman_keyword_position(roster, positions) -> None:
    data = rules_data("bb2025").rosters[roster]
    got = {p.slug for p in BB2025.raise_dead_positions(data)}
    assert got == positions
    assert all("Lineman" in data.position(s).keywords for s in got)
    assert BB2020.raise_dead_positions(rules_data("bb2020").rosters[roster]) == ()


def test_masters_of_undeath_once_per_game() -> None:
    sc = Scenario(
        """
        .....
        .Abc.
        .....
        """,
        ruleset="bb2025",
        start=False,
    )
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], roster="vampire"), g.sheets[1])
    for name in ("b", "c"):
        g.pflags[sc.p(name)] |= PF_DEAD
        undeath.raise_the_dead(g, sc.p(name), sc.p("A"))
    assert undeath.raised(g) == {"raised_dead": [["home", sc.id("b")]]}
