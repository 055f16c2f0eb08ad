"""Shared helpers for the campaign rule tests."""

from __future__ import annotations

import pytest

from engine.campaign import PlayerState
from engine.core.rules_data import RulesData, rules_data


@pytest.fixture
def data() -> RulesData:
    return rules_data("bb2020")


def human_lineman(**changes: object) -> PlayerState:
    """Human Lineman: MA6 ST3 AG3+ PA4+ AV9+, G primary, A S secondary, 50K."""
    from dataclasses import replace

    player = PlayerState.from_position(
        1, rules_data().rosters["human"].position("human-lineman")
    )
    return replace(player, **changes)  # type: ignore[arg-type]
