"""Punt, BB2025's new Passing skill (skills.md): a once-per-turn Special
action; the ball holder kicks it, the Throw-in template's D6 for the
direction and a D6 for the distance (Kick re-rolls either); a ball at rest
is no Turnover, one an opponent ends with or kicked off the pitch is."""

from __future__ import annotations

import pytest

from engine.core.events import BallMove, Roll, SkillUsed, Turnover
from engine.tools.scenario import Scenario

FIELD = """
    ...........
    .A.........
    ...........
"""


def punt(sc: Scenario, facing: tuple[int, int] = (1, 0)) -> None:
    sc.act("A", "punt")
    sc.choose("punt")
    sc.choose("facing", *facing)


def test_a_punt_comes_to_rest_without_a_turnover() -> None:
    # Template facing +x: D6 3 straight on, D6 4 squares: (1, 1) -> (5, 1),
    # then the ball bounces (D8 2: straight up) to (5, 0) and lies there.
    sc = Scenario(
        FIELD, ruleset="bb2025", skills={"A": ["punt"]}, ball="A", dice=[3, 4, 2]
    )
    punt(sc)
    r = [x for x in sc.events(Roll) if x.purpose == "punt"][0]
    assert r.dice == (3, 4)
    assert [(b.how, b.src, b.dst) for b in sc.events(BallMove)] == [
        ("punt", sc.sq(1, 1), sc.sq(5, 1)),
        ("bounce", sc.sq(5, 1), sc.sq(5, 0)),
    ]
    g = sc.match.state
    assert (g.carrier, g.ball) == (-1, sc.sq(5, 0))
    assert sc.events(Turnover) == []
    # the activation is over, and Punt is once per team turn
    assert ("activate", sc.id("A"), "punt") not in sc.match.pending.options


def test_a_punt_diagonal() -> None:
    # D6 1: the first diagonal of the template facing +x, 2 squares.
    sc = Scenario(
        FIELD, ruleset="bb2025", skills={"A": ["punt"]}, ball="A", dice=[1, 2, 2]
    )
    punt(sc)
    assert sc.events(BallMove)[0].dst == sc.sq(3, -1)


def test_a_punt_caught_by_an_opponent_is_a_turnover() -> None:
    # z at (5, 1) catches it (AG 3+ at -1 with a 5).
    sc = Scenario(
        """
        ...........
        .A...z.....
        ...........
        """,
        ruleset="bb2025",
        skills={"A": ["punt"]},
        ball="A",
        dice=[3, 4, 5],
    )
    punt(sc)
    g = sc.match.state
    assert g.carrier == sc.p("z")
    assert [t.reason for t in sc.events(Turnover)] == ["punt"]


def test_a_punt_off_the_pitch_is_a_turnover() -> None:
    # A stands on the top row; facing -y, D6 3 straight on: the first of
    # the 6 squares is off the pitch. The crowd throws it in (D6 3, 2D6 2 + 2).
    sc = Scenario(
        """
        .A.
        ...
        """,
        origin=(10, 0),
        ruleset="bb2025",
        skills={"A": ["punt"]},
        ball="A",
        dice=[3, 6, 3, 2, 2, 1],
    )
    punt(sc, (0, -1))
    assert sc.events(BallMove)[0].dst == -1
    assert [t.reason for t in sc.events(Turnover)] == ["punt"]
    assert [b.how for b in sc.events(BallMove)][1] == "throw_in"


def test_kick_rerolls_the_distance() -> None:
    # D6 3 straight, D6 6 squares; Kick re-rolls the distance: 2, to (3, 1),
    # then a bounce (D8 2) to (3, 0).
    sc = Scenario(
        FIELD,
        ruleset="bb2025",
        skills={"A": ["punt", "kick"]},
        ball="A",
        dice=[3, 6, 2, 2],
    )
    punt(sc)
    d = sc.match.pending
    assert d.options == (
        ("reroll", "direction"),
        ("reroll", "distance"),
        ("decline",),
    )
    sc.choose("reroll", "distance")
    rolls = [x.dice for x in sc.events(Roll) if x.purpose == "punt"]
    assert rolls == [(3, 6), (3, 2)]
    assert sc.events(BallMove)[0].dst == sc.sq(3, 1)
    assert [e.skill for e in sc.events(SkillUsed)] == ["punt", "kick"]


@pytest.mark.parametrize(
    ("skills", "offered"),
    [(["punt"], True), (["punt", "no-ball"], False), ([], False)],
)
def test_who_may_punt(skills: list[str], offered: bool) -> None:
    sc = Scenario(FIELD, ruleset="bb2025", skills={"A": skills}, ball="A")
    opts = sc.match.pending.options
    assert (("activate", sc.id("A"), "punt") in opts) is offered
