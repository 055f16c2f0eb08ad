"""The inducements page of a match: both sides' budgets and purchases
before the kick-off; each coach (or the commissioner) buys for their side
once, through the inducement service."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from engine.facade import mercenary_price, rules_data
from league.access import team_can_write, team_require_write, teams_require_write
from league.errors import ServiceError
from matches.models import Match
from matches.pages.card_views import match_is_card_game
from matches.pages.forms import InducementForm
from matches.pages.selectors import match_page_qs
from matches.postgame.end import match_buy_inducements_after_postgames
from matches.prematch.inducements import (
    Side,
    inducement_line_name,
    inducement_offer,
    inducement_sides,
)
from matches.prematch.kickoff import PARTY_REFUSAL

UNKNOWN_TEAM = "Choose which of the match's two teams buys: the form named neither."


def _match(match_id: int) -> Match:
    return get_object_or_404(match_page_qs(), pk=match_id)


def _inducement_side(
    request: HttpRequest,
    match: Match,
    side: Side,
    label: str,
    data: QueryDict | None = None,
) -> dict[str, Any]:
    """One side of the inducements page: its budget, what it bought (with
    the catalogue's names), and its form if the user may buy for it now."""
    team = side.team
    offer = inducement_offer(side, match)
    version = match.season.settings["rules_version"]
    roster = rules_data(version).rosters[team.roster]
    skills = rules_data(version).skills
    bought = [
        {**line, "name": inducement_line_name(match, team, line)}
        for line in (side.bought.lines if side.bought else [])
    ]
    form = None
    if (
        match.status == Match.Status.SCHEDULED
        and side.bought is None
        and team_can_write(request.user, team)
    ):
        positions = [
            (p.slug, f"{p.name} ({mercenary_price(p.cost):,})")
            for p in sorted(roster.positions, key=lambda p: p.cost)
        ]
        skill_choices = [
            (skill.slug, f"{skill.name} ({skill.category})")
            for skill in sorted(skills.values(), key=lambda skill: skill.name)
            if skill.category not in ("trait", "extraordinary")
        ]
        form = InducementForm(
            data,
            offer=offer,
            positions=positions,
            skills=skill_choices,
            prefix=f"t{team.pk}",
        )
    return {
        "label": label,
        "side": side,
        "team": team,
        "budget": side.petty_cash + side.treasury_available,
        "bought": bought,
        "form": form,
        "general_errors": [],
    }


def _purchase_violations(
    exc: ServiceError, form: InducementForm, fields: list[str]
) -> list[str]:
    """``items.<i>[.<name>]`` goes to the form field item ``i`` came from;
    the rest (budget, buying order) is shown above the form."""
    general: list[str] = []
    for v in exc.violations:
        parts = (v.field or "").split(".")
        if parts[0] == "items" and len(parts) > 1 and parts[1].isdigit():
            index = int(parts[1])
            if index < len(fields):
                name = fields[index]
                if len(parts) > 2 and parts[2] in ("position", "skill"):
                    name = f"mercenary_{parts[2]}"
                form.add_error(name, v.message)
                continue
        general.append(v.message)
    return general


@require_http_methods(["GET", "HEAD", "POST"])
def match_inducements(request: HttpRequest, match_id: int) -> HttpResponse:
    """Both sides' budgets and purchases before a match; each coach (or the
    commissioner) buys for their side once, through the inducement service."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match = _match(match_id)
    if match_is_card_game(match):  # no inducements in a card format
        return redirect("web:match", match_id=match.pk)
    home, away = inducement_sides(match)
    buying: int | None = None
    errors: list[str] = []
    if request.method == "POST":
        # Who may buy, before what was sent is read: a stranger is refused
        # as such, not told the form names no team.
        teams_require_write(request.user, [home.team, away.team], PARTY_REFUSAL)
        team_id = request.POST.get("team", "")
        by_team = {str(s.team.pk): s for s in (home, away)}
        if team_id in by_team:
            team_require_write(request.user, by_team[team_id].team)
            buying = int(team_id)
        else:
            errors.append(UNKNOWN_TEAM)
    sides = [
        _inducement_side(
            request,
            match,
            side,
            label,
            request.POST if buying == side.team.pk else None,
        )
        for side, label in ((home, "Home"), (away, "Away"))
    ]
    sides[0]["opponent"], sides[1]["opponent"] = away.team, home.team
    status = 400 if errors else 200
    if buying is not None:
        entry = next(s for s in sides if s["team"].pk == buying)
        form: InducementForm | None = entry["form"]
        if form is not None and not form.is_valid():
            status = 400
        else:
            # Without a form (bought already, or kicked off) the service
            # says why it refuses.
            asked = form.purchases() if form is not None else []
            try:
                record = match_buy_inducements_after_postgames(
                    match_id=match.pk,
                    team_id=buying,
                    items=[p for _, p in asked],
                    actor=request.user,  # type: ignore[arg-type]
                )
            except ServiceError as exc:
                entry["general_errors"] = (
                    _purchase_violations(exc, form, [name for name, _ in asked])
                    if form is not None
                    else [v.message for v in exc.violations]
                )
                status = 400
            else:
                messages.success(
                    request,
                    f"{entry['team'].name} bought inducements for "
                    f"{record.total:,}: {record.petty_cash_used:,} from petty "
                    f"cash, {record.treasury_used:,} from the treasury.",
                )
                return redirect("web:match-inducements", match_id=match.pk)
    context = {
        "match": match,
        "season": match.season,
        "league": match.season.league,
        "sides": sides,
        "open": match.status == Match.Status.SCHEDULED,
        "errors": errors,
    }
    return render(request, "matches/inducements.html", context, status=status)
