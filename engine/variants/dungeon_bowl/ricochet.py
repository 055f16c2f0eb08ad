"""The ball hitting a wall in Dungeon Bowl: the Ricochet template, corner
bounces and the Fiery Chasm (DB-regs "Bouncing off the wall"; DB-game
"Corner Bounces", "The Ricochet Template"; DB-setup "The Fiery Chasm").

Wherever a BB2020 procedure would send the ball off the pitch (a bounce,
a scatter, a deviation, an inaccurate or wildly inaccurate pass, a fumble
bouncing) a dungeon has a wall there: the ball ricochets (:class:`Ricochet`)
instead of being thrown in. There is never a throw-in in a dungeon.

The template pictures are not in the text. Decision: they are defined here
as data, in the frame of the wall that was hit:

* ``n`` is the wall's normal, one step from the wall square back into the
  room; ``t`` is "right" for someone standing on the wall looking into the
  room along ``n`` (``t = (-n.y, n.x)``, y growing downwards);
* :data:`RICOCHET_TEMPLATE` gives, per D6 face, ``(a, b)``: the ball is
  placed in the square ``W + a*n + b*t``, where ``W`` is the wall square the
  ball would have been in (the template's logo). The six squares are the
  two rows of three in front of the logo: 1-3 the row touching the wall
  (left, straight, right), 4-6 the row behind it;
* :data:`CORNER_TEMPLATE` gives, per D3 face, the step the ball makes from
  the square it was in when it went into a corner: along one wall, out
  diagonally, along the other wall (the Random Direction template laid in
  the corner, as a BB2020 corner throw-in).

Which template: a ball moving straight (not diagonally) into a wall uses the
Ricochet template with ``n`` the reverse of its step. A ball moving
diagonally into a wall square ``W``: when exactly one of the two squares
beside its path is solid, that one is the wall it hits (``n`` away from it)
and the Ricochet template is laid there; when both are solid (a corner of
the room) or neither is (the tip of a wall), it is a corner bounce.

Every square a template gives is the square the ball bounced from or one
next to it (one step from the template's row touching the wall). Decision:
a template square that is itself a wall (or a feature, or a closed Chest)
is another hit: the ball ricochets again, from the square next to it, with
a new roll. Decision: the ball is *placed* (DB-regs), so it ends as a
bounce does: a Standing player there must try to catch it (-1), a player
who cannot makes it bounce again, and an empty square keeps it.

The Fiery Chasm: a ball that would go into a Chasm square lands in the
Chasm and "scatters another square" until it is out (:class:`ChasmScatter`):
D8 from the Chasm square; into another Chasm square it goes on from there;
onto the floor it stops as above. Decision: a D8 that points at a wall (or
any other solid square) is rolled again from the same Chasm square.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import BallMove
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import Decision, GameState, Proc
from engine.dungeon.layout import FEATURE, FLOOR
from engine.dungeon.pitch import DungeonPitch
from engine.rules.ball import Bounce, Catch, can_catch

# D6 face -> (steps out along the normal, steps along "right").
RICOCHET_TEMPLATE: dict[int, tuple[int, int]] = {
    1: (1, -1),
    2: (1, 0),
    3: (1, 1),
    4: (2, -1),
    5: (2, 0),
    6: (2, 1),
}
# D3 face -> step from the corner square, for a corner (sx, sy) the ball
# went into: (-sx, 0) along the wall across x, out diagonally, (0, -sy).
CORNER_TEMPLATE: dict[int, tuple[int, int]] = {1: (-1, 0), 2: (-1, -1), 3: (0, -1)}
# Decision: a ball trapped in a pocket of walls stops after this many
# ricochets in a row, in the last floor square it was in.
MAX_RICOCHETS = 12


def _xy_solid(pitch: DungeonPitch, x: int, y: int) -> bool:
    """Off the board, a wall, a feature or a closed Chest."""
    if not (0 <= x < pitch.width and 0 <= y < pitch.height):
        return True
    return not pitch.standable(y * pitch.width + x)


def wall_hit(
    pitch: DungeonPitch, src: int, step: tuple[int, int]
) -> tuple[str, int, tuple[int, int]]:
    """How the ball in ``src`` moving one ``step`` into a solid square hits
    it: ``("flat", anchor, n)`` (the Ricochet template, ``anchor = W + n``
    is the floor square in front of the logo) or ``("corner", src, (sx,
    sy))`` (the corner template: the corner lies ``(sx, sy)`` from ``src``)."""
    dx, dy = step
    x, y = pitch.xy(src)
    if not (dx and dy):
        return "flat", src, (-dx, -dy)
    side_x = _xy_solid(pitch, x + dx, y)
    side_y = _xy_solid(pitch, x, y + dy)
    if side_x and not side_y:
        return "flat", src + dy * pitch.width, (-dx, 0)
    if side_y and not side_x:
        return "flat", src + dx, (0, -dy)
    return "corner", src, (dx, dy)


def ricochet_step(kind: str, frame: tuple[int, int], face: int) -> tuple[int, int]:
    """The step from the anchor (Ricochet template, D6 ``face``) or from the
    corner square (corner template, D3 ``face``) to the square the ball is
    placed in; ``frame`` is the normal ``n`` or the corner ``(sx, sy)``."""
    if kind == "corner":
        sx, sy = frame
        cx, cy = CORNER_TEMPLATE[face]
        return cx * sx, cy * sy
    nx, ny = frame
    tx, ty = -ny, nx
    a, b = RICOCHET_TEMPLATE[face]
    return (a - 1) * nx + b * tx, (a - 1) * ny + b * ty


def _to(pitch: DungeonPitch, sq: int, step: tuple[int, int]) -> int:
    """The square one ``step`` from floor square ``sq`` (``sq`` itself for no
    step), -1 when that is solid or through the crack between two walls."""
    if step == (0, 0):
        return sq
    to = pitch.step(sq, *step)
    return to if to in pitch.neighbours[sq] else -1


def is_chasm(pitch: DungeonPitch, sq: int) -> bool:
    d = pitch.dungeon
    return sq >= 0 and d.kind[sq] == FEATURE and d.feature[sq] == "chasm"


def come_to_rest(g: GameState, sq: int) -> Proc | None:
    """The ball placed in floor square ``sq`` (see the module docstring):
    the procedure that follows (a catch, a bounce, a teleport from a
    Portal), or None when it lies there."""
    g.carrier = -1
    g.ball_air = False
    q = g.board[sq]
    if q >= 0:
        if can_catch(g, q) and not g.skills[q] & S.NO_HANDS:
            return Catch(q, -1)
        return Bounce(sq)
    g.ball = sq
    return g.variant.ball_landed(g, sq)  # on a Portal it teleports (flow)


class Ricochet(Proc):
    """The ball in ``src`` would move one ``step`` into a wall: it
    ricochets (module docstring)."""

    __slots__ = ("src", "dx", "dy")

    def __init__(self, src: int, step: tuple[int, int]) -> None:
        self.phase = 0
        self.src = src
        self.dx, self.dy = step

    def step(self, g: GameState) -> Decision | None:
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        src, step = self.src, (self.dx, self.dy)
        wall = pitch.dungeon.step(src, *step)
        if is_chasm(pitch, wall):
            g.stack[-1] = ChasmScatter(wall)
            return None
        dst = src
        for _ in range(MAX_RICOCHETS):
            kind, at, frame = wall_hit(pitch, src, step)
            face = g.dice.d3() if kind == "corner" else g.dice.d6()
            step = ricochet_step(kind, frame, face)
            dst = _to(pitch, at, step)
            g.emit(BallMove("ricochet", src, dst))
            if dst >= 0:
                break
            src = at
            dst = at
        nxt = come_to_rest(g, dst)
        if nxt is None:
            g.stack.pop()
        else:
            g.stack[-1] = nxt
        return None


class ChasmScatter(Proc):
    """The ball landed in the Fiery Chasm square ``sq``: it scatters until
    it is out of the Chasm (module docstring)."""

    __slots__ = ("sq",)

    def __init__(self, sq: int) -> None:
        self.phase = 0
        self.sq = sq

    def step(self, g: GameState) -> Decision | None:
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        d = pitch.dungeon
        g.carrier = -1
        g.ball = -1
        g.ball_air = True
        sq = self.sq
        while True:
            dx, dy = D8_DIRECTIONS[g.dice.d8()]
            nxt = d.step(sq, dx, dy)
            if is_chasm(pitch, nxt):
                g.emit(BallMove("chasm", sq, nxt))
                sq = nxt
                continue
            if nxt < 0 or d.kind[nxt] != FLOOR or not pitch.standable(nxt):
                continue
            g.emit(BallMove("chasm", sq, nxt))
            break
        after = come_to_rest(g, nxt)
        if after is None:
            g.stack.pop()
        else:
            g.stack[-1] = after
        return None


__all__ = [
    "CORNER_TEMPLATE",
    "MAX_RICOCHETS",
    "RICOCHET_TEMPLATE",
    "ChasmScatter",
    "Ricochet",
    "ricochet_step",
    "wall_hit",
]
