"""Shared state of the scripted bot's turn planning: the tuning weights,
:class:`Intent`, the cached evaluation context :class:`Ctx`, and small
helpers used by every group of heuristics."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.bots.pathing import (
    MIN_PROB,
    Reach,
    SafeReach,
    Zones,
    blocked_mask,
    reach,
    safe_bits,
)
from engine.core import skillbits as S
from engine.core.state import (
    PF_NOTZ,
    PITCH,
    STANDING,
    STUNNED,
    GameState,
    Option,
)
from engine.rules.rolls import team_reroll_available

_BIT = S.BIT


BLOCK = _BIT["block"]


NO_HANDS = _BIT["no-hands"] | _BIT["no-ball"]


PASS_SKILL = _BIT["pass"]


SAFE = 0.999  # a path that needs no dice


# Paths less likely than this are not searched but for a pick-up or a
# last-turn run in: no other use of a path takes one below 10%.
LIKELY = 0.1


# The least chance of a square a receiver's run (:func:`engine.bots.carrier.
# best_run`) is judged from, but on the last turn. Its search ("run") drops
# paths a little less likely than that: a path's chance only falls step by
# step, so every square at least RUN_P likely gets the same best chance as
# in the "full" search (which also keeps paths down to LIKELY); only
# chances within a rounding margin (1e-9) of the cut-off could differ, and
# the cut-off is 1e-6 below RUN_P.
RUN_P = 0.6


# Tuning weights: "risk0".."risk4" the chance to lose the carrier in the
# opponents' turn by cage corners (measured in scripted games: only a full
# cage protects well), "future_risk" per later turn, "cage_speed" squares
# a caged carrier gains per turn, "score_p" the least likely run in (with
# a team re-roll) taken before the last turn.
W: dict[str, float] = {
    "score_p": 0.45,
    "marked_risk": 0.25,
    "sideline_risk": 0.15,
    "future_risk": 0.35,
    "lose": 0.2,
    "carrier_gain": 0.01,
    "free_block": 0.45,
    "cage_speed": 4.0,
    "risk0": 0.5,
    "risk1": 0.5,
    "risk2": 0.5,
    "risk3": 0.35,
    "risk4": 0.08,
    "relay_margin": 0.1,
    "offpitch_corner": 0.5,
    "early_block": 0.4,
    "early_radius": 4.0,
    "pickup_ma": 0.02,
    "pickup_pa": 0.04,
    "screen": 5.0,
    "receiver_radius": 4.0,
    "receiver_mark": 5.0,
    "blitz_first_pad": 0.12,
}


ReachKey = tuple[int, str, int]


class Intent(NamedTuple):
    """An activation to declare and how to play it out."""

    p: int
    action: str
    path: list[int]
    goal: str
    after: tuple[Any, ...] = ()
    target: int = -1


def cheb(w: int, a: int, b: int) -> int:
    """Distance in squares (diagonals count one)."""
    dx = a % w - b % w
    dy = a // w - b // w
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


TZ_SKILLS = _BIT["titchy"] | _BIT["tackle"]


def signature(g: GameState, t: int) -> tuple[int, ...]:
    """Changes whenever cached paths of team ``t`` may be wrong: a new
    turn, the ball, or any opponent moving or going down. (Team-mates
    moving only block squares; paths are checked before use.)"""
    return (
        g.drive,
        g.half,
        g.turn[t],
        t,
        g.carrier,
        g.ball,
        int(g.ball_air),
    ) + _opponents(g, t)


def _opponents(g: GameState, t: int) -> tuple[int, ...]:
    team = g.team
    box = g.box
    pos = g.pos
    status = g.status
    pf = g.pflags
    return tuple(
        [
            pos[q] * 8 + status[q] * 2 + (1 if pf[q] & PF_NOTZ else 0)
            for q in range(g.n)
            if team[q] != t and box[q] == PITCH
        ]
    )


def zones_key(g: GameState, t: int) -> tuple[int, ...]:
    """Everything the Tackle Zones team ``t`` faces (and the ways round
    them, :func:`engine.bots.carrier.ez_dist`) depend on: the opponents on
    the pitch (square, status, Tackle Zone, Titchy and Tackle), the pitch
    and the team."""
    team = g.team
    box = g.box
    sk = g.skills
    return (
        (id(g.pitch), t)
        + _opponents(g, t)
        + tuple(
            [sk[q] & TZ_SKILLS for q in range(g.n) if team[q] != t and box[q] == PITCH]
        )
    )


class Ctx:
    """What one activation decision needs: our team, the Tackle Zones we
    face, who may still act and how, and the cached paths."""

    __slots__ = (
        "g",
        "t",
        "z",
        "avail",
        "w",
        "ez_x",
        "last_turn",
        "rr",
        "reaches",
        "memo",
        "safe",
        "sig_memo",
        "turn_memo",
        "_blocked",
    )

    def __init__(
        self,
        g: GameState,
        t: int,
        options: tuple[Option, ...] = (),
        reaches: dict[ReachKey, Reach] | None = None,
        memo: dict[str, Any] | None = None,
        safe: dict[int, SafeReach] | None = None,
        sig_memo: dict[str, Any] | None = None,
        turn_memo: dict[str, Any] | None = None,
    ) -> None:
        self.g = g
        self.t = t
        # results that hold until an opponent moves (not our carrier):
        # the Tackle Zones and the ways round them, functions of
        # :func:`zones_key` alone
        self.sig_memo: dict[str, Any] = sig_memo if sig_memo is not None else {}
        z = self.sig_memo.get("zones")
        if not isinstance(z, Zones):
            z = Zones(g, t)
            self.sig_memo["zones"] = z
        self.z: Zones = z
        avail: dict[int, set[str]] = {}
        idx = g.idx
        for o in options:
            if o[0] == "activate":
                p = idx[o[1]]
                s = avail.get(p)
                if s is None:
                    avail[p] = {o[2]}
                else:
                    s.add(o[2])
        self.avail = avail
        self.w = g.pitch.width
        self.ez_x = g.pitch.width - 1 if t == 0 else 0
        self.last_turn = g.turn[t] >= g.variant.turns_per_half
        self.rr = team_reroll_available(g, t)
        self.reaches: dict[ReachKey, Reach] = reaches if reaches is not None else {}
        self.memo: dict[str, Any] = memo if memo is not None else {}
        # dice-free reaches, also used when only team-mates have moved
        self.safe: dict[int, SafeReach] = safe if safe is not None else {}
        self._blocked = -1
        # checks made at most once in a team turn
        self.turn_memo: dict[str, Any] = turn_memo if turn_memo is not None else {}

    def togo(self, sq: int) -> int:
        """Squares (along the pitch) from ``sq`` to our End Zone."""
        x = sq % self.w
        return self.w - 1 - x if self.t == 0 else x

    def can(self, p: int, action: str) -> bool:
        s = self.avail.get(p)
        return s is not None and action in s

    def blocked(self) -> int:
        """The squares no dice-free path enters (:func:`blocked_mask`)."""
        b = self._blocked
        if b < 0:
            g = self.g
            ball = g.ball if g.carrier < 0 and not g.ball_air else -1
            b = self._blocked = blocked_mask(g, ball)
        return b

    def safe_reach(self, p: int, fresh: bool = False) -> SafeReach:
        """Cached dice-free reach of player ``p`` (:func:`safe_bits`)."""
        g = self.g
        r = self.safe.get(p)
        if fresh or r is None or r.start != g.pos[p]:
            r = safe_bits(g, p, self.z, self.blocked())
            self.safe[p] = r
        return r

    def reach(self, p: int, kind: str = "full", arg: int = -1) -> Reach:
        """Cached :func:`reach` of player ``p``: "full" (all Rushes),
        "pickup" (ends on the loose ball), "score" (towards our End
        Zone), "near" (next to square ``arg``), "run" (as "full", only
        the squares at least :data:`RUN_P` likely)."""
        key = (p, kind, arg)
        g = self.g
        r = self.reaches.get(key)
        if r is not None and r.start == g.pos[p]:
            return r
        ball = g.ball if g.carrier < 0 and not g.ball_air else -1
        z = self.z
        if kind == "pickup":
            r = reach(g, p, z, ball=ball, pickup=True, goal_sq=ball)
        elif kind == "score":
            lo = MIN_PROB if self.last_turn else LIKELY
            r = reach(g, p, z, ball=ball, goal_x=self.ez_x, min_prob=lo)
        elif kind == "near":
            r = reach(g, p, z, ball=ball, goal_sq=arg, slack=1, min_prob=LIKELY)
        elif kind == "run":
            r = reach(g, p, z, ball=ball, min_prob=RUN_P - 1e-6)
        else:
            r = reach(g, p, z, ball=ball, min_prob=LIKELY)
        self.reaches[key] = r
        return r

    def path(self, p: int, sq: int, kind: str = "full", arg: int = -1) -> list[int]:
        """The path to ``sq``, recomputed if it went stale (team-mates
        moved onto it; for a dice-free path, Tackle Zones or the ball
        moved)."""
        if kind == "safe":
            path = self.safe_reach(p).path(sq)
            if not self.path_ok(p, path, True):
                self._blocked = -1
                path = self.safe_reach(p, True).path(sq)
            return path
        path = self.reach(p, kind, arg).path(sq)
        if not self.path_ok(p, path, False):
            self.reaches.pop((p, kind, arg), None)
            path = self.reach(p, kind, arg).path(sq)
        return path

    def path_ok(self, p: int, path: list[int], safe: bool) -> bool:
        """Whether a cached path can still be walked (without dice when
        ``safe``: only its last square may be Marked)."""
        board = self.g.board
        for s in path:
            if board[s] >= 0:
                return False
        if safe:
            g = self.g
            tz = self.z.tz
            if path and tz[g.pos[p]]:
                return False
            for s in path[:-1]:
                if tz[s]:
                    return False
            ball = g.ball if g.carrier < 0 else -1
            if ball >= 0 and ball in path:
                return False
        return True

    def best_ez(self, r: Reach) -> tuple[int, float]:
        """The most likely End Zone square of a reach (-1 if none)."""
        best, bp = -1, 0.0
        w = self.w
        ez = self.ez_x
        for sq, pr in r.prob.items():
            if pr > bp and sq % w == ez:
                best, bp = sq, pr
        return best, bp


def adjacent_opponents(g: GameState, sq: int, t: int) -> list[int]:
    """Standing opponents of team ``t`` next to ``sq``."""
    out = []
    for s in g.pitch.neighbours[sq]:
        q = g.board[s]
        if q >= 0 and g.team[q] != t and g.status[q] == STANDING:
            out.append(q)
    return out


class FillMasks(dict[int, int]):
    """Square -> bitmask of the free team-mates who can get there with no
    dice this turn, worked out for a square when first asked."""

    __slots__ = ("reached",)

    def __init__(self, reached: list[int]) -> None:
        super().__init__()
        self.reached = reached  # per team-mate, the squares it reaches

    def __missing__(self, sq: int) -> int:
        m = 0
        bit = 1
        for r in self.reached:
            if r >> sq & 1:
                m |= bit
            bit <<= 1
        self[sq] = m
        return m


def fill_masks(c: Ctx, exclude: int) -> FillMasks:
    """Square -> bitmask of the free team-mates who can get there with no
    dice this turn (for judging where a cage can form)."""
    memo_key = f"fill{exclude}"
    got = c.memo.get(memo_key)
    if isinstance(got, FillMasks):
        return got
    g = c.g
    tz = c.z.tz
    reached = []
    for p in c.avail:
        if p == exclude or not c.can(p, "move") or g.status[p] == STUNNED:
            continue
        if g.status[p] == STANDING and tz[g.pos[p]]:
            continue
        reached.append(c.safe_reach(p).mask)
    masks = FillMasks(reached)
    c.memo[memo_key] = masks
    return masks


def _matching(corner_masks: list[int]) -> int:
    """How many corners distinct helpers can fill (greedy, fewest first)."""
    corner_masks.sort(key=int.bit_count)
    used = 0
    n = 0
    for m in corner_masks:
        free = m & ~used
        if free:
            used |= free & -free
            n += 1
    return n
