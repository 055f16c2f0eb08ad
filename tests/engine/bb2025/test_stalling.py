"""BB2025 "Stalling / the crowd takes action" (changes_from_bb2020.md
section 4, tables.md "Stalling"): a carrier who could score without a dice
roll and does not faces a D6; at least the team's turn number (turns 1-6)
has the crowd knock him down, a Turnover."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.events import KnockedDown, Roll, Touchdown, Turnover
from engine.core.state import PRONE
from engine.tools.scenario import Scenario
from engine.variants.bb2025.stalling import free_score

# A (MA 6, with the ball) five squares from the End Zone he scores in
# (x 25); b two rows below, Marking none of his squares.
DIAGRAM = """
    A....
    .....
    b....
"""


def scenario(
    x: int = 20, ruleset: str = "bb2025", diagram: str = DIAGRAM, **kw: Any
) -> Scenario:
    return Scenario(diagram, ruleset=ruleset, origin=(x, 7), ball="A", **kw)


def extra(sc: Scenario) -> dict[str, Any]:
    """What the match result's ``extra`` will hold."""
    g = sc.match.state
    return g.variant.result_extra(g)


def stalling_rolls(sc: Scenario) -> list[tuple[tuple[int, ...], int, bool]]:
    return [
        (r.dice, r.target, r.success)
        for r in sc.events(Roll)
        if r.purpose == "stalling"
    ]


@pytest.mark.parametrize(("x", "free"), [(20, True), (19, True), (18, False)])
def test_could_score_within_his_movement_without_a_rush(x: int, free: bool) -> None:
    sc = scenario(x)
    assert free_score(sc.match.state, sc.p("A")) is free


def test_not_when_marked() -> None:
    sc = scenario(diagram="Ab...")
    assert not free_score(sc.match.state, sc.p("A"))


def test_not_when_every_path_needs_a_dodge() -> None:
    # b, c and d cover the three squares in front of A (x 21, y 6-8) and
    # every square beyond them that leads on within his Movement.
    sc = Scenario(
        """
        ...b..
        ......
        A.....
        ......
        ...c..
    """,
        ruleset="bb2025",
        origin=(20, 5),
        ball="A",
        stats={"A": {"ma": 5}},
    )
    assert free_score(sc.match.state, sc.p("A"))  # a free path around b and c
    blocked = Scenario(
        """
        ...b..
        ...e..
        A..f..
        ...g..
        ...c..
    """,
        ruleset="bb2025",
        origin=(20, 5),
        ball="A",
        stats={"A": {"ma": 5}},
    )
    assert not free_score(blocked.match.state, blocked.p("A"))


def test_not_for_a_compulsory_roll_at_activation() -> None:
    sc = scenario(skills={"A": ["bone-head"]})
    assert not free_score(sc.match.state, sc.p("A"))


@pytest.mark.parametrize(
    ("turn", "die", "hit"),
    [
        (1, 1, True),
        (3, 3, True),
        (3, 2, False),
        (6, 6, True),
        (7, 6, False),
        (8, 6, False),
    ],
)
def test_the_crowd_hits_on_at_least_the_turn_number(
    turn: int, die: int, hit: bool
) -> None:
    # A moves one square and stops short of the End Zone.
    sc = scenario(turn=turn, dice=[die, 4, 4, 4, 4, 4])
    sc.act("A", "move")
    sc.move(1, 0)
    sc.choose("end")
    assert stalling_rolls(sc) == [((die,), turn, hit)]
    g = sc.match.state
    if hit:
        assert [e.how for e in sc.events(KnockedDown)] == ["stalling"]
        assert [t.reason for t in sc.events(Turnover)] == ["stalling"]
        assert g.carrier != sc.p("A")
    else:
        assert sc.events(KnockedDown) == []
        assert g.carrier == sc.p("A")
    assert extra(sc)["stalled"] == ["home"]


def test_scoring_is_not_stalling() -> None:
    sc = scenario(turn=2)
    sc.act("A", "move")
    for x in range(1, 6):
        sc.move(x, 0)
    assert sc.events(Touchdown)
    assert stalling_rolls(sc) == []


def test_a_carrier_who_could_not_score_free_is_not_stalling() -> None:
    sc = scenario(18, turn=2, dice=[4, 4])
    sc.act("A", "move")
    sc.move(1, 0)
    sc.choose("end")
    assert stalling_rolls(sc) == []
    assert extra(sc)["stalled"] == []


def test_a_carrier_left_unactivated_faces_the_crowd_as_the_turn_ends() -> None:
    sc = scenario(turn=1, dice=[1, 4, 4, 4, 4])
    sc.choose("end_turn")
    assert stalling_rolls(sc) == [((1,), 1, True)]
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert [t.reason for t in sc.events(Turnover)] == ["stalling"]


def test_bb2020_has_no_stalling() -> None:
    sc = scenario(ruleset="bb2020", turn=1, dice=[4, 4])
    sc.act("A", "move")
    sc.move(1, 0)
    sc.choose("end")
    sc.choose("end_turn")
    assert stalling_rolls(sc) == []
    assert "stalled" not in extra(sc)


def test_a_marked_end_zone_square_is_reached_without_a_roll() -> None:
    """changes_from_bb2020.md "Stalling": a carrier who could score without
    any dice roll. Moving into a square an opponent Marks needs no roll
    (the Dodge is for leaving one), so the last step into a Marked End Zone
    square is free. A (MA 2, x 23) is not Marked; his team-mates C, D, E
    fill the End Zone squares (x 25) but y 7, which b Marks; (24, 6) is
    Marked by nobody."""
    diagram = """
        ....C
        ....D
        ..A..
        ....b
        ....E
    """
    sc = Scenario(
        diagram,
        ruleset="bb2025",
        origin=(21, 5),
        ball="A",
        turn=2,
        stats={"A": {"ma": 2}},
    )
    assert free_score(sc.match.state, sc.p("A"))
    # He does score with no dice roll at all.
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 2)
    assert sc.events(Touchdown)
    assert sc.events(Roll) == []
