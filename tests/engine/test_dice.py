"""Dice and pitch geometry."""

from __future__ import annotations

import pytest

from engine.core.dice import POW, PUSH, FixedDice, RandomDice
from engine.core.errors import DiceExhausted
from engine.variants import BB2020, SEVENS, get_variant


def test_random_dice_is_seeded_and_clonable() -> None:
    a, b = RandomDice(42), RandomDice(42)
    assert [a.d6() for _ in range(20)] == [b.d6() for _ in range(20)]
    c = a.clone()
    assert [a.d16() for _ in range(10)] == [c.d16() for _ in range(10)]
    assert all(1 <= a.d8() <= 8 for _ in range(100))
    assert {a.d3() for _ in range(200)} == {1, 2, 3}


def test_fixed_dice_script_and_exhaustion() -> None:
    d = FixedDice([3, "pow", 2])
    assert d.d6() == 3
    assert d.block() == POW
    assert d.block() == 2
    with pytest.raises(DiceExhausted, match="D6"):
        d.d6()
    with pytest.raises(ValueError, match="not a valid D6"):
        FixedDice([7]).d6()
    assert FixedDice(["push"]).block() == PUSH


def test_pitch_sizes_and_zones() -> None:
    assert (BB2020.pitch.width, BB2020.pitch.height) == (26, 15)
    assert (SEVENS.pitch.width, SEVENS.pitch.height) == (20, 11)
    assert (BB2020.turns_per_half, SEVENS.turns_per_half) == (8, 6)
    assert (BB2020.players_on_pitch, SEVENS.players_on_pitch) == (11, 7)
    assert (BB2020.max_per_wide_zone, SEVENS.max_per_wide_zone) == (2, 1)
    assert (
        SEVENS.pitch.away_los_x - SEVENS.pitch.home_los_x - 1 == 6
    )  # six squares between
    assert len(SEVENS.pitch.trapdoors) == 2
    assert get_variant("sevens") is SEVENS
    with pytest.raises(ValueError, match="unknown format"):
        get_variant("dungeon")


def test_push_squares() -> None:
    p = BB2020.pitch
    a, d = p.sq(5, 5), p.sq(6, 5)
    assert p.push_squares(a, d) == (p.sq(7, 5), p.sq(7, 4), p.sq(7, 6))
    a, d = p.sq(5, 5), p.sq(6, 6)
    assert p.push_squares(a, d) == (p.sq(7, 7), p.sq(7, 6), p.sq(6, 7))
    assert p.push_squares(p.sq(5, 13), p.sq(5, 14)) == (-1, -1, -1)
