"""Events of the game's flow: the pre-game, kick-offs, turns and
activations, dice, drives, halves and the end of the game."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.events.record import as_dict


class GameStart(NamedTuple):
    """The match begins (ruleset name, team names)."""

    ruleset: str
    home: str
    away: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "game_start", self._fields)


class FanFactor(NamedTuple):
    """Pre-game step 1: Fan Factor = Dedicated Fans + D3."""

    team: str
    dedicated_fans: int
    d3: int
    fan_factor: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "fan_factor", self._fields)


class Weather(NamedTuple):
    """A roll on the Weather table (2D6)."""

    dice: tuple[int, int]
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "weather", self._fields)


class CoinToss(NamedTuple):
    """Pre-game step 6: who kicks first."""

    winner: str
    kicking: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "coin_toss", self._fields)


class Roll(NamedTuple):
    """Any dice roll: ``purpose`` names the rule, ``dice`` the faces rolled,
    ``target``/``modifier`` the test (0 when not a test), ``success`` the
    outcome, ``rerolled`` whether this is a re-roll."""

    purpose: str
    player: int
    dice: tuple[int, ...]
    target: int
    modifier: int
    success: bool
    rerolled: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "roll", self._fields)


class Reroll(NamedTuple):
    """A re-roll is used (source: team, leader, pro, or a skill slug)."""

    team: str
    player: int
    source: str
    purpose: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "reroll", self._fields)


class SetUp(NamedTuple):
    """A team's set-up for a drive: (player id, square) pairs."""

    team: str
    placement: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "setup",
            "team": self.team,
            "placement": [list(p) for p in self.placement],
        }


class Kick(NamedTuple):
    """The kick-off: target square, D8 direction, D6 distance, landing square
    (-1 when off the pitch)."""

    team: str
    target: int
    direction: int
    distance: int
    landing: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "kick", self._fields)


class KickoffEvent(NamedTuple):
    """A roll on the Kick-off Event table."""

    dice: tuple[int, int]
    result: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "kickoff_event", self._fields)


class Touchback(NamedTuple):
    """The receiving team gives the ball to a player after a touchback."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "touchback", self._fields)


class TurnStart(NamedTuple):
    """A team turn begins; ``turn`` is the team's turn marker."""

    team: str
    half: int
    turn: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "turn_start", self._fields)


class TurnEnd(NamedTuple):
    """A team turn ends."""

    team: str
    turnover: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "turn_end", self._fields)


class TurnMarker(NamedTuple):
    """A team's turn marker is moved by a game effect (Time-out)."""

    team: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "turn_marker", self._fields)


class Activation(NamedTuple):
    """A player is activated and declares an action."""

    player: int
    action: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "activation", self._fields)


class Nomination(NamedTuple):
    """The target named with a declared Blitz or Foul (``action``), before
    the player moves (rulebook "Declaring Actions")."""

    player: int
    action: str
    target: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "nomination", self._fields)


class ActivationEnd(NamedTuple):
    """A player's activation ends."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "activation_end", self._fields)


class Turnover(NamedTuple):
    """The active team's turn ends with a Turnover."""

    team: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "turnover", self._fields)


class Touchdown(NamedTuple):
    """A touchdown is scored; ``score`` is (home, away) after it."""

    team: str
    player: int
    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "touchdown", self._fields)


class KORecovery(NamedTuple):
    """End of drive: a Knocked-out player's recovery roll."""

    player: int
    roll: int
    recovered: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "ko_recovery", self._fields)


class DriveEnd(NamedTuple):
    """A drive ends."""

    half: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "drive_end", self._fields)


class HalfTime(NamedTuple):
    """The first half ends; team re-rolls are replenished."""

    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "half_time", self._fields)


class ExtraTime(NamedTuple):
    """The second half ended level in a match that needs a winner: eight
    more turns each (the ruleset's turns per half), team re-rolls carried
    over, not replenished."""

    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "extra_time", self._fields)


class SuddenDeath(NamedTuple):
    """Still level after extra time: five roll-offs (D6 each, ties
    re-rolled); ``rolls`` holds every throw as [home, away], tied ones too."""

    rolls: tuple[tuple[int, int], ...]
    home_wins: int
    away_wins: int
    winner: str

    def to_dict(self) -> dict[str, Any]:
        out = as_dict(self, "sudden_death", self._fields)
        out["rolls"] = [list(r) for r in self.rolls]
        return out


class Concede(NamedTuple):
    """A team concedes."""

    team: str
    penalty: bool

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "concede", self._fields)


class GameEnd(NamedTuple):
    """The final whistle."""

    score: tuple[int, int]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "game_end", self._fields)


class Note(NamedTuple):
    """A rule effect without its own record type (``what`` names it)."""

    what: str
    team: str
    player: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self, "note", self._fields)


class Induced(NamedTuple):
    """An inducement takes effect (rulebook "Inducements in Detail"): its
    event type is ``what`` (keg_bonus, master_chef, wizard_fireball,
    wizard_zap, weather_mage, biased_referee, mortuary_assistant,
    plague_doctor, bugman_xxxxxx, bugman, bugman_setup); ``dice`` the dice it rolled,
    ``result`` the outcome."""

    what: str
    team: str
    player: int
    dice: tuple[int, ...]
    result: str

    def to_dict(self) -> dict[str, Any]:
        out = as_dict(self, "", self._fields)
        out["type"] = out.pop("what")
        return out
