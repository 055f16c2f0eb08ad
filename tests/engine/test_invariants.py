"""Property tests: invariants (engine.tools.invariants, among them "no
loose ball in an occupied square") hold at every decision of random games
of every variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Match, RandomDice, default_team_sheet, get_variant
from engine.bots import RandomBot, ScriptedBot
from engine.core.events import Touchdown
from engine.tools.invariants import check
from engine.tools.scenario import Scenario
from tests.engine.rosters import PLAYABLE_ROSTERS

ROSTERS = PLAYABLE_ROSTERS


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    rs=st.sampled_from(["bb2020", "sevens", "classic"]),
    home=st.sampled_from(ROSTERS),
    away=st.sampled_from(ROSTERS),
    scripted=st.booleans(),
    extra_time=st.booleans(),
)
def test_invariants_hold_every_decision(
    seed: int, rs: str, home: str, away: str, scripted: bool, extra_time: bool
) -> None:
    ruleset = get_variant(rs)
    m = Match(
        ruleset,
        default_team_sheet(home, ruleset, first_id=1),
        default_team_sheet(away, ruleset, first_id=101),
        RandomDice(seed),
        extra_time=extra_time,
    )
    bots = (
        (ScriptedBot(seed), RandomBot(seed))
        if scripted
        else (RandomBot(seed), RandomBot(seed + 1))
    )
    steps = 0
    while m.pending is not None:
        errs = check(m.state)
        assert errs == [], errs
        d = m.pending
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
        steps += 1
        assert steps < 20_000  # every match ends
    assert m.done
    assert check(m.state) == []
    r = m.result
    assert r.score == (m.state.score[0], m.state.score[1]) or r.conceded
    if extra_time:  # a match that needs a winner has one
        assert r.winner is not None
    n_players = len(m.state.sheets[0].players) + len(m.state.sheets[1].players)
    assert len(m.state.box) == n_players


def test_a_loose_ball_resting_under_a_player_is_reported() -> None:
    # given a Prone player lying on the loose ball between activations
    sc = Scenario(
        """
        .....
        .A*..
        ....b
    """,
        prone="A",
    )
    g = sc.match.state
    assert check(g) == []
    # when the ball is put under him
    g.ball = g.pos[sc.p("A")]
    # then
    assert check(g) == [f"loose ball at {g.ball} under player {sc.p('A')}"]


def test_the_score_is_checked_against_the_touchdowns_logged_so_far() -> None:
    """The check counts touchdown events as the log grows (it keeps its
    count between calls): a score without its touchdown is caught, the
    touchdown logged later makes it consistent again, and a new log (a
    clone's) is counted afresh."""
    ruleset = get_variant("bb2020")
    m = Match(
        ruleset,
        default_team_sheet("human", ruleset, first_id=1),
        default_team_sheet("orc", ruleset, first_id=101),
        RandomDice(7),
    )
    g = m.state
    assert not [e for e in check(g) if e.startswith("score")]
    g.score[0] += 1
    assert [e for e in check(g) if e.startswith("score")] == [
        "score [1, 0] != touchdown events [0, 0]"
    ]
    g.events.append(Touchdown("home", 1, (1, 0)))
    assert not [e for e in check(g) if e.startswith("score")]
    g.events = list(g.events[:-1])  # a new log without it
    assert [e for e in check(g) if e.startswith("score")] == [
        "score [1, 0] != touchdown events [0, 0]"
    ]
