"""API for a league's outgoing webhooks and their delivery log
(``/api/leagues/{id}/webhooks/``), for its commissioner only; see
:mod:`matches.webhooks.services`."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner
from league.api.serializers import (
    ErrorResponseSerializer,
    InputSerializer,
    NoInputSerializer,
)
from matches.models import LeagueWebhook, WebhookDelivery
from matches.webhooks.services import (
    KINDS,
    URL_PATTERN,
    url_problem,
    webhook_create,
    webhook_deactivate,
)

DELIVERIES_SHOWN = 100
# A read only the league's commissioner may make: the reads document 403 too.
FORBIDDEN = OpenApiResponse(
    ErrorResponseSerializer, description="Only the league's commissioner."
)


URL_MAX_LENGTH = 500


@extend_schema_field(
    {
        "type": "string",
        "format": "uri",
        "pattern": URL_PATTERN,
        "maxLength": URL_MAX_LENGTH,
        "description": "an http:// or https:// address, without a user or "
        "password (printable ASCII: an international name in its xn-- form)",
    }
)
class WebhookUrlField(serializers.CharField):
    """A webhook's address: what the schema's pattern allows, nothing else
    (refused as ``invalid_url``, as the service refuses it)."""

    def __init__(self, **kwargs: Any) -> None:
        # not trimmed: " https://..." is refused, as the pattern refuses it
        super().__init__(max_length=URL_MAX_LENGTH, trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: object) -> str:
        url = super().to_internal_value(data)
        problem = url_problem(url)
        if problem is not None:
            raise serializers.ValidationError(problem, code="invalid_url")
        return url


class WebhookInputSerializer(InputSerializer):
    """A webhook to add."""

    url = WebhookUrlField()
    kind = serializers.ChoiceField(choices=LeagueWebhook.Kind.choices)
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(KINDS)),
        required=False,
        default=list,
        max_length=len(KINDS),
        help_text="the kinds of news to send; empty or absent: all",
    )


class WebhookSerializer(serializers.ModelSerializer[LeagueWebhook]):
    secret = serializers.CharField(
        read_only=True,
        help_text="the HMAC-SHA256 key of the generic kind's X-Dugout-Signature",
    )

    class Meta:
        model = LeagueWebhook
        fields = [
            "id",
            "league",
            "url",
            "kind",
            "events",
            "active",
            "secret",
            "created_at",
        ]


class DeliverySerializer(serializers.ModelSerializer[WebhookDelivery]):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "kind",
            "key",
            "status",
            "attempts",
            "last_status_code",
            "last_error",
            "next_attempt_at",
            "created_at",
            "delivered_at",
            "body",
        ]


class LeagueWebhookListApi(APIView):
    @extend_schema(responses={200: WebhookSerializer(many=True), 403: FORBIDDEN})
    def get(self, request: Request, league_id: int) -> Response:
        """The league's webhooks, active or not (commissioner only)."""
        league = league_get_for_commissioner(request.user, league_id)
        return Response(
            WebhookSerializer(
                LeagueWebhook.objects.filter(league=league), many=True
            ).data
        )

    @extend_schema(request=WebhookInputSerializer, responses={201: WebhookSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        """Add a webhook: ``discord`` (a Discord channel's webhook address)
        or ``generic`` (any address; each body signed, see ``secret``)."""
        league = league_get_for_commissioner(request.user, league_id)
        serializer = WebhookInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        hook = webhook_create(
            league_id=league.pk,
            url=data["url"],
            kind=data["kind"],
            events=data["events"],
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(WebhookSerializer(hook).data, status=status.HTTP_201_CREATED)


class LeagueWebhookDetailApi(APIView):
    @extend_schema(responses={200: WebhookSerializer, 403: FORBIDDEN})
    def get(self, request: Request, league_id: int, webhook_id: int) -> Response:
        league = league_get_for_commissioner(request.user, league_id)
        hook = get_object_or_404(LeagueWebhook, pk=webhook_id, league=league)
        return Response(WebhookSerializer(hook).data)

    @extend_schema(request=None, responses={200: WebhookSerializer})
    def delete(self, request: Request, league_id: int, webhook_id: int) -> Response:
        """Stop the webhook (it stays, inactive, with its delivery log)."""
        league = league_get_for_commissioner(request.user, league_id)
        hook = get_object_or_404(LeagueWebhook, pk=webhook_id, league=league)
        NoInputSerializer(data=request.data).is_valid(raise_exception=True)
        return Response(WebhookSerializer(webhook_deactivate(webhook_id=hook.pk)).data)


class WebhookDeliveriesApi(APIView):
    @extend_schema(responses={200: DeliverySerializer(many=True), 403: FORBIDDEN})
    def get(self, request: Request, league_id: int, webhook_id: int) -> Response:
        """The webhook's latest deliveries, newest first: what was sent,
        how often it was tried, the receiver's last answer."""
        league = league_get_for_commissioner(request.user, league_id)
        hook = get_object_or_404(LeagueWebhook, pk=webhook_id, league=league)
        rows = WebhookDelivery.objects.filter(webhook=hook)[:DELIVERIES_SHOWN]
        return Response(DeliverySerializer(rows, many=True).data)
