"""Throwing the ball at the wall (DB-rules "Throwing the Ball at the Wall";
skill Wall Thrower). Geometry decisions: ``engine.variants.dungeon_bowl.
wall_pass``.

In ROOM, A at (1, 2) throws at the east wall square (6, 2): 5 squares, a
Short pass (-1), PA 4+. The face hit is the west face, n = (-1, 0); A
faces east, so (6, 3) is to his right and (6, 1) to his left.
"""

from __future__ import annotations

from engine.core.events import BallCaught, BallMove, Pass, Roll, Turnover
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants.dungeon_bowl.wall_pass import reflect, snap8

ROOM = """
    #######
    #.....#
    #A....#
    #.....#
    #######
"""


def _at_the_wall(
    diagram: str, dice: list[int | str], wall: tuple[int, int], **kw: object
) -> DungeonScenario:
    sc = DungeonScenario(diagram, ball="A", dice=dice, **kw)  # type: ignore[arg-type]
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("wall", sc.at(*wall))
    return sc


def _path(sc: DungeonScenario) -> list[tuple[str, int, int]]:
    return [(m.how, m.src, m.dst) for m in sc.events(BallMove)]


def test_thrown_straight_at_the_wall_it_comes_straight_back_d6_squares() -> None:
    # A 5 passes (5 - 1 = 4): it hits (6, 2) and comes straight back west,
    # D6 3 squares: (5, 2), (4, 2), (3, 2). Nobody catches: it scatters once
    # from (3, 2), D8 7 = (0, +1) to (3, 3), and lands there: an empty
    # square, so it bounces, D8 2 = (0, -1) back to (3, 2). Turnover.
    sc = _at_the_wall(ROOM, [5, 3, 7, 2], (6, 2))
    g = sc.match.state
    (pass_,) = sc.events(Pass)
    assert (pass_.target, pass_.result) == (sc.at(6, 2), "accurate")
    assert _path(sc)[:3] == [
        ("ricochet", sc.at(6, 2), sc.at(5, 2)),
        ("wall_flight", sc.at(5, 2), sc.at(4, 2)),
        ("wall_flight", sc.at(4, 2), sc.at(3, 2)),
    ]
    assert g.ball == sc.at(3, 2)
    assert [t.reason for t in sc.events(Turnover)] == ["pass"]
    assert sc.dice.remaining == 0


def test_a_team_mate_it_passes_over_catches_it_as_an_inaccurate_pass() -> None:
    # B at (4, 2) is passed over second: AG 3+ with -1, a 4 catches it. No
    # Turnover: caught by a player of the active team.
    sc = _at_the_wall(ROOM.replace("#A....#", "#A..B.#"), [5, 3, 4], (6, 2))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    assert [c.player for c in sc.events(BallCaught)] == [sc.id("B")]
    assert sc.events(Turnover) == []
    assert g.turnover is None


def test_a_failed_catch_does_not_stop_the_ball() -> None:
    # B fails (a 3: 3 - 1 < 3); the ball flies on to (3, 2), scatters D8 5
    # to (4, 2)... onto B again, who must catch (-1): a 6 catches it.
    sc = _at_the_wall(ROOM.replace("#A....#", "#A..B.#"), [5, 3, 3, 5, 6], (6, 2))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    catches = [r for r in sc.events(Roll) if r.purpose == "catch"]
    assert [(r.dice, r.success) for r in catches] == [((3,), False), ((6,), True)]


def test_an_opponent_catching_it_is_a_turnover() -> None:
    # c at (5, 2) is beneath the ruler: he may interfere first (declined);
    # then he is the first square passed over and catches it with a 5.
    sc = _at_the_wall(ROOM.replace("#A....#", "#A...c#"), [5, 1, 5], (6, 2))
    assert sc.match.pending.kind == "interfere"
    sc.choose("none")
    g = sc.match.state
    assert g.carrier == sc.p("c")
    assert [t.reason for t in sc.events(Turnover)] == ["pass"]


def test_a_failed_test_with_1_to_3_hits_the_wall_square_to_the_right() -> None:
    # A 3 fails (3 - 1 = 2, inaccurate); D6 2: the square to A's right,
    # (6, 3). From A it lies 5 east, 1 south: thrown "east", it comes back
    # west: D6 1 square, (5, 3); scatter D8 4 = (-1, 0) to (4, 3), empty:
    # bounces D8 4 to (3, 3).
    sc = _at_the_wall(ROOM, [3, 2, 1, 4, 4], (6, 2))
    g = sc.match.state
    assert sc.events(Pass)[0].result == "inaccurate"
    assert _path(sc)[0] == ("ricochet", sc.at(6, 3), sc.at(5, 3))
    assert g.ball == sc.at(3, 3)


def test_a_failed_test_with_4_or_more_hits_the_wall_square_to_the_left() -> None:
    sc = _at_the_wall(ROOM, [3, 4, 1, 4, 4], (6, 2))
    assert _path(sc)[0] == ("ricochet", sc.at(6, 1), sc.at(5, 1))
    assert sc.match.state.ball == sc.at(3, 1)


def test_a_natural_1_is_a_fumble() -> None:
    # The ball bounces from A's square: D8 5 = (+1, 0) to (2, 2).
    sc = _at_the_wall(ROOM, [1, 5], (6, 2))
    assert sc.events(Pass)[0].result == "fumble"
    assert sc.match.state.ball == sc.at(2, 2)
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


def test_wall_thrower_adds_one_to_the_accuracy_test() -> None:
    # A 4: 4 - 1 = 3 fails PA 4+ without the skill, 4 + 1 - 1 = 4 with it.
    sc = _at_the_wall(ROOM, [4, 1, 7, 2], (6, 2), skills={"A": ["wall-thrower"]})
    assert sc.events(Pass)[0].result == "accurate"
    sc = _at_the_wall(ROOM, [4, 2, 1, 4, 4], (6, 2))
    assert sc.events(Pass)[0].result == "inaccurate"


BIG = """
    #########
    #.A.....#
    #.......#
    #.......#
    #.......#
    #########
"""


def test_thrown_at_an_angle_it_reflects_and_ricochets_off_the_next_wall() -> None:
    # A at (2, 1) throws at the bottom wall square (5, 5): 3 east, 4 south,
    # Short. The line enters through the top face (n = (0, -1)); its
    # direction (3, 4) is a diagonal (+1, +1), reflected to (+1, -1). D6 3:
    # (6, 4), (7, 3), then (8, 2) is the east wall: beside the path (8, 3)
    # is wall and (7, 2) floor, so it turns to (-1, -1) without using a
    # square: (6, 2). Scatter D8 2 to (6, 1), bounce D8 7 to (6, 2).
    sc = _at_the_wall(BIG, [5, 3, 2, 7], (5, 5))
    assert _path(sc)[:3] == [
        ("ricochet", sc.at(5, 5), sc.at(6, 4)),
        ("wall_flight", sc.at(6, 4), sc.at(7, 3)),
        ("ricochet", sc.at(7, 3), sc.at(6, 2)),
    ]
    assert sc.match.state.ball == sc.at(6, 2)


def test_snapping_and_reflection() -> None:
    assert snap8(5, 0) == (1, 0)
    assert snap8(5, 2) == (1, 0)  # more than twice as far east: straight
    assert snap8(4, 2) == (1, 1)
    assert snap8(-1, -4) == (0, -1)
    assert reflect((1, 0), (-1, 0)) == (-1, 0)
    assert reflect((1, 1), (0, -1)) == (1, -1)
    assert reflect((0, 1), (-1, 0)) == (-1, 1)  # along the wall: pushed off it
