"""The game procedure of formats played in two halves of drives (rulebook
"A Game of Two Halves"): pre-game sequence, two halves of drives (set-up,
kick-off, kick-off event, alternating team turns, end of drive), the final
whistle, and extra time and sudden death when a match needs a winner.

A variant whose game is shaped otherwise returns its own procedure from
``Variant.game_procedure()``; :class:`~engine.match.Match` only runs it.
"""

from __future__ import annotations

from engine.core.events import (
    CoinToss,
    ExtraTime,
    FanFactor,
    GameEnd,
    HalfTime,
    Roll,
    SuddenDeath,
)
from engine.core.skillbits import LEADER
from engine.core.state import Decision, GameState, Option, Proc
from engine.rules.extra_time import sudden_death
from engine.rules.inducements import bugman_keen_player, master_chef
from engine.rules.kickoff import roll_weather
from engine.rules.setup import Setup
from engine.rules.turns import EndDrive, Turn, ko_recovery

OPT_KICK: Option = ("kick",)
OPT_RECEIVE: Option = ("receive",)


class GameProc(Proc):
    """The whole game: pre-game, two halves, final whistle; when the match
    needs a winner (``Match(..., extra_time=True)``) and is level, extra time
    and then sudden death (see :mod:`engine.rules.extra_time`)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.phase = 0

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            g.stack.append(Pregame())
            return None
        if self.phase == 1:
            g.half = 1
            g.kicking = g.first_kicker
            g.half_over = False
            master_chef(g)
            for rule in g.hooks.first_half:
                rule(g)
            self.phase = 2
            g.stack.append(Half())
            return None
        if self.phase == 2:
            g.emit(HalfTime((g.score[0], g.score[1])))
            carried = [t for rule in g.hooks.half_time_carry for t in rule(g)]
            for t in (0, 1):
                g.rerolls[t] = g.sheets[t].rerolls
                g.turn[t] = 0
            for t in carried:
                g.rerolls[t] += 1
            # Leader: "a single extra team re-roll ... treated just like a
            # normal team re-roll", so it comes back for the second half
            # (and, per its text, not for extra time).
            g.leader_rr = leader_rerolls(g)
            self._new_period(g)
            g.half = 2
            master_chef(g)
            g.kicking = 1 - g.first_kicker
            self.phase = 3
            g.stack.append(Half())
            return None
        if self.phase == 3:
            self.phase = 5
            if g.extra_time and g.score[0] == g.score[1] and g.conceded < 0:
                g.emit(ExtraTime((g.score[0], g.score[1])))
                # Re-rolls carry over: neither rerolls nor leader_rr reset.
                g.turn[0] = g.turn[1] = 0
                self._new_period(g)
                g.half = 3
                self.phase = 4
                g.stack.append(Half())
                g.stack.append(CoinTossProc(extra_time=True))
                return None
        if self.phase == 4:
            self.phase = 5
            if g.score[0] == g.score[1] and g.conceded < 0:
                sd = sudden_death(g.dice)
                g.shootout = sd.winner
                g.emit(
                    SuddenDeath(
                        sd.rolls, sd.home_wins, sd.away_wins, g.tname(sd.winner)
                    )
                )
        g.done = True
        s = (g.score[0], g.score[1])
        if s[0] != s[1] or g.shootout < 0:
            winner = "home" if s[0] > s[1] else ("away" if s[1] > s[0] else "draw")
        else:
            winner = g.tname(g.shootout)
        g.emit(GameEnd(s, winner))
        g.stack.pop()
        return None

    @staticmethod
    def _new_period(g: GameState) -> None:
        for k in [k for k in g.effects if k.endswith("_half")]:
            del g.effects[k]
        # Re-rolls "this half" (Variant.extra_rerolls_last; drive-long ones
        # are already gone) end with the half.
        g.extra_rr[0] = g.extra_rr[1] = 0
        g.effects.pop("moles", None)
        g.half_over = False


def leader_rerolls(g: GameState) -> list[int]:
    mask = g.skills
    return [
        1 if any(mask[i] & LEADER for i in range(g.n) if g.team[i] == t) else 0
        for t in (0, 1)
    ]


class Pregame(Proc):
    """Pre-game sequence: Fan Factor (D3 + Dedicated Fans), Weather (2D6),
    the underdog's Prayers to Nuffle, then the coin toss."""

    __slots__ = ()

    def __init__(self) -> None:
        self.phase = 0

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            for t in (0, 1):
                d = g.dice.d3()
                g.ff_d3[t] = d
                g.fan_factor[t] = g.sheets[t].dedicated_fans + d
                g.emit(
                    FanFactor(
                        g.tname(t), g.sheets[t].dedicated_fans, d, g.fan_factor[t]
                    )
                )
            roll_weather(g)
            for rule in g.hooks.pregame:
                rule(g)
            self.phase = 1
            # The underdog's Prayers to Nuffle (bought with the inducements),
            # rolled before the coin toss; the stack runs them first.
            prayers = [t for t in (0, 1) for _ in range(g.sheets[t].prayers)]
            for t in reversed(prayers):
                g.stack.append(g.variant.prayer_procedure(t))
            if prayers:
                return None
        g.stack.pop()
        g.stack.append(CoinTossProc(extra_time=False))
        return None


class CoinTossProc(Proc):
    """Who kicks: a D6 roll-off (home first, re-rolling ties); the winner
    chooses to kick or receive (Decision). Before the game it decides the
    first half's kicker; before extra time, extra time's."""

    __slots__ = ("winner", "extra_time")

    def __init__(self, *, extra_time: bool) -> None:
        self.phase = 0
        self.winner = 0
        self.extra_time = extra_time

    def step(self, g: GameState) -> Decision | None:
        while True:
            a, b = g.dice.d6(), g.dice.d6()
            g.emit(Roll("coin_toss", -1, (a, b), 0, 0, a != b, False))
            if a != b:
                break
        self.winner = 0 if a > b else 1
        return Decision(
            g.tname(self.winner), "kick_or_receive", (OPT_KICK, OPT_RECEIVE)
        )

    def receive(self, g: GameState, choice: Option) -> None:
        w = self.winner
        kicker = w if choice == OPT_KICK else 1 - w
        if self.extra_time:
            g.kicking = kicker
        else:
            g.first_kicker = kicker
        g.emit(CoinToss(g.tname(w), g.tname(kicker)))
        g.stack.pop()


class Half(Proc):
    """Drives until the turns of the half run out."""

    __slots__ = ()

    def __init__(self) -> None:
        self.phase = 0

    def step(self, g: GameState) -> Decision | None:
        n = g.variant.turns_per_half
        if (
            g.half_over
            or (g.turn[0] >= n and g.turn[1] >= n)
            or g.turn[1 - g.kicking] >= n
        ):
            g.stack.pop()
            return None
        g.stack.append(Drive())
        return None


class Drive(Proc):
    """One drive: set-ups, kick-off, team turns, end of drive."""

    __slots__ = ("next_team",)

    def __init__(self) -> None:
        self.phase = 0
        self.next_team = 0

    def step(self, g: GameState) -> Decision | None:
        ph = self.phase
        if ph == 0:
            g.drive += 1
            g.touchdown = False
            for rule in g.hooks.drive_starts:
                rule(g)
            self.next_team = 1 - g.kicking
            self.phase = 1
            # Hook: classic KO'd players roll at the kick-off, before set-up
            # (the first kick-off of a half too; none after the last drive).
            if g.variant.ko_recovery_at_kickoff():
                ko_recovery(g)
            if g.sheets[0].bugman or g.sheets[1].bugman:
                bugman_keen_player(g)
            g.stack.append(Setup(1 - g.kicking))
            g.stack.append(Setup(g.kicking))
            for before in g.hooks.before_setup:  # run before the set-ups
                proc = before(g)
                if proc is not None:
                    g.stack.append(proc)
                    break
            return None
        if ph == 1:
            self.phase = 2
            g.stack.append(g.variant.kickoff_procedure())
            return None
        if ph == 2:
            if g.touchdown:
                self.phase = 3
                return None
            t = self.next_team
            if g.turn[t] >= g.variant.turns_per_half:
                g.half_over = True
                self.phase = 3
                return None
            self.next_team = 1 - t
            g.stack.append(Turn(t))
            return None
        if ph == 3:
            self.phase = 4
            g.stack.append(EndDrive())
            return None
        g.touchdown = False
        g.stack.pop()
        return None
