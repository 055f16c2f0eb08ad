"""Star Players' special rules that change a failed trait roll
(star_players.md):

* Fury of the Blood God (Scyla Anfingrimm, once per game): a failed
  Unchannelled Fury roll (a 1 on a declared Block action, after any
  re-roll) becomes two Block actions (called by
  :class:`engine.skills.traits.ActivationTrait`; the second one comes at
  the rule point ``another_action``).
* Tasty Morsel ('Captain' Karina Von Riesz, once per game): after a failed
  Bloodlust roll she may bite an opposition player of ST 3 or less who is
  not a Star Player, instead of a Thrall, resolved as a Thrall bite (rule
  points ``bite_targets``, ``bite`` of :mod:`engine.rules.bloodlust`).
* Primal Savagery (Glotl Stop, once per game): after a failed Animal
  Savagery roll the lash-out may be aimed at an adjacent opponent instead
  of a team-mate (called by :class:`engine.skills.traits.ActivationTrait`).

Decision (Fury of the Blood God): used automatically (two Block actions
are never worse than a failed activation). The second is declared like
the first once the first is over (any adjacent target), unless the
activation ended (Turnover, Knocked Down...).
"""

from __future__ import annotations

from typing import Final

from engine.core.hooks import Hooks
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, GameState
from engine.rules.inducements import star_player
from engine.skills.stars.limits import ready, spend

_FURY: Final = "star:fury_of_the_blood_god"
MORSEL = "tasty-morsel"
PRIMAL = "primal-savagery"
MORSEL_BIT = BIT[MORSEL]
FURY_BIT = BIT["fury-of-the-blood-god"]


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


def is_star(g: GameState, q: int) -> bool:
    """Whether ``q`` is a Star Player (sheet position ``star:<slug>``)."""
    return star_player(g, q)


def morsel_targets(g: GameState, p: int) -> list[int]:
    """Opponents next to the hungry ``p`` that Tasty Morsel lets her bite:
    ST 3 or less, not Star Players, in any state (as a Thrall may be
    bitten Standing, Prone or Stunned).

    Decision: offered wherever a Thrall bite is offered (during the
    activation and at its end)."""
    if not g.skills[p] & MORSEL_BIT or not ready(g, p, MORSEL):
        return []
    t = g.team[p]
    out = []
    for s in g.pitch.neighbours[g.pos[p]]:
        q = g.board[s]
        if q >= 0 and g.team[q] != t and g.st[q] <= 3 and not is_star(g, q):
            out.append(q)
    return out


def bite_opponent(g: GameState, p: int, q: int) -> bool:
    """Whether ``p``'s bite of ``q`` is a Tasty Morsel (then spent)."""
    if not g.skills[p] & MORSEL_BIT or g.team[q] == g.team[p]:
        return False
    spend(g, p, MORSEL)
    return True


def lash_out_opponents(g: GameState, p: int) -> list[int]:
    """Primal Savagery: the Standing opponents next to ``p`` he may lash
    out at after failing Animal Savagery (none once it is used)."""
    if not ready(g, p, PRIMAL):
        return []
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.status[q] == STANDING
    ]


def lash_out_at(g: GameState, p: int, q: int) -> None:
    """Spend Primal Savagery when ``p`` lashes out at an opponent ``q``."""
    if g.team[q] != g.team[p]:
        spend(g, p, PRIMAL)


def register(h: Hooks) -> None:
    h.another_action += (second_block_action,)
    h.another_action_bits |= FURY_BIT
    h.bite_targets += (morsel_targets,)
    h.bite += (bite_opponent,)
