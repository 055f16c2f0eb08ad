"""Mercenary players (inducements_in_detail.md "Unlimited Mercenary
Players"): hired for one game from the team's own roster.

- Price: the position's cost + 30,000; + 50,000 for one extra Primary skill
  (:func:`engine.campaign.inducements.mercenary_price`).
- "The normal limits on the total number of players allowed on a team and
  in each position apply to Mercenaries. However, players that are missing
  the game due to injury do not count."
- "All Mercenaries have the Loner (4+) trait"; they earn no SPP, cannot be
  MVP and cannot be hired after the game.

Decisions:
- The squad a hire is checked against is the team's players who can play
  (not missing the game, not last game's journeymen); the journeymen
  kick-off will add to reach the format's minimum count towards the total.
  Star Players bought in the same order count towards the total too.
- The Sevens cap of four non-Lineman players applies to mercenaries as it
  does to the roster ("the normal limits ... apply").
- A position that already has Loner keeps its own; no second one is added.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.campaign.drafting import Violation, squad_violations
from engine.core.model import PlayerSheet
from engine.core.rules_data import CATEGORY_LETTERS, Roster, Skill, SkillRef
from engine.variants.league_format import LeagueFormat

MERCENARY_LONER: Final = SkillRef("loner", "4+")
# Mercenaries are not Player rows: their engine ids start far above any
# database id, so they never collide with a real player's.
MERCENARY_ID_BASE: Final = 1 << 40


def is_mercenary(player_id: int) -> bool:
    """Whether an engine player id belongs to a mercenary."""
    return player_id >= MERCENARY_ID_BASE


@dataclass(frozen=True, slots=True)
class MercenaryHire:
    position: str
    skill: str | None = None  # one extra Primary skill (+50,000)


def mercenary_violations(
    fmt: LeagueFormat,
    roster: Roster,
    squad: Sequence[str],
    hires: Sequence[tuple[int, MercenaryHire]],
    skills: Mapping[str, Skill],
    *,
    star_players: int = 0,
) -> list[Violation]:
    """Every rule the hires break; ``squad`` is the positions of the players
    who can play, ``hires`` each hire with the index of its order line."""
    out: list[Violation] = []
    known = {p.slug: p for p in roster.positions}
    for index, hire in hires:
        position = known.get(hire.position)
        if position is None:
            out.append(
                Violation(
                    "unknown_position",
                    f"items.{index}.position",
                    f"{roster.name} teams have no position {hire.position!r}",
                )
            )
            continue
        if hire.skill is None:
            continue
        skill = skills.get(hire.skill)
        primary = {CATEGORY_LETTERS[c] for c in position.primary}
        if skill is None or skill.category not in primary:
            out.append(
                Violation(
                    "skill_not_allowed",
                    f"items.{index}.skill",
                    f"a Mercenary {position.name} may take one Primary skill "
                    f"({', '.join(sorted(primary))}), not {hire.skill!r}",
                )
            )
        elif position.has_skill(hire.skill):
            out.append(
                Violation(
                    "duplicate_skill",
                    f"items.{index}.skill",
                    f"a {position.name} already has {skill.name}",
                )
            )
    if out:
        return out
    out += squad_violations(
        fmt, roster, [*squad, *(h.position for _, h in hires)], "items"
    )
    total = max(len(squad), fmt.min_players) + len(hires) + star_players
    if hires and total > fmt.max_players:
        out.append(
            Violation(
                "too_many_players",
                "items",
                f"{fmt.label} teams field at most {fmt.max_players} players; "
                f"with these hires there would be {total}",
            )
        )
    return out


def mercenary_sheet(
    roster: Roster, hire: MercenaryHire, *, player_id: int, number: int
) -> PlayerSheet:
    """The mercenary as he takes the field: the position's characteristics
    and skills, Loner (4+), and the extra skill if one was bought."""
    position = roster.position(hire.position)
    skills = [(s.skill, s.param) for s in position.skills]
    if not position.has_skill(MERCENARY_LONER.skill):
        skills.append((MERCENARY_LONER.skill, MERCENARY_LONER.param))
    if hire.skill is not None:
        skills.append((hire.skill, None))
    return PlayerSheet(
        id=player_id,
        name=f"Mercenary {position.name}",
        number=number,
        position=position.slug,
        ma=position.ma,
        st=position.st,
        ag=position.ag,
        pa=position.pa,
        av=position.av,
        skills=tuple(skills),
    )
