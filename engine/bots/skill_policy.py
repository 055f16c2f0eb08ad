"""The scripted bot's small policy for the secret weapons and swarms
(Bombardier, Chainsaw, Ball & Chain, Swoop, Swarming, Kick Team-mate):
when to take those Special actions, and their decisions. Kept apart from
the planner; :class:`engine.bots.scripted.ScriptedBot` calls
:func:`special_activation` first when choosing an activation and routes
the decisions in :data:`SKILL_HANDLERS` here."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from engine.core.state import PITCH, STANDING, Decision, GameState, Option
from engine.rules.range_ruler import SHORT, pass_band

# A bomb is thrown only at a square worth this much (opponents hit count
# +1, or +0.5 next to it; team-mates -1.5 / -0.75).
_BOMB_WORTH = 1.0
# A Ball & Chain player is set loose only with an opponent this close.
_CHAIN_REACH = 4
# The activations :func:`special_activation` may choose.
_SPECIAL_ACTIONS = frozenset({"chainsaw", "throw_bomb", "ball_and_chain"})
_LAST = itemgetter(-1)


def _team(d: Decision) -> int:
    return 0 if d.team == "home" else 1


def _bomb_value(g: GameState, sq: int, t: int) -> float:
    v = 0.0
    q = g.board[sq]
    if q >= 0:
        v += 1.0 if g.team[q] != t else -1.5
    for s in g.pitch.neighbours[sq]:
        q = g.board[s]
        if q >= 0:
            v += 0.5 if g.team[q] != t else -0.75
    return v


def _bomb_square(g: GameState, p: int) -> tuple[float, int]:
    """The best square for ``p``'s bomb within Short range, not next to
    ``p`` (an inaccurate bomb lands close enough already)."""
    t = g.team[p]
    pitch = g.pitch
    x0, y0 = pitch.xy(g.pos[p])
    near = pitch.neighbours[g.pos[p]]
    best, best_sq = 0.0, -1
    for q in range(g.n):
        if g.team[q] == t or g.box[q] != PITCH:
            continue
        for sq in (g.pos[q],) + tuple(pitch.neighbours[g.pos[q]]):
            if sq == g.pos[p] or sq in near:
                continue
            band = pass_band(pitch.xs[sq] - x0, pitch.ys[sq] - y0)
            if not 0 < band <= SHORT:
                continue
            v = _bomb_value(g, sq, t) - 0.25 * (band - 1)
            if v > best:
                best, best_sq = v, sq
    return best, best_sq


def _nearest_opponent(g: GameState, p: int) -> tuple[int, int]:
    """(distance, square) of the nearest Standing opponent, (99, -1) if
    none."""
    t = g.team[p]
    dist = g.pitch.distance
    best = (99, -1)
    for q in range(g.n):
        if g.team[q] != t and g.box[q] == PITCH and g.status[q] == STANDING:
            d = dist(g.pos[p], g.pos[q])
            if d < best[0]:
                best = (d, g.pos[q])
    return best


def special_activation(d: Decision, g: GameState) -> Option | None:
    """An activation for a Special action worth taking now, or None: a
    Chainsaw Attack next to an opponent, a bomb at a crowd of opponents, a
    Ball & Chain player with an opponent within reach."""
    if _SPECIAL_ACTIONS.isdisjoint(map(_LAST, d.options)):
        return None  # none offered (the usual case): no need to look
    opts = set(d.options)
    for p in range(g.n):
        ao = g.act_opts[p]
        if ao["chainsaw"] in opts:
            return ao["chainsaw"]
        if ao["throw_bomb"] in opts and _bomb_square(g, p)[0] >= _BOMB_WORTH:
            return ao["throw_bomb"]
        if ao["ball_and_chain"] in opts and _nearest_opponent(g, p)[0] <= _CHAIN_REACH:
            return ao["ball_and_chain"]
    return None


def bomb_target(bot: Any, d: Decision, g: GameState) -> Option | None:
    p = g.idx[d.player] if d.player is not None else -1
    if p < 0:
        return None
    _, sq = _bomb_square(g, p)
    if sq >= 0 and g.pitch.square_opts[sq] in d.options:
        return g.pitch.square_opts[sq]
    # a bomb to throw again at once: as far from team-mates as possible
    t = g.team[p]
    return max(d.options, key=lambda o: _bomb_value(g, o[1], t))


def chainsaw_target(bot: Any, d: Decision, g: GameState) -> Option | None:
    """The ball carrier, else the lowest Armour Value."""
    return min(
        d.options,
        key=lambda o: (g.idx[o[1]] != g.carrier, g.av[g.idx[o[1]]]),
    )


def _facing_towards(
    g: GameState, frm: int, to: int, opts: tuple[Option, ...]
) -> Option:
    x0, y0 = g.pitch.xy(frm)
    x1, y1 = g.pitch.xy(to)
    vx, vy = x1 - x0, y1 - y0
    return max(
        (o for o in opts if o[0] == "facing"), key=lambda o: o[1] * vx + o[2] * vy
    )


def ball_and_chain(bot: Any, d: Decision, g: GameState) -> Option | None:
    """Face the nearest Standing opponent; stop when none is within reach
    or when the next square would be a Rush."""
    p = g.idx[d.player] if d.player is not None else -1
    if p < 0:
        return None
    dist, sq = _nearest_opponent(g, p)
    if sq < 0 or dist > _CHAIN_REACH or g.act_ma_used >= g.ma[p]:
        return ("end",)
    return _facing_towards(g, g.pos[p], sq, d.options)


def swoop(bot: Any, d: Decision, g: GameState) -> Option | None:
    """Face the End Zone the team scores in."""
    fx = 1 if _team(d) == 0 else -1
    return ("facing", fx, 0)


def swarming(bot: Any, d: Decision, g: GameState) -> Option | None:
    """Every Swarming player it may, two squares behind its own Line of
    Scrimmage and as near the middle as possible."""
    t = _team(d)
    pitch = g.pitch
    los_x = pitch.home_los_x if t == 0 else pitch.away_los_x
    back = -2 if t == 0 else 2
    mid = pitch.height // 2
    swarms = [o for o in d.options if o[0] == "swarm"]
    if not swarms:
        return ("done",)
    return min(
        swarms,
        key=lambda o: abs(pitch.xs[o[2]] - (los_x + back)) + abs(pitch.ys[o[2]] - mid),
    )


def chain_push(bot: Any, d: Decision, g: GameState) -> Option | None:
    return d.options[0]


SKILL_HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option | None]] = {
    "bomb_target": bomb_target,
    "chainsaw_target": chainsaw_target,
    "ball_and_chain": ball_and_chain,
    "swoop": swoop,
    "punt": swoop,
    "swarming": swarming,
    "chain_push": chain_push,
}
