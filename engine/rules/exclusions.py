"""Skills a player has but may not use together (rulebook "Skills and
Traits": a skill that "cannot be combined" with another). The format says
which (:attr:`engine.variants.match_rules.MatchRules.frenzy_excludes`); the
procedures that use Grab, Hit and Run and Multiple Block ask
:func:`usable_skills` instead of the player's bits.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.state import GameState


def usable_skills(g: GameState, p: int) -> int:
    """Player ``p``'s skill bits, less those his Frenzy may not be combined
    with in this format (none in BB2020; a player with one of the format's
    exempting bits, ``frenzy_exempt``, keeps them all)."""
    sk = g.skills[p]
    if sk & S.FRENZY:
        v = g.variant
        if v.frenzy_excludes and not sk & v.frenzy_exempt:
            return sk & ~v.frenzy_excludes
    return sk


__all__ = ["usable_skills"]
