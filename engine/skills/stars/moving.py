"""Star Players' special rules that act on a player's movement
(star_players.md):

* Burst of Speed (Roxanna Darknail, once per game): a third Rush in one
  activation (rule point ``extra_rushes``; spent by the move that needs
  it: ``rushed``).
* Bounding Leap (Rowana Forestfoot, once per game): declared after a Leap
  is chosen, before its test: the test ignores negative modifiers and may
  be re-rolled (rule point ``leap_declared``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.hooks import Hooks, LeapAsk
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState, Option
from engine.skills.stars import limits as SR
from engine.skills.stars.limits import offer

if TYPE_CHECKING:
    from engine.rules.movement import Step

BURST: Final = BIT["burst-of-speed"]
BOUNDING_LEAP: Final = BIT["bounding-leap"]


def _activation(g: GameState) -> tuple[int, int, int, int]:
    return (g.half, g.active, g.turn[g.active], g.activations)


# -- Burst of Speed ----------------------------------------------------------


def _burst_key(g: GameState, p: int) -> str:
    return f"burst_of_speed_act:{g.pid[p]}"


def burst_rushes(g: GameState, p: int) -> int:
    """Burst of Speed: one more Rush while it is unused, and for the rest of
    the activation in which it was used.

    Decision: it is used by choosing a move that needs the third Rush (the
    rule lets her decide after the second Rush); it is spent then, before
    that Rush is rolled."""
    if not g.skills[p] & BURST:
        return 0
    if SR.ready(g, p, "burst-of-speed"):
        return 1
    return 1 if g.effects.get(_burst_key(g, p)) == _activation(g) else 0


def burst_spent(g: GameState, p: int, limit: int) -> None:
    """After a move counted its Rushes: the Rush that reaches ``limit``
    (which includes Burst of Speed's) spends it."""
    if (
        g.skills[p] & BURST
        and g.act_rushes >= limit
        and SR.ready(g, p, "burst-of-speed")
    ):
        SR.spend(g, p, "burst-of-speed")
        g.effects[_burst_key(g, p)] = _activation(g)


# -- Bounding Leap -----------------------------------------------------------


def bounding_leap(g: GameState, step: Step) -> Decision | None:
    """Offer Bounding Leap before the test of a Leap, if she has it."""
    p = step.p
    if g.skills[p] & BOUNDING_LEAP and SR.ready(g, p, "bounding-leap"):
        return offer(g, p, "bounding-leap")
    return None


def use_bounding_leap(g: GameState, step: Step, choice: Option) -> int:
    """The answer to :func:`bounding_leap`: spent when used, and the Leap's
    test gets the rule's free re-roll."""
    if choice[0] != "use":
        return 0
    SR.spend(g, step.p, "bounding-leap")
    return BOUNDING_LEAP


def register(h: Hooks) -> None:
    h.extra_rushes += (burst_rushes,)
    h.extra_rushes_bits |= BURST
    h.rushed += (burst_spent,)
    h.leap_declared += (LeapAsk(bounding_leap, use_bounding_leap),)
