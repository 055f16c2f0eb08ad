"""Forecasts of scheduled fixtures: each played many times by the engine
from the two teams' current rosters.

What the rules give the underdog goes in: the lower-CTV team's petty cash
(the CTV difference, as :func:`engine.campaign.inducements.petty_cash`
computes it for the format) spent by a fixed policy, then the Prayers to
Nuffle the CTV gap still left gives.

Decision (the policy, since no coach chooses): petty cash buys Extra Team
Training (a team re-roll for the game) up to its limit, then Bribes, then
Wandering Apothecaries, each at the format's catalogue price; what is left
over is lost, as unused petty cash is. Only what the team may buy: no
Wandering Apothecaries for a team that cannot hire an apothecary
("not available to teams that cannot hire an apothecary", BB2020
inducements_in_detail.md).

Decision (what "refreshed when a roster changes" means): a forecast keeps a
digest of both rosters and what it gave them (``rosters_key``); one whose
digest differs from the rosters now is due again. Beat's sweep, every five minutes, queues the fixtures whose
forecast is missing or out of date, earliest rounds first and at most
``FORECAST_SWEEP_MAX`` at a time, leaving alone the seasons the engine is
resolving (their rosters change with every match: a forecast would be out
of date before it was stored). Forecasts go to a queue of their own (the
``forecast`` queue, see ``CELERY_TASK_ROUTES``), so a resolve never waits
behind them. So a forecast follows a hire,
a purchase or a post-game within minutes, never in the request. On the
embedded default (eager tasks, no beat) nothing is queued automatically:
``manage.py forecast`` and the demo compute them.

A card format (Blitz Bowl) is forecast the same way with its own engine
(``Variant.play_card_game``): no money moves there, so no inducements; the
scores are points, and the card game records no casualties.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction

from engine.facade import (
    Variant,
    forecast,
    get_variant,
    petty_cash,
    prayers_to_nuffle,
    rules_data,
)
from league.page_cache import league_cache_bump
from league.rules import settings_rules
from matches.engine_bridge import card_team_snapshot, team_sheet, team_snapshot
from matches.models import Match, MatchForecast, TaskProgress
from matches.resolution.resolve_cards import card_sheet

POLICY = ("extra_team_training", "bribes", "wandering_apothecaries")


def forecast_seed(match_seed: int) -> int:
    """The first seed of a fixture's forecast games. Not the match's own
    seed: the engine resolves the match from that one, and a forecast whose
    first game were the very game played would look better than it is."""
    return (match_seed * 2_654_435_761 + 0xF0CA57) % (1 << 62)


def underdog_inducements(
    variant: Variant, cash: int, *, apothecary: bool = True
) -> dict[str, int]:
    """What ``cash`` of petty cash buys under the policy above, for a team
    that may (``apothecary``) or may not hire an apothecary."""
    catalogue = variant.inducement_catalogue()
    bought: dict[str, int] = {}
    for slug in POLICY:
        spec = catalogue.get(slug)
        if spec is None or not spec.price or not spec.available((), apothecary):
            continue
        count = cash // spec.price
        if spec.max_count is not None:
            count = min(count, spec.max_count)
        if count > 0:
            bought[slug] = count
            cash -= count * spec.price
    return bought


def _spent(variant: Variant, bought: dict[str, int]) -> int:
    catalogue = variant.inducement_catalogue()
    return sum(int(catalogue[s].price or 0) * n for s, n in bought.items())


@dataclass(frozen=True, slots=True)
class ForecastInputs:
    variant: Variant
    home: Any  # the format's team sheets (TeamSheet, or a team card's)
    away: Any
    given: dict[str, Any]  # {"home": {...}, "away": {...}} for the page
    key: str


def _apothecary_allowed(rules_version: str, roster: str) -> bool:
    found = rules_data(rules_version).rosters.get(roster)
    return found is None or bool(found.apothecary)


def inputs_from_snapshots(
    variant: Variant,
    home: dict[str, Any],
    away: dict[str, Any],
    *,
    rules_version: str | None = None,
) -> ForecastInputs:
    """The team sheets a forecast plays, from two roster snapshots (the
    rosters now, or as they were at a kick-off); ``rules_version``: the
    season's, whose rosters say who may hire an apothecary (default: the
    format's)."""
    ctv = (int(home["ctv"]), int(away["ctv"]))
    given: dict[str, dict[str, Any]] = {"home": {}, "away": {}}
    counts: list[dict[str, int]] = [{}, {}]
    if ctv[0] != ctv[1]:
        low = 0 if ctv[0] < ctv[1] else 1
        cash, _ = petty_cash(ctv[low], ctv[1 - low], fmt=variant.name)
        roster = (home, away)[low]["roster"]
        counts[low] = underdog_inducements(
            variant,
            cash,
            apothecary=_apothecary_allowed(
                rules_version or variant.rules_data_version, roster
            ),
        )
        after = list(ctv)
        after[low] += _spent(variant, counts[low])
        # BB2025: Prayers to Nuffle are an inducement, not the underdog's due
        prayers = (
            prayers_to_nuffle(after[0], after[1])
            if variant.underdog_prayers
            else (0, 0)
        )
        for side in (0, 1):
            if prayers[side]:
                counts[side]["prayers"] = prayers[side]
        given["home" if low == 0 else "away"] = {"petty_cash": cash, **counts[low]}
    digest = hashlib.sha256(
        json.dumps(
            [variant.name, home, away, counts], sort_keys=True, default=str
        ).encode()
    ).hexdigest()
    return ForecastInputs(
        variant,
        team_sheet(home, counts[0]),
        team_sheet(away, counts[1]),
        given,
        digest,
    )


def card_inputs(
    variant: Variant, home: dict[str, Any], away: dict[str, Any]
) -> ForecastInputs:
    """A card format's forecast: the two team cards, nothing induced."""
    digest = hashlib.sha256(
        json.dumps([variant.name, home, away], sort_keys=True, default=str).encode()
    ).hexdigest()
    return ForecastInputs(
        variant, card_sheet(home), card_sheet(away), {"home": {}, "away": {}}, digest
    )


def match_forecast_inputs(match: Match) -> ForecastInputs | None:
    """The inputs of a scheduled fixture's forecast now."""
    variant = get_variant(match.season.settings["format"])
    if variant.drafts_team_card:
        return card_inputs(
            variant, card_team_snapshot(match.home), card_team_snapshot(match.away)
        )
    return inputs_from_snapshots(
        variant,
        team_snapshot(match.home),
        team_snapshot(match.away),
        rules_version=match.season.settings.get("rules_version"),
    )


def match_forecast_refresh(
    *, match_id: int, games: int | None = None
) -> MatchForecast | None:
    """Forecast a scheduled fixture from the rosters now, unless its stored
    forecast is of these very rosters (then it is returned as it is).
    Nothing for a match no longer scheduled. The games are played outside
    any transaction; the row is written in one."""
    match = Match.objects.select_related("season", "home", "away").get(pk=match_id)
    if match.status != Match.Status.SCHEDULED:
        return None
    inputs = match_forecast_inputs(match)
    stored = MatchForecast.objects.filter(match=match).first()
    if stored is not None and stored.rosters_key == inputs.key:
        return stored
    f = forecast(
        inputs.variant,
        inputs.home,
        inputs.away,
        games=games or settings.FORECAST_GAMES,
        seed=forecast_seed(match.seed),
        time_limit=settings_rules(match.season.settings).time_limit,
    )
    with transaction.atomic():
        if not Match.objects.filter(
            pk=match.pk, status=Match.Status.SCHEDULED
        ).exists():
            return None  # kicked off meanwhile: the forecast is moot
        row, _ = MatchForecast.objects.update_or_create(
            match=match,
            defaults={
                "rosters_key": inputs.key,
                "games": f.games,
                "home_win": f.home_win,
                "draw": f.draw,
                "away_win": f.away_win,
                "home_td": f.home_td,
                "away_td": f.away_td,
                "home_cas": f.home_cas,
                "away_cas": f.away_cas,
                "inducements": inputs.given,
                "seconds": f.seconds,
            },
        )
        league_cache_bump(match.season.league_id)
    return row


def forecasts_due(
    *, season_id: int | None = None, limit: int | None = None
) -> list[int]:
    """Scheduled fixtures (of a season, or all) whose forecast is missing or
    of other rosters than today's, earliest rounds first, outside the
    seasons an engine resolution is running for; at most ``limit``."""
    # (a running progress of no season holds none back: NOT IN a list with
    # a NULL in it would hold back every fixture)
    resolving = TaskProgress.objects.filter(
        finished_at__isnull=True, season__isnull=False
    ).values("season_id")
    qs = (
        Match.objects.filter(status=Match.Status.SCHEDULED)
        .exclude(season_id__in=resolving)
        .select_related("season", "home", "away", "forecast")
    )
    if season_id is not None:
        qs = qs.filter(season_id=season_id)
    due: list[int] = []
    for match in qs.order_by("round", "pk"):
        if limit is not None and len(due) >= limit:
            break
        inputs = match_forecast_inputs(match)
        stored = getattr(match, "forecast", None)
        if stored is None or stored.rosters_key != inputs.key:
            due.append(match.pk)
    return due
