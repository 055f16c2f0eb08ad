"""The building rules of a Dungeon Bowl dungeon (rulebook set-up.md
"Setting Up The Game"; digest B2, B3), checked on a :class:`Layout`.

``violations(layout)`` lists every broken rule as a :class:`Violation`
(code + message + where); an empty list is a legal dungeon. The codes:

- tiles: ``unknown_tile``, ``bad_rotation``, ``board_size``,
  ``out_of_bounds``, ``overlap`` (any of these stops the check there);
- pieces (B2 "at least four corridor pieces, at least three small rooms,
  at least one large room and the two End Zones"; the box's inventory):
  ``too_few_corridors``, ``too_few_small_rooms``, ``too_few_large_rooms``,
  ``end_zone_count``, ``too_many_tiles``, ``room_repeated``;
- joins (B2 "at least two squares connecting them", Door tokens "always two
  squares wide ... as centrally as possible"): ``door_off_lattice``,
  ``door_width``, ``door_not_central``, ``door_not_join``, ``missing_door``,
  ``disconnected`` (every floor square reachable from every other);
- End Zones (B2 "as far away from each other as possible"):
  ``end_zones_not_far`` (checked when the joins are sound);
- Chests and Portals (B3): ``chest_count``, ``chest_square``,
  ``chest_end_zone``, ``chest_same_tile``, ``portal_count``,
  ``portal_square``, ``portal_end_zone``, ``portal_same_tile``,
  ``portal_near_chest``, ``off_board`` (a Chest or Portal outside the
  board: the check stops there).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from engine.dungeon.layout import FLOOR, Dungeon, Layout, Placed, door_on
from engine.dungeon.tiles import (
    CELL,
    PITCH,
    SIDE_STEP,
    SIDES,
    inventory_key,
    tile_set,
)

CHESTS = 6
PORTALS = 6
# Decision: "may not be deployed within 2 squares of a Chest" = a Portal
# may not be at distance 1 or 2 (rulebook "within": counting squares as a
# King moves, over anything) of a Chest, nor on one.
PORTAL_CHEST_GAP = 2
MIN_CORRIDORS = 4
MIN_SMALL_ROOMS = 3
MIN_LARGE_ROOMS = 1
END_ZONES = 2


class Violation(NamedTuple):
    code: str
    message: str
    where: tuple[int, int] | None = None  # a square (x, y) or a cell, or None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "where": list(self.where) if self.where is not None else None,
        }


def edge_key(cx: int, cy: int, side: str) -> tuple[int, int, str]:
    """One name for a cell edge seen from either side."""
    if side == "N":
        return (cx, cy, "h")
    if side == "S":
        return (cx, cy + 1, "h")
    if side == "W":
        return (cx, cy, "v")
    return (cx + 1, cy, "v")


def cell_owners(layout: Layout) -> dict[tuple[int, int], int]:
    owners: dict[tuple[int, int], int] = {}
    for index, placed in enumerate(layout.tiles):
        for cell in placed.cells():
            owners.setdefault(cell, index)
    return owners


def open_edges(layout: Layout) -> dict[tuple[int, int, str], list[int]]:
    """Each cell edge with an exit on it -> the tiles open there."""
    edges: dict[tuple[int, int, str], list[int]] = {}
    for index, placed in enumerate(layout.tiles):
        for cx, cy, side in placed.exits():
            edges.setdefault(edge_key(cx, cy, side), []).append(index)
    return edges


def required_doors(layout: Layout) -> dict[tuple[int, int, str], tuple[int, int]]:
    """Every edge where two different tiles are both open -> those tiles."""
    return {
        key: (tiles[0], tiles[1])
        for key, tiles in open_edges(layout).items()
        if len(tiles) == 2 and tiles[0] != tiles[1]
    }


def _door_edge(x: int, y: int, axis: str, width: int) -> tuple[int, int, str] | None:
    """The cell edge a door lies on, or None when it is not inside one
    lattice segment."""
    if axis == "h":
        if y % PITCH or x % PITCH == 0 or (x + width - 1) // PITCH != x // PITCH:
            return None
        if (x + width - 1) % PITCH == 0:
            return None
        return (x // PITCH, y // PITCH, "h")
    if axis == "v":
        if x % PITCH or y % PITCH == 0 or (y + width - 1) // PITCH != y // PITCH:
            return None
        if (y + width - 1) % PITCH == 0:
            return None
        return (x // PITCH, y // PITCH, "v")
    return None


def _structure(layout: Layout) -> list[Violation]:
    sets = tile_set()
    out: list[Violation] = []
    if not (1 <= layout.cols <= sets.max_cols and 1 <= layout.rows <= sets.max_rows):
        out.append(
            Violation(
                "board_size",
                f"the board is {layout.cols} x {layout.rows} cells; at most "
                f"{sets.max_cols} x {sets.max_rows}",
            )
        )
        return out
    seen: dict[tuple[int, int], int] = {}
    for index, placed in enumerate(layout.tiles):
        if placed.tile not in sets.tiles:
            out.append(
                Violation("unknown_tile", f"tile {index}: no tile {placed.tile!r}")
            )
            continue
        if placed.rot not in (0, 1, 2, 3):
            out.append(
                Violation("bad_rotation", f"tile {index}: rotation {placed.rot}")
            )
            continue
        for cell in placed.cells():
            cx, cy = cell
            if not (0 <= cx < layout.cols and 0 <= cy < layout.rows):
                out.append(
                    Violation("out_of_bounds", f"tile {index} leaves the board", cell)
                )
                break
            if cell in seen:
                out.append(
                    Violation(
                        "overlap", f"tiles {seen[cell]} and {index} share a cell", cell
                    )
                )
            seen[cell] = index
    return out


def _pieces(layout: Layout) -> list[Violation]:
    sets = tile_set()
    out: list[Violation] = []
    tiles = [sets.tiles[p.tile] for p in layout.tiles]
    kinds = Counter(t.kind for t in tiles)
    for kind, least, code in (
        ("corridor", MIN_CORRIDORS, "too_few_corridors"),
        ("small_room", MIN_SMALL_ROOMS, "too_few_small_rooms"),
        ("large_room", MIN_LARGE_ROOMS, "too_few_large_rooms"),
    ):
        if kinds[kind] < least:
            out.append(Violation(code, f"{kinds[kind]} {kind} tiles; at least {least}"))
    if kinds["end_zone"] != END_ZONES:
        out.append(
            Violation("end_zone_count", f"{kinds['end_zone']} End Zones; exactly 2")
        )
    used = Counter(inventory_key(t) for t in tiles)
    for key, count in sorted(used.items()):
        if key != "end_zone" and count > sets.inventory[key]:
            out.append(
                Violation(
                    "too_many_tiles",
                    f"{count} {key}; the box has {sets.inventory[key]}",
                )
            )
    rooms = Counter(t.room for t in tiles if t.room)
    for room, count in sorted(rooms.items()):
        if count > 1:
            out.append(Violation("room_repeated", f"{room} is used {count} times"))
    return out


def _doors(layout: Layout) -> list[Violation]:
    out: list[Violation] = []
    edges = open_edges(layout)
    need = required_doors(layout)
    done: set[tuple[int, int, str]] = set()
    for door in layout.doors:
        where = (door.x, door.y)
        if door.width != 2:
            out.append(
                Violation("door_width", f"a door {door.width} squares wide; 2", where)
            )
        edge = _door_edge(door.x, door.y, door.axis, max(door.width, 1))
        if edge is not None and not (
            0 <= edge[0] <= layout.cols and 0 <= edge[1] <= layout.rows
        ):
            edge = None
        if edge is None:
            out.append(
                Violation("door_off_lattice", "a door not inside one cell edge", where)
            )
            continue
        if door.width == 2:
            offset = (door.x if door.axis == "h" else door.y) % PITCH
            if offset != CELL // 2:
                out.append(
                    Violation(
                        "door_not_central",
                        f"a door at offset {offset} of its edge; the middle is "
                        f"{CELL // 2}",
                        where,
                    )
                )
        if edge not in need:
            tiles = edges.get(edge, [])
            out.append(
                Violation(
                    "door_not_join",
                    f"a door where {len(tiles)} tile(s) open; two must",
                    where,
                )
            )
        done.add(edge)
    for edge in sorted(set(need) - done):
        a, b = need[edge]
        out.append(
            Violation(
                "missing_door",
                f"tiles {a} and {b} join without a door",
                (edge[0], edge[1]),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class Slot:
    """Where an End Zone can go: an empty cell whose ``side`` edge meets an
    open edge of a dungeon tile; ``inner`` are the tile's floor squares
    just inside the door."""

    cx: int
    cy: int
    side: str
    inner: tuple[int, ...]

    def placed(self) -> Placed:
        # The End Zone tile opens to the E at rotation 0; each quarter
        # turn clockwise moves its exit E -> S -> W -> N.
        return Placed(
            "end_zone", self.cx, self.cy, ("E", "S", "W", "N").index(self.side)
        )


def end_zone_slots(base: Layout, board: Dungeon) -> list[Slot]:
    """Every legal End Zone position for ``base`` (a layout without its End
    Zones; ``board`` is built from it)."""
    owners = cell_owners(base)
    edges = open_edges(base)
    slots = []
    for cy in range(base.rows):
        for cx in range(base.cols):
            if (cx, cy) in owners:
                continue
            for side in SIDES:
                dx, dy = SIDE_STEP[side]
                other = (cx + dx, cy + dy)
                if other not in owners:
                    continue
                if len(edges.get(edge_key(cx, cy, side), ())) != 1:
                    continue
                door = door_on(cx, cy, side)
                inner = tuple(board.square(x + dx, y + dy) for x, y in door.squares())
                if all(board.kind[sq] == FLOOR for sq in inner):
                    slots.append(Slot(cx, cy, side, inner))
    return slots


def slot_distance_table(board: Dungeon, slots: list[Slot]) -> list[list[int]]:
    """Walking steps between the slots' inner squares (-1: no walk)."""
    table = []
    for slot in slots:
        dist = board.distances(slot.inner)
        row = []
        for other in slots:
            reach = [dist[sq] for sq in other.inner if dist[sq] >= 0]
            row.append(min(reach) if reach else -1)
        table.append(row)
    return table


def farthest_pairs(
    slots: list[Slot], table: list[list[int]]
) -> tuple[int, list[tuple[int, int]]]:
    """The greatest distance between two slots in different cells, and the
    pairs (by index) that reach it.

    Decision: "as far away from each other as possible" is read literally:
    among every place the two End Zones could go (an empty cell meeting an
    open tile edge), they take a pair whose shortest walk between their
    doors is the longest possible; ties are all legal.
    """
    best = -1
    pairs: list[tuple[int, int]] = []
    for i, j in combinations(range(len(slots)), 2):
        if (slots[i].cx, slots[i].cy) == (slots[j].cx, slots[j].cy):
            continue
        d = table[i][j]
        if d > best:
            best, pairs = d, [(i, j)]
        elif d == best:
            pairs.append((i, j))
    return best, pairs


def without_end_zones(layout: Layout) -> Layout:
    zones = [p for p in layout.tiles if p.tile == "end_zone"]
    gone = set()
    for p in zones:
        for cx, cy, side in p.exits():
            gone.add(edge_key(cx, cy, side))
    doors = tuple(
        d
        for d in layout.doors
        if _door_edge(d.x, d.y, d.axis, max(d.width, 1)) not in gone
    )
    return Layout(
        layout.cols,
        layout.rows,
        tuple(p for p in layout.tiles if p.tile != "end_zone"),
        doors,
    )


def _end_zones(layout: Layout) -> list[Violation]:
    zones = [p for p in layout.tiles if p.tile == "end_zone"]
    base = without_end_zones(layout)
    board = Dungeon(base)
    slots = end_zone_slots(base, board)
    index = {(s.cx, s.cy, s.side): i for i, s in enumerate(slots)}
    # Every End Zone is a slot here: an End Zone whose entrance meets no
    # open tile edge has no door to the dungeon (``disconnected`` or
    # ``missing_door``), and this check runs only when there is none.
    chosen = [index[p.exits()[0]] for p in zones]
    out = []
    table = slot_distance_table(board, slots)
    best, _ = farthest_pairs(slots, table)
    got = table[chosen[0]][chosen[1]]
    if got < best:
        out.append(
            Violation(
                "end_zones_not_far",
                f"the End Zones are {got} steps apart; {best} is possible",
            )
        )
    return out


def end_zone_tiles(board: Dungeon) -> tuple[set[int], set[int]]:
    """The End Zone tiles, and the tiles joined to one by a door."""
    layout = board.layout
    zones = {i for i, p in enumerate(layout.tiles) if p.tile == "end_zone"}
    near: set[int] = set()
    for door in layout.doors:
        for x, y in door.squares()[:1]:
            dx, dy = (0, 1) if door.axis == "h" else (1, 0)
            a = board.tile[board.square(x - dx, y - dy)]
            b = board.tile[board.square(x + dx, y + dy)]
            if a in zones and b >= 0:
                near.add(b)
            if b in zones and a >= 0:
                near.add(a)
    return zones, near - zones


def placeable(board: Dungeon, sq: int) -> bool:
    """A square that may take a Chest or a Portal at all: a tile's floor.

    Decision: not a door square (it belongs to no tile: "only a single
    Chest may be deployed in each Dungeon tile" needs the Chest's tile) and
    not the Fiery Chasm's rope bridge (a Chest there would close the only
    way across; a Portal there would be a trap no one could avoid).
    """
    return board.kind[sq] == FLOOR and board.tile[sq] >= 0 and not board.bridge[sq]


def chest_options(board: Dungeon, chests: tuple[int, ...]) -> tuple[int, ...]:
    """The squares the next Chest may take (B3): a tile's floor, not in an
    End Zone nor in a tile joined to one, not in a tile that has a Chest."""
    zones, near = end_zone_tiles(board)
    barred = zones | near | {board.tile[sq] for sq in chests}
    return tuple(
        sq
        for sq in range(board.size)
        if placeable(board, sq) and board.tile[sq] not in barred
    )


def portal_options(
    board: Dungeon, chests: tuple[int, ...], portals: tuple[int, ...]
) -> tuple[int, ...]:
    """The squares the next Portal may take (B3): as a Chest, one Portal a
    tile (Decision: "the same restrictions as the Chest" counts Portals
    against Portals; a tile may hold one Chest and one Portal), and not
    within 2 squares of a Chest."""
    zones, near = end_zone_tiles(board)
    barred = zones | near | {board.tile[sq] for sq in portals}
    return tuple(
        sq
        for sq in range(board.size)
        if placeable(board, sq)
        and board.tile[sq] not in barred
        and all(board.distance(sq, c) > PORTAL_CHEST_GAP for c in chests)
    )


def _pieces_placed(board: Dungeon) -> list[Violation]:
    layout = board.layout
    out: list[Violation] = []
    zones, near = end_zone_tiles(board)
    if len(layout.chests) != CHESTS:
        out.append(Violation("chest_count", f"{len(layout.chests)} Chests; exactly 6"))
    if len(layout.portals) != PORTALS:
        out.append(
            Violation("portal_count", f"{len(layout.portals)} Portals; exactly 6")
        )
    chest_squares = tuple(board.square(x, y) for x, y in layout.chests)
    for what, squares in (("chest", layout.chests), ("portal", layout.portals)):
        tiles_used: set[int] = set()
        for number, (x, y) in enumerate(squares, start=1):
            sq = board.square(x, y)
            name = "a Chest" if what == "chest" else f"Portal {number}"
            if not placeable(board, sq):
                out.append(
                    Violation(f"{what}_square", f"{name} not on a tile's floor", (x, y))
                )
                continue
            tile = board.tile[sq]
            if tile in zones or tile in near:
                out.append(
                    Violation(
                        f"{what}_end_zone",
                        f"{name} in an End Zone or a tile joined to one",
                        (x, y),
                    )
                )
            if tile in tiles_used:
                out.append(
                    Violation(f"{what}_same_tile", f"{name} shares a tile", (x, y))
                )
            tiles_used.add(tile)
            if what == "portal" and any(
                board.distance(sq, c) <= PORTAL_CHEST_GAP for c in chest_squares
            ):
                out.append(
                    Violation(
                        "portal_near_chest",
                        f"{name} within {PORTAL_CHEST_GAP} squares of a Chest",
                        (x, y),
                    )
                )
    return out


def violations(layout: Layout) -> list[Violation]:
    """Every building rule ``layout`` breaks (empty: a legal dungeon)."""
    out = _structure(layout)
    if out:
        return out
    out = _pieces(layout)
    joins = _doors(layout)
    out += joins
    width, height = PITCH * layout.cols + 1, PITCH * layout.rows + 1
    for x, y in (*layout.chests, *layout.portals):
        if not (0 <= x < width and 0 <= y < height):
            out.append(
                Violation("off_board", "a Chest or Portal off the board", (x, y))
            )
            return out
    board = Dungeon(layout)
    floor = board.floor_squares()
    # A missing or misplaced door is reported as such, not again as the
    # floor it cuts off.
    if floor and not joins:
        reached = board.distances(floor[:1])
        lost = [sq for sq in floor if reached[sq] < 0]
        if lost:
            out.append(
                Violation(
                    "disconnected",
                    f"{len(lost)} floor squares cannot be reached",
                    board.xy(lost[0]),
                )
            )
            joins.append(out[-1])
    zones = [p for p in layout.tiles if p.tile == "end_zone"]
    if len(zones) == END_ZONES and not joins:
        out += _end_zones(layout)
    out += _pieces_placed(board)
    return out
