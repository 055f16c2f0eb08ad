"""The game of Dungeon Bowl (DB-setup "Pre-Game Sequence"; DB-rules "Team
Turns", "Touchdown!", "Time Limits and Winning the Game"; digest B4, B5,
B16, E2.3).

:class:`DungeonGame` replaces the BB2020 game of two halves: the ball is
hidden in a Chest, a coin toss, each team deploys six players in its own
End Zone, then team turns alternate until a touchdown (1-0, in either
team's turn) or, when the match has a turn cap, the time limit.

Decisions (the rules leave these open):

* One coin toss (a D6 roll-off, re-rolling ties, as the engine's BB2020
  toss) does both jobs of the rules' two tosses: its winner chooses which
  End Zone is his (decision ``end_zone``: 0 or 1, the board's End Zones)
  and takes the first team turn.
* The Chest that holds the ball is the D6-th of the board's Chests in
  square order (a D6 above their number is rolled again; a D16 when a
  free-form board has more than six). The event does not name it.
* Deployment reuses the BB2020 set-up (:class:`DungeonSetup`): six players
  (all of them when fewer are available) anywhere in the own End Zone, no
  Line of Scrimmage, no wide zones. The first team deploys first.
* No halves, drives, kick-off, weather or fans; team re-rolls are never
  reset; KO'd players come back only through the Magic Sponge.
* Secret Weapons: with no drive to end, the whole game is their drive: a
  Secret Weapon who played is sent off at the end of the game (before the
  final whistle), with Bribes and Arguing the Call as usual.
* Time limit: ``DungeonState.turn_cap`` team turns per team (0: none;
  :data:`DEFAULT_TURN_CAP` when the match did not say). When both teams
  have had that many turns without a touchdown, the ball's square (its
  carrier's, where it lies, or its Chest while still hidden) is measured
  to each End Zone by the shortest walk over floor (``Dungeon.distances``:
  eight directions, closed Chests and Portals walked over like any floor,
  no teleporting). The team whose scoring End Zone is nearer wins 1-0;
  equal distances are a 0-0 draw.
* No time limit (``turn_cap`` 0: a league without the option): the game
  goes on to the first touchdown, at most :data:`NO_TIME_LIMIT_TURNS` team
  turns each (then ended as a time limit ends one).
* A play-off level at the time limit: Blood Bowl's extra time and sudden
  death (see :data:`EXTRA_TIME_TURNS`).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    BallHidden,
    FirstTurn,
    GameEnd,
    Roll,
    SuddenDeath,
    TimeLimit,
)
from engine.core.state import (
    KO,
    PF_PLAYED,
    PITCH,
    RESERVES,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.state import DungeonState
from engine.rules.extra_time import sudden_death
from engine.rules.fouls import SendOff
from engine.rules.setup import Placement, Setup, available_players
from engine.rules.turns import Turn
from engine.skills.stars.secret_weapons import ill_be_back
from engine.variants.dungeon_bowl.portals import dungeon_pitch, dungeon_state

DEFAULT_TURN_CAP = 20
END_ZONE_OPTS: tuple[Option, ...] = (("end_zone", 0), ("end_zone", 1))


def hide_ball(g: GameState) -> None:
    """Hide the ball in one of the Chests (module Decision)."""
    d = dungeon_state(g)
    chests = sorted(dungeon_pitch(g).chests)
    k = len(chests)
    if not k:
        d.ball_chest = -1
        return
    while True:
        roll = g.dice.d6() if k <= 6 else g.dice.d16()
        if roll <= k:
            break
    d.ball_chest = chests[roll - 1]
    g.emit(BallHidden(k))


def ball_square(g: GameState) -> int:
    """Where the ball is: its carrier's square, where it lies or flies, or
    the Chest still holding it (-1: nowhere)."""
    if g.carrier >= 0:
        return g.pos[g.carrier]
    if g.ball >= 0:
        return g.ball
    d = g.dungeon
    return d.ball_chest if d is not None else -1


def ball_distances(g: GameState) -> tuple[int, int]:
    """Squares from the ball to the End Zone each team (home, away) scores
    in, by the shortest walk over floor (-1: no walk reaches it)."""
    pitch = dungeon_pitch(g)
    sq = ball_square(g)
    if sq < 0:
        return -1, -1
    out = []
    for t in (0, 1):
        dist = pitch.dungeon.distances(pitch.endzone_squares(t))
        out.append(dist[sq])
    return out[0], out[1]


# Decision (the_rules_of_dungeon_bowl.md is silent on play-offs; the season
# is Blood Bowl's, league_and_exhibition_play.md "The Play-Off Season"): a
# play-off level at the time limit (nobody scored, equal distances) plays
# the_rules_of_blood_bowl.md "Extra Time", "an eight turn period": the time
# limit moves on EXTRA_TIME_TURNS team turns each (team re-rolls are never
# reset in Dungeon Bowl, so they carry over). Only a touchdown ends it
# early; at its end the ball's distances decide again, as at any time
# limit, and still level, "Sudden Death": five D6 roll-offs, ties rolled
# again (engine.rules.extra_time). The score stays 0-0 and the roll-offs
# name the winner, as a level play-off's report records it.
EXTRA_TIME_TURNS = 8

# Decision: without a time limit ("there is no set time limit for a game of
# Dungeon Bowl", set-up.md) the game goes on to the first touchdown, the
# only result a league without the option records. A game still without a
# touchdown after NO_TIME_LIMIT_TURNS team turns each (five time limits; in
# 200 seeded bot games the longest to score took 64 team turns) is ended as
# the time limit ends one (the ball's distances; a play-off's extra time):
# every game must end, one played live as one the engine plays, and this is
# the rules' own way to end one without a touchdown.
NO_TIME_LIMIT_TURNS = 100


def time_limit_winner(distances: tuple[int, int]) -> int:
    """0 (home), 1 (away) or -1 (a draw) from :func:`ball_distances`."""
    big = 1 << 30
    home, away = (big if x < 0 else x for x in distances)
    if home == away:
        return -1
    return 0 if home < away else 1


def end_zone_formation(
    g: GameState, t: int, name: str, players: list[int]
) -> Placement:
    """Six of ``players`` (the strongest, toughest, fastest) in team ``t``'s
    own End Zone: "front" fills the squares nearest the opposition End Zone
    first, "back" the farthest."""
    pitch = dungeon_pitch(g)
    squares = list(pitch.own_endzone_squares(t))
    dist = pitch.dungeon.distances(pitch.endzone_squares(t))
    squares.sort(key=lambda s: (dist[s] if dist[s] >= 0 else 1 << 20, s))
    if name == "back":
        squares.reverse()
    k = min(len(players), g.variant.players_on_pitch, len(squares))
    chosen = sorted(players, key=lambda p: (-g.st[p], -g.av[p], -g.ma[p], g.pid[p]))
    return tuple((g.pid[p], sq) for p, sq in zip(chosen[:k], squares, strict=False))


class DungeonSetup(Setup):
    """Deployment: a team puts six players (all when fewer are available)
    in its own End Zone; formations "front" and "back" or an arrangement."""

    __slots__ = ()

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        avail = available_players(g, t)
        if not avail:
            g.stack.pop()  # Decision: nobody to deploy, the turns still come
            return None
        self.formations = tuple(
            (n, end_zone_formation(g, t, n, avail)) for n in ("front", "back")
        )
        opts = tuple(("formation", n) for n, _ in self.formations)
        return Decision(g.tname(t), "setup", opts, accepts_arrangement=True)


class DungeonGame(Proc):
    """The whole Dungeon Bowl game; see the module docstring. Phases: 0
    hide the ball and toss, 1 deploy, 2 team turns, 3 Secret Weapons, 4
    final whistle."""

    __slots__ = ("winner", "queue")

    def __init__(self) -> None:
        self.phase = 0
        self.winner = 0
        self.queue: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            if g.dungeon is None:
                g.dungeon = DungeonState(g.n, turn_cap=DEFAULT_TURN_CAP)
            if g.dungeon.ball_chest < 0 and g.ball < 0 and g.carrier < 0:
                hide_ball(g)
            g.half = 1
            while True:
                a, b = g.dice.d6(), g.dice.d6()
                g.emit(Roll("coin_toss", -1, (a, b), 0, 0, a != b, False))
                if a != b:
                    break
            self.winner = 0 if a > b else 1
            return Decision(g.tname(self.winner), "end_zone", END_ZONE_OPTS)
        if self.phase == 1:
            first = dungeon_state(g).first_team
            self.phase = 2
            g.stack.append(DungeonSetup(1 - first))
            g.stack.append(DungeonSetup(first))
            return None
        if self.phase == 2:
            return self._next_turn(g)
        if self.phase == 3:
            if self.queue:
                p = self.queue[0]
                self.queue = self.queue[1:]
                if not ill_be_back(g, p):
                    g.stack.append(SendOff(p, "secret_weapon", False))
                return None
            self.phase = 4
        g.done = True
        s = (g.score[0], g.score[1])
        winner = "home" if s[0] > s[1] else ("away" if s[1] > s[0] else "draw")
        if winner == "draw" and g.shootout >= 0:
            winner = g.tname(g.shootout)
        g.emit(GameEnd(s, winner))
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        w = self.winner
        zone = int(choice[1])
        home_zone = zone if w == 0 else 1 - zone
        pitch = dungeon_pitch(g)
        if pitch.home_zone != home_zone:
            g.pitch = DungeonPitch(pitch.dungeon, home_zone, pitch.chests)
        dungeon_state(g).first_team = w
        g.emit(FirstTurn(g.tname(w), zone))
        self.phase = 1

    def _next_turn(self, g: GameState) -> Decision | None:
        d = dungeon_state(g)
        if g.touchdown:
            self._whistle(g)
            return None
        first = d.first_team
        t = first if g.turn[first] <= g.turn[1 - first] else 1 - first
        level = g.turn[0] == g.turn[1]
        cap = d.turn_cap
        # both teams have had the same number of turns, at least the cap's
        if level and g.turn[t] >= (cap or NO_TIME_LIMIT_TURNS):
            return self._time_up(g, t)
        return self._turn(g, t)

    def _time_up(self, g: GameState, t: int) -> Decision | None:
        """The time limit: the ball's distances decide; a play-off level
        plays extra time, then sudden death (module Decisions)."""
        d = dungeon_state(g)
        dist = ball_distances(g)
        w = time_limit_winner(dist)
        if w < 0 and g.extra_time and not d.extra_time:
            d.extra_time = True
            d.turn_cap = g.turn[t] + EXTRA_TIME_TURNS
            g.emit(TimeLimit(ball_square(g), dist, "extra time"))
            return self._turn(g, t)
        if w >= 0:
            g.score[w] = 1
            g.emit(TimeLimit(ball_square(g), dist, g.tname(w)))
        elif g.extra_time:
            g.emit(TimeLimit(ball_square(g), dist, "sudden death"))
            sd = sudden_death(g.dice)
            g.shootout = sd.winner
            g.emit(
                SuddenDeath(sd.rolls, sd.home_wins, sd.away_wins, g.tname(sd.winner))
            )
        else:
            g.emit(TimeLimit(ball_square(g), dist, "draw"))
        self._whistle(g)
        return None

    def _turn(self, g: GameState, t: int) -> Decision | None:
        d = dungeon_state(g)
        d.teleports = [0] * g.n
        d.dugout_used[t] = False
        g.stack.append(Turn(t))
        return None

    def _whistle(self, g: GameState) -> None:
        self.phase = 3
        self.queue = tuple(
            p
            for p in range(g.n)
            if g.skills[p] & S.SECRET_WEAPON
            and g.pflags[p] & PF_PLAYED
            and g.box[p] in (PITCH, RESERVES, KO)
        )


__all__ = [
    "DEFAULT_TURN_CAP",
    "EXTRA_TIME_TURNS",
    "NO_TIME_LIMIT_TURNS",
    "DungeonGame",
    "DungeonSetup",
    "ball_distances",
    "ball_square",
    "end_zone_formation",
    "hide_ball",
    "time_limit_winner",
]
