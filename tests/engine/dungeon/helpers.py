"""Layouts for the Dungeon Bowl dungeon tests."""

from __future__ import annotations

import random

from engine.dungeon.generate import _doors, deploy
from engine.dungeon.layout import Dungeon, Layout, Placed, named_layout
from engine.dungeon.validate import (
    end_zone_slots,
    farthest_pairs,
    slot_distance_table,
)


def crossroads() -> Layout:
    """The hand-laid named layout: 12 tiles on 10 x 7 cells (see its JSON)."""
    return named_layout("crossroads")


def without(layout: Layout, *cells: tuple[int, int]) -> tuple[Placed, ...]:
    """``layout``'s dungeon tiles (no End Zones) less those whose top-left
    cell is one of ``cells``."""
    return tuple(
        p for p in layout.tiles if p.tile != "end_zone" and (p.cx, p.cy) not in cells
    )


def finish(tiles: tuple[Placed, ...], cols: int = 10, rows: int = 7) -> Layout:
    """``tiles`` made legal in every other respect: a door on every join,
    the End Zones on the first farthest pair of places, the Chests and
    Portals deployed by the procedure (first legal square each time)."""
    doors = _doors(cols, rows, tiles)
    base = Layout(cols, rows, tiles, doors)
    board = Dungeon(base)
    slots = end_zone_slots(base, board)
    _, pairs = farthest_pairs(slots, slot_distance_table(board, slots))
    i, j = pairs[0]
    full = (*tiles, slots[i].placed(), slots[j].placed())
    layout = Layout(cols, rows, full, _doors(cols, rows, full))
    done = deploy(layout, random.Random(0), lambda kind, coach, options, b: options[0])
    assert done is not None
    return done


def replace(layout: Layout, **changes: object) -> Layout:
    data = {
        "cols": layout.cols,
        "rows": layout.rows,
        "tiles": layout.tiles,
        "doors": layout.doors,
        "chests": layout.chests,
        "portals": layout.portals,
    }
    data.update(changes)
    return Layout(**data)  # type: ignore[arg-type]
