"""Events of Dungeon Bowl's board: its rooms, Chests and Portals."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.events.record import as_dict

# Dungeon Bowl rooms ------------------------------------------------------------


class ChestOpened(NamedTuple):
    """A player of ``team`` opens the Chest on ``square`` (Dungeon Bowl
    "Opening Chests"): ``contents`` "ball" (he takes the ball) or
    "booby_trap" (he and every player next to the Chest are Knocked
    Down). The Chest is then removed."""

    team: str
    player: int
    square: int
    contents: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "chest_opened", self._fields)


class RoomRule(NamedTuple):
    """A Dungeon Bowl room's rule acts on ``player``: ``room`` is the room
    type (``forgotten_jail``, ``chaotic_idol``, ``dragon_lair``, ``sewer``,
    ``kitchen``, ``treasure_room`` ...), ``effect`` what happened
    (``ma``/``st``: the characteristic changed by ``value`` for the
    activation; ``knocked_down``; ``disturbing_presence`` gained (1) or
    lost (0); ``throw_food`` at player ``value`` (a miss is the Roll
    before it); ``gather_funds``: the team's count is now ``value``)."""

    room: str
    player: int
    effect: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "room_rule", self._fields)


# Dungeon Bowl flow ----------------------------------------------------------


class BallHidden(NamedTuple):
    """Dungeon Bowl: the ball is hidden in one of the Chests (the D6 that
    chose it; the square is not in the event, the coaches must not know)."""

    chests: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "ball_hidden", self._fields)


class FirstTurn(NamedTuple):
    """Dungeon Bowl coin toss: ``team`` won it, takes the first team turn and
    chose End Zone ``end_zone`` of the board (0 or 1) as its own."""

    team: str
    end_zone: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "first_turn", self._fields)


class Teleport(NamedTuple):
    """A player teleports from Portal ``src`` (0: the Dugout Portal) to
    Portal ``dst`` (``square``); ``chain``: he was teleported on by a Chain
    Reaction."""

    player: int
    src: int
    dst: int
    square: int
    chain: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "teleport", self._fields)


class MagicalMishap(NamedTuple):
    """A player rolled the number of the Portal he stood on: out of the game."""

    player: int
    portal: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "magical_mishap", self._fields)


class BallTeleport(NamedTuple):
    """A loose ball landing on Portal ``src`` teleports to Portal ``dst``."""

    src: int
    dst: int
    square: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "ball_teleport", self._fields)


class DugoutPortal(NamedTuple):
    """A coach teleports a player from the Reserves into the dungeon."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "dugout_portal", self._fields)


class MagicSponge(NamedTuple):
    """A coach uses the Magic Sponge: a KO'd player goes to the Reserves."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "magic_sponge", self._fields)


class TimeLimit(NamedTuple):
    """The turn cap is reached: ``distances`` (home, away) in squares from the
    ball to the End Zone each team scores in; ``winner`` home/away/draw."""

    ball: int
    distances: tuple[int, int]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "time_limit", self._fields)
