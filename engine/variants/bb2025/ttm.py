"""Throw Team-mate and Kick Team-mate in Blood Bowl 2025
(changes_from_bb2020.md section 12, skills.md "Right Stuff", "Kick
Team-mate"): what differs from BB2020 in the throw's results and the
landing, as a base of :class:`.variant.BloodBowl2025`.

- A failed throw that is not fumbled is **Subpar** (BB2020: successful):
  it scatters three times from the target and the landing is at -1.
- A thrown player who was Prone, Stunned or Distracted fails his landing
  at once and Falls Over where he came down (BB2020's Crash Landing
  bounced him first).
- One who lands on a player Knocks him Down, bounces and **Falls Over**
  (the BB2020 errata: Knocked Down).
- Landing in the crowd is a Turnover, with the ball or not.
- Kick Team-mate kicks any Right Stuff team-mate, Prone ones too (BB2020:
  Standing and ST 3 or less).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core import skillbits as S
from engine.variants.bb2020 import BloodBowl2020

if TYPE_CHECKING:
    from engine.core.state import GameState


class ThrowTeamMate2025(BloodBowl2020):
    """BB2025's throws and kicks of team-mates (a base of the BB2025
    variant; not a format of its own)."""

    # "Results": Superb, Subpar, Fumbled.
    ttm_failed_quality: ClassVar[str] = "subpar"
    # "Landing": automatic failure if the thrown player was Prone, Stunned
    # or Distracted; a failed landing Falls Over. Decision: in the square
    # he came down in, with no bounce first (the edition drops BB2020's
    # Crash Landing bounce).
    crash_landing_bounces: ClassVar[bool] = False
    # "Landing on an occupied square: the occupant is Knocked Down and the
    # thrown player bounces and Falls Over."
    landed_on_how: ClassVar[str] = "fall"
    # "Off the pitch = Injury by the Crowd + Turnover."
    thrown_into_crowd_turnover: ClassVar[bool] = True

    def may_be_kicked(self, g: GameState, q: int) -> bool:
        """skills.md "Right Stuff": may be kicked by a Kick Team-mate
        player, even while Prone; no Strength limit."""
        return bool(g.skills[q] & S.RIGHT_STUFF)
