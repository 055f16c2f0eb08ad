"""Punt, a Blood Bowl 2025 Passing skill (shared/rules/bb2025/skills.md):
a once-per-turn Special action. The player may move first; holding the
ball, he kicks it: the Throw-in template gives the direction (a D6), a D6
the distance; Kick may re-roll either. A ball that comes to rest is no
Turnover; one caught or picked up by an opponent, or kicked off the pitch
(a throw-in follows), is.

Rule points: ``skill_activations`` (the Punt activation, action
``punt``), ``move_options`` (the ``("punt",)`` option while he holds the
ball), ``move_chosen`` (the kick).

Decisions: the kicker's coach faces the template (decision ``punt``, as
Swoop's), and the D6 picks the diagonal or straight arrow as for a
throw-in; the ball flies over players and lands in the last square, where
a Standing player may catch it (at -1, as a thrown-in ball) or it bounces;
the punt ends the activation; only the kick itself leaving the pitch is a
Turnover (a bounce out of the pitch is an ordinary throw-in); the
activation is offered to a player holding the ball or while the ball lies
loose on the pitch (he may pick it up first); No Ball and My Ball players
may not punt (skills.md); Kick re-rolls one of the two dice, once.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import BallMove, Roll, SkillUsed
from engine.core.hooks import Hooks
from engine.core.state import (
    STANDING,
    TF_PUNT,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import land_ball, turnover
from engine.rules.secret_weapons import FACINGS, template_direction

PUNT = S.BIT["punt"]
KICK = S.BIT["kick"]
_NO_PUNT = S.NO_HANDS | S.BIT["my-ball"]
OPT_PUNT: Option = ("punt",)
_REROLLS: tuple[Option, ...] = (
    ("reroll", "direction"),
    ("reroll", "distance"),
    ("decline",),
)


def punt_activations(g: GameState, p: int, t: int) -> list[Option]:
    """The Punt activation, once per team turn, for a player who holds the
    ball or may reach a loose one."""
    if (
        not g.skills[p] & PUNT
        or g.skills[p] & _NO_PUNT
        or g.tflags & TF_PUNT
        or not (g.carrier == p or (g.carrier < 0 and g.ball >= 0 and not g.ball_air))
    ):
        return []
    return [g.act_opts[p]["punt"]]


def punt_move_options(
    g: GameState, p: int, action: str, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """In a Punt action, the kick while he holds the ball (before "end")."""
    if action != "punt" or g.carrier != p or g.status[p] != STANDING:
        return opts
    return opts[:-1] + (OPT_PUNT,) + opts[-1:]


def punt_chosen(g: GameState, p: int, choice: Option) -> Proc | None:
    """The kick, when the option is the Punt's."""
    if choice != OPT_PUNT:
        return None
    return PuntKick(p)


class PuntKick(Proc):
    """Player ``p`` punts the ball he holds: the template's facing, the D6
    direction and the D6 distance (Kick: one re-roll), the flight, the
    landing, then the Turnover check."""

    __slots__ = ("p", "facing", "die", "dist")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.facing = (1, 0)
        self.die = 0
        self.dist = 0

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            g.emit(SkillUsed(g.pid[p], "punt"))
            g.act_over = True
            self.phase = 1
            return Decision(g.tname(g.team[p]), "punt", FACINGS, g.pid[p])
        if self.phase == 4:  # Kick: re-roll the direction or the distance?
            return Decision(
                g.tname(g.team[p]), "use_skill", _REROLLS, g.pid[p], info=("kick",)
            )
        if self.phase == 2:
            self._kick(g)
            return None
        # phase 3: the ball has settled
        c = g.carrier
        if c >= 0 and g.team[c] != g.team[p]:
            turnover(g, "punt")
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 1:
            self.facing = (int(choice[1]), int(choice[2]))
            self.die, self.dist = g.dice.d6(), g.dice.d6()
            self._report(g)
            self.phase = 2
            if g.skills[p] & KICK and g.has_tz(p):
                self.phase = 4
            return
        # phase 4: Kick's re-roll
        if choice == _REROLLS[0]:
            self.die = g.dice.d6()
        elif choice == _REROLLS[1]:
            self.dist = g.dice.d6()
        if choice != _REROLLS[2]:
            g.emit(SkillUsed(g.pid[p], "kick"))
            self._report(g)
        self.phase = 2

    def _report(self, g: GameState) -> None:
        g.emit(Roll("punt", g.pid[self.p], (self.die, self.dist), 0, 0, True, False))

    def _kick(self, g: GameState) -> None:
        p = self.p
        src = g.pos[p]
        dx, dy = template_direction(*self.facing, self.die)
        sq = last = src
        for _ in range(self.dist):
            last, sq = sq, g.pitch.step(sq, dx, dy)
            if sq < 0:
                break
        g.carrier = -1
        g.emit(BallMove("punt", src, sq))
        self.phase = 3
        if sq < 0:
            turnover(g, "punt")
            g.ball = -1
            g.ball_air = True
            g.stack.append(g.variant.ball_off_pitch(g, last, (dx, dy)))
            return
        g.ball = sq
        g.ball_air = False
        g.stack.append(land_ball(g, sq, -1))


def register(h: Hooks) -> None:
    h.skill_activations += (punt_activations,)
    h.skill_activations_bits |= PUNT
    h.move_options += (punt_move_options,)
    h.move_options_bits |= PUNT
    h.move_chosen += (punt_chosen,)
