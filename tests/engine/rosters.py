"""The rosters a match can be played with: those whose every skill and
trait the engine implements (a match with any other is refused with
:class:`engine.core.errors.UnimplementedSkill`); ``test_skill_refusal`` names
any roster left out."""

from __future__ import annotations

from engine.core.rules_data import rules_data
from engine.skills.registry import IMPLEMENTED


def playable_rosters() -> list[str]:
    """Roster slugs, sorted, whose skills are all implemented."""
    return sorted(
        slug
        for slug, roster in rules_data().rosters.items()
        if all(
            ref.skill in IMPLEMENTED for pos in roster.positions for ref in pos.skills
        )
    )


PLAYABLE_ROSTERS = playable_rosters()
