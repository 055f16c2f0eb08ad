"""API for the engine's forecasts, as the match and season pages show them
(``/api/matches/{id}/forecast/``, ``/api/seasons/{id}/forecasts/``); read
by anyone, as the matches and seasons are. See
:mod:`matches.forecasts.selectors`."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.serializers import ErrorResponseSerializer
from league.rules import settings_rules
from matches.forecasts.selectors import (
    FixtureForecast,
    match_forecast_get,
    season_forecasts_get,
)
from matches.forecasts.table import Predicted
from matches.models import Match, MatchForecast, Season

Float, Int, Str = (
    serializers.FloatField,
    serializers.IntegerField,
    serializers.CharField,
)


class ChancesOutputSerializer(serializers.Serializer[Any]):
    home_win = Float(help_text="share of the games the home team won, 0 to 1")
    draw = Float()
    away_win = Float()


class PercentsOutputSerializer(serializers.Serializer[Any]):
    """The chances in whole percent summing to 100, as the pages show them
    (the largest remainders rounded up)."""

    home_win = Int()
    draw = Int()
    away_win = Int()


class SidesOutputSerializer(serializers.Serializer[Any]):
    home = Float()
    away = Float()


class ForecastOutputSerializer(serializers.Serializer[Any]):
    match = Int()
    status = serializers.ChoiceField(
        choices=["current", "out_of_date"],
        help_text="current: of both rosters as they stand; out_of_date: a "
        "roster changed since, and the engine plays the fixture again within "
        "minutes (this one is shown until then)",
    )
    games = Int(help_text="games the engine played to make it")
    computed_at = serializers.DateTimeField()
    chances = ChancesOutputSerializer()
    percents = PercentsOutputSerializer()
    score_name = Str(help_text="what expected_score counts: touchdowns or points")
    expected_score = SidesOutputSerializer(help_text="mean score per game")
    expected_casualties = SidesOutputSerializer(
        allow_null=True,
        help_text="mean casualties caused per game; null in a format whose "
        "game records none (Blitz Bowl)",
    )
    inducements = serializers.DictField(
        child=serializers.DictField(child=Int()),
        help_text="what each side was given: the underdog's petty_cash and "
        "what it bought (extra_team_training, bribes, wandering_apothecaries), "
        "and prayers (Prayers to Nuffle)",
    )


class FixtureOutputSerializer(serializers.Serializer[Any]):
    match = Int()
    round = Int()
    home = Int()
    away = Int()
    chances = ChancesOutputSerializer(allow_null=True)
    percents = PercentsOutputSerializer(allow_null=True, help_text="null: none yet")


class PredictedOutputSerializer(serializers.Serializer[Any]):
    position = Int()
    team = Int()
    team_name = Str()
    points_now = Int()
    expected_points = Float()
    first = Float(help_text="chance of finishing first, 0 to 1")
    first_percent = Int()
    expected_place = Float()


class SeasonForecastsOutputSerializer(serializers.Serializer[Any]):
    season = Int()
    fixtures_left = Int(help_text="league fixtures without a result yet")
    forecasts_ready = Int(help_text="how many of them have a forecast so far")
    complete = serializers.BooleanField(
        help_text="every fixture left has one: the predicted table is made"
    )
    fixtures = FixtureOutputSerializer(many=True)
    predicted_table = PredictedOutputSerializer(
        many=True,
        help_text="the rest of the season simulated 2,000 times on league "
        "points from the fixtures' forecasts; empty until complete",
    )


def _chances(f: MatchForecast) -> dict[str, float]:
    return {"home_win": f.home_win, "draw": f.draw, "away_win": f.away_win}


def _percents(f: MatchForecast) -> dict[str, int]:
    home, draw, away = f.percents
    return {"home_win": home, "draw": draw, "away_win": away}


def forecast_data(fixture: FixtureForecast) -> dict[str, Any]:
    f = fixture.forecast
    assert f is not None
    variant = settings_rules(fixture.match.season.settings).variant
    casualties = variant.score_name != "points"
    return {
        "match": fixture.match.pk,
        "status": fixture.status,
        "games": f.games,
        "computed_at": f.computed_at,
        "chances": _chances(f),
        "percents": _percents(f),
        "score_name": variant.score_name,
        "expected_score": {"home": f.home_td, "away": f.away_td},
        "expected_casualties": (
            {"home": f.home_cas, "away": f.away_cas} if casualties else None
        ),
        "inducements": {
            side: dict((f.inducements or {}).get(side, {})) for side in ("home", "away")
        },
    }


NO_FORECAST = {
    "pending": "no forecast yet: the engine plays each fixture within minutes "
    "of its scheduling (GET /api/seasons/{id}/forecasts/ says how many are ready)",
    "not_scheduled": "only a fixture still to play has a forecast",
}


class MatchForecastApi(APIView):
    @extend_schema(
        responses={
            200: ForecastOutputSerializer,
            404: OpenApiResponse(
                ErrorResponseSerializer,
                description="No such match (`not_found`), or no forecast "
                "(`no_forecast`): none yet, or the match is no longer to play.",
            ),
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        """The engine's forecast of a fixture still to play, as its page
        shows it: the chances of a home win, a draw and an away win, the
        expected score and casualties, and what the underdog was given."""
        match = get_object_or_404(
            Match.objects.select_related("season", "home", "away"), pk=pk
        )
        fixture = match_forecast_get(match)
        if fixture.forecast is None:
            raise exceptions.NotFound(NO_FORECAST[fixture.status], code="no_forecast")
        return Response(ForecastOutputSerializer(forecast_data(fixture)).data)


def _predicted(position: int, line: Predicted, names: dict[int, str]) -> dict[str, Any]:
    return {
        "position": position,
        "team": line.team_id,
        "team_name": names.get(line.team_id, ""),
        "points_now": line.points_now,
        "expected_points": line.expected_points,
        "first": line.first,
        "first_percent": round(100 * line.first),
        "expected_place": line.expected_place,
    }


class SeasonForecastsApi(APIView):
    @extend_schema(responses={200: SeasonForecastsOutputSerializer})
    def get(self, request: Request, season_id: int) -> Response:
        """The forecasts of the season's league fixtures left (how many are
        ready so far), and the predicted final table once they all are."""
        season = get_object_or_404(Season, pk=season_id)
        view = season_forecasts_get(season)
        fixtures = []
        for m in view.fixtures:
            f = getattr(m, "forecast", None)
            fixtures.append(
                {
                    "match": m.pk,
                    "round": m.round,
                    "home": m.home_id,
                    "away": m.away_id,
                    "chances": _chances(f) if f is not None else None,
                    "percents": _percents(f) if f is not None else None,
                }
            )
        body = {
            "season": season.pk,
            "fixtures_left": view.wanted,
            "forecasts_ready": view.ready,
            "complete": bool(view.table),
            "fixtures": fixtures,
            "predicted_table": [
                _predicted(i, line, view.team_names)
                for i, line in enumerate(view.table, start=1)
            ],
        }
        return Response(SeasonForecastsOutputSerializer(body).data)
