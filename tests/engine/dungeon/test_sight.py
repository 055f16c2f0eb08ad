"""Dungeon Bowl geometry: Line of Sight, pass range, walls next to squares
(engine/dungeon/sight.py). Boards are drawn by hand: square (x, y) is the
box [x, x+1] x [y, y+1], its centre (x + .5, y + .5)."""

from __future__ import annotations

import pytest

from engine.dungeon.layout import FEATURE, FLOOR, WALL, Dungeon, Layout, named_layout
from engine.dungeon.sight import (
    PushSquare,
    line_of_sight,
    pass_range,
    push_squares,
    separated_by_wall,
    wall_behind,
)


def board(*marks: tuple[int, int, str]) -> Dungeon:
    """A 15 x 15 board (2 x 2 cells, no tiles) made all floor, then the
    marked squares: "#" wall, "I" Chaotic Idol (blocks LoS), "D" Dragon
    (does not), "$" a Chest (an occupant: floor)."""
    d = Dungeon(Layout(2, 2, ()))
    assert (d.width, d.height) == (15, 15)
    for sq in range(d.size):
        d.kind[sq], d.blocks_los[sq] = FLOOR, False
    for x, y, mark in marks:
        sq = d.square(x, y)
        if mark == "#":
            d.kind[sq], d.blocks_los[sq] = WALL, True
        elif mark == "I":
            d.kind[sq], d.feature[sq], d.blocks_los[sq] = FEATURE, "idol", True
        elif mark == "D":
            d.kind[sq], d.feature[sq] = FEATURE, "dragon"
        else:
            d.chest[sq] = True
    return d


def los(d: Dungeon, a: tuple[int, int], b: tuple[int, int]) -> bool:
    there = line_of_sight(d, d.square(*a), d.square(*b))
    back = line_of_sight(d, d.square(*b), d.square(*a))
    assert there == back  # a line is the same line both ways
    return there


# --- line of sight ---------------------------------------------------------


def test_open_floor_is_clear():
    assert los(board(), (1, 1), (10, 4)) is True


def test_wall_on_a_row_or_column_blocks():
    d = board((5, 5, "#"))
    assert los(d, (3, 5), (7, 5)) is False  # y = 5.5 runs through (5, 5)
    assert los(d, (5, 2), (5, 9)) is False  # x = 5.5 likewise
    # One row up, y = 4.5 runs inside row 4 only: (5, 5) is not met.
    assert los(d, (3, 4), (7, 4)) is True


def test_wall_on_a_diagonal_blocks():
    # (4.5, 4.5) -> (6.5, 6.5) goes through the centre of (5, 5).
    assert los(board((5, 5, "#")), (4, 4), (6, 6)) is False


def test_line_touching_a_wall_corner_is_clear():
    # (4.5, 5.5) -> (5.5, 4.5) meets the wall square (5, 5) only at its
    # top-left corner (5, 5): touching is allowed (DB-regs).
    assert los(board((5, 5, "#")), (4, 5), (5, 4)) is True


def test_line_between_two_walls_meeting_at_a_corner_is_blocked():
    # Same line, with (4, 4) also a wall: it passes through the single
    # point where the two walls meet, between them (Decision: crossing).
    d = board((5, 5, "#"), (4, 4, "#"))
    assert los(d, (4, 5), (5, 4)) is False
    # A longer line through the same corner: (3.5, 6.5) -> (6.5, 3.5).
    assert los(d, (3, 6), (6, 3)) is False
    assert los(board((5, 5, "#")), (3, 6), (6, 3)) is True


def test_long_line_through_a_corner():
    # (1.5, 1.5) -> (4.5, 2.5): x = 1.5 + 3t, y = 1.5 + t. It is inside row
    # 1 for x in (1.5, 3) (squares (1, 1), (2, 1)), meets the lattice point
    # (3, 2) at t = 1/2, then row 2 for x in (3, 4.5) ((3, 2), (4, 2)).
    # The squares beside it at (3, 2) are (3, 1) and (2, 2).
    assert los(board((3, 1, "#")), (1, 1), (4, 2)) is True  # touched
    assert los(board((2, 2, "#")), (1, 1), (4, 2)) is True  # touched
    assert los(board((3, 1, "#"), (2, 2, "#")), (1, 1), (4, 2)) is False
    assert los(board((2, 1, "#")), (1, 1), (4, 2)) is False  # crossed
    assert los(board((3, 2, "#")), (1, 1), (4, 2)) is False  # crossed
    # (4, 1) and (1, 2) are beside the line but never touched.
    assert los(board((4, 1, "#"), (1, 2, "#")), (1, 1), (4, 2)) is True


def test_shallow_line_grazing_no_corner():
    # (1.5, 1.5) -> (7.5, 3.5): y = 1.5 + x'/3 with x' = x - 1.5; y = 2 at
    # x = 3, y = 3 at x = 6 (lattice points (3, 2) and (6, 3)). Row 1 for
    # x < 3, row 2 for 3 < x < 6, row 3 after. So (5, 2) is crossed, (5, 3)
    # is not; at (6, 3) the squares beside are (6, 2) and (5, 3).
    assert los(board((5, 2, "#")), (1, 1), (7, 3)) is False
    assert los(board((5, 3, "#")), (1, 1), (7, 3)) is True
    assert los(board((6, 2, "#")), (1, 1), (7, 3)) is True
    assert los(board((6, 2, "#"), (5, 3, "#")), (1, 1), (7, 3)) is False


def test_features_block_only_when_they_block_los():
    assert los(board((5, 5, "I")), (3, 5), (7, 5)) is False  # Chaotic Idol
    assert los(board((5, 5, "D")), (3, 5), (7, 5)) is True  # Dragon
    assert los(board((5, 5, "$")), (3, 5), (7, 5)) is True  # a Chest


def test_end_squares_never_block():
    # Decision: a wall square named as a throw's target can be seen.
    d = board((7, 5, "#"))
    assert los(d, (3, 5), (7, 5)) is True
    d = board((7, 5, "#"), (5, 5, "#"))
    assert los(d, (3, 5), (7, 5)) is False  # a wall before it still blocks


def test_same_square_and_neighbours():
    d = board((5, 5, "#"))
    assert los(d, (4, 4), (4, 4)) is True
    assert los(d, (4, 4), (4, 5)) is True  # shared edge, nothing between


def test_on_a_built_dungeon_walls_come_from_tiles():
    # No tiles: every square is a wall. Two squares three apart in a row
    # have the walls (2, 1) and (3, 1) between them.
    d = Dungeon(Layout(1, 1, ()))
    assert los(d, (1, 1), (4, 1)) is False
    assert los(d, (1, 1), (2, 1)) is True  # neighbours: nothing between


# --- pass range ------------------------------------------------------------


def rng(d: Dungeon, a: tuple[int, int], b: tuple[int, int]) -> str | None:
    return pass_range(d, d.square(*a), d.square(*b))


def test_range_bands_straight():
    # BB2020 range ruler, straight along a row: Quick up to 3 squares,
    # Short up to 6, then Long (out of range in Dungeon Bowl).
    d = board()
    assert rng(d, (1, 7), (2, 7)) == "quick"
    assert rng(d, (1, 7), (4, 7)) == "quick"
    assert rng(d, (1, 7), (5, 7)) == "short"
    assert rng(d, (1, 7), (7, 7)) == "short"
    assert rng(d, (1, 7), (8, 7)) is None
    assert rng(d, (7, 1), (7, 7)) == "short"  # columns the same
    assert rng(d, (7, 1), (7, 8)) is None


def test_range_bands_off_the_row():
    # BB2020 range chart rows: 3 rows off, Quick reaches 1 across and
    # Short 6; 4 rows off there is no Quick; 6 off, Short reaches 3;
    # 7 off, nothing in the first two bands.
    d = board()
    assert rng(d, (7, 4), (8, 7)) == "quick"
    assert rng(d, (7, 4), (9, 7)) == "short"
    assert rng(d, (7, 4), (13, 7)) == "short"
    assert rng(d, (7, 2), (7, 6)) == "short"
    assert rng(d, (7, 1), (10, 7)) == "short"
    assert rng(d, (7, 1), (11, 7)) is None
    assert rng(d, (7, 1), (3, 7)) is None  # symmetric: 4 across, 6 down
    assert rng(d, (1, 1), (1, 1)) is None  # own square


def test_range_needs_line_of_sight():
    d = board((3, 7, "#"))
    assert rng(d, (1, 7), (4, 7)) is None  # Quick, but the wall is crossed
    assert rng(d, (1, 7), (1, 10)) == "quick"  # another way is clear


# --- walls next to squares ---------------------------------------------------


def sep(d: Dungeon, a: tuple[int, int], b: tuple[int, int]) -> bool:
    return separated_by_wall(d, d.square(*a), d.square(*b))


def test_separated_by_wall():
    # (5, 5) and (6, 6) share corners with (6, 5) and (5, 6).
    assert sep(board((6, 5, "#"), (5, 6, "#")), (5, 5), (6, 6)) is True
    assert sep(board((6, 5, "#"), (5, 6, "#")), (6, 6), (5, 5)) is True
    assert sep(board((6, 5, "#")), (5, 5), (6, 6)) is False
    assert sep(board((5, 6, "#")), (5, 5), (6, 6)) is False
    # Decision: impassable features are "treated as a wall".
    assert sep(board((6, 5, "D"), (5, 6, "#")), (5, 5), (6, 6)) is True
    # Orthogonal neighbours share an edge: never separated.
    walls = board((5, 4, "#"), (6, 4, "#"), (5, 6, "#"), (6, 6, "#"))
    assert sep(walls, (5, 5), (6, 5)) is False
    with pytest.raises(ValueError):
        sep(board(), (5, 5), (7, 5))


def test_wall_behind():
    d = board((7, 5, "#"), (6, 4, "D"))
    sq = d.square(6, 5)
    assert wall_behind(d, sq, (1, 0)) is True
    assert wall_behind(d, sq, (-1, 0)) is False
    assert wall_behind(d, sq, (0, -1)) is False  # a feature, not a wall
    # (6, 5) -> (7, 4) squeezes between (7, 5) and (6, 4): a wall.
    assert wall_behind(d, sq, (1, -1)) is True
    assert wall_behind(d, sq, (1, 1)) is False  # only (7, 5) beside it
    edge = d.square(14, 0)
    assert wall_behind(d, edge, (1, 0)) is True  # off the board
    assert wall_behind(d, edge, (0, -1)) is True
    with pytest.raises(ValueError):
        wall_behind(d, sq, (2, 0))


def pushes(d: Dungeon, a: tuple[int, int], b: tuple[int, int]) -> list[tuple]:
    out = []
    for p in push_squares(d, d.square(*a), d.square(*b)):
        xy = d.xy(p.sq) if p.sq >= 0 else None
        out.append((xy, p.wall, p.feature, p.open))
    return out


def test_push_straight():
    # Attacker west of the defender: the square east of the defender, then
    # north-east and south-east of it (BB2020 "Pushed Players").
    d = board((7, 4, "#"), (7, 6, "D"))
    assert pushes(d, (5, 5), (6, 5)) == [
        ((7, 5), False, "", True),
        ((7, 4), True, "", False),
        ((7, 6), False, "dragon", False),
    ]
    # Attacker north of the defender: south, then south-west, south-east.
    assert pushes(board((5, 7, "#")), (6, 5), (6, 6)) == [
        ((6, 7), False, "", True),
        ((5, 7), True, "", False),
        ((7, 7), False, "", True),
    ]


def test_push_diagonal_into_a_crack():
    # Attacker north-west: south-east, east, south. With east and south
    # walls, the south-east floor square is through the crack: a wall too.
    d = board((7, 6, "#"), (6, 7, "#"))
    assert pushes(d, (5, 5), (6, 6)) == [
        ((7, 7), True, "", False),
        ((7, 6), True, "", False),
        ((6, 7), True, "", False),
    ]
    assert pushes(board((7, 6, "#")), (5, 5), (6, 6))[0] == ((7, 7), False, "", True)


def test_push_off_the_board():
    d = board()
    got = push_squares(d, d.square(13, 5), d.square(14, 5))
    assert got == (
        PushSquare(-1, True, ""),
        PushSquare(-1, True, ""),
        PushSquare(-1, True, ""),
    )
    with pytest.raises(ValueError):
        push_squares(d, d.square(1, 1), d.square(3, 1))


# --- on the named layout ---------------------------------------------------


def test_on_the_crossroads():
    # Coordinates read off `python -m engine.dungeon.show --layout
    # engine/data/dungeon_bowl/layouts/crossroads.json` (first map line is
    # y = 0; the print drops the 7 blank columns on the west, so x is the
    # printed column + 7): the Chaotic Idol room is x 22..27, its Idol
    # (24..25, 7..8); the west corridor is rows 17..18 from x 8, its door
    # at x 21, the Armoury x 22..27, rows 15..21.
    d = Dungeon(named_layout("crossroads"))
    assert d.feature[d.square(24, 7)] == "idol"
    assert d.door[d.square(21, 17)]
    assert d.door[d.square(21, 18)]
    assert los(d, (22, 7), (27, 7)) is False  # through the Idol
    assert los(d, (22, 6), (27, 6)) is True  # the row above it
    # Down the corridor, through the door, into the Armoury: rows 17..18.
    assert los(d, (8, 17), (27, 18)) is True
    # (8.5, 17.5) -> (23.5, 20.5) is at y = 19.8..20 for x in (20, 21):
    # the corridor's south wall (20, 19).
    assert d.kind[d.square(20, 19)] == WALL
    assert los(d, (8, 17), (23, 20)) is False
    assert rng(d, (15, 17), (21, 17)) == "short"  # 6 squares
    assert rng(d, (15, 17), (22, 17)) is None  # 7: Long, too far
