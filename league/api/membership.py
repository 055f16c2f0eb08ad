"""League membership endpoints: the members list, invitations, requests to
join, removal, and opening a league to requests.

The commissioner invites, approves, declines, removes and opens (403 for
anyone else); a coach asks to join and answers their own invitation.
Refusals come back as HTTP 400 ``{"errors": [...]}`` with nothing written.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner
from league.api.filters import ApiFilterSet
from league.api.serializers import (
    InputSerializer,
    InviteLinkOutputSerializer,
    LeagueOutputSerializer,
    NoInputSerializer,
    invite_link_data,
)
from league.invites.services import LINK_DAYS, LINK_MAX_USES, invite_link_renew
from league.models import League, LeagueMembership
from league.selectors import league_list, league_member_list
from league.services.membership import (
    league_set_open,
    membership_accept,
    membership_approve,
    membership_decline,
    membership_invite,
    membership_reject,
    membership_remove,
    membership_request,
)


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _league(league_id: int) -> League:
    return get_object_or_404(League, pk=league_id)


class MembershipOutputSerializer(serializers.ModelSerializer[LeagueMembership]):
    coach_name = serializers.CharField(source="coach.username")

    class Meta:
        model = LeagueMembership
        fields = [
            "id",
            "league",
            "coach",
            "coach_name",
            "status",
            "created_at",
            "updated_at",
        ]


def _membership_response(
    membership: LeagueMembership, code: int = status.HTTP_200_OK
) -> Response:
    return Response(MembershipOutputSerializer(membership).data, status=code)


class InviteInputSerializer(InputSerializer):
    username = serializers.CharField(max_length=150)


class OpenInputSerializer(InputSerializer):
    open = serializers.BooleanField(
        default=True, help_text="false closes the league to requests again"
    )


class InviteLinkInputSerializer(InputSerializer):
    max_uses = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=LINK_MAX_USES,
        help_text="joins the new link allows, 1 to 1,000; null for no limit",
    )
    days = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=LINK_DAYS,
        help_text="days the new link works, 1 to 365; null for no end",
    )


class MembershipFilter(ApiFilterSet):
    class Meta:
        model = LeagueMembership
        fields = ["status"]


class LeagueMembersApi(generics.ListAPIView[LeagueMembership]):
    """The league's coaches: members, invited, asking to join, and those
    who declined or were removed (``?status=``). The commissioner is a
    member without a row."""

    serializer_class = MembershipOutputSerializer
    filterset_class = MembershipFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return LeagueMembership.objects.none()
        return league_member_list(_league(self.kwargs["league_id"]))

    @extend_schema(
        request=InviteInputSerializer, responses={201: MembershipOutputSerializer}
    )
    def post(self, request: Request, league_id: int) -> Response:
        """The commissioner invites a coach by username."""
        league = league_get_for_commissioner(request.user, league_id)
        data = _valid(InviteInputSerializer, request.data)
        membership = membership_invite(
            league_id=league.pk,
            username=data["username"],
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership, status.HTTP_201_CREATED)


class LeagueMemberDetailApi(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, league_id: int, coach_id: int) -> Response:
        """The commissioner removes a member; their teams and results stay."""
        league = league_get_for_commissioner(request.user, league_id)
        _valid(NoInputSerializer, request.data)
        membership_remove(
            league_id=league.pk,
            coach_id=coach_id,
            actor=request.user,  # type: ignore[arg-type]
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeagueJoinApi(APIView):
    @extend_schema(request=None, responses={201: MembershipOutputSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        """Ask to join an open league; the commissioner approves or declines."""
        _valid(NoInputSerializer, request.data)
        league = _league(league_id)
        membership = membership_request(
            league_id=league.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership, status.HTTP_201_CREATED)


class LeagueInvitationAcceptApi(APIView):
    @extend_schema(request=None, responses={200: MembershipOutputSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        """Accept your invitation: you are a member."""
        _valid(NoInputSerializer, request.data)
        league = _league(league_id)
        membership = membership_accept(
            league_id=league.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership)


class LeagueInvitationDeclineApi(APIView):
    @extend_schema(request=None, responses={200: MembershipOutputSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        """Decline your invitation."""
        _valid(NoInputSerializer, request.data)
        league = _league(league_id)
        membership = membership_decline(
            league_id=league.pk,
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership)


class LeagueRequestApproveApi(APIView):
    @extend_schema(request=None, responses={200: MembershipOutputSerializer})
    def post(self, request: Request, league_id: int, coach_id: int) -> Response:
        """The commissioner approves a coach's request to join."""
        league = league_get_for_commissioner(request.user, league_id)
        _valid(NoInputSerializer, request.data)
        membership = membership_approve(
            league_id=league.pk,
            coach_id=coach_id,
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership)


class LeagueRequestDeclineApi(APIView):
    @extend_schema(request=None, responses={200: MembershipOutputSerializer})
    def post(self, request: Request, league_id: int, coach_id: int) -> Response:
        """The commissioner declines a coach's request to join."""
        league = league_get_for_commissioner(request.user, league_id)
        _valid(NoInputSerializer, request.data)
        membership = membership_reject(
            league_id=league.pk,
            coach_id=coach_id,
            actor=request.user,  # type: ignore[arg-type]
        )
        return _membership_response(membership)


class LeagueOpenApi(APIView):
    @extend_schema(request=OpenInputSerializer, responses={200: LeagueOutputSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        """The commissioner opens the league to requests to join
        (``{"open": false}`` closes it again)."""
        league = league_get_for_commissioner(request.user, league_id)
        data = _valid(OpenInputSerializer, request.data)
        league_set_open(
            league_id=league.pk,
            is_open=data["open"],
            actor=request.user,  # type: ignore[arg-type]
        )
        shown = LeagueOutputSerializer(
            league_list().get(pk=league.pk), context={"request": request}
        )
        return Response(shown.data)


class LeagueInviteLinkApi(APIView):
    @extend_schema(
        request=InviteLinkInputSerializer, responses={201: InviteLinkOutputSerializer}
    )
    def post(self, request: Request, league_id: int) -> Response:
        """The commissioner renews the league's invite link: the old address
        lets no one in from now on, the new one is returned."""
        league = league_get_for_commissioner(request.user, league_id)
        data = _valid(InviteLinkInputSerializer, request.data)
        invite = invite_link_renew(
            league_id=league.pk,
            actor=request.user,  # type: ignore[arg-type]
            max_uses=data["max_uses"],
            days=data["days"],
        )
        return Response(invite_link_data(invite), status=status.HTTP_201_CREATED)
