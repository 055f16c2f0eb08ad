"""Player endpoints between matches: advancements, the Sevens post-game
skill, hiring journeymen, bringing back a temporarily retired player (which
the rules refuse until the re-draft), and the league's audit log. Retiring
a player is in ``matches.api.retirement``.

Writes need the team's coach or the league's commissioner (403 otherwise);
refusals come back as HTTP 400 ``{"errors": [...]}`` with nothing written.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.facade import AdvancementKind, AdvancementOption, Characteristic
from league.access import AnyUser, league_is_commissioned_by, team_get_for_write
from league.api.filters import ApiFilterSet
from league.api.serializers import (
    InputSerializer,
    NoInputSerializer,
    PlayerOutputSerializer,
)
from league.models import League, LeagueEvent, Player
from league.selectors import league_event_list, league_event_payload
from league.services.advancement import (
    Advancement,
    PendingRoll,
    player_advance,
    player_advancement_choose,
    player_advancements_get,
)
from league.services.journeymen import journeyman_hire
from league.services.roster import player_unretire


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _player(player_id: int) -> Player:
    return get_object_or_404(
        Player.objects.select_related("team__league"), pk=player_id
    )


def _player_for_write(user: AnyUser, player_id: int) -> Player:
    """The player, if ``user`` may change their team: 404 if there is no
    such player, 403 if the team is not theirs."""
    player = _player(player_id)
    player.team = team_get_for_write(user, player.team_id)
    return player


def _player_data(player: Player) -> dict[str, Any]:
    player = Player.objects.select_related("team__league").get(pk=player.pk)
    return dict(PlayerOutputSerializer(player).data)


# --- advancements --------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": [c.value for c in Characteristic]},
            {
                "type": "array",
                "items": {"type": "string", "enum": [c.value for c in Characteristic]},
                "maxItems": len(Characteristic),
            },
        ]
    }
)
class CharacteristicPreferenceField(serializers.ListField):
    """One characteristic (``"ma"``) or a preference order (``["ag", "ma"]``)."""

    child = serializers.ChoiceField(choices=[c.value for c in Characteristic])
    takes_one_item = True

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            data = [data]
        return super().to_internal_value(data)


class AdvanceInputSerializer(InputSerializer):
    kind = serializers.ChoiceField(choices=[k.value for k in AdvancementKind])
    category = serializers.CharField(max_length=20, required=False, allow_blank=True)
    skill = serializers.CharField(max_length=60, required=False, allow_blank=True)
    characteristic = CharacteristicPreferenceField(
        required=False, max_length=len(Characteristic)
    )


class AdvancementOptionSerializer(serializers.Serializer[AdvancementOption]):
    kind = serializers.CharField(source="kind.value")
    category = serializers.CharField(allow_null=True)
    spp_cost = serializers.IntegerField()
    value_increase = serializers.IntegerField(allow_null=True)


class DieOutputSerializer(serializers.Serializer[Any]):
    purpose = serializers.CharField()
    sides = serializers.IntegerField()
    result = serializers.IntegerField()


class PendingRollOutputSerializer(serializers.Serializer[Any]):
    """A dice-rolled advancement paid for, waiting for its coach's choice."""

    kind = serializers.CharField(source="row.kind")
    category = serializers.CharField(source="row.category", allow_null=True)
    spp_spent = serializers.IntegerField(source="row.spp_spent")
    dice = DieOutputSerializer(many=True, source="row.dice")
    skills = serializers.ListField(
        child=serializers.CharField(),
        help_text="a random skill's rolled skills: keep one as 'skill'",
    )
    characteristics = serializers.ListField(
        child=serializers.CharField(),
        help_text="what the characteristic roll lets the player improve: "
        "one as 'characteristic'",
    )
    skill_categories = serializers.ListField(
        child=serializers.CharField(),
        help_text="a characteristic roll: or a skill of these categories as "
        "'skill' instead",
    )
    message = serializers.CharField()
    event = serializers.IntegerField(source="row.event_id")
    created_at = serializers.DateTimeField(source="row.created_at")

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        data["category"] = data["category"] or None
        return data


class PendingAdvancementOutputSerializer(PendingRollOutputSerializer):
    player = serializers.SerializerMethodField()

    @extend_schema_field(PlayerOutputSerializer)
    def get_player(self, pending: PendingRoll) -> Any:
        return _player_data(pending.player)


class AdvancementMenuOutputSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player.pk")
    spp = serializers.IntegerField(source="player.spp")
    advancements = serializers.IntegerField(source="player.advancements")
    spp_tracked = serializers.BooleanField()
    level = serializers.CharField()
    next_level = serializers.CharField(allow_null=True)
    must_spend = serializers.BooleanField()
    costs = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    options = AdvancementOptionSerializer(many=True)
    pending = PendingRollOutputSerializer(
        allow_null=True,
        help_text="the roll waiting for its coach's choice (no other "
        "advancement until he chooses, POST .../advancements/pending/)",
    )


class SkillOutputSerializer(serializers.Serializer[Any]):
    skill = serializers.CharField()
    param = serializers.CharField(allow_null=True)


class AdvancementOutputSerializer(serializers.Serializer[Any]):
    player = PlayerOutputSerializer()
    kind = serializers.CharField()
    category = serializers.CharField(allow_null=True)
    skill = SkillOutputSerializer(allow_null=True)
    characteristic = serializers.CharField(allow_null=True)
    spp_spent = serializers.IntegerField()
    value_increase = serializers.IntegerField()
    level = serializers.CharField()
    dice = DieOutputSerializer(many=True)
    event = serializers.IntegerField()


class PlayerAdvancementsApi(APIView):
    @extend_schema(responses={200: AdvancementMenuOutputSerializer})
    def get(self, request: Request, player_id: int) -> Response:
        menu = player_advancements_get(_player(player_id))
        return Response(AdvancementMenuOutputSerializer(menu).data)

    @extend_schema(
        request=AdvanceInputSerializer,
        responses={
            201: AdvancementOutputSerializer,
            202: PendingAdvancementOutputSerializer,
        },
    )
    def post(self, request: Request, player_id: int) -> Response:
        """201: the advancement taken. 202: dice that leave a choice (a
        characteristic roll none of the preferences fits, a BB2025 random
        skill's two skills): the SPP are spent and the roll waits for the
        coach's choice (``POST .../advancements/pending/``); meanwhile any
        advancement is refused as ``advancement_pending`` on ``player``."""
        player = _player_for_write(request.user, player_id)
        data = _valid(AdvanceInputSerializer, request.data)
        taken = player_advance(
            player_id=player.pk,
            kind=AdvancementKind(data["kind"]),
            category=data.get("category") or None,
            skill=data.get("skill") or None,
            characteristic=[Characteristic(c) for c in data.get("characteristic", [])],
            actor=request.user,  # type: ignore[arg-type]
        )
        if isinstance(taken, PendingRoll):
            return Response(
                PendingAdvancementOutputSerializer(taken).data,
                status=status.HTTP_202_ACCEPTED,
            )
        return Response(_advancement_body(taken), status=status.HTTP_201_CREATED)


class AdvancementChoiceInputSerializer(InputSerializer):
    skill = serializers.CharField(max_length=60, required=False, allow_blank=True)
    characteristic = CharacteristicPreferenceField(
        required=False, max_length=len(Characteristic)
    )


class PlayerAdvancementChoiceApi(APIView):
    @extend_schema(
        request=AdvancementChoiceInputSerializer,
        responses={201: AdvancementOutputSerializer},
    )
    def post(self, request: Request, player_id: int) -> Response:
        """Choose among the player's pending roll: ``skill`` (one of the
        rolled ``skills``, or a skill of ``skill_categories`` instead of a
        characteristic) or ``characteristic`` (one the roll offers, or a
        preference order). 201 with the advancement taken; nothing is
        rolled again. Refused with ``no_pending_advancement`` on ``player``,
        ``skill_choice_required``/``skill_not_rolled`` on ``skill``,
        ``choice_required``/``characteristic_not_allowed`` on
        ``characteristic``, nothing written and the roll kept."""
        player = _player_for_write(request.user, player_id)
        data = _valid(AdvancementChoiceInputSerializer, request.data)
        taken = player_advancement_choose(
            player_id=player.pk,
            skill=data.get("skill") or None,
            characteristic=[Characteristic(c) for c in data.get("characteristic", [])],
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(_advancement_body(taken), status=status.HTTP_201_CREATED)


def _advancement_body(taken: Advancement) -> dict[str, Any]:
    result = taken.result
    return {
        "player": _player_data(taken.player),
        "kind": result.option.kind.value,
        "category": result.option.category,
        "skill": {"skill": result.skill.skill, "param": result.skill.param}
        if result.skill
        else None,
        "characteristic": result.characteristic.value
        if result.characteristic
        else None,
        "spp_spent": result.spp_spent,
        "value_increase": result.value_increase,
        "level": result.level,
        "dice": taken.event.payload["dice"],
        "event": taken.event.pk,
    }


# --- journeymen and retirement -------------------------------------------------


class JourneymanHireApi(APIView):
    @extend_schema(request=None, responses={200: PlayerOutputSerializer})
    def post(self, request: Request, player_id: int) -> Response:
        player = _player_for_write(request.user, player_id)
        _valid(NoInputSerializer, request.data)
        hired = journeyman_hire(
            team_id=player.team_id,
            player_id=player.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(_player_data(hired))


class PlayerUnretireApi(APIView):
    @extend_schema(request=None, responses={200: PlayerOutputSerializer})
    def post(self, request: Request, player_id: int) -> Response:
        """Refused for a temporarily retired player (``retired_for_season``
        on ``player``): he misses the rest of the season and comes back only
        when re-drafted. ``not_retired`` for any other player."""
        player = _player_for_write(request.user, player_id)
        _valid(NoInputSerializer, request.data)
        player_unretire(team_id=player.team_id, player_id=player.pk)


# --- the audit log -------------------------------------------------------------


class LeagueEventFilter(ApiFilterSet):
    class Meta:
        model = LeagueEvent
        fields = ["type", "team", "player", "match_id"]


class LeagueEventOutputSerializer(serializers.ModelSerializer[LeagueEvent]):
    team_name = serializers.CharField(source="team.name", default=None, allow_null=True)
    player_name = serializers.CharField(
        source="player.name", default=None, allow_null=True
    )
    created_by = serializers.CharField(
        source="created_by.username", default=None, allow_null=True
    )
    payload = serializers.SerializerMethodField(
        help_text="what the step did; an e-mailed invitation's address is shown "
        "to the league's commissioner only"
    )

    class Meta:
        model = LeagueEvent
        fields = [
            "id",
            "type",
            "team",
            "team_name",
            "player",
            "player_name",
            "match_id",
            "payload",
            "created_by",
            "created_at",
        ]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_payload(self, event: LeagueEvent) -> Any:
        return league_event_payload(
            event, commissioner=self.context.get("commissioner", False)
        )


class LeagueEventListApi(generics.ListAPIView[LeagueEvent]):
    """A league's audit log, newest first; ``?type=`` (and ``team``,
    ``player``, ``match_id``) filter it."""

    serializer_class = LeagueEventOutputSerializer
    filterset_class = LeagueEventFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return LeagueEvent.objects.none()
        return league_event_list(self.league)

    @cached_property
    def league(self) -> League:
        return get_object_or_404(League, pk=self.kwargs["league_id"])

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            context["commissioner"] = league_is_commissioned_by(
                self.request.user, self.league
            )
        return context
