"""Extra time and sudden death (the_rules_of_blood_bowl.md "Extra Time",
"Sudden Death").

A match that needs a clear winner (a playoff) and is level after the second
half plays a period of extra time: the kicking team is decided as before the
game, team re-rolls are carried over from the second half and not
replenished, "in all other respects, extra time is played exactly like a
normal half". If it is still level, "both coaches roll-off five times, each
rolling a D6 and re-rolling ties. The coach who wins the most roll-offs wins
the game."

Decisions:
- Extra time has the ruleset's turns per half: eight in BB2020 (as the rule
  says), six in Sevens (its halves are six turns; Sevens says nothing about
  extra time).
- All five roll-offs are rolled even when one coach already has three: the
  rule says five, and five is odd, so the result is never level.
- A conceded match needs neither: the conceding team has lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.dice import Dice

ROLL_OFFS = 5


@dataclass(frozen=True, slots=True)
class SuddenDeathResult:
    """Every throw ([home, away], tied throws included) and who won."""

    rolls: tuple[tuple[int, int], ...]
    home_wins: int
    away_wins: int

    @property
    def winner(self) -> int:
        """0 for home, 1 for away."""
        return 0 if self.home_wins > self.away_wins else 1

    @property
    def winner_side(self) -> str:
        return "home" if self.winner == 0 else "away"


def sudden_death(dice: Dice) -> SuddenDeathResult:
    """Roll the five roll-offs (home's die first in each throw)."""
    rolls: list[tuple[int, int]] = []
    wins = [0, 0]
    for _ in range(ROLL_OFFS):
        while True:
            a, b = dice.d6(), dice.d6()
            rolls.append((a, b))
            if a != b:
                break
        wins[0 if a > b else 1] += 1
    return SuddenDeathResult(tuple(rolls), wins[0], wins[1])


def sudden_death_from_rolls(rolls: Sequence[Sequence[int]]) -> SuddenDeathResult:
    """Read the result from throws rolled at the table.

    Raises ValueError with a reason when the throws are not a valid
    shoot-out: two faces of 1-6 per throw, and exactly five roll-offs
    settled (a tied throw is re-rolled, so it only counts as a throw)."""
    wins = [0, 0]
    settled = 0
    for i, pair in enumerate(rolls):
        if len(pair) != 2:
            raise ValueError(f"throw {i + 1} needs two dice, home and away")
        a, b = pair[0], pair[1]
        if not all(isinstance(d, int) and 1 <= d <= 6 for d in (a, b)):
            raise ValueError(f"throw {i + 1}: dice are whole numbers from 1 to 6")
        if settled == ROLL_OFFS:
            raise ValueError(f"more throws than the {ROLL_OFFS} roll-offs need")
        if a != b:
            wins[0 if a > b else 1] += 1
            settled += 1
    if settled != ROLL_OFFS:
        raise ValueError(
            f"{settled} roll-offs settled; sudden death is {ROLL_OFFS} roll-offs"
        )
    return SuddenDeathResult(tuple((a, b) for a, b in rolls), wins[0], wins[1])
