"""The team-turn heuristics of the scripted bot: which player to activate
next, with which action, and where to.

Each ``try_*`` function looks at the position and either returns an
:class:`Intent` (a player, an action, the path to walk and what to do at
its end) or None; the bot (:mod:`engine.bots.scripted`) tries them in
order of priority for the situation (our ball, a loose ball, their ball).
Paths and block odds come from :mod:`engine.bots.pathing` and
:mod:`engine.bots.blockmath`; :class:`Ctx` caches paths and evaluations
until an opponent moves (and plans round our carrier until it moves).

The carrier's squares are judged by :func:`carrier_value`, a rough chance
to score this half: survive the opponents' next turn (the risk falls
sharply with a full cage of four corners; being Marked or on a sideline
adds to it), then the later turns it takes to reach the End Zone going
round the opponents (:func:`ez_dist`), within the turns left."""

from __future__ import annotations

from collections.abc import Callable

from engine.bots.blockmath import block_odds
from engine.bots.carrier import (
    _RISK_KEYS,
    best_run,
    carrier_choice,
    carrier_options,
    carrier_value,
    ez_dist,
    threats_of,
    try_carrier_escape,
    try_carrier_late,
    try_carrier_risky,
    try_carrier_safe,
)
from engine.bots.context import (
    _BIT,
    BLOCK,
    NO_HANDS,
    PASS_SKILL,
    SAFE,
    Ctx,
    Intent,
    ReachKey,
    W,
    _matching,
    adjacent_opponents,
    cheb,
    fill_masks,
    signature,
)
from engine.bots.fouls import try_foul
from engine.bots.passplay import (
    band_of,
    may_pass_after_pickup,
    throw_p,
    try_pass_relay,
    try_thrower_handoff,
)
from engine.bots.pathing import (
    catch_p,
    moves_budget,
    pickup_p,
    with_rr,
)
from engine.bots.support import (
    _blocks,
    blitz_options,
    defence_values,
    offence_values,
    support_orders,
    try_blitz_any,
    try_blitz_carrier,
    try_blocks,
    try_early_blocks,
    try_stand_up,
)
from engine.core.state import (
    PF_NOTZ,
    PITCH,
    STANDING,
    TF_HANDOFF,
    TF_PASS,
    TF_TTM,
)


# -- offence ---------------------------------------------------------------------
def score_threshold(c: Ctx, p: float) -> bool:
    eff = with_rr(p) if c.rr else p
    return eff >= W["score_p"] or (c.last_turn and p > 0.0)


def try_score(c: Ctx) -> Intent | None:
    """The carrier runs in when the path is likely enough."""
    g = c.g
    cp = g.carrier
    if not c.can(cp, "move"):
        return None
    best, bp = c.best_ez(c.reach(cp, "score"))
    if best >= 0 and score_threshold(c, bp):
        return Intent(cp, "move", c.path(cp, best, "score"), "score")
    return None


def try_handoff_score(c: Ctx) -> Intent | None:
    """Hand off to a team-mate who can then run in."""
    g = c.g
    cp = g.carrier
    if g.tflags & TF_HANDOFF or not c.can(cp, "hand_off"):
        return None
    memo_key = "handoff"
    if memo_key in c.memo:
        return None
    w = c.w
    r = c.reach(cp, "score")
    _, direct = c.best_ez(r)
    here = g.pos[cp]
    best: tuple[float, int, int] | None = None
    for q in range(g.n):
        if (
            q == cp
            or g.team[q] != c.t
            or g.box[q] != PITCH
            or g.status[q] != STANDING
            or g.pflags[q] & PF_NOTZ
            or g.skills[q] & NO_HANDS
            or not c.can(q, "move")
        ):
            continue
        qs = g.pos[q]
        free, rush = moves_budget(g, q)
        tq = c.togo(qs)
        if tq > free + rush or tq == 0:
            continue
        if cheb(w, qs, here) <= 1:
            pc, frm = 1.0, here
        else:
            rf = c.reach(cp, "near", qs)
            pc, frm = 0.0, -1
            for s in g.pitch.neighbours[qs]:
                pr = rf.prob.get(s, 0.0)
                if pr > pc:
                    pc, frm = pr, s
        if pc < 0.3:
            continue
        _, pq = c.best_ez(c.reach(q, "score"))
        total = pc * catch_p(g, q, c.z.tz[qs]) * pq
        if best is None or total > best[0]:
            best = (total, q, frm)
    if best is not None:
        total, q, frm = best
        eff = with_rr(total) if c.rr else total
        if (eff >= 0.5 or (c.last_turn and total > 0.05)) and total > direct + 0.1:
            path = c.path(cp, frm, "near", g.pos[q]) if frm != here else []
            return Intent(cp, "hand_off", path, "hand_off", ("hand_off", q))
    c.memo[memo_key] = True
    return None


def _receivers(c: Ctx, cp: int) -> list[int]:
    """Unused team-mates who could take the ball and then move."""
    g = c.g
    out = []
    for q in c.avail:
        if (
            q != cp
            and g.status[q] == STANDING
            and not g.pflags[q] & PF_NOTZ
            and not g.skills[q] & NO_HANDS
            and c.can(q, "move")
        ):
            out.append(q)
    return out


def try_handoff_relay(c: Ctx) -> Intent | None:
    """Hand the ball on to a free, faster or further-forward team-mate
    close by, who can take it further than the carrier can."""
    g = c.g
    cp = g.carrier
    if g.tflags & TF_HANDOFF or not c.can(cp, "hand_off") or "relay" in c.memo:
        return None
    c.memo["relay"] = True
    w = c.w
    here = g.pos[cp]
    tz = c.z.tz
    near = [
        q
        for q in _receivers(c, cp)
        if not tz[g.pos[q]] and cheb(w, g.pos[q], here) <= 2
    ]
    if not near:
        return None
    dist = ez_dist(c)
    cands = [q for q in near if g.ma[q] > g.ma[cp] or dist[g.pos[q]] < dist[here] - 1]
    if not cands:
        return None
    gain, _ = carrier_choice(c, cp, 0.8)
    masks = fill_masks(c, cp)
    v_carrier = carrier_value(c, cp, here, masks, threats_of(c), dist) + gain
    best: tuple[float, int, int] | None = None
    for q in cands:
        qs = g.pos[q]
        if cheb(w, qs, here) <= 1:
            pc, frm = 1.0, here
        else:
            rf = c.reach(cp, "near", qs)
            pc, frm = 0.0, -1
            for s in g.pitch.neighbours[qs]:
                pr = rf.prob.get(s, 0.0)
                if pr > pc:
                    pc, frm = pr, s
        if pc < SAFE:
            continue
        pcatch = catch_p(g, q, 0)
        if c.rr:
            pcatch = with_rr(pcatch)
        v = pcatch * best_run(c, q, masks) - (1.0 - pcatch) * W["lose"]
        if best is None or v > best[0]:
            best = (v, q, frm)
    if best is None or best[0] < v_carrier + W["relay_margin"]:
        return None
    _, q, frm = best
    path = c.path(cp, frm, "near", g.pos[q]) if frm != here else []
    return Intent(cp, "hand_off", path, "hand_off", ("hand_off", q))


def try_pass_score(c: Ctx) -> Intent | None:
    """Two steps: a receiver runs into the End Zone, then the carrier
    throws to them (when the chain is likely enough)."""

    g = c.g
    cp = g.carrier
    plan = c.memo.get("pass_plan")
    if plan is not None:
        q, e, frm = plan
        if g.pos[q] == e and c.can(cp, "pass"):
            path = c.path(cp, frm, "safe") if frm != g.pos[cp] else []
            return Intent(cp, "pass", path, "pass", ("throw", e))
        return None
    if (
        g.tflags & (TF_PASS | TF_TTM)
        or not c.can(cp, "pass")
        or g.pa[cp] <= 0
        or "pass_tried" in c.memo
    ):
        return None
    c.memo["pass_tried"] = True
    w = c.w
    tz = c.z.tz
    _, direct = c.best_ez(c.reach(cp, "score"))
    # where the carrier can throw from without dice
    spots = [(g.pos[cp], 1.0)]
    for s in c.safe_reach(cp).squares():
        if s != g.pos[cp] and not tz[s]:
            spots.append((s, 1.0))
    best: tuple[float, int, int, int] | None = None
    throws: dict[int, float] = {}
    here = g.pos[cp]
    runners = []
    for q in _receivers(c, cp):
        free, rush = moves_budget(g, q)
        togo = c.togo(g.pos[q])
        # a receiver who can get to the End Zone within a long pass
        if 0 < togo <= free + rush and cheb(w, g.pos[q], here) <= 10 + togo:
            runners.append((togo - free, q))
    runners.sort()
    # on the last turn, more runners and longer shots (nothing else counts)
    n_runners, lo = (4, 0.2) if c.last_turn else (2, 0.5)
    for _, q in runners[:n_runners]:
        r = c.reach(q, "score")
        targets = sorted(
            (
                (pr - 0.1 * tz[s], s)
                for s, pr in r.prob.items()
                if s % w == c.ez_x and pr >= lo
            ),
            reverse=True,
        )[:3]
        for pq, e in targets:
            ex, ey = e % w, e // w
            catch = catch_p(g, q, tz[e])
            for frm, _ in spots:
                band = band_of(ex - frm % w, ey - frm // w)
                # the throw's chance by range band and Marking (throw_p)
                key = band * 64 + tz[frm]
                pp = throws.get(key)
                if pp is None:
                    pp = throws[key] = throw_p(c, cp, band, frm)
                if pp < 0.0:
                    continue  # out of range
                total = pq * pp * catch
                if best is None or total > best[0]:
                    best = (total, q, e, frm)
    if best is None:
        return None
    total, q, e, frm = best
    eff = with_rr(total) if c.rr else total
    if total <= direct + 0.1 or not (eff >= 0.5 or (c.last_turn and total > 0.1)):
        return None
    c.memo["pass_plan"] = (q, e, frm)
    return Intent(q, "move", c.path(q, e, "score"), "receive", (), e)


def try_free_carrier(c: Ctx) -> Intent | None:
    """Block the players Marking our carrier before it moves."""
    g = c.g
    cp = g.carrier
    if not c.z.tz[g.pos[cp]] or not c.can(cp, "move"):
        return None
    best: tuple[float, int, int] | None = None
    for m in adjacent_opponents(g, g.pos[cp], c.t):
        for s in g.pitch.neighbours[g.pos[m]]:
            a = g.board[s]
            if a < 0 or a == cp or g.team[a] != c.t or not c.can(a, "block"):
                continue
            pdd, pad, n, mine = block_odds(g, a, m)
            v = pdd - 1.2 * pad
            if (mine or pdd > 0.5) and v > 0.05 and (best is None or v > best[0]):
                best = (v, a, m)
    if best is None:
        return None
    _, a, m = best
    return Intent(a, "block", [], "free", (), m)


def try_freeing_blocks(c: Ctx) -> Intent | None:
    """Before the carrier and the cage move: favourable blocks on the
    opponents who pin our free players (a player Marked only by the
    target can move without dice once it is down)."""
    g = c.g
    t = c.t
    carrier = g.carrier
    tz = c.z.tz
    best: tuple[float, int, int] | None = None
    for a in c.avail:
        if a == carrier or not c.can(a, "block"):
            continue
        for q in adjacent_opponents(g, g.pos[a], t):
            freed = 0
            for s in g.pitch.neighbours[g.pos[q]]:
                h = g.board[s]
                if (
                    h >= 0
                    and h != a
                    and g.team[h] == t
                    and tz[s] == 1
                    and c.can(h, "move")
                    and g.status[h] == STANDING
                ):
                    freed += 1
            if not freed:
                continue
            pdd, pad, n, mine = block_odds(g, a, q)
            if not mine or (n == 1 and not g.skills[a] & BLOCK):
                continue
            v = pdd * (1.0 + 0.3 * freed) - 1.5 * pad
            if v > W["free_block"] and (best is None or v > best[0]):
                best = (v, a, q)
    if best is None:
        return None
    _, a, q = best
    return Intent(a, "block", [], "free", (), q)


# -- the loose ball -----------------------------------------------------------
def try_pickup(c: Ctx) -> Intent | None:
    """The most likely player goes to pick up the loose ball."""
    g = c.g
    ball = g.ball
    w = c.w
    cands = []
    for p in c.avail:
        if not c.can(p, "move") or g.skills[p] & NO_HANDS:
            continue
        free, rush = moves_budget(g, p)
        dist = cheb(w, g.pos[p], ball)
        if dist > free + rush or dist == 0:
            continue
        cands.append((dist > free, g.ag[p], dist, p))
    cands.sort()
    best: tuple[float, int, list[int] | None] | None = None
    tz = c.z.tz
    for _, _, _, p in cands[:3]:
        # a dice-free way next to the ball, off its Tackle Zones: only the
        # pick-up is left to chance
        sr = c.safe_reach(p)
        free = sr.free
        via, vk = -1, 99
        for s in g.pitch.neighbours[ball]:
            k = sr.steps(s)
            if 0 <= k < free and k < vk and not tz[s]:
                via, vk = s, k
        if via >= 0:
            pr = _pickup_chance(c, p, ball)
            path: list[int] | None = sr.path(via) + [ball]
            steps = vk + 1
        else:
            r = c.reach(p, "pickup")
            pr = r.prob.get(ball, 0.0)
            path = None
            steps = r.steps(ball)
        if pr <= 0.0:
            continue
        key = pr - 0.002 * steps + W["pickup_ma"] * g.ma[p]
        if 0 < g.pa[p] < 4:  # a passer picks it up: the pass is his to play
            key += W["pickup_pa"] * (4 - g.pa[p])
        if best is None or key > best[0]:
            best = (key, p, path)
    if best is None or best[0] < 0.1:
        return None
    _, p, path = best
    if path is None or not c.path_ok(p, path[:-1], True):
        path = c.path(p, ball, "pickup")
    scores = g.pitch.flags[ball] & g.pitch.endzone_of(g.team[p])
    if c.can(p, SECURE) and not scores and _pickup_chance(c, p, ball) < SECURE_CHANCE:
        # BB2025: Secure the Ball picks it up on a flat 2+; the activation
        # ends there (no run, pass or touchdown after it)
        return Intent(p, SECURE, path, "secure")
    action = "pass" if may_pass_after_pickup(c, p) else "move"
    return Intent(p, action, path, "fetch")


# BB2025 Secure the Ball (offered only where the format has it): its flat
# 2+. Decision: the scripted coach secures the ball when the pick-up's own
# chance there (Agility, weather, Big Hand, Extra Arms, a Sure Hands
# re-roll) is below it; an easier pick-up is made in a Move or Pass action.
SECURE = "secure_the_ball"
SECURE_CHANCE = 5 / 6


def _pickup_chance(c: Ctx, p: int, ball: int) -> float:
    """The pick-up's chance at the ball's square (Tackle Zones there)."""
    return pickup_p(c.g, p, c.z.tz[ball])


# Plans whose roll may fail and that the other players' dice-free moves
# need not wait for: the Blitz on their carrier. Decision: not the pick-up
# of a loose ball, whose new carrier needs team-mates yet to act (a
# hand-off, a cage round where he runs): measured in the arena, deferring
# it cost a fifth of the touchdowns in Sevens.
DEFER = frozenset({"blitz"})


def defer(c: Ctx, it: Intent) -> bool:
    """Whether the others' dice-free moves go before ``it`` (a plan in
    :data:`DEFER`): its player is kept out of them, and so is the square
    it needs free (the one it blocks from)."""
    # Decision: not in a dungeon, whose bot (engine.bots.dungeon) plays
    # its own order round the Chests and the Portals
    if it.goal not in DEFER or c.g.dungeon is not None or c.memo.get("blitz_now"):
        return False
    c.memo["reserved"] = it.p
    c.memo["keep_free"] = tuple(it.path[-1:])
    return True


Step = Callable[[Ctx], "Intent | None"]


OFFENCE: tuple[Step, ...] = (
    try_score,
    try_pass_score,
    try_handoff_score,
    try_free_carrier,
    try_freeing_blocks,
    try_early_blocks,
    try_handoff_relay,
    try_pass_relay,
    try_thrower_handoff,
    try_carrier_safe,
    try_carrier_escape,
)


LOOSE: tuple[Step, ...] = (try_pickup,)


DEFENCE: tuple[Step, ...] = (try_blitz_carrier,)


LATE: tuple[Step, ...] = (try_blocks, try_blitz_any, try_foul)


__all__ = [
    "BLOCK",
    "Ctx",
    "DEFENCE",
    "Intent",
    "LATE",
    "LOOSE",
    "NO_HANDS",
    "OFFENCE",
    "PASS_SKILL",
    "ReachKey",
    "SAFE",
    "Step",
    "W",
    "_BIT",
    "_RISK_KEYS",
    "_blocks",
    "_matching",
    "_receivers",
    "adjacent_opponents",
    "best_run",
    "blitz_options",
    "carrier_choice",
    "carrier_options",
    "carrier_value",
    "cheb",
    "defence_values",
    "defer",
    "ez_dist",
    "fill_masks",
    "offence_values",
    "score_threshold",
    "signature",
    "support_orders",
    "threats_of",
    "try_blitz_any",
    "try_blitz_carrier",
    "try_blocks",
    "try_carrier_escape",
    "try_carrier_late",
    "try_carrier_risky",
    "try_carrier_safe",
    "try_early_blocks",
    "try_foul",
    "try_free_carrier",
    "try_freeing_blocks",
    "try_handoff_relay",
    "try_handoff_score",
    "try_pass_relay",
    "try_pass_score",
    "try_pickup",
    "try_score",
    "try_stand_up",
    "try_thrower_handoff",
]
