"""Movement planning for the scripted bot: tackle-zone maps and the most
likely paths of one player (Dodges, Rushes, picking up the ball).

Everything here only reads the state. A :class:`Reach` holds, for every
square a player can get to this activation, the best success probability
found and the path to it (a label-correcting search by number of steps:
a square is relabelled at a later step only when that path is strictly
more likely, so both the shortest and the safest ways survive).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from engine.core import skillbits as S
from engine.core.pitch import F_TRAPDOOR, Pitch
from engine.core.state import PF_NOTZ, PF_ROOTED, PITCH, PRONE, STANDING, GameState
from engine.rules.movement import rush_limit, rush_modifier
from engine.rules.prayers import trapdoors_live

_BIT = S.BIT
DODGE = _BIT["dodge"]
SURE_FEET = _BIT["sure-feet"]
SURE_HANDS = _BIT["sure-hands"]
STUNTY = _BIT["stunty"]
TITCHY = _BIT["titchy"]
TACKLE = _BIT["tackle"]
NO_HANDS = _BIT["no-hands"] | _BIT["no-ball"]
CATCH = _BIT["catch"]
BIG_HAND = _BIT.get("big-hand", 0)
EXTRA_ARMS = _BIT.get("extra-arms", 0)

MIN_PROB = 0.04  # paths less likely than this are not explored


def roll_p(target: int, mod: int) -> float:
    """Chance to pass a D6 test (natural 1 fails, natural 6 passes)."""
    need = target - mod
    k = 7 - need
    if k < 1:
        k = 1
    elif k > 5:
        k = 5
    return k / 6.0


def with_rr(p: float) -> float:
    """Chance to pass with one re-roll."""
    return 1.0 - (1.0 - p) * (1.0 - p)


class Grid:
    """Bitmasks of one pitch (square ``i`` is bit ``i``): the whole pitch,
    all but its first / last column, the first column, and each square's
    neighbours."""

    __slots__ = ("pitch", "full", "not_first", "not_last", "first", "nb", "open")

    def __init__(self, pitch: Pitch) -> None:
        w = pitch.width
        self.pitch = pitch
        self.full = (1 << pitch.size) - 1
        self.first = sum(1 << (y * w) for y in range(pitch.height))
        self.not_first = self.full & ~self.first
        self.not_last = self.full & ~(self.first << (w - 1))
        self.nb = tuple(sum(1 << s for s in nb) for nb in pitch.neighbours)
        # An open board: every square's neighbours are the eight around it
        # (a Blood Bowl pitch). A dungeon's walls are not: there a step
        # follows the board's own neighbours.
        self.open = all(
            self._shifted(1 << s) == (1 << s) | self.nb[s] for s in range(pitch.size)
        )

    def _shifted(self, m: int) -> int:
        h = m | ((m << 1) & self.not_first) | ((m >> 1) & self.not_last)
        w = self.pitch.width
        return (h | (h << w) | (h >> w)) & self.full

    def dilate(self, m: int) -> int:
        """``m`` and every square next to it (by the board's neighbours)."""
        if self.open:
            return self._shifted(m)
        out = m
        nb = self.nb
        while m:
            low = m & -m
            out |= nb[low.bit_length() - 1]
            m ^= low
        return out


def grid(pitch: Pitch) -> Grid:
    """The board's bitmasks, built once per board (kept in ``pitch.memo``,
    keyed by this module's class: another copy of the bots, timed beside
    this one by ``engine.tools.botbench --against``, keeps its own)."""
    got = pitch.memo.get(Grid)
    if got is None:
        got = pitch.memo[Grid] = Grid(pitch)
    return cast(Grid, got)


class Zones:
    """Opposition Tackle Zones over the pitch, as seen by players of
    ``team``: ``tz`` Marking count per square, ``dz`` the count used for a
    Dodge into the square (Titchy players do not count), ``tk`` whether a
    Tackle player Marks it, ``foes`` the opponents Marking (standing on the
    pitch with their Tackle Zones), in player order."""

    __slots__ = ("team", "tz", "dz", "tk", "marked", "foes")

    def __init__(self, g: GameState, team: int) -> None:
        size = g.pitch.size
        tz = [0] * size
        tk = [False] * size
        nb = g.pitch.neighbours
        gteam = g.team
        box = g.box
        status = g.status
        pf = g.pflags
        skills = g.skills
        pos = g.pos
        titchy: list[int] = []
        nbm = grid(g.pitch).nb
        marked = 0
        foes: list[int] = []
        for q in range(g.n):
            if (
                gteam[q] == team
                or box[q] != PITCH
                or status[q] != STANDING
                or pf[q] & PF_NOTZ
            ):
                continue
            foes.append(q)
            sk = skills[q]
            around = nb[pos[q]]
            for s in around:
                tz[s] += 1
            marked |= nbm[pos[q]]
            if sk & TITCHY:
                titchy.append(q)
            if sk & TACKLE:
                for s in around:
                    tk[s] = True
        # Titchy players do not count for Dodges
        dz = tz[:]
        for q in titchy:
            for s in nb[pos[q]]:
                dz[s] -= 1
        self.team = team
        self.tz = tz
        self.dz = dz
        self.tk = tk
        self.marked = marked  # bitmask of the squares with tz > 0
        self.foes = foes


def rush_p(g: GameState, p: int) -> float:
    """Chance of one Rush (Sure Feet counted as a re-roll)."""
    pr = roll_p_plain(2 - rush_modifier(g))
    if g.skills[p] & SURE_FEET:
        pr = with_rr(pr)
    return pr


def roll_p_plain(need: int) -> float:
    """Chance of rolling ``need`` or more on a D6 (no natural 6 rule)."""
    k = 7 - need
    return 0.0 if k <= 0 else (1.0 if k >= 6 else k / 6.0)


def pickup_p(g: GameState, p: int, markers: int) -> float:
    """Chance to pick up the ball with ``markers`` opponents Marking."""
    sk = g.skills[p]
    if sk & NO_HANDS:
        return 0.0
    mod = 0 if sk & BIG_HAND else -markers
    if g.weather == "pouring_rain" and not sk & BIG_HAND:
        mod -= 1
    if sk & EXTRA_ARMS:
        mod += 1
    pr = roll_p(g.ag[p], mod)
    if sk & SURE_HANDS:
        pr = with_rr(pr)
    return pr


def catch_p(g: GameState, p: int, markers: int, mod: int = 0) -> float:
    """Chance to catch the ball (hand-off ``mod`` 0, accurate pass 0)."""
    sk = g.skills[p]
    if sk & NO_HANDS or g.status[p] != STANDING:
        return 0.0
    m = mod - markers
    if g.weather == "pouring_rain":
        m -= 1
    if sk & EXTRA_ARMS:
        m += 1
    pr = roll_p(g.ag[p], m)
    if sk & CATCH:
        pr = with_rr(pr)
    return pr


def moves_budget(g: GameState, p: int) -> tuple[int, int]:
    """(normal squares left, Rushes left) for player ``p``: during their
    own activation from the state, else as if activated now."""
    limit = rush_limit(g, p)
    if g.act_player == p:
        left = g.ma[p] - g.act_ma_used
        return (left if left > 0 else 0), limit - g.act_rushes
    if g.pflags[p] & PF_ROOTED:
        return 0, 0
    if g.status[p] == PRONE:
        if g.ma[p] < 3:
            return 0, 0
        return g.ma[p] - 3, limit
    return g.ma[p], limit


class Reach:
    """Where one player can get to this activation, and how likely."""

    __slots__ = ("p", "start", "prob", "last", "layers", "free", "parent")

    def __init__(self, p: int, start: int, free: int) -> None:
        self.p = p
        self.start = start
        self.free = free  # steps that need no Rush
        self.prob: dict[int, float] = {start: 1.0}
        self.last: dict[int, int] = {start: 0}
        # the square each square of layer k was reached from, per layer
        self.layers: list[dict[int, int]] = [{start: -1}]
        # single-label searches keep one parent per square instead of layers
        self.parent: dict[int, int] | None = None

    def path(self, sq: int) -> list[int]:
        """The squares to step through to reach ``sq`` (start excluded)."""
        k = self.last.get(sq, -1)
        if k < 0:
            return []
        out = []
        parent = self.parent
        if parent is not None:
            start = self.start
            while sq != start:
                out.append(sq)
                sq = parent[sq]
            out.reverse()
            return out
        layers = self.layers
        while k > 0:
            out.append(sq)
            sq = layers[k][sq]
            k -= 1
        out.reverse()
        return out

    def steps(self, sq: int) -> int:
        return self.last.get(sq, -1)


_ZEROS: dict[int, list[int]] = {}
_HELD = 4.0  # above any chance: a square never entered
_DODGE_TABLES: dict[tuple[int, int], tuple[list[float], list[float]]] = {}
_PICKUP_TABLES: dict[tuple[int, int, str], list[float]] = {}
_DODGE_BITS = STUNTY | TITCHY | DODGE
_PICKUP_BITS = NO_HANDS | BIG_HAND | EXTRA_ARMS | SURE_HANDS


def _dodge_tables(ag: int, sk: int) -> tuple[list[float], list[float]]:
    """Dodge chances by Marking count: (with Dodge re-roll, without)."""
    key = (ag, sk & _DODGE_BITS)
    got = _DODGE_TABLES.get(key)
    if got is None:
        stunty = bool(sk & STUNTY)
        bonus = 1 if sk & TITCHY else 0
        dodge_rr = bool(sk & DODGE)
        dtab = []
        dtab_tk = []
        for k in range(9):
            base = roll_p(ag, (0 if stunty else -k) + bonus)
            dtab.append(with_rr(base) if dodge_rr else base)
            dtab_tk.append(base)
        got = _DODGE_TABLES[key] = (dtab, dtab_tk)
    return got


def _pickup_table(g: GameState, p: int) -> list[float]:
    """Pick-up chances of player ``p`` by Marking count."""
    key = (g.ag[p], g.skills[p] & _PICKUP_BITS, g.weather)
    got = _PICKUP_TABLES.get(key)
    if got is None:
        got = _PICKUP_TABLES[key] = [pickup_p(g, p, k) for k in range(9)]
    return got


def reach(
    g: GameState,
    p: int,
    zones: Zones,
    *,
    ball: int = -1,
    pickup: bool = False,
    rushes: int = 9,
    min_prob: float = MIN_PROB,
    goal_sq: int = -1,
    goal_x: int = -1,
    slack: int = 0,
) -> Reach:
    """The best paths of player ``p`` from where they stand.

    ``ball``: the loose ball's square; a path ends there with a pick-up
    when ``pickup`` (its chance included), else the square is avoided (a
    failed pick-up is a Turnover). ``rushes`` caps the Rushes used.
    ``goal_sq`` (within ``slack`` squares) or ``goal_x`` (a column) prune
    the squares from which the goal is out of reach, and end the search
    once the goal is reached by a path needing no dice.

    Layer k holds the squares whose best chance improved with k steps;
    within a layer, squares come in the order they were first offered (by
    the squares of the previous layer in order, each offering its
    neighbours in order), and each keeps the first of its best offers.
    """
    sq0 = g.pos[p]
    free, rush = moves_budget(g, p)
    if rush > rushes:
        rush = rushes
    r = Reach(p, sq0, free)
    budget = free + rush
    if budget <= 0 or sq0 < 0:
        return r
    sk = g.skills[p]
    dtab, dtab_tk = _dodge_tables(g.ag[p], sk)
    ptab = _pickup_table(g, p) if pickup and ball >= 0 else []
    pr_rush = rush_p(g, p)
    trap = trapdoors_live(g)
    pitch = g.pitch
    flags = pitch.flags
    nb = pitch.neighbours
    tz = zones.tz
    dz = zones.dz
    tk = zones.tk
    last = r.last
    layers = r.layers
    size = pitch.size
    # The best chance found so far per square, plus the margin a new label
    # must beat; squares held by players are never entered (the board
    # holds a player exactly on the squares of ``g.pos``), nor the loose
    # ball unless it is picked up (a failed pick-up is a Turnover).
    eps = 1e-9
    ble = [eps] * size
    for s in g.pos:
        if s >= 0:
            ble[s] = _HELD
    if ball >= 0 and not pickup:
        ble[ball] = _HELD
    prob = r.prob  # the best chance per square, in the order first reached
    if goal_sq >= 0:
        gd = cheb_from(pitch, goal_sq)
    elif goal_x >= 0:
        gd = cols_from(pitch, goal_x)
    else:
        gd = _ZEROS.get(size) or _ZEROS.setdefault(size, [0] * size)
    goal = goal_sq >= 0 or goal_x >= 0
    special = trap or (pickup and ball >= 0)
    frontier: list[tuple[int, float]] = [(sq0, 1.0)]
    done_p = 1.0
    if pickup and ball >= 0 and ball == goal_sq:
        done_p = ptab[tz[ball]] - 1e-9
    stamp = [0] * size  # the layer a square was last offered a label in
    nq = [0.0] * size  # that label's chance
    par = [0] * size  # and the square it came from
    # (positional: in the order of the fields)
    sr = _Search(
        ball,
        min_prob,
        special,
        trap,
        tz,
        tk,
        dz,
        nb,
        flags,
        dtab,
        dtab_tk,
        ptab,
        ble,
        gd,
        stamp,
        nq,
        par,
    )
    for k in range(1, budget + 1):
        mul = 1.0 if k <= free else pr_rush
        lim = budget - k + slack  # prune: goal farther than this
        order = _expand(sr, frontier, k, mul, lim)
        if not order:
            break
        frontier = []
        for dd in order:
            q = nq[dd]
            prob[dd] = q
            ble[dd] = q + eps
            last[dd] = k
            frontier.append((dd, q))
        layers.append(dict(zip(order, map(par.__getitem__, order), strict=False)))
        if goal and _goal_done(order, nq, gd, slack, done_p):
            break
    return r


def _expand(
    sr: _Search,
    frontier: list[tuple[int, float]],
    k: int,
    mul: float,
    lim: int,
) -> list[int]:
    """Layer ``k`` of :func:`reach`: the squares offered a better chance
    by the squares of ``frontier``, in the order first offered (their
    chances in ``sr.nq``, the squares they came from in ``sr.par``)."""
    # all of ``sr`` (in the order of its fields)
    (ball, min_prob, special, trap, tz, tk, dz, nb, flags) = sr[:9]
    (dtab, dtab_tk, ptab, ble, gd, stamp, nq, par) = sr[9:]
    order: list[int] = []
    for s, pr in frontier:
        if s == ball:
            continue  # the path ends with the pick-up
        base = pr * mul
        if base < min_prob:
            continue
        if tz[s]:
            tab = dtab_tk if tk[s] else dtab
            for dd in nb[s]:
                if base <= ble[dd]:
                    continue  # a Dodge only lowers the chance
                q = base * tab[dz[dd]]
                if special:
                    if dd == ball:
                        q *= ptab[tz[dd]]
                    if trap and flags[dd] & F_TRAPDOOR:
                        q *= 5.0 / 6.0
                if q <= ble[dd] or q < min_prob or gd[dd] > lim:
                    continue
                if stamp[dd] != k:
                    stamp[dd] = k
                    nq[dd] = q
                    par[dd] = s
                    order.append(dd)
                elif q > nq[dd]:
                    nq[dd] = q
                    par[dd] = s
        elif special:
            for dd in nb[s]:
                if base <= ble[dd]:
                    continue  # a pick-up or a trapdoor only lowers it
                q = base
                if dd == ball:
                    q *= ptab[tz[dd]]
                if trap and flags[dd] & F_TRAPDOOR:
                    q *= 5.0 / 6.0
                if q <= ble[dd] or q < min_prob or gd[dd] > lim:
                    continue
                if stamp[dd] != k:
                    stamp[dd] = k
                    nq[dd] = q
                    par[dd] = s
                    order.append(dd)
                elif q > nq[dd]:
                    nq[dd] = q
                    par[dd] = s
        else:
            # no dice: every step keeps the chance (>= min_prob)
            for dd in nb[s]:
                if base <= ble[dd] or gd[dd] > lim:
                    continue
                if stamp[dd] != k:
                    stamp[dd] = k
                    nq[dd] = base
                    par[dd] = s
                    order.append(dd)
                elif base > nq[dd]:
                    nq[dd] = base
                    par[dd] = s
    return order


class _Search(NamedTuple):
    """What :func:`_expand` reads of a :func:`reach` search (and the
    per-square tables it writes)."""

    ball: int
    min_prob: float
    special: bool
    trap: bool
    tz: list[int]
    tk: list[bool]
    dz: list[int]
    nb: tuple[tuple[int, ...], ...]
    flags: tuple[int, ...]
    dtab: list[float]
    dtab_tk: list[float]
    ptab: list[float]
    ble: list[float]
    gd: list[int]
    stamp: list[int]
    nq: list[float]
    par: list[int]


def cheb_from(pitch: Pitch, sq: int) -> list[int]:
    """Distance of every square from ``sq`` (cached on the pitch)."""
    key = ("cheb", sq)
    got = pitch.memo.get(key)
    if got is None:
        w = pitch.width
        x0, y0 = sq % w, sq // w
        got = [0] * pitch.size  # squares no move reaches are never read
        for i in step_squares(pitch):
            got[i] = max(abs(i % w - x0), abs(i // w - y0))
        pitch.memo[key] = got
    return got  # type: ignore[return-value]


def step_squares(pitch: Pitch) -> tuple[int, ...]:
    """The squares with a step out of them, in order (cached on the pitch):
    every square of a pitch, a dungeon's floor less its closed Chests. No
    move ever ends anywhere else."""
    key = "step_squares"
    got = pitch.memo.get(key)
    if got is None:
        nb = pitch.neighbours
        got = pitch.memo[key] = tuple(s for s in range(pitch.size) if nb[s])
    return got  # type: ignore[return-value]


def cols_from(pitch: Pitch, x0: int) -> list[int]:
    """Distance along the pitch of every square from column ``x0``."""
    key = ("cols", x0)
    got = pitch.memo.get(key)
    if got is None:
        w = pitch.width
        got = [abs(i % w - x0) for i in range(pitch.size)]
        pitch.memo[key] = got
    return got  # type: ignore[return-value]


def _goal_done(
    order: list[int], nq: list[float], gd: list[int], slack: int, done_p: float
) -> bool:
    """Whether this layer reached the goal as surely as it can be."""
    for sq in order:
        if nq[sq] >= done_p and gd[sq] <= slack:
            return True
    return False


class SafeReach:
    """Where one player can go with no dice this activation, on bitmasks
    (square ``i`` is bit ``i``): ``layers[k]`` the squares first reached
    in ``k`` steps (``layers[0]`` the start), ``mask`` all of them, and
    ``stop`` the squares a path cannot go on from (Marked ones)."""

    __slots__ = ("p", "start", "free", "mask", "layers", "stop", "nb")

    def __init__(
        self,
        p: int,
        start: int,
        free: int,
        layers: list[int],
        stop: int,
        nb: tuple[tuple[int, ...], ...],
        mask: int = -1,
    ) -> None:
        self.p = p
        self.start = start
        self.free = free
        self.layers = layers
        if mask < 0:  # all the layers
            mask = 0
            for lay in layers:
                mask |= lay
        self.mask = mask
        self.stop = stop
        self.nb = nb

    def has(self, sq: int) -> bool:
        return sq >= 0 and bool(self.mask >> sq & 1)

    def steps(self, sq: int) -> int:
        """Steps to ``sq`` (-1 if not reached)."""
        if sq < 0 or not self.mask >> sq & 1:
            return -1
        k = 0
        for lay in self.layers:
            if lay >> sq & 1:
                return k
            k += 1
        return -1

    def path(self, sq: int) -> list[int]:
        """The squares to step through to reach ``sq`` (start excluded)."""
        k = self.steps(sq)
        if k <= 0:
            return []
        out = [sq]
        layers = self.layers
        stop = self.stop
        nb = self.nb
        while k > 1:
            k -= 1
            lay = layers[k] & ~stop
            for n in nb[sq]:
                if lay >> n & 1:
                    sq = n
                    break
            else:  # cannot happen: every square of layer k came from one
                return []
            out.append(sq)
        out.reverse()
        return out

    def squares(self) -> list[int]:
        """Every square reached (the start included), nearest first."""
        out = []
        for lay in self.layers:
            while lay:
                low = lay & -lay
                out.append(low.bit_length() - 1)
                lay ^= low
        return out


def blocked_mask(g: GameState, ball: int = -1) -> int:
    """Squares no dice-free path enters: players, the loose ball, open
    trapdoors."""
    m = 0
    for s in g.pos:
        if s >= 0:
            m |= 1 << s
    if ball >= 0:
        m |= 1 << ball
    if trapdoors_live(g):
        for s in g.pitch.trapdoors:
            m |= 1 << s
    return m


def safe_bits(
    g: GameState, p: int, zones: Zones, blocked: int, free: int = -1
) -> SafeReach:
    """Where player ``p`` can go this activation with no dice at all (no
    Dodge, no Rush, not over the loose ball), on bitmasks: layer by layer,
    each the squares next to the last layer's unmarked squares not yet seen
    (``blocked`` from :func:`blocked_mask`; ``free`` caps the steps)."""
    sq0 = g.pos[p]
    budget, _ = moves_budget(g, p)
    if 0 <= free < budget:
        budget = free
    pitch = g.pitch
    if sq0 < 0:
        return SafeReach(p, sq0, budget, [], 0, pitch.neighbours)
    start = 1 << sq0
    layers = [start]
    marked = zones.marked
    seen = start
    if budget > 0 and not marked & start:
        gr = grid(pitch)
        dilate = gr.dilate
        seen = blocked | start
        frontier = start
        for _ in range(budget):
            new = dilate(frontier) & ~seen
            if not new:
                break
            seen |= new
            layers.append(new)
            frontier = new & ~marked
            if not frontier:
                break
        seen &= ~blocked  # the layers: new squares are never blocked ones
        seen |= start
    return SafeReach(p, sq0, budget, layers, marked, pitch.neighbours, seen)
