"""The pitch: a grid of squares with per-square flags (rulebook "The Pitch";
Death Zone "Sevens Pitch").

Squares are ints, ``idx = y * width + x``. ``x`` runs along the length of the
pitch, from the home End Zone (x = 0) to the away End Zone (x = width - 1);
``y`` runs across it. Off-pitch is ``-1``. Everything here is computed once
per ruleset and shared (read-only) by every match and clone.
"""

from __future__ import annotations

# Square flags. Later variants (Dungeon Bowl walls, teleporters) add bits.
F_ENDZONE_HOME = 1 << 0  # the home team's End Zone (the away team scores here)
F_ENDZONE_AWAY = 1 << 1
F_HALF_HOME = 1 << 2  # home set-up area: own End Zone up to own Line of Scrimmage
F_HALF_AWAY = 1 << 3
F_WIDE_LOW = 1 << 4  # wide zone at y = 0 side
F_WIDE_HIGH = 1 << 5
F_LOS_HOME = 1 << 6  # the home team's Line of Scrimmage squares
F_LOS_AWAY = 1 << 7
F_TRAPDOOR = 1 << 8
F_SIDELINE = 1 << 9  # adjacent to a sideline (y = 0 or y = height - 1)
F_WIDE = F_WIDE_LOW | F_WIDE_HIGH

# Random Direction template (rulebook "Deviate"): D8 result -> (dx, dy).
# 1 2 3 / 4 . 5 / 6 7 8, with y growing "down" the diagram.
D8_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)


class Pitch:
    """Geometry of one pitch size: flags, neighbours, direction steps."""

    __slots__ = (
        "width",
        "height",
        "size",
        "flags",
        "neighbours",
        "steps",
        "home_los_x",
        "away_los_x",
        "wide_zone",
        "move_opts",
        "square_opts",
        "trapdoors",
        "xs",
        "ys",
        "memo",
    )

    def __init__(
        self,
        width: int,
        height: int,
        wide_zone: int,
        home_los_x: int,
        trapdoors: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self.wide_zone = wide_zone
        self.home_los_x = home_los_x
        self.away_los_x = width - 1 - home_los_x
        self.xs = tuple(i % width for i in range(self.size))
        self.ys = tuple(i // width for i in range(self.size))
        self.trapdoors = tuple(y * width + x for x, y in trapdoors)
        flags = []
        for i in range(self.size):
            x, y = i % width, i // width
            f = 0
            if x == 0:
                f |= F_ENDZONE_HOME
            if x == width - 1:
                f |= F_ENDZONE_AWAY
            if x <= home_los_x:
                f |= F_HALF_HOME
            if x >= self.away_los_x:
                f |= F_HALF_AWAY
            if y < wide_zone:
                f |= F_WIDE_LOW
            if y >= height - wide_zone:
                f |= F_WIDE_HIGH
            if x == home_los_x:
                f |= F_LOS_HOME
            if x == self.away_los_x:
                f |= F_LOS_AWAY
            if y == 0 or y == height - 1:
                f |= F_SIDELINE
            if i in self.trapdoors:
                f |= F_TRAPDOOR
            flags.append(f)
        self.flags = tuple(flags)
        steps = []
        for dx, dy in D8_DIRECTIONS:
            row = []
            for i in range(self.size):
                x, y = i % width + dx, i // width + dy
                row.append(y * width + x if 0 <= x < width and 0 <= y < height else -1)
            steps.append(tuple(row))
        self.steps: tuple[tuple[int, ...], ...] = tuple(steps)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for d in range(1, 9) if (s := self.steps[d][i]) >= 0)
            for i in range(self.size)
        )
        self.move_opts = tuple(("move", i) for i in range(self.size))
        self.square_opts = tuple(("square", i) for i in range(self.size))
        # Tables derived from this board (the bots' bitmasks and distance
        # lists), kept on the board itself so they live and die with it: a
        # dungeon is one board per match, and a module-level cache keyed by
        # id() would grow without end (or, once a board is freed, hand its
        # tables to the next board given the same id).
        self.memo: dict[object, object] = {}

    def sq(self, x: int, y: int) -> int:
        """Square index of (x, y), or -1 when off the pitch."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    def xy(self, sq: int) -> tuple[int, int]:
        """(x, y) of a square index."""
        return sq % self.width, sq // self.width

    def step(self, sq: int, dx: int, dy: int) -> int:
        """The square one step from ``sq`` in direction (dx, dy), -1 if off."""
        x, y = sq % self.width + dx, sq // self.width + dy
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    def distance(self, a: int, b: int) -> int:
        """Squares between a and b counting diagonals as one (Chebyshev)."""
        w = self.width
        return max(abs(a % w - b % w), abs(a // w - b // w))

    def push_squares(self, attacker: int, defender: int) -> tuple[int, int, int]:
        """Push-back squares (rulebook "Pushed Players" diagram).

        The square directly away from the attacker first, then the two
        squares beside it; -1 marks a square off the pitch.
        """
        w = self.width
        dx = (defender % w > attacker % w) - (defender % w < attacker % w)
        dy = (defender // w > attacker // w) - (defender // w < attacker // w)
        if dx and dy:
            others = ((dx, 0), (0, dy))
        elif dx:
            others = ((dx, -1), (dx, 1))
        else:
            others = ((-1, dy), (1, dy))
        return (
            self.step(defender, dx, dy),
            self.step(defender, *others[0]),
            self.step(defender, *others[1]),
        )

    def endzone_of(self, team: int) -> int:
        """Flag of the End Zone a team scores in (home=0 scores at the away end)."""
        return F_ENDZONE_AWAY if team == 0 else F_ENDZONE_HOME

    def half_flag(self, team: int) -> int:
        """Flag of a team's own set-up area."""
        return F_HALF_HOME if team == 0 else F_HALF_AWAY

    def los_flag(self, team: int) -> int:
        """Flag of a team's own Line of Scrimmage squares."""
        return F_LOS_HOME if team == 0 else F_LOS_AWAY

    def picture(self) -> dict[str, object] | None:
        """What a replay draws beyond the plain grid (a dungeon's walls,
        rooms, Portals and Chests); None for a pitch drawn from its size and
        lines alone."""
        return None

    def render(self, board: list[int], symbol: dict[int, str] | None = None) -> str:
        """ASCII picture of a board (player index per square, -1 empty)."""
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                p = board[y * self.width + x]
                row.append("." if p < 0 else (symbol or {}).get(p, "#"))
            rows.append("".join(row))
        return "\n".join(rows)
