"""BB2025 Getting Even (changes_from_bb2020.md section 7, tables.md
``getting_even``): the D6 4+ after a Seriously Hurt, a Serious Injury or a
Lasting Injury caused by an opposing player, for Hatred (X) with X a race
keyword of the attacker; and a second Hatred gained so plays in the match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.campaign.getting_even import (
    ROLE_KEYWORDS,
    hateable_keywords,
    roll_getting_even,
)
from engine.core.dice import ScriptedRoller
from engine.core.events import BlockResult, Reroll
from engine.tools.scenario import Scenario
from engine.variants import BB2020, BB2025

RULE = BB2025.getting_even
assert RULE is not None
DATA = json.loads(
    (
        Path(__file__).resolve().parents[3] / "engine/data/bb2025/tables/league.json"
    ).read_text()
)


def test_the_facts_are_the_tables():
    table = DATA["tables"]["getting_even"]
    assert RULE.target == table["target"] == 4
    assert RULE.results == set(table["casualty_results"])
    assert RULE.skill == table["gains"] == "hatred"
    assert BB2020.getting_even is None


def test_the_role_keywords_are_the_digests():
    assert {k.title() for k in ROLE_KEYWORDS} == {
        "Big Guy",
        "Blitzer",
        "Blocker",
        "Bugman",
        "Catcher",
        "Lineman",
        "Runner",
        "Special",
        "Thrower",
    }


@pytest.mark.parametrize(
    ("d6", "gained"), [(1, None), (3, None), (4, "Orc"), (6, "Orc")]
)
def test_a_four_or_more_gains_hatred_of_the_attackers_race(d6, gained):
    roll = roll_getting_even(
        RULE, "serious_injury", ("Blitzer", "Orc"), (), ScriptedRoller([d6])
    )
    assert roll is not None
    assert roll.rolls == (("getting_even", 6, d6),)
    assert roll.keyword == gained


@pytest.mark.parametrize(
    ("result", "rolls"),
    [
        ("badly_hurt", False),
        ("seriously_hurt", True),
        ("serious_injury", True),
        ("lasting_injury", True),
        ("dead", False),
    ],
)
def test_only_the_three_results_roll(result, rolls):
    roll = roll_getting_even(RULE, result, ("Orc", "Lineman"), (), ScriptedRoller([5]))
    assert (roll is not None) == rolls


def test_no_role_keyword_and_none_hated_already():
    assert hateable_keywords(("Big Guy", "Troll"), ()) == ("Troll",)
    assert hateable_keywords(("Lineman", "Orc"), ("orc",)) == ()
    assert hateable_keywords(("Human", "Thrall", "Lineman"), ("Human",)) == ("Thrall",)
    # nothing left to hate: no roll at all
    assert (
        roll_getting_even(
            RULE, "seriously_hurt", ("Orc",), ("Orc",), ScriptedRoller([])
        )
        is None
    )
    assert (
        roll_getting_even(
            RULE, "seriously_hurt", ("Big Guy", "Special"), (), ScriptedRoller([])
        )
        is None
    )


LINE = """
    .....
    .Ab..
    .....
"""


@pytest.mark.parametrize(
    ("position", "offered"), [("orc-lineman", True), ("human-lineman", False)]
)
def test_a_second_hatred_plays_too(position: str, offered: bool) -> None:
    # A hates Orcs, and Elves too since Getting Even (the later one listed).
    sc = Scenario(
        LINE,
        ruleset="bb2025",
        skills={"A": [("hatred", "Orc"), ("hatred", "Elf")]},
        positions={"b": position},
        dice=["player_down", "push" if offered else 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    if not offered:
        assert d is None
        assert sc.events(Reroll) == []
        return
    assert (d.kind, d.options) == ("reroll", (("hatred",), ("no_reroll",)))
    sc.choose("hatred")
    assert [r.result for r in sc.events(BlockResult)] == ["push"]
