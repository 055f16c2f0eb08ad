"""Commissioner admin for seasons and matches; actions call services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin_cache import PageCacheAdmin
from league.errors import ServiceError
from matches.models import Match, MatchEvent, MatchResult, Season, TaskProgress
from matches.services.queue import matches_resolution_queue, postgame_queue
from matches.services.seasons import season_schedule


@admin.register(Season)
class SeasonAdmin(PageCacheAdmin):
    list_display = ["name", "league", "status", "double_round_robin", "playoff_teams"]
    list_filter = ["status", "league"]
    search_fields = ["name", "league__name"]
    readonly_fields = ["settings", "seed"]
    actions = ["generate_schedule"]

    @admin.action(description="Generate schedule")
    def generate_schedule(
        self, request: HttpRequest, queryset: QuerySet[Season]
    ) -> None:
        for season in queryset:
            try:
                matches = season_schedule(season_id=season.pk)
            except ServiceError as exc:
                self.message_user(request, f"{season}: {exc}", messages.ERROR)
            else:
                self.message_user(
                    request, f"{season}: {len(matches)} matches scheduled"
                )


class MatchEventInline(admin.TabularInline):
    model = MatchEvent
    extra = 0
    fields = ["seq", "type", "payload"]
    readonly_fields = fields
    can_delete = False
    max_num = 0
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchResultInline(admin.StackedInline):
    model = MatchResult
    extra = 0
    can_delete = False
    readonly_fields = [
        "mode",
        "home_score",
        "away_score",
        "home_fan_factor",
        "away_fan_factor",
        "conceded_by",
        "player_stats",
        "casualties",
        "submitted_by",
    ]
    exclude = ["summary"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(PageCacheAdmin):
    league_path = "season__league_id"
    list_display = [
        "__str__",
        "season",
        "round",
        "stage",
        "status",
        "mode",
        "postgame_step",
    ]
    list_filter = ["status", "mode", "stage", "season__league", "season"]
    search_fields = ["home__name", "away__name"]
    list_select_related = ["home", "away", "season"]
    readonly_fields = [
        "status",
        "mode",
        "seed",
        "postgame_step",
        "home",
        "away",
        "season",
    ]
    inlines = [MatchResultInline, MatchEventInline]
    actions = ["resolve_selected", "rerun_postgame"]

    @admin.action(description="Resolve selected matches with the engine")
    def resolve_selected(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        ids = list(
            queryset.filter(
                status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]
            ).values_list("pk", flat=True)
        )
        matches_resolution_queue(ids)
        self.message_user(request, f"{len(ids)} matches queued for resolution")

    @admin.action(
        description="Re-run the post-game sequence (continues where it stopped)"
    )
    def rerun_postgame(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        ids = list(
            queryset.filter(
                status__in=[Match.Status.PLAYED, Match.Status.POST_GAME]
            ).values_list("pk", flat=True)
        )
        postgame_queue(ids)
        self.message_user(request, f"{len(ids)} post-game sequences re-queued")


@admin.register(TaskProgress)
class TaskProgressAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "season", "created_at", "finished_at"]
    readonly_fields = ["kind", "season", "match_ids", "created_by", "finished_at"]
