"""API for ending a team's post-game (``/api/teams/{id}/postgame/end/``);
see :mod:`matches.postgame.end`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import team_get_for_write
from league.api.players import _valid
from league.api.serializers import InputSerializer
from matches.models import PostgameEnd
from matches.postgame.end import team_postgame_end


class PostgameEndInputSerializer(InputSerializer):
    match = serializers.IntegerField(min_value=1, required=False)


class PostgameEndOutputSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField(source="match_id")
    team = serializers.IntegerField(source="team_id")
    how = serializers.CharField()
    treasury_before = serializers.IntegerField()
    incident = serializers.CharField(allow_null=True)
    lost = serializers.IntegerField()
    treasury_after = serializers.IntegerField()
    ended_at = serializers.DateTimeField()


def postgame_end_data(row: PostgameEnd) -> dict[str, Any]:
    return dict(
        PostgameEndOutputSerializer(
            {
                "match_id": row.match_id,
                "team_id": row.team_id,
                "how": row.how,
                "treasury_before": row.treasury_before,
                "incident": row.incident or None,
                "lost": row.lost,
                "treasury_after": (row.treasury_before or 0) - row.lost,
                "ended_at": row.ended_at,
            }
        ).data
    )


class TeamPostgameEndApi(APIView):
    @extend_schema(
        request=PostgameEndInputSerializer,
        responses={200: PostgameEndOutputSerializer},
    )
    def post(self, request: Request, team_id: int) -> Response:
        """End the team's post-game (of ``match``, if given; else the one
        open) once its coach has hired, fired and advanced: Expensive
        Mistakes is rolled on the treasury as it stands (no roll under
        100,000), and the team value recorded. Its coach or the league's
        commissioner; refused with ``no_postgame`` (none to end: a format
        without Expensive Mistakes, or no result yet) or ``already_ended``
        on ``match``. Left open, it ends by itself before the team's next
        match and when the season closes."""
        team = team_get_for_write(request.user, team_id)
        data = _valid(PostgameEndInputSerializer, request.data)
        row = team_postgame_end(
            team_id=team.pk,
            actor=request.user,  # type: ignore[arg-type]
            match_id=data.get("match"),
        )
        return Response(postgame_end_data(row))
