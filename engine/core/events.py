"""Match events: what happened, in order (the match's ``events`` list).

Events are typed ``NamedTuple`` records: immutable, cheap to create on the
hot path, comparable, and each has ``to_dict()`` giving a JSON-able dict with
a ``"type"`` key. Players are referred to by their :class:`PlayerSheet` id,
squares by index (see :mod:`engine.core.pitch`), teams as "home"/"away".
"""

from __future__ import annotations

from typing import Any, NamedTuple


def _d(ev: tuple[Any, ...], name: str, fields: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": name}
    for k, v in zip(fields, ev, strict=True):
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


class GameStart(NamedTuple):
    """The match begins (ruleset name, team names)."""

    ruleset: str
    home: str
    away: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "game_start", self._fields)


class FanFactor(NamedTuple):
    """Pre-game step 1: Fan Factor = Dedicated Fans + D3."""

    team: str
    dedicated_fans: int
    d3: int
    fan_factor: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "fan_factor", self._fields)


class Weather(NamedTuple):
    """A roll on the Weather table (2D6)."""

    dice: tuple[int, int]
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "weather", self._fields)


class CoinToss(NamedTuple):
    """Pre-game step 6: who kicks first."""

    winner: str
    kicking: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "coin_toss", self._fields)


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
        return _d(self, "roll", self._fields)


class Reroll(NamedTuple):
    """A re-roll is used (source: team, leader, pro, or a skill slug)."""

    team: str
    player: int
    source: str
    purpose: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "reroll", self._fields)


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
        return _d(self, "kick", self._fields)


class KickoffEvent(NamedTuple):
    """A roll on the Kick-off Event table."""

    dice: tuple[int, int]
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "kickoff_event", self._fields)


class Touchback(NamedTuple):
    """The receiving team gives the ball to a player after a touchback."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "touchback", self._fields)


class TurnStart(NamedTuple):
    """A team turn begins; ``turn`` is the team's turn marker."""

    team: str
    half: int
    turn: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "turn_start", self._fields)


class TurnEnd(NamedTuple):
    """A team turn ends."""

    team: str
    turnover: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "turn_end", self._fields)


class TurnMarker(NamedTuple):
    """A team's turn marker is moved by a game effect (Time-out)."""

    team: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "turn_marker", self._fields)


class Activation(NamedTuple):
    """A player is activated and declares an action."""

    player: int
    action: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "activation", self._fields)


class Nomination(NamedTuple):
    """The target named with a declared Blitz or Foul (``action``), before
    the player moves (rulebook "Declaring Actions")."""

    player: int
    action: str
    target: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "nomination", self._fields)


class ActivationEnd(NamedTuple):
    """A player's activation ends."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "activation_end", self._fields)


class Move(NamedTuple):
    """A player moves (or is placed) from one square to another; ``how`` is
    step, jump, rush, push, follow_up, quick_snap, high_kick, land..."""

    player: int
    src: int
    dst: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "move", self._fields)


class StandUp(NamedTuple):
    """A Prone player stands up."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "stand_up", self._fields)


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
        return _d(self, "block", self._fields)


class BlockResult(NamedTuple):
    """The block die result applied."""

    attacker: int
    defender: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "block_result", self._fields)


class SkillUsed(NamedTuple):
    """A player uses a skill or trait."""

    player: int
    skill: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "skill_used", self._fields)


class KnockedDown(NamedTuple):
    """A player is Knocked Down, Falls Over (``how``="fall") or is Placed
    Prone (``how``="placed_prone")."""

    player: int
    square: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "knocked_down", self._fields)


class Armour(NamedTuple):
    """An Armour roll (2D6 + modifier against AV)."""

    player: int
    dice: tuple[int, int]
    modifier: int
    av: int
    broken: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "armour", self._fields)


class Injury(NamedTuple):
    """An Injury roll and its result (stunned, ko, cas, badly_hurt, ...)."""

    player: int
    dice: tuple[int, int]
    modifier: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "injury", self._fields)


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
            return _d(self, "casualty", self._fields)
        return _d(self[:-1], "casualty", self._fields[:-1])


class Apothecary(NamedTuple):
    """An apothecary is used; ``outcome`` describes what it achieved."""

    team: str
    player: int
    outcome: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "apothecary", self._fields)


class PlayerOff(NamedTuple):
    """A player leaves the pitch to a dugout box (reserves, ko, cas, sent_off)."""

    player: int
    box: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "player_off", self._fields)


class BallMove(NamedTuple):
    """The ball moves: bounce, scatter, deviate, throw_in; dst -1 = off pitch."""

    how: str
    src: int
    dst: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball", self._fields)


class BallCaught(NamedTuple):
    """A player takes possession of the ball (catch, pick_up, hand_off...)."""

    player: int
    square: int
    how: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball_caught", self._fields)


class Pass(NamedTuple):
    """A Pass action: target square, range band, accuracy result."""

    player: int
    target: int
    range: str
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "pass", self._fields)


class HandOff(NamedTuple):
    """A Hand-off action to an adjacent team-mate."""

    player: int
    receiver: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "hand_off", self._fields)


class Interference(NamedTuple):
    """Passing interference: deflection or interception."""

    player: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "interference", self._fields)


class ThrowTeamMate(NamedTuple):
    """A Throw Team-mate action: quality superb/successful/terrible/fumble."""

    thrower: int
    thrown: int
    target: int
    quality: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "throw_team_mate", self._fields)


class Landing(NamedTuple):
    """A thrown player lands (``ok`` False = landed badly / crashed)."""

    player: int
    square: int
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "landing", self._fields)


class Foul(NamedTuple):
    """A Foul action against a Prone or Stunned player."""

    player: int
    victim: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "foul", self._fields)


class SentOff(NamedTuple):
    """A player is Sent-off by the referee (reason: foul, secret_weapon,
    officious_ref)."""

    player: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "sent_off", self._fields)


class ArgueTheCall(NamedTuple):
    """Argue the Call D6 (or a Bribe) and its outcome."""

    team: str
    player: int
    roll: int
    result: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "argue_the_call", self._fields)


class Prayer(NamedTuple):
    """A Prayer to Nuffle result for a team."""

    team: str
    roll: int
    result: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "prayer", self._fields)


class Turnover(NamedTuple):
    """The active team's turn ends with a Turnover."""

    team: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "turnover", self._fields)


class Touchdown(NamedTuple):
    """A touchdown is scored; ``score`` is (home, away) after it."""

    team: str
    player: int
    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "touchdown", self._fields)


class KORecovery(NamedTuple):
    """End of drive: a Knocked-out player's recovery roll."""

    player: int
    roll: int
    recovered: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ko_recovery", self._fields)


class DriveEnd(NamedTuple):
    """A drive ends."""

    half: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "drive_end", self._fields)


class HalfTime(NamedTuple):
    """The first half ends; team re-rolls are replenished."""

    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "half_time", self._fields)


class ExtraTime(NamedTuple):
    """The second half ended level in a match that needs a winner: eight
    more turns each (the ruleset's turns per half), team re-rolls carried
    over, not replenished."""

    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "extra_time", self._fields)


class SuddenDeath(NamedTuple):
    """Still level after extra time: five roll-offs (D6 each, ties
    re-rolled); ``rolls`` holds every throw as [home, away], tied ones too."""

    rolls: tuple[tuple[int, int], ...]
    home_wins: int
    away_wins: int
    winner: str

    def to_dict(self) -> dict[str, Any]:
        out = _d(self, "sudden_death", self._fields)
        out["rolls"] = [list(r) for r in self.rolls]
        return out


class Concede(NamedTuple):
    """A team concedes."""

    team: str
    penalty: bool

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "concede", self._fields)


class GameEnd(NamedTuple):
    """The final whistle."""

    score: tuple[int, int]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "game_end", self._fields)


class Note(NamedTuple):
    """A rule effect without its own record type (``what`` names it)."""

    what: str
    team: str
    player: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "note", self._fields)


class Induced(NamedTuple):
    """An inducement takes effect (rulebook "Inducements in Detail"): its
    event type is ``what`` (keg_bonus, master_chef, wizard_fireball,
    wizard_zap, weather_mage, biased_referee, mortuary_assistant,
    plague_doctor, bugman_xxxxxx, bugman); ``dice`` the dice it rolled,
    ``result`` the outcome."""

    what: str
    team: str
    player: int
    dice: tuple[int, ...]
    result: str

    def to_dict(self) -> dict[str, Any]:
        out = _d(self, "", self._fields)
        out["type"] = out.pop("what")
        return out


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
        return _d(self, "chest_opened", self._fields)


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
        return _d(self, "room_rule", self._fields)


# Dungeon Bowl flow ----------------------------------------------------------


class BallHidden(NamedTuple):
    """Dungeon Bowl: the ball is hidden in one of the Chests (the D6 that
    chose it; the square is not in the event, the coaches must not know)."""

    chests: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball_hidden", self._fields)


class FirstTurn(NamedTuple):
    """Dungeon Bowl coin toss: ``team`` won it, takes the first team turn and
    chose End Zone ``end_zone`` of the board (0 or 1) as its own."""

    team: str
    end_zone: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "first_turn", self._fields)


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
        return _d(self, "teleport", self._fields)


class MagicalMishap(NamedTuple):
    """A player rolled the number of the Portal he stood on: out of the game."""

    player: int
    portal: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "magical_mishap", self._fields)


class BallTeleport(NamedTuple):
    """A loose ball landing on Portal ``src`` teleports to Portal ``dst``."""

    src: int
    dst: int
    square: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "ball_teleport", self._fields)


class DugoutPortal(NamedTuple):
    """A coach teleports a player from the Reserves into the dungeon."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "dugout_portal", self._fields)


class MagicSponge(NamedTuple):
    """A coach uses the Magic Sponge: a KO'd player goes to the Reserves."""

    team: str
    player: int

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "magic_sponge", self._fields)


class TimeLimit(NamedTuple):
    """The turn cap is reached: ``distances`` (home, away) in squares from the
    ball to the End Zone each team scores in; ``winner`` home/away/draw."""

    ball: int
    distances: tuple[int, int]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        return _d(self, "time_limit", self._fields)


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
