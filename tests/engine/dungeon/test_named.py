"""The layouts kept as data (engine/data/dungeon_bowl/layouts/)."""

from __future__ import annotations

import pytest

from engine.dungeon.layout import named_layout, named_layouts
from engine.dungeon.validate import violations


def test_there_are_three() -> None:
    assert named_layouts() == ("crossroads", "long_haul", "warren")


@pytest.mark.parametrize("slug", ["crossroads", "long_haul", "warren"])
def test_each_is_legal(slug: str) -> None:
    layout = named_layout(slug)
    assert layout.name
    assert violations(layout) == []
