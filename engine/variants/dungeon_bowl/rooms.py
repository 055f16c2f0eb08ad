"""The special rules of Dungeon Bowl's rooms (DB-setup "Dungeon Tile
Special Rules"): Armoury, Bone Pit, Cursed Room, Flooded Room, Forgotten
Jail, Kitchen, Sewer, Treasure Room, Chaotic Idol, Crypt, Dragon
Youngling's Lair and Fiery Chasm.

:class:`RoomRules` is mixed into the ``DungeonBowl`` variant. A square's
room type is ``g.pitch.room[sq]`` (a :class:`~engine.dungeon.pitch.DungeonPitch`).
"""

from __future__ import annotations


class RoomRules:
    """The room hooks of the Dungeon Bowl variant."""
