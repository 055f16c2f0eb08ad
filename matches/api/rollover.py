"""The API of a season's close and a team's re-draft after it: each team's
record archived, the prizes paid (:func:`matches.seasons.rollover.season_close`),
and the re-draft previewed or carried out
(:func:`matches.seasons.rollover.team_redraft`)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner, team_get_for_write
from league.api.serializers import (
    DraftPlayerSerializer,
    ErrorSerializer,
    InputSerializer,
    NoInputSerializer,
)
from matches.api.seasons import Bool, Int, _objects, _valid
from matches.commissioner.actions import season_close_logged
from matches.models import Season
from matches.seasons.rollover import RedraftPlan, RedraftPreview, team_redraft


class ArchivedTeamOutputSerializer(serializers.Serializer[Any]):
    team = Int()
    record = serializers.DictField()


class SeasonClosedOutputSerializer(serializers.Serializer[Any]):
    season = Int()
    status = serializers.ChoiceField(choices=["closed"])
    teams = ArchivedTeamOutputSerializer(many=True)


class RedraftOutputSerializer(serializers.Serializer[Any]):
    committed = Bool()
    budget = serializers.DictField()
    players = _objects()
    new_players = Int()
    carry_over = Int()
    total = Int()
    remaining = Int()
    scouted = serializers.ListField(
        child=Int(),
        help_text="players scouted away before the re-draft (Dungeon Bowl: a "
        "6 on a D6 for each player with an MVP award); they cannot be kept",
    )
    trophy_rerolls = Int(
        help_text="free team re-rolls of a trophy the team holds (the Dungeon "
        "Bowl Trophy), added to the re-rolls the re-draft buys"
    )
    errors = ErrorSerializer(many=True, help_text="what stops this re-draft")


class SeasonCloseApi(APIView):
    @extend_schema(request=None, responses={200: SeasonClosedOutputSerializer})
    def post(self, request: Request, season_id: int) -> Response:
        season = get_object_or_404(Season, pk=season_id)
        league_get_for_commissioner(request.user, season.league_id)
        _valid(NoInputSerializer, request.data)
        archives = season_close_logged(
            season_id=season_id, actor=request.user, reason="", reason_required=False
        )
        return Response(
            {
                "season": season_id,
                "status": "closed",
                "teams": [{"team": a.team_id, "record": a.record} for a in archives],
            }
        )


class RedraftInputSerializer(InputSerializer):
    season = serializers.IntegerField(min_value=1)
    # Required, even when empty: every player not listed leaves the team.
    keep = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=40,
        help_text="The players who stay (ids, each once); every other player "
        "of the roster leaves. [] lets everyone go.",
    )
    new_players = DraftPlayerSerializer(many=True, max_length=40, required=False)
    rerolls = serializers.IntegerField(min_value=0, max_value=99, default=0)
    assistant_coaches = serializers.IntegerField(min_value=0, max_value=99, default=0)
    cheerleaders = serializers.IntegerField(min_value=0, max_value=99, default=0)
    apothecary = serializers.BooleanField(default=False)
    commit = serializers.BooleanField(default=False)


def _preview_dict(preview: RedraftPreview) -> dict[str, Any]:
    return {
        "budget": preview.budget,
        "players": preview.players,
        "new_players": preview.new_players,
        "carry_over": preview.carry_over,
        "total": preview.total,
        "remaining": preview.remaining,
        "scouted": preview.scouted,
        "trophy_rerolls": preview.trophy_rerolls,
        "errors": [
            {"code": v.code, "field": v.field, "message": v.message}
            for v in preview.violations
        ],
    }


class TeamRedraftApi(APIView):
    @extend_schema(
        request=RedraftInputSerializer, responses={200: RedraftOutputSerializer}
    )
    def post(self, request: Request, team_id: int) -> Response:
        """Preview a re-draft (``commit: false``, nothing written) or carry it
        out (``commit: true``)."""
        team_get_for_write(request.user, team_id)
        data = _valid(RedraftInputSerializer, request.data)
        plan = RedraftPlan(
            keep=data["keep"],
            new_players=[
                (p["position"], p["name"]) for p in data.get("new_players", [])
            ],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
        )
        preview = team_redraft(
            team_id=team_id,
            season_id=data["season"],
            plan=plan,
            actor=request.user,
            commit=data["commit"],
        )
        return Response({"committed": data["commit"], **_preview_dict(preview)})
