"""The range ruler (rulebook "Measuring Range", "Passing Interference"):
the range bands of a throw and the squares beneath the ruler."""

from __future__ import annotations

from engine.core.state import GameState

QUICK, SHORT, LONG, BOMB, OUT = 1, 2, 3, 4, 5
BAND_NAMES = ("", "quick", "short", "long", "long_bomb", "out_of_range")

# Passing Range chart (rulebook "Measuring Range"): for a vertical offset
# dy (row), the largest horizontal offset dx still in the quick, short, long
# and long bomb bands (-1: no square of that band in the row). Symmetric.
_RANGE_ROWS: tuple[tuple[int, int, int, int], ...] = (
    (3, 6, 10, 13),
    (3, 6, 10, 13),
    (2, 6, 10, 12),
    (1, 6, 9, 12),
    (-1, 5, 9, 12),
    (-1, 4, 8, 11),
    (-1, 3, 8, 11),
    (-1, -1, 7, 10),
    (-1, -1, 6, 10),
    (-1, -1, 4, 9),
    (-1, -1, 2, 8),
    (-1, -1, -1, 6),
    (-1, -1, -1, 4),
    (-1, -1, -1, 1),
)
RULER_HALF_WIDTH = 0.87  # the range ruler is 1.74 squares wide


def pass_band(dx: int, dy: int) -> int:
    """Range band of a target ``(dx, dy)`` squares away (0 = own square)."""
    dx, dy = abs(dx), abs(dy)
    if dx == 0 and dy == 0:
        return 0
    if dy >= len(_RANGE_ROWS):
        return OUT
    row = _RANGE_ROWS[dy]
    for band in range(4):
        if dx <= row[band]:
            return band + 1
    return OUT


def targets_in_range(g: GameState, p: int, max_band: int) -> list[int]:
    """Squares a player could target, up to ``max_band``."""
    pitch = g.pitch
    x0, y0 = pitch.xy(g.pos[p])
    out = []
    for sq in range(pitch.size):
        b = pass_band(pitch.xs[sq] - x0, pitch.ys[sq] - y0)
        if 0 < b <= max_band:
            out.append(sq)
    return out


def under_ruler(g: GameState, src: int, dst: int, sq: int) -> bool:
    """Whether ``sq`` lies between ``src`` and ``dst`` and at least partly
    beneath the range ruler laid from ``src`` to ``dst``."""
    pitch = g.pitch
    x0, y0 = pitch.xy(src)
    x1, y1 = pitch.xy(dst)
    x, y = pitch.xy(sq)
    vx, vy = x1 - x0, y1 - y0
    ll = vx * vx + vy * vy
    if ll == 0 or sq in (src, dst):
        return False
    t = ((x - x0) * vx + (y - y0) * vy) / ll
    if not 0.0 < t < 1.0:
        return False
    length = ll**0.5
    nx, ny = -vy / length, vx / length
    dist = abs((x - x0) * nx + (y - y0) * ny)
    return bool(dist < RULER_HALF_WIDTH + 0.5 * (abs(nx) + abs(ny)))
