"""The board built from a layout (engine/dungeon/layout.py)."""

from __future__ import annotations

import json

from engine.dungeon.layout import FEATURE, FLOOR, WALL, Dungeon, Layout

from .helpers import crossroads


def test_size_and_square_flags() -> None:
    board = Dungeon(crossroads())
    # 10 x 7 cells of 6 squares, one wall square between and around them.
    assert (board.width, board.height) == (71, 50)
    armoury = board.square(22, 15)  # cell (3, 2) starts at (22, 15)
    assert board.kind[armoury] == FLOOR
    assert board.room[armoury] == "armoury"
    assert board.tile[armoury] == 1
    assert board.kind[board.square(21, 15)] == WALL  # the lattice beside it
    door = board.square(28, 17)
    assert board.kind[door] == FLOOR
    assert board.door[door]
    assert board.tile[door] == -1
    idol = board.square(24, 7)
    assert board.kind[idol] == FEATURE
    assert board.feature[idol] == "idol"
    assert board.blocks_los[idol]
    assert board.end_zone[board.square(8, 43)] == 0
    assert board.end_zone[board.square(64, 15)] == 1
    assert board.chest[board.square(22, 4)]
    assert board.portal[board.square(12, 18)] == 4


def test_neighbours_are_floor_only() -> None:
    board = Dungeon(crossroads())
    # (22, 15), the Armoury's top-left corner: E, S and SE are floor; the
    # wall around it is not a step.
    corner = board.square(22, 15)
    assert set(board.neighbours[corner]) == {
        board.square(23, 15),
        board.square(22, 16),
        board.square(23, 16),
    }
    # The Idol's statue takes no steps and is no one's step.
    statue = board.square(24, 7)
    assert board.neighbours[statue] == ()
    assert statue not in board.neighbours[board.square(23, 6)]


def test_distances_walk_round_walls() -> None:
    board = Dungeon(crossroads())
    # From tile 0's west end (8, 17) to its east end (20, 17): 12 steps;
    # into the Armoury through the door at (21, 17): 14 to (22, 17).
    dist = board.distances((board.square(8, 17),))
    assert dist[board.square(20, 17)] == 12
    assert dist[board.square(22, 17)] == 14
    assert dist[board.square(8, 16)] == -1  # wall


def test_the_layout_goes_to_json_and_back() -> None:
    layout = crossroads()
    again = Layout.from_dict(json.loads(json.dumps(layout.to_dict())))
    assert again == layout


def test_a_fiery_chasm_has_a_bridge() -> None:
    from engine.dungeon.layout import Placed

    board = Dungeon(Layout(2, 1, (Placed("fiery_chasm", 0, 0, 0),)))
    # Column x = 7 (the line between the two cells), rows 1..6.
    kinds = [board.kind[board.square(7, y)] for y in range(1, 7)]
    assert kinds == [FLOOR, FEATURE, FLOOR, FEATURE, FEATURE, FLOOR]
    assert board.bridge[board.square(7, 3)]
    assert not board.blocks_los[board.square(7, 2)]


def test_no_diagonal_step_between_two_wall_corners() -> None:
    from engine.dungeon.layout import Placed

    # Dugout's tiles never make such a corner; one is made here by walling
    # two squares of a room: (3, 2) and (2, 3) around the step (2,2)->(3,3).
    board = Dungeon(Layout(1, 1, (Placed("armoury", 0, 0, 0),)))
    a, b = board.square(2, 2), board.square(3, 3)
    assert b in board.neighbours[a]
    board.kind[board.square(3, 2)] = WALL
    board.kind[board.square(2, 3)] = WALL
    assert b not in board._floor_steps(a)
    board.kind[board.square(2, 3)] = FLOOR
    assert b in board._floor_steps(a)


def test_the_board_as_json() -> None:
    data = Dungeon(crossroads()).to_dict()
    assert Layout.from_dict(data["layout"]) == crossroads()
    assert len(data["rows"]) == 50
    assert data["rows"][4][22] == "$"  # the Idol's Chest at (22, 4)
