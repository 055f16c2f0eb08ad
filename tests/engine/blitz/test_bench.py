"""The Blitz Bowl bench CLI prints its figures as JSON (a tiny run)."""

from __future__ import annotations

import json

import pytest

from engine.blitz.bench import figures, main

FIG = {"median", "min", "max", "spread"}


def test_figures_are_median_range_and_spread():
    # Median of 2, 4, 10 is 4; spread (10 - 2) / 4 = 2.
    assert figures([10.0, 2.0, 4.0]) == {
        "median": 4.0,
        "min": 2.0,
        "max": 10.0,
        "spread": 2.0,
    }


def test_bench_prints_json_figures(capsys):
    assert main(["--games", "1", "--repeats", "2", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["variant"], out["games"], out["repeats"], out["seed"]) == (
        "blitz_bowl",
        1,
        2,
        3,
    )
    assert set(out["reference"]) == {"name", "unit"} | FIG
    assert out["reference"]["name"] == "loop"
    assert set(out["bots"]) == {"random", "scripted"}
    for b in out["bots"].values():
        assert set(b) == {
            "games_per_s",
            "decisions_per_s",
            "decisions_per_game",
            "games_per_1e6_reference",
        }
        for key in ("games_per_s", "decisions_per_s"):
            f = b[key]
            assert set(f) == FIG
            assert 0 < f["min"] <= f["median"] <= f["max"]
        assert b["decisions_per_game"] > 0
        assert b["games_per_1e6_reference"] > 0


def test_bench_one_bot_and_bad_counts(capsys):
    assert main(["--games", "1", "--repeats", "1", "--bot", "random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["bots"]) == {"random"}
    with pytest.raises(SystemExit):
        main(["--games", "0"])
