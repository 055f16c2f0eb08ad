"""Every command-line tool under engine/ offers only the rulesets (formats,
rules-data versions, dungeon layouts) it can play: each choice its --help
offers plays once, with small game counts, and a ruleset it cannot play
stops argparse with the reason and exit status 2."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from engine.skills import __main__ as skills_cli
from engine.tools import arena, bench, botbench, simulate
from engine.variants import variants
from engine.variants.dungeon_bowl import simulate as dungeon_simulate

ROOT = Path(__file__).resolve().parents[2]

# (module, the option naming what it plays, extra arguments: small counts)
CLIS: list[tuple[ModuleType, str, list[str]]] = [
    (simulate, "--ruleset", ["--bot", "random", "--json"]),
    (bench, "--ruleset", ["--games", "1", "--json"]),
    (botbench, "--formats", ["--games", "1", "--repeats", "1"]),
    (arena, "--format", ["--games", "2", "--quiet"]),
    (skills_cli, "--version", ["--coverage"]),
    (dungeon_simulate, "--layout", ["--games", "1"]),
]
# The command-line modules without such an option (what they play is fixed).
NO_RULESET_OPTION = {
    "engine/blitz/bench.py",
    "engine/blitz/simulate.py",
    "engine/dungeon/show.py",
    # ``python -m engine.simulate`` / ``engine.bench`` run the tools' main
    "engine/simulate.py",
    "engine/bench.py",
}


def _action(parser: argparse.ArgumentParser, flag: str) -> argparse.Action:
    (action,) = [a for a in parser._actions if flag in a.option_strings]
    return action


def _offered(module: ModuleType, flag: str) -> list[str]:
    """The choices the tool's --help lists for ``flag``."""
    action = _action(module.parser(), flag)
    if action.choices is not None:
        return [str(c) for c in action.choices]
    # a comma-separated list: the choices are named in its help
    assert action.help is not None
    return action.help.removeprefix("comma-separated: ").split(", ")


def _cases() -> list[tuple[ModuleType, str, list[str], str]]:
    return [
        (module, flag, extra, choice)
        for module, flag, extra in CLIS
        for choice in _offered(module, flag)
    ]


def test_every_command_line_module_is_listed_here() -> None:
    mains = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "engine").rglob("*.py")
        if '__name__ == "__main__"' in p.read_text()
    }
    listed = {str(Path(m.__file__).relative_to(ROOT)) for m, _, _ in CLIS}

    assert mains == listed | NO_RULESET_OPTION


def test_the_tools_offer_the_formats_they_play() -> None:
    assert (
        _offered(simulate, "--ruleset")
        == sorted(variants())
        == [
            "bb2020",
            "bb2025",
            "blitz-bowl",
            "classic",
            "dungeon-bowl",
            "sevens",
        ]
    )
    pitch = ["bb2020", "bb2025", "classic", "dungeon-bowl", "sevens"]
    assert _offered(bench, "--ruleset") == pitch
    assert _offered(botbench, "--formats") == pitch
    assert _offered(arena, "--format") == pitch
    assert _offered(skills_cli, "--version") == ["bb2020", "bb2025", "dungeon_bowl"]
    assert _offered(dungeon_simulate, "--layout") == [
        "crossroads",
        "long_haul",
        "warren",
        "generated",
    ]


@pytest.mark.parametrize(
    ("module", "flag", "extra", "choice"),
    _cases(),
    ids=[f"{m.__name__}-{c}" for m, _, _, c in _cases()],
)
def test_every_offered_choice_plays(
    module: ModuleType,
    flag: str,
    extra: list[str],
    choice: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    main: Callable[[list[str]], int] = module.main

    code = main([flag, choice, *extra])

    assert code == 0
    out = capsys.readouterr().out
    assert out.strip()
    if module is simulate:
        result = json.loads(out)
        assert result["events"] > 0
        assert result["decisions"] > 0


def test_a_blitz_bowl_game_scores_its_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # given the team cards of Blitz Bowl
    args = ["--ruleset", "blitz-bowl", "--home", "human", "--away", "orc"]

    # when
    assert simulate.main([*args, "--seed", "3", "--json"]) == 0

    # then its own game was played, scored in points (Blitz Bowl "Scoring
    # Points": a Touchdown 4, a Challenge Card its value, a Clean Sweep 2;
    # Generous Coaches adds at most 1 per Touchdown and card)
    result = json.loads(capsys.readouterr().out)
    assert (result["home"], result["away"]) == ("human", "orc")
    assert result["how"] in ("points", "sudden_death")
    for side in ("home", "away"):
        cards = result["cards_claimed"][side]
        touchdowns = result["touchdowns"][side]
        least = (
            4 * touchdowns
            + sum(c["points"] for c in cards)
            + 2 * result["clean_sweeps"][side]
        )
        assert least <= result["score"][side] <= least + touchdowns + len(cards)
    home, away = result["score"]["home"], result["score"]["away"]
    assert result["winner"] == (
        "home" if home > away else "away" if away > home else None
    )


@pytest.mark.parametrize(
    ("module", "args", "reason"),
    [
        (
            bench,
            ["--ruleset", "blitz-bowl"],
            "argument --ruleset: blitz-bowl is played with team cards by its "
            "own game, not on the pitch that engine.bench runs",
        ),
        (
            botbench,
            ["--formats", "sevens,blitz-bowl"],
            "argument --formats: blitz-bowl is played with team cards by its "
            "own game, not on the pitch that engine.tools.botbench runs",
        ),
        (
            simulate,
            ["--ruleset", "bb2030"],
            "argument --ruleset: unknown ruleset 'bb2030'; choose from bb2020, "
            "bb2025, blitz-bowl, classic, dungeon-bowl, sevens",
        ),
        (
            simulate,
            ["--ruleset", "blitz-bowl", "--home", "orc", "--away", "dwarf-giants"],
            "argument --away: blitz-bowl has no team 'dwarf-giants'",
        ),
        (
            simulate,
            ["--ruleset", "blitz-bowl", "--extra-time"],
            "argument --extra-time: blitz-bowl has no extra time",
        ),
        (
            skills_cli,
            ["--coverage", "--version", "blitz_bowl"],
            "argument --version: invalid choice: 'blitz_bowl'",
        ),
        (
            dungeon_simulate,
            ["--layout", "maze"],
            "argument --layout: invalid choice: 'maze'",
        ),
    ],
)
def test_a_ruleset_the_tool_cannot_play_is_refused_with_the_reason(
    module: ModuleType,
    args: list[str],
    reason: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        module.main(args)

    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert reason in captured.err


def test_python_m_engine_simulate_plays_blitz_bowl() -> None:
    # the command its --help offers, as a user types it
    done = subprocess.run(
        [sys.executable, "-m", "engine.simulate", "--ruleset", "blitz-bowl"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("orc ")
    assert " human (" in done.stdout
