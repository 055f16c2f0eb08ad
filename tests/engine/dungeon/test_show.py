"""The text and PNG pictures (engine/dungeon/show.py)."""

from __future__ import annotations

import struct
import zlib

from engine.dungeon.layout import Dungeon
from engine.dungeon.show import crop, main, png, text_rows

from .helpers import crossroads


def test_text_marks_rooms_pieces_and_end_zones() -> None:
    rows = text_rows(Dungeon(crossroads()))
    assert rows[4][22] == "$"  # the Idol's Chest
    assert rows[18][12] == "4"  # Portal 4
    assert rows[17][21] == "+"  # a door
    assert rows[15][23] == "A"  # the Armoury
    assert rows[7][24] == "%"  # the Idol's statue
    assert rows[43][8] == "<"
    assert rows[15][64] == ">"
    assert rows[17][9] == "."  # corridor floor


def test_crop_drops_the_margin() -> None:
    assert crop(["", "  #.#", "   #", ""]) == ["#.#", " #"]


def test_png_is_a_png() -> None:
    data = png(["#.", "$1"], scale=2)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (4, 4)
    # IDAT: 4 rows of a filter byte and 4 RGB pixels.
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8 : start - 4])[0]
    raw = zlib.decompress(data[start : start + length])
    assert len(raw) == 4 * (1 + 4 * 3)


def test_the_command_line(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "d.png"
    assert main(["--seed", "1", "--png", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seed 1: ")
    assert "legal" in text
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_side_by_side() -> None:
    from engine.dungeon.show import side_by_side

    # Each block padded to its own width (2, then 1), one blank between.
    assert side_by_side([["ab", "c"], ["d"]], gap=1) == ["ab d", "c   "]
