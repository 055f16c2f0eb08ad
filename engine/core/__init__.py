"""The engine's ground floor: the game state, the pitch, dice, events,
errors, the team-sheet model, skill bits, the rules data and the rule
points (:mod:`engine.core.hooks`). It imports nothing from the storeys
above (:mod:`engine.rules`, :mod:`engine.skills`, the variants)."""
