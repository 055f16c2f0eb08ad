"""The scripted bot's policy for Dungeon Bowl's Chests and rooms, kept apart
from its planner like :mod:`engine.bots.special`: :func:`refine` may replace
the planner's choice, :data:`HANDLERS` answer the new decision kinds.

* Throw Food (the Kitchen): first of all, at the opposing ball carrier when
  one of ours may; when the planner has nothing left to do, at any target
  (the strongest first: a free chance to lay him down).
* Chests while the ball is hidden (no ball on the pitch, nobody holding
  it): when the planner would end the turn, the unused player nearest to a
  Chest (walking, round players; Open ones first) makes a Move action;
  a moving player whose planner would stop walks on towards the nearest
  Chest (steps that need no Rush and no Dodge) and opens it when he may.
  Once the ball is found the bot opens no more Chests (the booby trap is a
  Turnover for the opener).
* Gather Funds (the Treasure Room): only when nothing better is left (the
  planner ends the turn, no Chest hunt, no Throw Food).

The bot does not know which Chest holds the ball: only whether it is found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import STANDING, Decision, GameState, Option
from engine.dungeon.pitch import DungeonPitch
from engine.variants.dungeon_bowl.chests import OPEN_CHEST
from engine.variants.dungeon_bowl.room_actions import food_targets

END_TURN: Option = ("end_turn",)
END: Option = ("end",)
_REFINED = frozenset({"activate", "move"})


def ball_hidden(g: GameState) -> bool:
    """The ball is still in a Chest (none on the pitch, nobody holds it)."""
    return g.dungeon is not None and g.carrier < 0 and g.ball < 0


CHEST_WALKS_KEPT = 64  # boards kept per pitch before the table starts afresh


def _chest_doors(pitch: DungeonPitch) -> tuple[int, ...]:
    """The standable squares next to a closed Chest (kept per pitch)."""
    kept = pitch.memo.get(_chest_doors)
    if kept is None:
        d = pitch.dungeon
        doors: list[int] = []
        for c in sorted(pitch.chests):
            for dx, dy in D8_DIRECTIONS[1:]:
                s = d.step(c, dx, dy)
                if s >= 0 and pitch.standable(s) and s not in doors:
                    doors.append(s)
        kept = pitch.memo[_chest_doors] = tuple(doors)
    return cast("tuple[int, ...]", kept)


def chest_distances(g: GameState, mover: int = -1) -> dict[int, int]:
    """Steps from each square to a free square next to a closed Chest,
    walking round walls, Chests and players (``mover`` does not count).

    Kept per pitch and board (less the mover): a Move action asks at every
    step, and the other players stand still meanwhile. Callers only read
    the table."""
    pitch = g.pitch
    if not isinstance(pitch, DungeonPitch) or not pitch.chests:
        return {}
    # the players' squares (less the mover's) stand for the board: a key a
    # few dozen long instead of the pitch's size
    pos = list(g.pos)
    if mover >= 0:
        pos[mover] = -1
    key = tuple(pos)
    kept = cast(
        "dict[tuple[int, ...], dict[int, int]] | None", pitch.memo.get(chest_distances)
    )
    if kept is None or len(kept) >= CHEST_WALKS_KEPT:
        kept = {}
        pitch.memo[chest_distances] = kept
    dist = kept.get(key)
    if dist is None:
        board = list(g.board)
        if mover >= 0 and g.pos[mover] >= 0:
            board[g.pos[mover]] = -1
        dist = kept[key] = _chest_walk(pitch, board)
    return dist


def _chest_walk(pitch: DungeonPitch, board: list[int]) -> dict[int, int]:
    """The breadth-first walk of :func:`chest_distances` over ``board``."""
    dist: dict[int, int] = {}
    level = []
    for s in _chest_doors(pitch):
        if board[s] == -1:
            dist[s] = 0
            level.append(s)
    neighbours = pitch.neighbours
    step = 0
    while level:
        step += 1
        ahead = []
        for s in level:
            for n in neighbours[s]:
                if n not in dist and board[n] == -1:
                    dist[n] = step
                    ahead.append(n)
        level = ahead
    return dist


def _own_chest_distance(g: GameState, p: int, others: dict[int, int]) -> int | None:
    """``chest_distances(g, p)`` at ``p``'s square, from the walk of the
    board with every player (``others``): a shortest walk from his square
    never comes back to it, so it is one step more than the nearest of his
    free neighbours' (0 next to a Chest)."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    sq = g.pos[p]
    if sq in _chest_doors(pitch):
        return 0
    near = [others[n] for n in pitch.neighbours[sq] if n in others]
    return min(near) + 1 if near else None


def _carrier_food(g: GameState, opts: tuple[Option, ...], t: int) -> Option | None:
    c = g.carrier
    if c < 0 or g.team[c] == t:
        return None
    for o in opts:
        if len(o) == 3 and o[2] == "throw_food" and c in food_targets(g, g.idx[o[1]]):
            return o
    return None


def _hunter(g: GameState, opts: tuple[Option, ...], t: int) -> Option | None:
    """The Move activation of the player best placed to open a Chest."""
    best: tuple[bool, int] | None = None
    found: Option | None = None
    others = chest_distances(g)
    for o in opts:
        if len(o) != 3 or o[2] != "move":
            continue
        p = g.idx[o[1]]
        if g.status[p] != STANDING or g.carrier == p:
            continue
        dist = _own_chest_distance(g, p, others)
        if dist is None:
            continue
        key = (g.markers(g.pos[p], t) > 0, dist)
        if best is None or key < best:
            best, found = key, o
    return found


def _activate(g: GameState, d: Decision, choice: Option) -> Option:
    t = 0 if d.team == "home" else 1
    opts = d.options
    food = _carrier_food(g, opts, t)
    if food is not None:
        return food
    if choice != END_TURN:
        return choice
    if ball_hidden(g):
        hunter = _hunter(g, opts, t)
        if hunter is not None:
            return hunter
    foods = [o for o in opts if len(o) == 3 and o[2] == "throw_food"]
    if foods:
        return foods[0]
    for o in opts:
        if len(o) == 3 and o[2] == "gather_funds":
            return o
    return choice


def _move(g: GameState, d: Decision, choice: Option) -> Option:
    if not ball_hidden(g) or g.act_action != "move" or d.player is None:
        return choice
    opts = d.options
    chests = [o for o in opts if o[0] == OPEN_CHEST]
    if chests:
        return chests[0]
    if choice != END:
        return choice
    p = g.idx[d.player]
    t = g.team[p]
    if g.ma[p] - g.act_ma_used <= 0 or g.markers(g.pos[p], t):
        return choice  # no Rush, no Dodge
    dist = chest_distances(g, p)
    here = dist.get(g.pos[p])
    if here is None:
        return choice
    best: Option | None = None
    for o in opts:
        if o[0] != "move" or g.markers(o[1], t):
            continue
        there = dist.get(o[1])
        if there is not None and there < here:
            best, here = o, there
    return best if best is not None else choice


def refine(d: Decision, g: GameState, choice: Option) -> Option:
    """The planner's ``choice`` for ``d``, or a Chest / room option."""
    if g.dungeon is None or d.kind not in _REFINED:
        return choice
    if d.kind == "activate":
        return _activate(g, d, choice)
    return _move(g, d, choice)


def _food_target(bot: Any, d: Decision, g: GameState) -> Option:
    """The ball carrier, else the strongest Standing target."""

    def key(o: Option) -> tuple[bool, int]:
        q = g.idx[o[1]]
        return (g.carrier == q, g.st[q])

    return max(d.options, key=key)


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option]] = {
    "throw_food_target": _food_target,
}

__all__ = ["HANDLERS", "ball_hidden", "chest_distances", "refine"]
