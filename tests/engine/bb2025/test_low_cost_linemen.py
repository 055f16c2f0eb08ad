"""Low Cost Linemen (the_teams.md; BB2025 keeps it, changes_from_bb2020.md
section 16): "when calculating the Current Value of any permanently hired
Lineman players on a team with this special rule, the Hiring Fee of that
player is not included". The format says whether it plays the rule and
which positions are Linemen; ``engine.campaign`` gives a new hire's value
and a hired journeyman's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.campaign import (
    fee_in_value,
    hire_journeyman,
    hired_value,
    make_journeyman,
)
from engine.core.rules_data import rules_data
from engine.variants.base import get_variant

LCL = "low-cost-linemen"


def position(version: str, roster: str, slug: str):  # type: ignore[no-untyped-def]
    return rules_data(version).rosters[roster].position(slug)


def team_rules(version: str, roster: str) -> tuple[str, ...]:
    return rules_data(version).rosters[roster].team_rules()


@pytest.mark.parametrize(
    ("fmt", "version", "roster", "slug"),
    [
        ("bb2020", "bb2020", "ogre", "gnoblar-lineman"),
        ("bb2020", "bb2020", "snotling", "snotling-lineman"),
        ("sevens", "bb2020", "ogre", "gnoblar-lineman"),
        ("bb2025", "bb2025", "ogre", "ogre-gnoblar-lineman"),
        ("bb2025", "bb2025", "snotling", "snotling-lineman"),
    ],
)
def test_a_low_cost_lineman_is_hired_at_no_value(
    fmt: str, version: str, roster: str, slug: str
) -> None:
    lineman = position(version, roster, slug)
    assert lineman.cost == 15_000  # the fee he is still paid
    assert LCL in team_rules(version, roster)
    assert not fee_in_value(fmt, lineman, team_rules(version, roster))
    assert hired_value(fmt, lineman, team_rules(version, roster)) == 0


@pytest.mark.parametrize(
    ("fmt", "version", "roster", "slug", "cost"),
    [
        # the team's other positions keep their fee
        ("bb2020", "bb2020", "ogre", "ogre-blocker", 140_000),
        ("bb2020", "bb2020", "snotling", "pump-wagon", 105_000),
        ("bb2025", "bb2025", "ogre", "ogre-blocker", 140_000),
        ("bb2025", "bb2025", "snotling", "snotling-fun-hoppa", 20_000),
        # another team's Linemen keep theirs
        ("bb2020", "bb2020", "human", "human-lineman", 50_000),
        ("bb2025", "bb2025", "human", "human-lineman", 50_000),
        # Decision: the classic game has no Low Cost Linemen
        ("classic", "bb2020", "ogre", "gnoblar-lineman", 15_000),
    ],
)
def test_everyone_else_is_hired_at_his_fee(
    fmt: str, version: str, roster: str, slug: str, cost: int
) -> None:
    pos = position(version, roster, slug)
    assert hired_value(fmt, pos, team_rules(version, roster)) == cost


def test_the_rule_is_the_teams_not_the_positions() -> None:
    # a Gnoblar on a team without the rule (a made-up case) keeps his fee
    gnoblar = position("bb2025", "ogre", "ogre-gnoblar-lineman")
    assert hired_value("bb2025", gnoblar, ()) == 15_000
    assert hired_value("bb2025", gnoblar, (LCL,)) == 0


def test_bb2025_linemen_are_the_lineman_keyword() -> None:
    # the Underworld Snotling Lineman has the keyword but is not the
    # roster's 0-16 lineman position: BB2025 reads the keyword, BB2020 the
    # lineman position
    snotling = position(
        "bb2025", "underworld-denizens", "underworld-denizens-snotling-lineman"
    )
    assert (snotling.lineman, "Lineman" in snotling.keywords) == (False, True)
    assert get_variant("bb2025").is_lineman(snotling) is True
    assert get_variant("bb2020").is_lineman(snotling) is False
    assert hired_value("bb2025", snotling, (LCL,)) == 0
    assert hired_value("bb2020", snotling, (LCL,)) == 15_000


def test_format_facts() -> None:
    assert get_variant("bb2020").low_cost_linemen_rule == LCL
    assert get_variant("sevens").low_cost_linemen_rule == LCL
    assert get_variant("bb2025").low_cost_linemen_rule == LCL
    assert get_variant("classic").low_cost_linemen_rule is None
    assert get_variant("blitz-bowl").low_cost_linemen_rule is None


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_a_journeyman_keeps_his_fee_until_hired_for_good(fmt: str) -> None:
    roster = rules_data(fmt).rosters["ogre"]
    journeyman = make_journeyman(roster, fmt, 12)
    # Decision: not permanently hired, his value (what he adds to CTV) is
    # the fee
    assert journeyman.value == 15_000
    # he gained a Primary skill in the post-game (+20,000)
    advanced = replace(journeyman, value=35_000)

    hire = hire_journeyman(
        advanced, roster, fmt, team_size=10, position_count=9, treasury=20_000
    )

    # the fee is paid, and his value keeps only the increase
    assert (hire.cost, hire.treasury_after) == (15_000, 5_000)
    assert hire.player.value == 20_000


def test_a_journeyman_of_another_team_keeps_his_value() -> None:
    roster = rules_data("bb2025").rosters["human"]
    journeyman = make_journeyman(roster, "bb2025", 12)
    hire = hire_journeyman(journeyman, roster, "bb2025", team_size=10, position_count=9)
    assert (hire.cost, hire.player.value) == (50_000, 50_000)
