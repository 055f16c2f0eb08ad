"""Scenario builder for Dungeon Bowl rule tests: a whole small dungeon and
its players from one ASCII picture (no tiles, nothing validated).

Characters: ``#`` wall, ``.`` floor, ``<`` / ``>`` floor of the home / away
team's own End Zone (the away team scores on ``<``, the home team on
``>``), ``$`` a closed Chest, ``1``-``6`` a Portal, ``=`` the Fiery
Chasm's bridge, ``*`` the loose ball; an UPPERCASE letter is a home player,
a lowercase one an away player (as in :class:`~engine.tools.scenario.Scenario`).
Impassable features (Idol, Dragon, Crypt, Chasm) would clash with player
letters: give them as ``features={(x, y): "I"}``. ``rooms`` gives room
types to rectangles (see :meth:`Dungeon.from_rows`); ``zones`` puts
rectangles into End Zones under players (``{0: (x0, y0, x1, y1)}``).
``g.dungeon`` is a fresh :class:`DungeonState`; ``ball_chest`` (diagram
x, y) is the Chest that holds the ball.

Example::

    sc = DungeonScenario('''
        #######
        #.Ab..#
        #######
    ''', dice=[4, "push"])

The match starts at the active team's turn (a BB2020 turn, so the rules of
one action can be tested before the Dungeon Bowl game's flow exists) and
ends when that turn ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.dungeon.layout import Dungeon
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.state import DungeonState
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants.base import Variant
from engine.variants.dungeon_bowl.variant import DUNGEON_BOWL

BOARD_CHARS = "#.<>$=123456"


class DungeonScenario(Scenario):
    """A :class:`Scenario` in a dungeon drawn in the diagram."""

    def __init__(
        self,
        diagram: str,
        *,
        ruleset: Variant | str | None = None,
        features: Mapping[tuple[int, int], str] | None = None,
        rooms: dict[str, tuple[int, int, int, int]] | None = None,
        zones: Mapping[int, tuple[int, int, int, int]] | None = None,
        ball_chest: tuple[int, int] | None = None,
        **kwargs: Any,
    ) -> None:
        rows = [r.strip() for r in diagram.strip("\n").splitlines()]
        rows = [r for r in rows if r]
        board_rows: list[str] = []
        piece_rows: list[str] = []
        for y, row in enumerate(rows):
            b, p = [], []
            for x, ch in enumerate(row):
                if (x, y) in (features or {}):
                    b.append((features or {})[(x, y)])
                    p.append(".")
                elif ch in BOARD_CHARS:
                    b.append(ch)
                    p.append(".")
                else:
                    b.append(_zone_char(zones, x, y))
                    p.append(ch)
            board_rows.append("".join(b))
            piece_rows.append("".join(p))
        self.dungeon = Dungeon.from_rows(board_rows, rooms)
        pitch = DungeonPitch(self.dungeon)
        if ruleset is None:
            ruleset = DUNGEON_BOWL
        start = kwargs.pop("start", True)
        super().__init__(
            "\n".join(piece_rows),
            ruleset=ruleset,
            origin=(0, 0),
            pitch=pitch,
            start=False,
            **kwargs,
        )
        g = self.match.state
        chest = -1 if ball_chest is None else self.at(*ball_chest)
        g.dungeon = DungeonState(g.n, ball_chest=chest)
        if start:
            t = 1 - g.kicking
            g.stack.append(Turn(t))
            run(g)

    def at(self, x: int, y: int) -> int:
        """The board square of diagram (x, y), walls included."""
        return y * self.dungeon.width + x


def _zone_char(
    zones: Mapping[int, tuple[int, int, int, int]] | None, x: int, y: int
) -> str:
    for side, (x0, y0, x1, y1) in (zones or {}).items():
        if x0 <= x <= x1 and y0 <= y <= y1:
            return "<>"[side]
    return "."


__all__ = ["DungeonScenario"]
