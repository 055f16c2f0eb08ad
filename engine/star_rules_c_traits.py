"""Star Players' special rules (group c) that change a failed trait roll
(star_players.md):

* Tasty Morsel ('Captain' Karina Von Riesz, once per game): after a failed
  Bloodlust roll she may bite an opposition player of ST 3 or less who is
  not a Star Player, instead of a Thrall, resolved as a Thrall bite
  (:mod:`engine.rules.bloodlust`).
* Primal Savagery (Glotl Stop, once per game): after a failed Animal
  Savagery roll the lash-out may be aimed at an adjacent opponent instead
  of a team-mate (:class:`engine.skills.traits.ActivationTrait`).
"""

from __future__ import annotations

from engine.core.state import STANDING, GameState
from engine.skills.stars.limits import ready, spend

MORSEL = "tasty-morsel"
PRIMAL = "primal-savagery"


def is_star(g: GameState, q: int) -> bool:
    """Whether ``q`` is a Star Player (sheet position ``star:<slug>``)."""
    home = g.sheets[0].players
    sheet = home[q] if q < len(home) else g.sheets[1].players[q - len(home)]
    return sheet.position.startswith("star:")


def morsel_targets(g: GameState, p: int) -> list[int]:
    """Opponents next to the hungry ``p`` that Tasty Morsel lets her bite:
    ST 3 or less, not Star Players, in any state (as a Thrall may be
    bitten Standing, Prone or Stunned).

    Decision: offered wherever a Thrall bite is offered (during the
    activation and at its end)."""
    if not ready(g, p, MORSEL):
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
    if g.team[q] == g.team[p]:
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


__all__ = [
    "bite_opponent",
    "is_star",
    "lash_out_at",
    "lash_out_opponents",
    "morsel_targets",
]
