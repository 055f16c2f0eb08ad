"""A league's rules as one typed object, built in one place.

Everything that differs between formats is the variant's
(:mod:`engine.variants`); a league adds its own choices (the casualty table,
whether a league whose format makes SPP optional tracks them, points and
tiebreakers). Seasons pin these choices when they are created
(``Season.settings``); :func:`settings_rules` rebuilds the same object from
that snapshot, so a season keeps the rules it started with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.facade import (
    CasualtyTable,
    LeagueBonus,
    RulesData,
    Variant,
    casualty_table,
    get_variant,
    rules_data,
)
from league.models import League


@dataclass(frozen=True, slots=True)
class LeagueRules:
    variant: Variant
    rules_version: str
    casualty_table: str  # a table name, or "" when the Injury table decides
    tracks_spp: bool
    points: tuple[int, int, int]
    tiebreakers: tuple[str, ...]
    # The league plays with a time limit (a Dungeon Bowl game may end 0-0).
    time_limit: bool = False
    # The format's casualty bonus counts (on unless the league switched it off).
    casualty_bonus: bool = True
    # The format's optional bonus League points count (off unless taken).
    bonus_points: bool = False

    @property
    def format(self) -> str:
        return self.variant.name

    def points_casualty_bonus(self) -> tuple[int, int] | None:
        """The format's casualty bonus (at least, points), unless the league
        switched it off."""
        return self.variant.casualty_bonus() if self.casualty_bonus else None

    def points_bonuses(self) -> tuple[LeagueBonus, ...]:
        """Every bonus League point rule the league's standings count: the
        format's casualty bonus unless switched off, and its optional
        bonus points when the league took them."""
        casualty = self.points_casualty_bonus()
        found: tuple[LeagueBonus, ...] = (
            () if casualty is None else (LeagueBonus("casualties", *casualty),)
        )
        if self.bonus_points:
            found += self.variant.league_bonuses()
        return found

    def casualty(self) -> CasualtyTable | None:
        """The table casualties are rolled on after the game, or None when
        the variant's Injury table gives them directly."""
        if self.variant.league_casualty_table() is None:
            return None
        return casualty_table(self.casualty_table)

    def data(self) -> RulesData:
        return rules_data(self.rules_version)

    def settings(self) -> dict[str, object]:
        """The snapshot a season pins (see :func:`settings_rules`)."""
        return {
            "format": self.variant.name,
            "rules_version": self.rules_version,
            "points": list(self.points),
            "tiebreakers": list(self.tiebreakers),
            "casualty_table": self.casualty_table,
            "spp": self.tracks_spp,
            # pinned only when on (the leagues of every other format, and
            # Dungeon Bowl leagues without one, keep the snapshot they had)
            **({"time_limit": True} if self.time_limit else {}),
            **({} if self.casualty_bonus else {"casualty_bonus": False}),
            **({"bonus_points": True} if self.bonus_points else {}),
        }


def league_rules(league: League) -> LeagueRules:
    """The rules ``league`` plays by now."""
    variant = get_variant(league.format)
    return LeagueRules(
        variant=variant,
        rules_version=league.rules_version,
        casualty_table=league.casualty_table,
        # a format with no progression (Blitz Bowl) has no SPP at all
        tracks_spp=variant.tracks_progression
        and (not variant.spp_optional or league.sevens_spp),
        points=(league.points_win, league.points_draw, league.points_loss),
        tiebreakers=tuple(league.tiebreakers),
        time_limit=league.time_limit,
        casualty_bonus=league.casualty_bonus,
        bonus_points=league.bonus_points,
    )


def settings_rules(settings: Mapping[str, Any]) -> LeagueRules:
    """The rules a season pinned in its ``settings`` when it was created."""
    points = settings.get("points", (3, 1, 0))
    variant = get_variant(str(settings["format"]))
    return LeagueRules(
        variant=variant,
        rules_version=str(settings.get("rules_version", ""))
        or variant.rules_data_version,
        casualty_table=str(settings.get("casualty_table", "")),
        tracks_spp=bool(settings.get("spp", True)),
        points=(int(points[0]), int(points[1]), int(points[2])),
        tiebreakers=tuple(settings.get("tiebreakers", ())),
        time_limit=bool(settings.get("time_limit", False)),
        casualty_bonus=bool(settings.get("casualty_bonus", True)),
        bonus_points=bool(settings.get("bonus_points", False)),
    )


def season_variant(settings: Mapping[str, Any], league: League) -> Variant:
    """The format a season plays: the one it pinned, or its league's for a
    season that pinned none."""
    return get_variant(str(settings.get("format") or league.format))


def format_default_tiebreakers(format_slug: str) -> list[str]:
    """The standings order a new league of this format starts with (its
    variant's: a Blitz Bowl league breaks ties on points for and against)."""
    return list(get_variant(format_slug).default_tiebreakers)
