"""The Hireling Sports-Wizard (inducements_in_detail.md "0-1 Wizard
Inducement: Hireling Sports-Wizard"): once per game, Fireball or Zap!.

Decision (timing): the spell is offered between team turns, before each
team turn starts. Fireball ("at the end of either player's team turn,
before the next team turn begins") needs a team turn to have ended in this
drive; Zap! ("at the start of any of the opposition's team turns ... or
immediately after any of the opposition's team turns has ended") is
offered before each opposition team turn, and before the wizard's own team
turn once a team turn has ended in the drive. Cast between turns, no
player is active, so a player the Fireball Knocks Down causes no Turnover.
Fireball squares are offered only where a Standing player is on or next to
the square (elsewhere the spell would do nothing).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Induced
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.ball import Bounce, drop_ball_if_carrier
from engine.rules.injuries import FROGS, KnockDown

USED = "wizard_used_{}"
TURN_ENDED = "turn_ended_drive"
OPT_DONE: Option = ("done",)
# The frog: MA 5, ST 1, AG 2+, PA -, AV 5+; Dodge, Leap, No Hands, Stunty,
# Titchy, Very Long Legs.
FROG = (5, 1, 2, 0, 5)
FROG_SKILLS = (
    S.DODGE | S.BIT["leap"] | S.NO_HANDS | S.STUNTY | S.TITCHY | S.BIT["very-long-legs"]
)


def wizard_proc(g: GameState, t: int) -> Proc | None:
    """Before team ``t``'s turn: the procedure offering a wizard's spell,
    or None when no wizard may cast now."""
    ended = g.effects.get(TURN_ENDED, False)
    for w in (0, 1):
        if not g.sheets[w].wizard or g.effects.get(USED.format(w), False):
            continue
        zap = w != t or ended
        if zap or ended:
            return WizardCast(w, zap, ended)
    return None


def fireball_squares(g: GameState) -> list[int]:
    seen: set[int] = set()
    for p in range(g.n):
        if g.box[p] == PITCH and g.status[p] == STANDING:
            sq = g.pos[p]
            seen.add(sq)
            seen.update(g.pitch.neighbours[sq])
    return sorted(seen)


def fireball_victims(g: GameState, sq: int) -> list[int]:
    """Standing players on ``sq`` or next to it, in player order."""
    area = {sq, *g.pitch.neighbours[sq]}
    return [
        p
        for p in range(g.n)
        if g.box[p] == PITCH and g.status[p] == STANDING and g.pos[p] in area
    ]


class WizardCast(Proc):
    """Team ``w``'s wizard may cast (Decision "wizard": ("fireball",
    square), ("zap", player id) or ("done",) to hold the spell)."""

    __slots__ = ("w", "zap", "fireball")

    def __init__(self, w: int, zap: bool, fireball: bool) -> None:
        self.phase = 0
        self.w = w
        self.zap = zap
        self.fireball = fireball

    def step(self, g: GameState) -> Decision | None:
        opts: list[Option] = []
        if self.zap:
            opts += [
                ("zap", g.pid[p])
                for p in range(g.n)
                if g.team[p] != self.w and g.box[p] == PITCH
            ]
        if self.fireball:
            opts += [("fireball", sq) for sq in fireball_squares(g)]
        if not opts:
            g.stack.pop()
            return None
        opts.append(OPT_DONE)
        return Decision(g.tname(self.w), "wizard", tuple(opts))

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_DONE:
            return
        g.effects[USED.format(self.w)] = True
        if choice[0] == "zap":
            zap(g, self.w, g.idx[choice[1]])
        else:
            fireball(g, self.w, choice[1])


def fireball(g: GameState, w: int, sq: int) -> None:
    """A D6 for each Standing player on or next to ``sq``: 4+ Knocked Down,
    +1 to the Armour or the Injury roll (Decision: only against the
    opposition; the coach would not add it against their own players)."""
    victims = fireball_victims(g, sq)
    rolls = [(p, g.dice.d6()) for p in victims]
    g.emit(
        Induced(
            "wizard_fireball",
            g.tname(w),
            -1,
            tuple(d for _, d in rolls),
            f"square {sq}: {sum(1 for _, d in rolls if d >= 4)} hit",
        )
    )
    downs: list[Proc] = []
    for p, d in rolls:
        hit = d >= 4
        g.emit(
            Induced(
                "wizard_fireball",
                g.tname(w),
                g.pid[p],
                (d,),
                "hit" if hit else "avoided",
            )
        )
        if hit:
            downs.append(g.variant.fireball_hit(g, w, p))
    g.stack.extend(reversed(downs))


def fireball_hit(g: GameState, w: int, p: int) -> Proc:
    """Player ``p`` is hit by team ``w``'s Fireball: Knocked Down, +1 to
    the Armour or the Injury roll against the opposition (no Turnover)."""
    mb = 1 if g.team[p] != w else 0
    return KnockDown(p, "fireball", mb=mb, causes_turnover=False)


def zap(g: GameState, w: int, p: int) -> None:
    """A D6 against the target's Strength (a natural 6 always works): the
    player becomes a frog for the rest of the drive; a held ball drops and
    bounces."""
    d = g.dice.d6()
    frog = d == 6 or d >= g.st[p]
    g.emit(
        Induced("wizard_zap", g.tname(w), g.pid[p], (d,), "frog" if frog else "warts")
    )
    if not frog:
        return
    g.effects[FROGS] = g.effects.get(FROGS, ()) + (
        (p, g.ma[p], g.st[p], g.ag[p], g.pa[p], g.av[p], g.skills[p]),
    )
    g.ma[p], g.st[p], g.ag[p], g.pa[p], g.av[p] = FROG
    g.skills[p] = FROG_SKILLS
    sq = drop_ball_if_carrier(g, p)
    if sq >= 0:
        g.stack.append(Bounce(sq))


def unfrog(g: GameState) -> None:
    """End of the drive: the frogs turn back into players."""
    for p, ma, st, ag, pa, av, skills in g.effects.pop(FROGS, ()):
        g.ma[p], g.st[p], g.ag[p], g.pa[p], g.av[p] = ma, st, ag, pa, av
        g.skills[p] = skills
        g.emit(Induced("wizard_zap", g.tname(1 - g.team[p]), g.pid[p], (), "unfrogged"))
