"""Blitz Bowl: a separate rules package that shares the engine's dice,
decisions and events: the game's data (team cards, cards, board), the
board's geometry, the game, its bots and its replay."""
