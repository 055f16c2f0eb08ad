"""Dungeon Bowl's Colleges of Magic and the rules data that goes with them.

Read once from ``engine/data/dungeon_bowl/``: ``colleges.json`` (the eight
college rosters, printed as quantity lines that several positions share; the
draft numbers; each college's Wizard) and ``skills.json`` (the four Dungeon
Bowl skills on top of the BB2020 catalogue, the Dungeon Bowl random skill
table, the College Wizards' spells, and the Injury, Stunty Injury, Casualty
and Lasting Injury tables). The rosters themselves load through
:func:`engine.core.rules_data.rules_data` (version ``"dungeon_bowl"``) like any
other rules data; this module adds what a roster does not carry.

>>> data = dungeon_bowl()
>>> data.colleges["college-of-shadows"].position("gutter-runner").cost
85000
>>> data.wizards["college-of-fire"].spell
'fireball'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.rules_data import DATA_DIR, Roster, RulesDataError, Skill, rules_data

VERSION = "dungeon_bowl"


@dataclass(frozen=True, slots=True)
class DraftRules:
    """The numbers of a Dungeon Bowl team draft (colleges.json "draft"):
    the budget and squad size, team re-rolls (0-8 at the same price for every
    college, double after the draft), sideline staff, Dedicated Fans and the
    College Wizard (an inducement: at most one a game, at ``wizard_cost``)."""

    budget: int
    min_players: int
    max_players: int
    max_rerolls: int
    reroll_cost: int
    reroll_later_multiplier: int
    max_assistant_coaches: int
    assistant_coach_cost: int
    max_cheerleaders: int
    cheerleader_cost: int
    apothecary: bool
    max_dedicated_fans_at_draft: int
    wizard_max_per_game: int
    wizard_cost: int


@dataclass(frozen=True, slots=True)
class Wizard:
    """A college's Wizard: who it is, its price, and the one spell it casts."""

    slug: str
    name: str
    college: str
    cost: int
    spell: str


@dataclass(frozen=True, slots=True)
class Spell:
    """A College Wizard's spell. ``cast`` is when it may be cast:
    ``own_turn_start``, ``own_activation_start``, ``opponent_turn_start``
    or ``opponent_turn_start_or_end``; ``numbers`` holds its target numbers
    and ranges (Fireball hits on ``hit_on`` 4+)."""

    slug: str
    name: str
    wizard: str
    college: str
    cast: str
    text: str
    numbers: dict[str, int]
    source: str


@dataclass(frozen=True, slots=True)
class InjuryRow:
    """A row of a 2D6 Injury table; ``high`` None takes every total from
    ``low`` up."""

    low: int
    high: int | None
    result: str

    def covers(self, total: int) -> bool:
        return self.low <= total and (self.high is None or total <= self.high)


@dataclass(frozen=True, slots=True)
class CasualtyRow:
    """A row of the D16 Casualty table."""

    low: int
    high: int
    result: str
    name: str
    miss_next_game: bool
    niggling: int
    lasting_injury: bool
    dead: bool
    effect: str


@dataclass(frozen=True, slots=True)
class LastingInjuryRow:
    """A row of the D6 Lasting Injury table: the characteristic reduced
    (``"ma"``, ``"st"``, ``"ag"``, ``"pa"`` or ``"av"``) and by how much."""

    low: int
    high: int
    name: str
    characteristic: str
    reduction: int


@dataclass(frozen=True, slots=True)
class Table[R]:
    """A dice table as data: the dice rolled, its rows and its source."""

    dice: str
    rows: tuple[R, ...]
    source: str


@dataclass(frozen=True, slots=True)
class DungeonBowlData:
    """Everything Dungeon Bowl adds to the BB2020 rules data."""

    colleges: dict[str, Roster]
    draft: DraftRules
    wizards: dict[str, Wizard]
    spells: dict[str, Spell]
    spell_uses_per_game: int
    skills: dict[str, Skill]
    random_skill_table: dict[str, tuple[str, ...]]
    injury_table: Table[InjuryRow]
    stunty_injury_table: Table[InjuryRow]
    casualty_table: Table[CasualtyRow]
    niggling_modifier: int
    lasting_injury_table: Table[LastingInjuryRow]

    def injury(self, total: int, *, stunty: bool = False) -> str:
        """The Injury table result for a (modified) 2D6 total."""
        table = self.stunty_injury_table if stunty else self.injury_table
        for row in table.rows:
            if row.covers(total):
                return row.result
        raise RulesDataError(f"{total} is not on the Dungeon Bowl injury table")

    def casualty(self, roll: int) -> CasualtyRow:
        """The Casualty table row of a (modified) D16 roll. Decision (in
        skills.json): a roll that Niggling Injuries push past the last row
        counts as the last row (DEAD), as engine/campaign/casualty.py does."""
        top = max(row.high for row in self.casualty_table.rows)
        total = min(roll, top)
        for row in self.casualty_table.rows:
            if row.low <= total <= row.high:
                return row
        raise RulesDataError(f"{roll} is not on the Dungeon Bowl casualty table")

    def lasting_injury(self, roll: int) -> LastingInjuryRow:
        """The Lasting Injury table row of a D6 roll."""
        for row in self.lasting_injury_table.rows:
            if row.low <= roll <= row.high:
                return row
        raise RulesDataError(f"{roll} is not on the Lasting Injury table")


def _read(name: str) -> Any:
    path = DATA_DIR / VERSION / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesDataError(f"cannot read {path}: {exc}") from exc


def _injury(raw: dict[str, Any]) -> Table[InjuryRow]:
    rows = tuple(
        InjuryRow(
            int(r["low"]), None if r["high"] is None else int(r["high"]), r["result"]
        )
        for r in raw["rows"]
    )
    return Table(raw["dice"], rows, raw["source"])


def _draft(raw: dict[str, Any]) -> DraftRules:
    return DraftRules(
        budget=int(raw["budget"]),
        min_players=int(raw["min_players"]),
        max_players=int(raw["max_players"]),
        max_rerolls=int(raw["max_rerolls"]),
        reroll_cost=int(raw["reroll_cost"]),
        reroll_later_multiplier=int(raw["reroll_later_multiplier"]),
        max_assistant_coaches=int(raw["max_assistant_coaches"]),
        assistant_coach_cost=int(raw["assistant_coach_cost"]),
        max_cheerleaders=int(raw["max_cheerleaders"]),
        cheerleader_cost=int(raw["cheerleader_cost"]),
        apothecary=bool(raw["apothecary"]),
        max_dedicated_fans_at_draft=int(raw["max_dedicated_fans_at_draft"]),
        wizard_max_per_game=int(raw["wizard_max_per_game"]),
        wizard_cost=int(raw["wizard_cost"]),
    )


@cache
def dungeon_bowl() -> DungeonBowlData:
    """Load (once) and return the Dungeon Bowl rules data."""
    data = rules_data(VERSION)
    colleges_raw = _read("colleges.json")
    skills_raw = _read("skills.json")
    wizards = {
        c["slug"]: Wizard(
            slug=c["wizard"]["slug"],
            name=c["wizard"]["name"],
            college=c["slug"],
            cost=int(c["wizard"]["cost"]),
            spell=c["wizard"]["spell"],
        )
        for c in colleges_raw["colleges"]
    }
    spells = {
        s["slug"]: Spell(
            slug=s["slug"],
            name=s["name"],
            wizard=s["wizard"],
            college=s["college"],
            cast=s["cast"],
            text=s["text"],
            numbers={k: int(v) for k, v in s["numbers"].items()},
            source=s["source"],
        )
        for s in skills_raw["spells"]
    }
    for college, wizard in wizards.items():
        spell = spells.get(wizard.spell)
        if spell is None or spell.college != college or spell.wizard != wizard.slug:
            raise RulesDataError(f"{college}: {wizard.name} has no spell of its own")
    casualty = skills_raw["casualty_table"]
    lasting = skills_raw["lasting_injury_table"]
    return DungeonBowlData(
        colleges=dict(data.rosters),
        draft=_draft(colleges_raw["draft"]),
        wizards=wizards,
        spells=spells,
        spell_uses_per_game=int(skills_raw["spell_uses_per_game"]),
        skills={s["slug"]: data.skills[s["slug"]] for s in skills_raw["skills"]},
        random_skill_table=data.random_skill_table,
        injury_table=_injury(skills_raw["injury_table"]),
        stunty_injury_table=_injury(skills_raw["stunty_injury_table"]),
        casualty_table=Table(
            casualty["dice"],
            tuple(
                CasualtyRow(
                    low=int(r["low"]),
                    high=int(r["high"]),
                    result=r["result"],
                    name=r["name"],
                    miss_next_game=bool(r["miss_next_game"]),
                    niggling=int(r["niggling"]),
                    lasting_injury=bool(r["lasting_injury"]),
                    dead=bool(r["dead"]),
                    effect=r["effect"],
                )
                for r in casualty["rows"]
            ),
            casualty["source"],
        ),
        niggling_modifier=int(casualty["niggling_modifier"]),
        lasting_injury_table=Table(
            lasting["dice"],
            tuple(
                LastingInjuryRow(
                    int(r["low"]),
                    int(r["high"]),
                    r["name"],
                    r["characteristic"],
                    int(r["reduction"]),
                )
                for r in lasting["rows"]
            ),
            lasting["source"],
        ),
    )


def colleges() -> dict[str, Roster]:
    """The eight Colleges of Magic as rosters, by slug."""
    return dungeon_bowl().colleges
