"""Endpoints of formats where a team is one team card (the variant's
``drafts_team_card``, e.g. Blitz Bowl): the cards to pick from, and drafting
a team by picking one. Refusals come back as HTTP 400 with
``{"errors": [{"code", "field", "message"}]}`` and nothing written."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.facade import RuleError, get_variant
from league.api.rules_serializers import TeamCardOutputSerializer
from league.api.serializers import CardDraftInputSerializer, TeamOutputSerializer
from league.api.views import _team_response, _valid
from league.services.card_teams import team_draft_card


class TeamCardListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: TeamCardOutputSerializer(many=True)},
        summary="The team cards of a format that drafts a team card",
        operation_id="formats_cards_list",
    )
    def get(self, request: Request, format_slug: str) -> Response:
        try:
            fmt = get_variant(format_slug)
        except RuleError:
            raise Http404(f"no format {format_slug!r}") from None
        return Response(fmt.team_card_details())


class TeamCardDraftApi(APIView):
    @extend_schema(
        request=CardDraftInputSerializer,
        responses={201: TeamOutputSerializer},
        summary="Draft a team by picking a team card (no budget, no purchases)",
    )
    def post(self, request: Request) -> Response:
        data = _valid(CardDraftInputSerializer, request.data)
        team = team_draft_card(
            coach=request.user,
            league=data["league"],
            name=data["name"],
            card=data["card"],
            player_names=data.get("player_names", []),
        )
        return _team_response(team.pk, status.HTTP_201_CREATED)
