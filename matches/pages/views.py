"""Web pages over seasons, teams and matches, and the coach and
commissioner flows that write them.

The league page and the team page live here rather than in the league app
because they show seasons and matches (the league app never imports this
one). Each write view parses a form, calls one service and redirects;
refusals are shown next to the fields they concern.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from engine.facade import FAN_FACTOR, conceded_score
from league.access import (
    league_get_for_commissioner,
    team_can_write,
    teams_require_write,
)
from league.errors import ServiceError
from league.forms import show_refusal
from league.models import Team
from league.rules import season_variant
from league.selectors import (
    league_member_ids,
)
from league.web_selectors import (
    league_commissioned,
)
from matches.commissioner.actions import season_schedule_audited
from matches.forecasts.selectors import forecast_given_words
from matches.models import Match, MatchResult, Season, TaskProgress
from matches.pages.card_views import (
    card_match_page,
    card_match_report,
    card_replay_events,
    match_is_card_game,
)
from matches.pages.confirm_views import report_sent_message, submissions_context
from matches.pages.forms import (
    OverrideForm,
    ReportForm,
    SeasonForm,
    casualty_formset,
    parse_report,
    stat_field,
    whole_number,
)
from matches.pages.match_cast import report_players
from matches.pages.season_forms import (
    add_division_fields,
    division_field_name,
    divisions_from,
)
from matches.pages.selectors import (
    Describer,
    describe,
    distinct_types,
    match_event_types,
    match_log,
    match_page_qs,
    match_players,
    match_view,
    progress_view,
    replay_data,
    report_stars,
    season_open_matches,
    type_label,
    weather_name,
)
from matches.postgame.override import match_override_result
from matches.queue import (
    eager_mode,
    season_resolution_queue,
)
from matches.reports.report import match_submit_report
from matches.reports.undeath import team_raises_dead
from matches.resolution.progress import (
    eager_resolution_step,
    season_resolve_start,
    team_held_elsewhere,
)
from matches.seasons.offseason import match_redraft_owed
from matches.seasons.services import (
    season_create,
    season_schedule_playoffs,
)

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _refused(request: HttpRequest, exc: ServiceError) -> None:
    for v in exc.violations:
        messages.error(request, v.message)


# --- seasons -----------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def season_new(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get_for_commissioner(request.user, league_id)
    members = league_member_ids(league)  # a season takes only members' teams
    teams = [
        t
        for t in Team.objects.filter(league=league).exclude(status=Team.Status.RETIRED)
        if t.coach_id in members
    ]
    ready = [t.pk for t in teams if t.status == Team.Status.READY]
    if request.method == "POST":
        form = SeasonForm(request.POST, teams=teams)
        add_division_fields(form, teams)
        if form.is_valid():
            data = form.cleaned_data
            divisions = divisions_from(form, list(data["teams"]))
            if not form.errors:
                try:
                    season = season_create(
                        league=league,
                        name=data["name"],
                        team_ids=[t.pk for t in data["teams"]],
                        double_round_robin=data["double_round_robin"],
                        playoff_teams=data["playoff_teams"],
                        seed=data["seed"],
                        divisions=divisions,
                    )
                except ServiceError as exc:
                    show_refusal(exc.violations, form)
                else:
                    messages.success(
                        request, f"{season.name} created: now generate its schedule."
                    )
                    return redirect("web:season", season_id=season.pk)
    else:
        form = SeasonForm(teams=teams, initial={"teams": ready, "playoff_teams": 0})
        add_division_fields(form, teams)
    return render(
        request,
        "matches/season_form.html",
        {
            "league": league,
            "form": form,
            "division_fields": [
                form[division_field_name(t.pk)]
                for t in sorted(teams, key=lambda t: t.name)
            ],
        },
        status=400 if form.errors else 200,
    )


def _season_for_commissioner(request: HttpRequest, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    league_get_for_commissioner(request.user, season.league_id)
    return season


@require_POST
@login_required
def season_generate_schedule(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season_for_commissioner(request, season_id)
    try:
        matches = season_schedule_audited(
            season_id=season.pk, actor=request.user, reason="", reason_required=False
        )
    except ServiceError as exc:
        _refused(request, exc)
    else:
        count, rounds = len(matches), len({m.round for m in matches})
        messages.success(
            request,
            f"Scheduled {count} match{'es' if count != 1 else ''} "
            f"in {rounds} round{'s' if rounds != 1 else ''}.",
        )
    return redirect("web:season", season_id=season.pk)


@require_POST
@login_required
def season_generate_playoffs(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season_for_commissioner(request, season_id)
    try:
        matches = season_schedule_playoffs(season_id=season.pk)
    except ServiceError as exc:
        _refused(request, exc)
    else:
        count = len(matches)
        messages.success(
            request,
            "Playoffs scheduled: the final and the third-place match."
            if any(m.third_place for m in matches)
            else f"Playoffs scheduled: {count} match{'es' if count != 1 else ''} "
            f"in playoff round {matches[0].round}.",
        )
    return redirect("web:season", season_id=season.pk)


@require_POST
@login_required
def season_resolve(request: HttpRequest, season_id: int) -> HttpResponse:
    """Start resolving the next round or the rest of the season. With
    workers, the task runs there; on the embedded default (eager tasks) the
    progress bar's polls drive the work one match at a time, so a request
    never blocks for a whole season and the bar moves."""
    season = _season_for_commissioner(request, season_id)
    scope = request.POST.get("scope", "round")
    try:
        progress, created = season_resolve_start(
            season_id=season.pk,
            scope=scope,
            actor=request.user,  # type: ignore[arg-type]
        )
    except ServiceError as exc:
        _refused(request, exc)
        return redirect("web:season", season_id=season.pk)
    if created and not eager_mode():
        season_resolution_queue(progress)
    if _htmx(request):
        return _progress_fragment(request, progress, poll=True, seen=0)
    return redirect("web:season", season_id=season.pk)


def _progress_fragment(
    request: HttpRequest, progress: TaskProgress, *, poll: bool, seen: int = 0
) -> HttpResponse:
    """The bar; when more matches are done than the page has ``seen``, the
    response also tells the page to refresh the standings and fixtures."""
    view = progress_view(progress)
    open_left = (
        season_open_matches(progress.season_id)
        if view.finished and poll and progress.season_id
        else 0
    )
    response = render(
        request,
        "matches/_progress.html",
        {
            "progress": view,
            "poll": poll,
            "season_id": progress.season_id,
            "open_left": open_left,
        },
    )
    if view.done != seen or view.finished:
        response["HX-Trigger"] = "season-updated"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def task_progress(request: HttpRequest, progress_id: str) -> HttpResponse:
    """The progress bar of a resolution (an htmx fragment). A POST from the
    season's commissioner also moves an eager resolution on by one match."""
    progress = get_object_or_404(
        TaskProgress.objects.select_related("season"), pk=progress_id
    )
    poll = request.method == "POST"
    if poll:
        if progress.season is None:
            raise PermissionDenied("not a season's resolution")
        league_get_for_commissioner(request.user, progress.season.league_id)
        if eager_mode() and progress.finished_at is None:
            eager_resolution_step(progress)
            progress.refresh_from_db()
        if not _htmx(request):
            return redirect("web:season", season_id=progress.season_id)
    seen = request.POST.get("seen") or request.GET.get("seen") or "0"
    return _progress_fragment(
        request, progress, poll=poll, seen=whole_number(seen) or 0
    )


# --- match page --------------------------------------------------------------


def _match(match_id: int) -> Match:
    return get_object_or_404(match_page_qs(), pk=match_id)


def _log_context(match: Match, kind: str) -> dict[str, Any]:
    types = match_event_types(match)
    known = {t for t, _ in types}
    if kind not in known | {"all", "key"}:
        kind = "key"
    describer = Describer(match, match_players(match))
    lines = [
        (e.seq, e.type, type_label(e.type), describe(describer, e.type, e.payload))
        for e in match_log(match, kind=kind)
    ]
    return {
        "match": match,
        "kind": kind,
        "types": distinct_types(types),
        "total": sum(n for _, n in types),
        "lines": lines,
    }


def _forecast_given(match: Match) -> str:
    forecast = getattr(match, "forecast", None)
    if match.status != Match.Status.SCHEDULED or forecast is None:
        return ""
    return forecast_given_words(match, forecast)


@require_safe
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    if match_is_card_game(match):
        return card_match_page(request, match)
    user = request.user
    result = getattr(match, "result", None)
    summary = (result.summary or {}) if result is not None else {}
    confirmations = submissions_context(request, match)
    waiting = confirmations["waiting"]
    commissioner = league_commissioned(user, match.season.league)
    view = match_view(match)
    # a team owing its re-draft kicks the match off no way (a report, the
    # engine, a live game) nor buys for it: the page says so instead
    redraft = (
        match_redraft_owed(match) if match.status == Match.Status.SCHEDULED else []
    )
    context = {
        **confirmations,
        "match": match,
        "season": match.season,
        "league": match.season.league,
        # the fields its matches record (Dungeon Bowl: no Fan Factor, no
        # weather)
        "format": season_variant(match.season.settings, match.season.league),
        "view": view,
        # the box score's columns: the stats the format records
        "stats": view.stats,
        "can_report": match.status in OPEN
        and not redraft
        and (team_can_write(user, match.home) or team_can_write(user, match.away))
        and (waiting is None or confirmations["can_decide"]),
        # a closed season's results stand; an unplayed fixture's is the rule's
        "can_override": commissioner
        and hasattr(match, "result")
        and not match.result.unplayed
        and match.season.status != Season.Status.CLOSED,
        # a league fixture not played by the end of its time limit
        "can_record_unplayed": commissioner
        and match.status == Match.Status.SCHEDULED
        and match.stage == Match.Stage.LEAGUE
        and match.season.status != Season.Status.CLOSED,
        # not while a team waits in another match for a report's answer or
        # a live game (the engine would refuse it: team_busy)
        "can_resolve": match.status == Match.Status.SCHEDULED
        and commissioner
        and not redraft
        and team_held_elsewhere([match]) is None,
        "redraft_owed": redraft,
        "replay": match.mode == Match.Mode.RESOLVED,
        "inducements": match.status == Match.Status.SCHEDULED,
        # what the forecast shown gave each side, as it computed it
        "forecast_given": _forecast_given(match),
        "weather": weather_name(summary.get("weather", "")),
        **_log_context(match, request.GET.get("type", "key")),
    }
    return render(request, "matches/match_page.html", context)


@require_safe
def match_events(request: HttpRequest, match_id: int) -> HttpResponse:
    """The event log, filtered by type (an htmx fragment)."""
    match = _match(match_id)
    return render(
        request,
        "matches/_event_log.html",
        _log_context(match, request.GET.get("type", "key")),
    )


@require_safe
def match_replay(request: HttpRequest, match_id: int) -> JsonResponse:
    """The replay viewer's data: pitch, players and play-by-play (a card
    format's: its engine's events, for engine/blitz/replay.py)."""
    match = _match(match_id)
    if match_is_card_game(match):
        return JsonResponse(card_replay_events(match))
    return JsonResponse(replay_data(match))


# --- recording a match -------------------------------------------------------


def _draft_key(match: Match) -> str:
    return f"match-report-draft:{match.pk}"


def _draft_data(request: HttpRequest, match: Match) -> QueryDict | None:
    saved = request.session.get(_draft_key(match))
    if not saved:
        return None
    data = QueryDict(mutable=True)
    for key, values in saved.items():
        data.setlist(key, values)
    return data


def _save_draft(request: HttpRequest, match: Match, data: QueryDict) -> None:
    request.session[_draft_key(match)] = {
        key: values
        for key, values in data.lists()
        if key not in ("csrfmiddlewaretoken", "action")
    }


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def match_report(request: HttpRequest, match_id: int) -> HttpResponse:
    """Record a tabletop match. "Save draft" keeps the form in the session
    (to finish later, or on another device signed in as the same user);
    "Submit" sends it to the report service."""
    match = _match(match_id)
    refusal = "only the coaches of this match or the commissioner"
    teams_require_write(request.user, [match.home, match.away], refusal)
    if match.status not in OPEN:
        messages.info(request, "This match already has a result.")
        return redirect("web:match", match_id=match.pk)
    if match_is_card_game(match):
        return card_match_report(request, match)
    players = sorted(
        report_players(match).values(), key=lambda p: (p.side != "home", p.number)
    )
    available = [p for p in players if p.available]
    action = request.POST.get("action", "")
    data: QueryDict | None
    if request.method == "POST":
        data = request.POST.copy()
        if action == "discard":
            request.session.pop(_draft_key(match), None)
            messages.info(request, "Draft discarded.")
            return redirect("web:match-report", match_id=match.pk)
        if action == "add_casualty":
            total = whole_number(data.get("cas-TOTAL_FORMS") or "") or 0
            data["cas-TOTAL_FORMS"] = str(min(total + 1, 40))
        if action in ("save", "add_casualty"):
            _save_draft(request, match, data)
            if action == "save":
                messages.success(request, "Draft saved. Submit it when it is complete.")
            anchor = "#casualties" if action == "add_casualty" else ""
            return redirect(reverse("web:match-report", args=[match.pk]) + anchor)
    else:
        data = _draft_data(request, match)
    stars = report_stars(match)
    variant = season_variant(match.season.settings, match.season.league)
    form = ReportForm(
        data,
        players=available,
        stars=stars,
        home=match.home,
        away=match.away,
        gathers_funds=variant.gathers_funds,
        fan_factor=FAN_FACTOR in variant.match_fields,
        mvp_nominations=variant.mvp_nominations,
        stalling=bool(variant.no_stalling_bonus),
        fmt=variant,
    )
    casualties = casualty_formset(
        data,
        players=available,
        stars=stars,
        raises_dead=team_raises_dead(match.home) or team_raises_dead(match.away),
    )
    general: list[str] = []
    status = 200
    if request.method == "POST" and action == "submit":
        parsed = parse_report(form, casualties)
        if parsed is not None:
            try:
                saved = match_submit_report(
                    match_id=match.pk,
                    report=parsed.report,
                    actor=request.user,  # type: ignore[arg-type]
                )
            except ServiceError as exc:
                general = _report_violations(exc, form, casualties, parsed)
            else:
                request.session.pop(_draft_key(match), None)
                return report_sent_message(
                    request,
                    saved,
                    "Report submitted: the result stands; its post-game follows below.",
                )
        assert data is not None
        _save_draft(request, match, data)
        status = 400
    elif form.is_bound:
        form.is_valid()
        for row in casualties.forms:
            row.is_valid()
    sides = [
        (
            team,
            [row for row in form.player_rows() if row[0].side == side],
            form.role_fields(side),
            form.league_line_fields(side),
        )
        for side, team in (("home", match.home), ("away", match.away))
    ]
    context = {
        "match": match,
        "season": match.season,
        "form": form,
        "casualties": casualties,
        "sides": sides,
        "stats": form.stats,
        "general_errors": general,
        "has_draft": _draft_key(match) in request.session,
        "unavailable": [p for p in players if not p.available],
    }
    return render(request, "matches/report_form.html", context, status=status)


# The report service's casualty fields -> the casualty row's fields.
CASUALTY_FIELDS = {
    "player_id": "player",
    "star_player": "player",
    "inflicted_by_star": "inflicted_by",
}


def _report_violations(
    exc: ServiceError, form: ReportForm, casualties: Any, parsed: Any
) -> list[str]:
    """Put each violation next to its field: ``players.<n>.<stat>`` on that
    player's count (their touchdowns when no count is named),
    ``casualties.<n>`` on that casualty row."""
    general: list[str] = []
    for v in exc.violations:
        parts = (v.field or "").split(".")
        if parts[0] == "players" and len(parts) > 1 and parts[1].isdigit():
            info = parsed.line_players[int(parts[1])]
            stat = stat_field(info, parts[2] if len(parts) > 2 else "touchdowns")
            if stat not in form.fields:
                stat = stat_field(info, "touchdowns")
            form.add_error(stat, f"{info.label}: {v.message}")
        elif parts[0] == "casualties" and len(parts) > 1 and parts[1].isdigit():
            row = casualties.forms[parsed.casualty_rows[int(parts[1])]]
            name = parts[2] if len(parts) > 2 else None
            name = CASUALTY_FIELDS.get(name or "", name)
            row.add_error(name if name in row.fields else None, v.message)
        elif parts[0] in parsed.role_fields and len(parts) > 1 and parts[1].isdigit():
            # mvps.<n>, knocked_out.<n>, sent_off.<n>: the team's field
            form.add_error(parsed.role_fields[parts[0]][int(parts[1])], v.message)
        elif v.field == "fan_factor_rolls":
            form.add_error("fan_factor_home", v.message)
        elif v.field == "gather_funds" and "gather_funds_home" in form.fields:
            form.add_error("gather_funds_home", v.message)
        elif v.field and v.field in form.fields:
            form.add_error(v.field, v.message)
        else:
            general.append(v.message)
    return general


# --- commissioner: override --------------------------------------------------


def _concession_note(match: Match, result: MatchResult) -> dict[str, Any] | None:
    """For a conceded match: who conceded and the final score the standings
    count, the concession's award added to the touchdowns on the pitch
    (which are what the override form takes)."""
    if result.conceded_by_id is None:
        return None
    side = "home" if result.conceded_by_id == match.home_id else "away"
    home, away = conceded_score(result.home_score, result.away_score, side)
    conceder = match.home if side == "home" else match.away
    return {"team": conceder.name, "final": f"{home}–{away}"}


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def match_override(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    league_get_for_commissioner(request.user, match.season.league_id)
    result = getattr(match, "result", None)
    if result is None:
        messages.info(request, "This match has no result to override yet.")
        return redirect("web:match", match_id=match.pk)
    if request.method == "POST":
        form = OverrideForm(request.POST)
        if form.is_valid():
            try:
                match_override_result(
                    match_id=match.pk,
                    actor=request.user,  # type: ignore[arg-type]
                    **form.cleaned_data,
                )
            except ServiceError as exc:
                show_refusal(exc.violations, form)
            else:
                messages.success(
                    request, "Result overridden; the reason is in the log."
                )
                return redirect("web:match", match_id=match.pk)
    else:
        form = OverrideForm(
            initial={"home_score": result.home_score, "away_score": result.away_score}
        )
    return render(
        request,
        "matches/override_form.html",
        {
            "match": match,
            "season": match.season,
            "form": form,
            "concession": _concession_note(match, result),
        },
        status=400 if form.errors else 200,
    )
