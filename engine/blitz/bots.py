"""Bots for Blitz Bowl: they read ``game.pending`` and return one option;
the game never calls them (:mod:`engine.blitz.game`)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.blitz.game import BlitzGame
from engine.core.state import Decision


class Bot(Protocol):
    def choose(self, game: BlitzGame, d: Decision) -> tuple[Any, ...]: ...


class RandomBot:
    """Uniform over the legal options, but never ends a turn (or skips a
    free Action) while it has another option."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: BlitzGame, d: Decision) -> tuple[Any, ...]:
        opts = [o for o in d.options if o[0] not in ("end_turn", "skip")]
        return self.rng.choice(opts or list(d.options))
