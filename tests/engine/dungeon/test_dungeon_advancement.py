"""The Dungeon Bowl random skill table (dungeon_bowl/skills_and_traits.md
"Random Selection"): every column's corner cells as printed, the first D6
read 1-3 / 4-6, and the Variant hook the advancement code rolls on."""

from __future__ import annotations

import pytest

from engine.campaign import ScriptedRoller, roll_random_skill
from engine.campaign.player import PlayerState
from engine.core.errors import CampaignError
from engine.core.rules_data import SkillRef, rules_data
from engine.variants import get_variant
from engine.variants.dungeon_bowl.advancement import random_skill
from engine.variants.dungeon_bowl.variant import DUNGEON_BOWL

# (category, 1-3/1, 1-3/6, 4-6/1, 4-6/6), read off the printed table.
CORNERS = [
    ("agility", "catch", "jump-up", "leap", "sure-feet"),
    ("general", "block", "portal-navigator", "pro", "wrestle"),
    ("mutation", "big-hand", "horns", "iron-hard-skin", "very-long-legs"),
    ("passing", "accurate", "nerves-of-steel", "on-the-ball", "wall-thrower"),
    ("strength", "arm-bar", "juggernaut", "mighty-blow", "thick-skull"),
]


@pytest.mark.parametrize(("category", "low1", "low6", "high1", "high6"), CORNERS)
def test_every_column_corner_as_printed(
    category: str, low1: str, low6: str, high1: str, high6: str
) -> None:
    for first in (1, 2, 3):
        assert random_skill(category, first, 1) == low1
        assert random_skill(category, first, 6) == low6
    for first in (4, 5, 6):
        assert random_skill(category, first, 1) == high1
        assert random_skill(category, first, 6) == high6


@pytest.mark.parametrize(
    ("category", "first", "second", "skill"),
    [
        ("passing", 2, 4, "give-and-go"),  # 1-3 / 4
        ("passing", 5, 3, "portal-passer"),  # 4-6 / 3
        ("general", 3, 5, "frenzy"),  # 1-3 / 5
        ("mutation", 1, 3, "disturbing-presence"),
        ("strength", 6, 2, "multiple-block"),
        ("agility", 4, 3, "sidestep"),
    ],
)
def test_middle_cells(category: str, first: int, second: int, skill: str) -> None:
    assert random_skill(category, first, second) == skill


@pytest.mark.parametrize(
    ("category", "first", "second", "code"),
    [
        ("trait", 1, 1, "unknown_skill_category"),
        ("general", 0, 1, "invalid_dice"),
        ("general", 1, 7, "invalid_dice"),
    ],
)
def test_bad_input_is_refused(
    category: str, first: int, second: int, code: str
) -> None:
    with pytest.raises(CampaignError) as exc:
        random_skill(category, first, second)
    assert exc.value.code == code


def lineman() -> PlayerState:
    data = rules_data("dungeon_bowl")
    roster = data.rosters["college-of-light"]
    return PlayerState.from_position(1, roster.position("imperial-retainer-lineman"))


def test_the_advancement_code_rolls_on_the_variants_table() -> None:
    # General 1-3 / 6: Portal Navigator in Dungeon Bowl, Kick in BB2020.
    rolled = roll_random_skill(
        lineman(), "general", ScriptedRoller([2, 6]), fmt=DUNGEON_BOWL
    )
    assert rolled.skill == SkillRef("portal-navigator")
    assert rolled.rolls == (("skill_first", 6, 2), ("skill_second", 6, 6))
    # Passing 4-6 / 6, with the rules data given: Wall Thrower.
    rolled = roll_random_skill(
        lineman(),
        "P",
        ScriptedRoller([6, 6]),
        fmt=DUNGEON_BOWL,
        data=rules_data("dungeon_bowl"),
    )
    assert rolled.skill == SkillRef("wall-thrower")


def test_bb2020_keeps_its_own_table() -> None:
    bb = get_variant("bb2020")
    assert (
        bb.random_skill_table("general") == rules_data().random_skill_table["general"]
    )
    assert (bb.random_skill_table("general") or ())[5] == "kick"
    # Dungeon Bowl answers with its own table, whatever data it is handed.
    assert (DUNGEON_BOWL.random_skill_table("general", rules_data()) or ())[
        5
    ] == "portal-navigator"
    assert DUNGEON_BOWL.random_skill_table("general") == tuple(
        random_skill("general", f, s) for f in (1, 4) for s in range(1, 7)
    )


def test_roll_random_skill_asks_the_variant_for_its_table() -> None:
    from engine.variants.bb2020 import BloodBowl2020

    class Reversed(BloodBowl2020):
        name = "reversed-test"

        def random_skill_table(
            self, category: str, data: object = None
        ) -> tuple[str, ...] | None:
            return tuple(reversed(rules_data().random_skill_table[category]))

    player = PlayerState.from_position(
        1, rules_data().rosters["human"].position("human-lineman")
    )
    # 1-3 / 1 of the reversed General column: BB2020's 4-6 / 6, Wrestle.
    rolled = roll_random_skill(
        player, "general", ScriptedRoller([1, 1]), fmt=Reversed()
    )
    assert rolled.skill == SkillRef("wrestle")
