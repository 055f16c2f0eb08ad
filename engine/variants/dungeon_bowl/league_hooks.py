"""The Dungeon Bowl variant's league-facing hooks (draft, winnings, the
casualty table, the post-game steps), built on :mod:`.league` and
:mod:`.colleges`. :class:`LeagueHooks` is mixed into ``DungeonBowl``."""

from __future__ import annotations


class LeagueHooks:
    """The league hooks of the Dungeon Bowl variant."""
