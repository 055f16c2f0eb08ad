"""The seeded generator (engine/dungeon/generate.py): every layout passes
the validator; the same seed gives the same dungeon; layouts vary.

DUNGEON_SEEDS sets how many seeds (200 here; `make dungeon-fuzz` runs
10,000)."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from engine.dungeon.generate import generate
from engine.dungeon.tiles import tile_set
from engine.dungeon.validate import violations

SEEDS = int(os.environ.get("DUNGEON_SEEDS", "200"))
CHUNKS = 8


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_generated_dungeon_is_legal(chunk: int) -> None:
    for seed in range(chunk, SEEDS, CHUNKS):
        layout = generate(seed)
        assert violations(layout) == [], seed
        assert len(layout.chests) == 6
        assert len(layout.portals) == 6


def test_the_same_seed_the_same_dungeon() -> None:
    assert generate(12345) == generate(12345)
    assert generate(12345) != generate(12346)


@pytest.mark.slow
def test_layouts_vary() -> None:
    layouts = [generate(seed) for seed in range(50)]
    shapes = {layout.tiles for layout in layouts}
    assert len(shapes) == 50
    rooms = Counter(
        tile_set().tiles[p.tile].room for layout in layouts for p in layout.tiles
    )
    # Every one of the 12 rooms is used somewhere in 50 dungeons.
    assert {r for r in rooms if r} == {
        t.room for t in tile_set().tiles.values() if t.room
    }
    sizes = Counter(len(layout.tiles) for layout in layouts)
    assert len(sizes) >= 3  # dungeons of at least three different sizes
    corridors = Counter(
        p.tile
        for layout in layouts
        for p in layout.tiles
        if p.tile.startswith("corridor")
    )
    assert set(corridors) == {"corridor_long", "corridor_t", "corridor_l"}
