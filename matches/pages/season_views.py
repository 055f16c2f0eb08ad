"""The commissioner's season loop on the pages: closing a season (with a
confirmation step), postponing a match and setting round dates. Each page
is the commissioner's alone (403 for anyone else); each write parses a
form, calls one service and redirects to the season, and a refusal is shown
next to the field it concerns with nothing written."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.forms import show_refusal
from matches.commissioner.actions import (
    match_postpone_audited,
    season_close_audited,
)
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match, Season
from matches.pages.season_forms import (
    PostponeForm,
    RoundDatesForm,
    SeasonCloseForm,
    UnplayedForm,
)
from matches.pages.season_selectors import season_round_dates, season_round_list
from matches.pages.selectors import season_view
from matches.prematch.pregame import pregame_purchases
from matches.queue import (
    eager_mode,
    season_resolution_queue,
)
from matches.resolution.progress import (
    eager_resolution_step,
    match_resolve_start,
    progress_refusal_of,
)
from matches.seasons.round_dates import season_set_round_dates
from matches.seasons.selectors import season_champion_id


def _season(request: HttpRequest, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    league_get_for_commissioner(request.user, season.league_id)
    return season


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def season_close_page(request: HttpRequest, season_id: int) -> HttpResponse:
    """Ask first: who the champion will be and what closing does; closing
    takes a reason for the audit log (:func:`season_close_audited`)."""
    season = _season(request, season_id)
    form = SeasonCloseForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            teams = season_close_audited(
                season_id=season.pk,
                actor=request.user,  # type: ignore[arg-type]
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(
                request, f"{season.name} is closed: {teams} teams archived."
            )
            return redirect("web:season", season_id=season.pk)
    view = season_view(season, request.user)
    champion_id = season_champion_id(
        season, standings=[line.row for line in view.standings]
    )
    return render(
        request,
        "matches/season_close.html",
        {
            "season": season,
            "league": season.league,
            "form": form,
            "view": view,
            "champion": view.teams.get(champion_id) if champion_id else None,
        },
        status=400 if form.errors else 200,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def match_postpone_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("season__league", "home", "away"), pk=match_id
    )
    league_get_for_commissioner(request.user, match.season.league_id)
    bought = pregame_purchases(match)
    form = PostponeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            moved = match_postpone_audited(
                match_id=match.pk,
                to_round=form.cleaned_data["to_round"],
                actor=request.user,  # type: ignore[arg-type]
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form, aliases={"round": "to_round"})
        else:
            messages.success(
                request,
                f"{match.home.name} v {match.away.name} postponed to round "
                f"{moved.round}."
                + (
                    " Its inducements were dropped and their treasury gold paid back."
                    if bought
                    else ""
                ),
            )
            return redirect("web:season", season_id=match.season_id)
    return render(
        request,
        "matches/match_postpone.html",
        {"match": match, "season": match.season, "form": form, "bought": bought},
        status=400 if form.errors else 200,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def match_unplayed_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Record a league fixture not played by the end of its time limit
    (:func:`match_record_unplayed`): a loss for both teams, or a 1-0 win
    for the team whose opponent conceded."""
    match = get_object_or_404(
        Match.objects.select_related("season__league", "home", "away"), pk=match_id
    )
    league_get_for_commissioner(request.user, match.season.league_id)
    form = UnplayedForm(request.POST if request.method == "POST" else None, match=match)
    if request.method == "POST" and form.is_valid():
        try:
            match_record_unplayed(
                match_id=match.pk,
                actor=request.user,  # type: ignore[arg-type]
                conceded_by=form.cleaned_data["conceded_by"],
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(
                request,
                f"{match.home.name} v {match.away.name} is recorded as unplayed.",
            )
            return redirect("web:match", match_id=match.pk)
    return render(
        request,
        "matches/match_unplayed.html",
        {"match": match, "season": match.season, "form": form},
        status=400 if form.errors else 200,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def season_round_dates_page(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    rounds = season_round_list(season)
    if request.method == "POST":
        form = RoundDatesForm(request.POST, rounds=rounds)
        if form.is_valid():
            try:
                season_set_round_dates(
                    season_id=season.pk,
                    rounds=form.round_dates(),
                    actor=request.user,  # type: ignore[arg-type]
                )
            except ServiceError as exc:
                show_refusal(exc.violations, form, aliases=form.field_aliases())
            else:
                messages.success(request, "Round dates saved.")
                return redirect("web:season", season_id=season.pk)
    else:
        form = RoundDatesForm(rounds=rounds, dates=season_round_dates(season))
    return render(
        request,
        "matches/season_round_dates.html",
        {"season": season, "league": season.league, "form": form},
        status=400 if form.errors else 200,
    )


@require_POST
@login_required
def match_resolve_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The commissioner lets the engine play one scheduled match (as
    ``POST /api/matches/{id}/resolve/``). With workers the match is queued and
    the season page shows its progress; on the embedded default (eager
    tasks) it is played in this request, one match being quick."""
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    league_get_for_commissioner(request.user, match.season.league_id)
    try:
        progress, created = match_resolve_start(
            match_id=match.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
    except ServiceError as exc:
        for v in exc.violations:
            messages.error(request, v.message)
        return redirect("web:match", match_id=match.pk)
    if eager_mode():
        while progress.finished_at is None and eager_resolution_step(progress):
            progress.refresh_from_db()
        if (refusal := progress_refusal_of(progress, match.pk)) is not None:
            messages.error(request, f"Not played by the engine: {refusal}")
        return redirect("web:match", match_id=match.pk)
    if created:
        season_resolution_queue(progress)
    messages.success(request, "The engine is playing this match.")
    return redirect("web:season", season_id=match.season_id)
