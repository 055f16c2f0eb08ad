"""The Blitz Bowl bots and the simulate CLI."""

from __future__ import annotations

import json

from engine.blitz.simulate import main, play, summary


def test_scripted_bot_outscores_the_random_bot_on_the_same_games():
    scripted = random = 0
    for seed in range(6):
        g, _ = play("human", "orc", seed, "scripted", "single")
        scripted += sum(g.score)
        g, _ = play("human", "orc", seed, "random", "single")
        random += sum(g.score)
    assert scripted > 2 * random


def test_scripted_bot_scores_touchdowns():
    tds = 0
    for seed in range(4):
        g, n = play("skaven", "dwarf", seed, "scripted", "multiple")
        out = summary(g, n)
        tds += sum(out["touchdowns"].values())
        assert out["points"]["home"] == g.score[0]
        assert out["how"] in ("points", "sudden_death")
    assert tds >= 4


def test_simulate_prints_one_game_as_json(capsys):
    assert (
        main(["--home", "wood_elf", "--away", "nurgle", "--seed", "5", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert (out["home"], out["away"]) == ("wood_elf", "nurgle")
    total = 4 * sum(out["touchdowns"].values())
    assert out["points"]["home"] + out["points"]["away"] >= total


def test_simulate_bench_figures(capsys):
    assert main(["--games", "3", "--bot", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3
    assert out["games_per_second"] > 0
    assert out["decisions_per_second"] > 0


def test_scripted_bot_plays_the_bomber_and_violent_teams():
    # Snotlings (a Bomber blocks while Open) against Necromantic (Violent,
    # Safe Hands) and Vampires (Bloodlust, Minion): whole games, no error.
    for seed in range(3):
        g, _ = play("snotling", "necromantic", seed, "scripted", "single")
        assert g.done
        g, _ = play("vampire", "snotling", seed, "scripted", "multiple")
        assert g.done
