"""Events of what players do and what happens to them: moves, blocks,
knock-downs, armour and injuries, the ball, passes, throws, fouls and
prayers."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.events.record import as_dict


class Move(NamedTuple):
    """A player moves (or is placed) from one square to another; ``how`` is
    step, jump, rush, push, follow_up, quick_snap, high_kick, land..."""

    player: int
    src: int
    dst: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "move", self._fields)


class StandUp(NamedTuple):
    """A Prone player stands up."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "stand_up", self._fields)


class Block(NamedTuple):
    """Block dice rolled: attacker/defender, strengths after assists, dice,
    which team chooses."""

    attacker: int
    defender: int
    st_attacker: int
    st_defender: int
    dice: tuple[int, ...]
    chooser: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "block", self._fields)


class BlockResult(NamedTuple):
    """The block die result applied."""

    attacker: int
    defender: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "block_result", self._fields)


class SkillUsed(NamedTuple):
    """A player uses a skill or trait."""

    player: int
    skill: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "skill_used", self._fields)


class KnockedDown(NamedTuple):
    """A player is Knocked Down, Falls Over (``how``="fall") or is Placed
    Prone (``how``="placed_prone")."""

    player: int
    square: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "knocked_down", self._fields)


class Armour(NamedTuple):
    """An Armour roll (2D6 + modifier against AV)."""

    player: int
    dice: tuple[int, int]
    modifier: int
    av: int
    broken: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "armour", self._fields)


class Injury(NamedTuple):
    """An Injury roll and its result (stunned, ko, cas, badly_hurt, ...)."""

    player: int
    dice: tuple[int, int]
    modifier: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "injury", self._fields)


class Casualty(NamedTuple):
    """A casualty: D16 roll (0 if none), result, lasting injury D6 (0 if
    none); ``d100`` is the roll of a variant whose Casualty table is a D100
    (0 otherwise, and then left out of the dict)."""

    player: int
    d16: int
    result: str
    lasting_d6: int
    characteristic: str
    d100: int = 0

    def to_dict(self) -> dict[str, Any]:
        if self.d100:
            return as_dict(self, "casualty", self._fields)
        return as_dict(self[:-1], "casualty", self._fields[:-1])


class Apothecary(NamedTuple):
    """An apothecary is used; ``outcome`` describes what it achieved."""

    team: str
    player: int
    outcome: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "apothecary", self._fields)


class PlayerOff(NamedTuple):
    """A player leaves the pitch to a dugout box (reserves, ko, cas, sent_off)."""

    player: int
    box: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "player_off", self._fields)


class BallMove(NamedTuple):
    """The ball moves: bounce, scatter, deviate, throw_in; dst -1 = off pitch."""

    how: str
    src: int
    dst: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "ball", self._fields)


class BallCaught(NamedTuple):
    """A player takes possession of the ball (catch, pick_up, hand_off...)."""

    player: int
    square: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "ball_caught", self._fields)


class Pass(NamedTuple):
    """A Pass action: target square, range band, accuracy result."""

    player: int
    target: int
    range: str
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "pass", self._fields)


class HandOff(NamedTuple):
    """A Hand-off action to an adjacent team-mate."""

    player: int
    receiver: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "hand_off", self._fields)


class Interference(NamedTuple):
    """Passing interference: deflection or interception."""

    player: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "interference", self._fields)


class ThrowTeamMate(NamedTuple):
    """A Throw Team-mate action: quality superb/successful/terrible/fumble."""

    thrower: int
    thrown: int
    target: int
    quality: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "throw_team_mate", self._fields)


class Landing(NamedTuple):
    """A thrown player lands (``ok`` False = landed badly / crashed)."""

    player: int
    square: int
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "landing", self._fields)


class Foul(NamedTuple):
    """A Foul action against a Prone or Stunned player."""

    player: int
    victim: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "foul", self._fields)


class SentOff(NamedTuple):
    """A player is Sent-off (reason: foul, secret_weapon, officious_ref,
    all-you-can-eat)."""

    player: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "sent_off", self._fields)


class ArgueTheCall(NamedTuple):
    """Argue the Call D6 (or a Bribe) and its outcome."""

    team: str
    player: int
    roll: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "argue_the_call", self._fields)


class Prayer(NamedTuple):
    """A Prayer to Nuffle result for a team."""

    team: str
    roll: int
    result: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "prayer", self._fields)
