"""Plain helpers for tests: an API client as a user, and a snapshot of what
a refused request must leave untouched."""

from __future__ import annotations

from dataclasses import dataclass

from rest_framework.test import APIClient

from league.models import Player, Team, TreasuryEntry


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
