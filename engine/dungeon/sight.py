"""Dungeon Bowl geometry for play: Line of Sight, pass range, walls next to
squares (DB-regs "Line of Sight"; DB-rules "Measuring Range", "Pushed into
a wall"; S002 "no assist through a wall"; digest B6, B7).

Pure functions on a :class:`~engine.dungeon.layout.Dungeon`. Square ``(x,
y)`` is the unit box ``[x, x + 1] x [y, y + 1]``; its centre is ``(x + 0.5,
y + 0.5)``. All arithmetic is exact (doubled integer coordinates and
fractions), so a line touching a corner is never mistaken for one crossing.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import NamedTuple

from engine.dungeon.layout import FEATURE, FLOOR, WALL, Dungeon
from engine.rules.range_ruler import QUICK, SHORT, pass_band

# Dungeon Bowl allows only bands I and II of the BB2020 range ruler.
DUNGEON_BANDS = {QUICK: "quick", SHORT: "short"}


def _blocks(d: Dungeon, x: int, y: int) -> bool:
    """Whether square (x, y) stops a line of sight (off the board: yes)."""
    if not (0 <= x < d.width and 0 <= y < d.height):
        return True
    return d.blocks_los[y * d.width + x]


def _crosses_box(ax: int, ay: int, bx: int, by: int, x: int, y: int) -> bool:
    """Whether the segment between doubled points (ax, ay) and (bx, by)
    passes through the open interior of square (x, y) (doubled box
    ``(2x, 2x + 2) x (2y, 2y + 2)``). Touching its edge or corner is not
    passing through."""
    # Each axis keeps t in an open interval; a centre (odd) is never on a
    # box edge (even), so the ends t = 0 and t = 1 are never on one either
    # and the segment meets the open box exactly when lo < hi. Touching a
    # corner gives lo == hi: not a crossing.
    lo, hi = Fraction(0), Fraction(1)
    for p0, p1, q in ((ax, bx, 2 * x), (ay, by, 2 * y)):
        step = p1 - p0
        if step == 0:
            if not q < p0 < q + 2:
                return False
            continue
        t1, t2 = Fraction(q - p0, step), Fraction(q + 2 - p0, step)
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


def line_of_sight(d: Dungeon, a: int, b: int) -> bool:
    """Whether a straight line from the centre of square ``a`` to the centre
    of square ``b`` crosses no wall and no feature that blocks Line of
    Sight (the Chaotic Idol). Players and Chests never block; the Dragon,
    the Crypt and the Fiery Chasm do not (DB-setup).

    DB-regs: the line may touch a wall but not cross it. So a line that
    meets a wall square only at a corner is clear (a line between two
    centres never runs along an edge: centres sit mid-square).

    Decision: a line passing exactly through the point where two blocking
    squares meet corner to corner, going between them, crosses the wall
    (the two squares are one continuous wall; it is the same crack the
    board refuses as a diagonal step, ``Dungeon`` docstring). With only
    one of the two blocking, the line just touches it and is clear.

    Decision: the end squares themselves never block, so a player can see
    a wall square they name as the target of a throw at the wall (B6); the
    caller checks what the target may be.
    """
    ax, ay = d.xy(a)
    bx, by = d.xy(b)
    # Doubled coordinates: centres are odd, the lattice lines even.
    px, py, qx, qy = 2 * ax + 1, 2 * ay + 1, 2 * bx + 1, 2 * by + 1
    for y in range(min(ay, by), max(ay, by) + 1):
        for x in range(min(ax, bx), max(ax, bx) + 1):
            if (x, y) in ((ax, ay), (bx, by)) or not _blocks(d, x, y):
                continue
            if _crosses_box(px, py, qx, qy, x, y):
                return False
    sx, sy = (qx > px) - (qx < px), (qy > py) - (qy < py)
    if not (sx and sy):
        return True  # a straight row or column never meets a lattice point
    n = gcd(qx - px, qy - py)
    ux, uy = (qx - px) // n, (qy - py) // n
    for k in range(1, n):
        cx, cy = px + k * ux, py + k * uy
        if cx % 2 or cy % 2:
            continue
        # Lattice point (cx/2, cy/2): the line goes from the square at
        # (-sx, -sy) to the one at (sx, sy); the two beside it are these.
        gx, gy = cx // 2, cy // 2
        left = (gx - (sx > 0), gy - (sy < 0))
        right = (gx - (sx < 0), gy - (sy > 0))
        if _blocks(d, *left) and _blocks(d, *right):
            return False
    return True


def pass_range(d: Dungeon, a: int, b: int) -> str | None:
    """ "quick" or "short" for a pass from square ``a`` to square ``b`` in
    Dungeon Bowl, or None when it is out of range (bands III-IV, beyond or
    under the end of the ruler: DB-rules "Measuring Range"), is the
    thrower's own square, or has no Line of Sight.

    Decision: a pass needs Line of Sight (the text does not say so; the
    digest's B6 reading, "avoiding the walls"). The bands are BB2020's
    range chart (``engine.rules.range_ruler.pass_band``), measured square to square
    through anything. What the target square may hold is the caller's.
    """
    ax, ay = d.xy(a)
    bx, by = d.xy(b)
    band = DUNGEON_BANDS.get(pass_band(bx - ax, by - ay))
    if band is None or not line_of_sight(d, a, b):
        return None
    return band


def _solid(d: Dungeon, sq: int) -> bool:
    """A wall, an impassable feature (all "treated as a wall", DB-setup) or
    off the board (-1)."""
    return sq < 0 or d.kind[sq] != FLOOR


def separated_by_wall(d: Dungeon, a: int, b: int) -> bool:
    """Whether a wall stands directly between two adjacent squares (S002:
    no assist through a wall).

    Decision: orthogonal neighbours share an edge, so nothing can stand
    between them. Diagonal neighbours are separated when both squares they
    share a corner with are solid (wall, impassable feature, or off the
    board): the line between their centres then goes through the crack
    between two walls. One solid square beside them only touches the line
    (as in ``line_of_sight``). Squares that are not adjacent raise
    ValueError.
    """
    ax, ay = d.xy(a)
    bx, by = d.xy(b)
    dx, dy = bx - ax, by - ay
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"squares {a} and {b} are not adjacent")
    if not (dx and dy):
        return False
    return _solid(d, d.step(a, dx, 0)) and _solid(d, d.step(a, 0, dy))


def wall_behind(d: Dungeon, sq: int, direction: tuple[int, int]) -> bool:
    """Whether a player in ``sq`` moved one step ``direction`` would hit a
    wall: the square there is a wall or off the board, or the step is a
    diagonal through the crack between two solid squares
    (``separated_by_wall``). Impassable features are not walls here (the
    Crypt and the Chasm have their own push rules); ``push_squares`` says
    which feature a square holds."""
    dx, dy = direction
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"direction {direction} is not one step")
    to = d.step(sq, dx, dy)
    if to < 0 or d.kind[to] == WALL:
        return True
    return separated_by_wall(d, sq, to)


class PushSquare(NamedTuple):
    """One push-back square: ``sq`` (-1 off the board), ``wall`` (see
    :func:`wall_behind`), ``feature`` ("idol", "dragon", "crypt", "chasm"
    or "" when the square is no impassable feature)."""

    sq: int
    wall: bool
    feature: str

    @property
    def open(self) -> bool:
        """Floor a player may be pushed into (occupants are the caller's)."""
        return not self.wall and not self.feature


def push_squares(
    d: Dungeon, attacker: int, defender: int
) -> tuple[PushSquare, PushSquare, PushSquare]:
    """The three push-back squares of a block from ``attacker`` on the
    adjacent ``defender`` (BB2020 "Pushed Players": the square straight
    away first, then the two beside it, as ``engine.core.pitch``), each with
    whether it is a wall. A pushed player with no open square is pushed
    into a wall (B7: the caller rolls)."""
    ax, ay = d.xy(attacker)
    fx, fy = d.xy(defender)
    dx, dy = fx - ax, fy - ay
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"squares {attacker} and {defender} are not adjacent")
    if dx and dy:
        steps = ((dx, dy), (dx, 0), (0, dy))
    elif dx:
        steps = ((dx, 0), (dx, -1), (dx, 1))
    else:
        steps = ((0, dy), (-1, dy), (1, dy))
    out = []
    for step in steps:
        to = d.step(defender, *step)
        wall = wall_behind(d, defender, step)
        feature = d.feature[to] if to >= 0 and d.kind[to] == FEATURE else ""
        out.append(PushSquare(to, wall, feature))
    return out[0], out[1], out[2]
