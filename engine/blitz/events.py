"""Blitz Bowl events: what happened, in order (typed ``NamedTuple`` records
with ``to_dict()``, as :mod:`engine.core.events`). Players are referred to by id,
squares by index on the :class:`~engine.blitz.board.Board`, teams as
"home"/"away"; a check's dice are logged as :class:`engine.core.events.Roll`."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.events import Roll


def _d(ev: tuple[Any, ...], name: str) -> dict[str, Any]:
    out: dict[str, Any] = {"type": name}
    for k, v in zip(ev._fields, ev, strict=True):  # type: ignore[attr-defined]
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


class BlitzStart(NamedTuple):
    """The game begins: the teams, the board side, who sets up first."""

    home: str
    away: str
    side: str
    first: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "blitz_start")


class Placed(NamedTuple):
    """A Player is set up in (or comes back into) their End Zone."""

    player: int
    square: int
    reason: str  # "setup", "reserves"

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "placed")


class TurnStart(NamedTuple):
    team: str
    number: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "turn_start")


class ActionTaken(NamedTuple):
    """A Player Action (or a free Action) is declared."""

    player: int
    action: str
    free: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "action")


class Moved(NamedTuple):
    player: int
    from_sq: int
    to_sq: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "moved")


class BallMoved(NamedTuple):
    """A ball moves: ``how`` is bounce, new_ball, throw, carried, removed."""

    ball: int
    from_sq: int
    to_sq: int
    how: str
    d8: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball_moved")


class Possession(NamedTuple):
    player: int
    ball: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "possession")


class BlockDice(NamedTuple):
    """The Block Dice rolled (faces by name) and the face the blocker chose."""

    player: int
    target: int
    faces: tuple[str, ...]
    assisted: bool
    chosen: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "block_dice")


class Pushed(NamedTuple):
    player: int
    from_sq: int
    to_sq: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "pushed")


class KnockedDown(NamedTuple):
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "knocked_down")


class Injured(NamedTuple):
    """A Player goes to the Dugout (Reserves); ``cause`` names the rule."""

    player: int
    cause: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "injured")


class StoodUp(NamedTuple):
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "stood_up")


class Touchdown(NamedTuple):
    team: str
    player: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "touchdown")


class CardDealt(NamedTuple):
    """A Challenge Card is dealt into an Active space (1-3)."""

    slot: int
    card: int
    challenge: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "card_dealt")


class CardDiscarded(NamedTuple):
    team: str
    slot: int
    card: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "card_discarded")


class CardClaimed(NamedTuple):
    """A Challenge Card is claimed: its points scored, its Bonus Play taken
    into the hand."""

    team: str
    player: int
    card: int
    challenge: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "card_claimed")


class CleanSweep(NamedTuple):
    team: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "clean_sweep")


class BonusPlayed(NamedTuple):
    """A coach plays the Bonus Play of card ``card`` from their hand (it
    goes to the discard pile); ``player`` is the Player it is played for
    (0: none)."""

    team: str
    card: int
    bonus: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "bonus_played")


class HandDiscarded(NamedTuple):
    """At the end of their turn a coach discards a card over the hand
    limit of three."""

    team: str
    card: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "hand_discarded")


class RookiesReroll(NamedTuple):
    """The Rookies to Watch card is discarded to re-roll ``what``: "armour",
    "throw" or "block" dice."""

    team: str
    what: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "rookies_reroll")


class DumpOff(NamedTuple):
    """A Block's target Interrupts it with a free Short Throw (Dump-off)."""

    player: int
    blocker: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "dump_off")


class GameEnd(NamedTuple):
    """``how``: "sudden_death" or "points"; winner "home", "away" or ""."""

    how: str
    winner: str
    home_points: int
    away_points: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "game_end")


class RandomEventDrawn(NamedTuple):
    """A Random Event card (number 101-112) is drawn by ``team``'s coach;
    ``kind`` is its slug (banana_skins, multi_ball, ...)."""

    team: str
    card: int
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "random_event")


class ArenaRolled(NamedTuple):
    """The arena (Blitz Bowl Arenas, D8 1-8) whose regional rule is played;
    ``d8`` is 0 when no die was rolled (the arena was agreed)."""

    d8: int
    arena: int
    slug: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "arena")


class BallChosen(NamedTuple):
    """``team``'s coach picks the kind of the ball ``ball`` about to enter
    play (Blitz Bowl Balls)."""

    team: str
    ball: int
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball_chosen")


class MadeProne(NamedTuple):
    """A Player becomes Prone with no Armour Check (a Random Event)."""

    player: int
    cause: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "made_prone")


__all__ = [
    "ActionTaken",
    "ArenaRolled",
    "BallChosen",
    "BallMoved",
    "BlitzStart",
    "BlockDice",
    "BonusPlayed",
    "CardClaimed",
    "CardDealt",
    "CardDiscarded",
    "CleanSweep",
    "GameEnd",
    "HandDiscarded",
    "Injured",
    "KnockedDown",
    "MadeProne",
    "Moved",
    "Placed",
    "Possession",
    "Pushed",
    "RandomEventDrawn",
    "Roll",
    "RookiesReroll",
    "DumpOff",
    "StoodUp",
    "Touchdown",
    "TurnStart",
]
