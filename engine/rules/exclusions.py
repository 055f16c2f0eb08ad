"""What a player may not do though he could: skills he has but may not
use together (rulebook "Skills and Traits": a skill that "cannot be
combined" with another; the format says which,
:attr:`engine.variants.match_rules.MatchRules.frenzy_excludes`, and the
procedures that use Grab, Hit and Run and Multiple Block ask
:func:`usable_skills` instead of the player's bits), and leaving his
square (:func:`held_in_place`).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.state import PF_ROOTED, GameState


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


def held_in_place(g: GameState, p: int) -> bool:
    """Player ``p`` may not leave his square by his own movement: Rooted
    (Take Root), or a rule keeps him there (rule point ``leave_barred``)."""
    if g.pflags[p] & PF_ROOTED:
        return True
    return any(rule(g, p) for rule in g.hooks.leave_barred)


__all__ = ["held_in_place", "usable_skills"]
