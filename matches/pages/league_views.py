"""The league, season and team pages: what every visitor sees alike comes
from the page cache (league/page_cache.py), rendered once per league
generation; what belongs to one user (their controls, CSRF tokens) is
rendered for each request."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from engine.facade import (
    SIDELINE_STAFF,
    Variant,
    get_variant,
    purchase_unit_price,
    purchases_after_draft,
    rules_data,
)
from league.access import league_team_writer, team_ids_can_write, team_write_refusal
from league.forms import PURCHASE_LABELS, BuyForm, FireStaffForm, HireForm
from league.models import League, Team
from league.page_cache import league_cached, object_cached
from league.selectors import (
    captain_able,
    team_captain_rule,
    team_detail_qs,
    team_league_id,
    team_list,
    team_mvp_nominees,
    team_pending_rolls,
    team_roster_players,
    team_special_rules,
    team_value_get,
)
from league.team_forms import CaptainForm, MvpNominationsForm, SpecialRuleForm
from league.web_selectors import (
    card_sheet_rows,
    league_commissioned,
    league_draft_access,
    team_former_players,
    team_sheet_rows,
)
from matches.models import Match, Season, TaskProgress
from matches.pages.league_home import LeagueNow, league_now
from matches.pages.season_selectors import season_loop
from matches.pages.selectors import (
    ProgressView,
    SeasonView,
    league_seasons,
    season_running_progress,
    season_view,
    team_matches,
)
from matches.pages.team_sheet import (
    team_current_record,
    team_ledger_lines,
    team_redraft_due,
    team_value_breakdown,
)
from matches.postgame.end import team_open_postgame
from matches.postgame.retirement import team_retirement_candidates
from matches.seasons.selectors import season_league_id

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


# --- league and season pages -----------------------------------------------


@dataclass(slots=True)
class LeagueParts:
    """What the league page shows every visitor alike, rendered once per
    league generation (league/page_cache.py)."""

    league: League
    season: Season | None
    intro: str
    tabs: str
    season_head: str
    # Without any "Record report" button: those who may record a report see
    # the season body rendered for them alone.
    season_body: str
    teams: str
    total: int
    open: int
    playoffs_due: bool
    # (match, home coach, away coach) of each match still to play.
    open_matches: list[tuple[int, int, int]]
    # A resolution under way: its counts are read for each request.
    resolving: bool
    # The top of the league page (None on a season's own page): its next
    # round is rendered for each request (who may record a report), the
    # rest comes rendered.
    now: LeagueNow | None = None
    now_body: str = ""


@dataclass(frozen=True, slots=True)
class SeasonState:
    total: int
    open: int
    playoffs_due: bool
    progress: ProgressView | None


@dataclass(slots=True)
class _Built:
    """The visitors' season view a request built its parts from, when it
    built them (a cache hit builds nothing): a signed-in user's season body
    takes that view with their own controls instead of reading the season
    again."""

    view: SeasonView | None = None


def _league_parts(
    league_id: int, season_id: int | None, built: _Built | None = None
) -> LeagueParts:
    league = get_object_or_404(
        League.objects.select_related("commissioner"), pk=league_id
    )
    seasons = league_seasons(league)
    season = next((s for s in seasons if s.pk == season_id), None)
    if season_id is None and seasons:
        season = seasons[0]
    elif season_id is not None and season is None:
        raise Http404("no such season in this league")
    fmt = get_variant(league.format)
    rosters = {
        slug: r.name for slug, r in rules_data(league.rules_version).rosters.items()
    } | dict(fmt.team_cards())
    teams = [
        (t, team_value_get(t), rosters.get(t.roster, t.roster))
        for t in team_list(league_id=league.pk)
    ]
    view = season_view(season, AnonymousUser()) if season else None
    if built is not None:
        built.view = view
    context = {
        "league": league,
        "format": fmt,
        "seasons": seasons,
        "season": season,
        "view": view,
        "loop": season_loop(view) if view else None,
        "teams": teams,
    }

    # Decision: the league page (no season asked for) opens on what matters
    # now; a season's own page (a tab) shows that season only.
    now = league_now(season, view, seasons) if season_id is None else None
    context["now"] = now

    def fragment(name: str) -> str:
        return render_to_string(f"matches/{name}.html", context)

    return LeagueParts(
        league=league,
        season=season,
        intro=fragment("_league_intro"),
        tabs=fragment("_season_tabs"),
        season_head=fragment("_season_head") if season else "",
        season_body=fragment("_season_body") if season else "",
        teams=fragment("_league_teams"),
        total=view.total if view else 0,
        open=view.open if view else 0,
        playoffs_due=view.playoffs_due if view else False,
        open_matches=[
            (m.pk, m.home.coach_id, m.away.coach_id)
            for r in (view.rounds if view else [])
            for m in r.matches
            if m.status in OPEN
        ],
        resolving=season is not None
        and TaskProgress.objects.filter(season=season, finished_at=None).exists(),
        now=now,
        now_body=fragment("_league_now") if now else "",
    )


def _season_parts(season_id: int, built: _Built | None = None) -> LeagueParts:
    season = get_object_or_404(Season, pk=season_id)
    return _league_parts(season.league_id, season_id, built)


def _league_page_from(
    request: HttpRequest, parts: LeagueParts, built: _Built
) -> HttpResponse:
    """The league with one season (the one asked for, else its latest)."""
    league, season, user = parts.league, parts.season, request.user
    season_body = parts.season_body
    may_write = league_team_writer(
        user, league_id=league.pk, commissioner_id=league.commissioner_id
    )
    reportable = {
        match_id
        for match_id, home, away in parts.open_matches
        if may_write(home) or may_write(away)
    }
    may_report = bool(reportable)
    commissioner = league_commissioned(user, league)
    if season is not None and (may_report or commissioner):
        # Only the report links differ from the visitors' view, and they
        # are ``reportable``: a view built for these parts is reused (the
        # season's standings, fixtures and leaders are read once).
        view = (
            replace(built.view, reportable=reportable)
            if built.view is not None
            else season_view(season, user)
        )
        season_body = render_to_string(
            "matches/_season_body.html",
            {
                "season": season,
                "view": view,
                "loop": season_loop(view),
                "commissioner": commissioner,
            },
            request,
        )
    context = {
        "league": league,
        "season": season,
        "parts": {
            name: mark_safe(getattr(parts, name))  # noqa: S308 (rendered HTML)
            for name in ("intro", "tabs", "season_head", "teams")
        },
        "season_body": mark_safe(season_body),  # noqa: S308 (rendered HTML)
        "view": SeasonState(
            total=parts.total,
            open=parts.open,
            playoffs_due=parts.playoffs_due,
            progress=season_running_progress(season)
            if season and parts.resolving
            else None,
        ),
        "commissioner": commissioner,
        "draft_access": league_draft_access(league, user),
        "now": parts.now,
        "now_body": mark_safe(parts.now_body),  # noqa: S308 (rendered HTML)
        "reportable": reportable,
    }
    return render(request, "matches/league_page.html", context)


@require_safe
def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    built = _Built()
    parts = league_cached(
        league_id, "league-page", partial(_league_parts, league_id, None, built)
    )
    return _league_page_from(request, parts, built)


@require_safe
def season_page(request: HttpRequest, season_id: int) -> HttpResponse:
    built = _Built()
    parts = object_cached(
        "season",
        season_id,
        partial(season_league_id, season_id),
        "page",
        partial(_season_parts, season_id, built),
    )
    return _league_page_from(request, parts, built)


# --- team page ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamParts:
    """The team page as every visitor but its coach and commissioner sees
    it, rendered once per league generation."""

    name: str
    coach_id: int
    commissioner_id: int
    body: str


def team_buy_items(team: Team) -> list[str]:
    """What the team may ever buy after its draft, as its format and roster
    sell it (Sevens: no re-rolls; Dungeon Bowl: re-rolls alone; a roster
    without an apothecary: none): the buy form offers nothing else."""
    fmt = get_variant(team.league.format)
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    return list(purchases_after_draft(fmt, roster))


def team_staff_items(team: Team) -> list[str]:
    """The Sideline Staff the team has, to fire."""
    return [item for item in SIDELINE_STAFF if getattr(team, item)]


def _team_context(
    team: Team, *, can_write: bool, refused: Mapping[str, BaseForm] | None = None
) -> dict[str, Any]:
    """``refused``: the forms (by their context names) a refused POST bound,
    shown with what the coach typed and their errors instead of blank
    ones."""
    players = team_roster_players(team)
    fmt = get_variant(team.league.format)
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    value = team_value_get(team)
    context: dict[str, Any] = {
        "team": team,
        "league": team.league,
        "format": fmt,
        "roster": roster,
        "value": value,
        "breakdown": team_value_breakdown(value.tv, players),
        "record": team_current_record(team),
        "special_rules": [
            rules_data(team.league.rules_version).special_rules[slug].name
            for slug in team_special_rules(team)
        ],
        "has_captain_rule": bool(team_captain_rule(team)),
        "captain": captain_able(team) if team_captain_rule(team) else None,
        "mvp_nominees": team_mvp_nominees(team, players),
        "rows": team_sheet_rows(team, players),
        # players whose advancement dice wait for the coach's choice
        "pending_rolls": team_pending_rolls(players),
        "former": list(team_former_players(team)),
        "ledger": team_ledger_lines(team),
        "matches": team_matches(team),
        "can_write": can_write,
    }
    if can_write:
        items = team_buy_items(team)
        # none: no form
        staff = team_staff_items(team)
        context.update(
            hire_form=HireForm(roster=roster),
            # none: no form (a format and roster that sell nothing after the
            # draft)
            buy_form=BuyForm(items=items) if items else None,
            fire_staff_form=FireStaffForm(items=staff) if staff else None,
            prices=[
                (PURCHASE_LABELS[item], purchase_unit_price(fmt, roster, item))
                for item in items
            ],
            redraft_due=team_redraft_due(team),
            postgame_open=team_open_postgame(team),
            retirable=team_retirement_candidates(team),
            special_rule_form=SpecialRuleForm(
                roster=roster, rules_version=team.league.rules_version
            )
            if roster.special_rule_choice and not team.special_rule
            else None,
            captain_form=CaptainForm(players=players)
            if context["has_captain_rule"] and context["captain"] is None
            else None,
            mvp_form=MvpNominationsForm(
                players=players,
                limit=fmt.mvp_nominations,
                initial={"players": [p.pk for p in context["mvp_nominees"]]},
            )
            if fmt.mvp_nominations is not None
            else None,
        )
        context.update(refused or {})
    return context


def _card_team_context(team: Team, fmt: Variant, *, can_write: bool) -> dict[str, Any]:
    """A team of a card format (Blitz Bowl): its card and its players."""
    card = next(
        (c for c in fmt.team_card_details() if c["slug"] == team.roster),
        {"slug": team.roster, "name": team.roster},
    )
    rows = card_sheet_rows(fmt, team, list(team_roster_players(team)))
    return {
        "team": team,
        "league": team.league,
        "format": fmt,
        "card": card,
        "rows": rows,
        "record": team_current_record(team),
        "matches": team_matches(team),
        "can_write": can_write,
    }


def _team_body(
    team: Team,
    *,
    can_write: bool,
    request: HttpRequest | None = None,
    refused: Mapping[str, BaseForm] | None = None,
) -> str:
    fmt = get_variant(team.league.format)
    if fmt.drafts_team_card:
        return render_to_string(
            "matches/_card_team_body.html",
            _card_team_context(team, fmt, can_write=can_write),
            request,
        )
    return render_to_string(
        "matches/_team_body.html",
        _team_context(team, can_write=can_write, refused=refused),
        request,
    )


def _team_parts(team_id: int) -> TeamParts:
    team = get_object_or_404(team_detail_qs(), pk=team_id)
    return TeamParts(
        name=team.name,
        coach_id=team.coach_id,
        commissioner_id=team.league.commissioner_id,
        body=_team_body(team, can_write=False),
    )


@require_safe
def team_page(request: HttpRequest, team_id: int) -> HttpResponse:
    parts = object_cached(
        "team",
        team_id,
        partial(team_league_id, team_id),
        "page",
        partial(_team_parts, team_id),
    )
    body = parts.body
    frozen = ""
    if team_ids_can_write(
        request.user, coach_id=parts.coach_id, commissioner_id=parts.commissioner_id
    ):
        # The coach's controls (and CSRF tokens): rendered for them alone,
        # unless they were removed from the league (the team is frozen).
        team = get_object_or_404(team_detail_qs(), pk=team_id)
        refusal = team_write_refusal(request.user, team)
        if refusal is None:
            body = _team_body(team, can_write=True, request=request)
        else:
            frozen = str(refusal)
    context = {
        "team_name": parts.name,
        "body": mark_safe(body),  # noqa: S308 (rendered HTML)
        "frozen": frozen,
    }
    return render(request, "matches/team_page.html", context)


def team_page_refused(
    request: HttpRequest, team_id: int, **forms: BaseForm
) -> HttpResponse:
    """The team page again for the coach (or commissioner) whose form was
    refused: ``forms`` (``hire_form=…``) bound to what was typed, each error
    by its field; 400, nothing was written. The caller has checked that the
    user may write."""
    team = get_object_or_404(team_detail_qs(), pk=team_id)
    body = _team_body(team, can_write=True, request=request, refused=forms)
    context = {
        "team_name": team.name,
        "body": mark_safe(body),  # noqa: S308 (rendered HTML)
        "frozen": "",
    }
    return render(request, "matches/team_page.html", context, status=400)
