"""The scripted bot's team turn while its own carrier holds the ball in a
dungeon (:func:`escort_activation`, :func:`escort_block_target`).

A dungeon's corridors are two squares wide: two opponents next to the
carrier stop him (every step a Dodge, often into another Tackle Zone, or
no free square at all). A coach frees him first: each team-mate standing
next to a player who Marks the carrier blocks that player (when the block
is worth it: the odds of the defender going down beat the attacker's),
then the carrier runs; without such a block he runs at once (Dodging
away). The carrier runs before anyone else moves, so no team-mate's
Turnover costs him his walk. An unmarked carrier who cannot score alone
hands the ball off to a team-mate ahead when the team-mate's own walk
then ends nearer the End Zone (:func:`relay_target`): he walks to him
without a Dodge or a Rush, and the team-mate, not yet activated, runs on.
"""

from __future__ import annotations

from engine.bots.blockmath import block_odds
from engine.bots.dungeon_route import jam
from engine.core.state import PF_USED, PITCH, STANDING, Decision, GameState, Option
from engine.dungeon.pitch import DungeonPitch

# Decision: a block to free the carrier is thrown when P(defender down)
# - 2 × P(attacker down) > 0: the blocker going down is a Turnover before
# the carrier has run, so it weighs more than in the planner's choice of
# block targets (1.3). One die against an equal is not enough (1/2 - 2/3);
# two dice are. A worse block is skipped and the carrier Dodges instead.
ATTACKER_DOWN_WEIGHT = 2.0
# Decision: a Hand-off is worth its catch when the receiver's walk ends at
# least this many squares nearer the End Zone than the carrier's own.
RELAY_GAIN = 3
# Decision: the opponents jamming the carrier's way home are Blocked when
# they stand within his Movement Allowance plus this many steps (two Rushes
# and a step: the jam he would reach this turn or stand next to after it).
CLEAR_REACH = 3
# Decision: a block on such an opponent is thrown when P(defender down)
# - P(attacker down) > 0 (one die against an equal is enough): the
# carrier cannot pass him anyway, so the attacker's fall costs less than
# before a carrier's run round a marker.
CLEAR_WEIGHT = 1.0


def _own_carrier(g: GameState, t: int) -> int:
    """Our carrier on his feet on the pitch, else -1."""
    c = g.carrier
    if c < 0 or g.team[c] != t or g.box[c] != PITCH or g.status[c] != STANDING:
        return -1
    return c


def markers_of(g: GameState, c: int) -> list[int]:
    """The opponents standing next to ``c`` (those who Mark him), by index."""
    pitch = g.pitch
    t = g.team[c]
    out = []
    for s in pitch.neighbours[g.pos[c]]:
        q = g.board[s]
        if q >= 0 and g.team[q] != t and g.status[q] == STANDING:
            out.append(q)
    return sorted(out)


def _block_value(
    g: GameState, p: int, q: int, weight: float = ATTACKER_DOWN_WEIGHT
) -> float:
    pdd, pad, _, _ = block_odds(g, p, q)
    return pdd - weight * pad


def escort_activation(
    d: Decision, g: GameState, home: list[int] | None = None
) -> Option | None:
    """With our carrier standing: a block on one of his markers by the
    team-mate with the best odds, else a Hand-off to a team-mate ahead
    (:func:`relay_target`; ``home``: the walk to our End Zone), else the
    carrier's Move action; None when the carrier is not ours or has been
    activated."""
    t = 0 if d.team == "home" else 1
    c = _own_carrier(g, t)
    if c < 0:
        return None
    opts = set(d.options)
    run: Option = ("activate", g.pid[c], "move")
    if run not in opts:  # he has run: clear his way for the next turn
        return _clearing_block(g, c, opts, home)
    marker = _marker_block(g, c, opts)
    if marker is not None:
        return marker
    clear = _clearing_block(g, c, opts, home)
    if clear is not None:
        return clear
    return _make_way(g, c, opts, home) or _relay_or_run(g, c, opts, home, run)


def _make_way(
    g: GameState, c: int, opts: set[Option], home: list[int] | None
) -> Option | None:
    """The Move action of a team-mate, not Marked, standing where the
    carrier's way home is closed this turn (:func:`engine.bots.dungeon_route.jam`
    with the team-mates' squares closed): he walks on first and the carrier
    follows (the nearest to the End Zone first)."""
    if home is None or g.markers(g.pos[c], g.team[c]):
        return None
    found = jam(g, c, home, g.ma[c], mates_way=False)
    if found is None:
        return None
    for q in sorted(found.blockers, key=lambda q: (home[g.pos[q]], q)):
        o: Option = ("activate", g.pid[q], "move")
        if o in opts and not g.markers(g.pos[q], g.team[q]):
            return o
    return None


def _marker_block(g: GameState, c: int, opts: set[Option]) -> Option | None:
    """The block on one of ``c``'s markers with the best odds, worth it."""
    t = g.team[c]
    best: tuple[float, int] | None = None
    found: Option | None = None
    pitch = g.pitch
    for q in markers_of(g, c):
        for s in pitch.neighbours[g.pos[q]]:
            p = g.board[s]
            if p < 0 or p == c or g.team[p] != t:
                continue
            o: Option = ("activate", g.pid[p], "block")
            if o not in opts:
                continue
            value = _block_value(g, p, q)
            if value > 0 and (best is None or (value, -p) > best):
                best, found = (value, -p), o
    return found


def route_blockers(g: GameState, c: int, home: list[int]) -> tuple[int, ...]:
    """The opponents standing where carrier ``c``'s way home is jammed
    within :data:`CLEAR_REACH` steps beyond his Movement Allowance
    (:func:`engine.bots.dungeon_route.jam`)."""
    found = jam(g, c, home, g.ma[c] + CLEAR_REACH)
    return found.blockers if found is not None else ()


def _clearing_block(
    g: GameState, c: int, opts: set[Option], home: list[int] | None
) -> Option | None:
    """The block with the best odds, worth it, by a team-mate on the
    carrier's side of an opponent who jams his way home (not the carrier:
    his going down loses the ball)."""
    if home is None:
        return None
    t = g.team[c]
    best: tuple[float, int] | None = None
    found: Option | None = None
    nb = g.pitch.neighbours
    for q in route_blockers(g, c, home):
        for s in nb[g.pos[q]]:
            p = g.board[s]
            if p < 0 or p == c or g.team[p] != t or home[s] < home[g.pos[q]]:
                continue
            o: Option = ("activate", g.pid[p], "block")
            if o not in opts:
                continue
            value = _block_value(g, p, q, CLEAR_WEIGHT)
            if value > 0 and (best is None or (value, -p) > best):
                best, found = (value, -p), o
    return found


def _relay_or_run(
    g: GameState, c: int, opts: set[Option], home: list[int] | None, run: Option
) -> Option:
    if home is None or g.markers(g.pos[c], g.team[c]):
        return run  # a Marked carrier Dodges away first
    relay: Option = ("activate", g.pid[c], "hand_off")
    if relay in opts and relay_target(g, c, home) is not None:
        return relay
    return run


def _reach(g: GameState, c: int, depth: int) -> dict[int, int]:
    """The squares ``c`` walks to in at most ``depth`` steps, each step
    onto a free square no opponent Marks (no Dodge) and no Portal, with
    the square it came from (his own square maps to -1)."""
    t = g.team[c]
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    nb = pitch.neighbours
    portal = pitch.portal
    board = g.board
    start = g.pos[c]
    came: dict[int, int] = {start: -1}
    level = [start]
    for _ in range(depth):
        ahead = []
        for s in level:
            for n in nb[s]:
                if (
                    n not in came
                    and board[n] < 0
                    and not portal[n]
                    and not g.markers(n, t)
                ):
                    came[n] = s
                    ahead.append(n)
        level = ahead
    return came


def relay_target(g: GameState, c: int, home: list[int]) -> tuple[int, int] | None:
    """(receiver, square to hand off from) for a Hand-off that brings the
    ball nearer home than the carrier's own walk: a team-mate not yet
    activated, Standing and not Marked, next to a square the carrier
    reaches without a Dodge or a Rush; the receiver's walk (his Movement
    Allowance) ends at least :data:`RELAY_GAIN` squares nearer the End
    Zone than the carrier's would. None when the carrier scores alone."""
    t = g.team[c]
    left = g.ma[c] - (g.act_ma_used if g.act_player == c else 0)
    here = home[g.pos[c]]
    if here < 0 or here <= left:
        return None
    solo = here - max(left, 0)
    came = _reach(g, c, max(left, 0))
    nb = g.pitch.neighbours
    best: tuple[int, int, int] | None = None
    for q in range(g.n):
        sq = g.pos[q]
        if (
            q == c
            or g.team[q] != t
            or g.box[q] != PITCH
            or sq < 0
            or not g.has_tz(q)
            or g.pflags[q] & PF_USED
            or home[sq] < 0
            or g.markers(sq, t)
        ):
            continue
        after = max(home[sq] - g.ma[q], 0)
        if after > solo - RELAY_GAIN:
            continue
        for s in nb[sq]:
            if s in came and (best is None or (after, q, s) < best):
                best = (after, q, s)
    return (best[1], best[2]) if best is not None else None


def relay_step(
    g: GameState, c: int, home: list[int], opts: tuple[Option, ...]
) -> Option | None:
    """In the carrier's Hand-off action: the Hand-off to the receiver of
    :func:`relay_target` when next to him, else the first step of the way
    to him; None when no relay is left (he walks home instead)."""
    found = relay_target(g, c, home)
    if found is None:
        return None
    q, s = found
    give: Option = ("hand_off", g.pid[q])
    if give in opts:
        return give
    came = _reach(g, c, g.ma[c])
    while came.get(s, -1) >= 0 and came[s] != g.pos[c]:
        s = came[s]
    step: Option = ("move", s)
    return step if step in opts else None


def escort_block_target(
    d: Decision, g: GameState, home: list[int] | None = None
) -> Option | None:
    """The block's target when our carrier stands: the marker with the
    best odds, else (``home``: the walk to our End Zone) the opponent
    jamming his way home with the best odds (:func:`route_blockers`);
    None when no option is either."""
    if d.player is None:
        return None
    p = g.idx[d.player]
    c = _own_carrier(g, g.team[p])
    if c < 0:
        return None
    found = _best_target(d, g, p, set(markers_of(g, c)))
    if found is None and home is not None:
        found = _best_target(d, g, p, set(route_blockers(g, c, home)))
    return found


def _best_target(d: Decision, g: GameState, p: int, targets: set[int]) -> Option | None:
    best: tuple[float, int] | None = None
    found: Option | None = None
    for o in d.options:
        if len(o) < 2 or not isinstance(o[1], int) or o[1] not in g.idx:
            continue
        q = g.idx[o[1]]
        if q not in targets:
            continue
        key = (_block_value(g, p, q), -q)
        if best is None or key > best:
            best, found = key, o
    return found


__all__ = [
    "escort_activation",
    "escort_block_target",
    "markers_of",
    "route_blockers",
]
