"""Web pages over leagues and teams: the league list, a coach's teams, the
draft, and hiring, firing and buying.

Pages that show seasons or matches (the league page, the team page with its
match history) live in ``matches/views.py``, since the league app never
imports the matches app. Each write view parses a form, calls one service,
then redirects; refusals are shown next to the fields they concern.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)

from engine.campaign import Characteristic
from engine.formats import get_format
from engine.rules_data import Roster, SkillRef, rules_data
from league.access import team_can_write, team_get_for_write
from league.errors import ServiceError
from league.forms import (
    KIND_LABELS,
    PURCHASE_LABELS,
    AdvanceForm,
    BuyForm,
    DraftTeamForm,
    HireForm,
    SevensSkillForm,
    draft_player_formset,
    draft_request,
    draft_rows,
    option_label,
    option_value,
    show_violations,
)
from league.models import League, LeagueEvent, LeagueMembership, Player
from league.selectors import (
    league_list,
    league_list_for_drafting,
    team_value_get,
)
from league.services.advancement import (
    AdvancementMenu,
    player_advance,
    player_advancements_get,
    team_sevens_advance,
    team_sevens_pending,
)
from league.services.demo import DEMO_LEAGUES
from league.services.membership import (
    membership_accept,
    membership_decline,
    membership_request,
)
from league.services.teams import (
    team_buy,
    team_draft,
    team_fire_player,
    team_hire_player,
)
from league.web_selectors import (
    draft_budget,
    league_draft_access,
    team_sheet_rows,
    user_teams,
)

# The demo's first league: `make demo` opens onto its page.
HOME_LEAGUE = DEMO_LEAGUES[0][0]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    league = League.objects.filter(name=HOME_LEAGUE).only("pk").first()
    if league is not None:
        return redirect("web:league", league_id=league.pk)
    return league_index(request)


@require_GET
def league_index(request: HttpRequest) -> HttpResponse:
    leagues = [(league, get_format(league.format).name) for league in league_list()]
    return render(request, "league/league_list.html", {"leagues": leagues})


@require_GET
@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    teams = [(team, team_value_get(team)) for team in user_teams(request.user)]
    drafting = league_list_for_drafting(request.user)
    open_leagues = (
        league_list().filter(is_open=True).exclude(pk__in=drafting.values("pk"))
    )
    return render(
        request,
        "league/my_teams.html",
        {"teams": teams, "leagues": drafting, "open_leagues": open_leagues},
    )


def _rosters(league: League) -> list[Roster]:
    return sorted(
        rules_data(league.rules_version).rosters.values(), key=lambda r: r.name
    )


def _draft_forms(
    request: HttpRequest, league: League, roster: Roster
) -> tuple[DraftTeamForm, object]:
    fmt = get_format(league.format)
    data = request.POST if request.method == "POST" else None
    form = DraftTeamForm(data, fmt=fmt, roster=roster)
    formset = draft_player_formset(data, fmt=fmt, roster=roster)
    return form, formset


@require_http_methods(["GET", "POST"])
@login_required
def team_draft_page(request: HttpRequest, league_id: int) -> HttpResponse:
    """Draft a team: choose a roster, then fill in players and staff; the
    budget updates as rows change, and the draft service has the last word.
    Someone who may not draft there is told why, and what to do about it."""
    league = get_object_or_404(League, pk=league_id)
    fmt = get_format(league.format)
    access = league_draft_access(league, request.user)
    if not access.may_draft:
        return render(
            request,
            "league/team_draft.html",
            {"league": league, "format": fmt, "access": access},
            status=403 if request.method == "POST" else 200,
        )
    rosters = _rosters(league)
    by_slug = {r.slug: r for r in rosters}
    slug = request.POST.get("roster") or request.GET.get("roster") or ""
    roster = by_slug.get(slug)
    context: dict[str, object] = {
        "league": league,
        "format": fmt,
        "rosters": rosters,
        "roster": roster,
    }
    if roster is None:
        return render(request, "league/team_draft.html", context)
    form, formset = _draft_forms(request, league, roster)
    squad_errors: list[str] = []
    general_errors: list[str] = []
    form_ok = form.is_valid()
    rows = draft_rows(formset)  # type: ignore[arg-type]
    if request.method == "POST":
        formset_ok = all(f.is_valid() for f in formset.forms)  # type: ignore[attr-defined]
        if form_ok and formset_ok:
            try:
                team = team_draft(
                    league=league,
                    coach=request.user,  # type: ignore[arg-type]
                    name=form.cleaned_data["name"] or "",
                    roster=roster.slug,
                    players=[p for _, p in rows],
                    rerolls=form.cleaned_data["rerolls"],
                    assistant_coaches=form.cleaned_data["assistant_coaches"],
                    cheerleaders=form.cleaned_data["cheerleaders"],
                    apothecary=form.cleaned_data["apothecary"],
                    dedicated_fans=form.cleaned_data["dedicated_fans"],
                )
            except ServiceError as exc:
                squad_errors, general_errors = show_violations(
                    exc.violations,
                    form,
                    formset=formset,  # type: ignore[arg-type]
                    row_of={n: row for n, (row, _) in enumerate(rows)},
                )
            else:
                messages.success(
                    request,
                    f"{team.name} drafted: {team.treasury:,} gold left in the treasury.",
                )
                return redirect("web:team", team_id=team.pk)
    context.update(
        form=form,
        formset=formset,
        squad_errors=squad_errors,
        general_errors=general_errors,
        budget=draft_budget(fmt, roster, draft_request(form, rows)),
        positions=[
            (p, min(p.max, fmt.max_players))
            for p in sorted(roster.positions, key=lambda p: (not p.lineman, p.cost))
        ],
    )
    status = 400 if request.method == "POST" else 200
    return render(request, "league/team_draft.html", context, status=status)


@require_POST
@login_required
def team_draft_budget(request: HttpRequest, league_id: int) -> HttpResponse:
    """The live budget of a draft in progress (an htmx fragment)."""
    league = get_object_or_404(League, pk=league_id)
    roster = rules_data(league.rules_version).rosters.get(
        request.POST.get("roster", "")
    )
    if roster is None:
        return HttpResponse(status=400)
    form, formset = _draft_forms(request, league, roster)
    rows = draft_rows(formset)  # type: ignore[arg-type]
    budget = draft_budget(get_format(league.format), roster, draft_request(form, rows))
    return render(request, "league/_draft_budget.html", {"budget": budget})


def _membership_step(
    request: HttpRequest,
    league_id: int,
    step: Callable[..., LeagueMembership],
    done: str,
) -> HttpResponse:
    """Run one of the coach's own membership steps, then go back to the
    draft page, which says what the coach may do now."""
    league = get_object_or_404(League, pk=league_id)
    try:
        step(league_id=league.pk, actor=request.user)
    except ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, done.format(league=league.name))
    return redirect("web:team-draft", league_id=league.pk)


@require_POST
@login_required
def league_join(request: HttpRequest, league_id: int) -> HttpResponse:
    """Ask to join an open league."""
    return _membership_step(
        request,
        league_id,
        membership_request,
        "You asked to join {league}: its commissioner will answer.",
    )


@require_POST
@login_required
def league_invitation_accept(request: HttpRequest, league_id: int) -> HttpResponse:
    return _membership_step(
        request,
        league_id,
        membership_accept,
        "You are a member of {league}: draft your team.",
    )


@require_POST
@login_required
def league_invitation_decline(request: HttpRequest, league_id: int) -> HttpResponse:
    return _membership_step(
        request,
        league_id,
        membership_decline,
        "You declined the invitation to {league}.",
    )


def _team_url(team_id: int, anchor: str = "") -> str:
    return reverse("web:team", kwargs={"team_id": team_id}) + anchor


def _refused(request: HttpRequest, exc: ServiceError) -> None:
    for v in exc.violations:
        messages.error(request, v.message)


@require_POST
@login_required
def team_hire(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    form = HireForm(request.POST, roster=roster)
    if not form.is_valid():
        for field, errors in form.errors.items():
            for error in errors:
                messages.error(request, f"{field}: {error}")
        return redirect(_team_url(team.pk, "#manage"))
    try:
        player = team_hire_player(
            team_id=team.pk,
            position=form.cleaned_data["position"],
            name=form.cleaned_data["name"],
            actor=request.user,  # type: ignore[arg-type]
        )
    except ServiceError as exc:
        _refused(request, exc)
        return redirect(_team_url(team.pk, "#manage"))
    messages.success(request, f"Hired #{player.number} {player.name}.")
    return redirect(_team_url(team.pk))


@require_POST
@login_required
def team_fire(request: HttpRequest, team_id: int, player_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    try:
        player = team_fire_player(team_id=team.pk, player_id=player_id)
    except ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, f"Fired #{player.number} {player.name}.")
    return redirect(_team_url(team.pk))


@require_POST
@login_required
def team_purchase(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    form = BuyForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose what to buy and how many.")
        return redirect(_team_url(team.pk, "#manage"))
    item, quantity = form.cleaned_data["item"], form.cleaned_data["quantity"]
    try:
        team_buy(
            team_id=team.pk,
            item=item,
            quantity=quantity,
            actor=request.user,  # type: ignore[arg-type]
        )
    except ServiceError as exc:
        _refused(request, exc)
        return redirect(_team_url(team.pk, "#manage"))
    messages.success(request, f"Bought {quantity} × {PURCHASE_LABELS[item].lower()}.")
    return redirect(_team_url(team.pk))


# --- advancements ----------------------------------------------------------------


def _player_for_write(request: HttpRequest, player_id: int) -> Player:
    """The player, if the user may change their team: 404 if there is no
    such player, 403 if the team is not theirs."""
    player = get_object_or_404(
        Player.objects.select_related("team__league", "team__coach"), pk=player_id
    )
    if not team_can_write(request.user, player.team):
        raise PermissionDenied("only the team's coach or the league's commissioner")
    return player


def _advance_form(
    menu: AdvancementMenu, data: object = None
) -> tuple[AdvanceForm, dict[str, str]]:
    """The form over ``menu``'s options, and each option's label."""
    skills = rules_data(menu.player.team.league.rules_version).skills
    labels = {
        option_value(o.kind.value, o.category): option_label(
            o.kind.value, o.category, o.spp_cost, o.value_increase
        )
        for o in menu.options
    }
    categories = list(dict.fromkeys(o.category for o in menu.options if o.category))
    groups = [
        (
            category.title(),
            sorted(
                ((s.slug, s.name) for s in skills.values() if s.category == category),
                key=lambda c: c[1],
            ),
        )
        for category in categories
    ]
    form = AdvanceForm(data, options=list(labels.items()), skills=groups)
    return form, labels


# The service's field names -> the form's.
_ADVANCE_FIELDS = {"kind": "option", "category": "option"}


def _advance_context(
    player: Player, menu: AdvancementMenu, form: AdvanceForm | None
) -> dict[str, object]:
    team = player.team
    row = team_sheet_rows(team, [player])[0]
    context: dict[str, object] = {
        "player": player,
        "team": team,
        "league": team.league,
        "row": row,
        "menu": menu,
        "form": form,
        "costs": [
            (KIND_LABELS[kind], cost) for kind, cost in (menu.costs or {}).items()
        ],
    }
    if not menu.spp_tracked:
        pending = team_sevens_pending(team)
        candidate = pending is not None and any(
            c.player.pk == player.pk for c in pending.candidates
        )
        context["sevens_pending"] = pending
        context["sevens_candidate"] = candidate
        if candidate:
            assert pending is not None
            state = next(
                c.state for c in pending.candidates if c.player.pk == player.pk
            )
            context["sevens_categories"] = list(state.primary)
            context["sevens_form"] = SevensSkillForm(categories=state.primary)
    return context


@require_http_methods(["GET", "POST"])
@login_required
def player_advance_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """Spend a player's SPP on one advancement; the server rolls any dice
    and the result page shows them."""
    player = _player_for_write(request, player_id)
    menu = player_advancements_get(player)
    if request.method == "POST" and request.POST.get("action") == "sevens":
        return _sevens_advance(request, player, menu)
    form, _ = _advance_form(menu, request.POST if request.method == "POST" else None)
    general: list[str] = []
    if request.method == "POST" and form.is_valid():
        args = form.request()
        try:
            taken = player_advance(
                player_id=player.pk,
                kind=args["kind"],
                category=args["category"],
                skill=args["skill"],
                characteristic=[Characteristic(c) for c in args["characteristic"]],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            _, general = show_violations(exc.violations, form, aliases=_ADVANCE_FIELDS)
        else:
            return redirect(
                "web:player-advancement", player_id=player.pk, event_id=taken.event.pk
            )
    context = _advance_context(player, menu, form)
    context["general_errors"] = general
    status = 400 if form.errors or general else 200
    return render(request, "league/player_advance.html", context, status=status)


def _sevens_advance(
    request: HttpRequest, player: Player, menu: AdvancementMenu
) -> HttpResponse:
    context = _advance_context(player, menu, None)
    pending = context.get("sevens_pending")
    categories: list[str] = context.get("sevens_categories", [])  # type: ignore[assignment]
    form = SevensSkillForm(request.POST, categories=categories)
    general: list[str] = []
    if pending is None or not context.get("sevens_candidate"):
        general = ["This player has no post-game skill to take now."]
    elif form.is_valid():
        mode = form.cleaned_data["mode"]
        try:
            taken = team_sevens_advance(
                team_id=player.team_id,
                match_id=pending.match_id,  # type: ignore[attr-defined]
                mode=mode,
                player_id=player.pk if mode == "chosen_player_primary" else None,
                category=form.cleaned_data["category"] or None,
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            _, general = show_violations(exc.violations, form)
        else:
            return redirect(
                "web:player-advancement",
                player_id=taken.player.pk,
                event_id=taken.event.pk,
            )
    context.update(sevens_form=form, general_errors=general)
    return render(request, "league/player_advance.html", context, status=400)


@require_GET
@login_required
def player_advancement(
    request: HttpRequest, player_id: int, event_id: int
) -> HttpResponse:
    """One advancement taken: what it gave, what it cost and the dice the
    server rolled for it."""
    player = _player_for_write(request, player_id)
    event = get_object_or_404(
        LeagueEvent.objects.filter(
            player=player,
            type__in=(
                LeagueEvent.Type.ADVANCEMENT,
                LeagueEvent.Type.SEVENS_ADVANCEMENT,
            ),
        ),
        pk=event_id,
    )
    payload = event.payload
    skills = rules_data(player.team.league.rules_version).skills
    gained = payload.get("skill")
    skill = None
    if gained:
        ref = SkillRef(gained["skill"], gained.get("param"))
        skill = ref.label(skills) if ref.skill in skills else ref.skill
    characteristic = payload.get("characteristic")
    context = {
        "player": player,
        "team": player.team,
        "league": player.team.league,
        "event": event,
        "kind": KIND_LABELS.get(payload.get("kind", ""), payload.get("kind")),
        "category": payload.get("category"),
        "skill": skill,
        "characteristic": characteristic.upper() if characteristic else None,
        "dice": [
            {
                "purpose": str(d["purpose"]).replace("_", " "),
                "sides": d["sides"],
                "result": d["result"],
            }
            for d in payload.get("dice", [])
        ],
    }
    return render(request, "league/player_advancement.html", context)
