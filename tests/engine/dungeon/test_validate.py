"""The building rules (set-up.md "Setting Up The Game"; digest B2, B3): the
hand-laid named layout passes, and each layout below breaks it in exactly
one way and gets exactly that code.

The Crossroads (engine/data/dungeon_bowl/layouts/crossroads.json), on
10 x 7 cells (a cell (cx, cy) covers squares 7cx+1..7cx+6, 7cy+1..7cy+6):
tile 0 long corridor (1,2)-(2,2); 1 Armoury (3,2); 2 long corridor
(4,2)-(5,2); 3 Sewer (6,2); 4 long corridor (7,2)-(8,2); 5 Chaotic Idol
(3,0)-(3,1); 6 long corridor (3,3)-(3,4); 7 Treasure Room (6,1); 8 Kitchen
(6,3); 9 T-junction (2,5), stem up at (3,5); 10 End Zone (1,6) opening E
onto the T's west end; 11 End Zone (9,2) opening W onto tile 4's east end.
Chests at (24,26) (tile 6), (22,4) (Idol), (26,15) (Armoury), (29,17)
(tile 2), (47,8) (Treasure Room), (44,16) (Sewer); Portals 1-6 at (48,27)
(Kitchen), (25,30) (tile 6), (43,9) (Treasure), (12,18) (tile 0), (23,9)
(Idol), (48,16) (Sewer).
"""

from __future__ import annotations

from engine.dungeon.layout import Door, Layout, Placed, door_on
from engine.dungeon.validate import violations

from .helpers import crossroads, finish, replace, without


def codes(layout: Layout) -> list[str]:
    return [v.code for v in violations(layout)]


def test_the_crossroads_is_legal() -> None:
    assert violations(crossroads()) == []


# --- tiles -----------------------------------------------------------------


def test_an_unknown_tile() -> None:
    layout = crossroads()
    tiles = (Placed("secret_passage", 0, 0, 0), *layout.tiles)
    assert codes(replace(layout, tiles=tiles)) == ["unknown_tile"]


def test_a_rotation_out_of_range() -> None:
    layout = crossroads()
    tiles = (Placed("sewer", 6, 2, 4), *layout.tiles[:3], *layout.tiles[4:])
    assert codes(replace(layout, tiles=tiles)) == ["bad_rotation"]


def test_a_board_larger_than_the_bound() -> None:
    # tiles.json: at most 10 x 8 cells.
    assert codes(replace(crossroads(), cols=11)) == ["board_size"]
    assert codes(replace(crossroads(), rows=9)) == ["board_size"]
    assert codes(replace(crossroads(), rows=8)) != ["board_size"]


def test_a_tile_off_the_board() -> None:
    # 6 rows of cells: the T-junction (rows 5-6) and the End Zone at (1,6)
    # stick out, one report each.
    assert codes(replace(crossroads(), rows=6)) == ["out_of_bounds"] * 2


def test_overlapping_tiles() -> None:
    layout = crossroads()
    # The Crypt (2 cells) on top of the Sewer (6,2) and tile 4 (7,2).
    tiles = (*layout.tiles, Placed("crypt", 6, 2, 0))
    assert codes(replace(layout, tiles=tiles)) == ["overlap", "overlap"]


# --- pieces -----------------------------------------------------------------


def test_three_corridors_are_too_few() -> None:
    # Without tile 0 and the T-junction: long corridors 2, 4, 6 = 3 < 4.
    layout = finish(without(crossroads(), (1, 2), (2, 5)))
    assert codes(layout) == ["too_few_corridors"]


def test_four_corridors_are_enough() -> None:
    # Without the T-junction only: 4 long corridors.
    assert codes(finish(without(crossroads(), (2, 5)))) == []


def test_two_small_rooms_are_too_few() -> None:
    # Without the Treasure Room and the Kitchen: Armoury and Sewer = 2 < 3.
    layout = finish(without(crossroads(), (6, 1), (6, 3)))
    assert codes(layout) == ["too_few_small_rooms"]
    assert codes(finish(without(crossroads(), (6, 1)))) == []


def test_no_large_room_is_too_few() -> None:
    assert codes(finish(without(crossroads(), (3, 0)))) == ["too_few_large_rooms"]


def test_one_end_zone() -> None:
    layout = crossroads()
    tiles = tuple(p for p in layout.tiles if (p.tile, p.cx) != ("end_zone", 1))
    doors = tuple(d for d in layout.doors if (d.x, d.y) != (14, 45))
    assert codes(replace(layout, tiles=tiles, doors=doors)) == ["end_zone_count"]


def test_a_fifth_long_corridor_is_more_than_the_box() -> None:
    # A long corridor from (1,0) to (2,0) opening E onto the Idol's west
    # side: 5 long corridors, the box has 4.
    tiles = (*without(crossroads()), Placed("corridor_long", 1, 0, 0))
    assert codes(finish(tiles)) == ["too_many_tiles"]


def test_a_room_used_twice() -> None:
    layout = crossroads()
    tiles = tuple(
        Placed("armoury", 6, 3, 0) if p.tile == "kitchen" else p for p in layout.tiles
    )
    assert codes(replace(layout, tiles=tiles)) == ["room_repeated"]


# --- joins -----------------------------------------------------------------


def _doors_with(
    layout: Layout, old: tuple[int, int], new: Door | None
) -> tuple[Door, ...]:
    out = [d for d in layout.doors if (d.x, d.y) != old]
    assert len(out) == len(layout.doors) - 1
    return (*out, new) if new else tuple(out)


def test_a_door_one_square_wide() -> None:
    layout = crossroads()
    # The Armoury-Sewer corridor's west door, (28,17)-(28,18), cut to one.
    doors = _doors_with(layout, (28, 17), Door(28, 17, "v", 1))
    assert codes(replace(layout, doors=doors)) == ["door_width"]


def test_a_door_three_squares_wide() -> None:
    layout = crossroads()
    doors = _doors_with(layout, (28, 17), Door(28, 17, "v", 3))
    assert codes(replace(layout, doors=doors)) == ["door_width"]


def test_a_door_off_centre() -> None:
    # The middle pair of the edge y = 15..20 is (17, 18); (18, 19) is not.
    layout = crossroads()
    doors = _doors_with(layout, (28, 17), Door(28, 18, "v"))
    assert codes(replace(layout, doors=doors)) == ["door_not_central"]


def test_a_door_off_the_wall_lines() -> None:
    layout = crossroads()
    doors = (*layout.doors, Door(10, 10, "h"))
    assert codes(replace(layout, doors=doors)) == ["door_off_lattice"]


def test_a_door_across_a_wall_corner() -> None:
    # (27..28, 14): the second square is the lattice crossing.
    layout = crossroads()
    doors = (*layout.doors, Door(27, 14, "h"))
    assert codes(replace(layout, doors=doors)) == ["door_off_lattice"]


def test_a_door_where_only_one_tile_opens() -> None:
    # Tile 0's west end (cell (1,2), W) meets the empty cell (0,2).
    layout = crossroads()
    doors = (*layout.doors, door_on(1, 2, "W"))
    assert codes(replace(layout, doors=doors)) == ["door_not_join"]


def test_a_join_without_its_door() -> None:
    # The Treasure Room (6,1) opens S onto the Sewer (6,2), which opens N.
    layout = crossroads()
    doors = _doors_with(layout, (45, 14), None)
    assert codes(replace(layout, doors=doors)) == ["missing_door"]


def test_floor_that_cannot_be_reached() -> None:
    # The Treasure Room moved to (9,5), touching nothing, its door gone.
    layout = crossroads()
    tiles = tuple(
        Placed("treasure_room", 9, 5, 0) if p.tile == "treasure_room" else p
        for p in layout.tiles
    )
    chests = tuple(
        (x + 21, y + 28) if (x, y) == (47, 8) else (x, y) for x, y in layout.chests
    )
    portals = tuple(
        (x + 21, y + 28) if (x, y) == (43, 9) else (x, y) for x, y in layout.portals
    )
    doors = _doors_with(layout, (45, 14), None)
    found = codes(
        replace(layout, tiles=tiles, doors=doors, chests=chests, portals=portals)
    )
    assert found == ["disconnected"]


# --- End Zones ------------------------------------------------------------------


def test_end_zones_not_as_far_apart_as_possible() -> None:
    # By hand, from the T's west end (inner squares (15, 45..46)) to tile 4's
    # east end (inner (62, 17..18)), a King's walk: along the bar and up
    # into the stem to (25, 43), 10 steps; up the stem to its door (25, 35),
    # 8; down tile 6 to the Armoury's door (25, 21), 14; across the
    # Armoury to its east door (28, 18), 3; east along tile 2, the Sewer
    # and tile 4 to (62, 18), 34. 10 + 8 + 14 + 3 + 34 = 69.
    # The farthest places are the T's west or east end against tile 4's
    # east end (69 steps between the doors' inner squares); the Crossroads
    # uses one such pair. The second End Zone moved to the Idol's west side
    # (cell (2,1) opening E) is nearer: not legal. The pieces are redeployed
    # with the same procedure so that only the End Zones differ.
    import random

    from engine.dungeon.generate import _doors, deploy

    tiles = (
        *without(crossroads()),
        Placed("end_zone", 1, 6, 0),
        Placed("end_zone", 2, 1, 0),
    )
    base = Layout(10, 7, tiles, _doors(10, 7, tiles))
    near = deploy(base, random.Random(0), lambda kind, coach, options, b: options[0])
    assert near is not None
    found = violations(near)
    assert [v.code for v in found] == ["end_zones_not_far"]
    assert found[0].message.endswith("69 is possible")
