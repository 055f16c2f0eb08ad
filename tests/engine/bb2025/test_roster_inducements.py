"""Each BB2025 roster's list of inducements shows the prices the catalogue
charges a team of that roster (engine/data/bb2025/rosters/*.json against
engine/variants/bb2025/league.py)."""

import pytest

from engine.campaign.inducements import available_inducements
from engine.core.rules_data import rules_data

ROSTERS = rules_data("bb2025").rosters


@pytest.mark.parametrize("roster", sorted(ROSTERS))
def test_the_listed_prices_are_the_catalogues(roster: str) -> None:
    r = ROSTERS[roster]
    rules = set(r.team_rules()) | set(r.special_rule_choice)
    offered = {
        spec.name: price
        for spec, price in available_inducements(
            "bb2025", tuple(rules), r.apothecary, roster=roster
        )
    }
    listed = {i.name: i.cost for i in r.inducements if i.name in offered}
    assert listed
    assert listed == {name: offered[name] for name in listed}


@pytest.mark.parametrize(
    ("roster", "price"), [("halfling", 100_000), ("gnome", 300_000)]
)
def test_the_master_chef_on_the_thimble_cup_rosters(roster: str, price: int) -> None:
    # tables.md "Inducements": Halfling Master Chef "300,000 (100,000
    # Halfling teams)"
    listed = {i.name: i.cost for i in ROSTERS[roster].inducements}
    assert listed["Halfling Master Chef"] == price
