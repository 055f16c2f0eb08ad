"""Blood Bowl 2025 rules of a player going down (shared/rules/bb2025/
skills.md), at the rule points of :class:`engine.rules.injuries.KnockDown`:

* Steady Footing (``going_down``): whenever the player would be Knocked
  Down or Fall Over, a D6: on a 6 he stays Standing (no Armour roll, no
  Turnover) and may go on with his activation. FAQ: only where a rule says
  Knocked Down or Falls Over (not Placed Prone: Wrestle, a Chainsaw
  kick-back's own rule aside), and a team re-roll may be used.
* Saboteur (``before_armour``): Knocked Down by an opponent's Block, a D6
  before the Armour roll: 4+ the blocker is Knocked Down too (no Turnover
  unless he held the ball) and this player is KO'd without an Armour roll;
  1-3 the Armour roll as usual.

Decision (Steady Footing): the D6 is a test of 6+ (no modifier); a Steady
player kept Standing in his own activation goes on with it (the Turnover
and the end of the activation a fall brings do not happen). It is a skill of
the General category (README DECIDE 5).

Decision (Saboteur): no re-roll of its D6; the blocker's knock-down ends
his activation; the Saboteur goes to the KO'd box straight from the pitch
(a ball he held bounces from his square, as after any knock-down).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import SkillUsed
from engine.core.hooks import Hooks
from engine.core.state import KO, PITCH, STANDING, Decision, GameState, Proc
from engine.rules.ball import Bounce, loose_ball_at
from engine.rules.injuries import KnockDown, to_box
from engine.rules.pickup import Pickup
from engine.rules.rolls import Test

STEADY_FOOTING = S.BIT["steady-footing"]
SABOTEUR = S.BIT["saboteur"]


class SteadyFooting(Proc):
    """Player ``p``'s Steady Footing roll: 6+ on a D6, a team re-roll
    allowed; leaves in ``g.ret`` whether he stays Standing."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            self.phase = 1
            g.emit(SkillUsed(g.pid[p], "steady-footing"))
            g.stack.append(Test("steady_footing", p, 6, natural=False))
            return None
        if g.ret and g.act_player == p:
            g.act_over = False
        g.stack.pop()
        if g.ret and loose_ball_at(g, g.pos[p]):
            # Decision: kept Standing in the square of a loose ball (a
            # failed Rush or Dodge into it), he tries to pick it up in his
            # own activation, as on arriving there; otherwise it bounces.
            # The Knock Down he escaped (below on the stack) is over.
            g.stack[-1] = Pickup(p) if g.act_player == p else Bounce(g.pos[p])
        return None


class KickBack(KnockDown):
    """A Chainsaw's kick-back knocking its wielder down: Knocked Down by
    the Chainsaw's own rule, which Steady Footing does not stop (skills.md
    "Steady Footing", FAQ: not a Chainsaw kick-back)."""

    __slots__ = ()


def steady_footing(g: GameState, kd: KnockDown) -> Proc | None:
    """Steady Footing, for a player about to be Knocked Down or Fall Over
    (not by a Chainsaw kick-back: :class:`KickBack`)."""
    p = kd.p
    if isinstance(kd, KickBack):
        return None
    if g.skills[p] & STEADY_FOOTING and g.has_tz(p):
        return SteadyFooting(p)
    return None


class Saboteur(Proc):
    """The Saboteur ``kd.p`` Knocked Down by the Block of ``kd.by``: 4+ on a
    D6, the blocker Knocked Down and the Saboteur KO'd; otherwise his
    Armour roll."""

    __slots__ = ("kd",)

    def __init__(self, kd: KnockDown) -> None:
        self.phase = 0
        self.kd = kd

    def step(self, g: GameState) -> Decision | None:
        kd = self.kd
        p, att = kd.p, kd.by
        if self.phase == 0:
            self.phase = 1
            g.emit(SkillUsed(g.pid[p], "saboteur"))
            g.stack.append(Test("saboteur", p, 4, natural=False, team_rr_ok=False))
            return None
        if not g.ret:
            g.stack[-1] = kd.harm(g)
            return None
        to_box(g, p, KO, "saboteur")
        g.stack.pop()
        if g.box[att] != PITCH or g.status[att] != STANDING:
            return None
        if g.act_player == att:
            g.act_over = True
        g.stack.append(KnockDown(att, "knocked_down", by=p, causes_turnover=False))
        return None


def saboteur(g: GameState, kd: KnockDown) -> Proc | None:
    """Saboteur, for a player Knocked Down by an opponent's Block."""
    p, by = kd.p, kd.by
    if (
        g.skills[p] & SABOTEUR
        and kd.credit
        and kd.how == "knocked_down"
        and by >= 0
        and g.team[by] != g.team[p]
        and g.variant.active_skill_usable(g, p)
    ):
        return Saboteur(kd)
    return None


def register(h: Hooks) -> None:
    h.going_down += (steady_footing,)
    h.before_armour += (saboteur,)
