"""Reads of the engine's forecasts, as the pages show them: a fixture's
(and whether it is of the rosters as they stand now), and a season's (how
many of its league fixtures left have one so far, and the predicted final
table once they all do). Computed by :mod:`matches.forecasts.services`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.facade import get_variant
from matches.forecasts.services import match_forecast_inputs
from matches.forecasts.table import Chances, Predicted, predicted_table
from matches.models import Match, MatchForecast, Season
from matches.seasons.selectors import season_standings

# current: of the rosters as they stand; out_of_date: a roster changed
# since, and the sweep computes it again within minutes; pending: none yet;
# not_scheduled: the match kicked off or was played (forecasts are of
# fixtures still to play).
ForecastStatus = Literal["current", "out_of_date", "pending", "not_scheduled"]


@dataclass(frozen=True, slots=True)
class FixtureForecast:
    match: Match
    forecast: MatchForecast | None
    status: ForecastStatus


def match_forecast_get(match: Match) -> FixtureForecast:
    """``match``'s forecast and its status (the match with its season and
    teams selected)."""
    if match.status != Match.Status.SCHEDULED:
        return FixtureForecast(match, None, "not_scheduled")
    stored = MatchForecast.objects.filter(match=match).first()
    if stored is None:
        return FixtureForecast(match, None, "pending")
    current = stored.rosters_key == match_forecast_inputs(match).key
    return FixtureForecast(match, stored, "current" if current else "out_of_date")


def _counted(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def forecast_given_words(match: Match, forecast: MatchForecast) -> str:
    """What the forecast gave each side, as its page says it: the
    underdog's petty cash and what it bought (or that it bought nothing,
    every inducement of the policy costing more), then the Prayers to
    Nuffle; "" when nothing was given (teams of equal value, a card
    format)."""
    catalogue = get_variant(match.season.settings["format"]).inducement_catalogue()
    given = forecast.inducements or {}
    said: list[str] = []
    for side, team in (("home", match.home), ("away", match.away)):
        mine = dict(given.get(side, {}))
        cash = mine.pop("petty_cash", None)
        prayers = mine.pop("prayers", 0)
        bought = [
            f"{catalogue[slug].name if slug in catalogue else slug} ×{n}"
            for slug, n in mine.items()
            if n
        ]
        if cash:
            spent = (
                f" spent on {_counted(bought)}"
                if bought
                else ", too little for any inducement"
            )
            said.append(f"{team.name}'s petty cash of {cash:,}{spent}")
        if prayers:
            said.append(f"Prayers to Nuffle ×{prayers} for {team.name}")
    return "; ".join(said)


# A match with a result (played, its post-game under way, or complete)
# counts in the standings already: it is no fixture left to forecast.
NO_RESULT_YET = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def fixtures_left(matches: Sequence[Match]) -> list[Match]:
    """The league fixtures without a result yet, whose forecasts the
    predicted table plays (on top of the points the standings count)."""
    return [
        m
        for m in matches
        if m.stage == Match.Stage.LEAGUE and m.status in NO_RESULT_YET
    ]


def season_predicted_table(
    season: Season, points_now: Mapping[int, int], matches: Sequence[Match]
) -> tuple[list[Predicted], int, int]:
    """The predicted final table from the forecasts of the league fixtures
    left (:mod:`matches.forecasts.table`; ``matches`` with their forecasts
    selected), once each has one (else empty); and how many of them have
    one, of how many."""
    left = fixtures_left(matches)
    ready = [f for m in left if (f := getattr(m, "forecast", None)) is not None]
    if not left or len(ready) < len(left):
        return [], len(ready), len(left)
    chances = [
        Chances(
            m.home_id,
            m.away_id,
            m.forecast.home_win,
            m.forecast.draw,
            m.forecast.away_win,
        )
        for m in left
    ]
    points = tuple(season.settings.get("points", (3, 1, 0)))
    table = predicted_table(
        points_now,
        chances,
        (int(points[0]), int(points[1]), int(points[2])),
        seed=season.seed,
    )
    return table, len(ready), len(left)


@dataclass(frozen=True, slots=True)
class SeasonForecasts:
    season: Season
    fixtures: list[Match]  # the league fixtures left, forecasts selected
    table: list[Predicted]  # empty until every fixture left has a forecast
    ready: int
    wanted: int
    team_names: dict[int, str]


def season_forecasts_get(season: Season) -> SeasonForecasts:
    """The forecasts of ``season``'s league fixtures left and the predicted
    final table, as the season page shows them."""
    matches = list(
        Match.objects.filter(season=season)
        .select_related("forecast")
        .order_by("stage", "round", "id")
    )
    points_now = {row.team_id: row.points for row in season_standings(season)}
    table, ready, wanted = season_predicted_table(season, points_now, matches)
    return SeasonForecasts(
        season=season,
        fixtures=fixtures_left(matches),
        table=table,
        ready=ready,
        wanted=wanted,
        team_names=dict(season.teams.values_list("pk", "name")),
    )
