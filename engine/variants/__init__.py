"""Game formats as :class:`~engine.variants.base.Variant` objects, one module
each, and their registry. Importing this package registers the built-in
variants: Blood Bowl 2020, Sevens and the classic game."""

from engine.variants.base import (
    Variant,
    get_variant,
    register,
    unregister,
    variants,
)
from engine.variants.bb2020 import BB2020, BloodBowl2020
from engine.variants.classic import CLASSIC, Classic
from engine.variants.sevens import SEVENS, Sevens

__all__ = [
    "BB2020",
    "CLASSIC",
    "SEVENS",
    "BloodBowl2020",
    "Classic",
    "Sevens",
    "Variant",
    "get_variant",
    "register",
    "unregister",
    "variants",
]
