"""The Dungeon Bowl variant: Blood Bowl 2020 play in a dungeon (digest E2).

Each match has its own board (``Match(..., pitch=DungeonPitch(...))``); the
class's ``pitch`` is only a default dungeon for tools that ask a variant for
one. The wall rules (:mod:`.walls`) and the rooms' rules (:mod:`.rooms`)
and the league hooks (:mod:`.league_hooks`) are mixins, as are the College
Wizards' spells (:mod:`.spells`) and the Portals (:mod:`.portals`); the
game's flow is :mod:`.game`, the Chests :mod:`.chests`. Registered as
``dungeon-bowl``: its leagues record matches from tabletop reports or let
the engine play them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from engine.core.pitch import Pitch
from engine.core.rules_data import RulesData
from engine.core.state import Proc
from engine.dungeon.generate import generate
from engine.dungeon.layout import Dungeon, named_layout
from engine.dungeon.pitch import DungeonPitch
from engine.variants.base import register
from engine.variants.bb2020 import BloodBowl2020
from engine.variants.dungeon_bowl.advancement import random_skill_table
from engine.variants.dungeon_bowl.game import DEFAULT_TURN_CAP, DungeonGame
from engine.variants.dungeon_bowl.league_hooks import LeagueHooks
from engine.variants.dungeon_bowl.portals import PortalRules, dungeon_state
from engine.variants.dungeon_bowl.rooms import RoomRules
from engine.variants.dungeon_bowl.spells import SpellRules
from engine.variants.dungeon_bowl.walls import WallRules

if TYPE_CHECKING:
    from engine.core.state import GameState

DEFAULT_LAYOUT = "crossroads"


@lru_cache(maxsize=64)
def _dungeon_of(seed: int) -> DungeonPitch:
    return DungeonPitch(Dungeon(generate(seed)))


class DungeonBowl(
    WallRules, RoomRules, LeagueHooks, SpellRules, PortalRules, BloodBowl2020
):
    """Dungeon Bowl: what differs from Blood Bowl 2020."""

    name = "dungeon-bowl"
    label = "Dungeon Bowl"
    summary = (
        "The Colleges of Magic play in a dungeon of rooms, walls and "
        "portals, where the first touchdown wins the game."
    )
    rules_data_version = "dungeon_bowl"
    pitch: ClassVar[Pitch] = DungeonPitch(Dungeon(named_layout(DEFAULT_LAYOUT)))
    players_on_pitch = 6  # deployed in the End Zone at the start
    has_halves = False
    # Dungeon Bowl flow: no Line of Scrimmage when deploying
    min_on_los = 0
    # No halves: the default turn cap (game.DEFAULT_TURN_CAP), the bots'
    # horizon ("turns left") and the limit of a scoring team's turn marker.
    turns_per_half = 20

    def game_procedure(self) -> Proc:
        """Coin toss, deployment, team turns to the touchdown (:mod:`.game`)."""
        return DungeonGame()

    def league_options(self, g: GameState, *, time_limit: bool) -> None:
        """A league's game: with the league's time limit option, the time
        limit after :data:`~.game.DEFAULT_TURN_CAP` team turns each
        (the_rules_of_dungeon_bowl.md "Time Limits and Winning the Game");
        without it, no time limit: the game is played to the first
        touchdown (set-up.md: "there is no set time limit"), the only
        result such a league records (:meth:`score_violations`). The game
        waits for the coin toss's End Zone: no team turn has read the cap."""
        dungeon_state(g).turn_cap = DEFAULT_TURN_CAP if time_limit else 0

    def match_pitch(self, seed: int) -> Pitch | None:
        """A dungeon generated from the match's seed, Chests and Portals
        placed by the building rules (:func:`engine.dungeon.generate.generate`).
        The coin toss decides later which End Zone is whose. Built once per
        seed (about 50 ms) and shared: a pitch is read-only."""
        return _dungeon_of(seed)

    def random_skill_table(
        self, category: str, data: RulesData | None = None
    ) -> tuple[str, ...] | None:
        """Dungeon Bowl's own random skill table (:mod:`.advancement`),
        whatever rules data the caller holds."""
        return random_skill_table(category)


DUNGEON_BOWL = register(DungeonBowl())
