"""API for a season's round dates and report deadlines
(``/api/seasons/{id}/round-dates/``); see
:mod:`matches.seasons.round_dates`."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner
from league.api.serializers import InputSerializer
from matches.models import Match, RoundSchedule, Season
from matches.seasons.round_dates import RoundDates, season_set_round_dates


class RoundDatesLineSerializer(InputSerializer):
    """One round's date and report deadline."""

    stage = serializers.ChoiceField(
        choices=Match.Stage.choices, default=Match.Stage.LEAGUE
    )
    round = serializers.IntegerField(min_value=1, max_value=1000)
    date = serializers.DateField(
        allow_null=True, help_text="YYYY-MM-DD; null clears the round's dates"
    )
    deadline = serializers.DateField(
        allow_null=True,
        required=False,
        default=None,
        help_text="the day reports are due (not before the date)",
    )


class RoundDatesInputSerializer(InputSerializer):
    """The rounds to set or clear; the season's other rounds keep theirs."""

    rounds = RoundDatesLineSerializer(many=True, max_length=200)


class RoundDatesOutputSerializer(serializers.ModelSerializer[RoundSchedule]):
    class Meta:
        model = RoundSchedule
        fields = ["stage", "round", "date", "deadline"]


class SeasonRoundDatesApi(APIView):
    @extend_schema(responses={200: RoundDatesOutputSerializer(many=True)})
    def get(self, request: Request, season_id: int) -> Response:
        """Every round of the season that has a date, in order."""
        season = get_object_or_404(Season, pk=season_id)
        return Response(
            RoundDatesOutputSerializer(
                RoundSchedule.objects.filter(season=season), many=True
            ).data
        )

    @extend_schema(
        request=RoundDatesInputSerializer,
        responses={200: RoundDatesOutputSerializer(many=True)},
    )
    def post(self, request: Request, season_id: int) -> Response:
        """Set (``date``) or clear (``date: null``) the dates of the rounds
        listed; the others keep theirs. A refusal names each line it
        refuses (``rounds.2.deadline``) and writes nothing. Answers every
        round date of the season."""
        season = get_object_or_404(Season, pk=season_id)
        league_get_for_commissioner(request.user, season.league_id)
        serializer = RoundDatesInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data: dict[str, Any] = dict(serializer.validated_data)
        rows = season_set_round_dates(
            season_id=season.pk,
            rounds=[
                RoundDates(
                    stage=line["stage"],
                    round=line["round"],
                    date=line["date"],
                    deadline=line.get("deadline"),
                )
                for line in data["rounds"]
            ],
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(RoundDatesOutputSerializer(rows, many=True).data)
