"""Print a Dungeon Bowl dungeon as text, and optionally write it as a PNG
(standard library only: zlib + struct).

    python -m engine.dungeon.show --seed N [--png out.png]
    python -m engine.dungeon.show --layout engine/data/dungeon_bowl/layouts/x.json

Text legend: ``#`` wall (blank where no floor is near), ``.`` corridor
floor, ``+`` door, a room's letter on its floor (``ROOM_LETTERS``), ``<`` and
``>`` the first and second End Zone, ``%`` an impassable feature, ``~`` the
Fiery Chasm, ``=`` its rope bridge, ``$`` a Chest, ``1``-``6`` the Portals.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zlib
from pathlib import Path

from engine.dungeon.generate import generate
from engine.dungeon.layout import Dungeon, Layout, text_rows
from engine.dungeon.validate import violations

COLOURS = {
    " ": (40, 40, 48),
    "#": (70, 66, 60),
    ".": (200, 190, 170),
    "+": (150, 110, 60),
    "<": (255, 255, 255),
    ">": (0, 0, 0),
    "%": (40, 40, 40),
    "~": (240, 110, 20),
    "=": (140, 90, 40),
    "$": (240, 200, 40),
}
PORTAL_COLOUR = (160, 60, 220)
ROOM_COLOUR = (150, 175, 140)
# Each room a shade of its own; the End Zones are white (first) and black.
ROOM_COLOURS = {
    "A": (120, 130, 150),
    "B": (230, 160, 200),
    "C": (120, 70, 120),
    "W": (70, 130, 190),
    "J": (140, 110, 90),
    "K": (200, 150, 80),
    "S": (90, 120, 60),
    "T": (230, 190, 60),
    "I": (170, 60, 60),
    "R": (110, 110, 110),
    "D": (60, 160, 110),
    "H": (200, 80, 30),
}


def crop(rows: list[str]) -> list[str]:
    """``rows`` without the blank margin around the dungeon."""
    kept = [r for r in rows if r.strip()]
    if not kept:
        return []
    first = next(i for i, r in enumerate(rows) if r.strip())
    last = max(i for i, r in enumerate(rows) if r.strip())
    left = min(len(r) - len(r.lstrip()) for r in kept)
    return [r[left:] for r in rows[first : last + 1]]


def side_by_side(blocks: list[list[str]], gap: int = 3) -> list[str]:
    """Pictures next to each other, ``gap`` blank columns apart."""
    height = max((len(b) for b in blocks), default=0)
    out = [""] * height
    for n, block in enumerate(blocks):
        width = max((len(r) for r in block), default=0)
        for y in range(height):
            row = block[y] if y < len(block) else ""
            out[y] += row.ljust(width) + (" " * gap if n < len(blocks) - 1 else "")
    return out


def colour(ch: str) -> tuple[int, int, int]:
    if ch.isdigit():
        return PORTAL_COLOUR
    if ch in COLOURS:
        return COLOURS[ch]
    return ROOM_COLOURS.get(ch, ROOM_COLOUR)


def png(rows: list[str], scale: int = 8) -> bytes:
    """The text rows as a PNG, ``scale`` pixels a square (8-bit RGB)."""
    width = max(len(r) for r in rows)
    raw = bytearray()
    for row in rows:
        line = bytearray()
        for ch in row.ljust(width):
            line += bytes(colour(ch)) * scale
        for _ in range(scale):
            raw += b"\x00" + line
    w, h = width * scale, len(rows) * scale

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Show a Dungeon Bowl dungeon.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--seed", type=int, action="append", help="generate (repeatable)"
    )
    group.add_argument("--layout", type=Path, help="a layout JSON file")
    parser.add_argument("--png", type=Path, help="also write a PNG here")
    parser.add_argument("--json", action="store_true", help="print the layout JSON")
    args = parser.parse_args(argv)

    if args.layout:
        layouts = [Layout.from_dict(json.loads(args.layout.read_text()))]
    else:
        layouts = [generate(seed) for seed in args.seed]
    blocks: list[list[str]] = []
    for layout in layouts:
        if args.json:
            print(json.dumps(layout.to_dict()))
            continue
        board = Dungeon(layout)
        found = violations(layout)
        print(
            f"{layout.name or 'layout'}: {len(layout.tiles)} tiles, "
            f"{'legal' if not found else f'{len(found)} violations'}"
        )
        for v in found:
            print(f"  {v.code}: {v.message} {v.where or ''}")
        these = crop(text_rows(board))
        print("\n".join(these))
        blocks.append(these)
    if args.png:
        args.png.write_bytes(png(side_by_side(blocks)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
