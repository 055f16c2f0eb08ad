"""Words meant for developers that no line a person reads may contain: ids,
placeholders, format codes, snake_case codes and slugs, ISO stamps, Python
values and reprs, a caption that could not read its event."""

from __future__ import annotations

import re
from functools import cache

from engine.core.rules_data import rules_data
from engine.variants import variants
from engine.variants.bb2020 import KICKOFF_TABLE, PRAYERS, WEATHER_TABLE
from engine.variants.classic import KICKOFF_TABLE as CLASSIC_KICKOFF_TABLE
from engine.variants.dungeon_bowl.colleges import colleges

PATTERNS = (
    (re.compile(r"\bids?\b", re.IGNORECASE), "an id"),
    (re.compile(r"\(details\)"), "a placeholder"),
    (re.compile(r"\b\w+_\w+\b"), "a snake_case code"),
    (re.compile(r"\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d"), "an ISO stamp"),
    (re.compile(r"\b(None|True|False|nan)\b"), "a Python value"),
    (re.compile(r"[{}\[\]]|object at 0x|<\w"), "a Python repr"),
    (re.compile(r"could not be read"), "an event its caption could not read"),
)
SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


@cache
def codes() -> frozenset[str]:
    """The codes of formats, and the hyphenated slugs of skills, rosters,
    positions, Star Players and Colleges: never words of a caption."""
    found = set(variants()) | {"dungeon_bowl"}
    for version in ("bb2020", "dungeon_bowl"):
        data = rules_data(version)
        found |= set(data.skills) | set(data.rosters) | set(data.star_players)
        for roster in data.rosters.values():
            found |= {p.slug for p in roster.positions}
    for college in colleges().values():
        found |= {college.slug, *(p.slug for p in college.positions)}
    return frozenset(found)


@cache
def coded_names() -> frozenset[str]:
    """Table results the engine stores as codes of several words, in the
    code's own words ("iron man", "pouring rain", "badly hurt"): a caption
    names them as their table does ("Iron Man") instead."""
    tables = (*KICKOFF_TABLE, *CLASSIC_KICKOFF_TABLE, *WEATHER_TABLE, *PRAYERS)
    injuries = ("badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury")
    return frozenset(
        code.replace("_", " ") for code in (*tables, *injuries) if "_" in code
    )


def developer_words(text: str, *, table_codes: bool = True) -> list[str]:
    """What in ``text`` is meant for developers (empty: a coach's words).
    ``table_codes``: also the Blood Bowl tables' codes in words (Blitz
    Bowl's captions use such words as plain English: "the pitch invasion")."""
    found = [
        f"{what}: {m.group(0)!r}"
        for pattern, what in PATTERNS
        for m in pattern.finditer(text)
    ]
    found += [
        f"a code: {word!r}"
        for word in re.findall(r"\b[a-z0-9]+(?:-[a-z0-9]+)*\b", text)
        if word in codes() and (SLUG.fullmatch(word) or word in FORMAT_CODES)
    ]
    if table_codes:
        found += [f"a code in words: {w!r}" for w in coded_names() if w in text]
    return found


FORMAT_CODES = frozenset({"bb2020", "sevens", "classic", "dungeon-bowl", "blitz-bowl"})
