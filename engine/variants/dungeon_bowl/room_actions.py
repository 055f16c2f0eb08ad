"""The procedures of Dungeon Bowl's rooms (DB-setup "Dungeon Tile Special
Rules"): the rolls of a player who begins his activation in the Forgotten
Jail, by the Chaotic Idol or in the Dragon Youngling's Lair, and the special
actions Throw Food (the Kitchen) and Gather Funds (the Treasure Room).

:class:`~engine.variants.dungeon_bowl.rooms.RoomRules` puts them on the
stack when a player's activation begins (``Variant.activation_procs``).

Decisions:

* "Begins their turn" in the Forgotten Jail is read as "begins his
  activation", as for every other room: the roll is made when he is
  activated, and the MA lost lasts until the end of that activation.
* The room rolls are made after the player's activation traits (Bone-head,
  Really Stupid ...) and before he stands up, so a Prone player whose MA
  the Jail takes below 3 must roll to stand up.
* The room rolls are the dungeon's, not a test of the player's: they
  cannot be re-rolled. Throw Food is the player's own roll during his
  activation, so a team re-roll or Pro may re-roll it (a
  :class:`~engine.rules.rolls.Test`, 5+, no natural 1/6 rule).
* The Jail does not take MA below 1 (the Characteristic Table minimum);
  the Idol's ST +1 is not capped.
* The Dragon knocks down a player whatever his status (a Prone one gets the
  Armour roll too) and his activation ends; a Turnover only when he held
  the ball (DB-setup). Armour and Injury follow as for any Knocked Down
  player.
* Throw Food: the target must be Standing (only a Standing player can be
  Knocked Down), within 4 squares (counting diagonals, as every range in
  Blood Bowl) and in Line of Sight (:func:`engine.dungeon.sight.line_of_sight`).
  On a 5+ he is Knocked Down: Armour roll, Injury if broken, a ball he held
  bounces. Knocking down an opponent is never a Turnover for the thrower's
  team, and no Star Player Points are earned for a Casualty (it is no
  Block). Throw Food and Gather Funds may be made by a Prone player, who
  stays Prone: they are made "instead of doing anything else", standing
  up included; neither has a limit per team turn. A failed activation
  trait (Bone-head, Really Stupid ...) stops them like any other action.
"""

from __future__ import annotations

from engine.core.events import Roll, RoomRule
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.sight import line_of_sight
from engine.rules.injuries import KnockDown
from engine.rules.rolls import Test

ARMOURY = "armoury"
BONE_PIT = "bone_pit"
CURSED_ROOM = "cursed_room"
FLOODED_ROOM = "flooded_room"
FORGOTTEN_JAIL = "forgotten_jail"
KITCHEN = "kitchen"
SEWER = "sewer"
TREASURE_ROOM = "treasure_room"
CHAOTIC_IDOL = "chaotic_idol"
DRAGON_LAIR = "dragon_lair"

JAIL_SAFE_ON = 3  # D6: 1-2 loses 2 MA
JAIL_MA_LOSS = 2
IDOL_ON = 6  # D6 6: ST +1
DRAGON_ON = 5  # D6 5+: Knocked Down
FOOD_ON = 5  # D6 5+: the target is Knocked Down
FOOD_RANGE = 4

ROLLING_ROOMS = frozenset({FORGOTTEN_JAIL, CHAOTIC_IDOL, DRAGON_LAIR})


def room_at(g: GameState, sq: int) -> str:
    """The room type of square ``sq`` ("" off the board, in a corridor or
    on a board with no rooms)."""
    pitch = g.pitch
    if sq < 0 or not isinstance(pitch, DungeonPitch):
        return ""
    return pitch.room[sq]


def room_of(g: GameState, p: int) -> str:
    """The room type of the square player ``p`` stands on ("" off the pitch)."""
    return room_at(g, g.pos[p]) if g.box[p] == PITCH else ""


def food_targets(g: GameState, p: int) -> list[int]:
    """The opposition players ``p`` may Throw Food at: Standing, within 4
    squares, in Line of Sight."""
    pitch = g.pitch
    if not isinstance(pitch, DungeonPitch):
        return []
    sq = g.pos[p]
    t = g.team[p]
    out = []
    for q in range(g.n):
        if (
            g.team[q] != t
            and g.box[q] == PITCH
            and g.status[q] == STANDING
            and pitch.distance(sq, g.pos[q]) <= FOOD_RANGE
            and line_of_sight(pitch.dungeon, sq, g.pos[q])
        ):
            out.append(q)
    return out


class RoomRoll(Proc):
    """The D6 of a player who begins his activation in the Forgotten Jail
    (1-2: MA -2), the Chaotic Idol's room (6: ST +1) or the Dragon
    Youngling's Lair (5+: Knocked Down). The Roll event's ``success`` is
    True when the result is good for the player."""

    __slots__ = ("p", "room")

    def __init__(self, p: int, room: str) -> None:
        self.phase = 0
        self.p = p
        self.room = room

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        d = g.dungeon
        assert d is not None
        pid = g.pid[p]
        die = g.dice.d6()
        room = self.room
        if room == FORGOTTEN_JAIL:
            safe = die >= JAIL_SAFE_ON
            g.emit(Roll(room, pid, (die,), JAIL_SAFE_ON, 0, safe, False))
            loss = min(JAIL_MA_LOSS, g.ma[p] - 1)
            if not safe and loss > 0:
                g.ma[p] -= loss
                d.room_ma[p] -= loss
                g.emit(RoomRule(room, pid, "ma", -loss))
        elif room == CHAOTIC_IDOL:
            hit = die >= IDOL_ON
            g.emit(Roll(room, pid, (die,), IDOL_ON, 0, hit, False))
            if hit:
                g.st[p] += 1
                d.room_st[p] += 1
                g.emit(RoomRule(room, pid, "st", 1))
        elif room == DRAGON_LAIR:
            hit = die >= DRAGON_ON
            g.emit(Roll(room, pid, (die,), DRAGON_ON, 0, not hit, False))
            if hit:
                g.emit(RoomRule(room, pid, "knocked_down", 0))
                g.act_over = True
                g.stack[-1] = KnockDown(p, "knocked_down", causes_turnover=False)
                return None
        g.stack.pop()
        return None


class ThrowFood(Proc):
    """The Kitchen's Throw Food special action: pick a target
    (:func:`food_targets`), then a D6 5+ Knocks it Down. The activation
    ends."""

    __slots__ = ("p", "q")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.q = -1

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            if g.act_over:  # a failed activation trait (Bone-head ...)
                g.stack.pop()
                return None
            g.act_over = True
            targets = food_targets(g, p)
            if not targets:
                g.stack.pop()
                return None
            opts: tuple[Option, ...] = tuple(("throw_food", g.pid[q]) for q in targets)
            self.phase = 1
            return Decision(g.tname(g.team[p]), "throw_food_target", opts, g.pid[p])
        # phase 2: the roll is made
        q = self.q
        g.emit(RoomRule(KITCHEN, g.pid[p], "throw_food", g.pid[q]))
        if g.ret:
            g.stack[-1] = KnockDown(q, "knocked_down", by=p, causes_turnover=False)
        else:
            g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        self.q = g.idx[choice[1]]
        self.phase = 2
        g.stack.append(Test("throw_food", self.p, FOOD_ON, natural=False))


class GatherFunds(Proc):
    """The Treasure Room's Gather Funds special action: noted for the team
    (``g.dungeon.gather_funds``; the league turns the count into gold,
    :func:`engine.variants.dungeon_bowl.league.treasure_room_funds`); the
    activation ends."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        d = g.dungeon
        assert d is not None
        if g.act_over:  # a failed activation trait (Bone-head ...)
            g.stack.pop()
            return None
        t = g.team[p]
        d.gather_funds[t] += 1
        g.emit(RoomRule(TREASURE_ROOM, g.pid[p], "gather_funds", d.gather_funds[t]))
        g.act_over = True
        g.stack.pop()
        return None


__all__ = [
    "ARMOURY",
    "BONE_PIT",
    "CHAOTIC_IDOL",
    "CURSED_ROOM",
    "DRAGON_LAIR",
    "FLOODED_ROOM",
    "FORGOTTEN_JAIL",
    "KITCHEN",
    "SEWER",
    "TREASURE_ROOM",
    "GatherFunds",
    "RoomRoll",
    "ThrowFood",
    "food_targets",
    "room_at",
    "room_of",
]
