"""Animosity (skills_and_traits.md "Animosity (X)"): a player who wishes
to hand off or pass to a team-mate of the type named may refuse to (a D6,
1: the activation ends). Used by the Pass (:mod:`engine.rules.passing`) and
the Hand-off (:mod:`engine.rules.activation`)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.state import GameState
from engine.rules.inducements import mercenary, star_player
from engine.rules.rolls import Test


def animosity_applies(g: GameState, p: int, q: int) -> bool:
    """Whether player ``p``'s Animosity (X) covers team-mate ``q``: never a
    Star Player or a Mercenary ("Animosity does not extend to Mercenaries or
    Star Players"; Decision: BB2025 too, its change being the keywords)."""
    if not g.skills[p] & S.ANIMOSITY or q < 0 or g.team[q] != g.team[p]:
        return False
    if star_player(g, q) or mercenary(g, q):
        return False
    param = (g.param(p, S.ANIMOSITY) or "all").lower()
    if param.startswith("all"):
        return True
    return g.variant.animosity_covers(g, q, param)


def animosity_test(p: int) -> Test:
    """Animosity's D6 (1: the player refuses the Pass or Hand-off). It is
    an ordinary roll of the player's team, so a team re-roll (or Pro) may
    re-roll it (rules_and_regulations.md "Team Re-rolls")."""
    return Test("animosity", p, 2, natural=False)


def animosity_by_position(g: GameState, q: int, param: str) -> bool:
    """BB2020: Animosity (X) names positions ("Orc Linemen", "Big Un
    Blockers"), matched against team-mate ``q``'s position slug."""
    pos = g.sheets[g.team[q]].players[
        q - (0 if g.team[q] == 0 else len(g.sheets[0].players))
    ]
    slug = pos.position.lower()
    for part in param.replace("linemen", "lineman").split(" and "):
        words = [
            w.rstrip("s") if w.endswith("s") and len(w) > 3 else w for w in part.split()
        ]
        words = [w[:-1] if w.endswith("uns") else w for w in words]
        key = "-".join(words).replace("big-un", "big-un")
        if key and (key in slug or words[0] in slug):
            return True
    return False
