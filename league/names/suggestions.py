"""Suggested player names for a draft, drawn from the name book that ships
with Dugout (``names.json``: lists of names by race, which list suits each
roster or team card, and which positions take another list: a Troll on an
Orc team gets a Troll's name).

Suggestions never repeat within a team, nor repeat a name the coach has
already typed (names compare without regard to case).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

NAMES_FILE = Path(__file__).with_name("names.json")
# Decision: a roster the book does not name (a house roster added later)
# draws from the Human list rather than suggesting nothing.
FALLBACK_FAMILY = "human"
ROMAN = ("II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@dataclass(frozen=True, slots=True)
class NameBook:
    families: dict[str, tuple[str, ...]]
    rosters: dict[str, str]
    # (the words a position's name contains, the family it then draws from)
    positions: tuple[tuple[tuple[str, ...], str], ...]


@cache
def name_book() -> NameBook:
    raw = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    return NameBook(
        families={k: tuple(v) for k, v in raw["families"].items()},
        rosters=dict(raw["rosters"]),
        positions=tuple((tuple(_words(k)), f) for k, f in raw["positions"]),
    )


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z]+", text.lower()) if w]


def _contains(words: list[str], key: tuple[str, ...]) -> bool:
    n = len(key)
    return any(tuple(words[i : i + n]) == key for i in range(len(words) - n + 1))


def roster_family(roster: str) -> str | None:
    """The name list of a roster or team card (a card's slug is read with
    '-' for '_'), None if the book has none for it."""
    return name_book().rosters.get(roster.replace("_", "-"))


def name_family(roster: str, position: str) -> str:
    """The name list a player of ``position`` (a slug or a name) draws from
    on a team of ``roster``."""
    words = _words(position)
    for key, family in name_book().positions:
        if _contains(words, key):
            return family
    return roster_family(roster) or FALLBACK_FAMILY


def names_suggest(
    roster: str,
    positions: Sequence[str],
    *,
    rng: random.Random,
    taken: Iterable[str] = (),
) -> list[str]:
    """One name for each of ``positions`` (in order), none repeated and none
    of ``taken``. A list drawn dry (more players of one kind than it has
    names) goes on with its names numbered: "Lunk II"."""
    book = name_book()
    used = {t.strip().casefold() for t in taken if t.strip()}
    pools: dict[str, list[str]] = {}
    out: list[str] = []
    for position in positions:
        family = name_family(roster, position)
        if family not in pools:
            pools[family] = list(book.families[family])
            rng.shuffle(pools[family])
        pool = pools[family]
        name = next((n for n in pool if n.casefold() not in used), None)
        if name is None:
            name = next(
                f"{n} {numeral}"
                for numeral in ROMAN
                for n in book.families[family]
                if f"{n} {numeral}".casefold() not in used
            )
        else:
            pool.remove(name)
        used.add(name.casefold())
        out.append(name)
    return out
