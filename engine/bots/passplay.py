"""The scripted bot's passing game beyond the pass to score
(:func:`engine.bots.tactics.try_pass_score`): :func:`try_pass_relay`
throws the ball to an open team-mate downfield when he, once he has it,
is worth more than the carrier keeping it.

The worth of a carrier is :func:`engine.bots.carrier.carrier_value` (a
rough chance to score this half), the receiver's that of the best square
he can run to after the catch (:func:`engine.bots.carrier.best_run`). The
pass is weighed by its real odds: the Passing Ability test at the range
and Marking of the thrower (with Pass or a team re-roll), the catch, and
a chance for each opponent standing in the ball's way to intercept
(Agility at -3); a failed pass is a Turnover and a loose ball, counted as
losing it (``W["lose"]``). A cage that cannot move (its carrier's worth
low) and a receiver open downfield are exactly when the pass wins.
"""

from __future__ import annotations

from engine.bots.carrier import (
    best_run,
    carrier_choice,
    carrier_value,
    ez_dist,
    threats_of,
)
from engine.bots.context import SAFE, Ctx, Intent, W, cheb, fill_masks
from engine.bots.pathing import catch_p, roll_p, with_rr
from engine.core import skillbits as S
from engine.core.state import STANDING, TF_HANDOFF, TF_PASS, TF_TTM
from engine.rules.range_ruler import pass_band

PASS_SKILL = S.BIT["pass"]
NO_HANDS = S.NO_HANDS
# Decision: the pass is thrown when worth at least the carrier's worth plus
# PASS_MARGIN and its chain is at least MIN_ODDS likely: measured in the
# arena against the previous bot, -0.1 and 0.15 doubled the completions
# at the same share of wins as 0.0 and 0.25 (the carrier's worth, a rough
# chance to score, overrates a carrier who must still walk the pitch).
PASS_MARGIN = -0.1
MIN_GAIN_SQUARES = 2  # squares nearer the End Zone a receiver must be
MIN_ODDS = 0.15  # the whole chain's chance (with re-rolls), at least
# Decision: on the team's last turn of a half a ball kept is worth nothing
# (the drive ends), so a failed pass costs nothing and any pass that may
# end in a touchdown is thrown: odds of 1 in 20 are enough.
LAST_TURN_ODDS = 0.05


def interceptors(c: Ctx, frm: int, to: int) -> list[int]:
    """Opponents standing (with Tackle Zones) near the line of a pass from
    ``frm`` to ``to``: within one square of it, between the two."""
    g = c.g
    w = c.w
    x0, y0 = frm % w, frm // w
    x1, y1 = to % w, to // w
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return []
    out = []
    pos = g.pos
    for q in c.z.foes:  # the opponents standing with Tackle Zones
        qx, qy = pos[q] % w, pos[q] // w
        t = ((qx - x0) * dx + (qy - y0) * dy) / length2
        if t <= 0.0 or t >= 1.0:
            continue
        px, py = x0 + t * dx - qx, y0 + t * dy - qy
        if px * px + py * py <= 1.0:
            out.append(q)
    return out


def pass_odds(
    c: Ctx, cp: int, frm: int, q: int, to: int, intercept: bool = True
) -> float:
    """The chance that ``cp``'s pass from ``frm`` reaches ``q`` on ``to``:
    an accurate pass (Pass re-rolls it), nobody intercepting, the catch
    (no Marking on ``to``, as :func:`try_pass_relay` asks); without
    ``intercept``, as if nobody stood in the way."""
    g = c.g
    w = c.w
    pp = throw_p(c, cp, band_of(to % w - frm % w, to // w - frm // w), frm)
    if pp < 0.0:
        return 0.0
    if intercept:
        for i in interceptors(c, frm, to):
            pp *= 1.0 - roll_p(g.ag[i], -3)
    return pp * catch_p(g, q, c.z.tz[to])


_BANDS: dict[tuple[int, int], int] = {}


def band_of(dx: int, dy: int) -> int:
    """:func:`engine.rules.range_ruler.pass_band`, looked up once per
    offset."""
    key = (dx, dy)
    band = _BANDS.get(key)
    if band is None:
        band = _BANDS[key] = pass_band(dx, dy)
    return band


def throw_p(c: Ctx, cp: int, band: int, frm: int) -> float:
    """The chance of ``cp``'s accurate pass in range ``band`` from ``frm``
    (Pass re-rolls it; -1.0 out of range)."""
    g = c.g
    max_band = 2 if g.weather == "blizzard" else 3
    if band < 1 or band > max_band:
        return -1.0
    mod = -(band - 1) - c.z.tz[frm]
    if g.weather == "very_sunny":
        mod -= 1
    pp = roll_p(g.pa[cp], mod)
    if g.skills[cp] & PASS_SKILL:
        pp = with_rr(pp)
    return pp


def _best_spot(c: Ctx, cp: int, spots: list[int], q: int) -> tuple[float, int]:
    """The best (odds, square) of ``cp``'s passes to ``q`` from ``spots``
    (the highest square on a tie). Interceptions only lower the odds, so
    the spots are tried best first without them, and only while they can
    still beat the best found with them."""
    g = c.g
    w = c.w
    tz = c.z.tz
    qs = g.pos[q]
    qx, qy = qs % w, qs // w
    catch = catch_p(g, q, tz[qs])
    # the throw's chance depends only on the range band and the Marking
    # of the thrower's square
    throws: dict[int, float] = {}
    plain = []
    for s in spots:
        band = band_of(qx - s % w, qy - s // w)
        key = band * 64 + tz[s]
        pp = throws.get(key)
        if pp is None:
            pp = throws[key] = throw_p(c, cp, band, s)
        plain.append((pp * catch if pp >= 0.0 else 0.0, s))
    plain.sort(reverse=True)
    best = (-1.0, -1)
    for top, s in plain:
        if top < best[0]:
            break
        best = max(best, (pass_odds(c, cp, s, q, qs), s))
    return best


def try_pass_relay(c: Ctx) -> Intent | None:
    """The carrier throws (from where he stands or a square he reaches
    without dice) to an open team-mate at least
    :data:`MIN_GAIN_SQUARES` nearer the End Zone when the receiver's best
    run, times the odds, beats the carrier's worth by :data:`PASS_MARGIN`
    (once per turn; not in a dungeon, whose walls the pass must go round)."""
    g = c.g
    cp = g.carrier
    if (
        g.dungeon is not None
        or g.tflags & (TF_PASS | TF_TTM)
        or not c.can(cp, "pass")
        or g.pa[cp] <= 0
        or "pass_relay" in c.memo
    ):
        return None
    c.memo["pass_relay"] = True
    here = g.pos[cp]
    spots = [here]
    if c.can(cp, "move"):
        # or a square he walks to without dice, off the Tackle Zones
        tz = c.z.tz
        spots += [s for s in c.safe_reach(cp).squares() if s != here and not tz[s]]
    best = best_relay(c, cp, spots)
    if best is None:
        return None
    q, frm = best
    path = c.path(cp, frm, "safe") if frm != here else []
    return Intent(cp, "pass", path, "pass", ("throw", g.pos[q]), g.pos[q])


def best_relay(c: Ctx, cp: int, spots: list[int]) -> tuple[int, int] | None:
    """(receiver, square to throw from) of the carrier ``cp``'s best pass
    from one of ``spots`` to an open team-mate yet to move, at least
    :data:`MIN_GAIN_SQUARES` nearer the End Zone, when it beats keeping
    the ball (see :func:`try_pass_relay`); None to keep it."""
    g = c.g
    here = g.pos[cp]
    tz = c.z.tz
    dist = ez_dist(c)
    receivers = [
        q
        for q in c.avail
        if q != cp
        and g.status[q] == STANDING
        and not g.skills[q] & NO_HANDS
        and not tz[g.pos[q]]
        and c.can(q, "move")
        and dist[g.pos[q]] <= dist[here] - MIN_GAIN_SQUARES
    ]
    if not receivers:
        return None
    cands: list[tuple[float, int, int]] = []
    min_odds = LAST_TURN_ODDS if c.last_turn else MIN_ODDS
    for q in receivers:
        odds, frm = _best_spot(c, cp, spots, q)
        if c.rr:
            odds = with_rr(odds)
        if odds >= min_odds:
            cands.append((odds, q, frm))
    if not cands:
        return None
    masks = fill_masks(c, cp)
    gain, _ = carrier_choice(c, cp, 0.8)
    keep = carrier_value(c, cp, here, masks, threats_of(c), dist) + gain
    lose = 0.0 if c.last_turn else W["lose"]
    # a receiver's run is worth at most 1 (a touchdown): the candidates, by
    # their odds, only while that bound can still beat the best found
    cands.sort(reverse=True)
    best: tuple[float, int, int] = (keep + PASS_MARGIN, -1, -1)
    for odds, q, frm in cands:
        if odds - (1.0 - odds) * lose <= best[0]:
            break
        v = odds * best_run(c, q, masks) - (1.0 - odds) * lose
        if v > best[0]:
            best = (v, q, frm)
    if best[1] < 0:
        return None
    return best[1], best[2]


def may_pass_after_pickup(c: Ctx, p: int) -> bool:
    """Whether ``p``, going for the loose ball, declares a Pass action
    rather than a Move (the same walk and pick-up, then a throw if
    :func:`best_relay` finds one): a passer (PA 4+ or better) whose team
    has its Pass action left and an open team-mate yet to move at least
    :data:`MIN_GAIN_SQUARES` nearer the End Zone than the ball."""
    g = c.g
    if (
        g.dungeon is not None
        or g.tflags & (TF_PASS | TF_TTM)
        or not c.can(p, "pass")
        or not 0 < g.pa[p] <= 4
        or g.ball < 0
    ):
        return False
    dist = ez_dist(c)
    tz = c.z.tz
    limit = dist[g.ball] - MIN_GAIN_SQUARES
    return any(
        q != p
        and g.status[q] == STANDING
        and not g.skills[q] & NO_HANDS
        and not tz[g.pos[q]]
        and c.can(q, "move")
        and dist[g.pos[q]] <= limit
        for q in c.avail
    )


def try_thrower_handoff(c: Ctx) -> Intent | None:
    """A carrier who passes worse than a team-mate close by (a Thrower)
    hands him the ball when that team-mate, unmarked and yet to act, has
    an open receiver downfield at :data:`MIN_ODDS` or better from where he
    stands (he then weighs the pass as :func:`try_pass_relay`)."""
    g = c.g
    cp = g.carrier
    if (
        g.dungeon is not None
        or g.tflags & (TF_HANDOFF | TF_PASS | TF_TTM)
        or not c.can(cp, "hand_off")
        or "thrower_handoff" in c.memo
    ):
        return None
    c.memo["thrower_handoff"] = True
    w = c.w
    here = g.pos[cp]
    tz = c.z.tz
    dist = ez_dist(c)
    best: tuple[float, int, int] | None = None
    for t in c.avail:
        ts = g.pos[t]
        if (
            t == cp
            or g.status[t] != STANDING
            or g.skills[t] & NO_HANDS
            or tz[ts]
            or not c.can(t, "move")  # yet to act: he may pass once he has it
            or g.pa[t] <= 0
            or (g.pa[cp] > 0 and g.pa[t] >= g.pa[cp])
            or cheb(w, ts, here) > 2
        ):
            continue
        if cheb(w, ts, here) <= 1:
            reach_p, frm = 1.0, here
        else:
            rf = c.reach(cp, "near", ts)
            reach_p, frm = 0.0, -1
            for s in g.pitch.neighbours[ts]:
                pr = rf.prob.get(s, 0.0)
                if pr > reach_p:
                    reach_p, frm = pr, s
        if reach_p < SAFE:
            continue
        odds = 0.0
        for q in c.avail:
            qs = g.pos[q]
            if (
                q in (cp, t)
                or g.status[q] != STANDING
                or tz[qs]
                or not c.can(q, "move")
                or dist[qs] > dist[ts] - MIN_GAIN_SQUARES
            ):
                continue
            odds = max(odds, pass_odds(c, t, ts, q, qs))
        odds *= catch_p(g, t, 0)
        if odds >= MIN_ODDS and (best is None or odds > best[0]):
            best = (odds, t, frm)
    if best is None:
        return None
    _, t, frm = best
    path = c.path(cp, frm, "near", g.pos[t]) if frm != here else []
    return Intent(cp, "hand_off", path, "hand_off", ("hand_off", t))


__all__ = [
    "best_relay",
    "interceptors",
    "may_pass_after_pickup",
    "pass_odds",
    "try_pass_relay",
    "try_thrower_handoff",
]
