"""Plain helpers for tests: an API client as a user, a snapshot of what
a refused request must leave untouched, and Sevens seasons drafted,
scheduled and resolved through the real services."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rest_framework.test import APIClient

from league.models import League, Player, Team, TreasuryEntry
from matches.models import Season
from matches.resolution.progress import season_resolve_next, season_resolve_start
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team

SEVENS_TEAMS = (
    ("orc", "Gouged Eye"),
    ("human", "Reikland Reavers"),
    ("dwarf", "Grudgebearers"),
    ("skaven", "Skavenblight Scramblers"),
    ("wood-elf", "Athelorn Avengers"),
    ("lizardmen", "Lustria Croakers"),
)


def sevens_teams(league: League, coaches: Sequence, n: int) -> list[Team]:
    """``n`` Sevens teams, coached in turn by ``coaches``."""
    return [
        draft_team(league, coaches[i % len(coaches)], roster=roster, name=name)
        for i, (roster, name) in enumerate(SEVENS_TEAMS[:n])
    ]


def scheduled_season(league: League, teams: Sequence[Team], *, seed: int = 7) -> Season:
    season = season_create(
        league=league,
        name=f"Season {Season.objects.filter(league=league).count() + 1}",
        team_ids=[t.pk for t in teams],
        seed=seed,
    )
    season_schedule(season_id=season.pk)
    return season


def resolve_all(season: Season, capture: Callable) -> None:
    """Play every open match with the engine, round by round, running each
    match's post-game as its transaction commits (as the worker would)."""
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    seen: set[int] = set()
    while match_ids := season_resolve_next(progress_id=str(progress.pk)):
        # a match handed out twice would loop for ever: fail instead
        again = seen.intersection(match_ids)
        assert not again, f"matches handed out again: {sorted(again)}"
        seen.update(match_ids)
        for match_id in match_ids:
            with capture(execute=True):
                match_resolve(match_id=match_id)
    season_resolve_next(progress_id=str(progress.pk))


def api_as(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def invite_members(commissioner, league_id: int, coaches) -> None:
    """Through the API: the commissioner invites each coach, who accepts
    (only members draft in a league)."""
    for coach in coaches:
        invited = api_as(commissioner).post(
            f"/api/leagues/{league_id}/members/",
            {"username": coach.username},
            format="json",
        )
        assert invited.status_code == 201, invited.json()
        accepted = api_as(coach).post(f"/api/leagues/{league_id}/invitation/accept/")
        assert accepted.json()["status"] == "member"


@dataclass(frozen=True)
class Snapshot:
    teams: list[tuple]
    players: list[tuple]
    ledger: list[tuple]


def db_snapshot() -> Snapshot:
    """Everything a refused request must leave untouched."""
    return Snapshot(
        teams=list(
            Team.objects.order_by("pk").values_list(
                "pk",
                "name",
                "treasury",
                "rerolls",
                "assistant_coaches",
                "cheerleaders",
                "apothecary",
                "dedicated_fans",
                "status",
            )
        ),
        players=list(
            Player.objects.order_by("pk").values_list(
                "pk", "team_id", "position", "number", "status"
            )
        ),
        ledger=list(
            TreasuryEntry.objects.order_by("pk").values_list(
                "pk", "amount", "balance_after"
            )
        ),
    )
