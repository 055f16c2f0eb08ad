"""Dungeon Bowl's walls instead of the crowd (DB-rules "Pushed into a wall",
"Throwing the ball at the wall", "Hitting the wall", "Measuring Range";
DB-setup "Corner bounces", "The Ricochet template", "The Crypt", "The
Fiery Chasm"; S002 "no assist through a wall").

:class:`WallRules` is mixed into the ``DungeonBowl`` variant; it overrides
the :class:`~engine.variants.base.Variant` hooks at the places the BB2020
procedures meet the edge of the pitch. The rules themselves live beside it:
:mod:`.ricochet` (the ball hitting a wall, the Chasm), :mod:`.wall_push`
(pushes into walls, the Crypt and the Chasm), :mod:`.wall_landing` (a
thrown team-mate hitting a wall) and :mod:`.wall_pass` (pass targets in a
dungeon, the throw at the wall). On a board that is not a dungeon every
hook keeps the BB2020 behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.sight import separated_by_wall
from engine.variants.base import Variant
from engine.variants.dungeon_bowl import wall_pass
from engine.variants.dungeon_bowl.ricochet import Ricochet
from engine.variants.dungeon_bowl.wall_landing import WallCrash
from engine.variants.dungeon_bowl.wall_push import dungeon_push_options, into_the_chasm

if TYPE_CHECKING:
    from engine.core.state import GameState, Option, Proc
    from engine.rules.blocking import Block
    from engine.rules.passing import PassAction


class WallRules(Variant):
    """The wall hooks of the Dungeon Bowl variant."""

    def ball_off_pitch(self, g: GameState, src: int, step: tuple[int, int]) -> Proc:
        """No throw-ins in a dungeon: the ball ricochets off the wall."""
        if isinstance(g.pitch, DungeonPitch):
            return Ricochet(src, step)
        return super().ball_off_pitch(g, src, step)

    def push_options(self, g: GameState, block: Block) -> tuple[list[int], bool]:
        """Walls, the Crypt and the Chasm where the crowd was."""
        if isinstance(g.pitch, DungeonPitch):
            return dungeon_push_options(g, block)
        return super().push_options(g, block)

    def pushed_off_pitch(
        self, g: GameState, p: int, sq: int, had_ball: bool
    ) -> list[Proc]:
        """The only way off a dungeon's floor is into the Fiery Chasm."""
        if isinstance(g.pitch, DungeonPitch):
            return into_the_chasm(g, p, sq, had_ball)
        return super().pushed_off_pitch(g, p, sq, had_ball)

    def assists_from(self, g: GameState, helper_sq: int, target_sq: int) -> bool:
        """S002: no assist across a wall standing directly between the
        assisting player and the player he would assist against
        (``engine.dungeon.sight.separated_by_wall``); fouls count assists
        the same way."""
        pitch = g.pitch
        if isinstance(pitch, DungeonPitch):
            return not separated_by_wall(pitch.dungeon, helper_sq, target_sq)
        return True

    def pass_options(
        self, g: GameState, p: int, opts: tuple[Option, ...], dump: bool
    ) -> tuple[Option, ...]:
        if isinstance(g.pitch, DungeonPitch):
            return wall_pass.pass_options(g, p, opts, dump)
        return opts

    def pass_choice(
        self, g: GameState, action: PassAction, choice: Option
    ) -> Proc | None:
        if choice[0] == "wall":
            return wall_pass.WallPass(g, action.p, choice[1])
        return None

    def throw_targets(self, g: GameState, p: int, squares: list[int]) -> list[int]:
        if isinstance(g.pitch, DungeonPitch):
            return wall_pass.throw_targets(g, p, squares)
        return squares

    def may_interfere(self, g: GameState, q: int, src: int, dst: int) -> bool:
        if isinstance(g.pitch, DungeonPitch):
            return wall_pass.may_interfere(g, q, src)
        return True

    def thrown_player_out(
        self, g: GameState, q: int, last: int, victims: tuple[int, ...]
    ) -> Proc | None:
        """DB-rules "Hitting the Wall": a Crash Landing, Armour +1."""
        if isinstance(g.pitch, DungeonPitch):
            return WallCrash(q, last, victims)
        return None
