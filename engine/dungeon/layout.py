"""A Dungeon Bowl layout (tiles placed on the cell grid, doors, Chests and
Portals) and the board built from it: flat, index-based tables like
``engine/blitz/board.py``.

Squares are ints, ``sq = y * width + x``; -1 is "no square". A layout is
JSON-able both ways (:meth:`Layout.to_dict` / :meth:`Layout.from_dict`).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.dungeon.tiles import CELL, PITCH, Shape, Tile, tile_set

WALL = 0
FLOOR = 1
FEATURE = 2

# Pattern characters for impassable features -> (feature, blocks LoS).
FEATURES = {
    "I": ("idol", True),
    "D": ("dragon", False),
    "C": ("crypt", False),
    "X": ("chasm", False),
}
STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile at cell (cx, cy) (its bounding box's top-left cell), turned
    ``rot`` quarter turns clockwise."""

    tile: str
    cx: int
    cy: int
    rot: int = 0

    def shape(self) -> Shape:
        return tile_set().tiles[self.tile].shapes[self.rot]

    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple((self.cx + a, self.cy + b) for a, b in self.shape().cells)

    def exits(self) -> tuple[tuple[int, int, str], ...]:
        return tuple((self.cx + a, self.cy + b, s) for a, b, s in self.shape().exits)


@dataclass(frozen=True, slots=True)
class Door:
    """``width`` floor squares punched in a lattice line from square (x, y):
    along x when ``axis`` is "h" (a horizontal line, y % 7 == 0), along y
    when it is "v"."""

    x: int
    y: int
    axis: str
    width: int = 2

    def squares(self) -> tuple[tuple[int, int], ...]:
        if self.axis == "h":
            return tuple((self.x + i, self.y) for i in range(self.width))
        return tuple((self.x, self.y + i) for i in range(self.width))


def door_on(cx: int, cy: int, side: str) -> Door:
    """The rule door of cell (cx, cy)'s ``side`` edge: the two middle squares
    of that lattice segment (tiles.json decision)."""
    mid = CELL // 2  # offsets 3 and 4 of 1..6
    if side == "N":
        return Door(PITCH * cx + mid, PITCH * cy, "h")
    if side == "S":
        return Door(PITCH * cx + mid, PITCH * (cy + 1), "h")
    if side == "W":
        return Door(PITCH * cx, PITCH * cy + mid, "v")
    return Door(PITCH * (cx + 1), PITCH * cy + mid, "v")


@dataclass(frozen=True, slots=True)
class Layout:
    """A dungeon as built: grid size in cells, tiles, doors, the six Chests
    and the six Portals (``portals[i]`` is Portal number i + 1), as squares
    (x, y)."""

    cols: int
    rows: int
    tiles: tuple[Placed, ...]
    doors: tuple[Door, ...] = ()
    chests: tuple[tuple[int, int], ...] = ()
    portals: tuple[tuple[int, int], ...] = ()
    name: str = ""
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "notes": list(self.notes),
            "cols": self.cols,
            "rows": self.rows,
            "tiles": [[p.tile, p.cx, p.cy, p.rot] for p in self.tiles],
            "doors": [[d.x, d.y, d.axis, d.width] for d in self.doors],
            "chests": [list(c) for c in self.chests],
            "portals": [list(p) for p in self.portals],
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Layout:
        return cls(
            cols=int(raw["cols"]),
            rows=int(raw["rows"]),
            tiles=tuple(
                Placed(str(t[0]), int(t[1]), int(t[2]), int(t[3])) for t in raw["tiles"]
            ),
            doors=tuple(
                Door(int(d[0]), int(d[1]), str(d[2]), int(d[3])) for d in raw["doors"]
            ),
            chests=tuple((int(c[0]), int(c[1])) for c in raw.get("chests", ())),
            portals=tuple((int(p[0]), int(p[1])) for p in raw.get("portals", ())),
            name=str(raw.get("name", "")),
            notes=tuple(str(n) for n in raw.get("notes", ())),
        )


class Dungeon:
    """The board of a layout, as flat tables indexed by square.

    ``kind``: WALL, FLOOR or FEATURE (an impassable room feature);
    ``feature``: "idol", "dragon", "crypt", "chasm" or ""; ``blocks_los``;
    ``bridge`` (the Fiery Chasm's rope bridge, ordinary floor);
    ``tile``: the index in ``layout.tiles`` of the tile the square belongs
    to, -1 for the lattice (doors included); ``room``: that tile's room type
    or ""; ``end_zone``: 0 or 1 for the squares of the first / second End
    Zone tile of the layout, else -1; ``portal``: 1..6 or 0; ``chest``.
    ``neighbours[sq]``: the FLOOR squares one step away (all eight
    directions; Chests do not count, a game treats them as occupants).

    Decision: a diagonal step between two wall squares that touch at a
    corner is not a step (it would squeeze through a wall); it never
    happens with Dugout's tiles, whose passages are two squares wide.
    Building does not judge the layout (``validate.violations`` does); it
    raises KeyError/IndexError only on unknown tiles or off-board squares.
    """

    __slots__ = (
        "layout",
        "width",
        "height",
        "size",
        "kind",
        "feature",
        "blocks_los",
        "bridge",
        "tile",
        "room",
        "end_zone",
        "portal",
        "chest",
        "neighbours",
        "door",
    )

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.width = PITCH * layout.cols + 1
        self.height = PITCH * layout.rows + 1
        self.size = self.width * self.height
        self._blank()
        sets = tile_set()
        zones = 0
        for index, placed in enumerate(layout.tiles):
            tile: Tile = sets.tiles[placed.tile]
            side = -1
            if tile.kind == "end_zone":
                side, zones = zones, zones + 1
            shape = placed.shape()
            ox, oy = PITCH * placed.cx + 1, PITCH * placed.cy + 1
            for py, line in enumerate(shape.pattern):
                for px, ch in enumerate(line):
                    if ch == " ":
                        continue
                    sq = self.square(ox + px, oy + py)
                    self.tile[sq] = index
                    self.room[sq] = tile.room
                    if ch == "#":
                        continue
                    if ch in FEATURES:
                        self.kind[sq] = FEATURE
                        self.feature[sq], self.blocks_los[sq] = FEATURES[ch]
                        continue
                    self.kind[sq] = FLOOR
                    self.blocks_los[sq] = False
                    self.bridge[sq] = ch == "="
                    if ch == "E":
                        self.end_zone[sq] = side
        for d in layout.doors:
            for x, y in d.squares():
                if not (0 <= x < self.width and 0 <= y < self.height):
                    continue  # the validator reports it (door_off_lattice)
                sq = self.square(x, y)
                if self.tile[sq] == -1:
                    self.kind[sq] = FLOOR
                    self.blocks_los[sq] = False
                    self.door[sq] = True
        for x, y in layout.chests:
            self.chest[self.square(x, y)] = True
        for number, (x, y) in enumerate(layout.portals, start=1):
            self.portal[self.square(x, y)] = number
        self.neighbours = _floor_neighbours(self.kind, self.width, self.height)

    def _blank(self) -> None:
        """Every square a wall, in no tile, room or End Zone."""
        n = self.size
        self.kind = [WALL] * n
        self.feature = [""] * n
        self.blocks_los = [True] * n
        self.bridge = [False] * n
        self.tile = [-1] * n
        self.room = [""] * n
        self.end_zone = [-1] * n
        self.portal = [0] * n
        self.chest = [False] * n
        self.door = [False] * n

    @classmethod
    def from_rows(
        cls,
        rows: list[str] | tuple[str, ...],
        rooms: dict[str, tuple[int, int, int, int]] | None = None,
    ) -> Dungeon:
        """A free-form board from a picture, for tests and scenarios: ``#``
        wall, ``.`` floor, ``<`` / ``>`` floor of End Zone 0 / 1, ``$`` a
        Chest, ``1``-``6`` a Portal, ``=`` the rope bridge, and the feature
        letters of :data:`FEATURES`. ``rooms`` gives a room type to the
        squares of inclusive rectangles ``(x0, y0, x1, y1)``. The layout is
        empty (no tiles): nothing here is validated."""
        width = max(len(r) for r in rows)
        height = len(rows)
        d = object.__new__(cls)
        d.layout = Layout(cols=0, rows=0, tiles=(), name="diagram")
        d.width, d.height, d.size = width, height, width * height
        d._blank()
        for y, line in enumerate(rows):
            for x, ch in enumerate(line):
                sq = y * width + x
                if ch in ("#", " "):
                    continue
                if ch in FEATURES:
                    d.kind[sq] = FEATURE
                    d.feature[sq], d.blocks_los[sq] = FEATURES[ch]
                    continue
                if ch not in ".<>$=123456":
                    raise ValueError(f"unknown dungeon character {ch!r} at ({x}, {y})")
                d.kind[sq] = FLOOR
                d.blocks_los[sq] = False
                d.bridge[sq] = ch == "="
                if ch in "<>":
                    d.end_zone[sq] = "<>".index(ch)
                elif ch == "$":
                    d.chest[sq] = True
                elif ch.isdigit():
                    d.portal[sq] = int(ch)
        for room, (x0, y0, x1, y1) in (rooms or {}).items():
            for y in range(y0, y1 + 1):
                for x in range(x0, x1 + 1):
                    d.room[y * width + x] = room
        d.neighbours = _floor_neighbours(d.kind, width, height)
        return d

    def square(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"square ({x}, {y}) is off the board")
        return y * self.width + x

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def step(self, sq: int, dx: int, dy: int) -> int:
        """The square (dx, dy) from ``sq``, or -1 off the board."""
        x, y = sq % self.width + dx, sq // self.width + dy
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    def _floor_steps(self, sq: int) -> tuple[int, ...]:
        """The floor squares one step from ``sq`` (none from a wall or a
        feature): a diagonal step between two walls is no step."""
        return _floor_neighbours(self.kind, self.width, self.height, (sq,))[0]

    def floor_squares(self) -> tuple[int, ...]:
        return tuple(sq for sq in range(self.size) if self.kind[sq] == FLOOR)

    def distances(self, sources: tuple[int, ...]) -> list[int]:
        """Steps from the nearest of ``sources`` to every square over floor
        (-1 where no walk reaches)."""
        return walk_distances(self.neighbours, self.size, sources)

    def distance(self, a: int, b: int) -> int:
        """Chebyshev distance ('within n squares'), over anything."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return max(abs(ax - bx), abs(ay - by))

    def to_dict(self) -> dict[str, Any]:
        """The layout and the board's rows (:func:`text_rows`)."""
        return {"layout": self.layout.to_dict(), "rows": text_rows(self)}


def _floor_neighbours(
    kind: Sequence[int],
    width: int,
    height: int,
    squares: Iterable[int] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """For each of ``squares`` (every square by default), the floor squares
    one step away in :data:`STEPS` order; none from a square that is not
    floor, and no diagonal step between two walls (one table walk, no
    method call per step: a generated dungeon has 2,000+ squares)."""
    out: list[tuple[int, ...]] = []
    for sq in range(width * height) if squares is None else squares:
        if kind[sq] != FLOOR:
            out.append(())
            continue
        x, y = sq % width, sq // width
        steps: list[int] = []
        for dx, dy in STEPS:
            tx, ty = x + dx, y + dy
            if not (0 <= tx < width and 0 <= ty < height):
                continue
            to = ty * width + tx
            if kind[to] != FLOOR:
                continue
            # both corners are on the board when the diagonal square is
            if (
                dx
                and dy
                and kind[y * width + tx] == WALL
                and kind[ty * width + x] == WALL
            ):
                continue
            steps.append(to)
        out.append(tuple(steps))
    return tuple(out)


def walk_distances(
    neighbours: Sequence[Sequence[int]], size: int, sources: Iterable[int]
) -> list[int]:
    """Steps from the nearest of ``sources`` to every square, walking over
    ``neighbours`` (a breadth-first search); -1 where no walk reaches."""
    dist = [-1] * size
    queue = deque(sources)
    for sq in queue:
        dist[sq] = 0
    while queue:
        sq = queue.popleft()
        d = dist[sq] + 1
        for to in neighbours[sq]:
            if dist[to] < 0:
                dist[to] = d
                queue.append(to)
    return dist


LAYOUT_DIR = (
    Path(__file__).resolve().parent.parent / "data" / "dungeon_bowl" / "layouts"
)


def named_layouts() -> tuple[str, ...]:
    """The slugs of the layouts kept as data."""
    return tuple(sorted(p.stem for p in LAYOUT_DIR.glob("*.json")))


def named_layout(slug: str) -> Layout:
    """A layout kept as data (``engine/data/dungeon_bowl/layouts/<slug>.json``)."""
    path = LAYOUT_DIR / f"{slug}.json"
    return Layout.from_dict(json.loads(path.read_text(encoding="utf-8")))


# The board as text, one character a square (``engine.dungeon.show``
# draws it): each room type's letter.
ROOM_LETTERS = {
    "armoury": "A",
    "bone_pit": "B",
    "cursed_room": "C",
    "flooded_room": "W",
    "forgotten_jail": "J",
    "kitchen": "K",
    "sewer": "S",
    "treasure_room": "T",
    "chaotic_idol": "I",
    "crypt": "R",
    "dragon_lair": "D",
    "fiery_chasm": "H",
}


def char(board: Dungeon, sq: int) -> str:
    if board.chest[sq]:
        return "$"
    if board.portal[sq]:
        return str(board.portal[sq])
    if board.kind[sq] == FEATURE:
        return "~" if board.feature[sq] == "chasm" else "%"
    if board.kind[sq] == FLOOR:
        if board.door[sq]:
            return "+"
        if board.bridge[sq]:
            return "="
        if board.end_zone[sq] >= 0:
            return "<>"[board.end_zone[sq]]
        if board.room[sq]:
            return ROOM_LETTERS[board.room[sq]]
        return "."
    near = any(
        (to := board.step(sq, dx, dy)) >= 0 and board.kind[to] != 0
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )
    return "#" if near else " "


def text_rows(board: Dungeon) -> list[str]:
    return [
        "".join(char(board, y * board.width + x) for x in range(board.width)).rstrip()
        for y in range(board.height)
    ]
