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
from engine.variants.sevens import SEVENS, Sevens

__all__ = [
    "BB2020",
    "SEVENS",
    "BloodBowl2020",
    "Sevens",
    "Variant",
    "get_variant",
    "register",
    "unregister",
    "variants",
]
