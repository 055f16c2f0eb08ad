"""Passing, catching, interference, hand-offs, throw-ins."""

from __future__ import annotations

import pytest

from engine.core.events import BallCaught, BallMove, Interference, Pass, Roll, Turnover
from engine.rules.range_ruler import BOMB, LONG, OUT, QUICK, SHORT, pass_band
from engine.tools.scenario import Scenario


@pytest.mark.parametrize(
    ("dx", "dy", "band"),
    [
        (1, 1, QUICK),
        (3, 0, QUICK),
        (2, 2, QUICK),
        (3, 2, SHORT),
        (6, 0, SHORT),
        (4, 6, LONG),
        (7, 0, LONG),
        (10, 0, LONG),
        (11, 0, BOMB),
        (13, 0, BOMB),
        (14, 0, OUT),
        (0, 14, OUT),
        (11, 9, OUT),
        (9, 9, BOMB),
        (6, 3, SHORT),
    ],
)
def test_range_chart(dx: int, dy: int, band: int) -> None:
    assert pass_band(dx, dy) == band
    assert pass_band(dy, dx) == band


def test_accurate_pass_is_caught_and_counts_a_completion() -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        dice=[4, 3],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    assert sc.match.pending.kind == "pass_target"
    sc.choose("square", sc.sq(3, 0))
    p = sc.events(Pass)[0]
    assert (p.range, p.result) == ("quick", "accurate")
    assert sc.match.state.carrier == sc.p("B")
    assert sc.match.state.stats[sc.p("A") * 8 + 1] == 1  # completions
    assert sc.events(Turnover) == []


def test_short_pass_modifier_and_pass_skill_reroll() -> None:
    sc = Scenario(
        """
        A....B
        ......
        .....c
    """,
        ball="A",
        skills={"A": ["pass"]},
        dice=[3, 5, 4],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(5, 0))
    rolls = [(r.purpose, r.modifier, r.rerolled) for r in sc.events(Roll)]
    assert rolls[:2] == [("pass", -1, False), ("pass", -1, True)]
    assert sc.match.state.carrier == sc.p("B")


def test_fumble_bounces_and_turns_over() -> None:
    sc = Scenario(
        """
        .....
        .A.B.
        ....c
    """,
        ball="A",
        dice=[1, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 1))
    assert sc.events(Pass)[0].result == "fumble"
    assert sc.events(BallMove)[0].how == "bounce"
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


def test_inaccurate_pass_scatters_three_times() -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....c
    """,
        ball="A",
        dice=[2, 5, 5, 5, 4],
    )  # 2-1 = 1? no: quick pass mod 0 -> 2 fails
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(2, 1))
    assert sc.events(Pass)[0].result == "inaccurate"
    moves = [(b.how, b.dst) for b in sc.events(BallMove)]
    assert moves[:3] == [
        ("scatter", sc.sq(3, 1)),
        ("scatter", sc.sq(4, 1)),
        ("scatter", sc.sq(5, 1)),
    ]


def test_interception() -> None:
    sc = Scenario(
        """
        A.b.B
        .....
        .....
    """,
        ball="A",
        dice=[5, 6, 6],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    d = sc.match.pending
    assert (d.team, d.kind) == ("away", "interfere")
    sc.choose("interfere", sc.id("b"))
    assert [e.result for e in sc.events(Interference)] == ["deflection", "interception"]
    assert sc.match.state.carrier == sc.p("b")
    assert [t.reason for t in sc.events(Turnover)] == ["interception"]


def test_failed_interference_lets_pass_through() -> None:
    sc = Scenario(
        """
        A.b.B
        .....
        .....
    """,
        ball="A",
        dice=[5, 3, 4],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("b"))
    r = [x for x in sc.events(Roll) if x.purpose == "interference"][0]
    assert r.modifier == -3  # accurate pass -3 (b is not Marked)
    assert sc.match.state.carrier == sc.p("B")


def test_catch_skill_rerolls() -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        skills={"B": ["catch"]},
        dice=[4, 1, 3],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    assert sc.match.state.carrier == sc.p("B")


def test_hand_off_and_failed_catch_turnover() -> None:
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        dice=[3],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == sc.p("B")
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        dice=[1, 5],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == -1
    assert [t.reason for t in sc.events(Turnover)] == ["hand_off"]


def test_animosity_can_refuse_hand_off() -> None:
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        skills={"A": [("animosity", "All")]},
        dice=[1],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == sc.p("A")
    assert [r.purpose for r in sc.events(Roll)] == ["animosity"]


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
@pytest.mark.parametrize(
    ("team_mate", "positions", "hired", "rolls"),
    [
        ("star", {"B": "star:griff-oberwald"}, "", ["hand_off"]),
        ("mercenary", {}, "B", ["hand_off"]),
        ("team-mate", {}, "", ["animosity"]),
    ],
)
def test_animosity_does_not_extend_to_star_players_or_mercenaries(
    ruleset: str,
    team_mate: str,
    positions: dict[str, str],
    hired: str,
    rolls: list[str],
) -> None:
    # skills_and_traits.md "Animosity (X)": "Animosity does not extend to
    # Mercenaries or Star Players." A (Animosity (all team-mates)) hands off
    # to B: no Animosity D6 for a Star Player or a Mercenary, B's catch (a 1)
    # fails; any other team-mate: the Animosity 1 refuses the hand-off.
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ruleset=ruleset,
        ball="A",
        skills={"A": [("animosity", "all")]},
        positions=positions,
        team_fields=({"hired": hired}, {}),
        dice=[1, 3],  # the first D6, then the ball's bounce (D8 3)
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert [(r.purpose, r.dice) for r in sc.events(Roll)] == [(rolls[0], (1,))]
    refused = rolls == ["animosity"]
    assert (sc.match.state.carrier == sc.p("A")) is refused
    assert [t.reason for t in sc.events(Turnover)] == ([] if refused else ["hand_off"])


def test_animosity_roll_may_use_a_team_reroll() -> None:
    """rules_and_regulations.md "Team Re-rolls": the Animosity D6 is an
    ordinary roll of the active team (not a deviation, scatter, bounce,
    Armour, Injury or Casualty roll), so its 1 may be re-rolled: a 5, and
    the hand-off is made (B catches on a 6)."""
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        skills={"A": [("animosity", "All")]},
        dice=[1, 5, 6],
        rerolls=(1, 0),
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert sc.match.state.carrier == sc.p("B")


def test_animosity_roll_before_a_pass_may_use_a_team_reroll() -> None:
    """The same D6 before a Pass to a disliked team-mate: re-rolled from 1
    to 4, the pass is thrown (PA test 6, then B catches on a 6)."""
    sc = Scenario(
        """
        .....
        .A.B.
        ....c
    """,
        ball="A",
        skills={"A": [("animosity", "All")]},
        dice=[1, 4, 6, 6],
        rerolls=(1, 0),
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert [r.purpose for r in sc.events(Roll)][:3] == [
        "animosity",
        "animosity",
        "pass",
    ]
    assert sc.match.state.carrier == sc.p("B")


def test_throw_in_from_sideline() -> None:
    # ball bounces off the bottom sideline: D8 7 = straight down
    sc = Scenario(
        """
        .....
        .A*..
    """,
        origin=(10, 13),
        dice=[1, 7, 3, 3, 2, 2],
    )
    sc.act("A", "move")
    sc.move(2, 1)  # pick-up fails (1), bounce D8=7 off the pitch
    moves = [b.how for b in sc.events(BallMove)]
    assert moves[:2] == ["bounce", "throw_in"]
    tin = sc.events(BallMove)[1]
    # D6 3 -> straight in, 2D6 = 5 squares up from y=14
    assert sc.match.state.pitch.xy(tin.dst) == (12, 9)


def test_no_hands_cannot_catch() -> None:
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        skills={"B": ["no-hands"]},
        dice=[5],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == -1
    assert not sc.events(BallCaught)
