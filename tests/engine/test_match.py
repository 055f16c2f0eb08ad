"""Whole matches: replay, clone, results, conceding, CLIs."""

from __future__ import annotations

import json

import pytest

from engine import (
    IllegalChoice,
    Match,
    RandomDice,
    default_team_sheet,
    get_variant,
    replay,
)
from engine.bots import RandomBot, ScriptedBot
from engine.bots.driver import play
from engine.core.events import HalfTime, TurnStart
from engine.tools.bench import bench
from engine.tools.simulate import simulate


def _match(rs: str, seed: int, home: str = "orc", away: str = "human") -> Match:
    ruleset = get_variant(rs)
    return Match(
        ruleset,
        default_team_sheet(home, ruleset, first_id=1),
        default_team_sheet(away, ruleset, first_id=101),
        RandomDice(seed),
    )


@pytest.mark.parametrize("rs", ["bb2020", "sevens"])
def test_replay_reproduces_events(rs: str) -> None:
    m = _match(rs, 11)
    play(m, RandomBot(1), RandomBot(2))
    ruleset = get_variant(rs)
    again = replay(
        ruleset,
        default_team_sheet("orc", ruleset, first_id=1),
        default_team_sheet("human", ruleset, first_id=101),
        11,
        json.loads(json.dumps(m.decisions)),
    )
    assert [e.to_dict() for e in again] == [e.to_dict() for e in m.events]


def test_clone_is_independent() -> None:
    m = _match("bb2020", 3)
    bot = RandomBot(5)
    for _ in range(150):
        d = m.pending
        assert d is not None
        m.apply(bot.choose(d, m.state))
    c = m.clone()
    n_events = len(m.events)
    board = list(m.state.board)
    play(c, RandomBot(1), RandomBot(2))
    assert c.done
    assert len(m.events) == n_events
    assert m.state.board == board
    assert not m.done
    # the original continues identically to a second clone
    c2 = m.clone()
    play(m, RandomBot(9), RandomBot(9))
    play(c2, RandomBot(9), RandomBot(9))
    assert [e.to_dict() for e in m.events] == [e.to_dict() for e in c2.events]


def test_result_is_json_serialisable() -> None:
    m = _match("sevens", 4)
    play(m, ScriptedBot(1), ScriptedBot(2))
    r = m.result
    d = json.loads(json.dumps(r.to_dict()))
    assert d["score"] == {"home": r.score[0], "away": r.score[1]}
    assert d["fan_factor"]["home"] == 1 + r.fan_factor_d3[0]
    assert set(d["player_stats"]) == {str(p.id) for p in m.state.sheets[0].players} | {
        str(p.id) for p in m.state.sheets[1].players
    }
    assert all(e.to_dict()["type"] for e in m.events)
    json.dumps([e.to_dict() for e in m.events])


def test_concede_awards_touchdowns() -> None:
    m = _match("sevens", 2)
    bot = RandomBot(1)
    while m.pending is not None and ("concede",) not in m.pending.options:
        m.apply(bot.choose(m.pending, m.state))
    team = m.pending.team if m.pending else "home"
    m.apply(("concede",))
    assert m.done
    r = m.result
    assert r.conceded == team
    assert r.winner == ("away" if team == "home" else "home")


def test_illegal_choice_raises() -> None:
    m = _match("bb2020", 1)
    with pytest.raises(IllegalChoice, match="not a legal option"):
        m.apply(("nonsense",))


def test_duplicate_ids_rejected() -> None:
    rs = get_variant("sevens")
    with pytest.raises(ValueError, match="unique"):
        Match(rs, default_team_sheet("orc", rs), default_team_sheet("human", rs))


@pytest.mark.parametrize("rs", ["bb2020", "sevens"])
def test_turn_limits_respected(rs: str) -> None:
    m = _match(rs, 21)
    play(m, RandomBot(3), RandomBot(4))
    n = get_variant(rs).turns_per_half
    assert all(0 <= t <= n for t in m.result.turns_played)


@pytest.mark.parametrize(("rs", "turns"), [("bb2020", 8), ("sevens", 6)])
def test_each_half_gives_each_team_its_turns(rs: str, turns: int) -> None:
    """blood_bowl_sevens.md "Dugouts": "there are only six turns per half
    in a Blood Bowl Sevens game" (seed 004 "Half: series of Drives, 6 turns
    per team"); Blood Bowl's half has eight. Half-time comes once both
    teams have played their last turn of the first half."""
    m = _match(rs, 3)
    play(m, ScriptedBot(3), ScriptedBot(4))
    starts = [(e.half, e.team, e.turn) for e in m.events if type(e) is TurnStart]
    for half in (1, 2):
        for team in ("home", "away"):
            played = [t for h, tm, t in starts if (h, tm) == (half, team)]
            assert max(played) == turns
            assert min(played) >= 1
    half_time = next(i for i, e in enumerate(m.events) if type(e) is HalfTime)
    before = [(e.team, e.turn) for e in m.events[:half_time] if type(e) is TurnStart]
    assert sorted(t for _, t in before[-2:]) == [turns, turns]
    assert {e.half for e in m.events if type(e) is TurnStart} == {1, 2}


def test_simulate_and_bench_cli_functions() -> None:
    out = simulate("sevens", "orc", "human", 7, "scripted")
    assert out["events"] > 0
    json.dumps(out)
    b = bench("sevens", "random", 2, 1)
    assert b["games"] == 2
    assert float(str(b["clone_us"])) > 0


def test_scripted_bot_beats_random_bot_on_average() -> None:
    diff = 0
    for seed in range(6):
        m = _match("sevens", seed)
        play(m, ScriptedBot(seed), RandomBot(seed))
        diff += m.result.score[0] - m.result.score[1]
    assert diff > 0
