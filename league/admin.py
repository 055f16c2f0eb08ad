"""The commissioner admin. Reads are plain admin; writes that move gold go
through the services (a manual treasury adjustment needs a reason)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse

from league.admin_cache import PageCacheAdmin
from league.errors import ServiceError
from league.models import (
    League,
    LeagueEvent,
    LeagueMembership,
    Player,
    SevensAdvancement,
    Team,
    TreasuryEntry,
)
from league.selectors import team_value_get
from league.services.treasury import treasury_adjust


class LeagueMembershipInline(admin.TabularInline):
    """Read-only: invitations, requests and removals go through the
    membership services, which write the league's audit log."""

    model = LeagueMembership
    extra = 0
    fields = ("coach", "status", "created_at", "updated_at")
    readonly_fields = ("coach", "status", "created_at", "updated_at")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(League)
class LeagueAdmin(PageCacheAdmin):
    league_path = "pk"
    list_display = [
        "name",
        "format",
        "rules_version",
        "commissioner",
        "is_open",
        "created_at",
    ]
    list_filter = ["format", "casualty_table", "is_open"]
    search_fields = ["name", "commissioner__username"]
    # Opened and closed only by the commissioner, through the service.
    readonly_fields = ["is_open"]
    inlines = [LeagueMembershipInline]


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = [
        "number",
        "name",
        "position",
        "ma",
        "st",
        "ag",
        "pa",
        "av",
        "spp",
        "value",
        "miss_next_game",
        "niggling_injuries",
        "status",
        "journeyman",
    ]
    readonly_fields = ["position", "value", "spp", "journeyman"]
    show_change_link = True


class TreasuryEntryInline(admin.TabularInline):
    model = TreasuryEntry
    extra = 0
    fields = ["created_at", "amount", "reason", "note", "balance_after", "created_by"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TreasuryAdjustmentForm(forms.Form):
    amount = forms.IntegerField(help_text="Gold pieces; negative to take gold away.")
    note = forms.CharField(
        max_length=300, help_text="Why (required, kept in the ledger)."
    )


@admin.register(Team)
class TeamAdmin(PageCacheAdmin):
    list_display = [
        "name",
        "league",
        "coach",
        "roster",
        "status",
        "treasury",
        "team_value",
    ]
    list_filter = ["league", "status", "roster"]
    search_fields = ["name", "coach__username", "league__name"]
    list_select_related = ["league", "coach"]
    # The treasury moves only through the ledger services.
    readonly_fields = ["treasury", "team_value", "adjust_treasury_link"]
    inlines = [PlayerInline, TreasuryEntryInline]

    @admin.display(description="TV / CTV")
    def team_value(self, team: Team) -> str:
        value = team_value_get(team)
        return f"{value.tv:,} / {value.ctv:,}"

    @admin.display(description="Adjust treasury")
    def adjust_treasury_link(self, team: Team) -> str:
        from django.utils.html import format_html

        if not team.pk:
            return "-"
        url = reverse("admin:league_team_adjust_treasury", args=[team.pk])
        return format_html('<a href="{}">Adjust treasury…</a>', url)

    def get_urls(self) -> list[Any]:
        return [
            path(
                "<int:team_id>/adjust-treasury/",
                self.admin_site.admin_view(self.adjust_treasury_view),
                name="league_team_adjust_treasury",
            ),
            *super().get_urls(),
        ]

    def adjust_treasury_view(self, request: HttpRequest, team_id: int) -> HttpResponse:
        team = get_object_or_404(Team, pk=team_id)
        if not self.has_change_permission(request, team):
            return HttpResponseRedirect(reverse("admin:index"))
        form = TreasuryAdjustmentForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                treasury_adjust(
                    team=team,
                    amount=form.cleaned_data["amount"],
                    note=form.cleaned_data["note"],
                    actor=request.user,  # type: ignore[arg-type]
                )
            except ServiceError as exc:
                for violation in exc.violations:
                    form.add_error(None, violation.message)
            else:
                messages.success(request, f"Treasury of {team} adjusted.")
                return HttpResponseRedirect(
                    reverse("admin:league_team_change", args=[team.pk])
                )
        context = {
            **self.admin_site.each_context(request),
            "title": f"Adjust the treasury of {team}",
            "form": form,
            "team": team,
            "opts": self.model._meta,
        }
        return TemplateResponse(
            request, "admin/league/team/adjust_treasury.html", context
        )


@admin.register(Player)
class PlayerAdmin(PageCacheAdmin):
    league_path = "team__league_id"
    list_display = [
        "name",
        "number",
        "team",
        "position",
        "spp",
        "value",
        "status",
        "journeyman",
        "skills_gained",
    ]
    list_filter = ["status", "journeyman", "team__league", "miss_next_game"]
    search_fields = ["name", "team__name"]
    list_select_related = ["team"]
    # Skills, advancements and the journeyman flag move only through the
    # advancement and journeyman services (each writes a LeagueEvent).
    exclude = ["gained_skills"]
    readonly_fields = [
        "value",
        "spp",
        "spp_earned",
        "advancements",
        "journeyman",
        "skills_gained",
        "improvements",
    ]

    @admin.display(description="Gained skills")
    def skills_gained(self, player: Player) -> str:
        labels = [
            f"{s['skill']} ({s['param']})" if s.get("param") else s["skill"]
            for s in player.gained_skills
        ]
        return ", ".join(labels) or "-"


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(LeagueEvent)
class LeagueEventAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "league",
        "type",
        "team",
        "player",
        "match_id",
        "created_by",
    ]
    list_filter = ["type", "league", "created_at"]
    search_fields = ["team__name", "player__name", "created_by__username"]
    list_select_related = ["league", "team", "player", "created_by"]
    date_hierarchy = "created_at"


@admin.register(LeagueMembership)
class LeagueMembershipAdmin(ReadOnlyAdmin):
    list_display = ["league", "coach", "status", "created_at", "updated_at"]
    list_filter = ["status", "league"]
    search_fields = ["league__name", "coach__username"]
    list_select_related = ["league", "coach"]


@admin.register(SevensAdvancement)
class SevensAdvancementAdmin(ReadOnlyAdmin):
    list_display = ["team", "match_id", "mode", "player", "skill", "value_increase"]
    list_filter = ["mode", "team__league"]
    search_fields = ["team__name", "player__name", "skill"]
    list_select_related = ["team", "player"]


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(admin.ModelAdmin):
    list_display = [
        "team",
        "amount",
        "reason",
        "balance_after",
        "created_by",
        "created_at",
    ]
    list_filter = ["reason", "team__league"]
    search_fields = ["team__name", "note"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
