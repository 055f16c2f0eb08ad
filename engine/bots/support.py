"""Everyone but the carrier: blitzes, favourable blocks, standing up, and
where the others stand (cage corners, screens, marking their carrier)."""

from __future__ import annotations

from array import array
from heapq import heapify, heappop, heappush

from engine.bots.blockmath import block_odds
from engine.bots.context import (
    BLOCK,
    Ctx,
    Intent,
    W,
    adjacent_opponents,
    cheb,
)
from engine.bots.pathing import (
    SafeReach,
    moves_budget,
    step_squares,
)
from engine.core.pitch import Pitch
from engine.core.state import (
    PITCH,
    PRONE,
    STANDING,
    STUNNED,
    TF_BLITZ,
)


# -- blitzes --------------------------------------------------------------------
def blitz_options(
    c: Ctx, target: int, candidates: list[int]
) -> tuple[float, int, int, float, bool] | None:
    """Best (value, blitzer, square, P knock-down, dice-free path) of a
    Blitz on ``target``: the path's chance, a Rush for the block if needed,
    and the block odds from that square (assists counted). A blitzer who
    gets next to the target with no dice (and Movement left for the
    block) is not searched with dice."""
    g = c.g
    if g.tflags & TF_BLITZ:
        return None
    w = c.w
    tsq = g.pos[target]
    cands = []
    for p in candidates:
        if not c.can(p, "blitz"):
            continue
        free, rush = moves_budget(g, p)
        d = cheb(w, g.pos[p], tsq)
        if d > free + rush:
            continue
        cands.append((d > free, -g.st[p], d, p))
    cands.sort()
    best: tuple[float, int, int, float, bool] | None = None
    around = g.pitch.neighbours[tsq]
    for _, _, _, p in cands[:3]:
        free, rush = moves_budget(g, p)
        squares = []
        sr = c.safe_reach(p)
        for s in around:
            k = sr.steps(s)
            if 0 <= k < free or s == g.pos[p]:
                squares.append((1.0, s))
        safe = bool(squares)
        if not safe:
            r = c.reach(p, "near", tsq)
            for s in around:
                pr = r.prob.get(s, 0.0)
                if pr <= 0.0:
                    continue
                k = r.steps(s)
                if k + 1 > free + rush:
                    continue
                if k + 1 > free:
                    pr *= 5.0 / 6.0
                squares.append((pr, s))
        squares.sort(reverse=True)
        for pr, s in squares[:3]:
            pdd, pad, _, _ = block_odds(g, p, target, s, blitz=True)
            v = pr * (pdd + 0.15) - 0.3 * (1.0 - pr) - 0.5 * pr * pad
            if best is None or v > best[0]:
                best = (v, p, s, pr * pdd, safe)
    return best


def try_blitz_carrier(c: Ctx) -> Intent | None:
    """Blitz the opposing carrier when it can knock it down."""
    g = c.g
    cp = g.carrier
    if g.status[cp] != STANDING or g.tflags & TF_BLITZ:
        return None
    if "blitz_carrier" in c.memo:
        return None
    c.memo["blitz_carrier"] = True
    best = blitz_options(c, cp, list(c.avail))
    if best is None or best[3] < 0.12:
        return None
    _, p, s, _, safe = best
    # a dice-free way there and little risk in the block: blitz before the
    # others move, who can then take the ball it knocks loose
    pad = block_odds(g, p, cp, s, blitz=True)[1]
    c.memo["blitz_now"] = safe and pad <= W["blitz_first_pad"]
    if s == g.pos[p]:
        path = []
    elif safe:
        path = c.path(p, s, "safe")
    else:
        path = c.path(p, s, "near", g.pos[cp])
    return Intent(p, "blitz", path, "blitz", ("block", cp), cp)


def try_blitz_any(c: Ctx) -> Intent | None:
    """A blitz with the dice in our favour on anyone, late in the turn."""
    g = c.g
    if g.tflags & TF_BLITZ or "blitz_any" in c.turn_memo:
        return None
    c.turn_memo["blitz_any"] = True
    w = c.w
    tz = c.z.tz
    cands = [
        p
        for p in c.avail
        if c.can(p, "blitz")
        and p != g.carrier
        and g.status[p] == STANDING
        and not tz[g.pos[p]]
    ]
    if not cands:
        return None
    best: tuple[float, int, int, int] | None = None
    for q in range(g.n):
        if g.team[q] == c.t or g.box[q] != PITCH or g.status[q] != STANDING:
            continue
        qs = g.pos[q]
        for p in cands:
            if cheb(w, g.pos[p], qs) > g.ma[p]:
                continue
            if g.st[p] < g.st[q] and not g.skills[p] & BLOCK:
                continue
            r = c.safe_reach(p)
            n_tried = 0
            for s in g.pitch.neighbours[qs]:
                k = r.steps(s)
                if k < 0 or k + 1 > g.ma[p]:
                    continue
                n_tried += 1
                if n_tried > 3:
                    break
                pdd, pad, n, mine = block_odds(g, p, q, s, blitz=True)
                if not mine or (n < 2 and not g.skills[p] & BLOCK):
                    continue
                v = pdd - 1.5 * pad
                if v > 0.25 and (best is None or v > best[0]):
                    best = (v, p, s, q)
    if best is None:
        return None
    _, p, s, q = best
    return Intent(p, "blitz", c.path(p, s, "safe"), "blitz2", ("block", q), q)


def _blocks(c: Ctx, threshold: float, near: int, radius: float) -> Intent | None:
    g = c.g
    t = c.t
    carrier = g.carrier
    our_carrier = carrier if carrier >= 0 and g.team[carrier] == t else -1
    best: tuple[float, int, int] | None = None
    for a in c.avail:
        if a == carrier or not c.can(a, "block"):
            continue
        for q in adjacent_opponents(g, g.pos[a], t):
            if near >= 0 and cheb(c.w, g.pos[q], near) > radius:
                continue
            pdd, pad, n, mine = block_odds(g, a, q)
            if not mine or (n == 1 and not g.skills[a] & BLOCK):
                continue
            v = pdd - 1.3 * pad
            if q == carrier:
                v += pdd
            if our_carrier >= 0 and cheb(c.w, g.pos[q], g.pos[our_carrier]) <= 1:
                v += 0.3 * pdd
            if v > threshold and (best is None or v > best[0]):
                best = (v, a, q)
    if best is None:
        return None
    _, a, q = best
    return Intent(a, "block", [], "block", (), q)


# -- blocks --------------------------------------------------------------------
def try_early_blocks(c: Ctx) -> Intent | None:
    """Before the carrier moves: very favourable blocks near it (the
    players making them are Marked and could not move freely anyway)."""
    g = c.g
    cp = g.carrier
    if not c.can(cp, "move"):
        return None
    return _blocks(c, W["early_block"], g.pos[cp], W["early_radius"])


def try_blocks(c: Ctx) -> Intent | None:
    """The best block with the dice in our favour."""
    return _blocks(c, 0.2, -1, 0.0)


def try_stand_up(c: Ctx) -> Intent | None:
    """Prone players stand up (their Tackle Zones come back)."""
    g = c.g
    for p in c.avail:
        if g.status[p] == PRONE and c.can(p, "move") and g.ma[p] >= 3:
            return Intent(p, "move", [], "stand")
    return None


def offence_values(c: Ctx, cs: int, values: dict[int, float]) -> None:
    """Cage corners round our carrier, then a screen ahead of it."""
    g = c.g
    pitch = g.pitch
    w = c.w
    tz = c.z.tz
    x0, y0 = cs % w, cs // w
    fwd = 1 if c.t == 0 else -1
    for s in pitch.neighbours[cs]:
        if g.board[s] >= 0:
            continue
        diag = s % w != x0 and s // w != y0
        values[s] = (9.0 if diag else 3.0) - 0.3 * tz[s]
    if c.togo(cs) <= 1:
        return
    for dx in (2, 3):
        for dy in (-2, 0, 2):
            s = pitch.step(cs, dx * fwd, dy)
            if s < 0 or g.board[s] >= 0 or s in values:
                continue
            values[s] = W["screen"] - 0.5 * abs(dx - 2) - 0.5 * abs(dy) - 1.0 * tz[s]


def defence_values(c: Ctx, cs: int, values: dict[int, float]) -> None:
    """Markers on their carrier, then a screen towards our End Zone and
    markers on the players it could hand or throw the ball to."""
    g = c.g
    pitch = g.pitch
    tz = c.z.tz
    t = c.t
    w = c.w
    marks = 0
    for s in pitch.neighbours[cs]:
        q = g.board[s]
        if q >= 0 and g.team[q] == t and g.has_tz(q):
            marks += 1
    back = -1 if t == 0 else 1  # towards our own End Zone
    mv = 8.0 - 2.5 * marks
    for s in pitch.neighbours[cs]:
        if g.board[s] >= 0:
            continue
        dx = s % w - cs % w
        values[s] = mv + (0.7 if dx == back else 0.0) - 0.3 * tz[s]
    for dx in (2, 4):
        for dy in (-3, -1, 1, 3):
            s = pitch.step(cs, dx * back, dy)
            if s < 0 or g.board[s] >= 0 or s in values:
                continue
            values[s] = 5.5 - 0.5 * abs(dx - 3) - 0.5 * abs(dy) - 0.8 * tz[s]
    _receiver_marks(c, cs, values)


def _receiver_marks(c: Ctx, cs: int, values: dict[int, float]) -> None:
    """Squares Marking their players who could take a hand-off or a pass
    from the carrier on ``cs`` and run in next turn (on our side of them:
    between them and our End Zone)."""
    g = c.g
    w = c.w
    t = c.t
    tz = c.z.tz
    back = -1 if t == 0 else 1
    cp = g.carrier
    for q in range(g.n):
        if q == cp or g.team[q] == t or g.box[q] != PITCH or not g.has_tz(q):
            continue
        qs = g.pos[q]
        if cheb(w, qs, cs) > W["receiver_radius"]:
            continue
        x = qs % w
        togo = x if t == 0 else w - 1 - x  # to our End Zone
        if togo > g.ma[q] + 2:
            continue
        for s in g.pitch.neighbours[qs]:
            if g.board[s] >= 0 or s in values:
                continue
            dx = (s % w - x) * back
            values[s] = W["receiver_mark"] + 0.5 * dx - 0.5 * (tz[s] - 1)


# -- support moves (no dice) -------------------------------------------------------
def _default_base(
    pitch: Pitch, focus: int, offence: bool, ez_x: int
) -> tuple[array[float], list[int], list[int]]:
    """The value of every square for a helper before Tackle Zones: up the
    pitch near our carrier (``offence``), or close to ``focus``; and the
    squares by that value, best first (cached per pitch, in
    ``pitch.memo``; compact, and cleared now and then), with a bitmask of
    each block of :data:`_BLOCK` squares in that order."""
    bases: dict[tuple[int, bool, int], tuple[array[float], list[int], list[int]]] = (
        pitch.memo.setdefault(_default_base, {})  # type: ignore[assignment]
    )
    key = (focus, offence, ez_x if offence else -1)
    got = bases.get(key)
    if got is None:
        floor = step_squares(pitch)
        base = array("d", [0.0] * pitch.size)
        if focus >= 0:
            w = pitch.width
            fx, fy = focus % w, focus // w
            if offence:
                ft = abs(fx - ez_x)
                for i in floor:
                    x, y = i % w, i // w
                    fd = max(abs(x - fx), abs(y - fy))
                    base[i] = 0.4 * min(ft - abs(x - ez_x), 6) - 0.15 * fd
            else:
                for i in floor:
                    fd = max(abs(i % w - fx), abs(i // w - fy))
                    base[i] = -0.25 * fd
        # only squares a helper can step to are ever looked up
        order = sorted(floor, key=base.__getitem__, reverse=True)
        blocks = []
        for i in range(0, len(order), _BLOCK):
            m = 0
            for sq in order[i : i + _BLOCK]:
                m |= 1 << sq
            blocks.append(m)
        if len(bases) >= 2048:
            bases.clear()
        got = bases[key] = (base, order, blocks)
    return got


_BLOCK = 8  # squares per block of :func:`_default_base`'s order


def _focus_values(c: Ctx) -> tuple[dict[int, float], int, bool]:
    """The squares worth a helper's while around the focus (our carrier,
    theirs or the loose ball), the focus square and whether we attack."""
    g = c.g
    carrier = g.carrier
    values: dict[int, float] = {}
    if carrier >= 0 and g.team[carrier] == c.t:
        focus = g.pos[carrier]
        offence_values(c, focus, values)
        return values, focus, True
    if carrier >= 0:
        focus = g.pos[carrier]
        defence_values(c, focus, values)
        return values, focus, False
    if g.ball >= 0:
        tz = c.z.tz
        for s in g.pitch.neighbours[g.ball]:
            if g.board[s] < 0:
                values[s] = 6.0 - 1.5 * tz[s]
        return values, g.ball, False
    return values, -1, False


def _helpers(c: Ctx) -> list[int]:
    """The players free to move without dice (not the carrier, not marked)."""
    g = c.g
    tz = c.z.tz
    helpers = []
    reserved = c.memo.get("reserved", -1)
    for p in c.avail:
        if p in (g.carrier, reserved) or not c.can(p, "move") or g.status[p] == STUNNED:
            continue
        if g.status[p] == STANDING and tz[g.pos[p]]:
            continue  # marked: blocks, not moves
        helpers.append(p)
    return helpers


class _Defaults:
    """The value of squares off ``values``: up the pitch near our carrier,
    or closing in on the ball or their carrier (less its Tackle Zones)."""

    def __init__(
        self, c: Ctx, focus: int, offence: bool, values: dict[int, float]
    ) -> None:
        self.base, self.by_base, self.blocks = _default_base(
            c.g.pitch, focus, offence, c.ez_x
        )
        self.tz = c.z.tz
        self.values = values

    def best(self, r: SafeReach, here: int, taken: set[int]) -> tuple[float, int]:
        """The best square for a helper on ``here`` reaching ``r``. Squares
        by value before Tackle Zones, best first (blocks the helper reaches
        none of skipped): none later can beat the best found once their
        value before them is lower."""
        base, by_base, tz, values = self.base, self.by_base, self.tz, self.values
        m = r.mask & ~(1 << here)
        bv, bs = -99.0, -1
        for bi, bm in enumerate(self.blocks):
            if not bm & m:
                continue
            i = bi * _BLOCK
            for s in by_base[i : i + _BLOCK]:
                if not m >> s & 1:
                    continue
                d = base[s]
                if bs >= 0 and d < bv:
                    return bv, bs
                if s in taken or s in values:
                    continue
                v = d - tz[s]
                if bs >= 0 and v < bv:
                    continue  # the steps only lower it
                v -= 0.02 * r.steps(s)
                if bs < 0 or v > bv or (v == bv and s > bs):
                    bv, bs = v, s
        return bv, bs


def support_orders(c: Ctx) -> list[Intent]:
    """Greedy orders for the players who move without any dice: a cage
    and a screen around our carrier, markers and a screen against theirs,
    or players closing in on a loose ball."""
    g = c.g
    values, focus, offence = _focus_values(c)
    helpers = _helpers(c)
    if not helpers:
        return []
    defaults = _Defaults(c, focus, offence, values)
    reaches = {p: c.safe_reach(p) for p in helpers}
    orders = _greedy(c, helpers, reaches, defaults)
    left = set(helpers) - {o.p for o in orders}
    for p in helpers:
        if p in left and g.status[p] == PRONE and g.ma[p] >= 3:
            orders.append(Intent(p, "move", [], "stand"))
    return orders


def _greedy(
    c: Ctx, helpers: list[int], reaches: dict[int, SafeReach], defaults: _Defaults
) -> list[Intent]:
    """Greedy: the best (gain, helper, square) first, again and again. Gains
    only fall as squares are taken (a taken square is worth nothing, its
    neighbours less), so they wait in a heap and are brought up to date
    when they come out on top."""
    g = c.g
    pos = g.pos
    tz = c.z.tz
    values = defaults.values
    base = defaults.base
    orders: list[Intent] = []
    taken: set[int] = set(c.memo.get("keep_free", ()))
    for s in taken:
        values.pop(s, None)
    left = set(helpers)
    heap: list[tuple[float, int, int, int]] = []  # (-gain, helper, square, steps)
    curs: dict[int, float] = {}
    wanted = 0  # the squares of ``values``
    for s in values:
        wanted |= 1 << s
    for p in helpers:
        here = pos[p]
        cur = values.get(here)
        if cur is None:
            cur = base[here] - tz[here]
        cur += 0.3
        curs[p] = cur
        r = reaches[p]
        # the wanted squares he reaches, layer by layer (k steps); the
        # heap orders its entries whatever the order they come in
        hit = r.mask & wanted
        k = 0
        for lay in r.layers:
            m = lay & hit
            while m:
                low = m & -m
                s = low.bit_length() - 1
                m ^= low
                heap.append((cur + 0.02 * k - values[s], p, s, k))
            k += 1
        ov, os_ = defaults.best(r, here, taken)
        if os_ >= 0:
            heap.append((cur - ov, p, os_, -1))
    heapify(heap)
    while heap:
        ng, p, s, k = heappop(heap)
        if p not in left:
            continue
        if k < 0:  # the helper's best square off ``values``
            if s in taken:
                ov, os_ = defaults.best(reaches[p], pos[p], taken)
                if os_ >= 0:
                    heappush(heap, (curs[p] - ov, p, os_, -1))
                continue
        else:
            if s in taken:
                continue
            now = curs[p] + 0.02 * k - values[s]
            if now > ng:
                heappush(heap, (now, p, s, k))
                continue
        if -ng <= 0.2:
            break
        orders.append(Intent(p, "move", reaches[p].path(s), "support", (), s))
        left.discard(p)
        taken.add(s)
        if s in values:
            values[s] = -99.0
        for n in g.pitch.neighbours[s]:
            if n in values:
                values[n] -= 2.0
    return orders
