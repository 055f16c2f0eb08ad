"""The bot protocol."""

from __future__ import annotations

from typing import Protocol

from engine.core.state import Decision, GameState, Option


class Bot(Protocol):
    """Chooses one option of a decision, given a read-only view of the state."""

    def choose(self, decision: Decision, state: GameState) -> Option: ...
