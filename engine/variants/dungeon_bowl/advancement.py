"""The Dungeon Bowl random skill table (dungeon_bowl/skills_and_traits.md
"Skill Categories: Random Selection"), read from ``skills.json``
``random_table``: BB2020's table with Portal Navigator for Kick (General)
and the Dungeon Bowl passing skills for Cannoneer, Cloud Burster and Hail
Mary Pass (Passing).

The league's advancement code asks the variant
(:meth:`~engine.variants.base.Variant.random_skill_table`, which
``DungeonBowl`` answers with :func:`random_skill_table`); :func:`random_skill`
reads one cell.
"""

from __future__ import annotations

from engine.core.errors import CampaignError
from engine.variants.dungeon_bowl.colleges import dungeon_bowl


def random_skill_table(category: str) -> tuple[str, ...] | None:
    """The 12 skills of ``category`` (first D6 1-3 then 4-6, each by the
    second D6 1-6), None for a category without a table."""
    return dungeon_bowl().random_skill_table.get(category)


def random_skill(category: str, first: int, second: int) -> str:
    """The skill the table gives for a first D6 (read 1-3 or 4-6) and a
    second D6 in ``category`` ("agility", "general", "mutation",
    "passing", "strength")."""
    table = random_skill_table(category)
    if table is None:
        raise CampaignError(
            "unknown_skill_category", f"no random table for {category!r}", "category"
        )
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise CampaignError("invalid_dice", "a random skill needs two D6", "dice")
    return table[(0 if first <= 3 else 6) + second - 1]
