"""Opening Chests (DB-setup "Chests", "Opening Chests"; digest B9).

A player who finishes a Move action (not a Blitz) next to a closed Chest,
and is not Marked then, may open it. The option ``("open_chest", square)``
sits in the ``move`` decision of a Move action beside ``("end",)``: taking
it ends the Move action there and opens that Chest; ``("end",)`` declines.

* The Chest with the ball (``g.dungeon.ball_chest``): the player takes the
  ball at once, his activation ends, the Chest is removed
  (``g.dungeon.ball_chest`` becomes -1).
* Any other Chest is a booby trap: the opener and every player next to the
  Chest are Knocked Down, an Armour roll each; then the Chest is removed.

The square of a removed Chest is floor: ``g.pitch`` is swapped for the
pitch without it (:meth:`DungeonPitch.without_chest`; pitches are shared
read-only by clones, never changed). Chests may still be opened once the
ball is found.

Decisions:

* "Adjacent to the Chest" is any of the eight squares around it, walls in
  between or not (a Chest sits in a room, away from walls' corners).
* The booby trap: the opener is Knocked Down first, then the others by
  square (row by row, top left first). A Standing player is Knocked Down
  (Prone, then his Armour roll, then Injury if it breaks; a ball he held
  bounces at once, the closed Chest still a wall for it). A Prone or
  Stunned player is already down: he gets only the Armour roll (and Injury),
  keeping his status, so a Stunned player is not made Prone by it.
* The booby trap is a Turnover: the opener, a player of the active team,
  is Knocked Down (BB2020 "Turnovers"; the Dungeon Bowl text, unlike the
  Dragon Youngling's Lair, makes no exception). The opposition's ball
  carrier dropping the ball is no Turnover of his team (it is not his turn).
* The Chest is removed after the last Armour (and Injury) roll, as the
  text says ("After the Armour roll has been made for each player").
* A player with No Hands may open a Chest, but cannot take possession of
  the ball (BB2020 "No Hands"): it bounces from his square.
* Opening a Chest needs a Standing player whose activation is a Move action
  (``g.act_action == "move"``): a Pass with Running Pass that goes on
  moving is still a Pass action.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import BallCaught, ChestOpened
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.dungeon.pitch import DungeonPitch
from engine.rules.ball import Bounce
from engine.rules.injuries import Harm, KnockDown

OPEN_CHEST = "open_chest"


def chests_next_to(g: GameState, sq: int) -> list[int]:
    """The closed Chests on the squares around ``sq``."""
    pitch = g.pitch
    if not isinstance(pitch, DungeonPitch) or not pitch.chests:
        return []
    d = pitch.dungeon
    out = []
    for dx, dy in D8_DIRECTIONS:
        c = d.step(sq, dx, dy)
        if c >= 0 and c in pitch.chests:
            out.append(c)
    return sorted(out)


def chest_options(g: GameState, p: int, action: str) -> tuple[Option, ...]:
    """``("open_chest", square)`` for each closed Chest next to ``p`` when
    he may stop his Move action there to open it: a Move action (not a
    Blitz), Standing, not Marked."""
    if (
        action != "move"
        or g.act_action != "move"
        or g.dungeon is None
        or g.box[p] != PITCH
        or g.status[p] != STANDING
    ):
        return ()
    sq = g.pos[p]
    chests = chests_next_to(g, sq)
    if not chests or g.markers(sq, g.team[p]):
        return ()
    return tuple((OPEN_CHEST, c) for c in chests)


def victims(g: GameState, p: int, sq: int) -> list[int]:
    """Who a booby trap on ``sq`` knocks down, in order: the opener ``p``,
    then every other player next to the Chest by square."""
    d = g.pitch.dungeon if isinstance(g.pitch, DungeonPitch) else None
    assert d is not None
    around = []
    for dx, dy in D8_DIRECTIONS:
        s = d.step(sq, dx, dy)
        if s >= 0 and (q := g.board[s]) >= 0 and q != p:
            around.append((s, q))
    return [p] + [q for _, q in sorted(around)]


class OpenChest(Proc):
    """Player ``p`` opens the Chest on ``sq``: see the module docstring."""

    __slots__ = ("p", "sq")

    def __init__(self, p: int, sq: int) -> None:
        self.phase = 0
        self.p = p
        self.sq = sq

    def step(self, g: GameState) -> Decision | None:
        p, sq = self.p, self.sq
        d = g.dungeon
        pitch = g.pitch
        assert d is not None
        assert isinstance(pitch, DungeonPitch)
        t = g.tname(g.team[p])
        if self.phase == 1:  # the booby trap's rolls are made
            g.pitch = pitch.without_chest(sq)
            g.stack.pop()
            return None
        g.act_over = True
        if sq == d.ball_chest:
            g.emit(ChestOpened(t, g.pid[p], sq, "ball"))
            d.ball_chest = -1
            g.pitch = pitch.without_chest(sq)
            g.ball_air = False
            if g.skills[p] & S.NO_HANDS:  # he cannot hold it: it bounces
                g.ball = g.pos[p]
                g.stack[-1] = Bounce(g.pos[p])
                return None
            g.ball = -1
            g.carrier = p
            g.emit(BallCaught(g.pid[p], g.pos[p], "chest"))
            g.stack.pop()
            return None
        g.emit(ChestOpened(t, g.pid[p], sq, "booby_trap"))
        self.phase = 1
        procs: list[Proc] = []
        for q in victims(g, p, sq):
            if g.status[q] == STANDING:
                procs.append(KnockDown(q, "knocked_down"))
            else:
                procs.append(Harm(q))
        g.stack.extend(reversed(procs))
        return None


__all__ = ["OPEN_CHEST", "OpenChest", "chest_options", "chests_next_to", "victims"]
