"""Dungeon Bowl league rules (engine/variants/dungeon_bowl/league.py).

Every expected value is derived by hand from the Dungeon Bowl texts:
league_and_exhibition_play.md ("League Scoring", "Glittering Prizes",
"Re-drafting"), post-game_sequence.md ("Winnings", the four steps) and
set-up.md ("The Treasure-Room"), with the Decisions in league.json.
"""

from __future__ import annotations

import pytest

from engine.campaign.postgame import Outcome
from engine.core.dice import ScriptedRoller
from engine.core.errors import CampaignError
from engine.variants.dungeon_bowl.league import (
    league_points,
    league_rules,
    niggling_recovery,
    postgame_steps,
    redraft_budget,
    rehire_cost,
    roll_winnings,
    scouting,
    treasure_room_funds,
    trophy_rerolls,
    winnings,
)

# --- League points ------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "opp", "cas", "expected"),
    [
        (2, 1, 0, 3),  # win: 3
        (1, 1, 0, 1),  # draw: 1
        (0, 1, 0, 0),  # loss: 0
        (2, 1, 3, 4),  # win 3 + exactly 3 casualties +1
        (1, 1, 3, 2),  # draw 1 + 1
        (0, 2, 3, 1),  # loss 0 + 1 (Decision: the bonus stacks with any result)
        (2, 1, 2, 3),  # 2 casualties: no bonus
        (1, 1, 2, 1),
        (0, 1, 2, 0),
        (3, 0, 7, 4),  # the bonus is +1 however many casualties
        (0, 0, 0, 1),  # 0-0 is a draw
    ],
)
def test_league_points(own: int, opp: int, cas: int, expected: int) -> None:
    assert league_points(own, opp, cas) == expected


def test_league_points_bonus_can_be_switched_off() -> None:
    # Optional bonus ("may wish to award"): off -> plain 3 for the win.
    assert league_points(2, 1, 3, casualty_bonus=False) == 3


def test_league_points_friendly_scores_nothing() -> None:
    # Decision: friendlies (Cross Division Friendlies) earn no League points.
    assert league_points(2, 1, 3, friendly=True) == 0


@pytest.mark.parametrize(
    ("args", "field"),
    [((-1, 0, 0), "own_td"), ((0, -1, 0), "opp_td"), ((0, 0, -1), "cas_inflicted")],
)
def test_league_points_refuses_negative(args: tuple[int, int, int], field: str) -> None:
    with pytest.raises(CampaignError) as err:
        league_points(*args)
    assert err.value.field == field
    assert err.value.code == f"invalid_{field}"


# --- Winnings -----------------------------------------------------------------


def test_winnings_home_wins() -> None:
    # 2D6 = 2 and 5: winner (home) 5 x 10,000, loser 2 x 10,000.
    assert winnings((2, 5), Outcome.WIN) == (50_000, 20_000)


def test_winnings_home_loses() -> None:
    # Same dice, away wins: away takes the 5.
    assert winnings((5, 2), Outcome.LOSS) == (20_000, 50_000)


def test_winnings_equal_dice() -> None:
    # 4 and 4: highest and lowest are both 4 -> 40,000 each.
    assert winnings((4, 4), Outcome.WIN) == (40_000, 40_000)


def test_winnings_draw_pays_lower_die_to_both() -> None:
    # Decision: a draw has no winner; each team gets the lower die: 3 x 10,000.
    assert winnings((6, 3), Outcome.DRAW) == (30_000, 30_000)


def test_winnings_extremes() -> None:
    assert winnings((1, 6), Outcome.WIN) == (60_000, 10_000)


@pytest.mark.parametrize("dice", [(0, 3), (3, 7)])
def test_winnings_refuses_non_d6(dice: tuple[int, int]) -> None:
    with pytest.raises(CampaignError) as err:
        winnings(dice, Outcome.WIN)
    assert (err.value.code, err.value.field) == ("invalid_dice", "dice")


def test_roll_winnings_uses_two_injected_d6() -> None:
    roller = ScriptedRoller([3, 6])
    result = roll_winnings(Outcome.LOSS, roller)
    # Away won: away 6 x 10,000, home 3 x 10,000.
    assert (result.home, result.away) == (30_000, 60_000)
    assert result.rolls == (("dungeon_winnings", 6, 3), ("dungeon_winnings", 6, 6))
    assert roller.remaining == 0


# --- Treasure Room ------------------------------------------------------------


@pytest.mark.parametrize(
    ("uses", "gold"),
    [
        (0, 0),
        (1, 10_000),
        (2, 10_000),
        (3, 20_000),
        (4, 20_000),
        (5, 30_000),
        (9, 30_000),
    ],
)
def test_treasure_room_funds(uses: int, gold: int) -> None:
    # 1+ -> 10,000; 3+ -> instead 20,000; 5+ -> instead 30,000.
    assert treasure_room_funds(uses) == gold


def test_treasure_room_refuses_negative() -> None:
    with pytest.raises(CampaignError) as err:
        treasure_room_funds(-1)
    assert err.value.field == "gather_funds_uses"


# --- Post-game steps ----------------------------------------------------------


def test_postgame_steps_are_the_four_dungeon_bowl_steps() -> None:
    assert postgame_steps() == (
        "record_outcome_and_winnings",
        "player_advancement",
        "hiring_firing_and_temporarily_retiring",
        "prepare_for_next_fixture",
    )
    assert "update_dedicated_fans" not in postgame_steps()
    assert "expensive_mistakes" not in postgame_steps()
    assert league_rules().omitted_bb2020_steps == (
        "update_dedicated_fans",
        "expensive_mistakes",
    )


def test_postgame_steps_exhibition_runs_none() -> None:
    # Decision: "in exhibition play the post-game sequence need not be completed".
    assert postgame_steps(exhibition=True) == ()


# --- Prizes and Trophy --------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "gold"), [(1, 100_000), (2, 60_000), (3, 30_000), (4, 0), (10, 0)]
)
def test_prizes(place: int, gold: int) -> None:
    assert league_rules().prizes.get(place, 0) == gold


def test_trophy_rerolls() -> None:
    assert trophy_rerolls(True) == 1
    assert trophy_rerolls(False) == 0


# --- Re-drafting --------------------------------------------------------------


def test_scouting_six_leaves_with_compensation() -> None:
    # Three MVP players roll 6, 5, 6: players "a" and "c" are scouted,
    # 2 x 20,000 = 40,000.
    result = scouting(["a", "b", "c"], ScriptedRoller([6, 5, 6]))
    assert result.scouted == ("a", "c")
    assert result.compensation == 40_000
    assert [r[2] for r in result.rolls] == [6, 5, 6]


def test_scouting_five_stays() -> None:
    result = scouting([7], ScriptedRoller([5]))
    assert (result.scouted, result.compensation) == ((), 0)


def test_scouting_refuses_duplicates() -> None:
    with pytest.raises(CampaignError) as err:
        scouting([1, 1], ScriptedRoller([6, 6]))
    assert err.value.code == "duplicate_player"


def test_redraft_budget_uncapped() -> None:
    # 1,000,000 + 35,000 treasury + 8 games x 20,000 (160,000)
    # + 5 league wins x 20,000 (100,000) + 1 scouted x 20,000 = 1,315,000.
    budget = redraft_budget(treasury=35_000, games=8, league_wins=5, scouted=1)
    assert budget.total == 1_315_000
    assert budget.capped is False


def test_redraft_budget_capped() -> None:
    # Same team, commissioner cap: 1,315,000 > 1,300,000 -> 1,300,000.
    budget = redraft_budget(
        treasury=35_000, games=8, league_wins=5, scouted=1, cap=True
    )
    assert (budget.total, budget.capped) == (1_300_000, True)


def test_redraft_budget_under_cap_is_unchanged() -> None:
    # 1,000,000 + 0 + 4 x 20,000 + 0 = 1,080,000; no draw bonus (Decision).
    budget = redraft_budget(treasury=0, games=4, league_wins=0, cap=True)
    assert (budget.total, budget.capped) == (1_080_000, False)


def test_redraft_budget_refuses_more_wins_than_games() -> None:
    with pytest.raises(CampaignError) as err:
        redraft_budget(treasury=0, games=2, league_wins=3)
    assert err.value.field == "league_wins"


def test_rehire_cost() -> None:
    # Current Value 95,000 + 2 seasons x 20,000 = 135,000.
    assert rehire_cost(95_000, 2) == 135_000
    assert rehire_cost(50_000, 0) == 50_000


def test_niggling_recovery_four_plus() -> None:
    # Three niggling injuries roll 3, 4, 6: 4+ removes two, one remains.
    result = niggling_recovery(3, ScriptedRoller([3, 4, 6]))
    assert (result.before, result.after) == (3, 1)
    assert len(result.rolls) == 3


def test_league_data_names_its_sources_and_decisions() -> None:
    # Every section of league.json says where its numbers come from, and each
    # note in "_decisions" is a written Decision.
    import json

    from engine.core.rules_data import DATA_DIR

    raw = json.loads(
        (DATA_DIR / "dungeon_bowl" / "league.json").read_text(encoding="utf-8")
    )
    sections = [k for k in raw if not k.startswith("_") and k != "version"]
    assert sorted(sections) == sorted(
        ["league_points", "winnings", "postgame", "treasure_room", "prizes", "redraft"]
    )
    for name in sections:
        assert raw[name]["source"], name
        for note in raw[name].get("_decisions", []):
            assert note.startswith("Decision: "), note
