"""Extra time and sudden death: a match that needs a winner always has one."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine import FixedDice, Match, RandomDice, default_team_sheet, get_variant
from engine.bots import RandomBot, ScriptedBot
from engine.bots.driver import play
from engine.core.events import ExtraTime, GameEnd, HalfTime, SuddenDeath, TurnStart
from engine.match import replay
from engine.rules.extra_time import sudden_death, sudden_death_from_rolls


def _sheets(rs: str, home: str = "orc", away: str = "human"):
    ruleset = get_variant(rs)
    return (
        ruleset,
        default_team_sheet(home, ruleset, first_id=1),
        default_team_sheet(away, ruleset, first_id=101),
    )


def _played(rs: str, seed: int, *, extra_time: bool, scripted: bool = False) -> Match:
    ruleset, home, away = _sheets(rs)
    m = Match(ruleset, home, away, RandomDice(seed), extra_time=extra_time)
    bots = (
        (ScriptedBot(seed), ScriptedBot(seed + 1))
        if scripted
        else (
            RandomBot(seed),
            RandomBot(seed + 1),
        )
    )
    play(m, *bots)
    return m


def test_sudden_death_is_five_roll_offs_with_ties_rerolled() -> None:
    dice = FixedDice([3, 3, 5, 2, 1, 6, 4, 4, 2, 2, 6, 1, 2, 5, 6, 5])
    sd = sudden_death(dice)
    assert sd.rolls == ((3, 3), (5, 2), (1, 6), (4, 4), (2, 2), (6, 1), (2, 5), (6, 5))
    assert (sd.home_wins, sd.away_wins) == (3, 2)
    assert sd.winner_side == "home"
    assert dice.remaining == 0


def test_all_five_roll_offs_are_rolled_even_after_three_wins() -> None:
    dice = FixedDice([1, 2, 1, 2, 1, 2, 6, 1, 6, 1])
    sd = sudden_death(dice)
    assert (sd.home_wins, sd.away_wins) == (2, 3)
    assert sd.winner == 1
    assert dice.remaining == 0


def test_table_rolls_are_read_like_the_engine_rolls_them() -> None:
    sd = sudden_death_from_rolls([(3, 3), (5, 2), (1, 6), (6, 1), (2, 5), (6, 5)])
    assert (sd.home_wins, sd.away_wins, sd.winner_side) == (3, 2, "home")


@pytest.mark.parametrize(
    ("rolls", "reason"),
    [
        ([(5, 2), (1, 6), (6, 1), (2, 5)], "4 roll-offs settled"),
        ([(5, 2)] * 5 + [(3, 3)], "more throws than the 5 roll-offs need"),
        ([(5, 2)] * 4 + [(7, 1)], "throw 5: dice are whole numbers from 1 to 6"),
        ([(5, 2)] * 4 + [(4,)], "throw 5 needs two dice"),
    ],
)
def test_table_rolls_that_are_not_a_shoot_out_are_refused(rolls, reason) -> None:
    with pytest.raises(ValueError, match=reason):
        sudden_death_from_rolls(rolls)


@pytest.mark.parametrize(("rs", "turns"), [("bb2020", 8), ("sevens", 6)])
def test_a_level_match_plays_extra_time_then_sudden_death(rs: str, turns: int) -> None:
    # random bots never score: level after the second half, and after extra time
    plain = _played(rs, 3, extra_time=False)
    playoff = _played(rs, 3, extra_time=True)
    assert plain.result.score == (0, 0)
    assert plain.result.winner is None

    # everything up to the final whistle is the same match
    n = len(plain.events) - 1
    assert isinstance(plain.events[n], GameEnd)
    assert playoff.events[:n] == plain.events[:n]
    assert playoff.events[n] == ExtraTime((0, 0))
    # then a coin toss decides who kicks, and each team has its turns
    assert playoff.events[n + 1].to_dict()["purpose"] == "coin_toss"
    extra_turns = [
        (e.team, e.turn) for e in playoff.events[n:] if isinstance(e, TurnStart)
    ]
    assert all(e.half == 3 for e in playoff.events[n:] if isinstance(e, TurnStart))
    assert sorted(extra_turns) == sorted(
        (team, t) for team in ("home", "away") for t in range(1, turns + 1)
    )

    shoot_out = [e for e in playoff.events if isinstance(e, SuddenDeath)]
    assert len(shoot_out) == 1
    sd = shoot_out[0]
    assert sd.home_wins + sd.away_wins == 5
    assert playoff.events[-1] == GameEnd((0, 0), sd.winner)
    result = playoff.result
    assert result.score == (0, 0)
    assert result.winner == sd.winner
    assert result.extra["extra_time"] is True
    assert result.extra["sudden_death"] == sd.to_dict()
    assert json.loads(json.dumps(result.to_dict()))["winner"] == sd.winner


def test_team_rerolls_carry_over_into_extra_time_unreplenished() -> None:
    ruleset, home, away = _sheets("bb2020")
    plain = _played("bb2020", 5, extra_time=False)
    left = list(plain.state.rerolls)
    assert left != [home.rerolls, away.rerolls]  # some were used in the 2nd half

    m = Match(ruleset, home, away, RandomDice(5), extra_time=True)
    for choice in plain.decisions:
        m.apply(choice)
    assert ExtraTime((0, 0)) in m.events
    assert m.pending is not None
    assert m.pending.kind == "kick_or_receive"
    assert m.state.rerolls == left


def test_the_leader_reroll_returns_for_the_second_half() -> None:
    ruleset, home, away = _sheets("bb2020")
    first = home.players[0]
    leader = dataclasses.replace(first, skills=(*first.skills, ("leader", None)))
    home = dataclasses.replace(home, players=(leader, *home.players[1:]))
    m = Match(ruleset, home, away, RandomDice(8))
    assert m.state.leader_rr == [1, 0]
    bots = (RandomBot(1), RandomBot(2))
    while not any(isinstance(e, HalfTime) for e in m.events):
        m.state.leader_rr[0] = 0  # spent in the first half
        d = m.pending
        assert d is not None
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
    assert m.state.leader_rr == [1, 0]


def test_a_match_won_in_normal_time_plays_no_extra_time() -> None:
    for seed in range(40):
        plain = _played("sevens", seed, extra_time=False, scripted=True)
        if plain.result.winner is not None:
            break
    else:
        pytest.fail("no decisive scripted match in 40 seeds")
    playoff = _played("sevens", seed, extra_time=True, scripted=True)
    assert [e.to_dict() for e in playoff.events] == [e.to_dict() for e in plain.events]
    assert playoff.result.extra["extra_time"] is False
    assert playoff.result.extra["sudden_death"] is None


def test_extra_time_can_be_won_by_a_touchdown() -> None:
    for seed in range(200):
        m = _played("sevens", seed, extra_time=True, scripted=True)
        if m.result.extra["extra_time"] and m.result.extra["sudden_death"] is None:
            break
    else:
        pytest.fail("no scripted playoff decided in extra time in 200 seeds")
    i = next(i for i, e in enumerate(m.events) if isinstance(e, ExtraTime))
    home, away = m.events[i].score
    assert home == away
    assert m.result.score[0] != m.result.score[1]
    assert m.result.winner == (
        "home" if m.result.score[0] > m.result.score[1] else "away"
    )
    assert not any(isinstance(e, SuddenDeath) for e in m.events)


def test_a_playoff_replays_identically() -> None:
    m = _played("sevens", 3, extra_time=True)
    ruleset, home, away = _sheets("sevens")
    again = replay(
        ruleset, home, away, 3, json.loads(json.dumps(m.decisions)), extra_time=True
    )
    assert [e.to_dict() for e in again] == [e.to_dict() for e in m.events]


def test_the_simulate_cli_plays_extra_time_on_request(capsys) -> None:
    from engine.tools.simulate import main

    args = ["--ruleset", "sevens", "--bot", "random", "--seed", "3"]
    main([*args, "--json"])
    plain = json.loads(capsys.readouterr().out)
    main([*args, "--extra-time", "--json"])
    playoff = json.loads(capsys.readouterr().out)

    assert plain["draw"] is True
    assert plain["extra_time"] is False
    assert playoff["draw"] is False
    assert playoff["extra_time"] is True
    assert playoff["winner"] == playoff["sudden_death"]["winner"]
    main([*args, "--extra-time"])
    assert (
        f"level after extra time: {playoff['winner']} win on sudden death"
        in capsys.readouterr().out
    )
