"""The API of a league fixture recorded unplayed
(:func:`matches.commissioner.unplayed.match_record_unplayed`): a loss for
both teams, or a 1-0 win for the team whose opponent conceded it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner
from league.api.serializers import InputSerializer
from matches.api.match_output import MatchOutputSerializer
from matches.api.seasons import _valid
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match
from matches.seasons.selectors import match_detail_qs


class UnplayedInputSerializer(InputSerializer):
    conceded_by = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The id of the team (of this match) that conceded the "
        "fixture: the other wins 1-0 (one touchdown; 4-0 in Blitz Bowl, "
        "whose scores are points), gains D6 x 10,000 gp and makes two MVP "
        "awards. Left out or null: nobody conceded, a loss for both teams.",
    )
    reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        help_text="Kept in the match log and the league's audit log.",
    )


class MatchUnplayedApi(APIView):
    @extend_schema(
        request=UnplayedInputSerializer, responses={201: MatchOutputSerializer}
    )
    def post(self, request: Request, pk: int) -> Response:
        """Record a league fixture not played by the end of its time limit
        (the commissioner's alone): 201 with the match, its post-game (the
        winner's gold and MVPs) queued."""
        match = get_object_or_404(Match.objects.select_related("season"), pk=pk)
        league_get_for_commissioner(request.user, match.season.league_id)
        data = _valid(UnplayedInputSerializer, request.data)
        match_record_unplayed(
            match_id=pk,
            actor=request.user,
            conceded_by=data.get("conceded_by"),
            reason=data.get("reason", ""),
        )
        return Response(
            MatchOutputSerializer(get_object_or_404(match_detail_qs(), pk=pk)).data,
            status=status.HTTP_201_CREATED,
        )
