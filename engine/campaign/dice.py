"""Injected dice for the league rules.

Every rule function that needs randomness takes a :class:`Roller`. A roll is
``roller.d(n, purpose)`` -> 1..n; ``purpose`` is a short machine-readable
label (``"casualty"``, ``"dedicated_fans"`` …) so the Django side can store
each die as an event. Both concrete rollers record every roll they make in
``.rolls`` as ``(purpose, sides, result)`` tuples.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from engine.campaign.errors import DiceScriptExhausted, DiceScriptMismatch

Roll = tuple[str, int, int]
"""One die: ``(purpose, sides, result)``."""


class Roller(Protocol):
    """Anything that can roll a die with ``n`` sides for a stated purpose."""

    def d(self, n: int, purpose: str) -> int:
        """Roll a D``n``: return an integer in ``1..n``."""
        ...


def _check_sides(n: int) -> None:
    if n < 1:
        raise ValueError(f"a die needs at least one side, got {n}")


class SeededRoller:
    """Reproducible dice with their own :class:`random.Random` (never the
    global generator). Records every roll in :attr:`rolls`."""

    __slots__ = ("_rng", "rolls", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolls: list[Roll] = []

    def d(self, n: int, purpose: str) -> int:
        _check_sides(n)
        result = self._rng.randint(1, n)
        self.rolls.append((purpose, n, result))
        return result


class ScriptedRoller:
    """Dice that return a fixed script of values, for tests.

    Raises :class:`DiceScriptExhausted` when asked for more values than were
    scripted and :class:`DiceScriptMismatch` when a value cannot come up on
    the requested die (a 7 on a D6). Records every roll in :attr:`rolls`.
    """

    __slots__ = ("_values", "_next", "rolls")

    def __init__(self, values: Iterable[int]) -> None:
        self._values: tuple[int, ...] = tuple(values)
        self._next = 0
        self.rolls: list[Roll] = []

    @property
    def remaining(self) -> int:
        """How many scripted values have not been used yet."""
        return len(self._values) - self._next

    def d(self, n: int, purpose: str) -> int:
        _check_sides(n)
        if self._next >= len(self._values):
            raise DiceScriptExhausted(
                f"scripted dice exhausted: roll #{self._next + 1} (D{n} for "
                f"{purpose!r}) was not scripted; rolls so far: {self.rolls}"
            )
        value = self._values[self._next]
        if not 1 <= value <= n:
            raise DiceScriptMismatch(
                f"scripted value {value} (roll #{self._next + 1}) cannot be "
                f"rolled on a D{n} for {purpose!r}"
            )
        self._next += 1
        self.rolls.append((purpose, n, value))
        return value


class RollRecorder:
    """Wraps a roller and keeps the rolls made through it, so an outcome can
    carry exactly the dice that produced it."""

    __slots__ = ("_roller", "rolls")

    def __init__(self, roller: Roller) -> None:
        self._roller = roller
        self.rolls: list[Roll] = []

    def d(self, n: int, purpose: str) -> int:
        _check_sides(n)
        result = self._roller.d(n, purpose)
        if not 1 <= result <= n:
            raise ValueError(f"roller returned {result} for a D{n} ({purpose!r})")
        self.rolls.append((purpose, n, result))
        return result

    def taken(self) -> tuple[Roll, ...]:
        return tuple(self.rolls)
