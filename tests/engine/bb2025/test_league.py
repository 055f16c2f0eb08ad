"""BB2025 league rules: the post-game Casualty and Lasting Injury tables
(tables.md "Casualty", "Lasting injury"), the same the match plays."""

from __future__ import annotations

import pytest

from engine.campaign.casualty import (
    CasualtyResult,
    apply_casualty,
    casualty_from_roll,
)
from engine.campaign.player import Characteristic, PlayerState
from engine.variants import BB2025


def test_the_format_rolls_on_its_own_table() -> None:
    table = BB2025.league_casualty_table()
    assert table is not None
    assert table.name == "bb2025"


@pytest.mark.parametrize(
    ("d16", "result"),
    [
        (8, CasualtyResult.BADLY_HURT),
        (9, CasualtyResult.SERIOUSLY_HURT),
        (10, CasualtyResult.SERIOUSLY_HURT),
        (11, CasualtyResult.SERIOUS_INJURY),
        (14, CasualtyResult.LASTING_INJURY),
        (15, CasualtyResult.DEAD),
    ],
)
def test_the_casualty_table(d16: int, result: CasualtyResult) -> None:
    lasting = 1 if result is CasualtyResult.LASTING_INJURY else None
    assert casualty_from_roll("bb2025", d16, lasting).result is result


def test_it_agrees_with_the_match() -> None:
    table = BB2025.league_casualty_table()
    assert table is not None
    for d16 in range(1, 17):
        assert table.row(d16).result.value == BB2025.casualty_table[d16]
    for d6 in range(1, 7):
        row = table.lasting(d6)
        name, char = BB2025.lasting_injury[d6]
        assert (row.injury.lower().replace(" ", "_"), row.reduction.value.lower()) == (
            name,
            char,
        )


def test_a_dislocated_hip_costs_one_ag() -> None:
    outcome = casualty_from_roll("bb2025", 13, 5)
    assert (outcome.injury, dict(outcome.reductions)) == (
        "Dislocated Hip",
        {Characteristic.AG: 1},
    )
    player = PlayerState(1, ma=6, st=3, ag=3, pa=4, av=9)
    after = apply_casualty(player, outcome)
    assert (after.ag, after.mng) == (4, True)


def test_at_its_minimum_only_the_next_game_is_missed() -> None:
    """A result on a characteristic at its minimum is a Seriously Hurt:
    no reduction, the next game missed."""
    player = PlayerState(1, ma=6, st=3, ag=6, pa=4, av=9)
    after = apply_casualty(player, casualty_from_roll("bb2025", 13, 5))
    assert (after.ag, after.mng, after.niggling) == (6, True, 0)
