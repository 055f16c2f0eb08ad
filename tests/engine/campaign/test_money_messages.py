"""Refusals that name money print it as people read it ("200,000"), not
as a raw integer ("200000"); the codes and fields stay as they were."""

from __future__ import annotations

import pytest

from engine.campaign import (
    CampaignError,
    InducementPurchase,
    hire_journeyman,
    make_journeyman,
    validate_inducements,
)
from engine.core.rules_data import RulesData, rules_data

P = InducementPurchase


@pytest.fixture(scope="module")
def data() -> RulesData:
    return rules_data()


def test_hiring_a_journeyman_over_the_treasury_formats_both_sums(
    data: RulesData,
) -> None:
    human = data.rosters["human"]
    jm = make_journeyman(human, "bb2020", 1)
    with pytest.raises(CampaignError) as exc:
        hire_journeyman(
            jm, human, "bb2020", team_size=12, position_count=0, treasury=45_000
        )
    # A Human Lineman costs 50,000 (the Human roster)
    assert (exc.value.code, exc.value.field) == ("over_budget", "treasury")
    assert str(exc.value) == "hiring costs 50,000 but the treasury holds 45,000"


def test_inducements_over_the_budget_format_every_sum() -> None:
    # Extra Team Training costs 100,000 each in Blood Bowl 2020: two cost 200,000
    with pytest.raises(CampaignError) as exc:
        validate_inducements(
            "bb2020", (), True, [P("extra_team_training", 2)], 100_000, 65_000
        )
    assert (exc.value.code, exc.value.field) == ("over_budget", "purchases")
    assert str(exc.value) == (
        "inducements cost 200,000, budget is 100,000 petty cash + 65,000 treasury"
    )


def test_a_wrong_unit_price_is_refused_with_the_price_formatted() -> None:
    # Bribes cost 100,000 each for a team without Bribery and Corruption
    with pytest.raises(CampaignError) as exc:
        validate_inducements("bb2020", (), True, [P("bribes", 1, 50_000)], 10**6, 0)
    assert (exc.value.code, exc.value.field) == ("price_mismatch", "purchases[0]")
    assert str(exc.value) == "Bribes costs 100,000 for this team"
