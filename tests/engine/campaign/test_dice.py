"""Dice: the Roller protocol, SeededRoller, ScriptedRoller, RollRecorder."""

from __future__ import annotations

import pytest

from engine.campaign import (
    DiceScriptExhausted,
    DiceScriptMismatch,
    Roller,
    RollRecorder,
    ScriptedRoller,
    SeededRoller,
)


def test_scripted_roller_returns_values_in_order_and_records_them() -> None:
    roller = ScriptedRoller([3, 16, 1])
    assert roller.d(6, "a") == 3
    assert roller.d(16, "b") == 16
    assert roller.remaining == 1
    assert roller.d(2, "c") == 1
    assert roller.rolls == [("a", 6, 3), ("b", 16, 16), ("c", 2, 1)]
    assert roller.remaining == 0


def test_scripted_roller_raises_a_clear_error_when_exhausted() -> None:
    roller = ScriptedRoller([4])
    roller.d(6, "first")
    with pytest.raises(DiceScriptExhausted, match=r"roll #2 \(D6 for 'second'\)"):
        roller.d(6, "second")


def test_scripted_roller_rejects_a_value_the_die_cannot_show() -> None:
    roller = ScriptedRoller([7])
    with pytest.raises(DiceScriptMismatch, match="cannot be rolled on a D6"):
        roller.d(6, "x")
    assert roller.rolls == []


@pytest.mark.parametrize("value", [0, -1])
def test_scripted_roller_rejects_values_below_one(value: int) -> None:
    with pytest.raises(DiceScriptMismatch):
        ScriptedRoller([value]).d(6, "x")


def test_seeded_roller_is_reproducible_and_records() -> None:
    a, b = SeededRoller(42), SeededRoller(42)
    first = [a.d(16, "cas") for _ in range(50)]
    second = [b.d(16, "cas") for _ in range(50)]
    assert first == second
    assert all(1 <= v <= 16 for v in first)
    assert a.rolls == [("cas", 16, v) for v in first]
    assert a.seed == 42


def test_seeded_roller_does_not_touch_the_global_random() -> None:
    import random

    random.seed(1)
    expected = random.random()
    random.seed(1)
    SeededRoller(5).d(6, "x")
    assert random.random() == expected


def test_seeded_roller_covers_every_face() -> None:
    roller = SeededRoller(7)
    assert {roller.d(3, "x") for _ in range(200)} == {1, 2, 3}


@pytest.mark.parametrize("sides", [0, -3])
def test_dice_need_at_least_one_side(sides: int) -> None:
    with pytest.raises(ValueError, match="at least one side"):
        SeededRoller(1).d(sides, "x")
    with pytest.raises(ValueError, match="at least one side"):
        ScriptedRoller([1]).d(sides, "x")


def test_roll_recorder_keeps_only_its_own_rolls() -> None:
    roller = ScriptedRoller([2, 5])
    roller.d(6, "before")
    recorder = RollRecorder(roller)
    assert recorder.d(6, "mine") == 5
    assert recorder.taken() == (("mine", 6, 5),)
    assert roller.rolls == [("before", 6, 2), ("mine", 6, 5)]


def test_roll_recorder_rejects_a_roller_that_cheats() -> None:
    class Cheat:
        def d(self, n: int, purpose: str) -> int:
            return n + 1

    cheat: Roller = Cheat()
    with pytest.raises(ValueError, match="returned 7 for a D6"):
        RollRecorder(cheat).d(6, "x")
