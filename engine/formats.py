"""League formats: how a team is drafted and managed in each kind of league.

A format is data (budgets, limits, prices) plus a few methods that read a
roster. Blood Bowl (11s) follows "Rules and Regulations" (team draft) of the
BB2020 rulebook; Blood Bowl Sevens follows the Death Zone Sevens rules and
seed 004. Dungeon Bowl and Blitz Bowl slot in as further instances.

>>> SEVENS.reroll_cost(rules_data().rosters["orc"], at_draft=True)
120000
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules_data import Roster, rules_data


@dataclass(frozen=True, slots=True)
class Format:
    """Drafting and team-management rules of one league format.

    Prices of ``None`` mean "the roster's own price" (e.g. BB2020 apothecaries
    cost what the roster says, 50,000). Multipliers apply to the roster's
    team re-roll cost.
    """

    slug: str
    name: str
    ruleset: str
    budget: int
    min_players: int
    max_players: int
    max_non_linemen: int | None
    max_rerolls: int
    reroll_draft_multiplier: int
    reroll_later_multiplier: int | None  # None: re-rolls only at draft
    reroll_value_multiplier: int  # what a re-roll adds to Team Value
    max_assistant_coaches: int
    assistant_coach_cost: int | None
    max_cheerleaders: int
    cheerleader_cost: int | None
    apothecary_cost: int | None
    max_dedicated_fans_at_draft: int
    dedicated_fan_cost: int
    journeyman_loner: str

    def reroll_cost(self, roster: Roster, *, at_draft: bool) -> int | None:
        """Price of one team re-roll now; None when it cannot be bought."""
        multiplier = (
            self.reroll_draft_multiplier if at_draft else self.reroll_later_multiplier
        )
        return None if multiplier is None else roster.reroll_cost * multiplier

    def reroll_value(self, roster: Roster) -> int:
        return roster.reroll_cost * self.reroll_value_multiplier

    def staff_cost(self, roster: Roster, item: str) -> int | None:
        """Price of one assistant coach, cheerleader or apothecary."""
        own = {
            "assistant_coach": self.assistant_coach_cost,
            "cheerleader": self.cheerleader_cost,
            "apothecary": self.apothecary_cost,
        }[item]
        if item == "apothecary" and not roster.apothecary:
            return None
        return own if own is not None else roster.staff.get(item)


BB2020 = Format(
    slug="bb2020",
    name="Blood Bowl",
    ruleset="bb2020",
    budget=1_000_000,
    min_players=11,
    max_players=16,
    max_non_linemen=None,
    max_rerolls=8,
    reroll_draft_multiplier=1,
    reroll_later_multiplier=2,
    # Rules and Regulations: re-rolls add only the roster cost to TV, even
    # when bought later at double cost.
    reroll_value_multiplier=1,
    max_assistant_coaches=6,
    assistant_coach_cost=None,
    max_cheerleaders=12,
    cheerleader_cost=None,
    apothecary_cost=None,
    max_dedicated_fans_at_draft=6,
    dedicated_fan_cost=10_000,
    journeyman_loner="4+",
)

SEVENS = Format(
    slug="sevens",
    name="Blood Bowl Sevens",
    ruleset="sevens",
    budget=600_000,
    min_players=7,
    max_players=11,
    max_non_linemen=4,
    max_rerolls=6,
    reroll_draft_multiplier=2,
    reroll_later_multiplier=None,
    # Decision: seed 004 defines Sevens TV as "the sum of all hirings", so a
    # re-roll counts at the double price the team paid for it.
    reroll_value_multiplier=2,
    max_assistant_coaches=3,
    assistant_coach_cost=20_000,
    max_cheerleaders=6,
    cheerleader_cost=20_000,
    apothecary_cost=80_000,
    max_dedicated_fans_at_draft=6,
    dedicated_fan_cost=20_000,
    journeyman_loner="5+",
)

FORMATS: dict[str, Format] = {f.slug: f for f in (BB2020, SEVENS)}


def get_format(slug: str) -> Format:
    try:
        return FORMATS[slug]
    except KeyError:
        raise KeyError(f"unknown format {slug!r}; known: {sorted(FORMATS)}") from None


__all__ = ["BB2020", "FORMATS", "SEVENS", "Format", "get_format", "rules_data"]
