"""API for temporarily retiring a player (``/api/players/{id}/retire/``);
see :mod:`matches.postgame.retirement`."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.players import _player_data, _player_for_write, _valid
from league.api.serializers import NoInputSerializer, PlayerOutputSerializer
from matches.postgame.retirement import player_retire


class PlayerRetireApi(APIView):
    @extend_schema(request=None, responses={200: PlayerOutputSerializer})
    def post(self, request: Request, player_id: int) -> Response:
        """Temporarily retire a player who suffered a Lasting Injury in his
        team's latest game, before the team's next kick-off. Refused with
        ``no_lasting_injury`` (any other player, or once that game's
        post-game is over) or ``not_in_format`` (Sevens: no Lasting Injury)
        on ``player``, besides ``journeyman``, ``already_retired``,
        ``player_not_on_roster``, ``team_busy`` and ``team_card_fixed``."""
        player = _player_for_write(request.user, player_id)
        _valid(NoInputSerializer, request.data)
        retired = player_retire(
            team_id=player.team_id,
            player_id=player.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(_player_data(retired))
