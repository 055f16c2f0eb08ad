"""Blitz Bowl's data: the 23 team cards, the 30 abilities, the Challenge and
Bonus Play deck, the Random Events, the arenas and balls, and the board.

Everything is read once from ``engine/data/blitz_bowl/*.json`` (transcribed
from ``shared/rules/bb2020/blitz_bowl/``; the numbers the text does not give
are Dugout's decisions, recorded in the files' ``_decisions``) into frozen
dataclasses, and checked as it is read: a malformed file raises
:class:`BlitzDataError` naming the file and the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import RuleError

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "blitz_bowl"

# Challenge Cards score at most this many points each (rulebook "Scoring
# Points": 1 to 3).
MAX_CARD_POINTS = 3


class BlitzDataError(RuleError):
    """A Blitz Bowl data file is missing or breaks its own rules."""


@dataclass(frozen=True, slots=True)
class Position:
    """One line of a team card. ``move`` is None for "D6" (rolled for each
    Run Action); ``throw`` and ``armour`` are None for "-" (never takes
    possession of a ball; fails every Armour Check)."""

    name: str
    count: int
    move: int | None
    block: int
    throw: int | None
    armour: int | None
    abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamCard:
    slug: str
    name: str
    players: int
    emergency_reserves: int
    counts_source: str  # "text" or "decision"
    positions: tuple[Position, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    slug: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Challenge:
    slug: str
    name: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class BonusPlay:
    slug: str
    name: str
    timing: str
    interrupt: bool
    text: str


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One of the 26 double-sided cards: a Challenge on the face, a Bonus
    Play on the back."""

    number: int
    challenge: Challenge
    bonus_play: BonusPlay


@dataclass(frozen=True, slots=True)
class RandomEvent:
    slug: str
    name: str
    copies: int
    text: str


@dataclass(frozen=True, slots=True)
class Arena:
    d8: int
    slug: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class SpecialBall:
    slug: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class BoardSide:
    slug: str
    name: str
    text: str
    trapdoors: tuple[tuple[int, int], ...]
    blocked: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class BoardSpec:
    length: int
    width: int
    short_range: int
    long_range: int
    bounce_chart: tuple[tuple[int, int], ...]
    sides: dict[str, BoardSide]


@dataclass(frozen=True, slots=True)
class Cards:
    challenges: dict[str, Challenge]
    bonus_plays: dict[str, BonusPlay]
    deck: tuple[DeckCard, ...]
    random_events: dict[str, RandomEvent]
    random_events_in_deck: int
    arenas: tuple[Arena, ...]
    balls: dict[str, SpecialBall]
    rookies_text: str


def _read(name: str) -> Any:
    path = DATA_DIR / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise BlitzDataError(f"{path.name}: {exc}") from exc


def _check(ok: bool, file: str, message: str) -> None:
    if not ok:
        raise BlitzDataError(f"{file}: {message}")


@cache
def abilities() -> dict[str, Ability]:
    raw = _read("abilities.json")["abilities"]
    return {k: Ability(k, v["name"], v["text"]) for k, v in raw.items()}


def _position(raw: dict[str, Any]) -> Position:
    move = raw["move"]
    return Position(
        name=raw["name"],
        count=int(raw["count"]),
        move=None if move == "D6" else int(move),
        block=int(raw["block"]),
        throw=None if raw["throw"] is None else int(raw["throw"]),
        armour=None if raw["armour"] is None else int(raw["armour"]),
        abilities=tuple(raw["abilities"]),
    )


@cache
def teams() -> dict[str, TeamCard]:
    """The 23 team cards by slug, in the order of the cards."""
    known = abilities()
    out: dict[str, TeamCard] = {}
    for raw in _read("teams.json")["teams"]:
        positions = tuple(_position(p) for p in raw["positions"])
        team = TeamCard(
            slug=raw["slug"],
            name=raw["name"],
            players=int(raw["players"]),
            emergency_reserves=int(raw["emergency_reserves"]),
            counts_source=raw["counts_source"],
            positions=positions,
        )
        f = "teams.json"
        _check(team.slug not in out, f, f"{team.slug} twice")
        _check(
            sum(p.count for p in positions) == team.players,
            f,
            f"{team.slug}: the position counts do not add up to {team.players}",
        )
        for p in positions:
            _check(p.count >= 1, f, f"{team.slug} {p.name}: count below 1")
            for a in p.abilities:
                _check(a in known, f, f"{team.slug} {p.name}: unknown ability {a}")
        out[team.slug] = team
    return out


@cache
def cards() -> Cards:
    raw = _read("cards.json")
    f = "cards.json"
    challenges = {
        k: Challenge(k, v["name"], int(v["points"]), v["text"])
        for k, v in raw["challenges"].items()
    }
    bonus = {
        k: BonusPlay(k, v["name"], v["timing"], bool(v["interrupt"]), v["text"])
        for k, v in raw["bonus_plays"].items()
    }
    deck = []
    for entry in raw["deck"]:
        _check(entry["challenge"] in challenges, f, f"card {entry['card']}: challenge")
        _check(entry["bonus_play"] in bonus, f, f"card {entry['card']}: bonus play")
        deck.append(
            DeckCard(
                int(entry["card"]),
                challenges[entry["challenge"]],
                bonus[entry["bonus_play"]],
            )
        )
    for c in challenges.values():
        _check(1 <= c.points <= MAX_CARD_POINTS, f, f"{c.slug}: points")
    events = {
        k: RandomEvent(k, v["name"], int(v["copies"]), v["text"])
        for k, v in raw["random_events"].items()
    }
    arenas = tuple(
        Arena(int(a["d8"]), a["slug"], a["name"], a["text"]) for a in raw["arenas"]
    )
    _check([a.d8 for a in arenas] == list(range(1, 9)), f, "arenas must be D8 1-8")
    balls = {k: SpecialBall(k, v["name"], v["text"]) for k, v in raw["balls"].items()}
    return Cards(
        challenges=challenges,
        bonus_plays=bonus,
        deck=tuple(deck),
        random_events=events,
        random_events_in_deck=int(raw["random_events_in_deck"]),
        arenas=arenas,
        balls=balls,
        rookies_text=raw["rookies_to_watch"]["text"],
    )


@cache
def board_spec() -> BoardSpec:
    raw = _read("boards.json")
    f = "boards.json"
    length, width = int(raw["length"]), int(raw["width"])
    sides: dict[str, BoardSide] = {}
    for slug, s in raw["sides"].items():
        side = BoardSide(
            slug=slug,
            name=s["name"],
            text=s["text"],
            trapdoors=tuple((int(x), int(y)) for x, y in s["trapdoors"]),
            blocked=tuple((int(x), int(y)) for x, y in s["blocked"]),
        )
        for x, y in side.trapdoors + side.blocked:
            _check(
                0 <= x < length and 0 <= y < width,
                f,
                f"{slug}: ({x},{y}) off the board",
            )
            _check(0 < x < length - 1, f, f"{slug}: ({x},{y}) in an End Zone")
        _check(side.trapdoors != (), f, f"{slug}: no Trapdoor")
        _check(
            not set(side.trapdoors) & set(side.blocked),
            f,
            f"{slug}: a Trapdoor is blocked",
        )
        sides[slug] = side
    chart = tuple((int(dx), int(dy)) for dx, dy in raw["bounce_chart"])
    _check(len(set(chart)) == 8 and (0, 0) not in chart, f, "bounce chart")
    return BoardSpec(
        length=length,
        width=width,
        short_range=int(raw["ruler"]["short"]),
        long_range=int(raw["ruler"]["long"]),
        bounce_chart=chart,
        sides=sides,
    )
