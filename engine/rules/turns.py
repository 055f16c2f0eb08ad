"""The team turn (rulebook "The Team Turn": turn markers, activations one
at a time, Turnovers, end of turn; "The End of a Drive": Secret Weapons, KO
recovery). The activations themselves are :mod:`engine.rules.activation`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    Concede,
    DriveEnd,
    TurnEnd,
    TurnStart,
)
from engine.core.state import (
    KO,
    PF_HEAT,
    PF_NOTZ,
    PF_PLAYED,
    PF_ROOTED,
    PF_STUN_START,
    PF_TURN_RESET,
    PITCH,
    PRONE,
    RESERVES,
    STANDING,
    STUNNED,
    TF_ACTIVATED,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.activation import Activation, activation_options
from engine.rules.bloodlust import pick_me_up
from engine.rules.fouls import SendOff
from engine.rules.inducements import (
    BUGMAN_ON,
    WEATHER_MAGE_RESTORE,
    bugman_leaves,
    ko_recovers,
    weather_mage,
    weather_mage_expires,
)
from engine.rules.injuries import FROGS, KICKOFF_BLITZ
from engine.rules.prayers import expire_drives, undo_drive_changes
from engine.rules.rolls import expire_drive_rerolls, random_pick
from engine.rules.wizard import TURN_ENDED, unfrog

OPT_END_TURN: Option = ("end_turn",)
OPT_CONCEDE: Option = ("concede",)


class Turn(Proc):
    """One team turn of team ``t``. ``kind`` "normal", or "blitz" for the
    Blitz! kick-off event (D3+N Open players, Move/Blitz/Throw Team-mate,
    no turn marker), or "bonus" for a full team turn that moves no turn
    marker and cannot be conceded in (the classic Blitz!)."""

    __slots__ = ("t", "kind", "limit")

    def __init__(self, t: int, kind: str = "normal", limit: int = 0) -> None:
        self.phase = 0
        self.t = t
        self.kind = kind
        self.limit = limit

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            self.phase = 5
            if self.kind == "normal":  # hook: a Hireling or College Wizard casts
                cast = g.variant.turn_starts(g, t)
                if cast is not None:
                    g.stack.append(cast)
                    return None
        if self.phase == 5:
            g.active = t
            g.tflags = 0
            g.rr_used_turn = 0
            g.turnover = None
            g.activations = 0
            for p in range(g.n):
                if g.team[p] == t:
                    f = g.pflags[p] & ~(PF_TURN_RESET | PF_STUN_START)
                    if g.box[p] == PITCH and g.status[p] == STUNNED:
                        f |= PF_STUN_START
                    g.pflags[p] = f
            if self.kind == "blitz" and g.variant.blitz_event_ends_on_any_fall:
                g.effects[KICKOFF_BLITZ] = True  # any fall or knock-down ends it
            if self.kind == "normal":
                g.turn[t] += 1
                g.emit(TurnStart(g.tname(t), g.half, g.turn[t]))
                if g.sheets[t].weather_mage:
                    weather_mage(g, t)
            self.phase = 1
            if self.kind == "normal":  # rules of the turn's start
                for starts in g.hooks.team_turn_starts:
                    proc = starts(g, t)
                    if proc is not None:
                        g.stack.append(proc)
                        return None
        if self.phase == 1:
            if g.turnover is not None or g.touchdown or g.done:
                self._end(g)
                return None
            if self.kind == "blitz":
                if g.activations >= self.limit:
                    self._end(g)
                    return None
                opts = activation_options(g, t, g.variant.blitz_event_actions, True)
            else:
                if (
                    g.variant.actions_per_turn is not None
                    and g.activations >= g.variant.actions_per_turn
                ):
                    self._end(g)
                    return None
                opts = activation_options(g, t)
                opts.extend(g.variant.turn_options(g, t))  # Dungeon Bowl flow
                if self.kind == "normal" and not g.tflags & TF_ACTIVATED:
                    opts.append(OPT_CONCEDE)
            opts.append(OPT_END_TURN)
            return Decision(g.tname(t), "activate", tuple(opts))
        if self.phase == 3:  # the end the coach chose, after the variant's
            self._end(g)
            return None
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_END_TURN:
            ending = g.variant.turn_ending(g, self.t) if self.kind == "normal" else None
            if ending is not None:  # hook: BB2025 stalling
                self.phase = 3
                g.stack.append(ending)
                return
            self._end(g)
            return
        if choice == OPT_CONCEDE:
            g.conceded = self.t
            g.concede_penalty = True
            g.emit(Concede(g.tname(self.t), True))
            g.done = True
            return
        extra = g.variant.turn_choice(g, self.t, choice)  # Dungeon Bowl flow
        if extra is not None:
            g.stack.append(extra)
            return
        p = g.idx[choice[1]]
        g.stack.append(Activation(p, choice[2], self.kind == "blitz"))
        if self.kind == "normal":  # rules of the declaration (above it)
            for declared in g.hooks.player_declared:
                proc = declared(g, p, choice[2])
                if proc is not None:
                    g.stack.append(proc)
                    break

    def _end(self, g: GameState) -> None:
        t = self.t
        if g.turnover is not None:
            for rule in g.hooks.turnover_suffered:
                rule(g, t)
        for p in range(g.n):
            if g.team[p] == t and g.pflags[p] & PF_STUN_START:
                g.pflags[p] &= ~PF_STUN_START
                if g.box[p] == PITCH and g.status[p] == STUNNED:
                    g.status[p] = PRONE
        pick_me_up(g, 1 - t)
        for rule in g.hooks.turn_ends:
            rule(g, t)
        g.emit(TurnEnd(g.tname(t), g.turnover is not None))
        g.effects.pop(KICKOFF_BLITZ, None)
        g.active = -1
        g.effects[TURN_ENDED] = True
        if WEATHER_MAGE_RESTORE in g.effects:
            weather_mage_expires(g, t)
        g.turnover = None
        self.phase = 2


class EndDrive(Proc):
    """End of drive: Secret Weapons are Sent-off, KO'd players roll to
    recover (4+; unless the variant rolls at the next kick-off), drive-long
    effects expire, everyone leaves the pitch."""

    __slots__ = ("queue",)

    def __init__(self) -> None:
        self.phase = 0
        self.queue: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            g.active = -1
            self.queue = tuple(
                p
                for p in range(g.n)
                if g.skills[p] & S.SECRET_WEAPON
                and g.pflags[p] & PF_PLAYED
                and g.box[p] in (PITCH, RESERVES, KO)
            )
            self.phase = 1
        if self.phase == 1:
            if self.queue:
                p = self.queue[0]
                self.queue = self.queue[1:]
                if not any(stays(g, p) for stays in g.hooks.secret_weapon_stays):
                    g.stack.append(SendOff(p, "secret_weapon", False))
                return None
            self.phase = 2
        # Hook: a variant that rolls KO recovery at the next kick-off
        # instead (classic) has its Drive call ko_recovery() before set-up.
        if WEATHER_MAGE_RESTORE in g.effects:
            weather_mage_expires(g, None)
        for rule in g.hooks.drive_ends:
            rule(g)
        if not g.variant.ko_recovery_at_kickoff():
            ko_recovery(g)
        # Sweltering Heat: the players who missed this drive are free again
        # ("They must miss the next drive": kept out of its set-up, its
        # Swarming and its Solid Defence alike); then D3 more faint.
        for p in range(g.n):
            g.pflags[p] &= ~PF_HEAT
        heat = g.weather == "sweltering_heat"
        for t in (0, 1):
            on = [p for p in range(g.n) if g.team[p] == t and g.box[p] == PITCH]
            if heat and on:
                k = g.variant.sweltering_heat_count(g, t)
                for _ in range(min(k, len(on))):
                    i = random_pick(g, on)
                    g.pflags[on[i]] |= PF_HEAT
                    on.pop(i)
        for p in range(g.n):
            g.pflags[p] &= ~(PF_PLAYED | PF_ROOTED | PF_NOTZ)
            if g.box[p] == PITCH:
                g.lift(p)
                g.box[p] = RESERVES
                g.status[p] = STANDING
        if BUGMAN_ON in g.effects:
            bugman_leaves(g)
        g.ball = -1
        g.carrier = -1
        g.ball_air = False
        if FROGS in g.effects:
            unfrog(g)
        undo_drive_changes(g)
        # Hook: re-rolls "this half" (classic) outlive the drive, the game
        # procedure clearing them at the end of the half; a Star Player's
        # for the drive do not.
        expire_drive_rerolls(g)
        for key in [k for k in g.effects if k.endswith("_drive")]:
            del g.effects[key]
        expire_drives(g)
        g.emit(DriveEnd(g.half))
        g.stack.pop()
        return None


def ko_recovery(g: GameState) -> None:
    """Every KO'd player rolls a D6: 4+ back to the Reserves (rulebook "The
    End of a Drive"; classic: "at the next kick-off, before set-up")."""
    for p in range(g.n):
        if g.box[p] == KO and ko_recovers(g, p):
            g.box[p] = RESERVES
