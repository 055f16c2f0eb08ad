"""Dungeon Bowl's walls instead of the crowd (DB-rules "Pushed into a wall",
"Throwing the ball at the wall", "Hitting the wall"; DB-setup "Corner
bounces", "The Ricochet template"; S002 "no assist through a wall").

:class:`WallRules` is mixed into the ``DungeonBowl`` variant; it overrides
the :class:`~engine.variants.base.Variant` hooks at the places the BB2020
procedures meet the edge of the pitch.
"""

from __future__ import annotations


class WallRules:
    """The wall hooks of the Dungeon Bowl variant."""
