"""The API of League points docked from a team
(:func:`matches.commissioner.deductions.season_dock_points`) and withdrawn
(:func:`~matches.commissioner.deductions.season_withdraw_points_deduction`)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner
from league.api.serializers import InputSerializer
from matches.api.seasons import _valid
from matches.commissioner.deductions import (
    season_dock_points,
    season_withdraw_points_deduction,
)
from matches.models import PointsDeduction, Season


class DeductionInputSerializer(InputSerializer):
    team = serializers.IntegerField(
        min_value=1, help_text="The id of a team of the season."
    )
    reason = serializers.CharField(
        max_length=300, help_text="Why (kept in the league's audit log)."
    )


class DeductionWithdrawInputSerializer(InputSerializer):
    reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why it is withdrawn (optional; kept in the league's audit log).",
    )


class DeductionOutputSerializer(serializers.ModelSerializer[PointsDeduction]):
    class Meta:
        model = PointsDeduction
        fields = [
            "id",
            "season",
            "team",
            "points",
            "reason",
            "created_at",
            "withdrawn_at",
            "withdrawal_reason",
        ]


class SeasonDeductionsApi(APIView):
    @extend_schema(responses={200: DeductionOutputSerializer(many=True)})
    def get(self, request: Request, season_id: int) -> Response:
        """The League points docked in the season, oldest first, withdrawn
        ones included (``withdrawn_at`` set): the standings subtract the
        others."""
        season = get_object_or_404(Season, pk=season_id)
        rows = PointsDeduction.objects.filter(season=season)
        return Response(DeductionOutputSerializer(rows, many=True).data)

    @extend_schema(
        request=DeductionInputSerializer, responses={201: DeductionOutputSerializer}
    )
    def post(self, request: Request, season_id: int) -> Response:
        """Dock 3 League points from a team of the season (the commissioner's
        alone; "No-shows"): 201 with the deduction, which the standings
        subtract (``docked`` on the team's row)."""
        season = get_object_or_404(Season, pk=season_id)
        league_get_for_commissioner(request.user, season.league_id)
        data: dict[str, Any] = _valid(DeductionInputSerializer, request.data)
        deduction = season_dock_points(
            season_id=season.pk,
            team_id=data["team"],
            reason=data["reason"],
            actor=request.user,
        )
        return Response(
            DeductionOutputSerializer(deduction).data, status=status.HTTP_201_CREATED
        )


class SeasonDeductionWithdrawApi(APIView):
    @extend_schema(
        request=DeductionWithdrawInputSerializer,
        responses={200: DeductionOutputSerializer},
    )
    def post(self, request: Request, season_id: int, deduction_id: int) -> Response:
        """Withdraw League points docked by mistake (the commissioner's
        alone): 200 with the deduction, ``withdrawn_at`` set; the standings
        give the points back. Refused before the body is read for anyone
        else, 404 for a deduction that is not the season's."""
        season = get_object_or_404(Season, pk=season_id)
        league_get_for_commissioner(request.user, season.league_id)
        deduction = get_object_or_404(PointsDeduction, pk=deduction_id, season=season)
        data: dict[str, Any] = _valid(DeductionWithdrawInputSerializer, request.data)
        withdrawn = season_withdraw_points_deduction(
            season_id=season.pk,
            deduction_id=deduction.pk,
            actor=request.user,  # type: ignore[arg-type]
            reason=data["reason"],
        )
        return Response(DeductionOutputSerializer(withdrawn).data)
