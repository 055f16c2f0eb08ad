"""The bot arena: its counters from the engine's events, the Wilson
interval, the roster pairs and the swapped sides, and its JSON."""

from __future__ import annotations

import json

import pytest

from engine.core.events import (
    BallCaught,
    Casualty,
    Concede,
    Foul,
    HandOff,
    Interference,
    Pass,
    TimeLimit,
    Touchdown,
    TurnStart,
)
from engine.tools import arena
from engine.tools.arena import Setup, count_events, roster_pair, summarise, wilson

AWAY = frozenset({100, 101, 102})


def test_wilson_interval_of_known_counts() -> None:
    # 7 of 10, z = 1.96: centre (0.7 + z²/20) / (1 + z²/10) = 0.64449,
    # half-width z·sqrt(0.021 + z²/400) / (1 + z²/10) = 0.24771
    lo, hi = wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-4)
    assert hi == pytest.approx(0.8922, abs=1e-4)
    # 5 of 10 is symmetric about 1/2; 0 of 0 says nothing
    lo, hi = wilson(5, 10)
    assert (lo, hi) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # 0 of 4: the lower bound is 0, the upper z²/(4 + z²) = 0.4899
    assert wilson(0, 4) == pytest.approx((0.0, 0.4899), abs=1e-4)


def test_counters_from_a_scripted_event_list() -> None:
    events = [
        TurnStart("home", 1, 1),
        # an accurate pass caught on its target by a team-mate: a completion
        Pass(1, 40, "short", "accurate"),
        BallCaught(2, 40, "catch"),
        HandOff(2, 3),
        Touchdown("home", 3, (1, 0)),
        TurnStart("away", 1, 1),
        # inaccurate: an attempt, caught or not it is no completion
        Pass(100, 50, "long", "inaccurate"),
        BallCaught(101, 51, "catch"),
        # intercepted: an attempt, no completion
        Pass(101, 60, "short", "accurate"),
        Interference(2, "interception"),
        BallCaught(2, 60, "catch"),
        # caught by the other team on the target square: no completion
        Pass(100, 61, "quick", "accurate"),
        BallCaught(3, 61, "catch"),
        Foul(100, 1),
        Foul(102, 2),
        Casualty(1, 12, "seriously_hurt", 0, ""),
        Casualty(2, 15, "dead", 0, ""),
        Casualty(101, 10, "badly_hurt", 0, ""),
        TurnStart("home", 1, 2),
    ]
    f = count_events(events, AWAY)
    home, away = f.teams
    assert (home.passes, home.completions, home.hand_offs) == (1, 1, 1)
    assert (home.touchdowns, home.fouls, home.casualties) == (1, 0, 1)
    assert (away.passes, away.completions, away.hand_offs) == (3, 0, 0)
    assert (away.touchdowns, away.fouls, away.casualties) == (0, 2, 2)
    assert f.turns == 3
    assert f.end == "full_time"


def test_end_reasons() -> None:
    td = [TurnStart("home", 1, 1), Touchdown("home", 1, (1, 0))]
    # Dungeon Bowl (no halves): the game ends on its first touchdown
    assert count_events(td, AWAY, has_halves=False).end == "touchdown"
    assert count_events(td, AWAY, has_halves=True).end == "full_time"
    # a turn after the touchdown: the touchdown did not end the game
    later = [*td, TurnStart("away", 1, 1)]
    assert count_events(later, AWAY, has_halves=False).end == "full_time"
    clock = [TurnStart("home", 1, 1), TimeLimit(3, (4, 9), "home")]
    assert count_events(clock, AWAY, has_halves=False).end == "time_limit"
    gone = [*td, Concede("away", False)]
    assert count_events(gone, AWAY, has_halves=False).end == "conceded"


def test_roster_pairs_cycle_through_every_roster() -> None:
    rs = ("a", "b", "c")
    pairs = [roster_pair(k, rs) for k in range(6)]
    # first round: each roster against the next; second: the one after
    assert pairs == [
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("a", "c"),
        ("b", "a"),
        ("c", "b"),
    ]
    assert roster_pair(6, rs) == ("a", "b")


def test_sides_swap_within_a_pair() -> None:
    setup = Setup("sevens", 5, "random", "random", rosters=("orc", "human"))
    g0 = arena.play_game(setup, 0)
    g1 = arena.play_game(setup, 1)
    # game 0: A at home with the pair's first roster; game 1: B is
    assert (g0["a_roster"], g0["b_roster"]) == ("orc", "human")
    assert (g1["a_roster"], g1["b_roster"]) == ("human", "orc")
    # the same bots and dice again: the same game
    assert arena.play_game(setup, 1) == g1


def _game(outcome: str, roster: str, passes: int) -> dict[str, object]:
    a = dict.fromkeys(arena.COUNTS, 0) | {"passes": passes}
    return {
        "game": 0,
        "a_roster": roster,
        "b_roster": "x",
        "a": a,
        "b": dict.fromkeys(arena.COUNTS, 0),
        "turns": 30,
        "end": "full_time",
        "outcome": outcome,
    }


def test_summary_counts_decisive_games_only() -> None:
    games = [
        _game("win", "elf", 2),
        _game("win", "elf", 0),
        _game("draw", "orc", 0),
        _game("loss", "orc", 1),
    ]
    s = summarise(games)  # type: ignore[arg-type]
    assert (s["wins"], s["draws"], s["losses"]) == (2, 1, 1)
    assert s["win_share"] == pytest.approx(2 / 3, abs=1e-4)
    lo, hi = wilson(2, 3)
    assert s["win_share_95"] == [round(lo, 4), round(hi, 4)]
    assert s["a_per_game"]["passes"] == 0.75
    assert s["a_per_roster"]["elf"]["pass_games"] == 1
    assert s["a_per_roster"]["elf"]["passes"] == 1.0
    assert s["a_per_roster"]["orc"]["wins"] == 0
    assert s["end"] == {"full_time": 4}


def test_cli_prints_json_and_workers_do_not_change_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--format", "sevens", "--games", "3", "--bot-a", "random"]
    args += ["--bot-b", "random", "--quiet", "--seed", "2"]
    assert arena.main(args) == 0
    one = json.loads(capsys.readouterr().out)
    s = one["sevens"]
    assert s["games"] == 3
    assert s["wins"] + s["draws"] + s["losses"] == 3
    assert sum(s["end"].values()) == 3
    assert arena.main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == one


def test_own_teams_field_the_formats_own_rosters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Dungeon Bowl's rules data hold the eight Colleges: --own-teams plays
    # them (its leagues draft them); without it, the BB2020 rosters.
    args = ["--format", "dungeon-bowl", "--games", "2", "--bot-a", "random"]
    args += ["--bot-b", "random", "--quiet"]
    assert arena.main([*args, "--own-teams"]) == 0
    own = json.loads(capsys.readouterr().out)
    assert own["teams"] == "own"
    assert sorted(own["dungeon-bowl"]["a_per_roster"]) == [
        "college-of-beasts",
        "college-of-death",
    ]
    assert arena.main(args) == 0
    bb = json.loads(capsys.readouterr().out)
    assert bb["teams"] == "default"
    assert sorted(bb["dungeon-bowl"]["a_per_roster"]) == ["amazon", "black-orc"]
