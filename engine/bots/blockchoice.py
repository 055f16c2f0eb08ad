"""The scripted bot's block dice, pushes and follow-ups (the choices of a
Block in progress, read from the procedure on top of the stack): the face
it picks (POW > Stumble > Push > Both Down (with Block) > Player Down, the
reverse as the defender choosing), where it pushes (away from the
sidelines, their carrier back, never next to our carrier) and whether it
follows up (keeping the cage and their carrier Marked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bots.blockmath import face_value
from engine.bots.context import cheb
from engine.core import skillbits as S
from engine.core.dice import BOTH_DOWN, PLAYER_DOWN, POW, PUSH, STUMBLE
from engine.core.state import Decision, GameState, Option

BLOCK = S.BIT["block"]
DODGE = S.BIT["dodge"]
TACKLE = S.BIT["tackle"]
FACE = {
    "player_down": PLAYER_DOWN,
    "both_down": BOTH_DOWN,
    "push": PUSH,
    "stumble": STUMBLE,
    "pow": POW,
}


def block_context(g: GameState) -> tuple[int, int, bool]:
    """(attacker, defender, attacker chooses) of the Block in progress."""
    top = g.stack[-1] if g.stack else None
    att = getattr(top, "att", -1)
    dfn = getattr(top, "dfn", -1)
    chooses = bool(getattr(top, "att_chooses", True))
    return (
        att if isinstance(att, int) else -1,
        dfn if isinstance(dfn, int) else -1,
        chooses,
    )


def face_values(g: GameState, att: int, dfn: int) -> dict[int, float]:
    ska = g.skills[att] if att >= 0 else 0
    skd = g.skills[dfn] if dfn >= 0 else 0
    dfn_tz = dfn >= 0 and g.has_tz(dfn)
    ab = bool(ska & BLOCK)
    db = bool(skd & BLOCK) and dfn_tz
    dd = bool(skd & DODGE) and dfn_tz and not ska & TACKLE
    return {f: face_value(f, ab, db, dd) for f in FACE.values()}


def block_die(bot: Any, d: Decision, g: GameState) -> Option:
    t = _team(d)
    att, dfn, _ = block_context(g)
    if att < 0 and d.player is not None:
        att = g.idx.get(d.player, -1)
    vals = face_values(g, att, dfn)
    mine = att >= 0 and g.team[att] == t
    best = None
    bv = 0.0
    for o in d.options:
        f = FACE.get(o[1], 0)
        v = vals.get(f, 0.0)
        if not mine:
            v = -v
        if best is None or v > bv:
            best, bv = o, v
    return best if best is not None else d.options[0]


def push(bot: Any, d: Decision, g: GameState) -> Option:
    pitch = g.pitch
    t = _team(d)
    q = g.idx.get(d.player if d.player is not None else -1, -1)
    h = pitch.height
    w = pitch.width
    our_carrier = g.carrier if g.carrier >= 0 and g.team[g.carrier] == t else -1
    their_carrier = q >= 0 and q == g.carrier and g.team[q] != t

    def value(o: Option) -> float:
        s = o[1]
        y = pitch.ys[s]
        x = pitch.xs[s]
        edge = min(y, h - 1 - y)
        v = -1.5 * edge if edge < 3 else -4.5
        if q >= 0 and g.team[q] != t:
            if our_carrier >= 0 and cheb(w, s, g.pos[our_carrier]) <= 1:
                v -= 3.0
            if their_carrier:
                # push the carrier back, away from where it scores
                v += 0.8 * (w - 1 - x if g.team[q] == 0 else x)
            if g.ball >= 0 and s == g.ball:
                v -= 0.5
        else:
            v = -v
        return v

    return max(d.options, key=value)


def follow_up(bot: Any, d: Decision, g: GameState) -> Option:
    t = _team(d)
    att, dfn, _ = block_context(g)
    top = g.stack[-1] if g.stack else None
    dst = getattr(top, "dfn_from", -1)
    knocked = bool(getattr(top, "pow", False))
    if att < 0 or not isinstance(dst, int) or dst < 0:
        return ("follow",)
    w = g.pitch.width
    here = g.pos[att]
    carrier = g.carrier
    if carrier == att:
        return ("stay",)
    if carrier >= 0 and g.team[carrier] == t:
        if cheb(w, here, g.pos[carrier]) <= 1 < cheb(w, dst, g.pos[carrier]):
            return ("stay",)
    if carrier >= 0 and carrier == dfn and not knocked:
        return ("follow",)  # keep the carrier marked
    # Tackle Zones at both squares, the pushed defender counted only
    # when it stays on its feet.
    ign = dfn if knocked else -1
    m_here = _markers(g, here, t, ign)
    m_dst = _markers(g, dst, t, ign) + (0 if knocked or dfn < 0 else 1)
    if m_dst <= m_here:
        return ("follow",)
    return ("stay",)


def _markers(g: GameState, sq: int, t: int, ignore: int) -> int:
    c = 0
    for s in g.pitch.neighbours[sq]:
        q = g.board[s]
        if q >= 0 and q != ignore and g.team[q] != t and g.has_tz(q):
            c += 1
    return c


def _team(d: Decision) -> int:
    return 0 if d.team == "home" else 1


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option]] = {
    "block_die": block_die,
    "push": push,
    "follow_up": follow_up,
}
