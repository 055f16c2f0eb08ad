"""API for the post-game skill of leagues that do not track SPP
(``/api/teams/{id}/sevens-advancement/``); see
:mod:`matches.postgame.skill`."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import team_get_for_write
from league.api.players import (
    DieOutputSerializer,
    PlayerOutputSerializer,
    SkillOutputSerializer,
    _player_data,
    _valid,
)
from league.api.serializers import InputSerializer
from league.models import SevensAdvancement, Team
from matches.postgame.skill import (
    team_sevens_advance,
    team_sevens_pending,
    team_sevens_require_applicable,
)


class SevensAdvanceInputSerializer(InputSerializer):
    match = serializers.IntegerField(min_value=1)
    mode = serializers.ChoiceField(choices=SevensAdvancement.Mode.choices)
    player = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    category = serializers.CharField(max_length=20, required=False, allow_blank=True)


class SevensCandidateOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="player.pk")
    number = serializers.IntegerField(source="player.number")
    name = serializers.CharField(source="player.name")
    position = serializers.CharField(source="player.position")
    primary = serializers.ListField(
        child=serializers.CharField(), source="state.primary"
    )
    secondary = serializers.ListField(
        child=serializers.CharField(), source="state.secondary"
    )


class SevensPendingOutputSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField(source="match_id")
    candidates = SevensCandidateOutputSerializer(many=True)


class SevensAdvancementOutputSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    mode = serializers.CharField()
    player = PlayerOutputSerializer()
    kind = serializers.CharField()
    category = serializers.CharField()
    skill = SkillOutputSerializer()
    value_increase = serializers.IntegerField()
    dice = DieOutputSerializer(many=True)
    event = serializers.IntegerField()


class TeamSevensAdvancementApi(APIView):
    @extend_schema(responses={200: SevensPendingOutputSerializer(many=True)})
    def get(self, request: Request, team_id: int) -> Response:
        """The post-game skill the team may take now: a list of at most one
        match, with the players who may gain it. A team whose league has no
        post-game skill is refused: ``no_progression`` (a format without
        progression, Blitz Bowl) or ``spp_tracked`` (players advance by
        spending SPP)."""
        team = get_object_or_404(Team.objects.select_related("league"), pk=team_id)
        team_sevens_require_applicable(team)
        pending = team_sevens_pending(team)
        return Response(
            SevensPendingOutputSerializer(
                [] if pending is None else [pending], many=True
            ).data
        )

    @extend_schema(
        request=SevensAdvanceInputSerializer,
        responses={201: SevensAdvancementOutputSerializer},
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(SevensAdvanceInputSerializer, request.data)
        taken = team_sevens_advance(
            team_id=team.pk,
            match_id=data["match"],
            mode=data["mode"],
            player_id=data.get("player"),
            category=data.get("category") or None,
            actor=request.user,  # type: ignore[arg-type]
        )
        result = taken.result
        assert result.skill is not None
        body = {
            "match": taken.record.match_id,
            "mode": taken.record.mode,
            "player": _player_data(taken.player),
            "kind": result.option.kind.value,
            "category": result.option.category,
            "skill": {"skill": result.skill.skill, "param": result.skill.param},
            "value_increase": result.value_increase,
            "dice": taken.event.payload["dice"],
            "event": taken.event.pk,
        }
        return Response(body, status=status.HTTP_201_CREATED)
