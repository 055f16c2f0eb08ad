"""The scripted bot's pass in a dungeon (:func:`pass_relay`): the carrier
throws the ball to a team-mate nearer the End Zone.

A dungeon allows only Quick and Short passes, in Line of Sight
(``engine.dungeon.sight.pass_range``): a few squares down a corridor or
across a room. That is still most of a turn's walk, and the receiver,
not yet activated, runs on with the ball. The carrier first walks (no
Dodge, no Rush: :func:`engine.bots.dungeon_escort.reach_squares`) to a
square unmarked by opponents, then throws to a team-mate standing
unmarked; the pass is thrown when the receiver's walk then ends at least
:data:`PASS_GAIN` squares nearer home than the carrier's own would, and
the throw, the catch and nobody intercepting are together at least
:data:`MIN_ODDS` likely (:data:`SCORE_ODDS` when the receiver scores
with it). A failed pass is a Turnover and a loose ball, usually nearer
home than the carrier stood.
"""

from __future__ import annotations

from engine.bots.pathing import catch_p, roll_p, with_rr
from engine.core import skillbits as S
from engine.core.state import (
    PF_USED,
    PITCH,
    STANDING,
    GameState,
    Option,
)
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.sight import pass_range

# Decision: a pass must bring the ball this many squares nearer home than
# the carrier's own walk (a Hand-off, with only the catch to fail, asks 3).
PASS_GAIN = 4
# Decision: the whole chain's chance (throw, no interception, catch), at
# least; a receiver who scores with the ball is worth a riskier throw.
MIN_ODDS = 0.45
SCORE_ODDS = 0.3

PASS_SKILL = S.BIT["pass"]
SHORT_REACH = 6  # the Short band's farthest row or column (range ruler)


def _interceptors(g: GameState, frm: int, to: int) -> list[int]:
    """Opponents standing with Tackle Zones within one square of the line
    of a pass from ``frm`` to ``to``, between the two."""
    w = g.pitch.width
    x0, y0 = frm % w, frm // w
    dx, dy = to % w - x0, to // w - y0
    length2 = dx * dx + dy * dy
    t = g.team[g.board[frm]] if g.board[frm] >= 0 else -1
    out = []
    for q in range(g.n):
        sq = g.pos[q]
        if sq < 0 or g.team[q] == t or g.box[q] != PITCH or not g.has_tz(q):
            continue
        qx, qy = sq % w, sq // w
        f = ((qx - x0) * dx + (qy - y0) * dy) / length2
        if f <= 0.0 or f >= 1.0:
            continue
        px, py = x0 + f * dx - qx, y0 + f * dy - qy
        if px * px + py * py <= 1.0:
            out.append(q)
    return out


def pass_odds(g: GameState, c: int, frm: int, q: int) -> float:
    """The chance that ``c``'s pass from ``frm`` (unmarked) reaches ``q``
    (unmarked) and is caught: an accurate pass (Pass or a team re-roll
    re-rolls it), nobody intercepting, the catch; 0 out of range."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    to = g.pos[q]
    band = pass_range(pitch.dungeon, frm, to)
    if band is None or g.pa[c] <= 0:
        return 0.0
    pp = roll_p(g.pa[c], -1 if band == "short" else 0)
    if g.skills[c] & PASS_SKILL or g.rerolls[g.team[c]] > 0:
        pp = with_rr(pp)
    for i in _interceptors(g, frm, to):
        pp *= 1.0 - roll_p(g.ag[i], -3)
    return pp * catch_p(g, q, 0)


def pass_relay(
    g: GameState, c: int, home: list[int], came: dict[int, int], left: int
) -> tuple[int, int] | None:
    """(receiver, square to throw from) of the carrier ``c``'s best pass
    (module docstring): ``came`` holds the squares he walks to without a
    Dodge or a Rush, ``left`` the squares of his walk still to go; None
    to keep the ball."""
    t = g.team[c]
    if g.pa[c] <= 0:  # the team's Pass action: the caller's
        return None
    here = home[g.pos[c]]
    solo = here - max(left, 0)
    spots = [s for s in came if not g.markers(s, t)]
    w = g.pitch.width
    best: tuple[float, int, int] | None = None
    for q in range(g.n):
        sq = g.pos[q]
        if (
            q == c
            or g.team[q] != t
            or g.box[q] != PITCH
            or g.status[q] != STANDING
            or g.pflags[q] & PF_USED
            or g.skills[q] & S.NO_HANDS
            or home[sq] < 0
            or g.markers(sq, t)
        ):
            continue
        after = max(home[sq] - g.ma[q], 0)
        if after > solo - PASS_GAIN:
            continue
        need = SCORE_ODDS if after == 0 else MIN_ODDS
        qx, qy = sq % w, sq // w
        for s in spots:
            if max(abs(s % w - qx), abs(s // w - qy)) > SHORT_REACH:
                continue  # out of range: no Line of Sight to work out
            odds = pass_odds(g, c, s, q)
            if odds < need:
                continue
            key = (odds - after / 10.0, q, s)
            if best is None or key > best:
                best = key
    return (best[1], best[2]) if best is not None else None


def pass_target(
    g: GameState, c: int, home: list[int], opts: tuple[Option, ...]
) -> Option | None:
    """The target square of the carrier's pass: the receiver
    :func:`pass_relay` finds from where he stands."""
    found = pass_relay(g, c, home, {g.pos[c]: -1}, 0)
    if found is None:
        return None
    o: Option = ("square", g.pos[found[0]])
    return o if o in opts else None


__all__ = ["pass_odds", "pass_relay", "pass_target"]
