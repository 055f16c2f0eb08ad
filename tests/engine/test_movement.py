"""Movement: moving, dodging, rushing, standing up, jumping, picking up."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.events import Armour, KnockedDown, Roll, Touchdown, Turnover
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario


def test_open_player_moves_without_rolling() -> None:
    sc = Scenario("""
        A....
        .....
        ....b
    """)
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    assert sc.xy("A") == (2, 0)
    assert sc.events(Roll) == []


def test_cannot_move_into_occupied_square() -> None:
    sc = Scenario("""
        AB...
        .....
        ....b
    """)
    sc.act("A", "move")
    with pytest.raises(IllegalChoice):
        sc.move(1, 0)


def test_dodge_modifier_counts_markers_in_destination() -> None:
    # A is marked by b; dodging to (2,1) where c and d mark it: -2.
    sc = Scenario(
        """
        ..c..
        Ab...
        ..d..
    """,
        dice=[5],
    )
    sc.act("A", "move")
    sc.move(1, 2)  # (1,2) is next to b and d: two markers
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.dice, roll.target, roll.modifier) == (
        "dodge",
        (5,),
        3,
        -2,
    )
    assert roll.success is True


def test_failed_dodge_falls_over_and_turns_over() -> None:
    sc = Scenario(
        """
        .....
        Ab...
        .....
    """,
        dice=[2, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert [e.reason for e in sc.events(Turnover)] == ["fall"]
    assert sc.events(Armour)[0].dice == (3, 3)
    assert sc.match.done  # the scenario's only turn ended


def test_dodge_skill_rerolls_once_per_turn() -> None:
    sc = Scenario(
        """
        .....
        Ab...
        .....
    """,
        skills={"A": ["dodge"]},
        dice=[1, 4],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    rolls = [(r.dice, r.rerolled) for r in sc.events(Roll)]
    assert rolls == [((1,), False), ((4,), True)]
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_tackle_cancels_dodge_skill() -> None:
    sc = Scenario(
        """
        .....
        Ab...
        .....
    """,
        skills={"A": ["dodge"], "b": ["tackle"]},
        dice=[1, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert len(sc.events(Roll)) == 1


def test_rush_after_movement_allowance_and_failure_on_one() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        stats={"A": {"ma": 1}},
        dice=[2, 1, 4, 4],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)  # rush 1: 2 passes
    sc.move(3, 0)  # rush 2: 1 fails
    rushes = [(r.purpose, r.dice, r.success) for r in sc.events(Roll)]
    assert rushes == [("rush", (2,), True), ("rush", (1,), False)]
    assert sc.xy("A") == (3, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
    # no third rush was ever possible
    assert sc.events(KnockedDown)[0].how == "fall"


def test_only_two_rushes_without_sprint() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        stats={"A": {"ma": 0}},
        dice=[6, 6],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    assert ("move", sc.sq(3, 0)) not in sc.match.pending.options


def test_sprint_allows_a_third_rush() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        stats={"A": {"ma": 0}},
        skills={"A": ["sprint"]},
        dice=[6, 6, 6],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    sc.move(3, 0)
    assert sc.xy("A") == (3, 0)


def test_sure_feet_rerolls_a_rush() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        stats={"A": {"ma": 0}},
        skills={"A": ["sure-feet"]},
        dice=[1, 5],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.match.state.status[sc.p("A")] == STANDING
    assert [r.rerolled for r in sc.events(Roll)] == [False, True]


def test_team_reroll_is_offered_and_used() -> None:
    sc = Scenario(
        """
        .....
        Ab...
        .....
    """,
        rerolls=(1, 0),
        dice=[1, 6],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert sc.match.state.rerolls[0] == 0
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_standing_up_costs_three_squares() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        prone="A",
        stats={"A": {"ma": 4}},
    )
    sc.act("A", "move")
    sc.move(1, 0)
    # one square of MA left, then only rushes
    g = sc.match.state
    assert g.act_ma_used == 4
    assert g.status[sc.p("A")] == STANDING


def test_stand_up_with_low_ma_needs_four_plus() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        prone="A",
        stats={"A": {"ma": 2}},
        dice=[3],
    )
    sc.act("A", "move")
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert sc.events(Roll)[0].purpose == "stand_up"


def test_jump_over_prone_player() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        prone="b",
        dice=[4],
    )
    sc.act("A", "move")
    sc.match.apply(("jump", sc.sq(3, 1)))
    assert sc.xy("A") == (3, 1)
    r = sc.events(Roll)[0]
    assert (r.purpose, r.modifier) == ("jump", 0)


def test_jump_natural_one_falls_in_start_square() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        prone="b",
        dice=[1, 2, 2],
    )
    sc.act("A", "move")
    sc.match.apply(("jump", sc.sq(3, 1)))
    assert sc.xy("A") == (1, 1)
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_pick_up_with_markers_and_sure_hands() -> None:
    sc = Scenario(
        """
        .....
        A*b..
        .....
    """,
        skills={"A": ["sure-hands"]},
        dice=[2, 5],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    rolls = [(r.purpose, r.modifier, r.rerolled) for r in sc.events(Roll)]
    assert rolls == [("pick_up", -1, False), ("pick_up", -1, True)]
    assert sc.match.state.carrier == sc.p("A")


def test_failed_pick_up_bounces_and_turns_over() -> None:
    sc = Scenario(
        """
        .....
        A*...
        ....b
    """,
        dice=[1, 5],
    )  # pick-up 1, bounce D8=5 (east)
    sc.act("A", "move")
    sc.move(1, 1)
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.sq(2, 1)
    assert [e.reason for e in sc.events(Turnover)] == ["pick_up"]


def test_no_hands_cannot_pick_up() -> None:
    sc = Scenario(
        """
        .....
        A*...
        ....b
    """,
        skills={"A": ["no-hands"]},
        dice=[5],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    assert sc.match.state.carrier == -1
    assert sc.events(Turnover)


def test_moving_into_end_zone_with_ball_scores() -> None:
    sc = Scenario(
        """
        ..A.
        ....
        b...
    """,
        origin=(22, 5),
        ball="A",
    )
    sc.act("A", "move")
    sc.move(3, 0)
    assert [e.score for e in sc.events(Touchdown)] == [(1, 0)]
    assert sc.match.state.score == [1, 0]
    assert sc.match.done
    assert sc.match.result.player_stats[sc.id("A")].touchdowns == 1


def test_stunty_ignores_markers_and_titchy_adds_one() -> None:
    sc = Scenario(
        """
        ..c..
        Ab...
        ..d..
    """,
        skills={"A": ["stunty", "titchy"]},
        dice=[3],
    )
    sc.act("A", "move")
    sc.move(1, 2)
    assert sc.events(Roll)[0].modifier == 1


def test_titchy_marker_does_not_count_for_dodge() -> None:
    sc = Scenario(
        """
        ..c..
        Ab...
        ..d..
    """,
        skills={"d": ["titchy"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.move(1, 2)  # next to b (normal) and d (titchy)
    assert sc.events(Roll)[0].modifier == -1
