"""Which apothecary patches up whom (the_rules_of_blood_bowl.md
"Apothecaries"; inducements_in_detail.md "0-2 Wandering Apothecaries").

A team may have two kinds of apothecary in a match, counted apart: its own
(0-1 on the roster, ``GameState.apo``) and the Wandering Apothecaries
induced for this game (0-2, ``GameState.wandering_apo``). Each is used once.
Who each kind may treat is the format's rule
(:meth:`~engine.variants.match_rules.MatchRules.apothecary_may_treat`).
"""

from __future__ import annotations

from enum import StrEnum

from engine.core.state import GameState


class ApothecaryKind(StrEnum):
    """The two kinds of apothecary a team may have in a match."""

    TEAM = "team"
    """The team's own apothecary, on its roster."""
    WANDERING = "wandering"
    """A Wandering Apothecary, induced for this game only."""


def apothecary_for(g: GameState, p: int) -> ApothecaryKind | None:
    """The apothecary that patches up player ``p`` now, or None when no
    apothecary left to his team may treat him.

    Decision: the coach is not asked which kind to use: the team's own
    apothecary is used first when it may treat ``p``, a Wandering
    Apothecary otherwise. A Wandering Apothecary may treat everyone the
    team's own may (and Journeymen and Mercenaries too), so keeping it
    back is never worse."""
    t = g.team[p]
    may_treat = g.variant.apothecary_may_treat
    if g.apo[t] > 0 and may_treat(g, p, ApothecaryKind.TEAM):
        return ApothecaryKind.TEAM
    if g.wandering_apo[t] > 0 and may_treat(g, p, ApothecaryKind.WANDERING):
        return ApothecaryKind.WANDERING
    return None


def use_apothecary(g: GameState, p: int) -> ApothecaryKind:
    """Spend the apothecary :func:`apothecary_for` names for ``p``."""
    kind = apothecary_for(g, p)
    t = g.team[p]
    if kind is ApothecaryKind.TEAM:
        g.apo[t] -= 1
    elif kind is ApothecaryKind.WANDERING:
        g.wandering_apo[t] -= 1
    else:
        raise AssertionError("no apothecary may treat this player")
    return kind
