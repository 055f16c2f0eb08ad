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
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEFAULT_VERSION = "bb2020"
SKILL_CATEGORIES = (
    "general",
    "agility",
    "passing",
    "strength",
    "mutation",
    "devious",
    "trait",
    "extraordinary",
)
# The letters of a rules-data version that names none of its own (BB2020's).
BASE_CATEGORY_LETTERS = {
    "G": "general",
    "A": "agility",
    "P": "passing",
    "S": "strength",
    "M": "mutation",
}
# Every letter an edition uses: BB2025 adds Devious (its skills.json names it).
CATEGORY_LETTERS = {**BASE_CATEGORY_LETTERS, "D": "devious"}


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
    """One entry of the skills and traits catalogue.

    Editions that label skills say so in ``mode`` ("active": works only while
    Standing and not Distracted; "passive": always) and ``elite`` (an Elite
    Skill costs more value when gained). ``requires_any``: the player must
    already have one of these skills to take it; ``excludes``: skills it can
    never be combined with."""

    slug: str
    name: str
    category: str
    param: str | None
    compulsory: bool
    description: str
    mode: str | None = None
    elite: bool = False
    requires_any: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()


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
    keywords: tuple[str, ...] = ()

    def has_skill(self, slug: str) -> bool:
        return any(ref.skill == slug for ref in self.skills)


@dataclass(frozen=True, slots=True)
class PricedItem:
    """A star player or inducement a roster lists, with its price."""

    name: str
    cost: int


@dataclass(frozen=True, slots=True)
class StarMember:
    """One player of a Star Player hire (a pair has two)."""

    slug: str
    name: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...]
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StarPlayer:
    """One Star Player hire option (inducements_in_detail.md "0-2 Star
    Players"; star_players.md): one fee, one of the two Star Player choices,
    and one roster place per member. ``any_team`` stars play for every team
    except those with a rule in ``except_rules``; the others play for a team
    that has one of ``rules``. ``rule_limit`` is how often the star's own
    special rule may be used: game, half, drive, team-turn, activation or
    none (no limit). ``rule_slug`` names the special rule in the engine: it
    rides on each member's sheet as a skill (:mod:`engine.skills.stars.limits`)."""

    slug: str
    name: str
    cost: int
    any_team: bool
    rules: tuple[str, ...]
    except_rules: tuple[str, ...]
    rule_slug: str
    rule_name: str
    rule_limit: str
    rule_text: str
    members: tuple[StarMember, ...]
    mega_star: bool = False

    def plays_for(self, team_rules: Collection[str]) -> bool:
        """Whether the star plays for a team with these special rules."""
        if self.any_team:
            return not any(r in team_rules for r in self.except_rules)
        return any(r in team_rules for r in self.rules)


@dataclass(frozen=True, slots=True)
class SharedLimit:
    """One quantity line shared by several positions ("0-4 Runners" over a
    Dark Elf Runner, a Gutter Runner and a Woodland Fox: at most four of them
    together). ``slug`` and ``name`` are the line's ("runners", "Runners");
    ``positions`` are the slugs of the positions it covers. A BB2020 roster's
    Big Guy total is one too: its Big Guys are each 0-1 and a footnote caps
    them together ("A Chaos Chosen team may include a single Big Guy")."""

    slug: str
    name: str
    max: int
    positions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    """A team roster: positions, staff prices, re-roll cost and special rules.

    ``special_rule_choice``: the rules of which a team of this roster takes
    exactly one when it is drafted ("Choose either:" in the roster, e.g. a
    Chaos Chosen team's Favoured of ...); they are also listed in
    ``special_rules``, which holds every rule the roster mentions.

    ``shared_limits``: quantity lines that several positions share (the
    Dungeon Bowl Colleges of Magic, a BB2020 or BB2025 roster's "one Big Guy
    in total"); a squad must keep each position within its own ``max`` and each
    shared line within the line's ``max``.

    ``tiers``: the tier by errata where they differ (``tier`` is the one in
    force). ``conditional_rules``: special rules that apply only in a league,
    rule slug -> league slug.
    """

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
    special_rule_choice: tuple[str, ...] = ()
    shared_limits: tuple[SharedLimit, ...] = ()
    tiers: dict[str, int] = field(default_factory=dict)
    conditional_rules: dict[str, str] = field(default_factory=dict)

    def team_rules(self, choice: str | None = None) -> tuple[str, ...]:
        """The special rules a team of this roster has, given the rule it
        chose at the draft (None: not chosen, so none of the options)."""
        if not self.special_rule_choice:
            return self.special_rules
        fixed = tuple(
            r for r in self.special_rules if r not in self.special_rule_choice
        )
        if choice is None or choice not in self.special_rule_choice:
            return fixed
        return (*fixed, choice)

    def position(self, slug: str) -> Position:
        for position in self.positions:
            if position.slug == slug:
                return position
        raise KeyError(slug)

    @property
    def lineman_positions(self) -> tuple[Position, ...]:
        return tuple(p for p in self.positions if p.lineman)


# Positions a team may hold although its roster lacks them, and the roster
# they come from (skills_and_traits.md "Plague Ridden": "a new 'Rotter
# Lineman' player, drawn from the Nurgle roster").
BORROWED_POSITIONS: dict[str, str] = {
    "rotter-lineman": "nurgle",
    "nurgle-rotter": "nurgle",  # BB2025's slug of the same Rotter
}


@dataclass(frozen=True, slots=True)
class RulesData:
    """Every rules table of one data version.

    ``categories``: the skill category letters the rosters use, letter ->
    category. ``tables``: the edition's game and league tables as read from
    ``tables.json`` / ``tables/*.json`` (table name -> plain JSON data)."""

    version: str
    rosters: dict[str, Roster]
    skills: dict[str, Skill]
    special_rules: dict[str, SpecialRule]
    random_skill_table: dict[str, tuple[str, ...]]
    star_players: dict[str, StarPlayer] = field(default_factory=dict)
    categories: dict[str, str] = field(
        default_factory=lambda: dict(BASE_CATEGORY_LETTERS)
    )
    tables: dict[str, Any] = field(default_factory=dict)

    def position_of(self, roster: str, position: str) -> Position:
        """A player's position on a team of ``roster``: the roster's own, or
        one drawn from another roster (:data:`BORROWED_POSITIONS`: the
        Rotter Lineman whom Plague Ridden gives a Favoured of Nurgle team
        comes from the Nurgle roster, with its profile, skills and cost)."""
        try:
            return self.rosters[roster].position(position)
        except KeyError:
            source = BORROWED_POSITIONS.get(position)
            if source is None or source not in self.rosters:
                raise
            return self.rosters[source].position(position)

    def stars_for(self, team_rules: Collection[str]) -> tuple[StarPlayer, ...]:
        """The Star Players who play for a team with these special rules,
        cheapest first."""
        return tuple(
            sorted(
                (s for s in self.star_players.values() if s.plays_for(team_rules)),
                key=lambda s: (s.cost, s.name),
            )
        )


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
        keywords=tuple(raw.get("keywords", ())),
    )


def _lines(raw: dict[str, Any]) -> tuple[list[dict[str, Any]], list[SharedLimit]]:
    """A roster printed as quantity lines (Dungeon Bowl colleges): each line
    has a max, whether its positions are Linemen, and its positions. Every
    position takes its line's max; a line of two or more positions is also a
    shared limit (a line of one position needs none: its max is the
    position's)."""
    positions: list[dict[str, Any]] = []
    shared: list[SharedLimit] = []
    for line in raw["lines"]:
        members = [
            {**p, "max": line["max"], "lineman": line["lineman"]}
            for p in line["positions"]
        ]
        positions += members
        if len(members) > 1:
            shared.append(
                SharedLimit(
                    slug=line["slug"],
                    name=line["name"],
                    max=int(line["max"]),
                    positions=tuple(p["slug"] for p in members),
                )
            )
    return positions, shared


def _roster(raw: dict[str, Any]) -> Roster:
    if "lines" in raw:
        positions, shared = _lines(raw)
    else:
        positions, shared = raw["positions"], []
    shared += [
        SharedLimit(s["slug"], s["name"], int(s["max"]), tuple(s["positions"]))
        for s in raw.get("shared_limits", ())
    ]
    return Roster(
        slug=raw["slug"],
        name=raw["name"],
        tier=int(raw["tier"]),
        reroll_cost=int(raw["reroll_cost"]),
        apothecary=bool(raw["apothecary"]),
        staff=dict(raw["staff"]),
        special_rules=tuple(raw["special_rules"]),
        positions=tuple(_position(p) for p in positions),
        star_players=tuple(
            PricedItem(s["name"], int(s["cost"])) for s in raw["star_players"]
        ),
        inducements=tuple(
            PricedItem(i["name"], int(i["cost"])) for i in raw["inducements"]
        ),
        special_rule_choice=tuple(raw.get("special_rule_choice", ())),
        shared_limits=tuple(shared),
        tiers={k: int(v) for k, v in raw.get("tiers", {}).items()},
        conditional_rules=dict(raw.get("conditional_rules", {})),
    )


def _check_roster(roster: Roster, skills: dict[str, Skill], where: str) -> None:
    """Refuse a roster whose positions repeat, name an unknown skill or share
    a limit with a position it lacks."""
    slugs = [p.slug for p in roster.positions]
    if len(slugs) != len(set(slugs)):
        raise RulesDataError(f"{where}: {roster.slug} repeats a position")
    for limit in roster.shared_limits:
        unknown = set(limit.positions) - set(slugs)
        if unknown:
            raise RulesDataError(
                f"{where}: {roster.slug}/{limit.slug}: unknown positions "
                f"{sorted(unknown)}"
            )
    for position in roster.positions:
        for ref in position.skills:
            if ref.skill not in skills:
                raise RulesDataError(
                    f"{where}: {roster.slug}/{position.slug}: unknown skill {ref.skill!r}"
                )


def _star(raw: dict[str, Any]) -> StarPlayer:
    plays_for = raw["plays_for"]
    rule = raw["special_rule"]
    return StarPlayer(
        slug=raw["slug"],
        name=raw["name"],
        cost=int(raw["cost"]),
        any_team=bool(plays_for["any"]),
        rules=tuple(plays_for.get("rules", ())),
        except_rules=tuple(plays_for.get("except", ())),
        rule_slug=rule["slug"],
        rule_name=rule["name"],
        rule_limit=rule["limit"],
        rule_text=rule["text"],
        members=tuple(
            StarMember(
                slug=m["slug"],
                name=m["name"],
                ma=int(m["ma"]),
                st=int(m["st"]),
                ag=int(m["ag"]),
                pa=None if m["pa"] is None else int(m["pa"]),
                av=int(m["av"]),
                skills=tuple(SkillRef(k["skill"], k.get("param")) for k in m["skills"]),
                keywords=tuple(m.get("keywords", ())),
            )
            for m in raw["members"]
        ),
        mega_star=bool(raw.get("mega_star", False)),
    )


def _skill(raw: dict[str, Any]) -> Skill:
    return Skill(
        slug=raw["slug"],
        name=raw["name"],
        category=raw["category"],
        param=raw.get("param"),
        compulsory=bool(raw.get("compulsory", False)),
        description=raw["description"],
        mode=raw.get("mode"),
        elite=bool(raw.get("elite", False)),
        requires_any=tuple(raw.get("requires_any", ())),
        excludes=tuple(raw.get("excludes", ())),
    )


def _tables(base: Path) -> dict[str, Any]:
    """The tables of ``tables.json`` and ``tables/*.json`` (each file's
    ``tables`` object), refusing a table name given twice."""
    paths = [base / "tables.json", *sorted((base / "tables").glob("*.json"))]
    tables: dict[str, Any] = {}
    for path in paths:
        if not path.exists():
            continue
        for name, table in _read(path)["tables"].items():
            if name in tables:
                raise RulesDataError(f"{path.name}: table {name!r} twice")
            tables[name] = table
    return tables


def available_versions() -> tuple[str, ...]:
    return tuple(
        sorted(p.name for p in DATA_DIR.iterdir() if (p / "skills.json").exists())
    )


@cache
def rules_data(version: str = DEFAULT_VERSION) -> RulesData:
    """Load (once) and return the rules data of ``version``.

    A version's ``skills.json`` may name another version it ``extends``
    (Dungeon Bowl extends BB2020): it then starts from that version's skills
    and special rules and adds its own. Rosters come from ``rosters/*.json``
    and, where there is one, ``colleges.json`` (the Dungeon Bowl Colleges of
    Magic, printed as quantity lines); Star Players from
    ``star_players.json`` (none without one); game and league tables from
    ``tables.json`` and ``tables/*.json`` (BB2025: inducements, SPP,
    advancement, casualties, ...; none without them).
    """
    base = DATA_DIR / version
    if not (base / "skills.json").exists():
        raise RulesDataError(f"unknown rules-data version {version!r}")
    skills_raw = _read(base / "skills.json")
    parent = rules_data(skills_raw["extends"]) if "extends" in skills_raw else None
    skills = dict(parent.skills) if parent else {}
    skills |= {s["slug"]: _skill(s) for s in skills_raw["skills"]}
    categories = dict(parent.categories) if parent else dict(BASE_CATEGORY_LETTERS)
    categories |= skills_raw.get("categories", {})
    special_rules = dict(parent.special_rules) if parent else {}
    if parent is None or (base / "special_rules.json").exists():
        special_rules |= {
            r["slug"]: SpecialRule(r["slug"], r["name"], r["kind"], r["description"])
            for r in _read(base / "special_rules.json")["special_rules"]
        }
    rosters: dict[str, Roster] = {}
    for path in sorted((base / "rosters").glob("*.json")):
        roster = _roster(_read(path))
        if roster.slug != path.stem:
            raise RulesDataError(f"{path.name}: slug {roster.slug!r} != file name")
        rosters[roster.slug] = roster
    if (base / "colleges.json").exists():
        for raw in _read(base / "colleges.json")["colleges"]:
            roster = _roster(raw)
            if roster.slug in rosters:
                raise RulesDataError(f"colleges.json: {roster.slug!r} twice")
            rosters[roster.slug] = roster
    for roster in rosters.values():
        _check_roster(roster, skills, version)
    table = {k: tuple(v) for k, v in skills_raw["random_table"].items()}
    stars: dict[str, StarPlayer] = {}
    if (base / "star_players.json").exists():
        stars = {
            s["slug"]: _star(s)
            for s in _read(base / "star_players.json")["star_players"]
        }
    return RulesData(
        version,
        rosters,
        skills,
        special_rules,
        table,
        stars,
        categories,
        _tables(base),
    )
