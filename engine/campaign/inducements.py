"""Inducements: catalogues per format, petty cash, validation and the
Prayers to Nuffle count.

Sources: inducements_in_detail.md "Common Inducements" (BB2020);
blood_bowl_sevens.md "Inducements" (Sevens); the_rules_of_blood_bowl.md
"4. Inducements", "Petty Cash", "The Underdog", "5. The Prayers to Nuffle
Table"; seed 004 "Inducements - Pre-Game".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.campaign.player import check_format
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.errors import CampaignError
from engine.variants.league_format import LeagueFormat


@dataclass(frozen=True, slots=True)
class InducementSpec:
    """One catalogue line.

    ``max_count`` None = unlimited. ``price`` None = "price varies" (the
    purchase states its unit price). ``reduced_price`` applies to teams with
    the ``reduced_for`` special rule, or of the ``reduced_for_roster`` roster
    (BB2020 errata: the Halfling Master Chef's price "for [Halfling] teams").
    ``requires_rule``: only teams with that
    special rule may buy it. ``requires_apothecary``: only teams whose roster
    can hire an apothecary. ``reduced_max`` is the limit for teams with the
    ``reduced_for`` rule (BB2025: 0-6 Bribes with Bribery and Corruption).
    ``excludes_star``: the Star Player (slug) a team buying it may not also
    hire for the same game (BB2025: Josef Bugman the coaching staff and
    Josef Bugman the star). ``unplayed``: why the match engine cannot play
    it yet (listed, never sold).
    """

    slug: str
    name: str
    max_count: int | None
    price: int | None
    reduced_price: int | None = None
    reduced_for: str | None = None
    requires_rule: str | None = None
    requires_apothecary: bool = False
    reduced_max: int | None = None
    excludes_star: str | None = None
    unplayed: str = ""
    reduced_for_roster: str | None = None

    def available(
        self, special_rules: Collection[str], apothecary_allowed: bool
    ) -> bool:
        if self.unplayed:
            return False
        if self.requires_rule is not None and self.requires_rule not in special_rules:
            return False
        return not (self.requires_apothecary and not apothecary_allowed)

    def limit(self, special_rules: Collection[str]) -> int | None:
        """How many a team with ``special_rules`` may induce (None: no
        limit)."""
        if self.reduced_max is not None and self.reduced_for in special_rules:
            return self.reduced_max
        return self.max_count

    def unit_price(
        self, special_rules: Collection[str], roster: str | None = None
    ) -> int | None:
        """The price for a team with ``special_rules`` of the ``roster``
        (its slug; None: a roster-keyed reduction does not apply)."""
        if self.reduced_for is not None and self.reduced_for in special_rules:
            return self.reduced_price
        if self.reduced_for_roster is not None and roster == self.reduced_for_roster:
            return self.reduced_price
        return self.price


BRIBERY = "bribery-and-corruption"
THIMBLE_CUP = "halfling-thimble-cup"

# Inducements that several formats offer on the same terms; each variant
# lists its catalogue (engine/variants/).
KEGS: Final = InducementSpec("bloodweiser_kegs", "Bloodweiser Kegs", 2, 50_000)
BRIBES: Final = InducementSpec("bribes", "Bribes", 3, 100_000, 50_000, BRIBERY)
WANDERING_APOTHECARIES: Final = InducementSpec(
    "wandering_apothecaries",
    "Wandering Apothecaries",
    2,
    100_000,
    requires_apothecary=True,
)
MORTUARY_ASSISTANT: Final = InducementSpec(
    "mortuary_assistant",
    "Mortuary Assistant",
    1,
    100_000,
    requires_rule="sylvanian-spotlight",
)
PLAGUE_DOCTOR: Final = InducementSpec(
    "plague_doctor", "Plague Doctor", 1, 100_000, requires_rule="favoured-of-nurgle"
)
# The Sevens list: "0-1 Halfling Master Chef 300,000 gold pieces (100,000
# gold pieces for teams with the 'Halfling Thimble Cup' special rule)".
MASTER_CHEF: Final = InducementSpec(
    "halfling_master_chef", "Halfling Master Chef", 1, 300_000, 100_000, THIMBLE_CUP
)
# inducements_in_detail.md, as the errata reads: "300,000 GOLD PIECES
# (100,000 GOLD PIECES FOR [Halfling] TEAMS)" (it struck out "for teams with
# the Halfling Thimble Cup special rule"); Gnome.md prices the Chef at 300K,
# Halfling.md at 100K. Decision: "[Halfling] teams" are teams of the Halfling
# roster, the one the link names, so a Gnome team pays 300,000. BB2025
# (tables.md: "100,000 Halfling teams") reads it the same way.
HALFLING_TEAMS_MASTER_CHEF: Final = InducementSpec(
    "halfling_master_chef",
    "Halfling Master Chef",
    1,
    300_000,
    100_000,
    reduced_for_roster="halfling",
)
MERCENARIES: Final = InducementSpec("mercenaries", "Mercenary Players", None, None)

# (In)Famous Coaching Staff: Josef Bugman, the one the rules text describes.
BUGMAN: Final = "josef_bugman"
JOSEF_BUGMAN: Final = InducementSpec(
    BUGMAN, "(In)Famous Coaching Staff: Josef Bugman", 1, 100_000
)
# Bugman's engine id: above every Star Player's (so he is hired for one game,
# earns no SPP and any casualty is waived, as for stars), one per team.
BUGMAN_ID_BASE: Final = (1 << 40) + (1 << 30) + (1 << 29)

MERCENARY_SURCHARGE: Final = 30_000
MERCENARY_SKILL_PRICE: Final = 50_000
PRAYER_STEP: Final = 50_000


def inducement_catalogue(fmt: str | LeagueFormat) -> Mapping[str, InducementSpec]:
    return check_format(fmt).inducement_catalogue()


def available_inducements(
    fmt: str | LeagueFormat,
    special_rules: Collection[str],
    apothecary_allowed: bool,
    *,
    roster: str | None = None,
) -> tuple[tuple[InducementSpec, int | None], ...]:
    """The inducements a team of ``roster`` (its slug) may buy, each with its
    unit price for the team (None = price varies)."""
    return tuple(
        (spec, spec.unit_price(special_rules, roster))
        for spec in inducement_catalogue(fmt).values()
        if spec.available(special_rules, apothecary_allowed)
    )


def mercenary_price(position_cost: int, *, extra_skill: bool = False) -> int:
    """inducements_in_detail.md "Unlimited Mercenary Players": the position's
    cost + 30,000, + 50,000 more for one extra Primary skill."""
    return (
        position_cost
        + MERCENARY_SURCHARGE
        + (MERCENARY_SKILL_PRICE if extra_skill else 0)
    )


# --- budget -------------------------------------------------------------------


def petty_cash(
    ctv_a: int,
    ctv_b: int,
    *,
    fmt: str | LeagueFormat = "bb2020",
    treasury_spent_by_higher: int = 0,
) -> tuple[int, int]:
    """Petty cash for team A and team B: the lower-CTV team gets the
    difference.

    BB2020 (errata in "4. Inducements"): the higher-CTV team spends from its
    Treasury first and the lower team also gets that amount. Sevens: seed 004
    ("Petty Cash = CTV(A) - CTV(B); each Team may use Treasury or Petty
    Cash") - Decision: Sevens keeps the pre-errata rule, so
    ``treasury_spent_by_higher`` must be 0.
    """
    f = check_format(fmt)
    if min(ctv_a, ctv_b, treasury_spent_by_higher) < 0:
        raise CampaignError("invalid_amount", "amounts cannot be negative", "ctv")
    if not f.petty_cash_includes_spending and treasury_spent_by_higher:
        raise CampaignError(
            "not_applicable",
            f"{f.label} petty cash does not include the other team's spending",
            "treasury_spent_by_higher",
        )
    if ctv_a == ctv_b:
        return (0, 0)
    diff = abs(ctv_a - ctv_b) + treasury_spent_by_higher
    return (diff, 0) if ctv_a < ctv_b else (0, diff)


@dataclass(frozen=True, slots=True)
class InducementBudget:
    petty_cash: int
    treasury_available: int


def inducement_budget(
    fmt: str | LeagueFormat,
    own_ctv: int,
    opponent_ctv: int,
    treasury: int,
    *,
    opponent_treasury_spent: int = 0,
) -> InducementBudget:
    """What a team may spend on inducements.

    BB2020 errata: the lower-CTV team gets petty cash (difference + what the
    other team spent from its Treasury) and "may not spend gold pieces from
    their Treasury" (BB2025: up to ``underdog_treasury``, 50,000); the
    other team spends Treasury only. Equal CTVs: both spend Treasury. Sevens (seed 004): petty cash = difference and every team
    may add Treasury.
    """
    f = check_format(fmt)
    if treasury < 0:
        raise CampaignError(
            "invalid_treasury", "treasury cannot be negative", "treasury"
        )
    if f.petty_cash_includes_spending:
        if own_ctv < opponent_ctv:
            own, _ = petty_cash(
                own_ctv,
                opponent_ctv,
                fmt=f,
                treasury_spent_by_higher=opponent_treasury_spent,
            )
            return InducementBudget(own, min(treasury, f.underdog_treasury))
        if opponent_treasury_spent:
            raise CampaignError(
                "not_applicable",
                "only the lower-CTV team's petty cash includes the other team's spending",
                "opponent_treasury_spent",
            )
        return InducementBudget(0, treasury)
    own, _ = petty_cash(own_ctv, opponent_ctv, fmt=f)
    return InducementBudget(own, treasury)


def prayers_to_nuffle(ctv_a: int, ctv_b: int) -> tuple[int, int]:
    """ "The Prayers to Nuffle Table": after inducements the Underdog (lower
    CTV) rolls once for every full 50,000 gp of CTV difference (same in
    Sevens: seed 004 "Underdog"). Returns the rolls for A and B."""
    if min(ctv_a, ctv_b) < 0:
        raise CampaignError("invalid_amount", "CTV cannot be negative", "ctv")
    count = abs(ctv_a - ctv_b) // PRAYER_STEP
    if ctv_a < ctv_b:
        return (count, 0)
    if ctv_b < ctv_a:
        return (0, count)
    return (0, 0)


# --- validation ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InducementPurchase:
    """``count`` of one inducement. ``unit_price`` is required for
    price-varies inducements (mercenaries, star players …) and must be left
    out (or equal the catalogue price) otherwise."""

    slug: str
    count: int = 1
    unit_price: int | None = None


@dataclass(frozen=True, slots=True)
class InducementLine:
    slug: str
    count: int
    unit_price: int
    cost: int


@dataclass(frozen=True, slots=True)
class InducementCost:
    """Total cost and how it is paid: petty cash first (it cannot be kept),
    then the Treasury. ``petty_cash_lost`` is the unspent petty cash."""

    lines: tuple[InducementLine, ...]
    total: int
    petty_cash_used: int
    treasury_used: int
    petty_cash_lost: int


def validate_inducements(
    fmt: str | LeagueFormat,
    roster_special_rules: Collection[str],
    has_apothecary_allowed: bool,
    purchases: Sequence[InducementPurchase],
    petty_cash: int,
    treasury: int,
    *,
    star_players: Collection[str] = (),
    roster: str | None = None,
) -> InducementCost:
    """Check a shopping list against the format's catalogue and the budget.
    ``star_players`` are the slugs of the Star Players the same list hires;
    ``roster`` is the team's roster slug (prices keyed on the roster).

    Errors (``CampaignError.code``): ``unknown_inducement``,
    ``inducement_not_played`` (listed, but the match engine does not play it),
    ``inducement_not_available`` (special rule / apothecary missing),
    ``invalid_count``, ``inducement_limit`` (0-N exceeded, summed over lines
    of the same slug), ``star_excluded`` (an inducement bought with the Star
    Player it excludes), ``price_required``, ``price_mismatch``,
    ``over_budget``.
    """
    catalogue = inducement_catalogue(fmt)
    if petty_cash < 0 or treasury < 0:
        raise CampaignError(
            "invalid_amount", "budget amounts cannot be negative", "budget"
        )
    counts: dict[str, int] = {}
    lines: list[InducementLine] = []
    for index, purchase in enumerate(purchases):
        field = f"purchases[{index}]"
        spec = catalogue.get(purchase.slug)
        if spec is None:
            raise CampaignError(
                "unknown_inducement",
                f"{purchase.slug!r} is not a {check_format(fmt).label} inducement",
                field,
            )
        if spec.unplayed:
            raise CampaignError("inducement_not_played", spec.unplayed, field)
        if not spec.available(roster_special_rules, has_apothecary_allowed):
            raise CampaignError(
                "inducement_not_available",
                f"{spec.name} is not available to this team",
                field,
            )
        if purchase.count < 1:
            raise CampaignError("invalid_count", "count must be at least 1", field)
        if spec.excludes_star is not None and spec.excludes_star in star_players:
            raise CampaignError(
                "star_excluded",
                f"{spec.name} cannot be induced with the Star Player of the same name",
                field,
            )
        counts[spec.slug] = counts.get(spec.slug, 0) + purchase.count
        most = spec.limit(roster_special_rules)
        if most is not None and counts[spec.slug] > most:
            raise CampaignError(
                "inducement_limit",
                f"at most {most} {spec.name} may be induced",
                field,
            )
        price = spec.unit_price(roster_special_rules, roster)
        if price is None:
            if purchase.unit_price is None or purchase.unit_price <= 0:
                raise CampaignError(
                    "price_required", f"{spec.name} needs a unit price", field
                )
            price = purchase.unit_price
        elif purchase.unit_price is not None and purchase.unit_price != price:
            raise CampaignError(
                "price_mismatch", f"{spec.name} costs {price:,} for this team", field
            )
        lines.append(
            InducementLine(spec.slug, purchase.count, price, price * purchase.count)
        )
    total = sum(line.cost for line in lines)
    if total > petty_cash + treasury:
        raise CampaignError(
            "over_budget",
            f"inducements cost {total:,}, budget is {petty_cash:,} petty cash"
            f" + {treasury:,} treasury",
            "purchases",
        )
    petty_used = min(total, petty_cash)
    return InducementCost(
        lines=tuple(lines),
        total=total,
        petty_cash_used=petty_used,
        treasury_used=total - petty_used,
        petty_cash_lost=petty_cash - petty_used,
    )


# --- Riotous Rookies --------------------------------------------------------------


def roll_riotous_rookies(roller: Roller) -> tuple[int, tuple[Roll, ...]]:
    """inducements_in_detail.md "0-1 Riotous Rookies": the team gains 2D3+1
    Journeymen for this game (beyond any it takes on to reach 11, and
    beyond 16 players). Returns the number and the two D3."""
    recorder = RollRecorder(roller)
    count = recorder.d(3, "riotous_rookies") + recorder.d(3, "riotous_rookies") + 1
    return count, recorder.taken()


# --- Sevens Desperate Measures ------------------------------------------------

DESPERATE_MEASURES: Final = (
    "You Dope",
    "Razzle-dazzle",
    "Hangover",
    "Grudge Match",
    "Set Piece",
    "Sports Espionage",
    "Discarded Banana Skin",
    "Magic Scroll",
)


def roll_desperate_measures(
    count: int, roller: Roller
) -> tuple[tuple[int, ...], tuple[Roll, ...]]:
    """blood_bowl_sevens.md "Desperate Measures": a D8 per inducement bought,
    re-rolling duplicate results. Returns the D8 results in order."""
    if not 0 <= count <= 5:
        raise CampaignError("inducement_limit", "0-5 Desperate Measures", "count")
    recorder = RollRecorder(roller)
    results: list[int] = []
    while len(results) < count:
        roll = recorder.d(8, "desperate_measures")
        if roll not in results:
            results.append(roll)
    return tuple(results), recorder.taken()
