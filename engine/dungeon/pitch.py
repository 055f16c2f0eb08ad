"""The BB2020 engine's :class:`~engine.core.pitch.Pitch` for a Dungeon Bowl board,
so that movement, blocking, passing and every skill run unchanged in a
dungeon (digest E2.1).

Squares keep the board's numbering (``sq = y * width + x``, walls included,
so :mod:`engine.dungeon.sight` works on the same squares). What changes:

* a step into a wall, an impassable feature, a Chest still closed or off the
  board gives -1, the value the engine reads as "off the pitch". In a
  dungeon there is no crowd: every -1 a procedure meets is a wall, and the
  variant's wall rules decide what happens there (pushed into a wall, the
  ball ricocheting);
* ``neighbours`` holds only the floor squares one step away
  (:attr:`Dungeon.neighbours`, no squeezing diagonally between two walls),
  less the closed Chests;
* each team's End Zone is a set of squares: ``F_ENDZONE_HOME`` marks the
  home team's own End Zone (the away team scores there) and is also the home
  set-up area (``F_HALF_HOME``); likewise for the away team. There is no
  Line of Scrimmage and no wide zone.

Chests are impassable until opened (DB-setup "Opening Chests"), then "the
square it was in becomes a normal square": the pitch of a dungeon with a set
of closed Chests is cached, :meth:`DungeonPitch.with_chests` gives the one
for another set, and a match swaps ``g.pitch`` when a Chest opens (clones
share pitches read-only, as they do every pitch).
"""

from __future__ import annotations

from engine.core.pitch import (
    D8_DIRECTIONS,
    F_ENDZONE_AWAY,
    F_ENDZONE_HOME,
    F_HALF_AWAY,
    F_HALF_HOME,
    Pitch,
)
from engine.dungeon.layout import FEATURE, FLOOR, WALL, Dungeon

F_WALL = 1 << 10  # not a square a player may stand on (wall, feature, Chest)
F_PORTAL = 1 << 11  # a numbered Portal (``DungeonPitch.portal[sq]``)
F_CHEST = 1 << 12  # a closed Chest


class DungeonPitch(Pitch):
    """A :class:`Pitch` over a :class:`Dungeon`; see the module docstring.

    ``home_zone``: which End Zone of the board (0 or 1, as in
    ``Dungeon.end_zone``) is the home team's own. ``chests``: the squares
    of the Chests still closed.
    """

    __slots__ = (
        "dungeon",
        "home_zone",
        "chests",
        "portal",
        "portals",
        "room",
        "end_zones",
        "_family",
    )

    dungeon: Dungeon
    home_zone: int
    chests: frozenset[int]
    portal: tuple[int, ...]
    portals: tuple[int, ...]
    room: tuple[str, ...]
    end_zones: tuple[tuple[int, ...], tuple[int, ...]]
    _family: dict[frozenset[int], DungeonPitch]

    def __init__(  # noqa: PLR0915 - one table per attribute, in one place
        self,
        dungeon: Dungeon,
        home_zone: int = 0,
        chests: frozenset[int] | None = None,
        _family: dict[frozenset[int], DungeonPitch] | None = None,
    ) -> None:
        d = dungeon
        self.dungeon = d
        self.home_zone = home_zone
        if chests is None:
            chests = frozenset(sq for sq in range(d.size) if d.chest[sq])
        self.chests = chests
        self._family = _family if _family is not None else {}
        self._family[chests] = self
        width, height = d.width, d.height
        self.width = width
        self.height = height
        self.size = d.size
        self.wide_zone = 0
        self.home_los_x = -1
        self.away_los_x = -1
        self.trapdoors = ()
        self.xs = tuple(i % width for i in range(d.size))
        self.ys = tuple(i // width for i in range(d.size))
        self.room = tuple(d.room)
        self.portal = tuple(d.portal)
        by_number = [-1] * 7
        for sq, number in enumerate(d.portal):
            if number:
                by_number[number] = sq
        self.portals = tuple(by_number)  # portals[n]: the square of Portal n
        size = d.size
        end_zone = d.end_zone
        home = tuple(sq for sq in range(size) if end_zone[sq] == home_zone)
        away = tuple(sq for sq in range(size) if end_zone[sq] == 1 - home_zone)
        self.end_zones = (home, away)
        home_set, away_set = set(home), set(away)
        # standable() of every square, once: floor and no closed Chest
        kind = d.kind
        ok = [kind[sq] == FLOOR and sq not in chests for sq in range(size)]
        flags = []
        for sq in range(size):
            f = 0
            if not ok[sq]:
                f |= F_WALL
            if sq in chests:
                f |= F_CHEST
            if d.portal[sq]:
                f |= F_PORTAL
            if sq in home_set:
                f |= F_ENDZONE_HOME | F_HALF_HOME
            if sq in away_set:
                f |= F_ENDZONE_AWAY | F_HALF_AWAY
            flags.append(f)
        self.flags = tuple(flags)
        xs, ys = self.xs, self.ys
        steps = []
        for dx, dy in D8_DIRECTIONS:
            row = []
            for sq in range(size):
                tx, ty = xs[sq] + dx, ys[sq] + dy
                to = ty * width + tx
                row.append(
                    to if 0 <= tx < width and 0 <= ty < height and ok[to] else -1
                )
            steps.append(tuple(row))
        self.steps = tuple(steps)
        dn = d.neighbours
        self.neighbours = tuple(
            tuple(s for s in dn[sq] if s not in chests) if ok[sq] else ()
            for sq in range(size)
        )
        self.move_opts = tuple(("move", i) for i in range(d.size))
        self.square_opts = tuple(("square", i) for i in range(d.size))
        self.memo = {}  # see Pitch.memo

    def standable(self, sq: int) -> bool:
        """Floor, and no closed Chest on it."""
        return self.dungeon.kind[sq] == FLOOR and sq not in self.chests

    def with_chests(self, chests: frozenset[int]) -> DungeonPitch:
        """The pitch of the same dungeon with only ``chests`` still closed
        (built once per set, shared by every clone of the match)."""
        found = self._family.get(chests)
        if found is None:
            found = self._derived(chests)
        return found

    def _derived(self, chests: frozenset[int]) -> DungeonPitch:
        """This pitch with ``chests`` closed, built from its tables: only the
        squares whose Chest changed and their neighbours are worked out
        again (the same tables as ``DungeonPitch(dungeon, home_zone,
        chests)``, at a fraction of the cost)."""
        d = self.dungeon
        new = object.__new__(DungeonPitch)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        new.chests = chests
        new._family = self._family
        self._family[chests] = new
        new.memo = {}
        changed = self.chests ^ chests
        flags = list(self.flags)
        steps = [list(row) for row in self.steps]
        neighbours = list(self.neighbours)
        dn = d.neighbours
        width, height = d.width, d.height
        xs, ys = self.xs, self.ys
        for c in changed:
            ok = d.kind[c] == FLOOR and c not in chests
            f = flags[c] & ~(F_WALL | F_CHEST)
            if not ok:
                f |= F_WALL
            if c in chests:
                f |= F_CHEST
            flags[c] = f
            for row, (dx, dy) in zip(steps, D8_DIRECTIONS, strict=True):
                fx, fy = xs[c] - dx, ys[c] - dy  # the square one step before
                if 0 <= fx < width and 0 <= fy < height:
                    row[fy * width + fx] = c if ok else -1
        for c in changed:
            for sq in (c, *dn[c]):
                neighbours[sq] = (
                    tuple(s for s in dn[sq] if s not in chests)
                    if not flags[sq] & F_WALL
                    else ()
                )
        new.flags = tuple(flags)
        new.steps = tuple(tuple(row) for row in steps)
        new.neighbours = tuple(neighbours)
        return new

    def without_chest(self, sq: int) -> DungeonPitch:
        """The pitch once the Chest on ``sq`` is opened and removed."""
        return self.with_chests(self.chests - {sq})

    # -- the geometry queries, walls included ------------------------------
    def sq(self, x: int, y: int) -> int:
        """Square of (x, y), or -1 when it is not one a player may stand on."""
        if 0 <= x < self.width and 0 <= y < self.height:
            s = y * self.width + x
            return s if self.standable(s) else -1
        return -1

    def step(self, sq: int, dx: int, dy: int) -> int:
        """The square one step from ``sq``, -1 into a wall (or a Chest)."""
        to = self.dungeon.step(sq, dx, dy)
        return to if to >= 0 and self.standable(to) else -1

    def endzone_squares(self, team: int) -> tuple[int, ...]:
        """The squares of the End Zone ``team`` scores in."""
        return self.end_zones[1 - team]

    def own_endzone_squares(self, team: int) -> tuple[int, ...]:
        """The squares of ``team``'s own End Zone (where it deploys)."""
        return self.end_zones[team]

    def picture(self) -> dict[str, object]:
        """The dungeon for a replay: ``rows`` (one character per square:
        ``#`` wall, `` `` rock outside the dungeon, ``.`` floor, ``+`` a
        door, ``=`` the rope bridge, ``%`` an impassable feature, ``~`` the
        Fiery Chasm), ``rooms`` (the room type of each square, "" for none,
        as one row of codes per board row with the legend ``room_codes``),
        ``portals`` (number -> square), ``chests`` (the closed Chests'
        squares) and ``zones`` (the squares of End Zone 0 and End Zone 1 of
        the board; which is whose is told by the game's events)."""
        d = self.dungeon
        codes: dict[str, str] = {}
        rows: list[str] = []
        room_rows: list[str] = []
        for y in range(d.height):
            row, rrow = [], []
            for x in range(d.width):
                sq = y * d.width + x
                row.append(_cell(d, sq))
                room = d.room[sq]
                if room and room not in codes:
                    codes[room] = chr(ord("a") + len(codes))
                rrow.append(codes[room] if room else " ")
            rows.append("".join(row))
            room_rows.append("".join(rrow))
        return {
            "rows": rows,
            "rooms": room_rows,
            "room_codes": {code: room for room, code in codes.items()},
            "portals": {str(n): sq for n, sq in enumerate(self.portals) if sq >= 0},
            "chests": sorted(self.chests),
            "zones": [
                [sq for sq in range(d.size) if d.end_zone[sq] == 0],
                [sq for sq in range(d.size) if d.end_zone[sq] == 1],
            ],
        }

    def render(self, board: list[int], symbol: dict[int, str] | None = None) -> str:
        """ASCII picture: ``#`` walls and features, ``$`` closed Chests,
        Portal numbers, players by ``symbol`` (``#`` by default)."""
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                sq = y * self.width + x
                p = board[sq]
                if p >= 0:
                    row.append((symbol or {}).get(p, "@"))
                elif sq in self.chests:
                    row.append("$")
                elif not self.standable(sq):
                    row.append("#")
                elif self.portal[sq]:
                    row.append(str(self.portal[sq]))
                else:
                    row.append(".")
            rows.append("".join(row))
        return "\n".join(rows)


# What a pitch with other Chests closed shares with this one.
_SHARED = (
    "dungeon",
    "home_zone",
    "width",
    "height",
    "size",
    "wide_zone",
    "home_los_x",
    "away_los_x",
    "trapdoors",
    "xs",
    "ys",
    "room",
    "portal",
    "portals",
    "end_zones",
    "move_opts",
    "square_opts",
)


def _cell(d: Dungeon, sq: int) -> str:
    """One square of :meth:`DungeonPitch.picture` (Chests and Portals are
    drawn from their own lists)."""
    if d.kind[sq] == FEATURE:
        return "~" if d.feature[sq] == "chasm" else "%"
    if d.kind[sq] == FLOOR:
        if d.door[sq]:
            return "+"
        return "=" if d.bridge[sq] else "."
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            to = d.step(sq, dx, dy)
            if to >= 0 and d.kind[to] != WALL:
                return "#"
    return " "


__all__ = ["F_CHEST", "F_PORTAL", "F_WALL", "DungeonPitch"]
