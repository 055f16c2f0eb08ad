"""BB2025 "Throw-ins": 2D6 squares counting the square the ball left the
pitch from as the first (the ball comes down 2D6 - 1 squares in), and the
corner throw-in's D3 (changes_from_bb2020.md section 10)."""

from __future__ import annotations

import pytest

from engine.core.events import BallMove
from engine.tools.scenario import Scenario


@pytest.mark.parametrize(("ruleset", "y"), [("bb2025", 10), ("bb2020", 9)])
def test_throw_in_distance(ruleset: str, y: int) -> None:
    # A fails the pick-up (1) on the bottom sideline (y 14); the bounce D8 7
    # goes straight down, off the pitch; D6 3: straight in; 2D6 2 + 3 = 5.
    sc = Scenario(
        """
        .....
        .A*..
    """,
        ruleset=ruleset,
        origin=(10, 13),
        dice=[1, 7, 3, 2, 3, 4, 4, 4],
    )
    sc.act("A", "move")
    sc.move(2, 1)
    tin = [b for b in sc.events(BallMove) if b.how == "throw_in"][0]
    assert sc.match.state.pitch.xy(tin.src) == (12, 14)
    assert sc.match.state.pitch.xy(tin.dst) == (12, y)  # 5 - 1 = 4 squares in


@pytest.mark.parametrize(
    ("d3", "xy"),
    [(1, (21, 14)), (2, (21, 10)), (3, (25, 10))],
)
def test_corner_throw_in(d3: int, xy: tuple[int, int]) -> None:
    # A fails the pick-up in the bottom-right corner (25, 14); the bounce
    # D8 8 goes down and right, off the pitch; the D3 picks along the bottom
    # edge, diagonally in, or along the right edge; 2D6 2 + 3 = 5: 4 squares.
    sc = Scenario(
        """
        ..
        A*
    """,
        ruleset="bb2025",
        origin=(24, 13),
        dice=[1, 8, d3, 2, 3, 4, 4, 4],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    tin = [b for b in sc.events(BallMove) if b.how == "throw_in"][0]
    assert sc.match.state.pitch.xy(tin.src) == (25, 14)
    assert sc.match.state.pitch.xy(tin.dst) == xy
