"""Dice (rulebook: "Dice Rolling", "Block Dice").

Every roll of a match goes through one :class:`Dice` object owned by the
match, so a seed (or a script of values) reproduces a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from engine.core.errors import DiceExhausted, DiceScriptExhausted, DiceScriptMismatch

# Block dice faces (rulebook "Block Dice"); the die has two Push Back faces.
PLAYER_DOWN = 1
BOTH_DOWN = 2
PUSH = 3
STUMBLE = 4
POW = 5
BLOCK_FACE_NAMES = {
    PLAYER_DOWN: "player_down",
    BOTH_DOWN: "both_down",
    PUSH: "push",
    STUMBLE: "stumble",
    POW: "pow",
}
_BLOCK_BY_NAME = {v: k for k, v in BLOCK_FACE_NAMES.items()}
# D6 face -> block result: 1 Player Down, 2 Both Down, 3-4 Push, 5 Stumble, 6 POW.
_D6_TO_BLOCK = (0, PLAYER_DOWN, BOTH_DOWN, PUSH, PUSH, STUMBLE, POW)


class Dice(Protocol):
    """The dice a match rolls. ``block()`` returns a block-die result code."""

    def d3(self) -> int: ...
    def d6(self) -> int: ...
    def d8(self) -> int: ...
    def d16(self) -> int: ...
    def d100(self) -> int: ...
    def block(self) -> int: ...
    def clone(self) -> Dice: ...


class RandomDice:
    """Seeded dice with their own ``random.Random`` (never the global one).

    ``clone()`` gives dice that continue with exactly the same rolls; the
    generator state is snapshotted once per position and shared by every
    clone taken before the next roll.
    """

    __slots__ = ("_rng", "_r", "seed", "_snap")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._r = self._rng.random
        self._snap: tuple[object, ...] | None = None

    def d3(self) -> int:
        self._snap = None
        return int(self._r() * 3) + 1

    def d6(self) -> int:
        self._snap = None
        return int(self._r() * 6) + 1

    def d8(self) -> int:
        self._snap = None
        return int(self._r() * 8) + 1

    def d16(self) -> int:
        self._snap = None
        return int(self._r() * 16) + 1

    def d100(self) -> int:
        self._snap = None
        return int(self._r() * 100) + 1

    def block(self) -> int:
        self._snap = None
        return _D6_TO_BLOCK[int(self._r() * 6) + 1]

    def clone(self) -> RandomDice:
        snap = self._snap
        if snap is None:
            snap = self._snap = self._rng.getstate()
        new = RandomDice.__new__(RandomDice)
        new.seed = self.seed
        rng = random.Random.__new__(random.Random)
        rng.setstate(snap)
        new._rng = rng
        new._r = rng.random
        new._snap = snap
        return new


class FixedDice:
    """Scripted dice for tests: values are used in order, whatever the die.

    Block dice may be scripted by name ("pow", "push", "stumble",
    "both_down", "player_down") or by result code. Running out of values
    raises :class:`~engine.core.errors.DiceExhausted` naming the die requested.
    """

    __slots__ = ("_values", "_pos")

    def __init__(self, values: Iterable[int | str] = ()) -> None:
        self._values: list[int | str] = list(values)
        self._pos = 0

    def extend(self, values: Iterable[int | str]) -> None:
        """Append more scripted values."""
        self._values.extend(values)

    @property
    def remaining(self) -> int:
        """How many scripted values are still unused."""
        return len(self._values) - self._pos

    def _next(self, die: str) -> int | str:
        if self._pos >= len(self._values):
            raise DiceExhausted(
                f"FixedDice exhausted: a {die} was requested after "
                f"{len(self._values)} scripted values"
            )
        v = self._values[self._pos]
        self._pos += 1
        return v

    def _num(self, die: str, sides: int) -> int:
        v = self._next(die)
        if not isinstance(v, int) or not 1 <= v <= sides:
            raise ValueError(f"FixedDice: scripted value {v!r} is not a valid {die}")
        return v

    def d3(self) -> int:
        return self._num("D3", 3)

    def d6(self) -> int:
        return self._num("D6", 6)

    def d8(self) -> int:
        return self._num("D8", 8)

    def d16(self) -> int:
        return self._num("D16", 16)

    def d100(self) -> int:
        return self._num("D100", 100)

    def block(self) -> int:
        v = self._next("block die")
        if isinstance(v, str):
            if v not in _BLOCK_BY_NAME:
                raise ValueError(f"FixedDice: unknown block face {v!r}")
            return _BLOCK_BY_NAME[v]
        if not PLAYER_DOWN <= v <= POW:
            raise ValueError(f"FixedDice: scripted value {v!r} is not a block result")
        return v

    def clone(self) -> FixedDice:
        new = FixedDice(self._values)
        new._pos = self._pos
        return new


# --- dice between matches ------------------------------------------------------
#
# Every league rule that needs randomness (advancement, the post-game, the
# re-draft) takes a :class:`Roller`. A roll is ``roller.d(n, purpose)`` ->
# 1..n; ``purpose`` is a short machine-readable label (``"casualty"``,
# ``"dedicated_fans"`` …) so the Django side can store each die as an event.
# Both concrete rollers record every roll they make in ``.rolls`` as
# ``(purpose, sides, result)`` tuples. A match rolls through :class:`Dice`
# (its dice are cloned with the match state); both live here, one family.

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
