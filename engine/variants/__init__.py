"""Game formats, one module each, and their registry: what a league needs
(:class:`LeagueFormat`), what a match on the pitch needs (:class:`MatchRules`;
both: a :class:`Variant`), and a card game that is not a match
(:class:`CardGame`). Importing this package registers the built-in
variants: Blood Bowl 2020, Blood Bowl 2025 (held back: not offered yet), Sevens, the classic game, Blitz Bowl (a house format)
and Dungeon Bowl."""

from engine.variants.base import (
    Variant,
    get_variant,
    match_variant,
    register,
    unregister,
    variants,
)
from engine.variants.bb2020 import BB2020, BloodBowl2020
from engine.variants.bb2025.variant import BB2025, BloodBowl2025
from engine.variants.blitz_bowl import BLITZ_BOWL, BlitzBowl
from engine.variants.card_game import CardGame, CardPlayer, CardSide
from engine.variants.classic import CLASSIC, Classic
from engine.variants.dungeon_bowl.variant import DUNGEON_BOWL, DungeonBowl
from engine.variants.league_format import LeagueFormat
from engine.variants.match_rules import MatchRules
from engine.variants.sevens import SEVENS, Sevens

__all__ = [
    "BB2020",
    "BB2025",
    "BLITZ_BOWL",
    "CLASSIC",
    "DUNGEON_BOWL",
    "SEVENS",
    "BlitzBowl",
    "BloodBowl2020",
    "BloodBowl2025",
    "CardGame",
    "CardPlayer",
    "CardSide",
    "Classic",
    "DungeonBowl",
    "LeagueFormat",
    "MatchRules",
    "Sevens",
    "Variant",
    "get_variant",
    "match_variant",
    "register",
    "unregister",
    "variants",
]
