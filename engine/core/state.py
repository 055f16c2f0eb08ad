"""Flat, cheaply clonable game state and the step-machine base classes.

Rulebook "Player Status" (Standing/Prone/Stunned, Tackle Zones, Marking) and
the dugout boxes (Reserves, Knocked-out, Casualty) are represented with
parallel lists indexed by the engine's player index (home players first).
Squares are ints (see :mod:`engine.core.pitch`); the board holds a player index
per square, -1 when empty.

The match is an explicit step machine: ``GameState.stack`` is a stack of
:class:`Proc` objects (one per rule procedure in progress). The top one is
stepped until it asks a :class:`Decision` of a coach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from engine.core.pitch import Pitch

if TYPE_CHECKING:
    from engine.core.dice import Dice
    from engine.core.events import Event
    from engine.core.hooks import Hooks
    from engine.core.model import CasualtyRecord, PlayerSheet, TeamSheet
    from engine.dungeon.state import DungeonState
    from engine.variants.base import Variant

HOME, AWAY = 0, 1
TEAM_NAMES = ("home", "away")

# Player status on the pitch (rulebook "Player Status").
STANDING, PRONE, STUNNED = 0, 1, 2
STATUS_NAMES = ("standing", "prone", "stunned")

# Where a player is (the pitch or a dugout box).
PITCH, RESERVES, KO, CAS, SENT_OFF = 0, 1, 2, 3, 4
BOX_NAMES = ("pitch", "reserves", "ko", "cas", "sent_off")

# Per-player flags.
PF_USED = 1 << 0  # activated this team turn
PF_NOTZ = 1 << 1  # lost their Tackle Zone until next activated
PF_ROOTED = 1 << 2  # Take Root: cannot move until Knocked Down / end of drive
PF_STUN_START = 1 << 3  # was Stunned when their team turn began
PF_PLAYED = 1 << 4  # took part in the current drive (Secret Weapon)
PF_HEAT = 1 << 5  # Sweltering Heat: misses the next drive
PF_DODGE_RR = 1 << 6  # Dodge re-roll used this team turn
PF_SUREFEET_RR = 1 << 7  # Sure Feet re-roll used this team turn
PF_PRO_USED = 1 << 8  # Pro used this activation
PF_DEAD = 1 << 9  # died (in the Casualty box)
PF_TURN_RESET = PF_USED | PF_DODGE_RR | PF_SUREFEET_RR | PF_PRO_USED
PF_BREAK_TACKLE = 1 << 16  # Break Tackle used this activation
PF_TURN_RESET |= PF_BREAK_TACKLE
PF_BRAWLER = 1 << 17  # Brawler used this activation
PF_TURN_RESET |= PF_BRAWLER
PF_HUNGRY = 1 << 24  # Bloodlust failed this activation, not fed yet
PF_NO_SCORE = 1 << 25  # may not score until the next team turn (BB2025 Secure the Ball)

# Team-turn flags: the once-per-team-turn actions (rulebook "Declaring Actions").
TF_BLITZ = 1 << 0
TF_PASS = 1 << 1
TF_HANDOFF = 1 << 2
TF_FOUL = 1 << 3
TF_TTM = 1 << 4
TF_ACTIVATED = 1 << 5  # some player has been activated (no conceding after)
TF_BOMB = 1 << 12  # Bombardier: one Throw Bomb per team turn
TF_KTM = 1 << 13  # Kick Team-mate: one per team turn
# A rule lets the team make any number of Fouls this turn (Sevens' Grudge
# Match).
TF_MANY_FOULS = 1 << 14
TF_SECURE = 1 << 15  # Secure the Ball (BB2025): one per team turn
TF_PUNT = 1 << 16  # Punt (BB2025): one per team turn

ACTIONS = (
    "move",
    "block",
    "blitz",
    "pass",
    "hand_off",
    "foul",
    "throw_team_mate",
    "projectile_vomit",
    "chainsaw",
    "ball_and_chain",
    "throw_bomb",
    "kick_team_mate",
    "hypnotic_gaze",
    # Dungeon Bowl rooms: special actions instead of anything else
    "throw_food",  # the Kitchen
    "gather_funds",  # the Treasure Room
    "secure_the_ball",  # BB2025: a standard action of that edition
    "punt",  # BB2025: the Special action of the Punt skill
    "chomp",  # BB2025: the Special action of Monstrous Mouth
)
ACTION_FLAG = {
    "move": 0,
    "block": 0,
    "blitz": TF_BLITZ,
    "pass": TF_PASS,
    "hand_off": TF_HANDOFF,
    "foul": TF_FOUL,
    "throw_team_mate": TF_TTM,
    "projectile_vomit": 0,  # Special action instead of a Block action
    "chainsaw": 0,  # Special action instead of a Block action
    "ball_and_chain": 0,  # no limit per team turn
    "throw_bomb": TF_BOMB,
    "kick_team_mate": TF_KTM,
    "hypnotic_gaze": 0,  # Special action, no limit per team turn
    # Dungeon Bowl rooms (Decision: the rooms set no limit per team turn)
    "throw_food": 0,
    "gather_funds": 0,
    "secure_the_ball": TF_SECURE,
    "punt": TF_PUNT,
    "chomp": 0,  # no limit per team turn
}

Option = tuple[Any, ...]


class Decision(NamedTuple):
    """A choice the engine waits for: one coach (``team``) picks one option.

    A named tuple rather than a frozen dataclass: the engine makes one per
    decision, and a named tuple is three times cheaper to build (hot path).

    ``kind`` names the decision (activate, move, block_die, reroll, push,
    follow_up, pass_target, setup, kick_target, touchback, apothecary,
    block_target, use_skill, pile_driver, vomit_target, chainsaw_target,
    blitz_target, foul_target, ball_and_chain, chain_push, bomb_target,
    swoop, swarming, the Sevens Desperate Measures' desperate_you_dope,
    desperate_declare, desperate_second_action, desperate_grudge_match,
    desperate_banana_skin, ...);
    ``options`` are all legal choices; ``player`` is the player concerned;
    ``accepts_arrangement`` marks a set-up decision that also accepts
    ``("arrangement", ((player_id, square), ...))``.
    """

    team: str
    kind: str
    options: tuple[Option, ...]
    player: int | None = None
    accepts_arrangement: bool = False
    info: tuple[Any, ...] = ()


class Proc:
    """One rule procedure in progress on the step stack.

    ``step(g)`` runs dice-only work and either returns a Decision (waiting
    for a coach) or None after pushing a child or popping itself.
    ``receive(g, choice)`` applies a validated choice for the Decision this
    procedure returned. Procedures keep only immutable values in their
    slots so ``copy()`` is a shallow copy.
    """

    __slots__ = ("phase",)
    FIELDS: ClassVar[tuple[str, ...]] = ("phase",)
    phase: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for c in reversed(cls.__mro__):
            for s in c.__dict__.get("__slots__", ()):
                if s not in names:
                    names.append(s)
        cls.FIELDS = tuple(names)

    def step(self, g: GameState) -> Decision | None:
        raise NotImplementedError

    def receive(self, g: GameState, choice: Option) -> None:
        raise NotImplementedError(type(self).__name__)

    def copy(self) -> Proc:
        cls = self.__class__
        new = object.__new__(cls)
        for f in cls.FIELDS:
            object.__setattr__(new, f, getattr(self, f))
        return new


class PlayerActivation(Proc):
    """A player's activation in progress (:class:`engine.rules.activation.Activation`):
    player ``p`` taking ``action``. The procedures it pushes find it below
    them on the stack (Bloodlust's hunger feeds when it ends)."""

    __slots__ = ("p", "action")
    p: int
    action: str


_SHARED = (
    "variant",
    "hooks",
    "pitch",
    "sheets",
    "n",
    "team",
    "pid",
    "idx",
    "params",
    "all_skills",
    "act_opts",
    "pl_opts",
    "names",
    "journeyman",
)
_LISTS = (
    "board",
    "pos",
    "status",
    "box",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "skills",
    "pflags",
    "score",
    "rerolls",
    "leader_rr",
    "extra_rr",
    "turn",
    "fan_factor",
    "ff_d3",
    "apo",
    "wandering_apo",
    "bribes",
    "argue_banned",
    "stats",
    "casualties",
    "kos",
    "sent_off_ids",
    "events",
    "decisions",
)
_SCALARS = (
    "ball",
    "carrier",
    "ball_air",
    "half",
    "active",
    "kicking",
    "first_kicker",
    "tflags",
    "rr_used_turn",
    "weather",
    "pending",
    "done",
    "turnover",
    "touchdown",
    "half_over",
    "extra_time",
    "shootout",
    "ret",
    "conceded",
    "concede_penalty",
    "act_player",
    "act_ma_used",
    "act_rushes",
    "act_jumped",
    "act_blocked",
    "activations",
    "drive",
    "kick_mode",
    "result_cache",
    "act_over",
    "last_die",
    "act_action",
    "act_target",
)


class GameState:
    """All match state. Lists are copied on :meth:`clone`; shared tables are
    immutable and referenced."""

    __slots__ = _SHARED + _LISTS + _SCALARS + ("effects", "stack", "dice", "dungeon")

    variant: Variant
    # The format's rule points (engine.core.hooks), where skills act.
    hooks: Hooks
    pitch: Pitch
    sheets: tuple[TeamSheet, TeamSheet]
    n: int
    team: tuple[int, ...]
    pid: tuple[int, ...]
    idx: dict[int, int]
    params: tuple[dict[int, str], ...]
    all_skills: tuple[tuple[tuple[str, str | None], ...], ...]
    act_opts: tuple[dict[str, Option], ...]
    pl_opts: tuple[dict[str, Option], ...]
    names: tuple[str, ...]
    journeyman: tuple[bool, ...]
    board: list[int]
    pos: list[int]
    status: list[int]
    box: list[int]
    ma: list[int]
    st: list[int]
    ag: list[int]
    pa: list[int]
    av: list[int]
    skills: list[int]
    pflags: list[int]
    score: list[int]
    rerolls: list[int]
    leader_rr: list[int]
    extra_rr: list[int]
    turn: list[int]
    fan_factor: list[int]
    ff_d3: list[int]
    # Apothecary uses left (engine.rules.apothecaries): the team's own
    # and the Wandering Apothecaries induced for this game, counted apart.
    apo: list[int]
    wandering_apo: list[int]
    bribes: list[int]
    argue_banned: list[int]
    stats: list[int]
    casualties: list[CasualtyRecord]
    kos: list[int]
    sent_off_ids: list[int]
    events: list[Event]
    decisions: list[Option]
    ball: int
    carrier: int
    ball_air: bool
    half: int
    # Play extra time and sudden death when level (the match needs a
    # winner); ``shootout`` is the sudden-death winner (0/1) or -1.
    extra_time: bool
    shootout: int
    active: int
    kicking: int
    first_kicker: int
    tflags: int
    rr_used_turn: int
    weather: str
    pending: Decision | None
    done: bool
    turnover: str | None
    touchdown: bool
    half_over: bool
    ret: Any
    conceded: int
    concede_penalty: bool
    act_player: int
    act_ma_used: int
    act_rushes: int
    act_jumped: bool
    act_blocked: bool
    activations: int
    drive: int
    kick_mode: bool
    result_cache: Any
    act_over: bool
    last_die: int
    act_action: str
    # The opposition player nominated when a Blitz or Foul was declared
    # (engine.rules.declaring), -1 otherwise.
    act_target: int
    effects: dict[str, Any]
    stack: list[Proc]
    dice: Dice
    # Dungeon Bowl's own state (engine/dungeon/state.py); None elsewhere.
    dungeon: DungeonState | None

    def clone(self) -> GameState:
        """An independent copy (dice included)."""
        clone: GameState = _clone(self)
        return clone

    # -- small queries used everywhere (hot path) -------------------------

    def has_tz(self, p: int) -> bool:
        """Standing and not having lost their Tackle Zone."""
        return self.status[p] == STANDING and not self.pflags[p] & PF_NOTZ

    def markers(self, sq: int, team: int) -> int:
        """How many opposition players (of ``team``'s opponents) Mark ``sq``."""
        board = self.board
        status = self.status
        pf = self.pflags
        tm = self.team
        c = 0
        for s in self.pitch.neighbours[sq]:
            q = board[s]
            if (
                q >= 0
                and tm[q] != team
                and status[q] == STANDING
                and not pf[q] & PF_NOTZ
            ):
                c += 1
        return c

    def marking_players(self, sq: int, team: int) -> list[int]:
        """The opposition players Marking ``sq`` for a player of ``team``."""
        out = []
        for s in self.pitch.neighbours[sq]:
            q = self.board[s]
            if (
                q >= 0
                and self.team[q] != team
                and self.status[q] == STANDING
                and not self.pflags[q] & PF_NOTZ
            ):
                out.append(q)
        return out

    def sheet(self, p: int) -> PlayerSheet:
        """The team sheet entry of player ``p`` (home players come first)."""
        home = self.sheets[0].players
        return home[p] if p < len(home) else self.sheets[1].players[p - len(home)]

    def tname(self, t: int) -> str:
        return TEAM_NAMES[t]

    def on_pitch(self, t: int) -> list[int]:
        """Players of team ``t`` on the pitch."""
        return [p for p in range(self.n) if self.team[p] == t and self.box[p] == PITCH]

    def place(self, p: int, sq: int) -> None:
        """Put player ``p`` on square ``sq`` (must be empty)."""
        src = self.pos[p] if self.box[p] == PITCH else -1
        self.board[sq] = p
        self.pos[p] = sq
        self.box[p] = PITCH
        if self.dungeon is not None:  # Dungeon Bowl rooms
            self.variant.entered(self, p, sq, src)

    def lift(self, p: int) -> None:
        """Take player ``p`` off the board (box unchanged)."""
        sq = self.pos[p]
        if sq >= 0:
            self.board[sq] = -1
        self.pos[p] = -1

    def move(self, p: int, dst: int) -> None:
        """Move a player already on the pitch to an empty square."""
        src = self.pos[p]
        self.board[src] = -1
        self.board[dst] = p
        self.pos[p] = dst
        if self.dungeon is not None:  # Dungeon Bowl rooms
            self.variant.entered(self, p, dst, src)

    def param(self, p: int, bit: int) -> str | None:
        """The parameter of a skill (e.g. "+1", "4+") for player ``p``."""
        return self.params[p].get(bit)

    def in_endzone_to_score(self, p: int) -> bool:
        """Whether player p stands in the End Zone their team scores in."""
        sq = self.pos[p]
        return sq >= 0 and bool(
            self.pitch.flags[sq] & self.pitch.endzone_of(self.team[p])
        )

    def emit(self, ev: Event) -> None:
        self.events.append(ev)


def _make_clone() -> Any:
    """Build a specialised clone function (plain attribute copies are far
    faster than a getattr/setattr loop)."""
    lines = ["def _clone(self):", "    new = _new(GameState)"]
    lines += [f"    new.{f} = self.{f}" for f in _SHARED + _SCALARS]
    lines += [f"    new.{f} = self.{f}[:]" for f in _LISTS]
    lines += [
        "    new.effects = dict(self.effects)",
        "    new.stack = [p.copy() for p in self.stack]",
        "    new.dice = self.dice.clone()",
        "    d = self.dungeon",
        "    new.dungeon = None if d is None else d.copy()",
        "    return new",
    ]
    ns: dict[str, Any] = {"_new": object.__new__, "GameState": GameState}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from constant names
    return ns["_clone"]


_clone = _make_clone()
