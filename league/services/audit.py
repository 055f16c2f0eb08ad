"""The league audit log: one ``LeagueEvent`` row per roll or manual action
between matches, written in the same transaction as the change it records.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from django.contrib.auth.models import AbstractBaseUser

from league.models import League, LeagueEvent, Player, Team
from league.page_cache import league_cache_bump


class Die(TypedDict):
    purpose: str
    sides: int
    result: int


def dice_payload(rolls: Iterable[tuple[str, int, int]]) -> list[Die]:
    """Engine rolls ``(purpose, sides, result)`` as JSON objects (the shape
    the post-game MatchEvents use)."""
    return [{"purpose": p, "sides": s, "result": r} for p, s, r in rolls]


def league_seed(league: League, *parts: object) -> int:
    """A seed for one roll between matches, derived from the league's stored
    seed and what is rolled: the same request always rolls the same dice
    (63 bits, fits a BigInteger)."""
    text = ":".join(str(p) for p in (league.seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def league_event_record(
    *,
    league_id: int,
    type: LeagueEvent.Type,
    payload: Mapping[str, Any],
    team: Team | None = None,
    player: Player | None = None,
    match_id: int | None = None,
    actor: AbstractBaseUser | None = None,
) -> LeagueEvent:
    """Append one event to the league's audit log. Anonymous actors (and
    automatic steps such as a kick-off) are stored as no one."""
    event = LeagueEvent(
        league_id=league_id,
        team=team,
        player=player,
        match_id=match_id,
        type=type,
        payload=dict(payload),
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )
    # Foreign keys are the database's to check: no lookup queries per event.
    event.full_clean(
        exclude=["league", "team", "player", "created_by"],
        validate_constraints=False,
    )
    event.save()
    # Every manual step between matches is logged here: advancements,
    # journeymen, retirements, treasury adjustments, memberships.
    league_cache_bump(league_id)
    return event
