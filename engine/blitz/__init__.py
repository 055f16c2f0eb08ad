"""Blitz Bowl (issue 14): a separate rules package that shares the engine's
dice, decisions and events (variants digest part E1). This first part holds
the game's data (team cards, cards, board) and the board's geometry."""
