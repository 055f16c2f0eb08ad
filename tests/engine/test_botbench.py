"""The scripted bot's benchmark CLI: its JSON and its deterministic
results (timings are not tested)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.tools import botbench


def test_botbench_prints_times_and_deterministic_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--formats", "sevens", "--games", "2", "--repeats", "2"]
    assert botbench.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    s = out["sevens"]
    assert s["games"] == 2
    assert s["repeats"] == 2
    for k in ("ms_per_game", "cpu_ms_per_game", "bot_ms_per_game"):
        assert s[k]["min"] <= s[k]["median"] <= s[k]["max"]
    assert s["decisions_per_game"] > 100
    assert s["touchdowns_per_game"] == s["touchdowns"] / 2
    assert s["casualties_per_game"] == s["casualties"] / 2
    # the same seeds again: the same games
    assert botbench.main(args[:-1] + ["1"]) == 0
    again = json.loads(capsys.readouterr().out)["sevens"]
    assert again["decisions_digest"] == s["decisions_digest"]
    assert (again["touchdowns"], again["casualties"]) == (
        s["touchdowns"],
        s["casualties"],
    )


def test_botbench_compares_with_a_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--formats", "sevens", "--games", "1", "--repeats", "1"]
    botbench.main(args)
    ref = capsys.readouterr().out
    path = tmp_path / "ref.json"
    path.write_text(ref)
    botbench.main(args + ["--reference", str(path)])
    out = json.loads(capsys.readouterr().out)
    cmp = out["vs_reference"]["sevens"]
    assert cmp["same_decisions"] is True
    assert cmp["touchdowns_ratio"] in (0.0, 1.0)
    assert cmp["casualties_ratio"] in (0.0, 1.0)


def test_botbench_times_another_bot_in_the_same_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # this checkout's own bot as the "other" one: loaded apart from ours
    # (its modules under another package name), it makes the same games
    root = Path(botbench.__file__).resolve().parents[2]
    args = ["--formats", "sevens", "--games", "2", "--repeats", "2"]
    assert botbench.main(args + ["--against", str(root)]) == 0
    s = json.loads(capsys.readouterr().out)["sevens"]
    ref = s["reference"]
    assert ref["decisions_digest"] == s["decisions_digest"]
    assert (ref["touchdowns"], ref["casualties"]) == (s["touchdowns"], s["casualties"])
    cmp = s["vs_reference"]
    assert cmp["same_decisions"] is True
    assert 0.0 < cmp["speedup_cpu_ms"]["min"]
    # the bots' CPU is the match's less its replay's: on two short games of
    # a busy machine the difference (and so its ratio) may even be negative
    for k in ("speedup_cpu_ms", "speedup_bot_cpu_ms"):
        assert cmp[k]["min"] <= cmp[k]["median"] <= cmp[k]["max"]
    if s["touchdowns"]:
        assert cmp["touchdowns_ratio"] == 1.0


def test_reference_bot_is_loaded_apart_from_ours() -> None:
    from engine.bots.scripted import ScriptedBot
    from engine.tools.botref import PACKAGE, load_scripted_bot

    root = Path(botbench.__file__).resolve().parents[2]
    other = load_scripted_bot(root / "engine" / "bots")
    assert other is not ScriptedBot
    assert other.__module__ == PACKAGE + ".scripted"
    with pytest.raises(FileNotFoundError):
        load_scripted_bot(root / "tests")


def test_std_error_of_the_mean_per_game() -> None:
    # counts 1, 2, 3: mean 2, sample variance 1, standard error 1/sqrt(3)
    assert botbench._std_error(6, 14, 3) == pytest.approx(3**-0.5)
    assert botbench._std_error(5, 25, 1) == 0.0
