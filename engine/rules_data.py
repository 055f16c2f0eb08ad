"""Rules data: rosters, skills and special rules, loaded from versioned files.

The files live in ``engine/data/<version>/`` (JSON, transcribed from the
rulebooks). They are read once per version and turned into frozen
dataclasses; both the engine and the Django apps read them through
:func:`rules_data`. A league pins the version it was created with, so a later
data revision never changes a running league.

>>> data = rules_data("bb2020")
>>> data.rosters["orc"].position("blitzer").cost
80000
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"
DEFAULT_VERSION = "bb2020"
SKILL_CATEGORIES = (
    "general",
    "agility",
    "passing",
    "strength",
    "mutation",
    "trait",
    "extraordinary",
)
CATEGORY_LETTERS = {
    "G": "general",
    "A": "agility",
    "P": "passing",
    "S": "strength",
    "M": "mutation",
}


class RulesDataError(ValueError):
    """A rules-data file is missing, malformed or inconsistent."""


@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill or trait a position starts with, with its parameter if any
    ("+1" for Mighty Blow (+1), "4+" for Loner (4+), "All" for Animosity)."""

    skill: str
    param: str | None = None

    def label(self, skills: dict[str, Skill] | None = None) -> str:
        name = skills[self.skill].name if skills else self.skill
        return f"{name} ({self.param})" if self.param else name


@dataclass(frozen=True, slots=True)
class Skill:
    """One entry of the skills and traits catalogue."""

    slug: str
    name: str
    category: str
    param: str | None
    compulsory: bool
    description: str


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A regional or team special rule ("Badlands Brawl", "Low Cost Linemen")."""

    slug: str
    name: str
    kind: str
    description: str


@dataclass(frozen=True, slots=True)
class Position:
    """A roster position: characteristics are target numbers (AG 3+ is 3);
    ``pa`` is None for players who cannot pass (PA "-")."""

    slug: str
    name: str
    max: int
    lineman: bool
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    cost: int

    def has_skill(self, slug: str) -> bool:
        return any(ref.skill == slug for ref in self.skills)


@dataclass(frozen=True, slots=True)
class PricedItem:
    """A star player or inducement a roster lists, with its price."""

    name: str
    cost: int


@dataclass(frozen=True, slots=True)
class Roster:
    """A team roster: positions, staff prices, re-roll cost and special rules."""

    slug: str
    name: str
    tier: int
    reroll_cost: int
    apothecary: bool
    staff: dict[str, int | None]
    special_rules: tuple[str, ...]
    positions: tuple[Position, ...]
    star_players: tuple[PricedItem, ...]
    inducements: tuple[PricedItem, ...]

    def position(self, slug: str) -> Position:
        for position in self.positions:
            if position.slug == slug:
                return position
        raise KeyError(slug)

    @property
    def lineman_positions(self) -> tuple[Position, ...]:
        return tuple(p for p in self.positions if p.lineman)


@dataclass(frozen=True, slots=True)
class RulesData:
    """Every rules table of one data version."""

    version: str
    rosters: dict[str, Roster]
    skills: dict[str, Skill]
    special_rules: dict[str, SpecialRule]
    random_skill_table: dict[str, tuple[str, ...]]


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesDataError(f"cannot read {path}: {exc}") from exc


def _position(raw: dict[str, Any]) -> Position:
    return Position(
        slug=raw["slug"],
        name=raw["name"],
        max=int(raw["max"]),
        lineman=bool(raw["lineman"]),
        ma=int(raw["ma"]),
        st=int(raw["st"]),
        ag=int(raw["ag"]),
        pa=None if raw["pa"] is None else int(raw["pa"]),
        av=int(raw["av"]),
        skills=tuple(SkillRef(s["skill"], s.get("param")) for s in raw["skills"]),
        primary=tuple(raw["primary"]),
        secondary=tuple(raw["secondary"]),
        cost=int(raw["cost"]),
    )


def _roster(raw: dict[str, Any]) -> Roster:
    return Roster(
        slug=raw["slug"],
        name=raw["name"],
        tier=int(raw["tier"]),
        reroll_cost=int(raw["reroll_cost"]),
        apothecary=bool(raw["apothecary"]),
        staff=dict(raw["staff"]),
        special_rules=tuple(raw["special_rules"]),
        positions=tuple(_position(p) for p in raw["positions"]),
        star_players=tuple(
            PricedItem(s["name"], int(s["cost"])) for s in raw["star_players"]
        ),
        inducements=tuple(
            PricedItem(i["name"], int(i["cost"])) for i in raw["inducements"]
        ),
    )


def available_versions() -> tuple[str, ...]:
    return tuple(
        sorted(p.name for p in DATA_DIR.iterdir() if (p / "skills.json").exists())
    )


@cache
def rules_data(version: str = DEFAULT_VERSION) -> RulesData:
    """Load (once) and return the rules data of ``version``."""
    base = DATA_DIR / version
    if not (base / "skills.json").exists():
        raise RulesDataError(f"unknown rules-data version {version!r}")
    skills_raw = _read(base / "skills.json")
    skills = {
        s["slug"]: Skill(
            slug=s["slug"],
            name=s["name"],
            category=s["category"],
            param=s.get("param"),
            compulsory=bool(s.get("compulsory", False)),
            description=s["description"],
        )
        for s in skills_raw["skills"]
    }
    rules_raw = _read(base / "special_rules.json")
    special_rules = {
        r["slug"]: SpecialRule(r["slug"], r["name"], r["kind"], r["description"])
        for r in rules_raw["special_rules"]
    }
    rosters: dict[str, Roster] = {}
    for path in sorted((base / "rosters").glob("*.json")):
        roster = _roster(_read(path))
        if roster.slug != path.stem:
            raise RulesDataError(f"{path.name}: slug {roster.slug!r} != file name")
        rosters[roster.slug] = roster
    table = {k: tuple(v) for k, v in skills_raw["random_table"].items()}
    return RulesData(version, rosters, skills, special_rules, table)
