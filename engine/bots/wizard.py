"""The scripted bot's spell choice for a Hireling Sports-Wizard."""

from __future__ import annotations

from typing import Any

from engine.core.state import Decision, GameState, Option
from engine.rules.wizard import OPT_DONE, fireball_victims


def wizard_choice(bot: Any, d: Decision, g: GameState) -> Option:
    """Zap! the opposing ball carrier when the D6 needs 4+ or less (ST 4 or
    lower); else a Fireball at the square that catches the most Standing
    opponents, when it catches at least three more of them than of ours;
    else hold the spell. In the last turns of the game any target with a
    net gain will do."""
    w = 0 if d.team == "home" else 1
    late = g.half >= 2 and max(g.turn) >= g.variant.turns_per_half - 1
    best: Option = OPT_DONE
    best_score = 0
    for o in d.options:
        if o[0] == "zap":
            p = g.idx[o[1]]
            if g.carrier == p and g.st[p] <= 4:
                return o
        elif o[0] == "fireball":
            score = 0
            for p in fireball_victims(g, o[1]):
                score += 1 if g.team[p] != w else -2
                if g.carrier == p and g.team[p] != w:
                    score += 1
            if score > best_score:
                best, best_score = o, score
    if best_score >= 3 or (late and best_score >= 1):
        return best
    return OPT_DONE
