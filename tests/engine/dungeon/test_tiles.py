"""Dugout's tile set (engine/data/dungeon_bowl/tiles.json): the box's
pieces (the_game_of_dungeon_bowl.md "Dungeon Bowl Tiles"; digest B1) and
the room features (set-up.md "Dungeon Tile Special Rules"; B10)."""

from __future__ import annotations

from collections import Counter

from engine.dungeon.tiles import _rotate, tile_set


def test_the_twelve_rooms_are_eight_square_and_four_large() -> None:
    tiles = tile_set().tiles.values()
    small = {t.room for t in tiles if t.kind == "small_room"}
    large = {t.room for t in tiles if t.kind == "large_room"}
    assert small == {
        "armoury", "sewer", "kitchen", "cursed_room",
        "forgotten_jail", "treasure_room", "bone_pit", "flooded_room",
    }  # fmt: skip
    assert large == {"chaotic_idol", "fiery_chasm", "dragon_lair", "crypt"}


def test_the_inventory_is_the_box() -> None:
    # 4 long corridors, 2 T-junctions, 2 L-shapes, 4 square-room tiles and
    # 2 large-room tiles (double-sided), 2 End Zones.
    assert tile_set().inventory == {
        "corridor_long": 4, "corridor_t": 2, "corridor_l": 2,
        "small_room": 4, "large_room": 2, "end_zone": 2,
    }  # fmt: skip


def _count(slug: str) -> Counter[str]:
    return Counter("".join(tile_set().tiles[slug].shapes[0].pattern))


def test_room_sizes() -> None:
    # A square room: 6 x 6 floor; a large room: 13 x 6 (two cells and the
    # line between them); an End Zone: 6 x 6 End Zone squares.
    assert _count("armoury") == {".": 36}
    assert _count("end_zone") == {"E": 36}
    assert sum(_count("crypt").values()) == 78


def test_features_have_the_rulebook_sizes() -> None:
    # Idol 2 x 2, Dragon 2 x 2, Crypt two 1 x 2, Fiery Chasm 1 x 4 of which
    # the rope bridge takes one square.
    assert _count("chaotic_idol")["I"] == 4
    assert _count("dragon_lair")["D"] == 4
    assert _count("crypt")["C"] == 4
    chasm = _count("fiery_chasm")
    assert (chasm["X"], chasm["="]) == (3, 1)
    rows = tile_set().tiles["fiery_chasm"].shapes[0].pattern
    column = [r[6] for r in rows]
    assert column == [".", "X", "=", "X", "X", "."]


def test_corridors_are_two_squares_wide() -> None:
    rows = tile_set().tiles["corridor_long"].shapes[0].pattern
    assert [r.count(".") for r in rows] == [0, 0, 13, 13, 0, 0]


def test_four_quarter_turns_come_back() -> None:
    for tile in tile_set().tiles.values():
        first, quarter = tile.shapes[0], tile.shapes[1]
        assert (quarter.cols, quarter.rows) == (first.rows, first.cols)
        # A quarter turn clockwise: the top row read left to right is the
        # first column read bottom to top.
        assert quarter.pattern[0] == "".join(r[0] for r in reversed(first.pattern))
        assert _rotate(tile.shapes[3]) == first


def test_the_t_junction_turns_its_exits() -> None:
    t = tile_set().tiles["corridor_t"]
    assert set(t.shapes[0].exits) == {(0, 0, "W"), (2, 0, "E"), (1, 1, "S")}
    # A quarter turn: W -> N at (1, 0), E -> S at (1, 2), S -> W at (0, 1).
    assert set(t.shapes[1].exits) == {(1, 0, "N"), (1, 2, "S"), (0, 1, "W")}
