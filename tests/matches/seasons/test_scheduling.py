"""Round robin and playoff generation."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.seasons.scheduling import (
    next_playoff_round,
    playoff_round,
    round_robin,
    third_place_pairing,
)


def test_four_teams_play_three_rounds_of_two():
    rounds = round_robin([1, 2, 3, 4])

    assert len(rounds) == 3
    assert all(len(r) == 2 for r in rounds)
    pairs = {frozenset(p) for r in rounds for p in r}
    assert pairs == {frozenset(c) for c in combinations([1, 2, 3, 4], 2)}


def test_an_odd_count_gives_one_bye_a_round():
    rounds = round_robin([1, 2, 3, 4, 5])

    assert len(rounds) == 5
    assert [len(r) for r in rounds] == [2] * 5
    byes = [({1, 2, 3, 4, 5} - {t for p in r for t in p}).pop() for r in rounds]
    assert sorted(byes) == [1, 2, 3, 4, 5]


@given(st.integers(min_value=2, max_value=20))
def test_every_pair_meets_once_and_nobody_plays_twice_a_round(n):
    teams = list(range(100, 100 + n))
    rounds = round_robin(teams)

    met = Counter(frozenset(p) for r in rounds for p in r)
    assert set(met) == {frozenset(c) for c in combinations(teams, 2)}
    assert set(met.values()) == {1}
    for r in rounds:
        playing = [t for p in r for t in p]
        assert len(playing) == len(set(playing))
    home = Counter(h for r in rounds for h, _ in r)
    away = Counter(a for r in rounds for _, a in r)
    assert all(abs(home[t] - away[t]) <= 1 for t in teams)


def test_double_round_robin_mirrors_home_and_away():
    rounds = round_robin([1, 2, 3, 4], double=True)

    assert len(rounds) == 6
    games = Counter(p for r in rounds for p in r)
    assert all(
        games[(a, b)] == 1 and games[(b, a)] == 1
        for a, b in combinations([1, 2, 3, 4], 2)
    )


def test_round_robin_refuses_duplicates():
    with pytest.raises(ValueError, match="twice"):
        round_robin([1, 1, 2])


def test_playoffs_seed_one_against_last_and_give_byes_to_the_top():
    assert playoff_round([1, 2, 3, 4]) == ([(1, 4), (2, 3)], [])
    assert playoff_round([1, 2, 3, 4, 5, 6]) == ([(3, 6), (4, 5)], [1, 2])
    assert next_playoff_round([1, 2, 3, 4]) == [(1, 4), (2, 3)]


@pytest.mark.parametrize(
    ("losers", "pairing"),
    [
        ([10, 40], (10, 40)),  # seeds 1 and 4: the 1st seed at home
        ([40, 20], (20, 40)),  # the 4th seed's tie drawn first: the 2nd at home
        ([30, 20], (20, 30)),
    ],
)
def test_the_third_place_match_has_the_higher_seeded_loser_at_home(losers, pairing):
    assert third_place_pairing(losers, [10, 20, 30, 40]) == pairing


@pytest.mark.parametrize("losers", [[], [30]])
def test_fewer_than_two_semi_final_losers_play_no_third_place_match(losers):
    assert third_place_pairing(losers, [10, 20, 30]) is None
