"""Blood Bowl 2025's secret weapons, bombs and special actions
(changes_from_bb2020.md sections 4, 9, 11 and 13; skills.md): what differs
from BB2020, as a base of :class:`.variant.BloodBowl2025`.

- **Hail Mary Pass**: a pass (or a bomb) to any square, at the Long Bomb
  band; an accurate result counts as inaccurate; no interference.
- **Bombardier**: a caught or intercepted bomb is thrown on at once (no D6);
  an interception is the edition's one Agility test.
- **Ball & Chain**: its own coach picks the block die.
- **Special actions** (DECIDE 24) need the player Standing as declared;
  Pro (DECIDE 11) once per activation.
- **Hand-off**: a No Ball player cannot be handed the ball.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core import skillbits as S
from engine.rules.range_ruler import BOMB
from engine.variants.bb2020 import BloodBowl2020

if TYPE_CHECKING:
    from engine.core.state import GameState


class SecretWeapons2025(BloodBowl2020):
    """BB2025's Hail Mary Pass, bombs, Ball & Chain, Special actions and
    hand-offs (a base of the BB2025 variant; not a format of its own)."""

    # skills.md "Hail Mary Pass": "treated as a Long Bomb; an accurate result
    # counts as inaccurate; cannot be intercepted", for a pass or a bomb.
    # Decision: the Long Bomb band's modifiers all apply (-3, Cannoneer +1),
    # and a modified 1 or less is a fumble as for any pass.
    hail_mary_band: ClassVar[int] = BOMB
    hail_mary_bombs: ClassVar[bool] = True
    # skills.md "Bombardier": a caught or intercepted bomb must be thrown on
    # at once (BB2020: a D6, 4+ it exploded in the catcher's hands).
    bomb_catch_explodes: ClassVar[bool] = False
    # Decision (DECIDE 24): Stab, Chainsaw Attack, Projectile Vomit, Breathe
    # Fire and Hypnotic Gaze are declared by a Standing player only, as FFB's
    # BB2025 rules (its server option relaxing it is off by default): a
    # Prone player may not declare them, nor, standing up with Jump Up to
    # Block, replace that Block with one. The Block of a Blitz may still be
    # replaced (the Blitz is the action declared).
    special_actions_need_standing: ClassVar[bool] = True
    # Decision (DECIDE 11): Pro once per activation (skills.md; FFB: once per
    # turn). The engine's Pro is used in its player's own activation only and
    # comes back as each team turn starts (a Charge! turn too), and a player
    # is activated once in a team turn, so the two readings agree: nothing
    # to override (engine.rules.rolls.can_use_pro).

    def block_dice(self, g: GameState, att: int, sa: int, sd: int) -> tuple[int, bool]:
        """skills.md "Ball & Chain": it blocks anyone it moves into and its
        own coach picks the die. Decision: the number of dice follows the
        Strengths as for any block; only who picks changes."""
        n, att_chooses = super().block_dice(g, att, sa, sd)
        if g.skills[att] & S.BALL_AND_CHAIN:
            return n, True
        return n, att_chooses

    def may_receive_hand_off(self, g: GameState, q: int) -> bool:
        """changes_from_bb2020.md "Hand-off": a No Ball player cannot be
        handed the ball (BB2020: a No Hands player could, and dropped it)."""
        return super().may_receive_hand_off(g, q) and not g.skills[q] & S.NO_HANDS
