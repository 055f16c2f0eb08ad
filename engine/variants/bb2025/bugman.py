"""Blood Bowl 2025's Infamous Coaching Staff: Josef Bugman (tables.md
"Inducements", 0-1 at 100,000): "once per game after set-up re-set-up D3 of
your players". His +1 to KO recovery (Bugman's XXXXXX) and his joining a
team short of players play as in BB2020 (:mod:`engine.rules.inducements`).

After both teams have set up and before the kick is placed, a coach with
Bugman who has not used him yet this game may use him: a D3 is rolled and
he re-places up to that many of his players on the pitch, one at a time
(choose a player, then his square).

Decision: offered after every set-up until used (the coach picks the
drive); declining keeps it for a later drive. When both teams have him,
the kicking team decides (and re-sets up) first, then the receiving team,
the order the teams set up in.

Decision: only the players set up are re-set up, each to another square of
his own half; none is swapped with a player in the Reserves (the number on
the pitch, and who plays the drive, stay as set up).

Decision: the set-up stays legal after each player (``validate_setup``,
the format's rules, Team Captain's must-set-up included): a square that
would make it illegal is refused, so the final set-up is a legal one. His
own square is always offered (putting him back changes nothing). A player
chosen counts towards the D3 even when put back; each player once.
"""

from __future__ import annotations

from engine.core.events import Induced, SetUp
from engine.core.state import PITCH, RESERVES, Decision, GameState, Option, Proc
from engine.rules.setup import current_placement, validate_setup
from engine.variants.bb2025.kickoff import Kickoff2025

# g.effects key: team t has used Bugman's re-set-up this game.
BUGMAN_SETUP_USED = "bb2025_bugman_setup_used_{}"
OPT_USE: Option = ("use",)
OPT_DECLINE: Option = ("decline",)
OPT_DONE: Option = ("done",)


def may_re_set_up(g: GameState, t: int) -> bool:
    """Team ``t`` has Bugman, has not used his re-set-up and has players
    on the pitch."""
    return (
        bool(g.sheets[t].bugman)
        and not g.effects.get(BUGMAN_SETUP_USED.format(t), False)
        and any(g.team[p] == t and g.box[p] == PITCH for p in range(g.n))
    )


def legal_squares(g: GameState, p: int) -> tuple[int, ...]:
    """The squares player ``p`` (on the pitch) may be re-set up on: empty
    squares where his team's set-up stays legal, and his own square."""
    t = g.team[p]
    own = g.pos[p]
    others = tuple((pid, sq) for pid, sq in current_placement(g, t) if sq != own)
    on = [q for q in range(g.n) if g.team[q] == t and g.box[q] == PITCH]
    for q in on:  # checked as a set-up of the players on the pitch
        g.box[q] = RESERVES
    try:
        half = g.pitch.half_flag(t)
        out = [
            sq
            for sq in range(g.pitch.size)
            if sq == own
            or (
                g.board[sq] < 0
                and g.pitch.flags[sq] & half
                and not validate_setup(g, t, (*others, (g.pid[p], sq)))
            )
        ]
    finally:
        for q in on:
            g.box[q] = PITCH
    return tuple(out)


class BugmanReSetUp(Proc):
    """Team ``t`` may use Bugman's re-set-up (phase 0), rolls the D3, then
    chooses players (phase 1) and their squares (phase 2)."""

    __slots__ = ("t", "n", "chosen", "done_players")

    def __init__(self, t: int) -> None:
        self.phase = 0
        self.t = t
        self.n = 0
        self.chosen = -1
        self.done_players: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            if not may_re_set_up(g, t):
                g.stack.pop()
                return None
            return Decision(g.tname(t), "bugman_setup", (OPT_USE, OPT_DECLINE))
        if self.phase == 2:
            p = self.chosen
            opts = tuple(("square", sq) for sq in legal_squares(g, p))
            return Decision(
                g.tname(t), "bugman_square", opts, g.pid[p], info=(g.pos[p],)
            )
        left = self.n - len(self.done_players)
        cands = [
            p
            for p in range(g.n)
            if g.team[p] == t and g.box[p] == PITCH and p not in self.done_players
        ]
        if left <= 0 or not cands:
            self._finish(g)
            return None
        opts = tuple(("player", g.pid[p]) for p in cands) + (OPT_DONE,)
        return Decision(g.tname(t), "bugman_player", opts, info=(left,))

    def receive(self, g: GameState, choice: Option) -> None:
        t = self.t
        if self.phase == 0:
            if choice == OPT_DECLINE:
                g.stack.pop()
                return
            g.effects[BUGMAN_SETUP_USED.format(t)] = True
            self.n = g.dice.d3()
            g.emit(Induced("bugman_setup", g.tname(t), -1, (self.n,), "re-set-up"))
            self.phase = 1
            return
        if self.phase == 1:
            if choice == OPT_DONE:
                self._finish(g)
                return
            self.chosen = g.idx[choice[1]]
            self.phase = 2
            return
        p, sq = self.chosen, int(choice[1])
        src = g.pos[p]
        if sq != src:
            g.move(p, sq)
            g.emit(
                Induced(
                    "bugman_setup", g.tname(t), g.pid[p], (), f"square {src} to {sq}"
                )
            )
        self.done_players = self.done_players + (p,)
        self.phase = 1

    def _finish(self, g: GameState) -> None:
        """The re-set-up is over: the team's set-up as it now stands."""
        g.emit(SetUp(g.tname(self.t), current_placement(g, self.t)))
        g.stack.pop()


class AfterSetUp(Proc):
    """Between the set-ups and the kick: Bugman's re-set-ups (the kicking
    team first), then the edition's kick-off (:class:`.kickoff.Kickoff2025`)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.phase = 0

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            g.stack.append(Kickoff2025())
            for t in (1 - g.kicking, g.kicking):  # the last pushed runs first
                if may_re_set_up(g, t):
                    g.stack.append(BugmanReSetUp(t))
            return None
        g.stack.pop()
        return None
