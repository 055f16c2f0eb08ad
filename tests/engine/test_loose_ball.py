"""A loose ball never rests in an occupied square.

Rulebook "Occupied Squares": the ball can never come to rest on the ground
in a square a player occupies; it bounces until it lands in an unoccupied
square or is caught. So a player who Falls Over in the ball's square (a
failed Rush, Dodge, Jump or Leap into it) has the ball bounce from his
square after his Armour roll, as it would had he held it ("Falling Over").
A thrown player who lands safely has moved voluntarily ("Landing"), so on
the ball's square he must try to pick it up ("Picking up the Ball"); one who
lands badly there Falls Over and the ball bounces. A player pushed into the
ball's square makes it bounce once ("Pushed Players").

The D8 bounce direction 5 is one square east (+1, 0).
"""

from __future__ import annotations

import pytest

from engine.core.events import BallCaught, BallMove, KnockedDown, Touchdown, Turnover
from engine.core.state import PRONE, STANDING
from engine.tools.invariants import check
from engine.tools.scenario import Scenario

ARMOUR_HOLDS = [2, 2]  # 4 on 2D6 does not break AV 9+
EAST = 5


def assert_bounced(sc: Scenario, frm: tuple[int, int], to: tuple[int, int]) -> None:
    """The ball bounced exactly once, from ``frm`` to the empty ``to``, and
    every scripted die was used."""
    g = sc.match.state
    bounces = [(e.src, e.dst) for e in sc.events(BallMove) if e.how == "bounce"]
    assert bounces == [(sc.sq(*frm), sc.sq(*to))]
    assert (g.carrier, g.ball, g.ball_air) == (-1, sc.sq(*to), False)
    assert g.board[sc.sq(*to)] == -1
    assert sc.dice.remaining == 0
    assert check(g) == []


# -- Falling Over in the ball's square -----------------------------------------


def test_failed_dodge_into_the_ball_square_bounces_it() -> None:
    # A, Marked by b, dodges onto the ball at (1,0) (-1: b Marks it too).
    sc = Scenario(
        """
        .*...
        Ab...
        .....
    """,
        dice=[2, *ARMOUR_HOLDS, EAST],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.xy("A") == (1, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert_bounced(sc, (1, 0), (2, 0))
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]


def test_failed_rush_into_the_ball_square_bounces_it() -> None:
    # MA 1: the second square is a Rush, failed on a 1.
    sc = Scenario(
        """
        A.*..
        .....
        ....b
    """,
        stats={"A": {"ma": 1}},
        dice=[1, *ARMOUR_HOLDS, EAST],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    assert sc.xy("A") == (2, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert_bounced(sc, (2, 0), (3, 0))
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]


def test_failed_jump_into_the_ball_square_bounces_it() -> None:
    # Jump over the Prone b onto the ball; 2 fails AG 3+ (not a natural 1,
    # so A Falls Over in the square jumped into).
    sc = Scenario(
        """
        .....
        .Ab*.
        .....
    """,
        prone="b",
        dice=[2, *ARMOUR_HOLDS, EAST],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    assert sc.xy("A") == (3, 1)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert_bounced(sc, (3, 1), (4, 1))


def test_failed_leap_into_the_ball_square_bounces_it() -> None:
    sc = Scenario(
        """
        .....
        .A.*.
        ....b
    """,
        skills={"A": ["leap"]},
        dice=[2, *ARMOUR_HOLDS, EAST],
    )
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))
    assert sc.xy("A") == (3, 1)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert_bounced(sc, (3, 1), (4, 1))


def test_jump_failed_on_a_natural_one_leaves_the_ball_where_it_lies() -> None:
    # Back in the square jumped from: the ball's square is unoccupied again.
    sc = Scenario(
        """
        .....
        .Ab*.
        .....
    """,
        prone="b",
        dice=[1, *ARMOUR_HOLDS],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    g = sc.match.state
    assert sc.xy("A") == (1, 1)
    assert (g.carrier, g.ball) == (-1, sc.sq(3, 1))
    assert [e for e in sc.events(BallMove) if e.how == "bounce"] == []
    assert check(g) == []


def test_a_fall_on_the_ball_bounces_it_even_when_the_player_is_hurt() -> None:
    # Armour 6+6 breaks, Injury 5+5 is a Casualty, D16 1 Badly Hurt: the
    # ball still bounces from the square he fell in.
    sc = Scenario(
        """
        .*...
        Ab...
        .....
    """,
        dice=[2, 6, 6, 5, 5, 1, EAST],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.pos("A") == -1
    assert_bounced(sc, (1, 0), (2, 0))


# -- Thrown players ------------------------------------------------------------

TTM = """
    TG.......
    .....*...
    ........c
"""
TTM_SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
TTM_STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}
# PA test 4 passes PA 3+ (superb); the scatters east, west, south bring G
# from the target (5,0) down onto the ball at (5,1).
SUPERB_ONTO_BALL = [4, 5, 4, 7]


def throw(dice: list[int], diagram: str = TTM, prone: str = "") -> Scenario:
    sc = Scenario(diagram, skills=TTM_SKILLS, stats=TTM_STATS, dice=dice, prone=prone)
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    return sc


def test_safe_landing_on_the_ball_picks_it_up() -> None:
    # Landing 3 passes AG 3+; pick-up 4 passes.
    sc = throw([*SUPERB_ONTO_BALL, 3, 4])
    g = sc.match.state
    assert sc.xy("G") == (5, 1)
    assert g.carrier == sc.p("G")
    caught = sc.events(BallCaught)
    assert [(e.player, e.square, e.how) for e in caught] == [
        (sc.id("G"), sc.sq(5, 1), "pick_up")
    ]
    assert sc.events(Turnover) == []
    assert sc.dice.remaining == 0
    assert check(g) == []


def test_safe_landing_on_the_ball_in_the_end_zone_scores() -> None:
    # The diagram's column 5 is the End Zone the home team scores in; the
    # scatters west, east, south bring G down on the ball at (5,1).
    diagram = """
        TG....
        .....*
        ...c..
    """
    sc = Scenario(
        diagram,
        skills=TTM_SKILLS,
        stats=TTM_STATS,
        dice=[4, 4, 5, 7, 3, 4],
        origin=(20, 5),
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.match.state.carrier == sc.p("G")
    assert [(e.team, e.player) for e in sc.events(Touchdown)] == [("home", sc.id("G"))]


def test_safe_landing_on_the_ball_then_a_failed_pick_up_turns_over() -> None:
    sc = throw([*SUPERB_ONTO_BALL, 3, 1, EAST])
    assert sc.match.state.status[sc.p("G")] == STANDING
    assert_bounced(sc, (5, 1), (6, 1))
    assert [t.reason for t in sc.events(Turnover)] == ["pick_up"]


def test_bad_landing_on_the_ball_bounces_it_without_a_turnover() -> None:
    sc = throw([*SUPERB_ONTO_BALL, 1, *ARMOUR_HOLDS, EAST])
    assert sc.xy("G") == (5, 1)
    assert sc.match.state.status[sc.p("G")] == PRONE
    assert_bounced(sc, (5, 1), (6, 1))
    assert sc.events(Turnover) == []


def test_crash_landing_bouncing_onto_the_ball_bounces_it() -> None:
    # A Prone team-mate cannot land safely: he bounces east from (5,1) onto
    # the ball at (6,1) and Falls Over there.
    diagram = """
        TG.......
        ......*..
        ........c
    """
    sc = throw([*SUPERB_ONTO_BALL, EAST, *ARMOUR_HOLDS, EAST], diagram, prone="G")
    assert sc.xy("G") == (6, 1)
    assert sc.match.state.status[sc.p("G")] == PRONE
    assert_bounced(sc, (6, 1), (7, 1))
    assert sc.events(Turnover) == []


def test_landing_on_a_player_and_bouncing_onto_the_ball_bounces_it() -> None:
    # G comes down on d at (5,1), bounces east onto the ball at (6,1); d,
    # then G, are Knocked Down, then the ball bounces from G's square.
    diagram = """
        TG.......
        .....d*..
        ........c
    """
    sc = throw([*SUPERB_ONTO_BALL, EAST, *ARMOUR_HOLDS, *ARMOUR_HOLDS, EAST], diagram)
    assert sc.xy("G") == (6, 1)
    downs = [e.player for e in sc.events(KnockedDown)]
    assert downs == [sc.id("d"), sc.id("G")]
    assert_bounced(sc, (6, 1), (7, 1))
    assert sc.events(Turnover) == []


# -- Pushed and Placed Prone ---------------------------------------------------


@pytest.mark.parametrize("face", ["push", "pow"])
def test_pushed_into_the_ball_square_bounces_it_once(face: str) -> None:
    # Pushed back (and, with POW, Knocked Down there): one bounce, after the
    # Armour roll when there is one.
    sc = Scenario(
        """
        .....
        .Ab*.
        .....
    """,
        skills={"b": ["safe-pair-of-hands"]},
        dice=[face, *(ARMOUR_HOLDS if face == "pow" else []), EAST],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.xy("b") == (3, 1)
    # Safe Pair of Hands works only for a ball the player held.
    assert_bounced(sc, (3, 1), (4, 1))
    assert sc.events(Turnover) == []


def test_diving_tackler_on_a_fumblerooskie_ball_bounces_it_once() -> None:
    # A leaves the ball at (1,1) and dodges away from b; b dives into (1,1)
    # (4 - 2 fails), is Placed Prone there and the ball bounces once, before
    # A's Armour roll for his fall.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ball="A",
        skills={"A": ["fumblerooskie"], "b": ["diving-tackle"]},
        dice=[4, EAST, *ARMOUR_HOLDS],
    )
    sc.act("A", "move")
    sc.choose("fumblerooskie", sc.sq(0, 1))
    sc.choose("use", "diving-tackle", sc.id("b"))
    assert sc.xy("b") == (1, 1)
    assert_bounced(sc, (1, 1), (2, 1))
