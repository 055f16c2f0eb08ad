"""Dugout's Dungeon Bowl tiles, read once from
``engine/data/dungeon_bowl/tiles.json`` (every shape is a decision recorded
in that file's ``_decisions``), and their four rotations.

A tile covers cells of a grid; a cell is ``CELL`` x ``CELL`` squares and
cells are one wall square apart, so cell (cx, cy) starts at square
(7cx + 1, 7cy + 1). A tile's ``pattern`` covers its bounding box of cells
(internal lattice lines included): see the file's ``pattern_legend``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import RuleError

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "dungeon_bowl"

CELL = 6
PITCH = CELL + 1  # squares from one cell's start to the next
SIDES = ("N", "E", "S", "W")
# The step to the neighbouring cell across each side.
SIDE_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
KINDS = ("corridor", "small_room", "large_room", "end_zone")
PATTERN_CHARS = frozenset(".# EIDCX=")


class DungeonDataError(RuleError):
    """The Dungeon Bowl tile file is missing or breaks its own rules."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A tile in one rotation: its cells (relative to its top-left cell),
    its open edges and its pattern (rows of ``pattern_legend`` chars)."""

    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]
    exits: tuple[tuple[int, int, str], ...]
    pattern: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    slug: str
    name: str
    kind: str
    room: str  # the room type (a room tile's own slug), "" otherwise
    shapes: tuple[Shape, ...]  # by rotation 0..3, a quarter turn clockwise each


@dataclass(frozen=True, slots=True)
class TileSet:
    max_cols: int
    max_rows: int
    inventory: dict[str, int]
    tiles: dict[str, Tile]


def _rotate(shape: Shape) -> Shape:
    """``shape`` turned a quarter clockwise: cell (cx, cy) of a cols x rows
    box goes to (rows - 1 - cy, cx); N becomes E, E S, S W, W N."""
    turn = {"N": "E", "E": "S", "S": "W", "W": "N"}
    h = len(shape.pattern)
    w = len(shape.pattern[0])
    pattern = tuple(
        "".join(shape.pattern[h - 1 - x][y] for x in range(h)) for y in range(w)
    )
    cells = tuple(sorted((shape.rows - 1 - cy, cx) for cx, cy in shape.cells))
    exits = tuple(
        sorted((shape.rows - 1 - cy, cx, turn[side]) for cx, cy, side in shape.exits)
    )
    return Shape(shape.rows, shape.cols, cells, exits, pattern)


def _tile(raw: dict[str, Any]) -> Tile:
    slug = str(raw["slug"])
    kind = str(raw["kind"])
    if kind not in KINDS:
        raise DungeonDataError(f"tiles.json: {slug}: unknown kind {kind!r}")
    cells = tuple((int(c[0]), int(c[1])) for c in raw["cells"])
    cols = max(c[0] for c in cells) + 1
    rows = max(c[1] for c in cells) + 1
    pattern = tuple(str(r) for r in raw["pattern"])
    if len(pattern) != PITCH * rows - 1 or any(
        len(r) != PITCH * cols - 1 for r in pattern
    ):
        raise DungeonDataError(
            f"tiles.json: {slug}: pattern is not {cols}x{rows} cells"
        )
    if any(ch not in PATTERN_CHARS for r in pattern for ch in r):
        raise DungeonDataError(f"tiles.json: {slug}: unknown pattern character")
    exits = tuple(sorted((int(e[0]), int(e[1]), str(e[2])) for e in raw["exits"]))
    for cx, cy, side in exits:
        if (cx, cy) not in cells or side not in SIDES:
            raise DungeonDataError(f"tiles.json: {slug}: bad exit {cx, cy, side}")
        # An exit's two middle squares on that edge must be floor.
        for a, b in _edge_squares(cx, cy, side):
            if pattern[b][a] in "# ":
                raise DungeonDataError(
                    f"tiles.json: {slug}: exit {cx, cy, side} is walled"
                )
    shapes = [Shape(cols, rows, cells, exits, pattern)]
    for _ in range(3):
        shapes.append(_rotate(shapes[-1]))
    return Tile(slug, str(raw["name"]), kind, str(raw["room"]), tuple(shapes))


def _edge_squares(cx: int, cy: int, side: str) -> tuple[tuple[int, int], ...]:
    """The two middle squares of cell (cx, cy)'s ``side`` edge, inside the
    cell, in pattern coordinates."""
    x0, y0 = PITCH * cx, PITCH * cy
    mid = (CELL // 2 - 1, CELL // 2)
    if side == "N":
        return tuple((x0 + m, y0) for m in mid)
    if side == "S":
        return tuple((x0 + m, y0 + CELL - 1) for m in mid)
    if side == "W":
        return tuple((x0, y0 + m) for m in mid)
    return tuple((x0 + CELL - 1, y0 + m) for m in mid)


@cache
def tile_set() -> TileSet:
    path = DATA_DIR / "tiles.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DungeonDataError(f"tiles.json: {exc}") from exc
    if int(raw["cell"]) != CELL:
        raise DungeonDataError("tiles.json: cell size differs from the code's")
    tiles = {t.slug: t for t in map(_tile, raw["tiles"])}
    rooms = [t.room for t in tiles.values() if t.room]
    if len(rooms) != 12 or len(set(rooms)) != 12:
        raise DungeonDataError("tiles.json: there must be 12 distinct rooms")
    inventory = {str(k): int(v) for k, v in raw["inventory"].items()}
    return TileSet(int(raw["max_cols"]), int(raw["max_rows"]), inventory, tiles)


def inventory_key(tile: Tile) -> str:
    """The inventory bucket a tile counts against: rooms by their kind,
    corridors and End Zones by their own slug."""
    return tile.kind if tile.kind in ("small_room", "large_room") else tile.slug
