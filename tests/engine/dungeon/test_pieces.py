"""Chests and Portals (set-up.md "Setting Up The Game", digest B3): six of
each; not in an End Zone nor in a tile joined to one; one Chest a tile, one
Portal a tile; no Portal within 2 squares of a Chest. Each layout below is
the Crossroads (see test_validate.py for its tiles and pieces) broken in
exactly one way."""

from __future__ import annotations

import random

from engine.dungeon.generate import deploy
from engine.dungeon.layout import Dungeon, Layout
from engine.dungeon.validate import chest_options, portal_options, violations

from .helpers import crossroads, replace


def codes(layout: Layout) -> list[str]:
    return [v.code for v in violations(layout)]


def moved(
    pieces: tuple[tuple[int, int], ...], old: tuple[int, int], new: tuple[int, int]
) -> tuple[tuple[int, int], ...]:
    assert old in pieces
    return tuple(new if p == old else p for p in pieces)


def test_five_chests() -> None:
    layout = crossroads()
    assert codes(replace(layout, chests=layout.chests[1:])) == ["chest_count"]


def test_five_portals() -> None:
    layout = crossroads()
    assert codes(replace(layout, portals=layout.portals[:5])) == ["portal_count"]


def test_a_chest_in_a_wall() -> None:
    # (24, 23) is wall beside tile 6's passage (x 24-25 is the passage... so
    # (23, 23) is its wall).
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (23, 26))
    assert codes(replace(layout, chests=chests)) == ["chest_square"]


def test_a_chest_in_a_doorway() -> None:
    # (24, 21) is the Armoury's south door square: no tile's.
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (24, 21))
    assert codes(replace(layout, chests=chests)) == ["chest_square"]


def test_a_chest_on_a_feature() -> None:
    # The Idol's 2 x 2 statue covers (24..25, 7..8); Portal 5 (23, 9) moves
    # to (23, 13), still in the Idol, 6 rows from the statue.
    layout = crossroads()
    chests = moved(layout.chests, (22, 4), (24, 7))
    portals = moved(layout.portals, (23, 9), (23, 13))
    assert codes(replace(layout, chests=chests, portals=portals)) == ["chest_square"]


def test_a_chest_in_an_end_zone() -> None:
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (66, 19))
    assert codes(replace(layout, chests=chests)) == ["chest_end_zone"]


def test_a_chest_in_a_tile_joined_to_an_end_zone() -> None:
    # The T-junction is joined to the first End Zone; (16, 46) is its floor.
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (16, 46))
    assert codes(replace(layout, chests=chests)) == ["chest_end_zone"]


def test_two_chests_in_one_tile() -> None:
    # Tile 6's Chest moved into tile 2 (x 29..41), which has one at (29, 17):
    # (39, 18) is 10 squares from it and 3 or more from every Portal.
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (39, 18))
    assert codes(replace(layout, chests=chests)) == ["chest_same_tile"]


def test_a_portal_in_a_wall() -> None:
    layout = crossroads()
    portals = moved(layout.portals, (25, 30), (26, 30))
    assert codes(replace(layout, portals=portals)) == ["portal_square"]


def test_a_portal_in_a_tile_joined_to_an_end_zone() -> None:
    # Portal 2 into the T-junction's bar, 20 rows below any Chest.
    layout = crossroads()
    portals = moved(layout.portals, (25, 30), (16, 46))
    assert codes(replace(layout, portals=portals)) == ["portal_end_zone"]


def test_two_portals_in_one_tile() -> None:
    # Portal 2 into tile 0, which holds Portal 4 at (12, 18).
    layout = crossroads()
    portals = moved(layout.portals, (25, 30), (9, 17))
    assert codes(replace(layout, portals=portals)) == ["portal_same_tile"]


def test_a_portal_two_squares_from_a_chest() -> None:
    # Portal 5 to (24, 6): the Idol's Chest is at (22, 4), max(2, 2) = 2.
    layout = crossroads()
    portals = moved(layout.portals, (23, 9), (24, 6))
    assert codes(replace(layout, portals=portals)) == ["portal_near_chest"]


def test_a_portal_three_squares_from_a_chest() -> None:
    # (25, 4): max(3, 0) = 3 from the Chest at (22, 4): allowed.
    layout = crossroads()
    portals = moved(layout.portals, (23, 9), (25, 4))
    assert codes(replace(layout, portals=portals)) == []


def test_a_chest_or_portal_off_the_board() -> None:
    # 10 x 7 cells: 71 x 50 squares.
    layout = crossroads()
    chests = moved(layout.chests, (24, 26), (71, 3))
    assert codes(replace(layout, chests=chests)) == ["off_board"]


def test_the_options_follow_the_restrictions() -> None:
    layout = crossroads()
    board = Dungeon(replace(layout, chests=(), portals=()))
    # The End Zones (tiles 10, 11) and the tiles joined to them (the
    # T-junction 9 and tile 4) take nothing.
    first = chest_options(board, ())
    assert {board.tile[sq] for sq in first} == {0, 1, 2, 3, 5, 6, 7, 8}
    chest = board.square(22, 4)  # the Idol (tile 5)
    assert {board.tile[sq] for sq in chest_options(board, (chest,))} == {
        0,
        1,
        2,
        3,
        6,
        7,
        8,
    }
    # A Portal may share the Idol with its Chest, but not within 2 squares.
    near = portal_options(board, (chest,), ())
    assert board.square(24, 6) not in near
    assert board.square(25, 4) in near
    assert board.square(22, 4) not in near


def test_deployment_alternates_as_the_rulebook_says() -> None:
    # Chests: the higher roller first, then alternating; Portals 1-6: the
    # lower roller first. Dice from random.Random(0): randint(1, 6) twice,
    # again on a tie (its first pair is 4, 4).
    rng = random.Random(0)
    rolls = (rng.randint(1, 6), rng.randint(1, 6))
    assert rolls == (4, 4)
    rolls = (rng.randint(1, 6), rng.randint(1, 6))
    assert rolls[0] != rolls[1]
    high = 0 if rolls[0] > rolls[1] else 1
    seen: list[tuple[str, int]] = []

    def chooser(kind: str, coach: int, options: tuple[int, ...], board: Dungeon) -> int:
        seen.append((kind, coach))
        return options[-1]

    base = replace(crossroads(), chests=(), portals=())
    done = deploy(base, random.Random(0), chooser)
    assert done is not None
    assert violations(done) == []
    low = 1 - high
    assert seen == [
        ("chest", high), ("chest", low), ("chest", high),
        ("chest", low), ("chest", high), ("chest", low),
        ("portal", low), ("portal", high), ("portal", low),
        ("portal", high), ("portal", low), ("portal", high),
    ]  # fmt: skip


def test_an_illegal_choice_is_refused() -> None:
    import pytest

    from engine.core.errors import RuleError

    base = replace(crossroads(), chests=(), portals=())
    with pytest.raises(RuleError):
        deploy(base, random.Random(0), lambda kind, coach, options, board: -5)


def test_no_chest_or_portal_on_the_rope_bridge() -> None:
    from engine.dungeon.layout import Placed

    # Decision (validate.placeable): the Fiery Chasm's bridge (7, 3) takes
    # neither; the floor beside the chasm, (7, 1), does.
    board = Dungeon(Layout(2, 1, (Placed("fiery_chasm", 0, 0, 0),)))
    options = chest_options(board, ())
    assert board.square(7, 3) not in options
    assert board.square(7, 1) in options
    assert board.square(7, 3) not in portal_options(board, (), ())
