"""What a board shows before a coach decides (engine.rules.preview): the
rolls of each step and route, the block dice, the pass bands. The numbers
are the BB2020 rulebook's: a Dodge is an Agility test with -1 for each
player Marking the square moved into ("Marked Players and Dodging"), a
Rush is a D6 needing 2+ rolled before any other roll ("Rushing"), the block
dice follow the Strengths after assists ("Block Dice"), the bands the
Passing Range chart ("Measuring Range")."""

from __future__ import annotations

from engine.core.dice import RandomDice
from engine.core.events import Roll
from engine.match import Match
from engine.rules.preview import (
    block_dice,
    move_routes,
    pass_band_name,
    setup_formations,
    step_needs,
)
from engine.rules.setup import validate_setup
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet


def _needs(needs) -> list[tuple[str, int]]:
    return [(n.test, n.roll) for n in needs]


# A (AG 3+) stands Marked by b; c Marks the squares below-right.
DODGE = """
    ......
    .Ab...
    ..c...
    ......
"""


def test_a_dodge_needs_the_agility_plus_one_per_marker_of_the_square_entered() -> None:
    sc = Scenario(DODGE)
    sc.act("A", "move")
    g, a = sc.match.state, sc.p("A")
    # into a square nobody Marks: AG 3+ unmodified
    assert _needs(step_needs(g, a, "move", sc.sq(0, 0))) == [("dodge", 3)]
    # into a square Marked by b: 3+ with -1 = 4+
    assert _needs(step_needs(g, a, "move", sc.sq(1, 0))) == [("dodge", 4)]
    # into a square Marked by b and c: 3+ with -2 = 5+
    assert _needs(step_needs(g, a, "move", sc.sq(1, 2))) == [("dodge", 5)]


def test_the_number_shown_is_the_number_the_step_rolls_against() -> None:
    sc = Scenario(DODGE, dice=[4])
    sc.act("A", "move")
    (need,) = step_needs(sc.match.state, sc.p("A"), "move", sc.sq(1, 0))
    sc.move(1, 0)
    roll = sc.events(Roll)[0]
    assert roll.target - roll.modifier == need.roll == 4
    assert roll.success


def test_an_agility_2_player_needs_a_2_and_never_a_1() -> None:
    sc = Scenario(DODGE, stats={"A": {"ag": 2}})
    sc.act("A", "move")
    # AG 2+ with no marker: 2+; natural 1 always fails, so never "1+"
    assert _needs(step_needs(sc.match.state, sc.p("A"), "move", sc.sq(0, 0))) == [
        ("dodge", 2)
    ]


OPEN = """
    A.....
    ......
    .....b
"""


def test_a_route_rushes_after_the_movement_allowance_two_plus_each() -> None:
    sc = Scenario(OPEN, stats={"A": {"ma": 1}})
    sc.act("A", "move")
    g = sc.match.state
    routes = move_routes(g, sc.p("A"))
    # MA 1 and two Rushes: three squares along the row, the last two Rushing
    assert routes[sc.sq(1, 0)].needs == ()
    assert _needs(routes[sc.sq(2, 0)].needs) == [("rush", 2)]
    assert _needs(routes[sc.sq(3, 0)].needs) == [("rush", 2), ("rush", 2)]
    assert len(routes[sc.sq(3, 0)].path) == 3
    assert routes[sc.sq(3, 0)].path[-1] == sc.sq(3, 0)
    assert abs(routes[sc.sq(3, 0)].odds - 25 / 36) < 1e-9
    assert sc.sq(4, 0) not in routes  # a third Rush is not allowed


def test_a_blizzard_makes_a_rush_three_plus() -> None:
    sc = Scenario(OPEN, stats={"A": {"ma": 1}}, weather="blizzard")
    sc.act("A", "move")
    routes = move_routes(sc.match.state, sc.p("A"))
    assert _needs(routes[sc.sq(2, 0)].needs) == [("rush", 3)]


def test_a_step_rushes_before_it_dodges() -> None:
    sc = Scenario("A.b...", stats={"A": {"ma": 1}})
    sc.act("A", "move")
    sc.move(1, 0)  # into b's reach, leaving a square nobody Marks: no roll
    g = sc.match.state
    # MA spent: a Rush (2+) first, then the Dodge out of b's reach into a
    # square b Marks too: AG 3+ with -1 = 4+
    assert _needs(step_needs(g, sc.p("A"), "move", sc.sq(1, 1))) == [
        ("rush", 2),
        ("dodge", 4),
    ]


def test_a_route_goes_round_a_marker_when_that_is_likelier() -> None:
    sc = Scenario(
        """
        A.b...
        ......
        ......
    """,
        stats={"A": {"ma": 1}},
    )
    sc.act("A", "move")
    route = move_routes(sc.match.state, sc.p("A"))[sc.sq(2, 1)]
    # through (1, 0) or (1, 1): a Rush and a Dodge (5/6 x 1/2); round by the
    # squares b does not Mark: two Rushes (5/6 x 5/6)
    assert _needs(route.needs) == [("rush", 2), ("rush", 2)]
    assert abs(route.odds - 25 / 36) < 1e-9


STRENGTH = """
    .....
    .Ab..
    .....
"""


def test_block_dice_by_strength() -> None:
    def dice(st_a: int, st_b: int, blitz: bool = False, **kw) -> tuple[int, bool]:
        sc = Scenario(STRENGTH, stats={"A": {"st": st_a}, "b": {"st": st_b}}, **kw)
        return block_dice(sc.match.state, sc.p("A"), sc.p("b"), blitz)

    assert dice(3, 3) == (1, True)  # equal: one die
    assert dice(4, 3) == (2, True)  # stronger: two dice, the attacker picks
    assert dice(3, 4) == (2, False)  # weaker: two dice, the defender picks
    assert dice(7, 3) == (3, True)  # more than twice as strong: three dice
    assert dice(2, 5) == (3, False)


def test_an_assist_and_horns_in_a_blitz_count() -> None:
    sc = Scenario(
        """
        ..B..
        .Ab..
        .....
    """,
        stats={"b": {"st": 4}},
        skills={"A": ["horns"]},
    )
    g = sc.match.state
    # A (ST 3) + B's assist = 4 against b's 4: one die
    assert block_dice(g, sc.p("A"), sc.p("b"), False) == (1, True)
    # Horns: +1 ST in a Blitz: 5 against 4, two dice, A picks
    assert block_dice(g, sc.p("A"), sc.p("b"), True) == (2, True)


def test_pass_bands_follow_the_passing_range_chart() -> None:
    sc = Scenario("A.............")
    g, a = sc.match.state, sc.p("A")
    bands = [pass_band_name(g, a, sc.sq(dx, 0)) for dx in (3, 4, 6, 7, 10, 11, 13)]
    assert bands == [
        "quick",
        "short",
        "short",
        "long",
        "long",
        "long_bomb",
        "long_bomb",
    ]


def test_previews_change_nothing() -> None:
    sc = Scenario(DODGE, skills={"b": ["prehensile-tail"]})
    sc.act("A", "move")
    before = (len(sc.match.events), list(sc.match.state.pos))
    move_routes(sc.match.state, sc.p("A"))
    step_needs(sc.match.state, sc.p("A"), "move", sc.sq(1, 0))
    assert (len(sc.match.events), list(sc.match.state.pos)) == before


def test_a_pending_set_up_shows_where_each_formation_puts_whom() -> None:
    m = Match(
        "sevens",
        default_team_sheet("orc", "sevens", "O", 1),
        default_team_sheet("human", "sevens", "H", 101),
        RandomDice(3),
    )
    assert setup_formations(m.state) == {}  # the coin toss is pending
    m.apply(m.pending.options[0])
    d, g = m.pending, m.state
    assert d.kind == "setup"
    shown = setup_formations(g)
    assert sorted(shown) == sorted(o[1] for o in d.options)
    t = 0 if d.team == "home" else 1
    for placement in shown.values():
        assert len(placement) == 7  # Sevens fields seven
        assert validate_setup(g, t, placement) == []
