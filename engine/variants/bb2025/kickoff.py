"""Blood Bowl 2025's kick-off (changes_from_bb2020.md section 3, tables.md
"Kick-off event"): the Kick skill chosen before the deviation is rolled (a
D3 instead of the D6), and the events that changed: Cheering Fans (an extra
offensive assist), Brilliant Coaching (both teams on a tie), Charge! (Kick
Team-mate too) and Dodgy Snack."""

from __future__ import annotations

from engine.core.events import Note, Roll, SkillUsed
from engine.core.hooks import Hooks
from engine.core.state import PITCH, RESERVES, GameState, Option, Proc
from engine.rules.ball import N_STATS, STAT_BLOCKS
from engine.rules.injuries import to_box
from engine.rules.kickoff import (
    OPT_USE_KICK,
    Kickoff,
    kick_skill_player,
    kickoff_event,
    roll_off,
)
from engine.rules.rolls import random_pick
from engine.rules.turns import Turn
from engine.variants.bb2025.mascot import cheering_d6

# g.effects keys: the teams whose next turn has the Cheering Fans assist;
# (team, its Blocks so far) while that turn is on; the players a Dodgy
# Snack weakened for the drive.
CHEERING_FANS = "bb2025_cheering_fans"
CHEERING_NOW = "bb2025_cheering_fans_now"
DODGY_SNACK = "bb2025_dodgy_snack"
# The characteristics a Dodgy Snack could not lower, (player, "ma" | "av").
DODGY_SNACK_SPARED = "bb2025_dodgy_snack_spared"
# tables.md "Characteristic limits": "MA 1-9 ... AV 3+ to 11+".
MA_FLOOR, AV_FLOOR = 1, 3
# The Charge! kick-off event's free activations (tables.md "Charge!").
CHARGE_ACTIONS: tuple[str, ...] = ("move", "blitz", "throw_team_mate", "kick_team_mate")


class Kickoff2025(Kickoff):
    """The kick-off with the edition's Kick: the kicking coach chooses to
    use it before the deviation is rolled, and the kick then deviates a D3
    (BB2020: the D6 halved, rounding down, after seeing it)."""

    __slots__ = ()

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 5:  # Kick, chosen before rolling
            kick = choice == OPT_USE_KICK
            if kick:
                g.emit(SkillUsed(g.pid[kick_skill_player(g)], "kick"))
            self.d8 = g.dice.d8()
            self.d6 = g.dice.d3() if kick else g.dice.d6()
            self._deviate(g, self.d6)
            return
        if self.phase == 0:  # the kick's target
            self.target = choice[1]
            if kick_skill_player(g) >= 0:
                self.phase = 5
                return
            self.d8, self.d6 = g.dice.d8(), g.dice.d6()
            self._deviate(g, self.d6)
            return
        super().receive(g, choice)


def kickoff_event_2025(g: GameState, name: str, landing: int) -> Proc | None:
    """The edition's Kick-off events that differ from BB2020's; the others
    are BB2020's (:func:`engine.rules.kickoff.kickoff_event`)."""
    if name == "brilliant_coaching":
        mods = (
            g.sheets[0].assistant_coaches - g.argue_banned[0],
            g.sheets[1].assistant_coaches - g.argue_banned[1],
        )
        for t in _winners(roll_off(g, "brilliant_coaching", mods)):
            g.extra_rr[t] += 1
        return None
    if name == "cheering_fans":
        g.effects[CHEERING_FANS] = _winners(cheering_fans_roll_off(g))
        return None
    if name == "charge":
        # Decision (DECIDE 25): up to D3+3 Open players; with fewer, each
        # Open player once (the free turn ends when none is left).
        n = g.dice.d3() + g.variant.blitz_bonus
        g.emit(Note("charge", g.tname(g.kicking), -1, n))
        return Turn(g.kicking, "blitz", n)
    if name == "dodgy_snack":
        dodgy_snack(g)
        return None
    return kickoff_event(g, name, landing)


def cheering_fans_roll_off(g: GameState) -> int:
    """Cheering Fans: each coach rolls a D6 (home first; a Team Mascot
    re-rolls a natural 1, :func:`.mascot.cheering_d6`) + his cheerleaders;
    the higher wins (-1 on a tie)."""
    mods = (g.sheets[0].cheerleaders, g.sheets[1].cheerleaders)
    a, b = cheering_d6(g, 0), cheering_d6(g, 1)
    home, away = a + mods[0], b + mods[1]
    g.emit(Roll("cheering_fans", -1, (a, b), 0, mods[0] - mods[1], home != away, False))
    if home == away:
        return -1
    return 0 if home > away else 1


def _winners(w: int) -> tuple[int, ...]:
    """The teams a roll-off gives the event: the winner, both on a tie."""
    return (0, 1) if w < 0 else (w,)


def dodgy_snack(g: GameState) -> None:
    """Dodgy Snack: both coaches roll a D6; the lower (both on a tie) has
    one random player on the pitch eat it: on a D6 1 he goes to the
    Reserves for the drive, otherwise he has -1 MA and -1 AV (his AV target
    one lower, 9+ -> 8+) until the drive ends (:func:`drive_ends`), neither
    below its limit (MA 1, AV 3+)."""
    a, b = g.dice.d6(), g.dice.d6()
    g.emit(Roll("dodgy_snack", -1, (a, b), 0, 0, a != b, False))
    losers = (0, 1) if a == b else ((0,) if a < b else (1,))
    weakened = list(g.effects.get(DODGY_SNACK, ()))
    spared: list[tuple[int, str]] = list(g.effects.get(DODGY_SNACK_SPARED, ()))
    for t in losers:
        on = [p for p in range(g.n) if g.team[p] == t and g.box[p] == PITCH]
        if not on:
            continue
        p = on[random_pick(g, on)]
        d = g.dice.d6()
        g.emit(Roll("dodgy_snack_effect", g.pid[p], (d,), 2, 0, d != 1, False))
        if d == 1:
            to_box(g, p, RESERVES, "dodgy_snack")
        else:
            weakened.append(p)
            # Decision: a characteristic at its limit (tables.md
            # "Characteristic limits") is not lowered, and so not raised
            # back when the drive ends.
            if g.ma[p] > MA_FLOOR:
                g.ma[p] -= 1
            else:
                spared.append((p, "ma"))
            if g.av[p] > AV_FLOOR:
                g.av[p] -= 1
            else:
                spared.append((p, "av"))
    if weakened:
        g.effects[DODGY_SNACK] = tuple(weakened)
    if spared:
        g.effects[DODGY_SNACK_SPARED] = tuple(spared)


def drive_ends(g: GameState) -> None:
    """The drive is over: a Dodgy Snack's -1 MA and -1 AV end (what it
    lowered: not a characteristic it spared at its limit)."""
    spared = set(g.effects.pop(DODGY_SNACK_SPARED, ()))
    for p in g.effects.pop(DODGY_SNACK, ()):
        if (p, "ma") not in spared:
            g.ma[p] += 1
        if (p, "av") not in spared:
            g.av[p] += 1


def team_blocks(g: GameState, t: int) -> int:
    """The Blocks team ``t``'s players have made this game."""
    return sum(g.stats[p * N_STATS + STAT_BLOCKS] for p in range(g.n) if g.team[p] == t)


def cheering_turn(g: GameState, t: int) -> None:
    """Team ``t``'s turn starts: the Cheering Fans assist of the turn
    before is gone, and one won for ``t``'s next turn is on now."""
    g.effects.pop(CHEERING_NOW, None)
    pending = g.effects.get(CHEERING_FANS, ())
    if t in pending:
        rest = tuple(x for x in pending if x != t)
        if rest:
            g.effects[CHEERING_FANS] = rest
        else:
            del g.effects[CHEERING_FANS]
        g.effects[CHEERING_NOW] = (t, team_blocks(g, t))


def cheering_assist(g: GameState, att: int) -> int:
    """Cheering Fans: +1 offensive assist on the first Block of the team's
    turn (none once one of its players has blocked this turn).

    Decision: the first Block of any action (a Blitz's too); the assist is
    lost when the team's next turn ends without a Block."""
    now = g.effects.get(CHEERING_NOW)
    t = g.team[att]
    if now and now[0] == t == g.active and team_blocks(g, t) == now[1]:
        return 1
    return 0


def register(h: Hooks) -> None:
    """The edition's rules at the rule points."""
    h.drive_ends += (drive_ends,)
