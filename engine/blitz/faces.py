"""Block Dice faces (rulebook "Block Dice Results")."""

from __future__ import annotations

# Block Dice faces (rulebook "Block Dice Results"); a D6 picks the face.
SMASH = "smash"
KERRUNCH = "kerrunch"
SHOVE = "shove"
TACKLE = "tackle"
MISS = "miss"
# Decision: the Block Die is a D6 with Shove on two faces; Dugout reads
# 1 Miss, 2 Tackle, 3-4 Shove, 5 Kerrunch!, 6 Smash.
D6_TO_FACE = ("", MISS, TACKLE, SHOVE, SHOVE, KERRUNCH, SMASH)
FACE_ORDER = (SMASH, KERRUNCH, SHOVE, TACKLE, MISS)
