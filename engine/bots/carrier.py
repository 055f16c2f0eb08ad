"""Where the ball carrier goes: a rough chance to score this half for each
square it can reach (cage corners, being marked, the sideline, the turns
left), and the carrier's moves built on it."""

from __future__ import annotations

from engine.bots.context import (
    LIKELY,
    RUN_P,
    SAFE,
    Ctx,
    Intent,
    W,
    _matching,
    fill_masks,
)
from engine.bots.pathing import grid
from engine.core.state import (
    PITCH,
    PRONE,
    STANDING,
    STUNNED,
)


def ez_dist(c: Ctx) -> list[float]:
    """Moves from every square to our End Zone going round the opponents:
    a step costs 1, leaving a Marked square 2 more (a Dodge); squares held
    by opponents are walls (shortest paths from the End Zone, found level
    by level on bitmasks; unreachable squares are 99.0)."""
    got = c.sig_memo.get("ez_dist")
    if got is not None:
        dist: list[float] = got
        return dist
    g = c.g
    pitch = g.pitch
    gr = grid(pitch)
    team = g.team
    t = c.t
    pos = g.pos
    walls = 0
    for q in range(g.n):
        if team[q] != t and pos[q] >= 0:
            walls |= 1 << pos[q]
    marked = c.z.marked & ~walls
    unmarked = gr.full & ~walls & ~c.z.marked
    # Level d: the squares d moves away, found from the squares next to
    # level d - 1 (a step) or, for Marked squares, level d - 3 (a Dodge).
    reached = (gr.first << c.ez_x) & ~walls
    levels = [reached]
    grown = [gr.dilate(reached)]
    dilate = gr.dilate
    d = 0
    while d < 98:
        d += 1
        new = grown[d - 1] & unmarked
        if d >= 3:
            new |= grown[d - 3] & marked
        new &= ~reached
        levels.append(new)
        if new:
            reached |= new
            grown.append(dilate(new))
        else:
            grown.append(0)
            if d >= 3 and not levels[d - 1] and not levels[d - 2]:
                break
    dist = [99.0] * pitch.size
    for d, m in enumerate(levels):
        v: float = d if d else 0.0
        # the squares of the level from its bits written out, lowest first
        bits = format(m, "b")[::-1]
        i = bits.find("1")
        while i >= 0:
            dist[i] = v
            i = bits.find("1", i + 1)
    c.sig_memo["ez_dist"] = dist
    return dist


# Chance the opponents knock our carrier down in their next turn, by how
# many cage corners it has (with at least two opponents in range).
_RISK_KEYS = ("risk0", "risk1", "risk2", "risk3", "risk4")


# The corner squares of a cage: (1, 1), (1, -1), (-1, 1), (-1, -1) in
# :data:`engine.core.pitch.D8_DIRECTIONS`.
_CORNERS = (8, 3, 6, 1)


def carrier_value(
    c: Ctx,
    cp: int,
    sq: int,
    masks: dict[int, int],
    threats: list[tuple[int, int, int, int]],
    dist: list[float],
) -> float:
    """Rough chance to score from ``sq`` this half: the carrier must
    survive the opponents' next turn (cage, Tackle Zones, threats in
    range), then each later turn, and have the turns to get there."""
    g = c.g
    pitch = g.pitch
    w = c.w
    if c.togo(sq) == 0:
        return 1.0
    y = sq // w
    # cage: corners already held, off the pitch, or fillable by a helper
    x0 = sq % w
    cage = 0.0
    open_masks = []
    board = g.board
    team = g.team
    status = g.status
    avail = c.avail
    t = c.t
    steps = pitch.steps
    stay_bit = 1 << 30
    for corner in _CORNERS:
        s = steps[corner][sq]
        if s < 0:
            cage += W["offpitch_corner"]
            continue
        q = board[s]
        if q >= 0 and q != cp:
            if team[q] == t and status[q] == STANDING:
                a = avail.get(q)
                if a is not None and "move" in a:
                    open_masks.append(masks[s] | stay_bit)
                    stay_bit <<= 1
                else:
                    cage += 1.0
            continue
        m = masks[s]
        if m:
            open_masks.append(m)
    if open_masks:
        cage += _matching(open_masks)
    if cage > 4.0:
        cage = 4.0
    n = 0
    for x_lo, x_hi, y_lo, y_hi in threats:
        if x_lo <= x0 <= x_hi and y_lo <= y <= y_hi:
            n += 1
            if n > 1:
                break
    if n == 0:
        risk = 0.03
    else:
        lo = int(cage)
        frac = cage - lo
        risk = W[_RISK_KEYS[lo]]
        if frac > 0.0:
            risk += frac * (W[_RISK_KEYS[lo + 1]] - risk)
        if n == 1:
            risk *= 0.7
    risk += W["marked_risk"] * c.z.tz[sq]
    if y == 0 or y == pitch.height - 1:
        risk += W["sideline_risk"]
    if risk > 0.95:
        risk = 0.95
    d = dist[sq]
    turns_left = g.variant.turns_per_half - g.turn[t]
    sprint = g.ma[cp] + 2
    k = 1.0 if d <= sprint else 1.0 + (d - sprint) / W["cage_speed"]
    v: float = (1.0 - risk) * (1.0 - W["future_risk"]) ** (k - 1.0)
    if k > turns_left:
        v *= 0.15 ** (k - turns_left)
    return v - 0.001 * d


def threats_of(c: Ctx) -> list[tuple[int, int, int, int]]:
    """The squares in reach of each opponent who can act next turn, as a
    box (first and last column, first and last row): within his Movement
    plus 3 (less 3 to stand up) in both directions."""
    g = c.g
    w = c.w
    out = []
    for q in range(g.n):
        if g.team[q] == c.t or g.box[q] != PITCH or g.status[q] == STUNNED:
            continue
        rng = g.ma[q] + 3 - (3 if g.status[q] == PRONE else 0)
        x, y = g.pos[q] % w, g.pos[q] // w
        out.append((x - rng, x + rng, y - rng, y + rng))
    return out


def carrier_options(c: Ctx, cp: int) -> list[tuple[float, int, float]]:
    """The carrier's candidate squares as (expected gain, square, path
    chance), best first. Only the most promising squares (nearest the End
    Zone round the opponents, off their Tackle Zones) are valued: the
    best dice-free ones and the best others."""
    key = f"cc{cp}"
    got = c.memo.get(key)
    if got is not None:
        res: list[tuple[float, int, float]] = got
        return res
    g = c.g
    r = c.reach(cp, "full")
    here = g.pos[cp]
    masks = fill_masks(c, cp)
    threats = threats_of(c)
    dist = ez_dist(c)
    base = carrier_value(c, cp, here, masks, threats, dist)
    tz = c.z.tz
    safe: list[tuple[float, int]] = []
    risky: list[tuple[float, int]] = []
    for sq, pr in r.prob.items():
        if sq == here or pr < 0.5:
            continue
        k = dist[sq] + 3.0 * tz[sq] + 2.0 * (1.0 - pr)
        (safe if pr >= SAFE else risky).append((k, sq))
    safe.sort()
    risky.sort()
    out = []
    prob = r.prob
    lose = W["lose"]
    for _, sq in safe[:12] + risky[:12]:
        pr = prob[sq]
        v = carrier_value(c, cp, sq, masks, threats, dist)
        out.append((pr * v - (1.0 - pr) * lose - base, sq, pr))
    out.sort(reverse=True)
    c.memo[key] = out
    return out


def carrier_choice(c: Ctx, cp: int, min_p: float) -> tuple[float, int]:
    """(expected gain, square) of the carrier's best move along a path at
    least ``min_p`` likely."""
    for ev, sq, pr in carrier_options(c, cp):
        if pr >= min_p:
            return (ev, sq) if ev > 0.0 else (0.0, c.g.pos[cp])
    return 0.0, c.g.pos[cp]


def try_carrier_risky(c: Ctx) -> Intent | None:
    """A carrier move that needs dice, if worth it."""
    g = c.g
    cp = g.carrier
    if not c.can(cp, "move"):
        return None
    gain, sq = carrier_choice(c, cp, 0.5)
    if gain > W["carrier_gain"] and sq != g.pos[cp]:
        return Intent(cp, "move", c.path(cp, sq), "carry")
    return None


def try_carrier_safe(c: Ctx) -> Intent | None:
    """Move the carrier forward along a path that needs no dice."""
    g = c.g
    cp = g.carrier
    if not c.can(cp, "move") or c.z.tz[g.pos[cp]]:
        return None
    gain, sq = carrier_choice(c, cp, SAFE)
    if gain > W["carrier_gain"] and sq != g.pos[cp]:
        return Intent(cp, "move", c.path(cp, sq), "carry")
    return None


def try_carrier_escape(c: Ctx) -> Intent | None:
    """A Marked carrier nobody could free dodges away before the others
    move, so that they can form up round its new square."""
    g = c.g
    cp = g.carrier
    if not c.z.tz[g.pos[cp]]:
        return None
    return try_carrier_risky(c)


def try_carrier_late(c: Ctx) -> Intent | None:
    """Once, late in the turn: a carrier move that needs dice."""
    if "carrier_late" in c.turn_memo:
        return None
    c.turn_memo["carrier_late"] = True
    return try_carrier_risky(c)


def best_run(c: Ctx, q: int, masks: dict[int, int]) -> float:
    """Value of the best square player ``q`` could carry the ball to this
    turn (judged like a carrier's move; a few most promising squares)."""
    # on the last turn only a touchdown counts: a long shot at it too
    lo = LIKELY if c.last_turn else RUN_P
    r = c.reach(q, "full") if c.last_turn else c.reach(q, "run")
    dist = ez_dist(c)
    cands = sorted((dist[s], s) for s, pr in r.prob.items() if pr >= lo)[:4]
    threats = threats_of(c)
    best = 0.0
    for _, s in cands:
        v = r.prob[s] * carrier_value(c, q, s, masks, threats, dist)
        if v > best:
            best = v
    return best
