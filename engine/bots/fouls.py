"""The scripted bot's Fouls: :func:`try_foul`, late in the team turn (after
the blocks), when it pays.

A Foul breaks the victim's armour on 2D6 plus the assists reaching his AV
(rulebook "Foul": offensive assists are team-mates next to the victim,
defensive ones opponents next to the fouler's square; the format's own
armour rule judges the total); a double on that
roll sends the fouler off. The bot fouls with a player who reaches a
square next to a Prone or Stunned opponent without dice and nobody needs,
the cheapest-looking one (no ball, fewest skills), when the armour breaks
at least :data:`MIN_BREAK` of the time, choosing the victim most likely
broken (the strongest on a tie).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.bots.context import Ctx, Intent
from engine.core.state import PITCH, STANDING, TF_FOUL

MIN_BREAK = 0.5  # the armour roll's chance to break, at least

# The 36 totals of 2D6, each once.
_TWO_D6 = tuple(a + b for a in range(1, 7) for b in range(1, 7))


def break_chance(av: int, mod: int, broken: Callable[[int, int], bool]) -> float:
    """Chance that 2D6 + ``mod`` breaks armour ``av`` by the format's rule
    ``broken`` (total, AV): its ``armour_broken``."""
    return sum(1 for t in _TWO_D6 if broken(t + mod, av)) / 36.0


def _assists(c: Ctx, victim_sq: int, foul_sq: int, fouler: int) -> int:
    """Offensive less defensive assists (a rough count: standing players
    with Tackle Zones next to the victim's / the fouler's square)."""
    g = c.g
    mod = 0
    for s in g.pitch.neighbours[victim_sq]:
        q = g.board[s]
        if q >= 0 and q != fouler and g.team[q] == c.t and g.status[q] == STANDING:
            mod += 1 if g.has_tz(q) else 0
    for s in g.pitch.neighbours[foul_sq]:
        q = g.board[s]
        if q >= 0 and g.team[q] != c.t and g.status[q] == STANDING and g.has_tz(q):
            mod -= 1
    return mod


def try_foul(c: Ctx) -> Intent | None:
    """Once per team turn: the Foul most likely to break armour, if it
    breaks at least :data:`MIN_BREAK` of the time (see the module)."""
    g = c.g
    # Decision: no Fouls in a dungeon, where six players have Chests to
    # open and a ball to carry home, and one sent off is a sixth of them
    if g.dungeon is not None or g.tflags & TF_FOUL or "foul" in c.turn_memo:
        return None
    c.turn_memo["foul"] = True
    victims = [
        q
        for q in range(g.n)
        if g.team[q] != c.t and g.box[q] == PITCH and g.status[q] != STANDING
    ]
    if not victims:
        return None
    broken = g.variant.armour_broken
    best: tuple[float, int, int, int, int, int] | None = None
    for p in c.avail:
        if (
            p == g.carrier
            or g.status[p] != STANDING
            or not c.can(p, "foul")
            or c.z.tz[g.pos[p]]
        ):
            continue
        r = c.safe_reach(p)
        cost = bin(g.skills[p]).count("1")
        for v in victims:
            for s in g.pitch.neighbours[g.pos[v]]:
                if s != g.pos[p] and (g.board[s] >= 0 or not r.has(s)):
                    continue
                pb = break_chance(g.av[v], _assists(c, g.pos[v], s, p), broken)
                key = (pb, -cost, g.st[v], -p, s, v)
                if pb >= MIN_BREAK and (best is None or key > best):
                    best = key
    if best is None:
        return None
    _, _, _, np, s, v = best
    p = -np
    path = c.safe_reach(p).path(s) if s != g.pos[p] else []
    return Intent(p, "foul", path, "foul", ("foul", v), v)


__all__ = ["break_chance", "try_foul"]
