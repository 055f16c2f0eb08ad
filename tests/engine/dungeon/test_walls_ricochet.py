"""The ball hitting a wall: the Ricochet template face by face, corner
bounces, the Fiery Chasm, and no throw-in anywhere (DB-regs "Bouncing off
the wall"; DB-game "Corner Bounces", "The Ricochet Template"; DB-setup "The
Fiery Chasm"). Template geometry: ``engine.variants.dungeon_bowl.ricochet``.
"""

from __future__ import annotations

import pytest

from engine.core.events import BallCaught, BallMove, Pass, Turnover
from engine.match import run
from engine.rules.ball import Bounce, Deviate, Scatter
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants.dungeon_bowl.ricochet import CORNER_TEMPLATE, RICOCHET_TEMPLATE

ROOM = """
    #######
    #.....#
    #.....#
    #.....#
    #######
"""


def _loose(diagram: str, dice: list[int | str], **kw: object) -> DungeonScenario:
    return DungeonScenario(diagram, dice=dice, start=False, **kw)  # type: ignore[arg-type]


def _bounce(sc: DungeonScenario, x: int, y: int) -> None:
    g = sc.match.state
    g.ball = sc.at(x, y)
    g.stack.append(Bounce(sc.at(x, y)))
    run(g)


def _ricochets(sc: DungeonScenario) -> list[BallMove]:
    return [e for e in sc.events(BallMove) if e.how == "ricochet"]


# The ball bounces from (3, 3) with D8 7 = (0, +1) into the bottom wall at
# W = (3, 4). The wall's normal n = (0, -1) (back up into the room), "right"
# looking out of the wall along n is t = (+1, 0). Face (a, b) -> W + a*n + b*t.
BOTTOM = {
    1: (2, 3),  # the row touching the wall: left
    2: (3, 3),  # straight back: the square it bounced from
    3: (4, 3),  # right
    4: (2, 2),  # the row behind: left
    5: (3, 2),
    6: (4, 2),
}


def test_the_template_is_two_rows_of_three_in_front_of_the_logo() -> None:
    assert RICOCHET_TEMPLATE == {
        1: (1, -1),
        2: (1, 0),
        3: (1, 1),
        4: (2, -1),
        5: (2, 0),
        6: (2, 1),
    }
    assert CORNER_TEMPLATE == {1: (-1, 0), 2: (-1, -1), 3: (0, -1)}


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_each_ricochet_face_off_a_bottom_wall(face: int) -> None:
    sc = _loose(ROOM, [7, face])
    _bounce(sc, 3, 3)
    g = sc.match.state
    assert g.ball == sc.at(*BOTTOM[face])
    assert not g.ball_air
    assert [(m.src, m.dst) for m in _ricochets(sc)] == [
        (sc.at(3, 3), sc.at(*BOTTOM[face]))
    ]
    assert sc.dice.remaining == 0


# Off the right-hand wall: from (5, 2) D8 5 = (+1, 0) into W = (6, 2);
# n = (-1, 0), right looking west is north: t = (0, -1).
RIGHT = {1: (5, 3), 2: (5, 2), 3: (5, 1), 4: (4, 3), 5: (4, 2), 6: (4, 1)}


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_each_ricochet_face_off_a_right_wall(face: int) -> None:
    sc = _loose(ROOM, [5, face])
    _bounce(sc, 5, 2)
    assert sc.match.state.ball == sc.at(*RIGHT[face])


# Into the top-left corner: from (1, 1) D8 1 = (-1, -1); both squares beside
# the path are wall: a corner bounce, D3 on the corner template.
CORNER = {1: (2, 1), 2: (2, 2), 3: (1, 2)}


@pytest.mark.parametrize("face", [1, 2, 3])
def test_each_corner_face(face: int) -> None:
    sc = _loose(ROOM, [1, face])
    _bounce(sc, 1, 1)
    g = sc.match.state
    assert g.ball == sc.at(*CORNER[face])
    assert sc.dice.remaining == 0  # a D3, not a D6


def test_a_diagonal_into_a_flat_wall_uses_the_template_laid_on_that_wall() -> None:
    # From (3, 3) D8 8 = (+1, +1): (4, 3) beside the path is floor, (3, 4) is
    # wall: it hits the bottom wall at W = (4, 4), whose square in front is
    # (4, 3). Face 2: (4, 3); face 5: (4, 2).
    sc = _loose(ROOM, [8, 2])
    _bounce(sc, 3, 3)
    assert sc.match.state.ball == sc.at(4, 3)
    sc = _loose(ROOM, [8, 5])
    _bounce(sc, 3, 3)
    assert sc.match.state.ball == sc.at(4, 2)


def test_the_tip_of_a_wall_is_a_corner_bounce() -> None:
    # A pillar at (3, 2); the ball in (2, 1) bounces D8 8 = (+1, +1) into it,
    # both (3, 1) and (2, 2) beside the path are floor: the corner template
    # with the corner at (+1, +1): D3 2 = (-1, -1) to (1, 0), which is the
    # top wall: another hit, from (2, 1) going (-1, -1): (2, 0) beside the
    # path is wall, (1, 1) floor, so the top wall's Ricochet template with
    # its anchor (1, 1) in front of W = (1, 0): D6 2 = the anchor.
    sc = _loose(
        """
        ######
        #....#
        #..#.#
        #....#
        ######
        """,
        [8, 2, 2],
    )
    _bounce(sc, 2, 1)
    g = sc.match.state
    assert g.ball == sc.at(1, 1)
    assert [m.dst for m in _ricochets(sc)] == [-1, sc.at(1, 1)]


def test_a_template_square_in_a_wall_is_another_hit() -> None:
    # From (1, 3) straight down into the bottom wall; face 1 is (0, 3), the
    # left-hand wall: it hits that wall from (1, 3) going (-1, 0), n = (1, 0),
    # t = (0, 1); face 6: W + 2n + t = (0, 3) + (2, 0) + (0, 1) = (2, 4), the
    # bottom wall again: from (1, 3) going (1, 1), (2, 3) beside the path is
    # floor and (1, 4) wall: the bottom wall's template, anchor (2, 3); face 2
    # puts it there.
    sc = _loose(ROOM, [7, 1, 6, 2])
    _bounce(sc, 1, 3)
    g = sc.match.state
    assert g.ball == sc.at(2, 3)
    assert sc.dice.remaining == 0


def test_a_ricochet_onto_a_standing_player_is_a_catch_at_minus_one() -> None:
    # Face 5 puts the ball on A at (3, 2): he must catch it, AG 3+ with -1:
    # a 4 catches it.
    sc = _loose(
        """
        #######
        #.....#
        #..A..#
        #.....#
        #######
        """,
        [7, 5, 4],
    )
    _bounce(sc, 3, 3)
    g = sc.match.state
    assert g.carrier == sc.p("A")
    assert len(sc.events(BallCaught)) == 1


def test_a_ricochet_catch_at_minus_one_fails_on_a_3() -> None:
    # AG 3+ -1: a 3 is 2, a failure; the ball bounces from A (D8 5 to (4, 2)).
    sc = _loose(
        """
        #######
        #.....#
        #..A..#
        #.....#
        #######
        """,
        [7, 5, 3, 5],
    )
    _bounce(sc, 3, 3)
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.at(4, 2)


def test_a_scatter_into_the_wall_ricochets_and_stops() -> None:
    # Scatter three times from (4, 2): D8 5 to (5, 2), D8 5 into the right
    # wall: the rest of the scatter is lost (as a throw-in would end it);
    # face 4 = W + 2n - t = (6, 2) + (-2, 0) - (0, -1) = (4, 3).
    sc = _loose(ROOM, [5, 5, 4])
    g = sc.match.state
    g.stack.append(Scatter(sc.at(4, 2), 3, -1))
    run(g)
    assert g.ball == sc.at(4, 3)
    assert sc.dice.remaining == 0


def test_a_deviation_into_the_wall_ricochets_from_the_last_square() -> None:
    # Deviate from (2, 2): D8 5 = (+1, 0), D6 6 squares: (3,2) (4,2) (5,2),
    # then the wall; from (5, 2) face 3 = (5, 1).
    sc = _loose(ROOM, [5, 6, 3])
    g = sc.match.state
    g.stack.append(Deviate(sc.at(2, 2), -1))
    run(g)
    assert g.ball == sc.at(5, 1)


def test_the_ball_landing_in_the_fiery_chasm_scatters_until_it_is_out() -> None:
    # The Chasm is row 3 (x 1-5). From (2, 2) the ball bounces D8 7 = (0, 1)
    # into the Chasm at (2, 3): no template; it scatters: D8 4 = (-1, 0) to
    # (1, 3), still in the Chasm; D8 4 again = the left wall: rolled again;
    # D8 3 = (+1, -1) to (2, 2), out.
    sc = _loose(
        ROOM,
        [7, 4, 4, 3],
        features={(x, 3): "X" for x in range(1, 6)},
    )
    _bounce(sc, 2, 2)
    g = sc.match.state
    assert g.ball == sc.at(2, 2)
    chasm = [(m.src, m.dst) for m in sc.events(BallMove) if m.how == "chasm"]
    assert chasm == [(sc.at(2, 3), sc.at(1, 3)), (sc.at(1, 3), sc.at(2, 2))]
    assert _ricochets(sc) == []


def test_an_inaccurate_pass_scattering_into_a_wall_is_no_throw_in() -> None:
    # A passes to (4, 1) (Quick: 2 squares); PA 4+, a 2 is inaccurate
    # (2 - 0 > 1): scatter D8 2 = (0, -1) into the top wall from (4, 1);
    # face 2 = back to (4, 1). Nobody there: it stays; Turnover.
    sc = DungeonScenario(
        """
        #######
        #.A...#
        #.....#
        #.....#
        #######
        """,
        dice=[2, 2, 2],
        ball="A",
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(4, 1))
    g = sc.match.state
    assert sc.events(Pass)[0].result == "inaccurate"
    assert [m.how for m in sc.events(BallMove)] == ["scatter", "ricochet"]
    assert g.ball == sc.at(4, 1)
    assert [t.reason for t in sc.events(Turnover)] == ["pass"]


def test_a_fumble_bouncing_into_the_wall_ricochets() -> None:
    # A in (1, 1) fumbles (natural 1); the ball bounces from his square,
    # D8 1 = (-1, -1) into the corner: D3 1 = (+1, 0) to (2, 1).
    sc = DungeonScenario(
        """
        #######
        #A....#
        #.....#
        #.....#
        #######
        """,
        dice=[1, 1, 1],
        ball="A",
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(3, 1))
    g = sc.match.state
    assert g.ball == sc.at(2, 1)
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


def test_a_closed_chest_and_the_crypt_are_walls_to_the_ball() -> None:
    # DB-setup: a Chest is "an impassible feature", the Crypt "treated as a
    # wall". From (3, 2) the ball bounces D8 5 = (+1, 0) into the Chest at
    # (4, 2): n = (-1, 0), t = (0, -1); face 3 = (3, 1).
    sc = _loose(
        """
        #######
        #.....#
        #...$.#
        #.....#
        #######
        """,
        [5, 3],
    )
    _bounce(sc, 3, 2)
    assert sc.match.state.ball == sc.at(3, 1)
    # The same off a Crypt square at (4, 2), face 1 = (3, 3).
    sc = _loose(ROOM, [5, 1], features={(4, 2): "C"})
    _bounce(sc, 3, 2)
    assert sc.match.state.ball == sc.at(3, 3)
