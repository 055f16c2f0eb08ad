"""The classic kick-off and Kick-Off table (seed 003 "The Kick Off", "The
Kick-Off Table"; design/variants_digest.md C5 and C6).

The order differs from BB2020: "On the kickoff, place the ball in the target
square. Roll on the kickoff table. Scatter the ball the appropriate number
of squares. Handle bounces, touchbacks, catch attempts. Begin the first turn
(or Blitz turn)." [JJ]. The BB2020 pieces are reused: the kick targets, the
Kick skill, On the Ball, the landing and touchbacks (engine.rules.kickoff), the
Quick Snap and re-set-up procedures (with their classic parameters), team
turns, random selection and the Injury roll.

Decision (Fan Factor, which classic teams have as a characteristic): the
BB2020 Fan Factor of the match (D3 + Dedicated Fans) is used.
"""

from __future__ import annotations

from engine.core.events import KickoffEvent, Note, Roll, SkillUsed, TurnMarker
from engine.core.state import PITCH, RESERVES, Decision, GameState, Option, Proc
from engine.rules.injuries import Harm
from engine.rules.kickoff import (
    OPT_DECLINE,
    OPT_USE_KICK,
    QuickSnap,
    deviate_kick,
    kick_skill_player,
    kick_targets,
    land_kick,
    roll_weather,
)
from engine.rules.on_the_ball import on_the_ball, on_the_ball_move
from engine.rules.rolls import random_pick
from engine.rules.setup import Setup
from engine.rules.turns import Turn

# The effect that stops apothecaries while a Pitch Invasion hurts players
# (seed 003: "a pitch invasion is a crowd injury, and the apothecary cannot
# be used"); a "_drive" key, so the end of the drive clears it at the latest.
NO_APOTHECARY = "no_apothecary_drive"


def ref_bought(t: int) -> str:
    """The effect of Get Da Ref for team ``t``: the referee awards that team
    no penalties for the rest of the half (a "_half" key: the game procedure
    clears it at half-time)."""
    return f"ref_bought_{t}_half"


class ClassicKickoff(Proc):
    """Place the ball, roll the Kick-Off table (and resolve the event), then
    scatter it D8 + D6 squares (Bad Kick: 2D6; Kick may halve it), On the
    Ball, and the ball comes down. Blitz! then gives the kicking team its
    bonus turn.

    Phases: 0 target?, 1 event, 2 scatter, 3 Kick?, 4 On the Ball, 5 its
    move, 6 landing, 7 end.

    Decision: On the Ball is offered after the scatter, before the ball
    comes down (as in BB2020, once the landing square is known); the
    Kick-Off event has been resolved by then.
    """

    __slots__ = ("target", "event", "landing", "d8", "dist")

    def __init__(self) -> None:
        self.phase = 0
        self.target = -1
        self.event = ""
        self.landing = -1
        self.d8 = 0
        self.dist = 0

    def step(self, g: GameState) -> Decision | None:
        k = g.kicking
        if self.phase == 0:
            opts = tuple(g.pitch.square_opts[s] for s in kick_targets(g))
            return Decision(g.tname(k), "kick_target", opts)
        if self.phase == 1:
            d1, d2 = g.dice.d6(), g.dice.d6()
            name = g.variant.kickoff_table[d1 + d2]
            self.event = name
            g.emit(KickoffEvent((d1, d2), name))
            self.phase = 2
            proc = kickoff_event(g, name)
            if proc is not None:
                g.stack.append(proc)
            return None
        if self.phase == 2:
            if g.half_over:  # a Riot ended the half: no kick
                g.stack.pop()
                return None
            self.d8 = g.dice.d8()
            dist = g.dice.d6()
            if self.event == "bad_kick":  # "2D6 squares ... instead of 1D6"
                dist += g.dice.d6()
            self.dist = dist
            kicker = kick_skill_player(g)
            if kicker >= 0:
                # Decision: Kick halves the scatter, 2D6 after a Bad Kick too.
                self.phase = 3
                return Decision(
                    g.tname(k),
                    "use_skill",
                    (OPT_USE_KICK, OPT_DECLINE),
                    g.pid[kicker],
                    info=("kick",),
                )
            self._scatter(g, dist)
        if self.phase == 4:
            self.phase = 6
            if self.landing >= 0 and g.variant.in_receiving_area(g, self.landing):
                d = on_the_ball(g, 1 - k, True)
                if d is not None:
                    self.phase = 5
                    return d
        if self.phase == 6:
            self.phase = 7
            g.kick_mode = True
            land_kick(g, self.landing, self.dist > 0)
            return None
        g.kick_mode = False
        g.stack.pop()
        if self.event == "blitz" and not g.touchdown:
            # Blitz!: "a bonus team turn ... before the receiving team. The
            # bonus turn does not count towards their turn limit" - a full
            # team turn (engine.rules.turns.Turn, kind "bonus": no turn marker).
            # Seed 003 [JJ] has it begin after the ball has come down.
            g.emit(Note("blitz", g.tname(k), -1, 0))
            g.stack.append(Turn(k, "bonus"))
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 0:
            self.target = choice[1]
            self.phase = 1
            return
        if self.phase == 3:
            dist = self.dist
            if choice == OPT_USE_KICK:
                g.emit(SkillUsed(g.pid[kick_skill_player(g)], "kick"))
                dist //= 2
            self._scatter(g, dist)
            return
        # phase 5: On the Ball
        on_the_ball_move(g, choice, g.pitch.half_flag(1 - g.kicking))
        self.phase = 6

    def _scatter(self, g: GameState, dist: int) -> None:
        self.dist = dist  # after Kick: 0 keeps the ball on its target
        self.landing = deviate_kick(g, self.target, self.d8, dist)
        self.phase = 4


def roll_off(
    g: GameState, purpose: str, dice: int, mods: tuple[int, int], *, ties: bool
) -> int:
    """Each coach rolls ``dice`` D6 and adds a modifier, home first; returns
    the higher team, or -1 on a tie (``ties``: re-roll them instead). One
    Roll event per roll-off, with both teams' dice."""
    rerolled = False
    while True:
        home = tuple(g.dice.d6() for _ in range(dice))
        away = tuple(g.dice.d6() for _ in range(dice))
        a, b = sum(home) + mods[0], sum(away) + mods[1]
        g.emit(Roll(purpose, -1, home + away, 0, mods[0] - mods[1], a != b, rerolled))
        if a != b:
            return 0 if a > b else 1
        if not ties:
            return -1
        rerolled = True


def _fans(g: GameState) -> tuple[int, int]:
    return (g.fan_factor[0], g.fan_factor[1])


def _bonus_reroll(g: GameState, t: int, why: str) -> None:
    """+1 team re-roll for the rest of the half (Variant.extra_rerolls_last
    keeps g.extra_rr until half-time)."""
    g.extra_rr[t] += 1
    g.emit(Note(why, g.tname(t), -1, 1))


def kickoff_event(g: GameState, name: str) -> Proc | None:
    """Resolve classic Kick-Off result ``name``; returns a procedure to run
    first when it needs one (a decision or injuries)."""
    rs = g.variant
    k, r = g.kicking, 1 - g.kicking
    if name == "riot":
        # "adds 1D6 Turns to the number so far elapsed in this half for each
        # team. If this takes the number of turns to 8 or more for both
        # teams, the half ends." Decision: one D6, added to both turn
        # markers (never past the last turn). At the start of a half both
        # markers move from 0, so the receivers' first turn is turn D6+1 and
        # the half cannot end (a D6 is less than 8). When the half ends the
        # kick is not taken: the drive ends at once.
        d = g.dice.d6()
        g.emit(Roll("riot", -1, (d,), 0, 0, True, False))
        n = rs.turns_per_half
        for t in (0, 1):
            g.turn[t] = min(n, g.turn[t] + d)
            g.emit(TurnMarker(g.tname(t), g.turn[t]))
        if g.turn[0] >= n and g.turn[1] >= n:
            g.half_over = True
            g.emit(Note("riot_ends_half", g.tname(k), -1, g.half))
    elif name == "get_da_ref":
        # 2D6 + Fan Factor each; "his replacement ... will not award
        # penalties to the team" (the higher side's); a tie: neither team.
        # See Classic.referee_penalises.
        w = roll_off(g, "get_da_ref", 2, _fans(g), ties=False)
        for t in (0, 1) if w < 0 else (w,):
            g.effects[ref_bought(t)] = True
            g.emit(Note("ref_bought", g.tname(t), -1, 0))
    elif name == "perfect_defence":
        # "The kicking teams coach may reorganize his players ... set them up
        # again. The receiving team must remain in the set-up". Decision:
        # the same players (no substitutions during a drive), any of them
        # anywhere legal, Marked or not; keeping the set-up is allowed.
        n = rs.players_on_pitch
        g.emit(Note("perfect_defence", g.tname(k), -1, n))
        return Setup(k, max_changes=n, open_only=False, kind="perfect_defence")
    elif name == "cheering_fans":
        # 2D6 + Fan Factor + cheerleaders; "a bonus Re-Roll this half. Re-roll
        # any ties."
        mods = (
            g.fan_factor[0] + g.sheets[0].cheerleaders,
            g.fan_factor[1] + g.sheets[1].cheerleaders,
        )
        w = roll_off(g, "cheering_fans", 2, mods, ties=True)
        _bonus_reroll(g, w, "cheering_fans")
    elif name == "weather":
        # "Make a new roll on the Weather Table" (BB2020's table); it lasts
        # until the next Weather result.
        roll_weather(g)
    elif name == "quick_snap":
        # "All the players on the receiving team are allowed to move one
        # square ... into any adjacent empty square, ignoring tackle zones
        # ... may be used to enter the opposing half" (free, no Dodge).
        n = len(g.on_pitch(r))
        g.emit(Note("quick_snap", g.tname(r), -1, n))
        return QuickSnap(r, n, open_only=False)
    elif name == "brilliant_coaching":
        # D6 + "the number of coaches ... (count both Head and assistant
        # coaches)"; bonus Re-Roll this half; re-roll ties. Decision: the
        # head coach counts 1 unless he has been sent off for arguing the
        # call ("You're Outta Here!").
        mods = (
            1 - g.argue_banned[0] + g.sheets[0].assistant_coaches,
            1 - g.argue_banned[1] + g.sheets[1].assistant_coaches,
        )
        w = roll_off(g, "brilliant_coaching", 1, mods, ties=True)
        _bonus_reroll(g, w, "brilliant_coaching")
    elif name in ("throw_a_rock", "pitch_invasion"):
        return fan_injuries(g, name)
    # "bad_kick" changes the scatter and "blitz" adds a turn after the
    # landing (ClassicKickoff).
    return None


def _victims_pool(g: GameState, t: int) -> list[int]:
    """Players of team ``t`` the fans can reach.

    Decision: the players on the pitch and those in the Reserves box ("players
    in the Dugout are eligible", [GWUK] "Players on the bench may be hurt in
    a pitch invasion"); KO'd, injured and Sent-off players are out of it."""
    return [p for p in range(g.n) if g.team[p] == t and g.box[p] in (PITCH, RESERVES)]


def fan_injuries(g: GameState, name: str) -> Proc | None:
    """Throw a Rock and Pitch Invasion: 2D6 + Fan Factor each.

    Throw a Rock: the higher side's fans hit one random player of the other
    team. Decision: on a tie a rock is thrown at each team (as the LRB
    says), home's first.

    Pitch Invasion: the higher side wins and "1D6 randomly selected players
    on the losing team" are hurt. Decision: on a tie both teams lose (a D6
    and its players for each, home first); with fewer players than the D6,
    all of them.

    The injuries are Injury rolls with no Armour roll (Harm ``injury_only``);
    a player in the Reserves is hurt as by the crowd (Stunned: stays in the
    Reserves; KO'd: to the KO'd box).

    Decision: a player Stunned on the pitch stays there face-down (seed 001
    "Table: Injuries": "Leave the player on the pitch"), by a rock or a
    Pitch Invasion alike. Seed 003 calls a pitch invasion "a crowd injury",
    but seed 001 sends a player to the Reserves on a Stunned only when the
    crowd hurts him off the pitch; the ruling is read for the apothecary.

    Decision: an apothecary may treat a player hit by a rock (the seed
    forbids it only for the Pitch Invasion).
    """
    w = roll_off(g, name, 2, _fans(g), ties=False)
    losers = (0, 1) if w < 0 else (1 - w,)
    chosen: list[int] = []
    for t in losers:
        pool = _victims_pool(g, t)
        if not pool:
            continue
        n = 1 if name == "throw_a_rock" else g.dice.d6()
        if name == "pitch_invasion":
            g.emit(Roll("pitch_invasion_players", -1, (n,), 0, 0, True, False))
        for _ in range(min(n, len(pool))):
            p = pool.pop(random_pick(g, pool))
            g.emit(Note(name, g.tname(t), g.pid[p], 0))
            chosen.append(p)
    if not chosen:
        return None
    return FanInjuries(tuple(chosen), name == "pitch_invasion")


class FanInjuries(Proc):
    """Injury rolls (no Armour roll) for ``queue``, in order; with
    ``no_apothecary`` no apothecary may be used meanwhile."""

    __slots__ = ("queue", "no_apothecary")

    def __init__(self, queue: tuple[int, ...], no_apothecary: bool) -> None:
        self.phase = 0
        self.queue = queue
        self.no_apothecary = no_apothecary

    def step(self, g: GameState) -> Decision | None:
        if not self.queue:
            g.effects.pop(NO_APOTHECARY, None)
            g.stack.pop()
            return None
        p = self.queue[0]
        self.queue = self.queue[1:]
        if self.no_apothecary:
            g.effects[NO_APOTHECARY] = True
        on_pitch = g.box[p] == PITCH
        g.stack.append(Harm(p, injury_only=on_pitch, crowd=not on_pitch))
        return None
