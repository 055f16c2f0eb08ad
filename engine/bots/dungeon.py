"""The scripted bot in a Dungeon Bowl dungeon (:func:`dungeon_choice`).

The scripted bot's plans think in End Zone columns; a dungeon's End Zones
are sets of squares and its paths turn corners. Here the decisions whose
answer depends on that geometry are taken by walking distances over the
dungeon's floor (``DungeonPitch.neighbours``); everything else (block dice,
re-rolls, pushes, follow-ups, skills) stays with :class:`ScriptedBot`.

The planner and the rooms' policy (:mod:`engine.bots.dungeon_rooms`)
choose first, except while our carrier stands: then the blocks on the
players who Mark him, his run and a Hand-off to a team-mate ahead come
first (:mod:`engine.bots.dungeon_escort`). :func:`dungeon_refine` takes
over where they would end the turn: bring a player in through the Dugout Portal (the fastest in the
Reserves) or sponge a KO'd one; the carrier runs for the End Zone; with
the ball loose, the nearest player goes for it; with the opponents holding
it, the nearest players close in on the carrier (a Blitz when one is in
reach); with the ball still hidden, everyone else hunts the closed Chests
(and opens one when offered; none once the ball is found, a booby trap
being a Turnover). A player whose Move may end the turn (a Marked one,
or with the ball hidden one who can open a Chest this turn) moves after a
team-mate whose Move cannot. The carrier's steps are always this
module's (walking distances to the End Zone's squares). A player far from
his goal takes an adjacent Portal as a gamble. Moves use no Rushes, except
the carrier's last steps into the End Zone.
"""

from __future__ import annotations

from typing import cast

from engine.bots.dungeon_escort import (
    escort_activation,
    escort_block_target,
    relay_step,
)
from engine.bots.pathing import moves_budget
from engine.core.state import RESERVES, STANDING, Decision, GameState, Option
from engine.dungeon.layout import walk_distances
from engine.dungeon.pitch import DungeonPitch

OPT_END: Option = ("end",)
OPT_DECLINE: Option = ("decline",)
GAMBLE = 10  # squares from the goal beyond which a Portal is worth a try


WALKS_KEPT = 512  # walks kept per board before its table starts afresh
FREE_WALKS_KEPT = 64  # walks round the players kept per board


def walk(pitch: DungeonPitch, goals: set[int]) -> list[int]:
    """Steps from every square to the nearest of ``goals`` over the floor
    (closed Chests excluded); -1 where no walk reaches. Kept per board and
    set of goals (``pitch.memo``): the same End Zone, ball or Chest squares
    are asked for at every step of every player; callers only read it."""
    kept = cast("dict[frozenset[int], list[int]] | None", pitch.memo.get(walk))
    if kept is None or len(kept) >= WALKS_KEPT:
        kept = {}
        pitch.memo[walk] = kept
    key = frozenset(goals)
    dist = kept.get(key)
    if dist is None:
        dist = kept[key] = walk_distances(pitch.neighbours, pitch.size, key)
    return dist


def free_walk(
    g: GameState, pitch: DungeonPitch, goals: set[int], mover: int
) -> list[int]:
    """As :func:`walk`, round the players standing or lying in the way
    (``mover`` does not count): from the goals free of players. Kept per
    board (less the mover) and goals: the others stand still while he
    moves."""
    key = (players_key(g, mover), frozenset(goals))
    kept = cast("dict[object, list[int]] | None", pitch.memo.get(free_walk))
    if kept is None or len(kept) >= FREE_WALKS_KEPT:
        kept = {}
        pitch.memo[free_walk] = kept
    dist = kept.get(key)
    if dist is None:
        board = list(g.board)
        if g.pos[mover] >= 0:
            board[g.pos[mover]] = -1
        dist = kept[key] = _walk_free(pitch, board, goals)
    return dist


def players_key(g: GameState, mover: int = -1) -> tuple[int, ...]:
    """The players' squares less ``mover``'s: the board (``g.board`` is
    drawn from them) in a key a few dozen long instead of the pitch's
    size."""
    if mover < 0 or g.pos[mover] < 0:
        return tuple(g.pos)
    pos = list(g.pos)
    pos[mover] = -1
    return tuple(pos)


def _walk_free(pitch: DungeonPitch, board: list[int], goals: set[int]) -> list[int]:
    """The breadth-first walk of :func:`free_walk`: from the goals without
    a player, over squares without one and round the Portals (a step on
    one teleports the walker: :func:`_move` takes none but his goal)."""
    nb = pitch.neighbours
    portal = pitch.portal
    dist = [-1] * pitch.size
    level = []
    for s in goals:
        if board[s] < 0:
            dist[s] = 0
            level.append(s)
    step = 0
    while level:
        step += 1
        ahead = []
        for s in level:
            for n in nb[s]:
                if dist[n] < 0 and board[n] < 0 and not portal[n]:
                    dist[n] = step
                    ahead.append(n)
        level = ahead
    return dist


MISHAP_COST = 20  # squares a Magical Mishap costs the carrier (his ball lost)
# Decision: the carrier takes a Portal even when its D6 is expected to cost
# him up to 6 squares more than his walk home: the walk counts the squares
# but not the opponents standing in the way, which a Portal jumps (in the
# arena, 1,000 games of the bot against itself on generated dungeons: a
# touchdown in 46 % of the games against 38 % with a Portal asked to save
# 6 squares; 44 % asked to cost at most 12).
PORTAL_GAIN = -6  # squares a Portal must save the carrier, on average


def _carrier_goals(
    g: GameState, pitch: DungeonPitch, p: int, home: set[int]
) -> set[int]:
    """The End Zone, or the Portal to head for: the one whose D6 is
    expected to take him home soonest, when that is at most
    ``-PORTAL_GAIN`` squares more than his walk (the mean over the D6 of
    the walks home from the Portal rolled, a Magical Mishap (his own
    number) counted as :data:`MISHAP_COST` squares more than he has to go
    now); any reachable one when walking loses the game on time
    (:func:`_out_of_time`)."""
    dist = walk(pitch, home)
    here = dist[g.pos[p]]
    if here <= g.ma[p] + 2:
        return home
    best, goal = float(here - PORTAL_GAIN), -1
    if _out_of_time(g, pitch, p, here):
        best = float("inf")  # any Portal rather than a sure loss
    for n in range(1, 7):
        sq = pitch.portals[n]
        if sq < 0:
            continue
        far = [dist[pitch.portals[k]] for k in range(1, 7) if k != n]
        if min(far) < 0 or any(pitch.portals[k] < 0 for k in range(1, 7)):
            continue
        to = walk(pitch, {sq})[g.pos[p]]
        if to < 0:
            continue
        mean = (sum(far) + here + MISHAP_COST) / 6.0
        if to + mean < best:
            best, goal = to + mean, sq
    return {goal} if goal >= 0 else home


def _out_of_time(g: GameState, pitch: DungeonPitch, p: int, here: int) -> bool:
    """Whether carrier ``p``, ``here`` squares from home, cannot walk there
    (every Rush taken) before the time limit while the ball's square loses
    its tie-break (it is no nearer our End Zone than theirs)."""
    d = g.dungeon
    cap = d.turn_cap if d is not None else 0
    if not cap:
        return False
    t = g.team[p]
    turns = cap - g.turn[t] + 1
    if turns * (g.ma[p] + 2) >= here:
        return False
    theirs = walk(pitch, set(pitch.endzone_squares(1 - t)))[g.pos[p]]
    return 0 <= theirs <= here  # the ball no nearer our End Zone than theirs


def goals_for(g: GameState, p: int, pitch: DungeonPitch) -> set[int]:
    """Where player ``p`` wants to be."""
    t = g.team[p]
    if g.carrier == p:
        return set(pitch.endzone_squares(t))
    if g.carrier < 0 and g.ball >= 0 and not g.ball_air:
        return {g.ball}
    if g.carrier >= 0 and g.team[g.carrier] != t:
        return set(pitch.neighbours[g.pos[g.carrier]]) or {g.pos[g.carrier]}
    if g.carrier < 0 and g.ball < 0 and pitch.chests:
        return _chest_sides(pitch) or set(pitch.chests)
    return set(pitch.endzone_squares(t))


def _chest_sides(pitch: DungeonPitch) -> set[int]:
    """The squares next to a closed Chest, less the Chests."""
    near = {s for c in pitch.chests for s in pitch.dungeon.neighbours[c]}
    return near - set(pitch.chests)


def _activate(d: Decision, g: GameState, pitch: DungeonPitch) -> Option | None:
    opts = d.options
    t = 0 if d.team == "home" else 1
    dugout = [o for o in opts if o[0] == "dugout_portal"]
    if dugout:
        return max(dugout, key=lambda o: (g.ma[g.idx[o[1]]], -o[1]))
    sponge = [o for o in opts if o[0] == "magic_sponge"]
    if sponge and not any(g.box[q] == RESERVES for q in range(g.n) if g.team[q] == t):
        return sponge[0]
    movers = {o[1] for o in opts if o[0] == "activate" and o[2] == "move"}
    if not movers:
        return None
    c = g.carrier
    if c >= 0 and g.team[c] == t and g.pid[c] in movers:
        return ("activate", g.pid[c], "move")
    best: tuple[int, int] | None = None
    for pid in movers:
        p = g.idx[pid]
        if g.status[p] != STANDING:
            continue
        dist = walk(pitch, goals_for(g, p, pitch))[g.pos[p]]
        if dist < 0:
            continue
        if c >= 0 and g.team[c] != t and dist <= g.ma[p]:
            blitz = ("activate", pid, "blitz")
            if blitz in opts:
                return blitz
        if dist > 0 and (best is None or (dist, pid) < best):
            best = (dist, pid)
    if best is not None:
        return ("activate", best[1], "move")
    return None  # blocks and the rest: the scripted bot's


def _move(d: Decision, g: GameState, pitch: DungeonPitch) -> Option | None:
    opts = d.options
    if g.carrier < 0 and g.ball < 0:  # the ball still hidden
        for o in opts:
            if o[0] == "open_chest":
                return o
    if d.player is None:
        return None
    p = g.idx[d.player]
    for o in opts:
        if o[0] == "block":
            return None  # the Blitz's block: the scripted bot's choice
    goals = goals_for(g, p, pitch)
    if g.carrier == p:
        goals = _carrier_goals(g, pitch, p, goals)
    dist = free_walk(g, pitch, goals, p)
    here = dist[g.pos[p]]
    if here < 0:  # players stand in every way there: as the crow walks
        dist = walk(pitch, goals)
        here = dist[g.pos[p]]
    carrier = g.carrier == p
    steps = [o for o in opts if o[0] == "move"]
    if here > GAMBLE:
        for o in steps:
            if pitch.portal[o[1]] and g.carrier != p:
                return o  # a Portal: anywhere may be nearer
    free, rushes = moves_budget(g, p)
    best: tuple[int, int, int] | None = None
    for o in steps:
        sq = o[1]
        ds = dist[sq]
        if ds < 0 or ds >= here or (pitch.portal[sq] and sq not in goals):
            continue
        # a Rush only for the carrier who reaches the End Zone with them
        if not free and not (carrier and ds < rushes):
            continue
        key = (ds, g.markers(sq, g.team[p]), sq)
        if best is None or key < best:
            best = key
    if best is not None:
        return ("move", best[2])
    return OPT_END if OPT_END in opts else None


def dungeon_choice(d: Decision, g: GameState) -> Option | None:
    """The scripted bot's choice for a decision only a dungeon asks (End
    Zone, deployment, the Portal skills); None leaves it to the bot."""
    pitch = g.pitch
    if not isinstance(pitch, DungeonPitch):
        return None
    kind = d.kind
    if kind == "end_zone":
        return d.options[0]
    if kind == "setup":
        return ("formation", "front")
    if kind == "use_skill" and d.info and d.player is not None:
        return _portal_skill(d, g, pitch)
    if kind == "block_target" and d.player is not None:  # free our carrier
        t = g.team[g.idx[d.player]]
        return escort_block_target(d, g, walk(pitch, set(pitch.endzone_squares(t))))
    return None


def dungeon_refine(d: Decision, g: GameState, choice: Option) -> Option:
    """The scripted bot's ``choice`` (its planner's, refined by the rooms'
    policy) for an activation or a move, in a dungeon: with our carrier
    standing, the blocks that free him and his run or Hand-off come first
    (:mod:`engine.bots.dungeon_escort`); when the planner would end the
    turn, this module's team turn (Dugout Portal or Sponge, carrier, loose
    ball, their carrier, Chests); the carrier walks to the End Zone's
    squares; a player the planner would stop walks on to his goal."""
    pitch = g.pitch
    if not isinstance(pitch, DungeonPitch):
        return choice
    own: Option | None = None
    if d.kind == "activate":
        t = 0 if d.team == "home" else 1
        if g.carrier >= 0 and g.team[g.carrier] == t:  # ours: free him, run
            home = walk(pitch, set(pitch.endzone_squares(t)))
            own = escort_activation(d, g, home)
        if own is None and choice == ("end_turn",):
            own = _activate(d, g, pitch)
        if own is None:
            own = _risky_last(d, g, pitch, choice)
    elif d.kind == "move" and d.player is not None:
        carrier = g.carrier == g.idx[d.player]
        if carrier and g.act_action == "hand_off":
            home = walk(pitch, set(pitch.endzone_squares(g.team[g.carrier])))
            own = relay_step(g, g.carrier, home, d.options)
        if own is None and (choice == OPT_END or (carrier and choice[0] == "move")):
            own = _move(d, g, pitch)
    return own if own is not None and own in d.options else choice


def _opener(g: GameState, pitch: DungeonPitch, p: int) -> bool:
    """Whether ``p`` (Standing) walks next to a closed Chest this turn."""
    if g.status[p] != STANDING or g.pos[p] < 0:
        return False
    dist = walk(pitch, _chest_sides(pitch))[g.pos[p]]
    return 0 <= dist <= g.ma[p]


def _risky(g: GameState, pitch: DungeonPitch, p: int) -> bool:
    """Whether ``p``'s Move may end the team turn: he is Marked (his first
    step is a Dodge), or the ball is hidden and he can open a Chest this
    turn (a booby trap Knocks him Down)."""
    if g.pos[p] >= 0 and g.markers(g.pos[p], g.team[p]):
        return True
    hidden = g.carrier < 0 and g.ball < 0 and bool(pitch.chests)
    return hidden and _opener(g, pitch, p)


def _risky_last(
    d: Decision, g: GameState, pitch: DungeonPitch, choice: Option
) -> Option | None:
    """The Move of a player whose Move may end the team turn
    (:func:`_risky`) waits for the Move of a Standing team-mate whose Move
    cannot, since a Turnover would cost him his. Not our carrier's: his
    run comes first (:func:`escort_activation`). None leaves ``choice``."""
    if choice[0] != "activate" or choice[2] != "move":
        return None
    p = g.idx[choice[1]]
    if p == g.carrier or not _risky(g, pitch, p):
        return None
    for o in d.options:
        if o[0] == "activate" and o[2] == "move" and o[1] != choice[1]:
            q = g.idx[o[1]]
            if q != g.carrier and g.status[q] == STANDING and not _risky(g, pitch, q):
                return o
    return None


def _portal_skill(d: Decision, g: GameState, pitch: DungeonPitch) -> Option | None:
    """Portal Navigator: re-roll only a Magical Mishap (the number of the
    Portal he stands on). Portal Passer: pass only with the ball."""
    assert d.player is not None
    p = g.idx[d.player]
    use = ("use", d.info[0], d.player)
    if d.info[0] == "portal-navigator":
        sq = g.pos[p]
        here = pitch.portal[sq] if sq >= 0 else 0
        return use if here and d.info[1] == here else OPT_DECLINE
    if d.info[0] == "portal-passer":
        return use if g.carrier == p else OPT_DECLINE
    return None


__all__ = ["dungeon_choice", "dungeon_refine", "goals_for", "walk"]
