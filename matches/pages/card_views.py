"""The pages of a card format's match (the variant's ``drafts_team_card``,
e.g. Blitz Bowl): the match page (points, touchdowns, cards claimed, how it
ended, and the spot where the replay goes) and the report form. The match
views hand a card-format match to these."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.access import team_can_write
from league.errors import ServiceError
from league.forms import show_violations
from league.models import Player
from league.rules import settings_rules
from league.web_selectors import league_commissioned
from matches.models import Match, MatchEvent
from matches.pages.confirm_views import report_sent_message, submissions_context
from matches.reports.card_forms import CardReportForm
from matches.reports.cards import match_submit_card_report
from matches.seasons.selectors import match_card_game

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
# The events the match page lists as the key moments of a card game.
KEY_EVENTS = ("touchdown", "card_claimed", "clean_sweep", "game_end")


def match_is_card_game(match: Match) -> bool:
    return settings_rules(match.season.settings).variant.drafts_team_card


def _sides(
    match: Match, game: dict[str, Any] | None, challenges: dict[str, str]
) -> list[dict[str, Any]]:
    """Each team's line of the result: card, points, touchdowns (and who
    scored), cards claimed and Clean Sweeps."""
    if game is None:
        return []
    stats = match.result.player_stats or {}
    rows = Player.objects.filter(pk__in=[int(k) for k in stats]).values_list(
        "pk", "name", "team_id"
    )
    names = {pk: name for pk, name, _ in rows}
    team_of = {pk: team for pk, _, team in rows}
    out = []
    for side, team in (("home", match.home), ("away", match.away)):
        out.append(
            {
                "side": side,
                "team": team,
                "points": (game.get("points") or {}).get(side, 0),
                "touchdowns": (game.get("touchdowns") or {}).get(side, 0),
                "scorers": [
                    (names.get(int(pid), pid), line.get("touchdowns", 0))
                    for pid, line in sorted(stats.items())
                    if team_of.get(int(pid)) == team.pk
                ],
                "cards": [
                    {**c, "name": challenges.get(c["challenge"], c["challenge"])}
                    for c in (game.get("cards_claimed") or {}).get(side, [])
                ],
                "clean_sweeps": (game.get("clean_sweeps") or {}).get(side, 0),
            }
        )
    return out


HOW = {
    "points": "a Points Victory: the Challenge Cards ran out",
    "sudden_death": "a Sudden Death Victory: a lead of 10 points at a turn's start",
}


def card_match_page(request: HttpRequest, match: Match) -> HttpResponse:
    user = request.user
    result = getattr(match, "result", None)
    game = match_card_game(result) if result is not None else None
    variant = settings_rules(match.season.settings).variant
    names = {**variant.team_cards()}
    # the engine's events (a recorded match has none but its report)
    played = (
        [
            (kind, payload)
            for kind, payload in MatchEvent.objects.filter(match=match)
            .exclude(type__startswith="postgame_")
            .exclude(type="report")
            .order_by("seq")
            .values_list("type", "payload")
        ]
        if result is not None
        else []
    )
    moments = [(kind, payload) for kind, payload in played if kind in KEY_EVENTS]
    sheets = ((result.summary or {}) if result is not None else {}).get("sheets")
    replay = (
        variant.card_replay(
            [{"type": kind, **payload} for kind, payload in played],
            *(
                (sheets[s]["name"], sheets[s]["card"], sheets[s]["players"])
                for s in ("home", "away")
            ),
        )
        if played and sheets
        else None
    )
    challenges = {c["challenge"]: c["name"] for c in variant.challenge_deck()}
    team_name = {"home": match.home.name, "away": match.away.name}
    lines = []
    for kind, payload in moments:
        who = team_name.get(str(payload.get("team", "")), "")
        if kind == "touchdown":
            lines.append(f"Touchdown! {who} score {payload.get('points', 4)} points.")
        elif kind == "card_claimed":
            name = challenges.get(payload.get("challenge", ""), "a card")
            points = int(payload.get("points", 0))
            lines.append(
                f"{who} claim {name} (card {payload.get('card')}) for "
                f"{points} point{'' if points == 1 else 's'}."
            )
        elif kind == "clean_sweep":
            lines.append(f"{who} make a Clean Sweep: {payload.get('points', 2)} more.")
        else:
            lines.append(
                f"The game ends {payload.get('home_points')}–"
                f"{payload.get('away_points')} ({HOW.get(payload.get('how', ''), '')})."
            )
    confirmations = submissions_context(request, match)
    commissioner = league_commissioned(user, match.season.league)
    context = {
        "match": match,
        "season": match.season,
        "league": match.season.league,
        "format": variant,
        "home_card": names.get(match.home.roster, match.home.roster),
        "away_card": names.get(match.away.roster, match.away.roster),
        "game": game,
        "how": HOW.get(str((game or {}).get("how") or ""), ""),
        "sides": _sides(match, game, challenges),
        "moments": lines,
        # engine/blitz/replay.py's frames, for templates/matches/_blitz_replay.html
        "blitz_replay": replay,
        "can_report": match.status in OPEN
        and (team_can_write(user, match.home) or team_can_write(user, match.away))
        and (confirmations["waiting"] is None or confirmations["can_decide"]),
        "can_resolve": match.status == Match.Status.SCHEDULED and commissioner,
        **confirmations,
    }
    return render(request, "matches/card_match_page.html", context)


def card_replay_events(match: Match) -> dict[str, Any]:
    """What a card game's replay is built from: the result's summary (the
    team sheets, points, cards claimed) and every engine event as the
    engine's ``to_dict()`` gave it."""
    result = getattr(match, "result", None)
    events = MatchEvent.objects.filter(match=match).order_by("seq")
    return {
        "summary": (result.summary or {}) if result is not None else {},
        "events": [{"type": e.type, **e.payload} for e in events],
    }


def card_match_report(request: HttpRequest, match: Match) -> HttpResponse:
    """Record a card-format match from the table (the views check who may)."""
    variant = settings_rules(match.season.settings).variant
    names = {"home": match.home.name, "away": match.away.name}
    side_of = {match.home_id: "home", match.away_id: "away"}
    players: dict[str, list[tuple[int, str]]] = {"home": [], "away": []}
    for pid, name, team_id in (
        Player.objects.filter(team_id__in=list(side_of))
        .order_by("number")
        .values_list("pk", "name", "team_id")
    ):
        players[side_of[team_id]].append((pid, name))
    form = CardReportForm(
        request.POST if request.method == "POST" else None,
        deck=variant.challenge_deck(),
        names=names,
        players=players,
    )
    general: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            saved = match_submit_card_report(
                match_id=match.pk,
                home=form.side("home"),
                away=form.side("away"),
                how=form.cleaned_data["how"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            _, general = show_violations(
                exc.violations, form, aliases=CardReportForm.aliases()
            )
        else:
            return report_sent_message(request, saved, "Result recorded.")
    sides = [
        {
            "name": names[side],
            "fields": [
                form[f"{side}_points"],
                form[f"{side}_touchdowns"],
                form[f"{side}_clean_sweeps"],
            ],
            "cards": form[f"{side}_cards"],
            "scorers": [form[n] for n in form.scorer_fields(side)],
        }
        for side in ("home", "away")
    ]
    context = {
        "match": match,
        "season": match.season,
        "league": match.season.league,
        "form": form,
        "sides": sides,
        "general_errors": general,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "matches/card_report_form.html", context, status=status)
