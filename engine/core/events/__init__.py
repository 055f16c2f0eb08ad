"""Match events: what happened, in order (the match's ``events`` list).

Events are typed ``NamedTuple`` records: immutable, cheap to create on the
hot path, comparable, and each has ``to_dict()`` giving a JSON-able dict with
a ``"type"`` key. Players are referred to by their :class:`PlayerSheet` id,
squares by index (see :mod:`engine.core.pitch`), teams as "home"/"away".
The records live by area (:mod:`.flow`, :mod:`.actions`, :mod:`.dungeon`)
and are all named here.
"""

from __future__ import annotations

from engine.core.events.actions import (
    Apothecary,
    ArgueTheCall,
    Armour,
    BallCaught,
    BallMove,
    Block,
    BlockResult,
    Casualty,
    Foul,
    HandOff,
    Injury,
    Interference,
    KnockedDown,
    Landing,
    Move,
    Pass,
    PlayerOff,
    Prayer,
    SentOff,
    SkillUsed,
    StandUp,
    ThrowTeamMate,
)
from engine.core.events.dungeon import (
    BallHidden,
    BallTeleport,
    ChestOpened,
    DugoutPortal,
    FirstTurn,
    MagicalMishap,
    MagicSponge,
    RoomRule,
    Teleport,
    TimeLimit,
)
from engine.core.events.flow import (
    Activation,
    ActivationEnd,
    CoinToss,
    Concede,
    DriveEnd,
    ExtraTime,
    FanFactor,
    GameEnd,
    GameStart,
    HalfTime,
    Induced,
    Kick,
    KickoffEvent,
    KORecovery,
    Nomination,
    Note,
    Reroll,
    Roll,
    SetUp,
    SuddenDeath,
    Touchback,
    Touchdown,
    TurnEnd,
    TurnMarker,
    Turnover,
    TurnStart,
    Weather,
)

Event = (
    GameStart
    | Induced
    | FanFactor
    | Weather
    | CoinToss
    | Roll
    | Reroll
    | SetUp
    | Kick
    | KickoffEvent
    | Touchback
    | TurnStart
    | TurnEnd
    | TurnMarker
    | Activation
    | Nomination
    | ActivationEnd
    | Move
    | StandUp
    | Block
    | BlockResult
    | SkillUsed
    | KnockedDown
    | Armour
    | Injury
    | Casualty
    | Apothecary
    | PlayerOff
    | BallMove
    | BallCaught
    | Pass
    | HandOff
    | Interference
    | ThrowTeamMate
    | Landing
    | Foul
    | SentOff
    | ArgueTheCall
    | Prayer
    | Turnover
    | Touchdown
    | KORecovery
    | DriveEnd
    | HalfTime
    | ExtraTime
    | SuddenDeath
    | Concede
    | GameEnd
    | Note
    # Dungeon Bowl rooms
    | ChestOpened
    | RoomRule
    # Dungeon Bowl flow
    | BallHidden
    | FirstTurn
    | Teleport
    | MagicalMishap
    | BallTeleport
    | DugoutPortal
    | MagicSponge
    | TimeLimit
)

__all__ = [
    "Activation",
    "ActivationEnd",
    "Apothecary",
    "ArgueTheCall",
    "Armour",
    "BallCaught",
    "BallHidden",
    "BallMove",
    "BallTeleport",
    "Block",
    "BlockResult",
    "Casualty",
    "ChestOpened",
    "CoinToss",
    "Concede",
    "DriveEnd",
    "DugoutPortal",
    "Event",
    "ExtraTime",
    "FanFactor",
    "FirstTurn",
    "Foul",
    "GameEnd",
    "GameStart",
    "HalfTime",
    "HandOff",
    "Induced",
    "Injury",
    "Interference",
    "KORecovery",
    "Kick",
    "KickoffEvent",
    "KnockedDown",
    "Landing",
    "MagicSponge",
    "MagicalMishap",
    "Move",
    "Nomination",
    "Note",
    "Pass",
    "PlayerOff",
    "Prayer",
    "Reroll",
    "Roll",
    "RoomRule",
    "SentOff",
    "SetUp",
    "SkillUsed",
    "StandUp",
    "SuddenDeath",
    "Teleport",
    "ThrowTeamMate",
    "TimeLimit",
    "Touchback",
    "Touchdown",
    "TurnEnd",
    "TurnMarker",
    "TurnStart",
    "Turnover",
    "Weather",
]
