"""Every write endpoint of the API, a world in which each of them gets as far
as reading its body (Alice commissions the league, so she may call all but
the answers only the other coach gives: :func:`writer`), and a snapshot of
every row a refused request must leave untouched."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from league.models import League, Player, Team
from matches.commissioner.deductions import season_dock_points
from matches.models import (
    LeagueWebhook,
    Match,
    PointsDeduction,
    ReportSubmission,
    Season,
)
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from matches.webhooks.services import webhook_create
from tests.factories import draft_team, make_member

# (method, path as the OpenAPI schema names it), one per write operation.
WRITES: list[tuple[str, str]] = [
    ("post", "/api/leagues/"),
    ("post", "/api/teams/"),
    ("post", "/api/teams/card/"),
    ("post", "/api/teams/{team_id}/players/"),
    ("delete", "/api/teams/{team_id}/players/{player_id}/"),
    ("post", "/api/teams/{team_id}/special-rule/"),
    ("post", "/api/teams/{team_id}/captain/"),
    ("post", "/api/teams/{team_id}/mvp-nominations/"),
    ("post", "/api/teams/{team_id}/purchases/"),
    ("post", "/api/teams/{team_id}/staff/fire/"),
    ("post", "/api/teams/{team_id}/sevens-advancement/"),
    ("post", "/api/teams/{team_id}/postgame/end/"),
    ("post", "/api/teams/{team_id}/redraft/"),
    ("post", "/api/players/{player_id}/advancements/"),
    ("post", "/api/players/{player_id}/advancements/pending/"),
    ("post", "/api/players/{player_id}/hire/"),
    ("post", "/api/players/{player_id}/retire/"),
    ("post", "/api/players/{player_id}/unretire/"),
    ("post", "/api/seasons/"),
    ("post", "/api/seasons/{season_id}/schedule/"),
    ("post", "/api/seasons/{season_id}/playoffs/"),
    ("post", "/api/seasons/{season_id}/resolve/"),
    ("post", "/api/seasons/{season_id}/close/"),
    ("post", "/api/seasons/{season_id}/round-dates/"),
    ("post", "/api/seasons/{season_id}/points-deductions/"),
    ("post", "/api/seasons/{season_id}/points-deductions/{deduction_id}/withdraw/"),
    ("post", "/api/matches/{pk}/report/"),
    ("post", "/api/matches/{pk}/card-report/"),
    ("post", "/api/matches/{pk}/resolve/"),
    ("post", "/api/matches/{pk}/override/"),
    ("post", "/api/matches/{pk}/inducements/"),
    ("post", "/api/matches/{pk}/postpone/"),
    ("post", "/api/matches/{pk}/unplayed/"),
    ("post", "/api/leagues/{league_id}/members/"),
    ("delete", "/api/leagues/{league_id}/members/{coach_id}/"),
    ("post", "/api/leagues/{league_id}/join/"),
    ("post", "/api/leagues/{league_id}/invitation/accept/"),
    ("post", "/api/leagues/{league_id}/invitation/decline/"),
    ("post", "/api/leagues/{league_id}/requests/{coach_id}/approve/"),
    ("post", "/api/leagues/{league_id}/requests/{coach_id}/decline/"),
    ("post", "/api/leagues/{league_id}/open/"),
    ("post", "/api/leagues/{league_id}/invite-link/"),
    # a league's webhooks, reports the other coach confirms
    ("post", "/api/leagues/{league_id}/webhooks/"),
    ("delete", "/api/leagues/{league_id}/webhooks/{webhook_id}/"),
    ("post", "/api/matches/{pk}/submissions/{submission_id}/confirm/"),
    ("post", "/api/matches/{pk}/submissions/{submission_id}/dispute/"),
    ("post", "/api/matches/{pk}/submissions/{submission_id}/decide/"),
    ("post", "/api/matches/{pk}/submissions/{submission_id}/withdraw/"),
]
WRITE_IDS = [f"{method} {path}" for method, path in WRITES]
# Only the coach who must answer a report confirms or disputes it: in the
# world, Charlie (Bob sent it). A caller who may not is refused before the
# body is read.
ANSWERED_BY_THE_OTHER_COACH = {
    ("post", "/api/matches/{pk}/submissions/{submission_id}/confirm/"),
    ("post", "/api/matches/{pk}/submissions/{submission_id}/dispute/"),
}


def writer(method: str, path: str, *, alice: Any, charlie: Any) -> Any:
    """Who may make the write ``method path`` in the world, so that it gets
    as far as reading its body: Charlie for the answers that are his,
    Alice (the commissioner) for every other one."""
    return charlie if (method, path) in ANSWERED_BY_THE_OTHER_COACH else alice


@dataclass(frozen=True)
class ApiWorld:
    league: League
    team: Team
    player: Player
    season: Season
    match: Match
    webhook: LeagueWebhook
    submission: ReportSubmission
    deduction: PointsDeduction

    def ids(self) -> dict[str, int]:
        return {name: getattr(self, name).pk for name in self.__dataclass_fields__}

    @classmethod
    def fetch(cls, ids: dict[str, int]) -> ApiWorld:
        """The world of ``ids()``, read afresh."""
        return cls(
            league=League.objects.get(pk=ids["league"]),
            team=Team.objects.get(pk=ids["team"]),
            player=Player.objects.get(pk=ids["player"]),
            season=Season.objects.get(pk=ids["season"]),
            match=Match.objects.get(pk=ids["match"]),
            webhook=LeagueWebhook.objects.get(pk=ids["webhook"]),
            submission=ReportSubmission.objects.get(pk=ids["submission"]),
            deduction=PointsDeduction.objects.get(pk=ids["deduction"]),
        )

    def url(self, path: str) -> str:
        return path.format(
            league_id=self.league.pk,
            coach_id=self.team.coach_id,
            team_id=self.team.pk,
            player_id=self.player.pk,
            season_id=self.season.pk,
            pk=self.submission.match_id if "{submission_id}" in path else self.match.pk,
            webhook_id=self.webhook.pk,
            submission_id=self.submission.pk,
            deduction_id=self.deduction.pk,
        )


def api_world(sevens: League, bob: Any, charlie: Any) -> ApiWorld:
    """Bob's Orcs and Charlie's Humans in Alice's Sevens league, with a
    scheduled season: one match, round 1; a webhook of the league; League
    points docked from the Reavers; and, in a second league that asks for
    confirmation, Bob's report of a match waiting for the other coach."""
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    reavers = draft_team(sevens, charlie, roster="human", name="Reavers")
    season = season_create(league=sevens, name="Spring", seed=7)
    season_schedule(season_id=season.pk)
    hook = webhook_create(
        league_id=sevens.pk, url="https://example.com/h", kind="generic"
    )
    deduction = season_dock_points(
        season_id=season.pk,
        team_id=reavers.pk,
        reason="no-show",
        actor=sevens.commissioner,
    )
    other = League.objects.create(
        name="Confirmed Sevens",
        format="sevens",
        commissioner=sevens.commissioner,
        report_confirmation_days=3,
    )
    make_member(other, bob, charlie)
    draft_team(other, bob, roster="orc", name="Gouged Eye II")
    draft_team(other, charlie, roster="human", name="Reavers II")
    waiting = season_create(league=other, name="Spring", seed=8)
    season_schedule(season_id=waiting.pk)
    submission = match_submit_report(
        match_id=waiting.matches.get().pk, report=Report(0, 0), actor=bob
    )
    assert isinstance(submission, ReportSubmission)
    return ApiWorld(
        league=sevens,
        team=orcs,
        player=orcs.players.get(number=1),
        season=season,
        match=season.matches.get(),
        webhook=hook,
        submission=submission,
        deduction=deduction,
    )


def every_row() -> dict[str, list[dict[str, Any]]]:
    """Every row of the apps' tables, users and tokens: what a refused
    request must leave exactly as it was."""
    models = [
        *apps.get_app_config("league").get_models(),
        *apps.get_app_config("matches").get_models(),
        get_user_model(),
        Token,
    ]
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for model in models
    }
