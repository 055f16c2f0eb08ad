"""API for a match's inducements (``/api/matches/{id}/inducements/``): what
each side may buy before kick-off, and buying it; see
:mod:`matches.prematch.inducements`."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.serializers import InputSerializer
from matches.api.seasons import Bool, Int, Str, _objects, _valid
from matches.models import Match
from matches.postgame.end import match_buy_inducements_after_postgames
from matches.prematch.inducements import (
    PURCHASE_COUNT_MAX,
    Purchase,
    Side,
    inducement_offer,
    inducement_sides,
)
from matches.prematch.kickoff import match_get_for_party


class InducementsBoughtOutputSerializer(serializers.Serializer[Any]):
    lines = _objects()
    total = Int()
    petty_cash_used = Int()
    treasury_used = Int()


class InducementSideOutputSerializer(serializers.Serializer[Any]):
    team = Int()
    team_name = Str()
    ctv = Int()
    petty_cash = Int()
    treasury_available = Int()
    must_wait_for_opponent = Bool()
    offer = _objects()
    bought = InducementsBoughtOutputSerializer(allow_null=True)


class InducementsOutputSerializer(serializers.Serializer[Any]):
    match = Int()
    format = Str()
    home = InducementSideOutputSerializer()
    away = InducementSideOutputSerializer()


class InducementPurchaseOutputSerializer(InducementsBoughtOutputSerializer):
    team = Int()


class InducementItemSerializer(InputSerializer):
    item = serializers.CharField(max_length=60)
    count = serializers.IntegerField(
        min_value=1, max_value=PURCHASE_COUNT_MAX, default=1
    )
    star_player = serializers.CharField(max_length=100, required=False)
    position = serializers.CharField(max_length=60, required=False)
    skill = serializers.CharField(
        max_length=60,
        required=False,
        help_text="mercenaries: one extra Primary skill for the position (+50,000)",
    )


class InducementsInputSerializer(InputSerializer):
    team = serializers.IntegerField(min_value=1)
    items = InducementItemSerializer(many=True, max_length=30)


def _side_dict(side: Side, match: Match) -> dict[str, Any]:
    bought = side.bought
    return {
        "team": side.team.pk,
        "team_name": side.team.name,
        "ctv": side.ctv,
        "petty_cash": side.petty_cash,
        "treasury_available": side.treasury_available,
        "must_wait_for_opponent": side.must_wait,
        "offer": inducement_offer(side, match),
        "bought": None
        if bought is None
        else {
            "lines": bought.lines,
            "total": bought.total,
            "petty_cash_used": bought.petty_cash_used,
            "treasury_used": bought.treasury_used,
        },
    }


class MatchInducementsApi(APIView):
    @extend_schema(responses={200: InducementsOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match.objects.select_related("season"), pk=pk)
        home, away = inducement_sides(match)
        return Response(
            {
                "match": match.pk,
                "format": match.season.settings["format"],
                "home": _side_dict(home, match),
                "away": _side_dict(away, match),
            }
        )

    @extend_schema(
        request=InducementsInputSerializer,
        responses={201: InducementPurchaseOutputSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        match_get_for_party(request.user, pk)
        data = _valid(InducementsInputSerializer, request.data)
        record = match_buy_inducements_after_postgames(
            match_id=pk,
            team_id=data["team"],
            items=[
                Purchase(
                    i["item"],
                    i["count"],
                    i.get("star_player"),
                    i.get("position"),
                    i.get("skill"),
                )
                for i in data["items"]
            ],
            actor=request.user,
        )
        return Response(
            {
                "team": record.team_id,
                "lines": record.lines,
                "total": record.total,
                "petty_cash_used": record.petty_cash_used,
                "treasury_used": record.treasury_used,
            },
            status=201,
        )
