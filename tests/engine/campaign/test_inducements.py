"""Inducement catalogues, petty cash, validation and Prayers to Nuffle."""

from __future__ import annotations

import pytest

from engine.campaign import (
    DESPERATE_MEASURES,
    CampaignError,
    InducementBudget,
    InducementLine,
    InducementPurchase,
    ScriptedRoller,
    available_inducements,
    inducement_budget,
    inducement_catalogue,
    mercenary_price,
    petty_cash,
    prayers_to_nuffle,
    roll_desperate_measures,
    validate_inducements,
)
from engine.core.rules_data import rules_data

P = InducementPurchase

BB2020_LIMITS = {
    "temp_agency_cheerleaders": (4, 20_000),
    "part_time_assistant_coaches": (3, 20_000),
    "weather_mage": (1, 30_000),
    "bloodweiser_kegs": (2, 50_000),
    "extra_team_training": (8, 100_000),
    "bribes": (3, 100_000),
    "wandering_apothecaries": (2, 100_000),
    "mortuary_assistant": (1, 100_000),
    "plague_doctor": (1, 100_000),
    "riotous_rookies": (1, 100_000),
    "halfling_master_chef": (1, 300_000),
    "mercenaries": (None, None),
    "star_players": (2, None),
    "josef_bugman": (1, 100_000),
    "wizard": (1, 150_000),
    "biased_referee": (1, 120_000),
}
SEVENS_LIMITS = {
    "agency_cheerleaders": (2, 30_000),
    "part_time_assistant_coaches": (1, 30_000),
    "bloodweiser_kegs": (2, 50_000),
    "desperate_measures": (5, 50_000),
    "extra_team_training": (8, 150_000),
    "bribes": (3, 100_000),
    "wandering_apothecaries": (2, 100_000),
    "mortuary_assistant": (1, 100_000),
    "plague_doctor": (1, 100_000),
    "halfling_master_chef": (1, 300_000),
    "mercenaries": (None, None),
}


@pytest.mark.parametrize(
    ("fmt", "expected"), [("bb2020", BB2020_LIMITS), ("sevens", SEVENS_LIMITS)]
)
def test_catalogues(
    fmt: str, expected: dict[str, tuple[int | None, int | None]]
) -> None:
    catalogue = inducement_catalogue(fmt)
    assert {
        slug: (spec.max_count, spec.price) for slug, spec in catalogue.items()
    } == expected


@pytest.mark.parametrize(
    ("fmt", "slug", "rules", "price"),
    [
        ("bb2020", "bribes", (), 100_000),
        ("bb2020", "bribes", ("bribery-and-corruption",), 50_000),
        ("bb2020", "biased_referee", ("bribery-and-corruption",), 80_000),
        ("bb2020", "halfling_master_chef", ("old-world-classic",), 300_000),
        ("sevens", "bribes", ("badlands-brawl", "bribery-and-corruption"), 50_000),
        ("sevens", "halfling_master_chef", ("halfling-thimble-cup",), 100_000),
        ("sevens", "extra_team_training", (), 150_000),
    ],
)
def test_special_rule_prices(
    fmt: str, slug: str, rules: tuple[str, ...], price: int
) -> None:
    available = {spec.slug: p for spec, p in available_inducements(fmt, rules, True)}
    assert available[slug] == price


@pytest.mark.parametrize(
    ("fmt", "rules", "apothecary", "slug", "available"),
    [
        ("bb2020", (), True, "wandering_apothecaries", True),
        ("bb2020", (), False, "wandering_apothecaries", False),
        ("sevens", (), False, "wandering_apothecaries", False),
        ("bb2020", (), True, "mortuary_assistant", False),
        ("bb2020", ("sylvanian-spotlight",), False, "mortuary_assistant", True),
        ("sevens", ("sylvanian-spotlight",), False, "mortuary_assistant", True),
        ("bb2020", (), True, "plague_doctor", False),
        ("bb2020", ("favoured-of-nurgle",), False, "plague_doctor", True),
        ("sevens", ("favoured-of-nurgle",), False, "plague_doctor", True),
        ("bb2020", (), True, "wizard", True),
        ("bb2020", ("low-cost-linemen",), True, "riotous_rookies", True),
        ("bb2020", (), True, "riotous_rookies", False),
        ("bb2020", (), True, "star_players", True),
    ],
)
def test_availability(
    fmt: str, rules: tuple[str, ...], apothecary: bool, slug: str, available: bool
) -> None:
    slugs = {spec.slug for spec, _ in available_inducements(fmt, rules, apothecary)}
    assert (slug in slugs) is available


@pytest.mark.parametrize(
    ("cost", "skill", "price"),
    [(50_000, False, 80_000), (50_000, True, 130_000), (115_000, False, 145_000)],
)
def test_mercenary_price(cost: int, skill: bool, price: int) -> None:
    assert mercenary_price(cost, extra_skill=skill) == price


# --- petty cash and budget ---------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "spent", "expected"),
    [
        (1_000_000, 1_000_000, 0, (0, 0)),
        (950_000, 1_100_000, 0, (150_000, 0)),
        (1_100_000, 950_000, 0, (0, 150_000)),
        (950_000, 1_100_000, 100_000, (250_000, 0)),
    ],
)
def test_petty_cash_bb2020(
    a: int, b: int, spent: int, expected: tuple[int, int]
) -> None:
    assert petty_cash(a, b, treasury_spent_by_higher=spent) == expected


def test_petty_cash_sevens() -> None:
    assert petty_cash(600_000, 680_000, fmt="sevens") == (80_000, 0)
    with pytest.raises(CampaignError) as exc:
        petty_cash(600_000, 680_000, fmt="sevens", treasury_spent_by_higher=10_000)
    assert exc.value.code == "not_applicable"


def test_petty_cash_rejects_negative() -> None:
    with pytest.raises(CampaignError) as exc:
        petty_cash(-1, 0)
    assert exc.value.code == "invalid_amount"


@pytest.mark.parametrize(
    ("fmt", "own", "opp", "treasury", "spent", "expected"),
    [
        ("bb2020", 900_000, 1_000_000, 70_000, 50_000, InducementBudget(150_000, 0)),
        ("bb2020", 1_000_000, 900_000, 70_000, 0, InducementBudget(0, 70_000)),
        ("bb2020", 1_000_000, 1_000_000, 70_000, 0, InducementBudget(0, 70_000)),
        ("sevens", 600_000, 650_000, 40_000, 0, InducementBudget(50_000, 40_000)),
        ("sevens", 650_000, 600_000, 40_000, 0, InducementBudget(0, 40_000)),
    ],
)
def test_inducement_budget(
    fmt: str, own: int, opp: int, treasury: int, spent: int, expected: InducementBudget
) -> None:
    assert (
        inducement_budget(fmt, own, opp, treasury, opponent_treasury_spent=spent)
        == expected
    )


def test_inducement_budget_errors() -> None:
    with pytest.raises(CampaignError) as exc:
        inducement_budget(
            "bb2020", 1_000_000, 900_000, 0, opponent_treasury_spent=10_000
        )
    assert exc.value.code == "not_applicable"
    with pytest.raises(CampaignError) as exc:
        inducement_budget("bb2020", 1, 2, -1)
    assert exc.value.code == "invalid_treasury"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (1_000_000, 1_000_000, (0, 0)),
        (1_000_000, 1_049_999, (0, 0)),
        (1_000_000, 1_050_000, (1, 0)),
        (1_000_000, 1_099_999, (1, 0)),
        (1_000_000, 1_149_000, (2, 0)),
        (1_200_000, 1_000_000, (0, 4)),
        (600_000, 760_000, (3, 0)),
    ],
)
def test_prayers_to_nuffle(a: int, b: int, expected: tuple[int, int]) -> None:
    assert prayers_to_nuffle(a, b) == expected


def test_prayers_reject_negative() -> None:
    with pytest.raises(CampaignError):
        prayers_to_nuffle(-1, 5)


# --- validation ---------------------------------------------------------------------


def test_validate_inducements_pays_petty_cash_first() -> None:
    cost = validate_inducements(
        "bb2020",
        ("bribery-and-corruption",),
        True,
        [P("bribes", 2), P("bloodweiser_kegs"), P("mercenaries", 1, 80_000)],
        petty_cash=150_000,
        treasury=100_000,
    )
    assert cost.lines == (
        InducementLine("bribes", 2, 50_000, 100_000),
        InducementLine("bloodweiser_kegs", 1, 50_000, 50_000),
        InducementLine("mercenaries", 1, 80_000, 80_000),
    )
    assert (
        cost.total,
        cost.petty_cash_used,
        cost.treasury_used,
        cost.petty_cash_lost,
    ) == (
        230_000,
        150_000,
        80_000,
        0,
    )


def test_unspent_petty_cash_is_lost() -> None:
    cost = validate_inducements(
        "sevens", (), True, [P("bloodweiser_kegs", 2)], 130_000, 0
    )
    assert (
        cost.total,
        cost.petty_cash_used,
        cost.treasury_used,
        cost.petty_cash_lost,
    ) == (100_000, 100_000, 0, 30_000)


def test_empty_purchase() -> None:
    cost = validate_inducements("bb2020", (), True, [], 50_000, 0)
    assert (cost.total, cost.petty_cash_lost, cost.lines) == (0, 50_000, ())


def test_exact_budget_is_fine() -> None:
    cost = validate_inducements(
        "bb2020", (), True, [P("extra_team_training")], 60_000, 40_000
    )
    assert (cost.petty_cash_used, cost.treasury_used) == (60_000, 40_000)


@pytest.mark.parametrize(
    ("fmt", "rules", "apothecary", "purchases", "petty", "treasury", "code", "field"),
    [
        (
            "bb2020",
            (),
            True,
            [P("bribes", 4)],
            1_000_000,
            0,
            "inducement_limit",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("bribes", 2), P("bribes", 2)],
            1_000_000,
            0,
            "inducement_limit",
            "purchases[1]",
        ),
        (
            "sevens",
            (),
            True,
            [P("agency_cheerleaders", 3)],
            1_000_000,
            0,
            "inducement_limit",
            "purchases[0]",
        ),
        (
            "sevens",
            (),
            True,
            [P("part_time_assistant_coaches", 2)],
            1_000_000,
            0,
            "inducement_limit",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("star_players", 3, 100_000)],
            1_000_000,
            0,
            "inducement_limit",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            False,
            [P("wandering_apothecaries")],
            1_000_000,
            0,
            "inducement_not_available",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("plague_doctor")],
            1_000_000,
            0,
            "inducement_not_available",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("mortuary_assistant")],
            1_000_000,
            0,
            "inducement_not_available",
            "purchases[0]",
        ),
        (
            "sevens",
            (),
            True,
            [P("star_players", 1, 100_000)],
            1_000_000,
            0,
            "unknown_inducement",
            "purchases[0]",
        ),
        (
            "sevens",
            (),
            True,
            [P("weather_mage")],
            1_000_000,
            0,
            "unknown_inducement",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("desperate_measures")],
            1_000_000,
            0,
            "unknown_inducement",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("mercenaries", 1)],
            1_000_000,
            0,
            "price_required",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("star_players", 1, 0)],
            1_000_000,
            0,
            "price_required",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("bribes", 1, 50_000)],
            1_000_000,
            0,
            "price_mismatch",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("bribes", 0)],
            1_000_000,
            0,
            "invalid_count",
            "purchases[0]",
        ),
        (
            "bb2020",
            (),
            True,
            [P("extra_team_training", 2)],
            100_000,
            99_999,
            "over_budget",
            "purchases",
        ),
        (
            "sevens",
            (),
            True,
            [P("extra_team_training")],
            100_000,
            40_000,
            "over_budget",
            "purchases",
        ),
        ("bb2020", (), True, [], -1, 0, "invalid_amount", "budget"),
    ],
)
def test_validate_inducements_errors(
    fmt: str,
    rules: tuple[str, ...],
    apothecary: bool,
    purchases: list[InducementPurchase],
    petty: int,
    treasury: int,
    code: str,
    field: str,
) -> None:
    with pytest.raises(CampaignError) as exc:
        validate_inducements(fmt, rules, apothecary, purchases, petty, treasury)
    assert (exc.value.code, exc.value.field) == (code, field)


def test_unlimited_mercenaries() -> None:
    cost = validate_inducements(
        "bb2020", (), True, [P("mercenaries", 6, 80_000)], 480_000, 0
    )
    assert cost.total == 480_000


def test_reduced_price_accepted_when_stated() -> None:
    cost = validate_inducements(
        "bb2020",
        ("halfling-thimble-cup",),
        True,
        [P("halfling_master_chef", 1, 100_000)],
        100_000,
        0,
        roster="halfling",
    )
    assert cost.total == 100_000


@pytest.mark.parametrize(
    ("fmt", "roster", "price"),
    [
        # inducements_in_detail.md, errata: "300,000 GOLD PIECES (100,000 GOLD
        # PIECES FOR [Halfling] TEAMS)"; Halfling.md "[Halfling Master Chef] -
        # 100K", Gnome.md "[Halfling Master Chef] - 300K".
        ("bb2020", "halfling", 100_000),
        ("bb2020", "gnome", 300_000),
        ("bb2020", "human", 300_000),
        # BB2025 tables.md "Inducements": "300,000 (100,000 Halfling teams)".
        ("bb2025", "halfling", 100_000),
        ("bb2025", "gnome", 300_000),
        # blood_bowl_sevens.md: "300,000 gold pieces (100,000 gold pieces for
        # teams with the 'Halfling Thimble Cup' special rule)".
        ("sevens", "halfling", 100_000),
        ("sevens", "gnome", 100_000),
        ("sevens", "human", 300_000),
    ],
)
def test_the_master_chef_is_cheaper_for_halfling_teams(
    fmt: str, roster: str, price: int
) -> None:
    version = "bb2025" if fmt == "bb2025" else "bb2020"
    rules = rules_data(version).rosters[roster].team_rules()
    offered = dict(available_inducements(fmt, rules, True, roster=roster))
    assert {s.slug: p for s, p in offered.items()}["halfling_master_chef"] == price
    chef = [P("halfling_master_chef", 1)]
    cost = validate_inducements(fmt, rules, True, chef, 300_000, 0, roster=roster)
    assert cost.total == price


# --- Desperate Measures -------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "slug"),
    [
        ("bb2020", "special_plays"),
        ("bb2020", "infamous_coaching_staff"),
        ("sevens", "special_plays"),
        ("bb2020", "desperate_measures"),
    ],
)
def test_inducements_the_match_does_not_play_are_not_sold(fmt: str, slug: str) -> None:
    with pytest.raises(CampaignError) as exc:
        validate_inducements(fmt, (), True, [P(slug)], 1_000_000, 0)
    assert exc.value.code == "unknown_inducement"


def test_sevens_sells_zero_to_five_desperate_measures_at_50000() -> None:
    cost = validate_inducements(
        "sevens", (), True, [P("desperate_measures", 5)], 0, 250_000
    )
    assert (cost.total, cost.lines[0].unit_price) == (250_000, 50_000)
    with pytest.raises(CampaignError) as exc:
        validate_inducements(
            "sevens", (), True, [P("desperate_measures", 6)], 0, 300_000
        )
    assert (exc.value.code, exc.value.field) == ("inducement_limit", "purchases[0]")


def test_desperate_measures_reroll_duplicates() -> None:
    results, rolls = roll_desperate_measures(3, ScriptedRoller([4, 4, 8, 4, 1]))
    assert results == (4, 8, 1)
    assert [r[2] for r in rolls] == [4, 4, 8, 4, 1]
    assert all(r[:2] == ("desperate_measures", 8) for r in rolls)
    assert DESPERATE_MEASURES[results[0] - 1] == "Grudge Match"


@pytest.mark.parametrize("count", [-1, 6])
def test_desperate_measures_limit(count: int) -> None:
    with pytest.raises(CampaignError) as exc:
        roll_desperate_measures(count, ScriptedRoller([]))
    assert exc.value.code == "inducement_limit"


def test_riotous_rookies_are_2d3_plus_1() -> None:
    from engine.campaign.inducements import roll_riotous_rookies

    count, rolls = roll_riotous_rookies(ScriptedRoller([2, 3]))
    assert count == 6
    assert rolls == (("riotous_rookies", 3, 2), ("riotous_rookies", 3, 3))


def test_bugmans_id_is_above_every_star_and_mercenary() -> None:
    from engine.campaign.inducements import BUGMAN_ID_BASE
    from engine.campaign.stars import STAR_ID_BASE, is_star

    assert BUGMAN_ID_BASE > STAR_ID_BASE + 10_000
    assert is_star(BUGMAN_ID_BASE)


# The roster files' names (teams/*.md "Inducements") for the catalogue's.
ROSTER_FILE_NAMES = {
    "Temp Agency Cheerleaders": "temp_agency_cheerleaders",
    "Part-time Assistant Coaches": "part_time_assistant_coaches",
    "Weather Mage": "weather_mage",
    "Bloodweiser Kegs": "bloodweiser_kegs",
    "Extra Team Training": "extra_team_training",
    "Bribe": "bribes",
    "Wandering Apothecary": "wandering_apothecaries",
    "Mortuary Assistant": "mortuary_assistant",
    "Plague Doctor": "plague_doctor",
    "Riotous Rookies": "riotous_rookies",
    "Halfling Master Chef": "halfling_master_chef",
    "Josef Bugman": "josef_bugman",
    "Hireling Sports-Wizard": "wizard",
    "Biased Referee": "biased_referee",
}


@pytest.mark.parametrize("roster", sorted(rules_data("bb2020").rosters))
def test_bb2020_prices_are_the_roster_files(roster: str) -> None:
    # Each teams/*.md lists the inducements with the team's price ("[Bribe] -
    # 50K" for Bribery and Corruption teams, "[Halfling Master Chef] - 100K"
    # for Halflings only): where a line names one the catalogue sells the
    # team, the prices agree.
    r = rules_data("bb2020").rosters[roster]
    rules = set(r.team_rules()) | set(r.special_rule_choice)
    sold = dict(
        (spec.slug, price)
        for spec, price in available_inducements(
            "bb2020", tuple(rules), r.apothecary, roster=roster
        )
    )
    listed = {
        ROSTER_FILE_NAMES[i.name]: i.cost
        for i in r.inducements
        if ROSTER_FILE_NAMES.get(i.name) in sold
    }
    assert len(listed) >= 8
    assert listed == {slug: sold[slug] for slug in listed}
