"""Web pages over leagues and teams: the league list, a coach's teams and
the draft.

Pages that show seasons or matches (the league page, the team page with its
match history, and hiring, firing and buying from it, which show the team
page again on a refusal) live in ``matches/pages/``, since the league app
never imports the matches app. Each write view parses a form, calls one service,
then redirects; refusals are shown next to the fields they concern.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import InvalidPage, Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from engine.facade import Roster, get_variant, rules_data
from league.card_views import card_draft_page
from league.draft_forms import DraftSquadForm, DraftTeamForm, draft_request
from league.errors import ServiceError
from league.forms import (
    show_violations,
)
from league.models import League, LeagueMembership
from league.selectors import (
    league_list,
)
from league.services.demo import DEMO_LEAGUES
from league.services.membership import (
    membership_accept,
    membership_decline,
    membership_request,
)
from league.services.teams import (
    team_draft,
)
from league.web_selectors import (
    draft_budget,
    league_draft_access,
    roster_star_offers,
)

# The demo's first league: `make demo` opens onto its page.
HOME_LEAGUE = DEMO_LEAGUES[0][0]
# The Leagues page's leagues per page (the API's default page too).
LEAGUES_PER_PAGE = 50


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    league = League.objects.filter(name=HOME_LEAGUE).only("pk").first()
    if league is not None:
        return redirect("web:league", league_id=league.pk)
    return league_index(request)


@require_safe
def league_index(request: HttpRequest) -> HttpResponse:
    """The leagues by name, ``LEAGUES_PER_PAGE`` a page (``?page=``, from
    1; a page that is not one of them is a 404)."""
    paginator = Paginator(league_list(), LEAGUES_PER_PAGE)
    try:
        page = paginator.page(request.GET.get("page") or 1)
    except InvalidPage:
        raise Http404("no such page of leagues") from None
    leagues = [(league, get_variant(league.format).label) for league in page]
    return render(
        request, "league/league_list.html", {"leagues": leagues, "page": page}
    )


def _rosters(league: League) -> list[Roster]:
    return sorted(
        rules_data(league.rules_version).rosters.values(), key=lambda r: r.name
    )


def _draft_forms(
    request: HttpRequest,
    league: League,
    roster: Roster,
    data: QueryDict | None = None,
) -> tuple[DraftTeamForm, DraftSquadForm]:
    fmt = get_variant(league.format)
    if data is None and request.method == "POST":
        data = request.POST
    form = DraftTeamForm(data, fmt=fmt, roster=roster)
    squad = DraftSquadForm(data, fmt=fmt, roster=roster)
    return form, squad


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def team_draft_page(request: HttpRequest, league_id: int) -> HttpResponse:
    """Draft a team: choose a roster, then count the players of each
    position, name them and add staff; the budget updates as the counters
    change, and the draft service has the last word. Someone who may not
    draft there is told why, and what to do about it.

    A POST with ``names`` (the no-JavaScript "show the name inputs" button)
    only shows the page again with a name input for each player counted;
    one with ``suggest`` ("Suggest names" without JavaScript) shows it again
    with a suggested name for every player counted and left unnamed."""
    league = get_object_or_404(League, pk=league_id)
    fmt = get_variant(league.format)
    access = league_draft_access(league, request.user)
    if not access.may_draft:
        return render(
            request,
            "league/team_draft.html",
            {"league": league, "format": fmt, "access": access},
            status=403 if request.method == "POST" else 200,
        )
    if fmt.drafts_team_card:
        return card_draft_page(request, league, fmt)
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
        if request.method != "POST":
            return render(request, "league/team_draft.html", context)
        # A draft names its roster (the form's hidden input): one naming no
        # roster of the league's is refused, saying so, not shown the
        # roster choice as if nothing had been sent.
        context["roster_error"] = (
            f"{league.name} has no roster {slug!r}: choose one of its rosters"
            if slug
            else "choose a roster first"
        )
        return render(request, "league/team_draft.html", context, status=400)
    form, squad = _draft_forms(request, league, roster)
    suggestions = squad.name_suggestions(random.Random())
    asked = request.method == "POST" and (
        "names" in request.POST or "suggest" in request.POST
    )
    if asked and "suggest" in request.POST:
        form, squad = _draft_forms(
            request, league, roster, squad.with_suggested_names(suggestions)
        )
    squad.offer_names(suggestions)
    squad_errors: list[str] = []
    general_errors: list[str] = []
    players = squad.players()
    submitted = request.method == "POST" and not asked
    if submitted:
        if form.is_valid() and squad.is_valid():
            try:
                team = team_draft(
                    league=league,
                    coach=request.user,  # type: ignore[arg-type]
                    name=form.cleaned_data["name"] or "",
                    roster=roster.slug,
                    players=[p for _, p in players],
                    special_rule=form.cleaned_data.get("special_rule") or "",
                    **form.bought(),
                )
            except ServiceError as exc:
                squad_errors, rest = squad.show_violations(exc.violations, players)
                _, general_errors = show_violations(rest, form)
            else:
                messages.success(
                    request,
                    f"{team.name} drafted: {team.treasury:,} gold left in the treasury.",
                )
                return redirect("web:team", team_id=team.pk)
    context.update(
        form=form,
        squad=squad,
        squad_rows=squad.rows(),
        squad_errors=squad_errors,
        general_errors=general_errors,
        budget=draft_budget(fmt, roster, draft_request(form, players)),
        stars=roster_star_offers(fmt, roster, league.rules_version),
    )
    status = 400 if submitted else 200
    return render(request, "league/team_draft.html", context, status=status)


@require_POST
@login_required
def team_draft_budget(request: HttpRequest, league_id: int) -> HttpResponse:
    """The live budget of a draft in progress (an htmx fragment), for
    someone who may draft in the league: anyone else is refused before the
    draft they sent is read."""
    league = get_object_or_404(League, pk=league_id)
    access = league_draft_access(league, request.user)
    if not access.may_draft:
        raise PermissionDenied(access.reason)
    roster = rules_data(league.rules_version).rosters.get(
        request.POST.get("roster", "")
    )
    if roster is None:
        return HttpResponse(status=400)
    form, squad = _draft_forms(request, league, roster)
    budget = draft_budget(
        get_variant(league.format), roster, draft_request(form, squad.players())
    )
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


def _refused(request: HttpRequest, exc: ServiceError) -> None:
    for v in exc.violations:
        messages.error(request, v.message)
