"""Passing in a dungeon and throwing the ball at the wall (DB-rules
"Measuring Range", "Throwing the Ball at the Wall"; skill Wall Thrower).

Targets (:func:`pass_options`): only Quick and Short passes, to a floor
square in Line of Sight (``engine.dungeon.sight.pass_range``); no Hail
Mary Pass (Decision: its "any square" is beyond the two bands the low
ceilings allow). Besides, a Pass action (not a Dump-off) may name a wall
square as the target, option ``("wall", sq)``: a wall square (not a
feature, not a Chest) in Quick or Short range and Line of Sight, with a
face turned towards the thrower (below).

The throw (:class:`WallPass`) is a Pass: Animosity cannot apply, On the
Ball may be used, the accuracy test is the ordinary one (range, Marking,
Disturbing Presence, Accurate...) with +1 for Wall Thrower, a natural 1
is a fumble, and the pass may be interfered with. A successful test hits
the target; a failed one (inaccurate or wildly inaccurate) hits the wall
square to the thrower's right (D6 1-3) or left (4+) of it. Then the ball
flies (:class:`WallFlight`).

Decisions on the geometry (the diagrams are not in the text):

* the face hit: the line from the thrower's centre enters the target
  square through the side facing the thrower along the larger of its two
  distances (x on a tie); when the square beside that side is not floor,
  the other side facing the thrower; a wall square with neither side on
  the floor cannot be a target. ``n`` is that side's normal (from the wall
  into the room);
* "right" and "left" are as the thrower sees them facing the wall (facing
  ``-n``): the square ``target + (n.y, -n.x)`` is to the right. When it is
  not a wall square (the end of a wall at a doorway) the ball hits the
  target after all;
* the ricochet direction is a reflection: the direction from the thrower
  to the square hit, taken to the nearest of the eight directions (straight
  when one distance is more than twice the other, else diagonal), with its
  component across the wall turned back into the room (``n``). Thrown
  straight at the wall the ball comes straight back; thrown at an angle it
  goes on at that angle;
* the flight: D6 squares from the wall square in that direction. Each
  square it enters is "passed over": a Standing player there must try to
  catch it as an inaccurate pass (-1 and the usual catch modifiers; a
  failed catch does not stop it). A square that is not floor (a wall, a
  feature, a closed Chest: nothing it can fly over) is another wall: the
  ball ricochets off it the same way (the component across that wall
  turned back; into a corner or a wall's tip, straight back) without using
  a square of its flight; if that way is solid too it goes straight back,
  and if that is also solid it stops. Its first square out of the wall
  being solid, it flies straight out along ``n``. Where it stops, it
  scatters once (BB2020 Scatter, then it lands: caught at -1, or bounces).
* Turnover unless a player of the thrower's team ends holding the ball
  (``PassAction``'s usual check).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import BallCaught, BallMove, Note, Pass, Roll
from engine.core.state import Decision, GameState, Option, Proc
from engine.dungeon.layout import WALL
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.sight import line_of_sight, pass_range
from engine.rules.ball import CATCH_RR, Scatter, can_catch, catch_modifier
from engine.rules.ball import check_touchdown as _touchdown
from engine.rules.passing import PassAction
from engine.rules.range_ruler import BAND_NAMES, pass_band
from engine.rules.rolls import Test

WALL_THROWER = S.BIT["wall-thrower"]
MISS_LEFT_FROM = 4  # failed test: D6 1-3 right of the target, 4+ left


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def face_normal(pitch: DungeonPitch, thrower: int, wall: int) -> tuple[int, int] | None:
    """The normal of the side of wall square ``wall`` a ball thrown from
    ``thrower`` hits (module docstring), or None when no side facing the
    thrower is open floor."""
    tx, ty = pitch.xy(thrower)
    wx, wy = pitch.xy(wall)
    vx, vy = wx - tx, wy - ty
    sides = [(-_sign(vx), 0), (0, -_sign(vy))]
    if abs(vy) > abs(vx):
        sides.reverse()
    for nx, ny in sides:
        if (nx or ny) and pitch.sq(wx + nx, wy + ny) >= 0:
            return nx, ny
    return None


def is_wall_target(pitch: DungeonPitch, thrower: int, sq: int) -> bool:
    """Whether ``sq`` may be named as the wall square of a throw at the
    wall from ``thrower``."""
    d = pitch.dungeon
    return (
        d.kind[sq] == WALL
        and pass_range(d, thrower, sq) is not None
        and face_normal(pitch, thrower, sq) is not None
    )


def pass_options(
    g: GameState, p: int, opts: tuple[Option, ...], dump: bool
) -> tuple[Option, ...]:
    """The targets of a Pass action in a dungeon (module docstring)."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    d = pitch.dungeon
    src = g.pos[p]
    out = tuple(
        o
        for o in opts
        if o[0] == "square"
        and pitch.standable(o[1])
        and pass_range(d, src, o[1]) is not None
    )
    if not dump:
        out += tuple(
            ("wall", sq) for sq in range(pitch.size) if is_wall_target(pitch, src, sq)
        )
    return out


def throw_targets(g: GameState, p: int, squares: list[int]) -> list[int]:
    """Throw Team-mate and a Bombardier's bombs in a dungeon. Decision:
    they share the passes' limits, Quick or Short to a floor square in
    Line of Sight (a thrown player or a bomb needs the same height)."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    src = g.pos[p]
    return [
        s
        for s in squares
        if pitch.standable(s) and pass_range(pitch.dungeon, src, s) is not None
    ]


def may_interfere(g: GameState, q: int, src: int) -> bool:
    """Decision ("along a line that is clear"): a player beneath the range
    ruler may interfere only when he has Line of Sight to the thrower."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    return line_of_sight(pitch.dungeon, g.pos[q], src)


def snap8(vx: int, vy: int) -> tuple[int, int]:
    """The nearest of the eight directions to (vx, vy) (module docstring)."""
    ax, ay = abs(vx), abs(vy)
    if ax > 2 * ay:
        return _sign(vx), 0
    if ay > 2 * ax:
        return 0, _sign(vy)
    return _sign(vx), _sign(vy)


def reflect(direction: tuple[int, int], n: tuple[int, int]) -> tuple[int, int]:
    """``direction`` with its component across a wall of normal ``n``
    turned into the room."""
    dx, dy = direction
    return (n[0], dy) if n[0] else (dx, n[1])


class WallPass(PassAction):
    """A throw at the wall square ``wall`` by ``p`` (module docstring)."""

    __slots__ = ("hit",)

    def __init__(self, g: GameState, p: int, wall: int) -> None:
        super().__init__(p)
        self.target = wall
        self.hit = wall
        x0, y0 = g.pitch.xy(g.pos[p])
        x1, y1 = g.pitch.xy(wall)
        self.band = pass_band(x1 - x0, y1 - y0)
        self.phase = 2
        g.emit(Note("throw_at_the_wall", g.tname(g.team[p]), g.pid[p], wall))

    def _modifier(self, g: GameState) -> int:
        mod = super()._modifier(g)
        if g.skills[self.p] & WALL_THROWER:
            mod += 1
        return mod

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 3:
            return self._thrown(g)
        if self.phase == 7:
            self.phase = 8
            g.stack.append(WallFlight(g.pos[self.p], self.hit))
            return None
        return super().step(g)

    def _thrown(self, g: GameState) -> Decision | None:
        p = self.p
        die = g.last_die
        if die == 1:
            self._fumble(g)
            return None
        hit = self.target
        if g.ret:
            self.quality = "accurate"
        else:
            bad = die + self.mod <= 1
            self.quality = "wildly_inaccurate" if bad else "inaccurate"
            hit = self._miss(g, g.dice.d6())
        self.hit = self.landing = self.last = hit
        band = BAND_NAMES[self.band]
        g.emit(Pass(g.pid[p], self.target, band, self.quality))
        g.carrier = -1
        g.ball = -1
        g.ball_air = True
        return self._interference(g)

    def _miss(self, g: GameState, d6: int) -> int:
        """The wall square a failed throw hits (module docstring)."""
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        src, target = g.pos[self.p], self.target
        left = d6 >= MISS_LEFT_FROM
        g.emit(Roll("wall_miss", g.pid[self.p], (d6,), 0, 0, left, False))
        n = face_normal(pitch, src, target)
        assert n is not None
        rx, ry = n[1], -n[0]
        if left:
            rx, ry = -rx, -ry
        side = pitch.dungeon.step(target, rx, ry)
        if (
            side >= 0
            and pitch.dungeon.kind[side] == WALL
            and face_normal(pitch, src, side) is not None
        ):
            return side
        return target


def _open(pitch: DungeonPitch, sq: int, step: tuple[int, int]) -> int:
    """The floor square one ``step`` from floor square ``sq``, or -1."""
    to = pitch.step(sq, *step)
    return to if to in pitch.neighbours[sq] else -1


def _solid(pitch: DungeonPitch, sq: int, dx: int, dy: int) -> bool:
    x, y = pitch.xy(sq)
    return pitch.sq(x + dx, y + dy) < 0


def bounce_off(pitch: DungeonPitch, sq: int, step: tuple[int, int]) -> tuple[int, int]:
    """The direction a flying ball in ``sq`` takes when ``step`` runs into a
    wall (module docstring)."""
    dx, dy = step
    if dx and dy:
        side_x, side_y = _solid(pitch, sq, dx, 0), _solid(pitch, sq, 0, dy)
        if side_x and not side_y:
            return -dx, dy
        if side_y and not side_x:
            return dx, -dy
    return -dx, -dy


class WallFlight(Proc):
    """The ball ricochets off wall square ``wall`` (thrown from square
    ``thrower``) and flies D6 squares (module docstring)."""

    __slots__ = ("sq", "dx", "dy", "left", "catcher", "aim")

    def __init__(self, thrower: int, wall: int) -> None:
        self.phase = 0
        self.sq = wall
        self.dx = self.dy = 0
        self.left = 0
        self.catcher = -1
        self.aim = (thrower, wall)

    def step(self, g: GameState) -> Decision | None:
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        if self.phase == 0:
            thrower, wall = self.aim
            n = face_normal(pitch, thrower, wall)
            assert n is not None
            tx, ty = pitch.xy(thrower)
            wx, wy = pitch.xy(wall)
            d = reflect(snap8(wx - tx, wy - ty), n)
            first = pitch.dungeon.step(wall, *d)
            if first < 0 or not pitch.standable(first):
                d = n
            self.dx, self.dy = d
            self.left = g.dice.d6()
            by = g.board[thrower]
            pid = g.pid[by] if by >= 0 else -1
            g.emit(Roll("wall_flight", pid, (self.left,), 0, 0, True, False))
            # Out of the wall: its first square is the one in front of it.
            self.sq = pitch.dungeon.step(wall, *d)
            self.left -= 1
            self.phase = 1
            g.ball = self.sq
            g.ball_air = True
            g.carrier = -1
            g.emit(BallMove("ricochet", wall, self.sq))
            return self._over(g)
        if self.phase == 2:  # a catch attempt came back
            q = self.catcher
            if g.ret:
                g.ball = -1
                g.ball_air = False
                g.carrier = q
                g.emit(BallCaught(g.pid[q], g.pos[q], "catch"))
                g.stack.pop()
                _touchdown(g, q)
                return None
            self.phase = 1
        return self._fly(g)

    def _over(self, g: GameState) -> Decision | None:
        """The ball passes over ``self.sq``: a Standing player there must
        try to catch it."""
        q = g.board[self.sq]
        if q >= 0 and can_catch(g, q) and not g.skills[q] & S.NO_HANDS:
            self.catcher = q
            self.phase = 2
            mod = -1 + catch_modifier(g, q) + g.variant.catch_modifier(g, q, "catch")
            g.stack.append(Test("catch", q, g.ag[q], mod, skill_rr=CATCH_RR))
            return None
        return self._fly(g)

    def _fly(self, g: GameState) -> Decision | None:
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        if self.left <= 0:
            g.stack[-1] = Scatter(self.sq, 1, -1)
            return None
        step = (self.dx, self.dy)
        nxt = _open(pitch, self.sq, step)
        if nxt < 0:
            for way in (bounce_off(pitch, self.sq, step), (-self.dx, -self.dy)):
                nxt = _open(pitch, self.sq, way)
                if nxt >= 0:
                    g.emit(BallMove("ricochet", self.sq, nxt))
                    self.dx, self.dy = way
                    break
            else:
                self.left = 0
                g.stack[-1] = Scatter(self.sq, 1, -1)
                return None
        else:
            g.emit(BallMove("wall_flight", self.sq, nxt))
        self.sq = nxt
        self.left -= 1
        g.ball = nxt
        return self._over(g)


__all__ = [
    "MISS_LEFT_FROM",
    "WALL_THROWER",
    "WallFlight",
    "WallPass",
    "bounce_off",
    "face_normal",
    "is_wall_target",
    "may_interfere",
    "pass_options",
    "reflect",
    "snap8",
    "throw_targets",
]
