"""The Dungeon Bowl variant's league hooks (engine/variants/dungeon_bowl/
league_hooks.py), with scripted dice and no database."""

import pytest

from engine.campaign.postgame import PostgameInput, TeamPostgame
from engine.core.dice import ScriptedRoller
from engine.variants import BB2020, DUNGEON_BOWL


def game(home_td, away_td, *, conceded=None, penalty=True):
    return PostgameInput(
        home=TeamPostgame(1, 1, 0, home_td, conceded=conceded == "home"),
        away=TeamPostgame(2, 1, 0, away_td, conceded=conceded == "away"),
        format="dungeon-bowl",
        concession_penalty=penalty,
    )


@pytest.mark.parametrize(
    ("home", "away", "time_limit", "conceded", "codes"),
    [
        (1, 0, False, False, []),
        (0, 1, False, False, []),
        (2, 0, False, False, [("one_touchdown", "home_score")]),
        (0, 2, True, False, [("one_touchdown", "away_score")]),
        (1, 1, True, False, [("one_touchdown", "away_score")]),
        (0, 0, False, False, [("no_time_limit", "home_score")]),
        (0, 0, True, False, []),
        (0, 0, False, True, []),
    ],
)
def test_a_dungeon_bowl_score_has_one_touchdown_at_most(
    home, away, time_limit, conceded, codes
):
    found = DUNGEON_BOWL.score_violations(
        home, away, conceded=conceded, time_limit=time_limit
    )
    assert [(v.code, v.field) for v in found] == codes


def test_blood_bowl_scores_are_not_limited():
    assert BB2020.score_violations(3, 2, conceded=False, time_limit=False) == []


@pytest.mark.parametrize(
    ("home_td", "away_td", "conceded", "dice", "paid"),
    [
        # the winner takes the high die, the loser the low die (x 10,000)
        ((1, 0, None, (2, 5), (50_000, 20_000))),
        ((0, 1, None, (2, 5), (20_000, 50_000))),
        # a concession: the team that stayed wins, the conceder wins
        # nothing (the_rules_of_blood_bowl.md "Conceding")
        ((0, 0, "home", (6, 1), (0, 60_000))),
        ((0, 0, "away", (2, 5), (50_000, 0))),
        # a draw (a time limit): each the low die (league.json Decision)
        ((0, 0, None, (4, 3), (30_000, 30_000))),
    ],
)
def test_rolled_winnings(home_td, away_td, conceded, dice, paid):
    roller = ScriptedRoller(dice)

    result, rolls = DUNGEON_BOWL.rolled_winnings(
        game(home_td, away_td, conceded=conceded), roller
    )

    assert (result.home, result.away) == paid
    assert [r for _, _, r in rolls] == list(dice)


def test_a_concession_without_penalty_keeps_the_low_die():
    """A concession the rules allow without penalty (too few players to set
    up) keeps the conceder's winnings, as in Blood Bowl."""
    result, _ = DUNGEON_BOWL.rolled_winnings(
        game(0, 0, conceded="home", penalty=False), ScriptedRoller((6, 1))
    )

    assert (result.home, result.away) == (10_000, 60_000)


def test_blood_bowl_winnings_roll_no_dice():
    roller = ScriptedRoller([])
    _, rolls = BB2020.rolled_winnings(
        PostgameInput(
            home=TeamPostgame(1, 1, 4, 1),
            away=TeamPostgame(2, 1, 3, 0),
        ),
        roller,
    )
    assert rolls == ()
    assert roller.remaining == 0


@pytest.mark.parametrize(
    ("uses", "gold"), [(0, 0), (1, 10_000), (2, 10_000), (3, 20_000), (5, 30_000)]
)
def test_treasure_room_funds(uses, gold):
    assert DUNGEON_BOWL.gathered_funds(uses) == gold
    assert BB2020.gathered_funds(uses) == 0
    # a team that concedes "do[es] not generate any winnings"
    # (the_rules_of_blood_bowl.md "Conceding"): the Treasure Room's gold is
    # part of them (league_hooks.py Decision)
    assert DUNGEON_BOWL.gathered_funds(uses, penalised=True) == 0


def test_the_redraft_budget_has_no_draw_bonus_and_counts_scouted_players():
    budget = DUNGEON_BOWL.redraft_budget(
        treasury=15_000, games=6, wins=3, draws=2, scouted=1
    )
    # 1,000,000 + 15,000 + 6 x 20,000 + 3 x 20,000 + 1 x 20,000
    assert budget is not None
    assert (budget.total, budget.draws, budget.scouted) == (1_215_000, 0, 1)


def test_the_commissioners_cap_applies_to_the_whole_budget():
    budget = DUNGEON_BOWL.redraft_budget(
        treasury=250_000, games=6, wins=6, draws=0, scouted=2, cap=1_300_000
    )
    assert budget is not None
    assert (budget.total, budget.capped) == (1_300_000, True)
    assert BB2020.redraft_budget(treasury=0, games=0, wins=0, draws=0) is None


def test_scouting_takes_the_players_who_roll_a_6():
    scouted, rolls = DUNGEON_BOWL.scouting([7, 8, 9], ScriptedRoller([6, 5, 6]))
    assert scouted == (7, 9)
    assert [r for _, _, r in rolls] == [6, 5, 6]
    assert BB2020.scouting([7], ScriptedRoller([])) == ((), ())


def test_season_awards():
    assert dict(DUNGEON_BOWL.season_prizes()) == {1: 100_000, 2: 60_000, 3: 30_000}
    assert DUNGEON_BOWL.champion_rerolls() == 1
    assert DUNGEON_BOWL.casualty_bonus() == (3, 1)
    assert BB2020.casualty_bonus() is None
