"""Re-drafting between seasons."""

import pytest

from engine.campaign import ScriptedRoller
from engine.campaign.redraft import (
    carry_over_cost,
    recover,
    redraft_budget,
    rehire_cost,
)
from engine.core.rules_data import rules_data
from engine.variants import get_variant

ORC = rules_data().rosters["orc"]


def test_budget_adds_treasury_games_wins_and_draws():
    # 1,000,000 + 70,000 + 7 games x 20k + 4 wins x 20k + 2 draws x 10k
    budget = redraft_budget("bb2020", treasury=70_000, games=7, wins=4, draws=2)

    assert budget.total == 1_000_000 + 70_000 + 140_000 + 80_000 + 20_000
    assert budget.capped is False


def test_the_commissioner_may_cap_the_budget():
    budget = redraft_budget(
        "bb2020", treasury=250_000, games=10, wins=9, draws=0, cap=1_300_000
    )

    assert (budget.total, budget.capped) == (1_300_000, True)


def test_sevens_uses_its_own_base_budget():
    assert (
        redraft_budget("sevens", treasury=0, games=0, wins=0, draws=0).total == 600_000
    )


@pytest.mark.parametrize(
    ("value", "seasons", "cost"),
    [(50_000, 0, 50_000), (90_000, 1, 110_000), (130_000, 3, 190_000)],
)
def test_rehire_cost_adds_the_agents_fee_per_season(value, seasons, cost):
    assert rehire_cost(value, seasons) == cost


def test_carry_over_prices_per_format():
    kwargs = {
        "rerolls": 2,
        "assistant_coaches": 1,
        "cheerleaders": 2,
        "apothecary": True,
    }
    # BB2020: 2 x 60k + 10k + 2 x 10k + 50k; Sevens: 2 x 120k + 20k + 40k + 80k
    assert carry_over_cost("bb2020", ORC, **kwargs) == 200_000
    assert carry_over_cost("sevens", ORC, **kwargs) == 380_000


def test_niggling_injuries_heal_on_four_plus_with_the_apothecary_bonus():
    roller = ScriptedRoller([3, 2])  # 3+1 heals, 2+1 does not

    result = recover(
        niggling=2,
        reductions={},
        temporarily_retired=False,
        apothecary=True,
        roller=roller,
    )

    assert (result.niggling_before, result.niggling_after, result.restored) == (
        2,
        1,
        (),
    )
    assert [r[2] for r in result.rolls] == [3, 2]


def test_only_retired_players_roll_for_reductions_and_healing_leaves_a_niggle():
    active = recover(
        niggling=0,
        reductions={"ma": 1},
        temporarily_retired=False,
        apothecary=False,
        roller=ScriptedRoller([]),
    )
    retired = recover(
        niggling=0,
        reductions={"av": 1, "ma": 2},
        temporarily_retired=True,
        apothecary=False,
        roller=ScriptedRoller([4, 6, 1]),
    )

    assert (active.restored, active.niggling_after) == ((), 0)
    # av 4 heals; ma 6 heals one, ma 1 does not
    assert (retired.restored, retired.niggling_after) == (("av", "ma"), 2)


@pytest.mark.parametrize(
    ("fmt", "results"),
    [
        # post-game_sequence.md "Temporarily Retiring": "a game in which a
        # player suffers a Lasting Injury result on the Casualty table"
        ("bb2020", {"lasting_injury"}),
        # rules/bb2025/README.md: temporary retirement is unchanged
        ("bb2025", {"lasting_injury"}),
        # dungeon_bowl/post-game_sequence.md "Temporarily Retiring": see the
        # Blood Bowl rulebook; its D16 Casualty table has Lasting Injuries
        ("dungeon-bowl", {"lasting_injury"}),
        # the classic league plays BB2020's; its D100 rows that lower a
        # characteristic are filed as Lasting Injuries
        ("classic", {"lasting_injury"}),
        # blood_bowl_sevens.md "The Injury Table": no Casualty table and no
        # Lasting Injury; Blitz Bowl: no casualties that last at all
        ("sevens", set()),
        ("blitz-bowl", set()),
    ],
)
def test_each_format_names_the_casualties_a_player_may_retire_after(fmt, results):
    assert get_variant(fmt).retirement_results == results
