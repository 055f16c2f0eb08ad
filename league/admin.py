"""The commissioner admin. Each league's commissioner sees and corrects the
objects of the leagues they run (``league/admin_scope.py``); writes that
move gold go through the services (a manual treasury adjustment needs a
reason, and is logged in the ledger and the audit log)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse

from league.accounts.verification import email_verified
from league.admin_actions import money, target
from league.admin_cache import PageCacheAdmin
from league.admin_forms import (
    LEAGUE_CONSTRAINTS,
    TEAM_CONSTRAINTS,
    ConstraintsForm,
    LeagueAdminForm,
    PlayerAdminForm,
    PlayerRowForm,
    RosterNumbersFormSet,
    refuse_violations,
)
from league.admin_scope import (
    CommissionerScope,
    ScopedInline,
    is_superuser,
    league_filter,
    may_add_league,
)
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
from league.rules import league_rules
from league.selectors import (
    roster_choices,
    roster_has_position,
    roster_name,
    roster_players_prefetch,
    team_move_violation,
    team_value_get,
)
from league.services.corrections import team_staff_violations
from league.services.leagues import league_create, league_option_violations
from league.services.treasury import ADJUSTMENT_MAX, treasury_adjust

LEAGUE_ADD_FIELDS = [
    "name",
    "format",
    "points_win",
    "points_draw",
    "points_loss",
    "casualty_table",
    "sevens_spp",
    "time_limit",
    "casualty_bonus",
    "bonus_points",
    "redraft_cap",
    "report_confirmation_days",
]


class LeagueMembershipInline(ScopedInline, admin.TabularInline):
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


class LeagueAddForm(ConstraintsForm):
    """A new league's fields; its creator becomes its commissioner, and what
    is left empty is the format's (its casualty table, its standings
    order, its rules data), as on the site's new-league page."""

    casualty_table = forms.ChoiceField(
        required=False,
        choices=[("", "The format's own")] + list(League.CasualtyTable.choices),
    )
    creator: Any = None
    constraint_errors = LEAGUE_CONSTRAINTS
    name_what = "league name"

    class Meta:
        model = League
        fields = LEAGUE_ADD_FIELDS

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not email_verified(self.creator):
            raise forms.ValidationError(
                "Verify your e-mail address before you create a league.",
                code="email_unverified",
            )
        if data.get("format"):
            # what league_create refuses, by its field, before it is called
            refuse_violations(
                self,
                league_option_violations(
                    data["format"],
                    casualty_table=data.get("casualty_table") or None,
                    sevens_spp=bool(data.get("sevens_spp")),
                    time_limit=bool(data.get("time_limit")),
                    bonus_points=bool(data.get("bonus_points")),
                    redraft_cap=bool(data.get("redraft_cap")),
                ),
            )
        return data


@admin.register(League)
class LeagueAdmin(CommissionerScope, PageCacheAdmin):
    league_path = "pk"
    commissioner_can_change = True
    form = LeagueAdminForm
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
    # What the league's teams were drafted for and its rules data: a league
    # keeps the edition it started with (its teams' rosters, positions and
    # skills are that edition's; a rules-data version that does not exist
    # broke every page of the league). The superuser may still correct them.
    league_edition = ["format", "rules_version"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return may_add_league(request.user)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return super().has_module_permission(request) or may_add_league(request.user)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return LEAGUE_ADD_FIELDS
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return []
        fields = list(super().get_readonly_fields(request, obj))
        if is_superuser(request):
            return fields
        return fields + [f for f in self.league_edition if f not in fields]

    def get_inlines(self, request: HttpRequest, obj: Any = None) -> Any:
        return super().get_inlines(request, obj) if obj is not None else []

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is not None:
            return super().get_form(request, obj, change=change, **kwargs)
        kwargs["form"] = LeagueAddForm
        form = super().get_form(request, obj, change=change, **kwargs)
        return type(form.__name__, (form,), {"creator": request.user})

    def save_model(
        self, request: HttpRequest, obj: League, form: Any, change: bool
    ) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        league = league_create(
            commissioner=request.user,  # type: ignore[arg-type]
            name=data["name"],
            format=data["format"],
            points_win=data["points_win"],
            points_draw=data["points_draw"],
            points_loss=data["points_loss"],
            casualty_table=data["casualty_table"] or None,
            sevens_spp=data["sevens_spp"],
            time_limit=data["time_limit"],
            casualty_bonus=data["casualty_bonus"],
            bonus_points=data["bonus_points"],
            redraft_cap=data["redraft_cap"],
            report_confirmation_days=data["report_confirmation_days"],
        )
        # The admin goes on with the object it was given (its log entry,
        # the redirect to the new league's page).
        for field in League._meta.concrete_fields:
            setattr(obj, field.attname, getattr(league, field.attname))
        obj._state.adding = False
        obj._state.db = league._state.db


class Characteristics:
    """MA and ST as numbers, AG, PA and AV as the target numbers the rules
    print (3+; "-" for no PA)."""

    @admin.display(description="MA")
    def ma_shown(self, player: Player) -> str:
        return str(player.ma)

    @admin.display(description="ST")
    def st_shown(self, player: Player) -> str:
        return str(player.st)

    @admin.display(description="AG")
    def ag_shown(self, player: Player) -> str:
        return target(player.ag)

    @admin.display(description="PA")
    def pa_shown(self, player: Player) -> str:
        return target(player.pa)

    @admin.display(description="AV")
    def av_shown(self, player: Player) -> str:
        return target(player.av)

    @admin.display(description="Value", ordering="value")
    def value_shown(self, player: Player) -> str:
        return money(player.value)


CHARACTERISTICS = ["ma_shown", "st_shown", "ag_shown", "pa_shown", "av_shown"]


class PlayerInline(ScopedInline, Characteristics, admin.TabularInline):
    model = Player
    form = PlayerRowForm
    formset = RosterNumbersFormSet
    extra = 0
    # Characteristics are shown as the rules write them; they are edited
    # (as plain numbers) on the player's own page.
    fields = [
        "number",
        "name",
        "position",
        *CHARACTERISTICS,
        "spp",
        "value_shown",
        "miss_next_game",
        "niggling_injuries",
        "status",
        "journeyman",
    ]
    readonly_fields = [
        "position",
        *CHARACTERISTICS,
        "value_shown",
        "spp",
        "journeyman",
    ]
    show_change_link = True
    commissioner_can_change = True
    # A player joins through the draft and the hiring services.
    superuser_can_add = False


class TreasuryEntryInline(ScopedInline, admin.TabularInline):
    model = TreasuryEntry
    extra = 0
    fields = [
        "created_at",
        "amount_shown",
        "reason",
        "note",
        "balance_shown",
        "created_by",
    ]
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[TreasuryEntry]:
        # each row is named after its team and shows who made it
        return super().get_queryset(request).select_related("team", "created_by")

    @admin.display(description="Amount")
    def amount_shown(self, entry: TreasuryEntry) -> str:
        return money(entry.amount)

    @admin.display(description="Balance after")
    def balance_shown(self, entry: TreasuryEntry) -> str:
        return money(entry.balance_after)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TreasuryAdjustmentForm(forms.Form):
    amount = forms.IntegerField(
        min_value=-ADJUSTMENT_MAX,
        max_value=ADJUSTMENT_MAX,
        help_text="Gold pieces; negative to take gold away.",
    )
    note = forms.CharField(
        max_length=300, help_text="Why (required, kept in the ledger)."
    )


# A team's re-rolls, staff and fans, named as the variant's team fields
# name them (engine/variants/fields.py), and what the admin shows of its
# treasury and Team Value, with the team field each belongs to: a team of a
# format whose variant lacks a field has none of it.
STAFF_FIELDS = (
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
)
FORMAT_FIELDS = {name: name for name in STAFF_FIELDS} | {
    "treasury_shown": "treasury",
    "adjust_treasury_link": "treasury",
    "team_value": "team_value",
}


class TeamAdminForm(ConstraintsForm):
    roster = forms.ChoiceField(choices=roster_choices)
    constraint_errors = TEAM_CONSTRAINTS
    name_what = "team name"

    class Meta:
        model = Team
        # Not the treasury: it moves only through the ledger services.
        fields = [
            "league",
            "coach",
            "roster",
            "name",
            "status",
            "rerolls",
            "assistant_coaches",
            "cheerleaders",
            "apothecary",
            "dedicated_fans",
            "special_rule",
        ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.league_id is not None:
            field = self.fields["roster"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = roster_choices(self.instance.league)

    def _refuse_roster_without_players(self, league: League, roster: str) -> None:
        """A team's players keep their positions: a roster that lacks one
        of them is refused (their profiles and skills are read from it)."""
        positions = sorted(
            set(self.instance.players.values_list("position", flat=True))
        )
        missing = [p for p in positions if not roster_has_position(league, roster, p)]
        if missing:
            self.add_error(
                "roster",
                forms.ValidationError(
                    f"the team's {', '.join(missing)} players are not on a "
                    f"{roster_name(roster)} roster",
                    code="positions_not_on_roster",
                ),
            )

    def clean(self) -> dict[str, Any]:
        """Refuse a roster of another format, and a change to what the
        team's format does not have (its variant's ``team_fields``): on the
        field where the form shows it (a new team, or one moved to another
        league), otherwise naming it."""
        cleaned = super().clean()
        if self.instance.pk and "league" in self.changed_data:
            moved = team_move_violation(self.instance)
            if moved is not None:
                # refused: the rest is checked against the team's own league
                self.add_error(
                    "league", forms.ValidationError(moved.message, code=moved.code)
                )
        league = cleaned.get("league")
        if league is None and "league" not in self.fields:
            # read-only (a commissioner's page): the team's own
            league = self.instance.league if self.instance.league_id else None
        if league is None:
            return cleaned
        fmt = league_rules(league).variant
        roster = cleaned.get("roster")
        if roster and roster not in dict(roster_choices(league)):
            self.add_error("roster", f"not a roster of {fmt.label}")
        elif roster and self.instance.pk and roster != self.instance.roster:
            self._refuse_roster_without_players(league, roster)
        for name in STAFF_FIELDS:
            if name in fmt.team_fields:
                continue
            label = Team._meta.get_field(name).verbose_name
            why = f"a {fmt.label} team has no {label}"
            if name not in self.fields:
                if name in self.data:
                    self.add_error(None, f"{name}: {why}")
            elif name in cleaned and cleaned[name] != getattr(self.instance, name):
                self.add_error(name, why)
        if self.instance.pk and "league" not in self.changed_data:
            # re-rolls, staff and fans held to the format's limits
            refuse_violations(self, team_staff_violations(self.instance, cleaned))
        return cleaned


@admin.register(Team)
class TeamAdmin(CommissionerScope, PageCacheAdmin):
    commissioner_can_change = True
    form = TeamAdminForm
    list_display = [
        "name",
        "league",
        "coach",
        "roster_shown",
        "status",
        "treasury_shown",
        "team_value",
    ]
    list_filter = [league_filter("league"), "status", "roster"]
    search_fields = ["name", "coach__username", "league__name"]
    list_select_related = ["league", "coach"]
    # The treasury moves only through the ledger services.
    readonly_fields = ["treasury_shown", "team_value", "adjust_treasury_link"]
    inlines = [PlayerInline, TreasuryEntryInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        # the TV / CTV column reads every team's players: in one query
        return super().get_queryset(request).prefetch_related(roster_players_prefetch())

    def get_fields(self, request: HttpRequest, obj: Team | None = None) -> Any:
        """A team's page shows only what a team of its format has. A new
        team's format is not known until its league is chosen (the form
        refuses what it lacks), and it has no treasury or Team Value yet."""
        fields = super().get_fields(request, obj)
        has = (
            league_rules(obj.league).variant.team_fields
            if obj is not None
            else frozenset(STAFF_FIELDS)
        )
        return [f for f in fields if f not in FORMAT_FIELDS or FORMAT_FIELDS[f] in has]

    @admin.display(description="Roster", ordering="roster")
    def roster_shown(self, team: Team) -> str:
        return roster_name(team.roster)

    @admin.display(description="Treasury", ordering="treasury")
    def treasury_shown(self, team: Team) -> str:
        return money(team.treasury)

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
        # Through the scoped queryset: another league's team is a 404.
        team = get_object_or_404(self.get_queryset(request), pk=team_id)
        if not self.has_change_permission(request, team):
            raise PermissionDenied
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
class PlayerAdmin(CommissionerScope, Characteristics, PageCacheAdmin):
    league_path = "team__league_id"
    commissioner_can_change = True
    # A player joins through the draft and the hiring services.
    superuser_can_add = False
    form = PlayerAdminForm
    list_display = [
        "name",
        "number",
        "team",
        "position",
        *CHARACTERISTICS,
        "spp",
        "value_shown",
        "status",
        "journeyman",
        "skills_gained",
    ]
    list_filter = [
        "status",
        "journeyman",
        league_filter("team__league"),
        "miss_next_game",
    ]
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
class LeagueEventAdmin(CommissionerScope, ReadOnlyAdmin):
    list_display = [
        "created_at",
        "league",
        "type",
        "team",
        "player",
        "match_id",
        "created_by",
    ]
    list_filter = ["type", league_filter("league"), "created_at"]
    search_fields = ["team__name", "player__name", "created_by__username"]
    list_select_related = ["league", "team", "player", "created_by"]
    date_hierarchy = "created_at"


@admin.register(LeagueMembership)
class LeagueMembershipAdmin(CommissionerScope, ReadOnlyAdmin):
    list_display = ["league", "coach", "status", "created_at", "updated_at"]
    list_filter = ["status", league_filter("league")]
    search_fields = ["league__name", "coach__username"]
    list_select_related = ["league", "coach"]


@admin.register(SevensAdvancement)
class SevensAdvancementAdmin(CommissionerScope, ReadOnlyAdmin):
    league_path = "team__league_id"
    list_display = ["team", "match_id", "mode", "player", "skill", "value_increase"]
    list_filter = ["mode", league_filter("team__league")]
    search_fields = ["team__name", "player__name", "skill"]
    list_select_related = ["team", "player"]


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(CommissionerScope, admin.ModelAdmin):  # type: ignore[type-arg]
    league_path = "team__league_id"
    list_display = [
        "team",
        "amount_shown",
        "reason",
        "note",
        "balance_shown",
        "created_by",
        "created_at",
    ]
    list_filter = ["reason", league_filter("team__league")]
    search_fields = ["team__name", "note"]
    list_select_related = ["team", "created_by"]

    @admin.display(description="Amount", ordering="amount")
    def amount_shown(self, entry: TreasuryEntry) -> str:
        return money(entry.amount)

    @admin.display(description="Balance after", ordering="balance_after")
    def balance_shown(self, entry: TreasuryEntry) -> str:
        return money(entry.balance_after)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
