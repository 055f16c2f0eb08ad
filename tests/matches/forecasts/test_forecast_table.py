"""The predicted final table and the naive forecast (pure functions)."""

from __future__ import annotations

import pytest

from matches.forecasts.table import Chances, naive_chances, predicted_table


def test_certain_results_give_exact_points_and_places() -> None:
    # team 1 beats 2 for sure, 2 and 3 draw for sure: 3 + 3, 0 + 1, 0 + 1
    rows = predicted_table(
        {1: 3, 2: 0, 3: 0},
        [Chances(1, 2, 1.0, 0.0, 0.0), Chances(2, 3, 0.0, 1.0, 0.0)],
        (3, 1, 0),
        runs=50,
    )
    assert [(r.team_id, r.expected_points, r.first) for r in rows] == [
        (1, 6.0, 1.0),
        (2, 1.0, 0.0),
        (3, 1.0, 0.0),
    ]
    assert rows[0].expected_place == 1.0
    # 2 and 3 end level: the order between them is a coin flip, places 2 and 3
    assert rows[1].expected_place + rows[2].expected_place == pytest.approx(5.0)
    assert 2.0 < rows[1].expected_place < 3.0


def test_a_coin_flip_fixture_splits_the_points() -> None:
    rows = predicted_table(
        {1: 0, 2: 0}, [Chances(1, 2, 0.5, 0.0, 0.5)], (3, 1, 0), runs=4000, seed=7
    )
    by_team = {r.team_id: r for r in rows}
    assert by_team[1].expected_points == pytest.approx(1.5, abs=0.1)
    assert by_team[1].first + by_team[2].first == pytest.approx(1.0)


def test_the_same_seed_gives_the_same_table() -> None:
    args = ({1: 0, 2: 0}, [Chances(1, 2, 0.4, 0.2, 0.4)], (3, 1, 0))
    assert predicted_table(*args, seed=3) == predicted_table(*args, seed=3)


def test_the_naive_forecast_from_team_value() -> None:
    assert naive_chances(1_000_000, 1_000_000, 0.2, 150_000) == pytest.approx(
        (0.4, 0.2, 0.4)
    )
    # 150,000 gp more: the logistic of 1, 0.7311 of the 80% that is not a draw
    home, draw, away = naive_chances(1_150_000, 1_000_000, 0.2, 150_000)
    assert (home, draw, away) == pytest.approx(
        (0.8 * 0.7310586, 0.2, 0.8 * 0.2689414), abs=1e-6
    )
