"""League and team endpoints. Each write view validates its input, calls one
service, and returns the result; refusals come back as HTTP 400 with
``{"errors": [{"code", "field", "message"}]}``."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import team_get_for_write
from league.api.filters import ApiFilterSet
from league.api.serializers import (
    CaptainInputSerializer,
    HireInputSerializer,
    LeagueInputSerializer,
    LeagueOutputSerializer,
    LedgerEntryOutputSerializer,
    MvpNominationsInputSerializer,
    NoInputSerializer,
    PlayerOutputSerializer,
    PurchaseInputSerializer,
    SpecialRuleInputSerializer,
    StaffFireInputSerializer,
    TeamDraftInputSerializer,
    TeamOutputSerializer,
)
from league.invites.models import LeagueInvite
from league.models import League, Team, TreasuryEntry
from league.page_cache import object_cached
from league.selectors import (
    league_list,
    team_detail_qs,
    team_league_id,
    team_ledger,
    team_list,
)
from league.services.captain import team_name_captain
from league.services.leagues import league_create
from league.services.mvp import team_set_mvp_nominations
from league.services.teams import (
    PlayerRequest,
    team_buy,
    team_choose_special_rule,
    team_draft,
    team_fire_player,
    team_fire_staff,
    team_hire_player,
)


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _leagues_with_links() -> Any:
    """The leagues, each with its live invite link read in one query for
    the whole page (shown to the league's commissioner only)."""
    live = LeagueInvite.objects.filter(
        kind=LeagueInvite.Kind.LINK, revoked_at__isnull=True
    )
    return league_list().prefetch_related(
        Prefetch("invites", queryset=live, to_attr="live_links")
    )


class LeagueListApi(generics.ListAPIView[League]):
    serializer_class = LeagueOutputSerializer

    def get_queryset(self) -> Any:
        return _leagues_with_links()

    @extend_schema(
        request=LeagueInputSerializer, responses={201: LeagueOutputSerializer}
    )
    def post(self, request: Request) -> Response:
        """Create a league, run by the caller; it comes with its first
        invite link, as on the new-league page."""
        data = _valid(LeagueInputSerializer, request.data)
        league = league_create(commissioner=request.user, **data)
        return Response(
            LeagueOutputSerializer(league, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class LeagueDetailApi(generics.RetrieveAPIView[League]):
    serializer_class = LeagueOutputSerializer

    def get_queryset(self) -> Any:
        return _leagues_with_links()


class TeamFilter(ApiFilterSet):
    class Meta:
        model = Team
        fields = ["league", "coach"]


class TeamListApi(generics.ListAPIView[Team]):
    serializer_class = TeamOutputSerializer
    filterset_class = TeamFilter

    def get_queryset(self) -> Any:
        return team_list()

    @extend_schema(
        request=TeamDraftInputSerializer, responses={201: TeamOutputSerializer}
    )
    def post(self, request: Request) -> Response:
        data = _valid(TeamDraftInputSerializer, request.data)
        team = team_draft(
            coach=request.user,
            players=[PlayerRequest(**p) for p in data.pop("players")],
            **data,
        )
        return _team_response(team.pk, status.HTTP_201_CREATED)


def _team_response(team_id: int, code: int = status.HTTP_200_OK) -> Response:
    team = get_object_or_404(team_detail_qs(), pk=team_id)
    return Response(TeamOutputSerializer(team).data, status=code)


def _team_sheet(team_id: int) -> dict[str, Any]:
    team = get_object_or_404(team_detail_qs(), pk=team_id)
    return dict(TeamOutputSerializer(team).data)


class TeamDetailApi(APIView):
    @extend_schema(responses={200: TeamOutputSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        return Response(
            object_cached(
                "team",
                team_id,
                partial(team_league_id, team_id),
                "api",
                partial(_team_sheet, team_id),
            )
        )


class TeamPlayersApi(APIView):
    @extend_schema(request=HireInputSerializer, responses={201: PlayerOutputSerializer})
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(HireInputSerializer, request.data)
        player = team_hire_player(team_id=team.pk, actor=request.user, **data)
        player.team = team
        return Response(
            PlayerOutputSerializer(player).data, status=status.HTTP_201_CREATED
        )


class TeamPlayerDetailApi(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, team_id: int, player_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        _valid(NoInputSerializer, request.data)
        team_fire_player(team_id=team.pk, player_id=player_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamPurchasesApi(APIView):
    @extend_schema(
        request=PurchaseInputSerializer, responses={201: TeamOutputSerializer}
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(PurchaseInputSerializer, request.data)
        team_buy(team_id=team.pk, actor=request.user, **data)
        return _team_response(team.pk, status.HTTP_201_CREATED)


class TeamStaffFireApi(APIView):
    @extend_schema(
        request=StaffFireInputSerializer,
        responses={200: TeamOutputSerializer},
        summary="Fire Sideline Staff (no refund)",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(StaffFireInputSerializer, request.data)
        team_fire_staff(team_id=team.pk, actor=request.user, **data)
        return _team_response(team.pk)


class TeamSpecialRuleApi(APIView):
    @extend_schema(
        request=SpecialRuleInputSerializer,
        responses={200: TeamOutputSerializer},
        summary="Record the special rule of a team drafted without one",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(SpecialRuleInputSerializer, request.data)
        team_choose_special_rule(team_id=team.pk, actor=request.user, **data)
        return _team_response(team.pk)


class TeamCaptainApi(APIView):
    @extend_schema(
        request=CaptainInputSerializer,
        responses={200: TeamOutputSerializer},
        summary="Name the Team Captain (BB2025 Humans and Orcs)",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(CaptainInputSerializer, request.data)
        team_name_captain(team_id=team.pk, player_id=data["player"], actor=request.user)
        return _team_response(team.pk)


class TeamMvpNominationsApi(APIView):
    @extend_schema(
        request=MvpNominationsInputSerializer,
        responses={200: TeamOutputSerializer},
        summary="Set the team's standing MVP nominations (BB2025)",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = team_get_for_write(request.user, team_id)
        data = _valid(MvpNominationsInputSerializer, request.data)
        team_set_mvp_nominations(
            team_id=team.pk, player_ids=data["players"], actor=request.user
        )
        return _team_response(team.pk)


class TeamLedgerApi(generics.ListAPIView[Any]):
    serializer_class = LedgerEntryOutputSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return TreasuryEntry.objects.none()
        team = get_object_or_404(Team, pk=self.kwargs["team_id"])
        return team_ledger(team)
