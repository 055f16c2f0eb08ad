"""A Dungeon Bowl match on a given dungeon: :func:`new_match`."""

from __future__ import annotations

from engine.core.dice import Dice
from engine.core.events import GameStart
from engine.core.model import TeamSheet
from engine.dungeon.layout import Dungeon, Layout
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.state import DungeonState
from engine.match import Match, run
from engine.variants.dungeon_bowl.game import DEFAULT_TURN_CAP
from engine.variants.dungeon_bowl.variant import DUNGEON_BOWL


def new_match(
    home: TeamSheet,
    away: TeamSheet,
    layout: Layout | Dungeon,
    dice: Dice | None = None,
    *,
    turn_cap: int = DEFAULT_TURN_CAP,
) -> Match:
    """A Dungeon Bowl match in the dungeon of ``layout``, started: the ball
    is hidden in a Chest with the injected dice and the game runs to its
    first decision (the coin toss winner's End Zone). ``turn_cap``: team
    turns per team before the time limit (0: play to the touchdown)."""
    dungeon = layout if isinstance(layout, Dungeon) else Dungeon(layout)
    m = Match(DUNGEON_BOWL, home, away, dice, pitch=DungeonPitch(dungeon), start=False)
    g = m.state
    g.dungeon = DungeonState(g.n, turn_cap=turn_cap)
    g.emit(GameStart(DUNGEON_BOWL.name, home.name, away.name))
    g.stack.append(DUNGEON_BOWL.game_procedure())
    run(g)
    return m


__all__ = ["new_match"]
