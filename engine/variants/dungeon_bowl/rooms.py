"""The special rules of Dungeon Bowl's rooms (DB-setup "Dungeon Tile
Special Rules"): Armoury, Bone Pit, Cursed Room, Flooded Room, Forgotten
Jail, Kitchen, Sewer, Treasure Room, Chaotic Idol, Crypt, Dragon
Youngling's Lair and Fiery Chasm; and opening Chests (:mod:`.chests`).

:class:`RoomRules` is mixed into the ``DungeonBowl`` variant. A square's
room type is ``g.pitch.room[sq]`` (a :class:`~engine.dungeon.pitch.DungeonPitch`).
The Crypt and the Fiery Chasm (pushes, the ball in the Chasm) are wall rules
(:mod:`.walls`). The procedures are in :mod:`.room_actions`.

Decisions (besides those of :mod:`.room_actions` and :mod:`.chests`):

* A player is "in" a room when the square he stands on belongs to it, at
  the moment the rule applies: the Armoury when the Armour roll is made
  (after a push, the square he was pushed to), the Flooded Room for the
  square he Rushes into (where the Rush roll is made, BB2020 "Rushing").
* Bone Pit: a pass uses the thrower's square, a catch the catcher's square,
  and the catch of a Hand-off is at -1 when the player handing off or the
  catcher is in the Bone Pit (once, not -2: a Hand-off has only the one
  roll, the catch). An Interference (interception) is not a Catch: no
  modifier. The Bone Pit is about the ball: Throw Team-mate and bombs are
  not affected.
* Cursed Room: no team re-roll (Leader's and Brilliant Coaching's
  included), no Pro, no Skill or Trait re-roll (Dodge, Sure Feet, Sure
  Hands, Catch, Pass, Brawler ...) for a roll made for a player in the
  room (the blocker for block dice). A Star Player's special rule is
  neither a Skill nor a Trait: still usable. (Cloud Burster, which makes
  the opponent re-roll an Interference, needs a Long pass: none in Dungeon
  Bowl.)
* Armoury: +1 to every Armour roll that may be modified; the rolls the
  rules call unmodified (Stab, Projectile Vomit) stay unmodified. Iron Hard
  Skin stops only opposing players' modifiers, not the room's.
* Flooded Room: the Rush roll's target is 3+ instead of 2+ (so Blizzard's
  -1 still applies on top).
* Sewer: a player gains Disturbing Presence when he arrives on a Sewer
  square from a square outside the Sewer (a step, a push, a teleport: any
  move onto it) and keeps it until his next activation begins, wherever he
  goes in between. Moving about inside the Sewer is not entering it again.
  A player who has Disturbing Presence already gains nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import skillbits as S
from engine.core.events import RoomRule
from engine.core.state import PF_USED, PITCH, STUNNED
from engine.variants.dungeon_bowl.chests import OPEN_CHEST, OpenChest, chest_options
from engine.variants.dungeon_bowl.room_actions import (
    ARMOURY,
    BONE_PIT,
    CURSED_ROOM,
    FLOODED_ROOM,
    KITCHEN,
    ROLLING_ROOMS,
    SEWER,
    TREASURE_ROOM,
    GatherFunds,
    RoomRoll,
    ThrowFood,
    food_targets,
    room_at,
    room_of,
)

if TYPE_CHECKING:
    from engine.core.state import GameState, Option, Proc

DISTURBING_PRESENCE = S.BIT["disturbing-presence"]


class RoomRules:
    """The room hooks of the Dungeon Bowl variant."""

    def armour_modifier(self, g: GameState, p: int) -> int:
        """The Armoury: +1 to an Armour roll for a player in it."""
        return 1 if room_of(g, p) == ARMOURY else 0

    def pass_modifier(self, g: GameState, p: int) -> int:
        """The Bone Pit: -1 to a throw from it."""
        return -1 if room_of(g, p) == BONE_PIT else 0

    def catch_modifier(self, g: GameState, p: int, how: str) -> int:
        """The Bone Pit: -1 to a catch in it, and to the catch of a Hand-off
        from it."""
        if room_of(g, p) == BONE_PIT:
            return -1
        giver = g.act_player
        if how == "hand_off" and giver >= 0 and room_of(g, giver) == BONE_PIT:
            return -1
        return 0

    def rerolls_allowed(self, g: GameState, p: int) -> bool:
        """The Cursed Room: no re-rolls for a player in it."""
        return room_of(g, p) != CURSED_ROOM

    def rush_target(self, g: GameState, p: int) -> int:
        """The Flooded Room: a Rush fails on a 1 or a 2."""
        return 3 if room_of(g, p) == FLOODED_ROOM else 2

    def activation_procs(self, g: GameState, p: int, action: str) -> list[Proc]:
        """The start of ``p``'s activation: the Sewer's Disturbing Presence
        ends; the Forgotten Jail, Chaotic Idol and Dragon Youngling's Lair
        roll; Throw Food / Gather Funds are made."""
        d = g.dungeon
        if d is None:
            return []
        if d.sewer_dp[p]:
            d.sewer_dp[p] = False
            g.skills[p] &= ~DISTURBING_PRESENCE
            g.emit(RoomRule(SEWER, g.pid[p], "disturbing_presence", 0))
        out: list[Proc] = []
        room = room_of(g, p)
        if room in ROLLING_ROOMS:
            out.append(RoomRoll(p, room))
        if action == "throw_food":
            out.append(ThrowFood(p))
        elif action == "gather_funds":
            out.append(GatherFunds(p))
        return out

    def activation_ends(self, g: GameState, p: int) -> None:
        """The Jail's MA and the Idol's ST come back."""
        d = g.dungeon
        if d is None:
            return
        if d.room_ma[p]:
            g.ma[p] -= d.room_ma[p]
            d.room_ma[p] = 0
        if d.room_st[p]:
            g.st[p] -= d.room_st[p]
            d.room_st[p] = 0

    def extra_activations(self, g: GameState, t: int) -> list[Option]:
        """Throw Food for a player of ``t`` in the Kitchen with a target in
        sight, Gather Funds for one in the Treasure Room (not Stunned, not
        yet activated)."""
        if g.dungeon is None:
            return []
        out: list[Option] = []
        for p in range(g.n):
            if (
                g.team[p] != t
                or g.box[p] != PITCH
                or g.pflags[p] & PF_USED
                or g.status[p] == STUNNED
            ):
                continue
            room = room_of(g, p)
            if room == KITCHEN and food_targets(g, p):
                out.append(g.act_opts[p]["throw_food"])
            elif room == TREASURE_ROOM:
                out.append(g.act_opts[p]["gather_funds"])
        return out

    def extra_move_options(
        self, g: GameState, p: int, action: str
    ) -> tuple[Option, ...]:
        """Open a Chest next to him (:func:`.chests.chest_options`)."""
        return chest_options(g, p, action)

    def special_receive(self, g: GameState, act: Proc, p: int, choice: Option) -> bool:
        """``("open_chest", square)``: the Move action ends, the Chest opens."""
        if choice[0] != OPEN_CHEST:
            return False
        act.phase = 9  # the activation ends after the Chest
        g.stack.append(OpenChest(p, choice[1]))
        return True

    def entered(self, g: GameState, p: int, sq: int, src: int) -> None:
        """The Sewer: Disturbing Presence for a player coming into it."""
        d = g.dungeon
        if (
            d is None
            or room_at(g, sq) != SEWER
            or room_at(g, src) == SEWER
            or g.skills[p] & DISTURBING_PRESENCE
        ):
            return
        d.sewer_dp[p] = True
        g.skills[p] |= DISTURBING_PRESENCE
        g.emit(RoomRule(SEWER, g.pid[p], "disturbing_presence", 1))
