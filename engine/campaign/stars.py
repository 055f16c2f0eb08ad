"""Star Players as inducements (inducements_in_detail.md "0-2 Star
Players"; star_players.md).

- A team may induce up to two Star Players "that are allowed to play for
  the team": a star plays for a team by its special rules
  (:meth:`engine.core.rules_data.StarPlayer.plays_for`).
- "Star Players may not take the number of players in the team to more than
  16"; players missing the game do not count. A pair (Grak and
  Crumbleberry, Dribl and Drull, the Swift Twins) is one choice and one
  fee, but takes two places.
- In a league game, a star both teams hired is fielded by neither, and both
  fees are paid.
- Stars earn no SPP, cannot be MVP and never gain advancements; a Casualty
  result against a star is waived after the game.

Decisions:
- Eligibility follows the star's "plays for" rules and the team's special
  rules (its roster's, with the rule it chose at the draft), not the star
  lists printed in the roster files, where they differ (star_players.md
  "Where the sources disagree"): Grak and Crumbleberry play for any team,
  Imperial Nobility and Khorne included; Snotlings, who have Badlands
  Brawl, may hire the Badlands Brawl stars.
- The places a hire takes are counted like a mercenary's: the players who
  can play, or the format's minimum if fewer (journeymen fill the gap),
  plus mercenaries bought in the same order, plus every star member.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from engine.campaign.drafting import Violation
from engine.campaign.mercenaries import MERCENARY_ID_BASE
from engine.core.model import PlayerSheet
from engine.core.rules_data import RulesData, StarPlayer
from engine.variants.league_format import LeagueFormat

MAX_STAR_CHOICES: Final = 2
# Stars are not Player rows either: their engine ids start above the
# mercenaries' (so ``is_mercenary`` is true for them too: both are hired for
# one game, earn no SPP and leave after it).
STAR_ID_BASE: Final = MERCENARY_ID_BASE + (1 << 30)


def is_star(player_id: int) -> bool:
    """Whether an engine player id belongs to an induced Star Player."""
    return player_id >= STAR_ID_BASE


def find_star(data: RulesData, key: str) -> StarPlayer | None:
    """A hire option by slug or by its exact name ("Morg 'n' Thorg")."""
    star = data.star_players.get(key)
    if star is not None:
        return star
    return next((s for s in data.star_players.values() if s.name == key), None)


def star_places(stars: Sequence[StarPlayer]) -> int:
    """Roster places the hires take: one per member."""
    return sum(len(s.members) for s in stars)


def star_hire_violations(
    fmt: LeagueFormat,
    data: RulesData,
    team_rules: Collection[str],
    squad_size: int,
    hires: Sequence[tuple[int, str]],
    *,
    mercenaries: int = 0,
) -> list[Violation]:
    """Every rule the star hires break. ``hires`` is each hire's order-line
    index and the star's slug or name; ``squad_size`` the players who can
    play."""
    out: list[Violation] = []
    if not fmt.star_players:
        return []  # not in the catalogue: refused as an unknown inducement
    chosen: list[StarPlayer] = []
    for index, key in hires:
        field = f"items.{index}.star_player"
        star = find_star(data, key)
        if star is None:
            out.append(
                Violation("unknown_star_player", field, f"no Star Player {key!r}")
            )
            continue
        if not star.plays_for(team_rules):
            out.append(
                Violation(
                    "star_not_eligible",
                    field,
                    f"{star.name} does not play for this team",
                )
            )
            continue
        if star in chosen:
            out.append(
                Violation(
                    "duplicate_star_player",
                    field,
                    f"{star.name} can be hired only once",
                )
            )
            continue
        chosen.append(star)
    if len(chosen) > MAX_STAR_CHOICES:
        out.append(
            Violation(
                "star_player_limit",
                "items",
                f"at most {MAX_STAR_CHOICES} Star Players may be induced "
                "(a pair counts as one)",
            )
        )
    total = max(squad_size, fmt.min_players) + mercenaries + star_places(chosen)
    if chosen and total > fmt.max_players:
        out.append(
            Violation(
                "too_many_players",
                "items",
                f"Star Players may not take the team over {fmt.max_players} "
                f"players; with these hires there would be {total}",
            )
        )
    return out


def contested_stars(home: Collection[str], away: Collection[str]) -> frozenset[str]:
    """The stars (slugs) both teams hired: in a league game neither fields
    them, and both pay."""
    return frozenset(home) & frozenset(away)


def star_sheets(
    star: StarPlayer, *, first_id: int, first_number: int
) -> tuple[PlayerSheet, ...]:
    """The star's players as they take the field: ids from ``first_id``
    (at least :data:`STAR_ID_BASE`), shirt numbers from ``first_number``."""
    if first_id < STAR_ID_BASE:
        raise ValueError("star ids start at STAR_ID_BASE")
    # The star's special rule rides on each member's sheet as a skill
    # (engine.skills.stars.limits): the match refuses one it does not play.
    rule: tuple[tuple[str, str | None], ...] = ((star.rule_slug, None),)
    return tuple(
        PlayerSheet(
            id=first_id + i,
            name=m.name,
            number=first_number + i,
            position=f"star:{m.slug}",
            ma=m.ma,
            st=m.st,
            ag=m.ag,
            pa=m.pa,
            av=m.av,
            skills=tuple((s.skill, s.param) for s in m.skills) + rule,
        )
        for i, m in enumerate(star.members)
    )
