"""The Blitz Bowl board: one side of it, as flat precomputed tables.

Squares are ints, ``sq = y * length + x``: ``x`` runs from the home End Zone
(x = 0) to the away End Zone (x = length - 1), ``y`` across. Off the board is
-1. A board is built once per side and shared read-only by every game.
(Rulebook "Setting up the game", "Bouncing Ball", "Throw Action"; the
numbers are decisions recorded in ``engine/data/blitz_bowl/boards.json``.)
"""

from __future__ import annotations

from functools import cache
from math import hypot

from engine.blitz.data import BoardSide, board_spec

SHORT = 1
LONG = 2


class Board:
    """One side of the board: flags, neighbours, bounce steps, throw ranges."""

    __slots__ = (
        "side",
        "length",
        "width",
        "size",
        "blocked",
        "trapdoor_squares",
        "trapdoor",
        "end_zone",
        "neighbours",
        "bounce",
        "xs",
        "ys",
        "short_range",
        "long_range",
        "_ruler",
    )

    def __init__(self, side: BoardSide) -> None:
        spec = board_spec()
        self.side = side.slug
        self.length = spec.length
        self.width = spec.width
        self.size = spec.length * spec.width
        self.short_range = spec.short_range
        self.long_range = spec.long_range
        self.xs = tuple(sq % self.length for sq in range(self.size))
        self.ys = tuple(sq // self.length for sq in range(self.size))
        self.blocked = [False] * self.size
        for x, y in side.blocked:
            self.blocked[self.square(x, y)] = True
        self.trapdoor_squares = tuple(self.square(x, y) for x, y in side.trapdoors)
        self.trapdoor = [False] * self.size
        for sq in self.trapdoor_squares:
            self.trapdoor[sq] = True
        # end_zone[t]: the squares of team t's own End Zone (home t = 0 at x = 0).
        self.end_zone = (
            tuple(self.square(0, y) for y in range(self.width)),
            tuple(self.square(self.length - 1, y) for y in range(self.width)),
        )
        self.neighbours = tuple(
            tuple(
                n
                for dx, dy in (
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                )
                if (n := self.step(sq, dx, dy)) >= 0
            )
            for sq in range(self.size)
        )
        # bounce[sq][d - 1]: the square one step in Bounce Chart direction d.
        self.bounce = tuple(
            tuple(self.step(sq, dx, dy) for dx, dy in spec.bounce_chart)
            for sq in range(self.size)
        )
        self._ruler: dict[tuple[int, int], tuple[int, ...]] = {}

    def square(self, x: int, y: int) -> int:
        return y * self.length + x

    def step(self, sq: int, dx: int, dy: int) -> int:
        """The square (dx, dy) from ``sq``, or -1 off the board."""
        x, y = self.xs[sq] + dx, self.ys[sq] + dy
        if 0 <= x < self.length and 0 <= y < self.width:
            return y * self.length + x
        return -1

    def distance(self, a: int, b: int) -> int:
        """Squares from ``a`` to ``b`` by the shortest route, over anything
        (rulebook "Within": Chebyshev distance)."""
        return max(abs(self.xs[a] - self.xs[b]), abs(self.ys[a] - self.ys[b]))

    def in_end_zone(self, team: int, sq: int) -> bool:
        """Whether ``sq`` is in team ``team``'s own End Zone."""
        return self.xs[sq] == (0 if team == 0 else self.length - 1)

    def advance(self, team: int, sq: int) -> int:
        """How far ``sq`` lies from team ``team``'s own End Zone, in columns."""
        x = self.xs[sq]
        return x if team == 0 else self.length - 1 - x

    def throw_range(self, a: int, b: int) -> int:
        """SHORT, LONG, or 0 when the Throw Ruler cannot reach from ``a`` to
        ``b`` (Decision in boards.json: centre to centre, half a square for
        the thrower's base edge)."""
        d = hypot(self.xs[a] - self.xs[b], self.ys[a] - self.ys[b]) - 0.5
        if d <= self.short_range:
            return SHORT
        if d <= self.long_range:
            return LONG
        return 0

    def under_ruler(self, a: int, b: int) -> tuple[int, ...]:
        """The squares strictly between ``a`` and ``b`` whose interior the
        centre-to-centre segment crosses (Decision in boards.json)."""
        key = (a, b) if a < b else (b, a)
        hit = self._ruler.get(key)
        if hit is None:
            hit = self._ruler[key] = tuple(self._crossed(*key))
        return hit

    def _crossed(self, a: int, b: int) -> list[int]:
        ax, ay = self.xs[a] + 0.5, self.ys[a] + 0.5
        bx, by = self.xs[b] + 0.5, self.ys[b] + 0.5
        x0, x1 = sorted((self.xs[a], self.xs[b]))
        y0, y1 = sorted((self.ys[a], self.ys[b]))
        out = []
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                sq = self.square(x, y)
                if sq in (a, b):
                    continue
                if _segment_crosses(ax, ay, bx, by, x, y):
                    out.append(sq)
        return out


def _segment_crosses(
    ax: float, ay: float, bx: float, by: float, x: int, y: int
) -> bool:
    """Whether the segment (ax, ay)-(bx, by) passes through the open unit
    square [x, x+1] x [y, y+1] (Liang-Barsky clipping; touching an edge or a
    corner only is not crossing)."""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x), (dx, x + 1 - ax), (-dy, ay - y), (dy, y + 1 - ay)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return t1 - t0 > 1e-9


@cache
def board(side: str) -> Board:
    """The shared board for ``side`` ("single" or "multiple")."""
    return Board(board_spec().sides[side])
