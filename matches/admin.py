"""Commissioner admin for seasons and matches. Every action asks for a reason
and calls an audited service (``matches/commissioner/actions.py``); the
lists are limited to the leagues the commissioner runs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Max, Q, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html

from league.admin_actions import ReasonForm, money, reason_action
from league.admin_cache import PageCacheAdmin
from league.admin_scope import (
    CommissionerScope,
    ScopedInline,
    is_superuser,
    league_filter,
)
from matches.admin_facts import match_facts_html
from matches.admin_forms import (
    MatchAdminForm,
    SeasonAdminForm,
    TaskProgressAdminForm,
)
from matches.commissioner.actions import (
    match_override_audited,
    match_postpone_audited,
    redraft_preview,
    season_close_audited,
    season_resolve_audited,
    season_schedule_audited,
    team_redraft_approve,
)
from matches.models import (
    LeagueWebhook,
    Match,
    MatchResult,
    PointsDeduction,
    PostgameEnd,
    Season,
    SeasonTeamArchive,
    TaskProgress,
    WebhookDelivery,
)
from matches.queue import postgame_queue
from matches.resolution.progress import progress_counts
from matches.webhooks.services import webhook_deactivate

OVERRIDE_EXPLAINED = (
    "Only the score changes: the standings count the new result at once.",
    "The post-game sequence already applied (winnings, fan factor, SPP, "
    "injuries, expensive mistakes) is not run again: it follows from what "
    "happened on the pitch, which an override does not change. If the "
    "winnings should follow the new score, adjust the treasuries from the "
    "teams' pages (each adjustment is logged too).",
    "A playoff made level gets its sudden death rolled, as in a report.",
)


def _actor(request: HttpRequest) -> AbstractBaseUser:
    user = request.user
    assert isinstance(user, AbstractBaseUser)  # the admin lets no one anonymous in
    return user


def _progress_link(progress: TaskProgress) -> str:
    url = reverse("admin:matches_taskprogress_change", args=[progress.pk])
    done, total = progress_counts(progress)
    return format_html('<a href="{}">{} of {} matches resolved</a>', url, done, total)


@admin.register(Season)
class SeasonAdmin(CommissionerScope, PageCacheAdmin):
    commissioner_can_change = True
    # Made by season_create (its seed, its settings), on the league's page.
    superuser_can_add = False
    form = SeasonAdminForm
    list_display = [
        "name",
        "league",
        "status",
        "rounds",
        "played",
        "double_round_robin",
        "playoff_teams",
    ]
    list_filter = ["status", league_filter("league")]
    search_fields = ["name", "league__name"]
    list_select_related = ["league"]
    readonly_fields = ["settings", "seed"]
    actions = ["schedule", "resolve_round", "resolve_season", "close"]
    # What season_create checks (playoffs of 2 up to the number of teams,
    # divisions of two or more that hold every team once) and the schedule
    # was built from: a commissioner changes them by a new season.
    season_structure = ["double_round_robin", "playoff_teams", "divisions"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_readonly_fields(request, obj))
        if is_superuser(request):
            return fields
        return fields + [f for f in self.season_structure if f not in fields]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Season]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                round_count=Max("matches__round", filter=Q(matches__stage="league")),
                match_count=Count("matches"),
                played_count=Count(
                    "matches", filter=Q(matches__status=Match.Status.COMPLETE)
                ),
            )
        )

    @admin.display(description="Rounds", ordering="round_count")
    def rounds(self, season: Season) -> int:
        return getattr(season, "round_count", None) or 0

    @admin.display(description="Matches played")
    def played(self, season: Season) -> str:
        return f"{getattr(season, 'played_count', 0)} of {getattr(season, 'match_count', 0)}"

    @admin.action(description="Schedule the season (round robin)")
    def schedule(
        self, request: HttpRequest, queryset: QuerySet[Season]
    ) -> TemplateResponse | None:
        def run(season: Season, data: dict[str, Any]) -> str:
            matches = season_schedule_audited(
                season_id=season.pk, actor=_actor(request), reason=data["reason"]
            )
            count = len(matches)
            return f"{count} {'match' if count == 1 else 'matches'} scheduled"

        return reason_action(
            self, request, queryset, title="Schedule these seasons", run=run
        )

    def _resolve(
        self, request: HttpRequest, queryset: QuerySet[Season], scope: str
    ) -> TemplateResponse | None:
        def run(season: Season, data: dict[str, Any]) -> str:
            progress, created = season_resolve_audited(
                season_id=season.pk,
                scope=scope,
                actor=_actor(request),
                reason=data["reason"],
            )
            started = "started" if created else "already running"
            return format_html("resolution {}: {}", started, _progress_link(progress))

        what = "current round" if scope == "round" else "rest of the season"
        return reason_action(
            self,
            request,
            queryset,
            title=f"Resolve the {what} with the engine",
            run=run,
            explain=(
                "The matches are played by the engine on the workers, round "
                "by round; the progress page counts the matches resolved.",
            ),
        )

    @admin.action(description="Resolve the current round with the engine")
    def resolve_round(
        self, request: HttpRequest, queryset: QuerySet[Season]
    ) -> TemplateResponse | None:
        return self._resolve(request, queryset, "round")

    @admin.action(description="Resolve the rest of the season with the engine")
    def resolve_season(
        self, request: HttpRequest, queryset: QuerySet[Season]
    ) -> TemplateResponse | None:
        return self._resolve(request, queryset, "season")

    @admin.action(description="Close the season (archive rosters, allow re-drafts)")
    def close(
        self, request: HttpRequest, queryset: QuerySet[Season]
    ) -> TemplateResponse | None:
        def run(season: Season, data: dict[str, Any]) -> str:
            teams = season_close_audited(
                season_id=season.pk, actor=_actor(request), reason=data["reason"]
            )
            return f"closed, {teams} rosters archived"

        return reason_action(
            self, request, queryset, title="Close these seasons", run=run
        )


class MatchResultInline(ScopedInline, admin.StackedInline):
    model = MatchResult
    extra = 0
    # A result is made by a report or the engine, with its score.
    superuser_can_add = False
    can_delete = False
    readonly_fields = [
        "mode",
        "home_score",
        "away_score",
        "home_fan_factor",
        "away_fan_factor",
        "conceded_by",
        "submitted_by",
    ]
    # The players' lines, the casualties and the engine's summary are shown
    # in words above (``match_facts_html``), not as raw JSON.
    exclude = [
        "summary",
        "player_stats",
        "casualties",
        "hired_casualties",
        "sudden_death",
    ]
    # A commissioner changes a result only through "Override the result",
    # which logs it; the superuser may still correct the other fields here.

    def get_queryset(self, request: HttpRequest) -> QuerySet[MatchResult]:
        return (
            super()
            .get_queryset(request)
            .select_related("match__home", "match__away", "submitted_by")
            .defer("summary", "player_stats", "casualties")
        )


class PostponeForm(ReasonForm):
    round = forms.IntegerField(
        min_value=1,
        required=False,
        help_text="The round to move to; empty for a new round after the last.",
    )


class OverrideForm(ReasonForm):
    home_score = forms.IntegerField(min_value=0, max_value=99)
    away_score = forms.IntegerField(min_value=0, max_value=99)


@admin.register(Match)
class MatchAdmin(CommissionerScope, PageCacheAdmin):
    league_path = "season__league_id"
    commissioner_can_change = True
    # Matches are scheduled by the season's services.
    superuser_can_add = False
    form = MatchAdminForm
    list_display = [
        "__str__",
        "score",
        "season",
        "round",
        "stage",
        "status",
        "mode",
        "postponed",
        "postgame_step",
    ]
    list_filter = [
        "status",
        "mode",
        "stage",
        league_filter("season__league"),
        league_filter("season", "league"),
    ]
    search_fields = ["home__name", "away__name"]
    list_select_related = ["home", "away", "season", "season__league", "result"]
    readonly_fields = [
        "status",
        "mode",
        "seed",
        "postgame_step",
        "home",
        "away",
        "season",
        "round",
        "third_place",
        "postponed",
        "score",
        "facts",
    ]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    ("home", "away"),
                    "score",
                    ("season", "round", "stage", "third_place"),
                    ("status", "mode", "postponed"),
                    ("postgame_step", "seed"),
                ]
            },
        ),
        ("Result, report and post-game", {"fields": ["facts"]}),
    ]
    inlines = [MatchResultInline]
    actions = ["postpone", "override_result", "rerun_postgame"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        # the scores, not the result's kilobytes of JSON
        return (
            super()
            .get_queryset(request)
            .select_related("result", "home", "away", "season__league")
            .defer("result__summary", "result__player_stats", "result__casualties")
        )

    @admin.display(description="Score")
    def score(self, match: Match) -> str:
        result = getattr(match, "result", None)
        if result is None:
            return "–"
        conceded = " (conceded)" if result.conceded_by_id else ""
        return f"{result.home_score}–{result.away_score}{conceded}"

    @admin.display(description="What happened")
    def facts(self, match: Match) -> str:
        return match_facts_html(match)

    @admin.action(description="Postpone (move to a later round)")
    def postpone(
        self, request: HttpRequest, queryset: QuerySet[Match]
    ) -> TemplateResponse | None:
        def run(match: Match, data: dict[str, Any]) -> str:
            moved = match_postpone_audited(
                match_id=match.pk,
                to_round=data.get("round"),
                actor=_actor(request),
                reason=data["reason"],
            )
            return f"moved to round {moved.round}"

        return reason_action(
            self,
            request,
            queryset,
            title="Postpone these matches",
            run=run,
            form_class=PostponeForm,
        )

    @admin.action(description="Override the result")
    def override_result(
        self, request: HttpRequest, queryset: QuerySet[Match]
    ) -> TemplateResponse | None:
        def run(match: Match, data: dict[str, Any]) -> str:
            result = match_override_audited(
                match_id=match.pk,
                home_score=data["home_score"],
                away_score=data["away_score"],
                actor=_actor(request),
                reason=data["reason"],
            )
            return f"result now {result.home_score}–{result.away_score}"

        return reason_action(
            self,
            request,
            queryset,
            title="Override the result",
            run=run,
            form_class=OverrideForm,
            explain=OVERRIDE_EXPLAINED,
            single=True,
        )

    @admin.action(
        description="Re-run the post-game sequence (continues where it stopped)"
    )
    def rerun_postgame(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        # Not a change of anything: it resumes the sequence the matches'
        # own results call for, idempotently (no reason asked).
        ids = list(
            queryset.filter(
                status__in=[Match.Status.PLAYED, Match.Status.POST_GAME]
            ).values_list("pk", flat=True)
        )
        postgame_queue(ids)
        self.message_user(request, f"{len(ids)} post-game sequences re-queued")


@admin.register(TaskProgress)
class TaskProgressAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    league_path = "season__league_id"
    # Made by the resolve actions.
    superuser_can_add = False
    form = TaskProgressAdminForm
    list_display = ["id", "kind", "season", "resolved", "created_at", "finished_at"]
    readonly_fields = [
        "kind",
        "season",
        "resolved",
        "match_ids",
        "created_by",
        "finished_at",
    ]
    list_select_related = ["season"]

    @admin.display(description="Resolved")
    def resolved(self, progress: TaskProgress) -> str:
        done, total = progress_counts(progress)
        return f"{done} of {total}"


@admin.register(SeasonTeamArchive)
class SeasonTeamArchiveAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    """A team as it finished a closed season; the commissioner approves its
    re-draft from here."""

    league_path = "season__league_id"
    # "Change" here is only the right to run the re-draft action: every
    # field stays read-only.
    commissioner_can_change = True
    superuser_can_add = False  # made by the season's close
    list_display = ["team", "season", "record_shown", "redrafted"]
    list_filter = [league_filter("season", "league")]
    list_select_related = ["team", "season", "season__league"]
    readonly_fields = ["team", "season", "roster", "record", "redraft"]
    actions = ["approve_redraft"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The change form itself stays read-only for everyone; the action
        # checks the changelist-level right.
        return obj is None and super().has_change_permission(request, obj)

    @admin.display(description="Record (W/D/L), treasury")
    def record_shown(self, archive: SeasonTeamArchive) -> str:
        r = archive.record
        return (
            f"{r.get('won', 0)}/{r.get('drawn', 0)}/{r.get('lost', 0)}, "
            f"{money(r.get('treasury'))}"
        )

    @admin.display(description="Re-drafted", boolean=True)
    def redrafted(self, archive: SeasonTeamArchive) -> bool:
        return archive.redraft is not None

    @admin.action(description="Approve the re-draft (keep the roster)")
    def approve_redraft(
        self, request: HttpRequest, queryset: QuerySet[SeasonTeamArchive]
    ) -> TemplateResponse | None:
        explain = [
            "Every player who may return stays, with the team's re-rolls and "
            "staff; journeymen leave. A coach who wants another plan makes it "
            "on the team's re-draft page instead."
        ]
        for archive in queryset.select_related("team"):
            if archive.redraft is not None:
                explain.append(f"{archive.team}: already re-drafted.")
                continue
            preview = redraft_preview(archive=archive, actor=_actor(request))
            problems = "; ".join(v.message for v in preview.violations)
            explain.append(
                f"{archive.team}: {len(preview.players)} players kept, cost "
                f"{money(preview.total)} of a budget of "
                f"{money(preview.budget['total'])}, {money(preview.remaining)} "
                f"left in the treasury"
                + (f" — refused: {problems}" if problems else "")
            )

        def run(archive: SeasonTeamArchive, data: dict[str, Any]) -> str:
            preview = team_redraft_approve(
                archive_id=archive.pk, actor=_actor(request), reason=data["reason"]
            )
            return f"re-drafted, {money(preview.remaining)} left in the treasury"

        return reason_action(
            self,
            request,
            queryset,
            title="Approve these re-drafts",
            run=run,
            explain=explain,
        )


class WebhookDeliveryInline(ScopedInline, admin.TabularInline):  # type: ignore[type-arg]
    model = WebhookDelivery
    fields = [
        "kind",
        "status",
        "attempts",
        "last_status_code",
        "last_error",
        "created_at",
    ]
    readonly_fields = fields
    extra = 0
    max_num = 0
    ordering = ["-created_at"]


@admin.register(LeagueWebhook)
class LeagueWebhookAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    """A league's webhooks: added through the API (matches/api/webhooks.py);
    here the commissioner reads them and their delivery log, and may switch
    them off (the action calls the service)."""

    # "Change" here is only the right to run the action: every field stays
    # read-only.
    commissioner_can_change = True
    superuser_can_add = False  # made through the API, with its secret
    list_display = ["url", "league", "kind", "active", "created_at"]
    list_filter = [league_filter("league"), "kind", "active"]
    list_select_related = ["league"]
    fields = ["league", "url", "kind", "events", "active", "secret", "created_at"]
    readonly_fields = fields
    inlines = [WebhookDeliveryInline]
    actions = ["switch_off"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    @admin.action(description="Switch off the selected webhooks")
    def switch_off(
        self, request: HttpRequest, queryset: QuerySet[LeagueWebhook]
    ) -> None:
        for hook in queryset:
            webhook_deactivate(webhook_id=hook.pk)
        self.message_user(request, f"{len(queryset)} webhook(s) switched off.")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    """What was sent to each webhook, how often it was tried and what the
    receiver last answered. Read-only."""

    league_path = "webhook__league_id"
    superuser_can_add = False  # made by the webhooks' services
    list_display = [
        "kind",
        "webhook",
        "status",
        "attempts",
        "last_status_code",
        "created_at",
    ]
    list_filter = [league_filter("webhook", "league"), "status", "kind"]
    list_select_related = ["webhook", "webhook__league"]
    readonly_fields = [
        "webhook",
        "kind",
        "key",
        "status",
        "attempts",
        "last_status_code",
        "last_error",
        "next_attempt_at",
        "delivered_at",
        "created_at",
        "body",
    ]


@admin.register(PostgameEnd)
class PostgameEndAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    """Each team's post-game of a match in a format with Expensive Mistakes:
    open until its coach (or the commissioner) ends it from the team's page
    or the API, else ended before the team's next match or at the season's
    close (:mod:`matches.postgame.end`), with the roll it made. Read-only."""

    league_path = "team__league_id"
    superuser_can_add = False  # opened by the post-game
    list_display = [
        "match",
        "team",
        "opened_at",
        "ended_at",
        "how",
        "treasury_before",
        "incident",
        "lost",
    ]
    list_filter = [league_filter("team", "league"), "how"]
    list_select_related = ["match", "match__home", "match__away", "team"]
    readonly_fields = [
        "match",
        "team",
        "opened_at",
        "ended_at",
        "how",
        "ended_by",
        "treasury_before",
        "incident",
        "lost",
    ]


@admin.register(PointsDeduction)
class PointsDeductionAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    """League points docked from a team ("No-shows"), withdrawn or not.
    Read-only: both steps go through their audited services (the API's
    ``points-deductions``), each a line of the league's audit log."""

    league_path = "season__league_id"
    superuser_can_add = False  # docked by the service
    list_display = [
        "season",
        "team",
        "points",
        "reason",
        "created_at",
        "withdrawn_at",
    ]
    list_filter = [league_filter("season", "league"), "withdrawn_at"]
    list_select_related = ["season", "season__league", "team"]
    readonly_fields = [
        "season",
        "team",
        "points",
        "reason",
        "created_by",
        "created_at",
        "withdrawn_at",
        "withdrawn_by",
        "withdrawal_reason",
    ]
