"""BB2025 "The team turn and actions": Secure the Ball (changes_from_bb2020.md
section 4): once per team turn, with the ball on the ground and no opposing
player with a Tackle Zone within 2 squares of it, not by a Big Guy or a
player with No Hands or Ball & Chain; the pick-up is a flat 2+ with no
modifier and no Skill re-roll, and a secured ball ends the activation."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.errors import RuleError
from engine.core.events import BallCaught, Roll, Touchdown, Turnover
from engine.core.model import PlayerSheet, TeamSheet
from engine.core.state import TF_SECURE
from engine.match import Match, run
from engine.rules.ball import check_touchdown
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants import BB2025

SECURE = "secure_the_ball"

# The ball two squares east of A; b three squares beyond it.
FAR = """
    .......
    A.*...b
    .......
"""
# b two squares from the ball.
NEAR = """
    ......
    A.*.b.
    ......
"""


def scenario(diagram: str = FAR, **kw: Any) -> Scenario:
    return Scenario(diagram, ruleset="bb2025", **kw)


def offered(sc: Scenario, letter: str = "A") -> bool:
    opts = sc.match.pending.options
    return ("activate", sc.id(letter), SECURE) in opts


def secure(sc: Scenario) -> None:
    """A declares Secure the Ball and moves onto the ball (2, 0)."""
    sc.act("A", SECURE)
    sc.move(1, 1)
    sc.move(2, 1)


def test_offered_when_no_opponent_is_within_two_squares_of_the_ball() -> None:
    assert offered(scenario())
    assert not offered(scenario(NEAR))


def test_an_opponent_without_a_tackle_zone_does_not_stop_it() -> None:
    assert offered(scenario(NEAR, prone="b"))


def test_not_when_the_ball_is_held() -> None:
    assert not offered(Scenario(FAR.replace("*", "."), ruleset="bb2025", ball="A"))


def test_not_in_bb2020() -> None:
    assert not offered(Scenario(FAR, ruleset="bb2020"))


@pytest.mark.parametrize("trait", ["no-hands", "ball-and-chain"])
def test_not_with_no_hands_or_ball_and_chain(trait: str) -> None:
    assert not offered(scenario(skills={"A": [trait]}))


def with_position(sc: Scenario, letter: str, position: str) -> Scenario:
    """The same scenario, ``letter`` fielded as ``position`` of the BB2025
    Human roster, its turn started again."""
    g = sc.match.state
    home = g.sheets[0]
    players = tuple(
        replace(p, position=position) if p.id == sc.id(letter) else p
        for p in home.players
    )
    g.sheets = (replace(home, players=players), g.sheets[1])
    g.stack.clear()
    g.stack.append(Turn(0))
    run(g)
    return sc


def test_not_by_a_big_guy() -> None:
    sc = scenario()
    assert offered(with_position(sc, "A", "human-lineman"))
    assert not offered(with_position(sc, "A", "human-ogre"))


def test_a_flat_two_plus_whatever_the_modifiers() -> None:
    # Pouring Rain would make A's AG 3+ pick-up a 4+; the 2 secures it.
    sc = scenario(weather="pouring_rain", dice=[2])
    secure(sc)
    rolls = [
        (r.purpose, r.dice, r.target, r.modifier, r.success) for r in sc.events(Roll)
    ]
    assert rolls == [(SECURE, (2,), 2, 0, True)]
    assert sc.match.state.carrier == sc.p("A")
    assert [e.how for e in sc.events(BallCaught)] == ["pick_up"]


def test_a_secured_ball_ends_the_activation() -> None:
    sc = scenario(dice=[2])
    secure(sc)
    g = sc.match.state
    assert g.tflags & TF_SECURE
    # A's activation is over: the coach activates another player (or ends).
    assert sc.match.pending.kind != "move"
    assert ("activate", sc.id("A"), "move") not in sc.match.pending.options


def test_a_one_fails_and_is_a_turnover_no_sure_hands() -> None:
    sc = scenario(skills={"A": ["sure-hands", "pro"]}, dice=[1, 4, 4, 4])
    secure(sc)
    assert [(r.purpose, r.dice) for r in sc.events(Roll)][:1] == [(SECURE, (1,))]
    assert [r for r in sc.events(Roll) if r.rerolled] == []
    assert [t.reason for t in sc.events(Turnover)] == ["pick_up"]


def test_a_team_reroll_may_be_used() -> None:
    sc = scenario(rerolls=(1, 0), dice=[1, 5])
    secure(sc)
    assert sc.match.pending.kind == "reroll"
    assert ("pro",) not in sc.match.pending.options
    sc.choose(*sc.match.pending.options[0])
    assert sc.match.state.carrier == sc.p("A")


def test_a_move_still_picks_up_with_an_agility_test() -> None:
    sc = scenario(weather="pouring_rain", dice=[4])
    sc.act("A", "move")
    sc.move(1, 1)
    sc.move(2, 1)
    r = sc.events(Roll)[0]
    assert (r.purpose, r.target, r.modifier) == ("pick_up", 3, -1)


def test_a_star_rule_the_digest_does_not_give_is_refused_with_the_reason() -> None:
    player = PlayerSheet(
        1, "A", 1, "human-lineman", 6, 3, 3, 4, 9, (("woodland-fury", None),)
    )
    home = TeamSheet("Home", "human", (player,), 0, False, 1)
    away = TeamSheet("Away", "orc", (replace(player, id=101, skills=()),), 0, False, 1)
    with pytest.raises(
        RuleError,
        match="woodland-fury.*does not implement .a BB2025 Star Player's special "
        "rule whose text the edition's digest does not give",
    ):
        Match(BB2025, home, away)


# A one step from the ball lying in the End Zone he scores in (x = 25).
IN_END_ZONE = """
    b......
    .......
    ....A.*
"""


def test_a_ball_secured_in_the_end_zone_scores_no_touchdown() -> None:
    """changes_from_bb2020.md "Secure the Ball": on success the activation
    ends "(cannot move on or score that activation)"; a pick-up in the End
    Zone would otherwise score at once (rulebook "Scoring a Touchdown")."""
    sc = scenario(IN_END_ZONE, origin=(19, 5), dice=[2])
    assert sc.pitch.xy(sc.sq(6, 2)) == (25, 7)
    sc.act("A", SECURE)
    sc.move(5, 2)
    sc.move(6, 2)
    g = sc.match.state
    assert g.carrier == sc.p("A")
    assert sc.events(Touchdown) == []
    assert g.score == [0, 0]
    assert not g.touchdown


def test_a_move_picking_up_in_the_end_zone_scores() -> None:
    """The same pick-up in a Move action is a touchdown (rulebook "Scoring
    a Touchdown": a Standing player picks up the ball in that End Zone)."""
    sc = scenario(IN_END_ZONE, origin=(19, 5), dice=[6])
    sc.act("A", "move")
    sc.move(5, 2)
    sc.move(6, 2)
    assert [e.score for e in sc.events(Touchdown)] == [(1, 0)]


def test_the_secured_ball_may_score_from_the_next_team_turn() -> None:
    """Decision (bb2025.secure): the player holding a ball he secured in the
    End Zone may score once the next team turn has begun."""
    sc = scenario(IN_END_ZONE, origin=(19, 5), dice=[2])
    sc.act("A", SECURE)
    sc.move(5, 2)
    sc.move(6, 2)
    g = sc.match.state
    a = sc.p("A")
    assert not check_touchdown(g, a)
    BB2025.turn_starts(g, 1)
    assert check_touchdown(g, a)
    assert g.score == [1, 0]
