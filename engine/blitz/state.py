"""Blitz Bowl game state: flat lists indexed by player (0..n-1) and ball.

A Player is on the pitch (``pos[i] >= 0``; Open, Marked or Prone) or in the
Dugout as a Reserves Player (``pos[i] == -1``). Open and Marked are derived
(rulebook "Player Status"): a standing Player next to a standing opponent is
Marked, otherwise Open. Balls have ids; a ball is loose on a square, carried
(``ball_holder[b] >= 0``), or out of play (``ball_pos[b] == -1``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.blitz.board import Board
from engine.blitz.data import TeamCard, teams
from engine.core.dice import Dice
from engine.core.errors import RuleError
from engine.core.state import Decision

TEAM_NAMES = ("home", "away")
ACTIONS_PER_TURN = 3
SUDDEN_DEATH_LEAD = 10
TOUCHDOWN_POINTS = 4
CLEAN_SWEEP_POINTS = 2
ACTIVE_SLOTS = 3
MARK_SQUARES = 2
HAND_LIMIT = 3


@dataclass(frozen=True)
class BlitzTeamSheet:
    """A team for one game: a team card and, optionally, its Players' names
    (in card order, position by position)."""

    name: str
    card: str
    player_names: tuple[str, ...] = ()

    def team_card(self) -> TeamCard:
        try:
            return teams()[self.card]
        except KeyError:
            raise RuleError(f"unknown Blitz Bowl team card {self.card!r}") from None


class Links(NamedTuple):
    """Where a procedure reaches one built on it: the Bonus Plays played
    within a Block or a Throw, the Dump-off, a free Action, the Interrupts
    after an Action. A module never imports one built on it; the game wires
    these (``engine.blitz.game.LINKS``) into the state it makes."""

    player_action: Callable[[int, str, bool, int], Any]
    free_offer: Callable[[int, str, str], Any]
    interrupts_after_action: Callable[[BlitzState, ActionRecord], None]
    playable: Callable[[BlitzState, int, str], int]
    play: Callable[[BlitzState, int, int, int], str]
    block_die_options: Callable[[BlitzState, int, bool], tuple[Any, ...]]
    block_target_windows: Callable[[BlitzState, Any], None]
    play_on_block_die: Callable[[BlitzState, int, int], None]
    armour_windows: Callable[[BlitzState, int, int, int], bool]
    throw_reroll: Callable[[BlitzState, int, Callable[[BlitzState, bool], None]], bool]
    short_throw_targets: Callable[[BlitzState, int], list[int]]
    dump_off_offer: Callable[[int, int], Any]


@dataclass
class ActionRecord:
    """What one Action did, for the Touchdown check and the Claim step."""

    player: int
    action: str
    free: bool
    start_sq: int
    held_before: dict[int, int] = field(default_factory=dict)  # ball -> team
    ball_advance: dict[int, int] = field(default_factory=dict)  # ball -> start
    throw_success: bool = False
    throw_negative: bool = False
    hand_off: bool = False
    target: int = -1
    target_down: bool = False
    target_injured: bool = False
    touchdown: bool = False
    block_faces: tuple[str, ...] = ()
    took: list[int] = field(default_factory=list)  # balls taken by own team


class BlitzState:
    """Everything that changes during a game."""

    # The procedures built on the lower ones (set by the game).
    links: Links

    def __init__(
        self,
        board: Board,
        home: BlitzTeamSheet,
        away: BlitzTeamSheet,
        dice: Dice,
    ) -> None:
        self.board = board
        self.sheets = (home, away)
        self.dice = dice
        self.team: list[int] = []
        self.pid: list[int] = []
        self.names: list[str] = []
        self.position: list[str] = []
        self.move: list[int | None] = []
        self.block: list[int] = []
        self.throw: list[int | None] = []
        self.armour: list[int | None] = []
        self.abilities: list[frozenset[str]] = []
        self.emergency_reserves = [0, 0]
        for t, sheet in enumerate((home, away)):
            card = sheet.team_card()
            self.emergency_reserves[t] = card.emergency_reserves
            k = 0
            for pos in card.positions:
                for _ in range(pos.count):
                    self.team.append(t)
                    self.pid.append(t * 100 + k + 1)
                    given = sheet.player_names[k] if k < len(sheet.player_names) else ""
                    self.names.append(given or f"{pos.name} {k + 1}")
                    self.position.append(pos.name)
                    self.move.append(pos.move)
                    self.block.append(pos.block)
                    self.throw.append(pos.throw)
                    self.armour.append(pos.armour)
                    self.abilities.append(frozenset(pos.abilities))
                    k += 1
        self.n = len(self.team)
        self.idx = {p: i for i, p in enumerate(self.pid)}
        self.pos = [-1] * self.n
        self.prone = [False] * self.n
        self.occ = [-1] * board.size
        self.ball_pos: list[int] = []
        self.ball_holder: list[int] = []
        self.score = [0, 0]
        self.active = 0
        self.first_team = 0
        self.turns = [0, 0]
        self.actions_used = 0
        self.actions_allowed = ACTIONS_PER_TURN
        self.done_actions: list[set[str]] = [set() for _ in range(self.n)]
        self.player_actions: list[set[str]] = [set() for _ in range(self.n)]
        self.no_more_actions = [False] * self.n
        self.turn_records: list[ActionRecord] = []
        self.current_record: ActionRecord | None = None
        self.stack: list[Any] = []
        self.run_actions = 0
        self.advanced = True
        self.held_at_turn_start: set[int] = set()
        self.claimed_this_turn = 0
        self.deck: list[int] = []  # card numbers, top first
        self.active_cards: list[int] = [0] * ACTIVE_SLOTS  # 0: empty space
        self.discards: list[int] = []
        # Random Events, arenas and special balls (random_events.py,
        # arenas.py, balls.py).
        self.random_events = False
        self.lasting: set[str] = set()  # lasting Random Events drawn
        self.event_discards: list[int] = []  # Random Event cards resolved
        self.arena = 0  # the arena's D8 number; 0: no arena rule
        self.special_balls = False
        self.ball_kind: list[str] = []  # by ball id ("standard", ...)
        self.next_ball_kind = ""  # chosen for the next new ball
        self.hands: tuple[list[int], list[int]] = ([], [])
        # Bonus Plays (engine/blitz/bonus.py): the types each coach played
        # this turn, the cards lasting the turn, those lasting one Action
        # (slug -> Player), and the Player Action a played card is bound to.
        self.bonus_used: tuple[set[str], set[str]] = (set(), set())
        self.turn_effects: set[str] = set()
        self.action_effects: dict[str, int] = {}
        self.bonus_bound: tuple[int, str] | None = None
        self.rookies = -1  # the team holding Rookies to Watch, or -1
        # Turns each team still has once the last Challenge Card is dealt
        # (home, away); empty while the deck holds one.
        self.final_turns: list[int] = []
        self.events: list[object] = []
        self.decisions: list[object] = []
        self.pending: Decision | None = None
        self.done = False
        self.winner = ""
        self.how = ""

    # --- status (rulebook "Player Status") -------------------------------

    def standing(self, i: int) -> bool:
        return self.pos[i] >= 0 and not self.prone[i]

    def markers(self, i: int) -> list[int]:
        """Standing opponents next to standing Player ``i``."""
        if not self.standing(i):
            return []
        t = self.team[i]
        out = []
        for sq in self.board.neighbours[self.pos[i]]:
            j = self.occ[sq]
            if j >= 0 and self.team[j] != t and not self.prone[j]:
                out.append(j)
        return out

    def marked(self, i: int) -> bool:
        return bool(self.markers(i))

    def open(self, i: int) -> bool:
        return self.standing(i) and not self.markers(i)

    def next_to_standing_opponent(self, sq: int, t: int) -> bool:
        for n in self.board.neighbours[sq]:
            j = self.occ[n]
            if j >= 0 and self.team[j] != t and not self.prone[j]:
                return True
        return False

    def team_mates_adjacent(self, i: int) -> int:
        """Standing team-mates next to Player ``i`` (Get Together!, Spread
        Out!). Decision: a Prone Player is "for all intents and purposes not
        an active participant in the game" (rulebook "Player Status"), so a
        Prone team-mate is not counted."""
        t = self.team[i]
        return sum(
            1
            for sq in self.board.neighbours[self.pos[i]]
            if (j := self.occ[sq]) >= 0
            and self.team[j] == t
            and j != i
            and not self.prone[j]
        )

    def reserves(self, t: int) -> list[int]:
        return [i for i in range(self.n) if self.team[i] == t and self.pos[i] < 0]

    # --- balls -----------------------------------------------------------

    def ball_of(self, i: int) -> int:
        """The ball Player ``i`` holds, or -1."""
        for b, h in enumerate(self.ball_holder):
            if h == i:
                return b
        return -1

    def loose_ball_at(self, sq: int) -> int:
        for b, p in enumerate(self.ball_pos):
            if p == sq and self.ball_holder[b] < 0:
                return b
        return -1

    def balls_in_play(self) -> int:
        return sum(1 for p in self.ball_pos if p >= 0)

    def holders_by_team(self) -> dict[int, int]:
        return {
            b: self.team[h]
            for b, h in enumerate(self.ball_holder)
            if h >= 0 and self.ball_pos[b] >= 0
        }

    # --- moving Players --------------------------------------------------

    def place(self, i: int, sq: int) -> None:
        if self.pos[i] >= 0:
            self.occ[self.pos[i]] = -1
        self.pos[i] = sq
        self.occ[sq] = i
        b = self.ball_of(i)
        if b >= 0:
            self.ball_pos[b] = sq

    def to_dugout(self, i: int) -> None:
        if self.pos[i] >= 0:
            self.occ[self.pos[i]] = -1
        self.pos[i] = -1
        self.prone[i] = False
