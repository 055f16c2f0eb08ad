"""The report endpoint of card formats (the variant's ``drafts_team_card``,
e.g. Blitz Bowl): each team's points, touchdowns (who scored, if given),
Challenge Cards claimed and Clean Sweeps. Refusals come back as HTTP 400
with ``{"errors": [{"code", "field", "message"}]}`` and nothing written."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.serializers import InputSerializer
from matches.api.confirm import SubmissionSerializer
from matches.api.seasons import MatchOutputSerializer, _valid
from matches.models import ReportSubmission
from matches.prematch.kickoff import match_get_for_party
from matches.reports.cards import (
    HOW,
    CardReportSide,
    match_submit_card_report,
)
from matches.seasons.selectors import match_detail_qs

# The deck holds 26 cards.
DECK = 26


class CardReportSideSerializer(InputSerializer):
    points = serializers.IntegerField(min_value=0, max_value=200)
    touchdowns = serializers.IntegerField(min_value=0, max_value=40, default=0)
    cards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=99),
        required=False,
        max_length=DECK,
        help_text="the Challenge Cards claimed, by card number (1-26)",
    )
    challenges = serializers.ListField(
        child=serializers.CharField(max_length=60),
        required=False,
        max_length=DECK,
        help_text="or by challenge slug (e.g. break_some_bones), one per card",
    )
    clean_sweeps = serializers.IntegerField(min_value=0, max_value=9, default=0)
    scorers = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=40,
        help_text="who scored (player ids of this team), one per touchdown",
    )


class CardReportInputSerializer(InputSerializer):
    home = CardReportSideSerializer()
    away = CardReportSideSerializer()
    how = serializers.ChoiceField(
        choices=list(HOW),
        default="points",
        help_text="how the game ended: a Points Victory (or draw) when the "
        "cards ran out, or a Sudden Death Victory",
    )


def _side(data: dict[str, Any]) -> CardReportSide:
    return CardReportSide(
        points=data["points"],
        touchdowns=data.get("touchdowns", 0),
        cards=tuple(data.get("cards", ())),
        challenges=tuple(data.get("challenges", ())),
        clean_sweeps=data.get("clean_sweeps", 0),
        scorers=tuple(data.get("scorers", ())),
    )


class MatchCardReportApi(APIView):
    @extend_schema(
        request=CardReportInputSerializer,
        responses={201: MatchOutputSerializer, 202: SubmissionSerializer},
        summary="Record a match of a card format (Blitz Bowl) from a report",
    )
    def post(self, request: Request, pk: int) -> Response:
        """201 with the match once the report stands; 202 with the
        submission where the league asks the opposing coach to confirm a
        coach's report first."""
        match_get_for_party(request.user, pk)
        data = _valid(CardReportInputSerializer, request.data)
        saved = match_submit_card_report(
            match_id=pk,
            home=_side(data["home"]),
            away=_side(data["away"]),
            how=data.get("how", "points"),
            actor=request.user,
        )
        if isinstance(saved, ReportSubmission):
            return Response(
                SubmissionSerializer(saved).data, status=status.HTTP_202_ACCEPTED
            )
        match = get_object_or_404(match_detail_qs(), pk=pk)
        return Response(
            MatchOutputSerializer(match).data, status=status.HTTP_201_CREATED
        )
