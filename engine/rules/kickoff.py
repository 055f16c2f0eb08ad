"""The kick-off and the Kick-off Event table (rulebook "The Kick-off",
"The Kick-off Event", "Touchbacks"; Death Zone Sevens kick-off table;
skills Kick and On the Ball)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    Kick,
    KickoffEvent,
    Move,
    Note,
    Roll,
    SkillUsed,
    TurnMarker,
    Weather,
)
from engine.core.pitch import D8_DIRECTIONS, F_WIDE
from engine.core.state import (
    PITCH,
    STANDING,
    STUNNED,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import Scatter, TouchbackProc, in_receiving_area, land_ball
from engine.rules.fouls import SendOff
from engine.rules.on_the_ball import on_the_ball, on_the_ball_move
from engine.rules.prayers import PrayerProc
from engine.rules.rolls import random_pick
from engine.rules.setup import Setup
from engine.rules.swarming import Swarm, swarming_teams
from engine.rules.turns import Turn

OPT_DONE: Option = ("done",)
OPT_DECLINE: Option = ("decline",)
OPT_USE_KICK: Option = ("use", "kick")
KICK = S.BIT["kick"]


def roll_weather(g: GameState) -> str:
    """Roll 2D6 on the ruleset's Weather table."""
    d1, d2 = g.dice.d6(), g.dice.d6()
    w = g.variant.weather_table[d1 + d2]
    g.weather = w
    g.emit(Weather((d1, d2), w))
    return w


def kick_targets(g: GameState) -> list[int]:
    """Squares the kicking team may aim at (the receiving half; Sevens:
    anywhere past the kicking team's Line of Scrimmage).

    Decision: for Sevens the kick may be placed anywhere a touchback would
    not be caused, i.e. the middle third or the receiving team's third.
    """
    return [sq for sq in range(g.pitch.size) if in_receiving_area(g, sq)]


def kick_skill_player(g: GameState) -> int:
    """A kicking-team player with Kick who may be nominated as the kicking
    player (Standing on the pitch, not in a Wide Zone, not on the Line of
    Scrimmage unless the team has three or fewer players on the pitch), or
    -1. Decision: the kicking player is only nominated (implicitly) when
    Kick is used."""
    k = g.kicking
    on = [p for p in range(g.n) if g.team[p] == k and g.box[p] == PITCH]
    los = g.pitch.los_flag(k) if len(on) > 3 else 0
    for p in on:
        f = g.pitch.flags[g.pos[p]]
        if (
            g.skills[p] & KICK
            and g.status[p] == STANDING
            and not f & F_WIDE
            and not f & los
        ):
            return p
    return -1


def deviate_kick(g: GameState, target: int, d8: int, dist: int) -> int:
    """The kick moves ``dist`` squares in direction ``d8`` from ``target``;
    the ball is in the air over the landing square (-1: off the pitch),
    which is returned."""
    dx, dy = D8_DIRECTIONS[d8]
    sq = target
    for _ in range(dist):
        sq = g.pitch.step(sq, dx, dy)
        if sq < 0:
            break
    g.ball = sq
    g.ball_air = True
    g.carrier = -1
    g.emit(Kick(g.tname(g.kicking), target, d8, dist, sq))
    return sq


def land_kick(g: GameState, landing: int, deviated: bool = True) -> None:
    """The kick comes down at ``landing``: a touchback when it is off the
    pitch or outside the receiving area, else it is caught or bounces.

    ``deviated``: the kick moved away from the square it was placed in.
    Decision: a kick that Kick kept on its target (a D6 of 1 halved to 0
    squares) has not "scattered or deviated into the square" (rulebook
    "Catching the Ball"), so catching it takes no such modifier; the
    format's kick-off catch modifier applies to a kick that moved."""
    if landing < 0 or not in_receiving_area(g, landing):
        g.stack.append(TouchbackProc())
        return
    g.ball = landing
    g.ball_air = False
    mod = g.variant.kickoff_catch_modifier if deviated else 0
    g.stack.append(land_ball(g, landing, mod, True))


class Kickoff(Proc):
    """Place the kick, deviate it (D8 + D6; Kick may halve the D6), On the
    Ball at the kick-off, roll the kick-off event, then the ball comes down.

    Phases: 0 target?, 5 Kick?, 6 Swarming, 8/7 On the Ball, 1 event, 2
    landing, 3 end.
    """

    __slots__ = ("landing", "event", "target", "d8", "d6", "dist")

    def __init__(self) -> None:
        self.phase = 0
        self.landing = -1
        self.event = ""
        self.target = -1
        self.d8 = 0
        self.d6 = 0
        self.dist = 0  # squares deviated (after Kick)

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            opts = tuple(g.pitch.square_opts[s] for s in kick_targets(g))
            return Decision(g.tname(g.kicking), "kick_target", opts)
        if self.phase == 5:
            kicker = kick_skill_player(g)
            return Decision(
                g.tname(g.kicking),
                "use_skill",
                (OPT_USE_KICK, OPT_DECLINE),
                g.pid[kicker],
                info=("kick",),
            )
        if self.phase == 6:
            # Swarming: after the kick (step 2), before the event (step 3).
            self.phase = 8
            teams = swarming_teams(g, g.kicking)
            if teams:
                g.stack.extend(Swarm(t) for t in reversed(teams))
                return None
        if self.phase == 8:
            self.phase = 1
            sq = self.landing
            if sq >= 0 and in_receiving_area(g, sq):
                d = on_the_ball(g, 1 - g.kicking, True)
                if d is not None:
                    self.phase = 7
                    return d
        if self.phase == 1:
            d1, d2 = g.dice.d6(), g.dice.d6()
            name = g.variant.kickoff_table[d1 + d2]
            self.event = name
            g.emit(KickoffEvent((d1, d2), name))
            self.phase = 2
            proc = g.variant.kickoff_event(g, name, self.landing)
            if proc is not None:
                g.stack.append(proc)
            return None
        if self.phase == 2:
            self.phase = 3
            landing = self.landing
            g.kick_mode = True
            # Changing Weather's scatter: only a kick still over the
            # receiving half scatters. "If the ball deviates ... off the
            # pitch or across the Line of Scrimmage ... a 'touchback' is
            # caused" (rulebook "Touchbacks"): a scatter cannot undo it.
            if g.effects.pop("kick_scatter", False) and in_receiving_area(g, landing):
                g.stack.append(Scatter(landing, 3, -1))
                return None
            land_kick(g, landing, self.dist > 0)
            return None
        g.kick_mode = False
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 7:  # On the Ball
            on_the_ball_move(g, choice, g.pitch.half_flag(1 - g.kicking))
            self.phase = 1
            return
        if self.phase == 5:  # Kick: halve the D6 (rounding down)?
            d6 = self.d6
            if choice == OPT_USE_KICK:
                g.emit(SkillUsed(g.pid[kick_skill_player(g)], "kick"))
                d6 //= 2
            self._deviate(g, d6)
            return
        self.target = choice[1]
        self.d8, self.d6 = g.dice.d8(), g.dice.d6()
        if kick_skill_player(g) >= 0:  # (a 1 halves to 0: no deviation)
            self.phase = 5
            return
        self._deviate(g, self.d6)

    def _deviate(self, g: GameState, dist: int) -> None:
        self.dist = dist
        self.landing = deviate_kick(g, self.target, self.d8, dist)
        self.phase = 6


def kickoff_event(g: GameState, name: str, landing: int) -> Proc | None:
    """Kick-off event ``name`` (rulebook "The Kick-off Event"; the kick is
    over ``landing``): the procedure to run, or None when it is done."""
    rs = g.variant
    k, r = g.kicking, 1 - g.kicking
    if name == "get_the_ref":
        g.bribes[0] += 1
        g.bribes[1] += 1
    elif name == "time_out":
        delta = -1 if g.turn[k] >= rs.timeout_back_from else 1
        for t in (0, 1):
            g.turn[t] = max(0, g.turn[t] + delta)
            g.emit(TurnMarker(g.tname(t), g.turn[t]))
    elif name == "solid_defence":
        n = g.dice.d3() + rs.solid_defence_bonus
        g.emit(Note("solid_defence", g.tname(k), -1, n))
        return Setup(k, max_changes=n)
    elif name == "high_kick":
        return HighKick(landing)
    elif name == "cheering_fans":
        w = roll_off(
            g, "cheering_fans", (g.sheets[0].cheerleaders, g.sheets[1].cheerleaders)
        )
        if w >= 0:
            return PrayerProc(w)
    elif name == "brilliant_coaching":
        mods = (
            g.sheets[0].assistant_coaches - g.argue_banned[0],
            g.sheets[1].assistant_coaches - g.argue_banned[1],
        )
        w = roll_off(g, "brilliant_coaching", mods)
        if w >= 0:
            g.extra_rr[w] += 1
    elif name == "changing_weather":
        if roll_weather(g) == "perfect":
            g.effects["kick_scatter"] = True
    elif name == "quick_snap":
        n = g.dice.d3() + rs.quick_snap_bonus
        g.emit(Note("quick_snap", g.tname(r), -1, n))
        return QuickSnap(r, n)
    elif name == "blitz":
        n = g.dice.d3() + rs.blitz_bonus
        g.emit(Note("blitz", g.tname(k), -1, n))
        return Turn(k, "blitz", n)
    elif name in ("officious_ref", "pitch_invasion"):
        return RefEvent(name)
    return None


def roll_off(g: GameState, purpose: str, mods: tuple[int, int]) -> int:
    """Both coaches roll D6 + modifier; the higher wins (-1 on a tie)."""
    a, b = g.dice.d6(), g.dice.d6()
    g.emit(
        Roll(
            purpose,
            -1,
            (a, b),
            0,
            mods[0] - mods[1],
            a + mods[0] != b + mods[1],
            False,
        )
    )
    if a + mods[0] == b + mods[1]:
        return -1
    return 0 if a + mods[0] > b + mods[1] else 1


class HighKick(Proc):
    """High Kick: one Open receiving player may be placed where the ball
    will land (Decision: only when that square is empty and in the
    receiving half)."""

    __slots__ = ("landing",)

    def __init__(self, landing: int) -> None:
        self.phase = 0
        self.landing = landing

    def step(self, g: GameState) -> Decision | None:
        sq = self.landing
        r = 1 - g.kicking
        if sq < 0 or g.board[sq] >= 0 or not in_receiving_area(g, sq):
            g.stack.pop()
            return None
        cands = [
            p
            for p in range(g.n)
            if g.team[p] == r
            and g.box[p] == PITCH
            and g.status[p] == STANDING
            and not g.markers(g.pos[p], r)
        ]
        if not cands:
            g.stack.pop()
            return None
        opts = tuple(g.pl_opts[p]["high_kick"] for p in cands) + (OPT_DECLINE,)
        return Decision(g.tname(r), "high_kick", opts)

    def receive(self, g: GameState, choice: Option) -> None:
        if choice != OPT_DECLINE:
            p = g.idx[choice[1]]
            src = g.pos[p]
            g.move(p, self.landing)
            g.emit(Move(g.pid[p], src, self.landing, "high_kick"))
        g.stack.pop()


class QuickSnap(Proc):
    """Quick Snap: up to ``n`` Open receiving players may move one square
    (``open_only`` False: Marked players too, as in the classic game)."""

    __slots__ = ("t", "n", "moved", "open_players", "open_only")

    def __init__(self, t: int, n: int, *, open_only: bool = True) -> None:
        self.phase = 0
        self.t = t
        self.n = n
        self.moved: tuple[int, ...] = ()
        self.open_players: tuple[int, ...] = ()
        self.open_only = open_only

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            self.open_players = tuple(
                p
                for p in range(g.n)
                if g.team[p] == t
                and g.box[p] == PITCH
                and g.status[p] == STANDING
                and not (self.open_only and g.markers(g.pos[p], t))
            )
            self.phase = 1
        if len(self.moved) >= self.n:
            g.stack.pop()
            return None
        opts: list[Option] = []
        for p in self.open_players:
            if p in self.moved:
                continue
            for s in g.pitch.neighbours[g.pos[p]]:
                if g.board[s] < 0:
                    opts.append(("snap", g.pid[p], s))
        if not opts:
            g.stack.pop()
            return None
        opts.append(OPT_DONE)
        return Decision(g.tname(t), "quick_snap", tuple(opts))

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DONE:
            g.stack.pop()
            return
        p = g.idx[choice[1]]
        src = g.pos[p]
        g.move(p, choice[2])
        g.emit(Move(g.pid[p], src, choice[2], "quick_snap"))
        self.moved = self.moved + (p,)


class RefEvent(Proc):
    """Officious Ref / Pitch Invasion: D6 + Fan Factor each; the lower
    team (both on a tie) has random players on the pitch affected."""

    __slots__ = ("name", "queue")

    def __init__(self, name: str) -> None:
        self.phase = 0
        self.name = name
        self.queue: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            a, b = g.dice.d6(), g.dice.d6()
            fa, fb = a + g.fan_factor[0], b + g.fan_factor[1]
            g.emit(
                Roll(
                    self.name,
                    -1,
                    (a, b),
                    0,
                    g.fan_factor[0] - g.fan_factor[1],
                    fa != fb,
                    False,
                )
            )
            losers = [0, 1] if fa == fb else [0 if fa < fb else 1]
            chosen: list[int] = []
            for t in losers:
                on = [p for p in range(g.n) if g.team[p] == t and g.box[p] == PITCH]
                if not on:
                    continue
                k = 1 if self.name == "officious_ref" else g.dice.d3()
                for _ in range(min(k, len(on))):
                    chosen.append(on.pop(random_pick(g, on)))
            self.queue = tuple(chosen)
            self.phase = 1
        if not self.queue:
            g.stack.pop()
            return None
        p = self.queue[0]
        self.queue = self.queue[1:]
        if self.name == "officious_ref":
            d = g.dice.d6()
            g.emit(Roll("officious_ref", g.pid[p], (d,), 2, 0, d != 1, False))
            if d == 1:
                # Decision: the player is Sent-off with no Argue the Call and
                # no Bribe. Arguing the Call is for a player "Sent-off by the
                # referee for committing a Foul", a Bribe for one "Sent-off
                # for committing a Foul or using a Secret Weapon"; the
                # Officious Ref's player is "immediately Sent-off" for coming
                # to blows with the referee, and unlike Too Many Players and
                # the Secret Weapons the text does not call it a Foul ("as
                # described on page 63" is how a Sending-off is carried out).
                # The Sevens text says only "immediately Sent-off".
                g.stack.append(SendOff(p, "officious_ref", False, appeal=False))
                return None
        g.status[p] = STUNNED
        g.emit(Note("placed_prone_stunned", g.tname(g.team[p]), g.pid[p], 0))
        return None
