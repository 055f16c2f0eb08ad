"""A seeded Dungeon Bowl dungeon generator.

``generate(seed)`` grows a dungeon from the box's tiles (a random choice of
at least 4 corridors, 3 square rooms and 1 large room, within the
inventory), joining every open edge that meets another with a door, puts
the two End Zones as far apart as the dungeon allows (any of the farthest
pairs), then deploys the Chests and the Portals by the rulebook's
alternating procedure (set-up.md; digest B3): a D6 roll-off (ties rolled
again), the higher roller places the first Chest and the coaches alternate;
then Portals 1 to 6 in order, the lower roller first, alternating. Which
square each coach takes is asked of ``chooser`` (bots choose; the default
picks at random with the generator's own ``random.Random``).

The result is legal by construction and checked: ``generate`` never
returns a layout that ``validate.violations`` rejects.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core.errors import RuleError
from engine.dungeon.layout import Door, Dungeon, Layout, Placed, door_on
from engine.dungeon.tiles import OPPOSITE, SIDE_STEP, tile_set
from engine.dungeon.validate import (
    CHESTS,
    PORTALS,
    chest_options,
    end_zone_slots,
    farthest_pairs,
    portal_options,
    required_doors,
    slot_distance_table,
    violations,
)

# Decision: the generator works in 9 x 7 cells (64 x 50 squares), inside
# tiles.json's 10 x 8 bound; it leaves room around a dungeon for the End
# Zones.
COLS = 9
ROWS = 7
ATTEMPTS = 200

# chooser(kind, coach, legal squares, board) -> the chosen square; kind is
# "chest" or "portal"; the board shows the pieces already deployed.
Chooser = Callable[[str, int, tuple[int, ...], Dungeon], int]


class GenerationError(RuleError):
    """No legal dungeon came out of a seed within ``ATTEMPTS`` tries."""


def random_chooser(rng: random.Random) -> Chooser:
    def choose(kind: str, coach: int, options: tuple[int, ...], board: Dungeon) -> int:
        return options[rng.randrange(len(options))]

    return choose


def _bag(rng: random.Random) -> list[str]:
    """The tiles to lay: at least the rule minimums, at most the box."""
    sets = tile_set()
    small = sorted(t.slug for t in sets.tiles.values() if t.kind == "small_room")
    large = sorted(t.slug for t in sets.tiles.values() if t.kind == "large_room")
    corridors: list[str] = []
    while len(corridors) < 4:
        corridors = (
            ["corridor_long"] * rng.randint(1, 4)
            + ["corridor_t"] * rng.randint(0, 2)
            + ["corridor_l"] * rng.randint(0, 2)
        )
    return (
        corridors
        + rng.sample(small, rng.randint(3, 4))
        + rng.sample(large, rng.randint(1, 2))
    )


def _fits(placed: Placed, taken: set[tuple[int, int]]) -> bool:
    return all(
        0 <= cx < COLS and 0 <= cy < ROWS and (cx, cy) not in taken
        for cx, cy in placed.cells()
    )


def _grow(rng: random.Random) -> list[Placed] | None:
    sets = tile_set()
    bag = _bag(rng)
    rng.shuffle(bag)
    first = bag.pop()
    rot = rng.randrange(4)
    start = Placed(first, COLS // 2 - 1 + rng.randint(-1, 1), ROWS // 2 - 1, rot)
    taken: set[tuple[int, int]] = set()
    if not _fits(start, taken):
        return None
    placed = [start]
    taken.update(start.cells())
    for slug in bag:
        frontier = []
        for p in placed:
            for cx, cy, side in p.exits():
                dx, dy = SIDE_STEP[side]
                cell = (cx + dx, cy + dy)
                if 0 <= cell[0] < COLS and 0 <= cell[1] < ROWS and cell not in taken:
                    frontier.append((cell, OPPOSITE[side]))
        rng.shuffle(frontier)
        tile = sets.tiles[slug]
        options = []
        for (tcx, tcy), need in frontier:
            for rot in range(4):
                for ex, ey, side in tile.shapes[rot].exits:
                    if side != need:
                        continue
                    cand = Placed(slug, tcx - ex, tcy - ey, rot)
                    if _fits(cand, taken):
                        options.append(cand)
            if options:
                break
        if not options:
            continue
        choice = options[rng.randrange(len(options))]
        placed.append(choice)
        taken.update(choice.cells())
    return placed


def _doors(cols: int, rows: int, tiles: tuple[Placed, ...]) -> tuple[Door, ...]:
    layout = Layout(cols, rows, tiles)
    out = []
    for cx, cy, axis in sorted(required_doors(layout)):
        out.append(door_on(cx, cy, "N" if axis == "h" else "W"))
    return tuple(out)


def deploy(
    layout: Layout, rng: random.Random, chooser: Chooser | None = None
) -> Layout | None:
    """``layout`` with its six Chests and six Portals deployed by the
    rulebook's alternating procedure, or None when a coach is left with no
    legal square."""
    choose = chooser or random_chooser(rng)
    rolls = (0, 0)
    while rolls[0] == rolls[1]:
        rolls = (rng.randint(1, 6), rng.randint(1, 6))
    high = 0 if rolls[0] > rolls[1] else 1
    board = Dungeon(layout)
    chests: list[int] = []
    for i in range(CHESTS):
        coach = high if i % 2 == 0 else 1 - high
        options = chest_options(board, tuple(chests))
        if not options:
            return None
        sq = choose("chest", coach, options, board)
        if sq not in options:
            raise RuleError(f"coach {coach} chose an illegal Chest square {sq}")
        chests.append(sq)
        board.chest[sq] = True
    portals: list[int] = []
    for i in range(PORTALS):
        coach = 1 - high if i % 2 == 0 else high
        options = portal_options(board, tuple(chests), tuple(portals))
        if not options:
            return None
        sq = choose("portal", coach, options, board)
        if sq not in options:
            raise RuleError(f"coach {coach} chose an illegal Portal square {sq}")
        portals.append(sq)
        board.portal[sq] = i + 1
    return Layout(
        layout.cols,
        layout.rows,
        layout.tiles,
        layout.doors,
        tuple(board.xy(sq) for sq in chests),
        tuple(board.xy(sq) for sq in portals),
        layout.name,
    )


def _attempt(rng: random.Random, chooser: Chooser | None) -> Layout | None:
    tiles = _grow(rng)
    if tiles is None:
        return None
    base = Layout(COLS, ROWS, tuple(tiles), _doors(COLS, ROWS, tuple(tiles)))
    board = Dungeon(base)
    slots = end_zone_slots(base, board)
    table = slot_distance_table(board, slots)
    best, pairs = farthest_pairs(slots, table)
    if best < 0:
        return None
    i, j = pairs[rng.randrange(len(pairs))]
    if rng.random() < 0.5:
        i, j = j, i
    full = (*tiles, slots[i].placed(), slots[j].placed())
    built = Layout(COLS, ROWS, full, _doors(COLS, ROWS, full))
    undeployed = {"chest_count", "portal_count"}
    if any(v.code not in undeployed for v in violations(built)):
        return None  # too few pieces laid (the minimums), or the like
    return deploy(built, rng, chooser)


def generate(seed: int, chooser: Chooser | None = None) -> Layout:
    """A legal, seeded dungeon (the same seed, the same dungeon)."""
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        layout = _attempt(rng, chooser)
        if layout is not None:
            found = violations(layout)
            if found:
                raise GenerationError(f"seed {seed}: generated {found[0].message}")
            return Layout(
                layout.cols,
                layout.rows,
                layout.tiles,
                layout.doors,
                layout.chests,
                layout.portals,
                name=f"seed {seed}",
            )
    raise GenerationError(f"seed {seed}: no legal dungeon in {ATTEMPTS} attempts")
