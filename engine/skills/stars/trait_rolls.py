"""Star Players' special rules that change a failed trait roll
(star_players.md):

* Fury of the Blood God (Scyla Anfingrimm, once per game): a failed
  Unchannelled Fury roll (a 1 on a declared Block action, after any
  re-roll) becomes two Block actions (called by
  :class:`engine.skills.traits.ActivationTrait`).

Decision (Fury of the Blood God): used automatically (two Block actions
are never worse than a failed activation). The second is declared like
the first once the first is over (any adjacent target), unless the
activation ended (Turnover, Knocked Down...).
"""

from __future__ import annotations

from typing import Final

from engine.core.hooks import Hooks
from engine.core.state import PITCH, STANDING, GameState
from engine.skills.stars.limits import ready, spend

_FURY: Final = "star_b:fury"


def _activation(g: GameState) -> tuple[int, int, int, int]:
    return (g.half, g.active, g.turn[g.active], g.activations)


def fury_of_the_blood_god(g: GameState, p: int, action: str) -> bool:
    """Unchannelled Fury failed for ``p``: True when Fury of the Blood God
    turns the failure into two Block actions."""
    if action != "block" or g.last_die != 1 or not ready(g, p, "fury-of-the-blood-god"):
        return False
    spend(g, p, "fury-of-the-blood-god")
    g.effects[_FURY] = (g.pid[p], _activation(g))
    return True


def second_block_action(g: GameState, p: int, action: str) -> bool:
    """Fury of the Blood God: whether ``p``, his Block action over, now
    makes his second one (once per use)."""
    if action != "block" or g.effects.get(_FURY) != (g.pid[p], _activation(g)):
        return False
    del g.effects[_FURY]
    if (
        g.act_over
        or g.turnover is not None
        or g.touchdown
        or g.box[p] != PITCH
        or g.status[p] != STANDING
    ):
        return False
    return True


def register(h: Hooks) -> None:
    h.another_action += (second_block_action,)
