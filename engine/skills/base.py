"""The skill specification record shared by the category modules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.state import GameState, Proc

ActivationHook = Callable[["GameState", int, str], "Proc | None"]


@dataclass(frozen=True, slots=True)
class SkillSpec:
    """An implemented skill or trait.

    ``bit`` is its flag in :mod:`engine.core.skillbits`; ``rule`` says where the
    engine applies it (module and rule point); ``on_activation`` is an
    optional hook run when a player with the skill is activated (it returns
    a procedure to push, or None).
    """

    slug: str
    category: str
    bit: int
    rule: str
    on_activation: ActivationHook | None = None
