"""The scripted bot's policy for special actions and traits (Stab, Breathe
Fire, Hypnotic Gaze, Trickster, Hit and Run, Bloodlust), kept apart from
its planner: :func:`refine` may replace the planner's choice for a few
decision kinds, and :data:`HANDLERS` answer the new decision kinds.

* Stab / Breathe Fire instead of the planned Block when the expected
  result beats the block dice (Stab: the chance to break armour; Breathe
  Fire: 4+ lays the target down, 1 lays ours down).
* Hypnotic Gaze: first, on an opponent Marking our ball carrier; at the
  end of the turn, by any Vampire left Marking a Standing opponent.
* Trickster: the free square next to the attacker with the most
  team-mates and fewest opponents around (else stay).
* Hit and Run: out of reach (the square furthest from opponents), always.
* Bloodlust: keep the declared action; a hungry carrier bites at once (so
  it may still score or pass); a hungry player about to stop with no Thrall
  next to it steps towards one it can still reach (safe steps only); at
  the end bite a Thrall who is already down and not holding the ball
  first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import or_
from typing import Any

from engine.bots.blockmath import block_odds
from engine.core import skillbits as S
from engine.core.state import (
    PF_HUNGRY,
    PF_USED,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
)
from engine.rules.bloodlust import is_thrall

STAB = S.STAB
BREATHE_FIRE = S.BIT["breathe-fire"]
HYPNOTIC_GAZE = S.BIT["hypnotic-gaze"]
_SPECIAL = STAB | BREATHE_FIRE
_REFINED = frozenset({"block_target", "move", "activate"})
# 2D6 >= n, n = 0..12
_P2D6 = tuple(
    sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36
    for n in range(13)
)


def _p_armour(av: int) -> float:
    return _P2D6[max(0, min(12, av))]


def _special_block(g: GameState, p: int, q: int, opts: tuple[Option, ...]) -> Option:
    """The best of Block / Stab / Breathe Fire by ``p`` on ``q``."""
    pdd, pad, _, _ = block_odds(g, p, q)
    best: Option = g.pl_opts[q]["block"]
    value = pdd - 1.5 * pad
    pid = g.pid[q]
    stab = ("stab", pid)
    if stab in opts and _p_armour(g.av[q]) * 1.2 > value:
        best, value = stab, _p_armour(g.av[q]) * 1.2
    fire = ("breathe_fire", pid)
    if fire in opts:
        big = g.st[q] >= 5
        v = (1 / 3 - 0.5) if big else (0.5 - 0.25)
        if v > value:
            best = fire
    return best


def _gaze_activation(
    g: GameState, d: Decision, t: int, carrier_only: bool
) -> Option | None:
    """A Hypnotic Gaze activation worth making now, if any."""
    if not reduce(or_, g.skills, 0) & HYPNOTIC_GAZE:
        return None  # nobody gazes (the usual case)
    carrier = g.carrier
    ours = carrier >= 0 and g.team[carrier] == t
    cpos = g.pos[carrier] if ours else -1
    for p in range(g.n):
        if (
            g.team[p] != t
            or not g.skills[p] & HYPNOTIC_GAZE
            or g.box[p] != PITCH
            or g.status[p] != STANDING
            or g.pflags[p] & PF_USED
            or p == carrier
        ):
            continue
        o = g.act_opts[p]["hypnotic_gaze"]
        if o not in d.options:
            continue
        for s in g.pitch.neighbours[g.pos[p]]:
            q = g.board[s]
            if q < 0 or g.team[q] == t or not g.has_tz(q):
                continue
            if not carrier_only or (cpos >= 0 and g.pos[q] in g.pitch.neighbours[cpos]):
                return o
    return None


def _gaze_target(g: GameState, p: int, opts: tuple[Option, ...]) -> Option | None:
    """The opponent to gaze at: one Marking our carrier, else the
    strongest."""
    gazes = [o for o in opts if o[0] == "gaze"]
    if not gazes:
        return None
    t = g.team[p]
    carrier = g.carrier
    cpos = g.pos[carrier] if carrier >= 0 and g.team[carrier] == t else -1

    def key(o: Option) -> tuple[bool, int]:
        q = g.idx[o[1]]
        return (cpos >= 0 and g.pos[q] in g.pitch.neighbours[cpos], g.st[q])

    return max(gazes, key=key)


def refine(d: Decision, g: GameState, choice: Option) -> Option:
    """The planner's ``choice`` for ``d``, or a special option instead."""
    kind = d.kind
    if kind not in _REFINED:
        return choice
    opts = d.options
    if kind == "activate":
        t = 0 if d.team == "home" else 1
        o = _gaze_activation(g, d, t, carrier_only=choice != ("end_turn",))
        return o if o is not None else choice
    p = g.idx[d.player] if d.player is not None else -1
    if p < 0:
        return choice
    if kind == "move":
        if g.act_action == "hypnotic_gaze":
            o = _gaze_target(g, p, opts)
            if o is not None:
                return o
        if g.pflags[p] & PF_HUNGRY:
            bites = [o for o in opts if o[0] == "bite"]
            if bites and g.carrier == p:
                return _bite(g, bites)
            if not bites and choice == ("end",):
                step = _towards_thrall(g, p, opts)
                if step is not None:
                    return step
    if choice[0] == "block" and g.skills[p] & _SPECIAL:
        return _special_block(g, p, g.idx[choice[1]], opts)
    return choice


def _towards_thrall(g: GameState, p: int, opts: tuple[Option, ...]) -> Option | None:
    """A hungry player about to stop: one safe step (no Dodge, no Rush)
    towards the nearest Thrall it can still reach, if any."""
    t = g.team[p]
    left = g.ma[p] - g.act_ma_used
    if left <= 0 or g.markers(g.pos[p], t):
        return None
    dist = g.pitch.distance
    thralls = [
        g.pos[q]
        for q in range(g.n)
        if q != p and g.team[q] == t and g.box[q] == PITCH and is_thrall(g, q)
    ]
    here = min((dist(g.pos[p], s) for s in thralls), default=99)
    if here > left + 1:
        return None
    best: Option | None = None
    for o in opts:
        if o[0] != "move":
            continue
        d = min(dist(o[1], s) for s in thralls)
        if d < here:
            best, here = o, d
    return best


def _bite(g: GameState, opts: list[Option] | tuple[Option, ...]) -> Option:
    bites = [o for o in opts if o[0] == "bite"]
    if not bites:
        return opts[0]

    def key(o: Option) -> tuple[bool, bool]:
        q = g.idx[o[1]]
        return (g.carrier == q, g.status[q] == STANDING)

    return min(bites, key=key)


def _bloodlust_bite(bot: Any, d: Decision, g: GameState) -> Option:
    return _bite(g, d.options)


def _bloodlust_action(bot: Any, d: Decision, g: GameState) -> Option:
    return ("keep",)


def _score_square(g: GameState, sq: int, t: int) -> int:
    mates = foes = 0
    for s in g.pitch.neighbours[sq]:
        q = g.board[s]
        if q >= 0 and g.status[q] == STANDING:
            if g.team[q] == t:
                mates += 1
            else:
                foes += 1
    return mates - foes


def _trickster(bot: Any, d: Decision, g: GameState) -> Option:
    p = g.idx[d.player] if d.player is not None else -1
    squares = [o for o in d.options if o[0] == "square"]
    if p < 0 or not squares:
        return ("decline",)
    t = g.team[p]
    here = _score_square(g, g.pos[p], t) - 1  # p's own attacker counts there
    best = max(squares, key=lambda o: _score_square(g, o[1], t))
    return best if _score_square(g, best[1], t) > here else ("decline",)


def _hit_and_run(bot: Any, d: Decision, g: GameState) -> Option:
    p = g.idx[d.player] if d.player is not None else -1
    squares = [o for o in d.options if o[0] == "square"]
    if p < 0 or not squares:
        return ("decline",)
    t = g.team[p]
    foes = [g.pos[q] for q in range(g.n) if g.team[q] != t and g.box[q] == PITCH]
    dist = g.pitch.distance

    def key(o: Option) -> int:
        return min((dist(o[1], f) for f in foes), default=0)

    return max(squares, key=key)


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option]] = {
    "bloodlust_bite": _bloodlust_bite,
    "bloodlust_action": _bloodlust_action,
    "trickster": _trickster,
    "hit_and_run": _hit_and_run,
}

__all__ = ["HANDLERS", "refine"]
