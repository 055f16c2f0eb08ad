"""Masters of Undeath, a team rule of Blood Bowl 2025 (Necromantic Horror,
Shambling Undead, Tomb Kings and Vampire; changes_from_bb2020.md section
7): once per game, an opposition player of Strength 4 or less, without
Regeneration or Stunty, who is killed and not saved, rises as a new rookie
of one of the team's Lineman-keyword positions.

The match records the raising (``g.effects``, the result's
``raised_dead``); the league adds the rookie after the game
(``LeagueFormat.raise_dead_positions``, the apps' post-game)."""

from __future__ import annotations

from typing import Any

from engine.core import skillbits as S
from engine.core.hooks import Hooks
from engine.core.rules_data import Position, Roster, rules_data
from engine.core.state import PF_DEAD, GameState

MASTERS_OF_UNDEATH = "masters-of-undeath"
RAISED_DEAD_MAX_ST = 4
_KEY = "masters_of_undeath_"


def raises_dead(g: GameState, t: int) -> bool:
    """Whether team ``t``'s roster has Masters of Undeath."""
    roster = rules_data("bb2025").rosters.get(g.sheets[t].roster)
    return roster is not None and MASTERS_OF_UNDEATH in roster.team_rules()


def raise_the_dead(g: GameState, p: int, by: int) -> None:
    """Player ``p`` went to the Casualty box: when he is dead, his
    opponents have Masters of Undeath and have not used it, and he is of
    Strength 4 or less without Regeneration or Stunty, he rises for them.

    Decision: whatever killed him (the rule names no cause), once an
    apothecary has failed to save him; the rookie joins after the game (the
    engine plays with the players fielded at kick-off), as Plague Ridden's
    Rotter does."""
    if not g.pflags[p] & PF_DEAD:
        return
    t = 1 - g.team[p]
    key = f"{_KEY}{t}"
    if g.effects.get(key) or not raises_dead(g, t):
        return
    if g.st[p] > RAISED_DEAD_MAX_ST or g.skills[p] & (S.REGENERATION | S.STUNTY):
        return
    g.effects[key] = (g.tname(t), g.pid[p])


def raised(g: GameState) -> dict[str, Any]:
    """The result's ``raised_dead``: [[team, victim id], ...], or nothing."""
    used = [list(v) for k, v in sorted(g.effects.items()) if k.startswith(_KEY)]
    return {"raised_dead": used} if used else {}


def lineman_positions(roster: Roster) -> tuple[Position, ...]:
    """The positions a raised player may join as: the roster's
    Lineman-keyword ones, in the roster's order."""
    return tuple(p for p in roster.positions if "Lineman" in p.keywords)


def register(h: Hooks) -> None:
    h.casualty += (raise_the_dead,)
