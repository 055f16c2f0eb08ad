"""Dungeon Bowl's dungeon: Dugout's own tiles, the board built from a layout,
the building rules' validator and a seeded generator.

Standard library only; the game itself (portals, chests, rooms in play) comes
later and reads :class:`engine.dungeon.layout.Dungeon`.
"""
