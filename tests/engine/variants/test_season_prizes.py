"""Each format's season end (league_and_exhibition_play.md "Glittering
Prizes"): the gold by final place and the League Trophy's free re-roll."""

import pytest

from engine.variants.base import get_variant

GLITTERING_PRIZES = {1: 100_000, 2: 60_000, 3: 30_000}


@pytest.mark.parametrize(
    ("fmt", "prizes", "trophy_rerolls"),
    [
        # 3rd 30,000, 2nd 60,000, 1st 100,000 and the League Trophy, whose
        # holder adds one team re-roll
        ("bb2020", GLITTERING_PRIZES, 1),
        # Decisions: Sevens, the classic game and BB2025 keep BB2020's
        ("sevens", GLITTERING_PRIZES, 1),
        ("classic", GLITTERING_PRIZES, 1),
        ("bb2025", GLITTERING_PRIZES, 1),
        # Dungeon Bowl's own page gives the same numbers and its Trophy
        ("dungeon-bowl", GLITTERING_PRIZES, 1),
        # a Blitz Bowl team card has no treasury and no re-rolls
        ("blitz-bowl", {}, 0),
    ],
)
def test_the_season_end_of_each_format(fmt, prizes, trophy_rerolls):
    variant = get_variant(fmt)

    assert dict(variant.season_prizes()) == prizes
    assert variant.champion_rerolls() == trophy_rerolls
