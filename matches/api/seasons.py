"""Season and match endpoints: thin views over the services."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.access import league_get_for_commissioner, league_is_commissioned_by
from league.api.filters import FILTER_WITHOUT_VALUE, query_value
from league.api.serializers import (
    InputSerializer,
    NoInputSerializer,
)
from league.models import League
from league.page_cache import object_cached
from league.rules import settings_rules
from matches.api.confirm import SubmissionSerializer
from matches.api.match_output import (
    MatchDetailOutputSerializer,
    MatchOutputSerializer,
)
from matches.api.standings import StandingsOutputSerializer
from matches.commissioner.actions import (
    match_postpone_audited,
    season_schedule_audited,
)
from matches.models import (
    Match,
    MatchEvent,
    ReportSubmission,
    Season,
    TaskProgress,
)
from matches.postgame.override import match_override_result
from matches.postgame.scores import MAX_POINTS
from matches.prematch.kickoff import match_get_for_party
from matches.queue import eager_mode, season_resolution_queue
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.progress import (
    match_resolve_start,
    progress_counts,
    progress_refusal_of,
    progress_refusals,
    season_resolve_start,
)
from matches.seasons.selectors import (
    match_detail_qs,
    match_events,
    season_division_standings,
    season_league_id,
    season_standings,
)
from matches.seasons.services import (
    season_create,
    season_schedule_playoffs,
)


class SeasonInputSerializer(InputSerializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    name = serializers.CharField(max_length=100)
    teams = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=64
    )
    double_round_robin = serializers.BooleanField(default=False)
    playoff_teams = serializers.IntegerField(min_value=0, max_value=64, default=0)
    seed = serializers.IntegerField(min_value=0, max_value=2**62, required=False)
    divisions = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1)),
        required=False,
    )


class SeasonOutputSerializer(serializers.ModelSerializer[Season]):
    teams = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    seed = serializers.SerializerMethodField(
        help_text="The season's dice seed, from which each match's is drawn: "
        "shown to the league's commissioner, to others once the season is "
        "closed (null before)"
    )

    class Meta:
        model = Season
        fields = [
            "id",
            "league",
            "name",
            "status",
            "double_round_robin",
            "playoff_teams",
            "settings",
            "seed",
            "teams",
            "divisions",
            "champion",
        ]
        extra_kwargs = {
            "champion": {"help_text": "the team that won the season, once closed"}
        }

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_seed(self, season: Season) -> int | None:
        """Decision: each match's seed is drawn from the season's
        (``match_seed``), so the season's would tell every coach the dice of
        the matches still to play (see ``MatchOutputSerializer.get_seed``);
        the commissioner, who may choose it, sees it."""
        request = self.context.get("request")
        if season.status == Season.Status.CLOSED or (
            request is not None
            and league_is_commissioned_by(request.user, season.league)
        ):
            return season.seed
        return None


class EventOutputSerializer(serializers.ModelSerializer[MatchEvent]):
    class Meta:
        model = MatchEvent
        fields = ["seq", "type", "payload"]


class PlayerLineSerializer(InputSerializer):
    player_id = serializers.IntegerField(min_value=1, required=False)
    star_player = serializers.CharField(
        max_length=60,
        required=False,
        help_text="instead of player_id: a Star Player the team fielded "
        "(the player's slug, e.g. morg-n-thorg or grak); no SPP",
    )
    touchdowns = serializers.IntegerField(min_value=0, max_value=20, default=0)
    completions = serializers.IntegerField(min_value=0, max_value=50, default=0)
    interceptions = serializers.IntegerField(min_value=0, max_value=20, default=0)
    deflections = serializers.IntegerField(min_value=0, max_value=20, default=0)
    casualties_inflicted = serializers.IntegerField(
        min_value=0, max_value=20, default=0
    )
    successful_landings = serializers.IntegerField(
        min_value=0,
        max_value=20,
        default=0,
        help_text="Throwing Completions: the player's superb Throw Team-mate "
        "actions whose team-mate landed safely (BB2025: and his own safe "
        "landings after any throw; 1 SPP each)",
    )


class CasualtyLineSerializer(InputSerializer):
    player_id = serializers.IntegerField(min_value=1, required=False)
    star_player = serializers.CharField(
        max_length=60,
        required=False,
        help_text="instead of player_id: a Star Player hurt (waived after the game)",
    )
    casualty_roll = serializers.IntegerField(min_value=1, max_value=100, required=False)
    lasting_roll = serializers.IntegerField(min_value=1, max_value=6, required=False)
    inflicted_by = serializers.IntegerField(min_value=1, required=False)
    inflicted_by_star = serializers.CharField(
        max_length=60,
        required=False,
        help_text="instead of inflicted_by: the Star Player who caused it (no SPP)",
    )
    plague_ridden = serializers.BooleanField(
        default=False,
        help_text="the killer's Plague Ridden took the victim: his Favoured of "
        "Nurgle team gains a Rotter Lineman (a journeyman it may hire). Needs "
        "the killer (inflicted_by or inflicted_by_star, with the trait) and "
        "the casualty_roll that killed the victim; once per team per game",
    )
    raised_dead = serializers.BooleanField(
        default=False,
        help_text="BB2025 Masters of Undeath: the killed victim (ST 4 or less, "
        "no Regeneration or Stunty) rises for the other team, which gains him "
        "as a free rookie of its first Lineman position with room. The "
        "casualty must end DEAD (the report's dice or the server's); once per "
        "team per game; refused as not_in_format in another format",
    )


class ReportInputSerializer(InputSerializer):
    home_score = serializers.IntegerField(min_value=0, max_value=30)
    away_score = serializers.IntegerField(min_value=0, max_value=30)
    players = PlayerLineSerializer(many=True, required=False, max_length=40)
    casualties = CasualtyLineSerializer(many=True, required=False, max_length=40)
    conceded_by = serializers.IntegerField(min_value=1, required=False)
    concession_legal = serializers.BooleanField(
        default=False,
        help_text="the team conceded legally: before a set-up, with fewer than "
        "three players able to play; the score is awarded with no penalty (its "
        "MVP, winnings and SPP stand, no Dedicated Fans lost, nobody quits). "
        "Only with conceded_by.",
    )
    fan_factor_rolls = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=3),
        min_length=2,
        max_length=2,
        required=False,
    )
    sudden_death = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=6),
            min_length=2,
            max_length=2,
        ),
        min_length=5,
        max_length=40,
        required=False,
        help_text="A level playoff's sudden-death throws as [home, away] D6 "
        "pairs, tied throws included; omitted, the server rolls them.",
    )
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    gather_funds = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=16),
        min_length=2,
        max_length=2,
        required=False,
        help_text="Dungeon Bowl: [home, away], each team's Gather Funds actions "
        "in the Treasure Room (0-16); omitted, none. Refused in other formats.",
    )
    mvps = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=2,
        required=False,
        help_text="The MVP each team picked at the table (player ids, one per "
        "team, never for a team that conceded, nor a player killed in the "
        "game); a team without one gets its MVP drawn by the server.",
    )
    knocked_out = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=40,
        required=False,
        help_text="Players knocked out during the game (player ids; a record only).",
    )
    sent_off = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=40,
        required=False,
        help_text="Players sent off during the game (player ids; a record only).",
    )
    mvp_nominations = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=40,
        required=False,
        help_text="BB2025: the players each coach nominated for the MVP (player "
        "ids of both teams, up to 6 a team, each eligible to play in the game, "
        "none of a team that conceded); the server draws the MVP among a team's "
        "nominees. A team without any gets the six players with most SPP this "
        "game. Refused in a format that draws from every eligible player.",
    )
    stalled = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        max_length=2,
        required=False,
        help_text="BB2025: the teams that had a player Stalling (team ids); "
        "each loses the 10,000 no-stalling bonus of its winnings. Refused in a "
        "format without the bonus.",
    )


class ResolveInputSerializer(InputSerializer):
    scope = serializers.ChoiceField(choices=["round", "season"], default="round")


class OverrideInputSerializer(InputSerializer):
    # a Blitz Bowl score counts points; the service refuses more touchdowns
    # than a team has team turns where the scores count touchdowns
    home_score = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)
    away_score = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)
    reason = serializers.CharField(max_length=300)


class PostponeInputSerializer(InputSerializer):
    round = serializers.IntegerField(min_value=1, max_value=200, required=False)


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def progress_dict(progress: TaskProgress) -> dict[str, Any]:
    done, total = progress_counts(progress)
    refused = progress_refusals(progress)
    return {
        "id": str(progress.pk),
        "kind": progress.kind,
        "done": done,
        "total": total,
        # matches the engine refused to play, with the reason
        "refused": refused,
        "finished": progress.finished_at is not None or done + len(refused) == total,
        "url": f"/api/tasks/{progress.pk}/",
    }


# --- the shapes of the answers built as plain dicts (documentation only) ---

Int, Str, Bool = (
    serializers.IntegerField,
    serializers.CharField,
    serializers.BooleanField,
)


def _objects() -> serializers.ListField:
    return serializers.ListField(child=serializers.DictField())


class TaskRefusalOutputSerializer(serializers.Serializer[Any]):
    match = Int()
    code = Str()
    field = Str(allow_null=True)
    reason = Str()


class TaskOutputSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    kind = Str()
    done = Int()
    total = Int()
    refused = TaskRefusalOutputSerializer(
        many=True, help_text="matches the engine refused to play, with the reason"
    )
    finished = Bool()
    url = Str()


def _start_resolution(progress: TaskProgress, created: bool) -> Response:
    """202 with the progress; its driver is queued once, by the request that
    created it (a repeated request gets the resolution already running)."""
    if created:
        season_resolution_queue(progress)
    return Response(progress_dict(progress), status=status.HTTP_202_ACCEPTED)


class SeasonListApi(generics.ListAPIView[Season]):
    serializer_class = SeasonOutputSerializer
    filterset_fields = ["league", "status"]

    def get_queryset(self) -> Any:
        return (
            Season.objects.select_related("league")
            .prefetch_related("teams")
            .order_by("-created_at")
        )

    @extend_schema(
        request=SeasonInputSerializer, responses={201: SeasonOutputSerializer}
    )
    def post(self, request: Request) -> Response:
        data = _valid(SeasonInputSerializer, request.data)
        league_get_for_commissioner(request.user, data["league"].pk)
        season = season_create(
            league=data["league"],
            name=data["name"],
            team_ids=data.get("teams"),
            double_round_robin=data["double_round_robin"],
            playoff_teams=data["playoff_teams"],
            seed=data.get("seed"),
            divisions=data.get("divisions"),
        )
        return Response(
            SeasonOutputSerializer(season, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class SeasonDetailApi(generics.RetrieveAPIView[Season]):
    serializer_class = SeasonOutputSerializer
    queryset = Season.objects.select_related("league").prefetch_related("teams")


def _season_for_commissioner(request: Request, season_id: int) -> Season:
    season = get_object_or_404(Season, pk=season_id)
    league_get_for_commissioner(request.user, season.league_id)
    return season


class SeasonScheduleApi(APIView):
    @extend_schema(request=None, responses={201: MatchOutputSerializer(many=True)})
    def post(self, request: Request, season_id: int) -> Response:
        season = _season_for_commissioner(request, season_id)
        _valid(NoInputSerializer, request.data)
        matches = season_schedule_audited(
            season_id=season.pk, actor=request.user, reason="", reason_required=False
        )
        return Response(MatchOutputSerializer(matches, many=True).data, status=201)


class SeasonPlayoffsApi(APIView):
    @extend_schema(
        request=None,
        responses={201: MatchOutputSerializer(many=True)},
        description="Schedule the next playoff round and return its matches. "
        "After the semi-finals: the final, then the third-place match between "
        "their two losers (third_place true; none in a bracket of two or "
        "three teams).",
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season_for_commissioner(request, season_id)
        _valid(NoInputSerializer, request.data)
        matches = season_schedule_playoffs(season_id=season.pk)
        return Response(MatchOutputSerializer(matches, many=True).data, status=201)


class SeasonResolveApi(APIView):
    @extend_schema(
        request=ResolveInputSerializer, responses={202: TaskOutputSerializer}
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season_for_commissioner(request, season_id)
        data = _valid(ResolveInputSerializer, request.data)
        progress, created = season_resolve_start(
            season_id=season.pk, scope=data["scope"], actor=request.user
        )
        return _start_resolution(progress, created)


class SeasonMatchesApi(generics.ListAPIView[Match]):
    serializer_class = MatchOutputSerializer
    filterset_fields = ["round", "status", "stage", "third_place"]

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Match.objects.none()
        # a season that does not exist is a 404, as its other reads are
        # (not an empty page: it has no matches because it is not there)
        season = get_object_or_404(Season, pk=self.kwargs["season_id"])
        return match_detail_qs().filter(season=season)


class SeasonStandingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: StandingsOutputSerializer})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(
            object_cached(
                "season",
                season_id,
                partial(season_league_id, season_id),
                "standings-api",
                partial(_standings_body, season_id),
            )
        )


def _standings_body(season_id: int) -> dict[str, Any]:
    season = get_object_or_404(Season, pk=season_id)
    names = dict(season.teams.values_list("pk", "name"))

    def rows(table: list[Any]) -> list[dict[str, Any]]:
        return [
            {
                "position": i,
                "team": r.team_id,
                "team_name": names.get(r.team_id),
                "played": r.played,
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "td_for": r.td_for,
                "td_against": r.td_against,
                "td_diff": r.td_diff,
                "cas_for": r.cas_for,
                "cas_against": r.cas_against,
                "cas_diff": r.cas_diff,
                "points": r.points,
                "bonus_points": r.bonus_points,
                "unplayed": r.unplayed,
                "docked": r.docked,
                "tiebreaks": r.tiebreak_notes,
            }
            for i, r in enumerate(table, start=1)
        ]

    body: dict[str, Any] = {
        "season": season.pk,
        "tiebreakers": season.settings.get("tiebreakers"),
        "score_name": settings_rules(season.settings).variant.score_name,
        "rows": rows(season_standings(season)),
    }
    if season.divisions:
        body["divisions"] = {
            name: rows(table)
            for name, table in season_division_standings(season).items()
        }
    return body


class TaskDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TaskOutputSerializer})
    def get(self, request: Request, task_id: str) -> Response:
        progress = get_object_or_404(TaskProgress, pk=task_id)
        return Response(progress_dict(progress))


class MatchDetailApi(generics.RetrieveAPIView[Match]):
    serializer_class = MatchDetailOutputSerializer

    def get_queryset(self) -> Any:
        return match_detail_qs()


class MatchEventsApi(generics.ListAPIView[MatchEvent]):
    serializer_class = EventOutputSerializer
    pagination_class = None

    @extend_schema(
        parameters=[OpenApiParameter("type", str, description="comma-separated")]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return MatchEvent.objects.none()
        match = get_object_or_404(Match, pk=self.kwargs["pk"])
        raw = query_value(self.request.query_params, "type")
        types = [t for t in (raw or "").split(",") if t]
        if raw is not None and not types:
            # as the other lists' filters: ?type= is a 400, not every event
            raise ValidationError({"type": [FILTER_WITHOUT_VALUE]})
        return match_events(match, types=types or None)


class MatchReportApi(APIView):
    @extend_schema(
        request=ReportInputSerializer,
        responses={201: MatchOutputSerializer, 202: SubmissionSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Record a tabletop match: 201 with the match once the report
        stands; 202 with the submission where the league asks the opposing
        coach to confirm a coach's report first."""
        match_get_for_party(request.user, pk)
        data = _valid(ReportInputSerializer, request.data)
        report = Report(
            home_score=data["home_score"],
            away_score=data["away_score"],
            players=[PlayerLine(**p) for p in data.get("players", [])],
            casualties=[CasualtyLine(**c) for c in data.get("casualties", [])],
            conceded_by=data.get("conceded_by"),
            concession_legal=data.get("concession_legal", False),
            fan_factor_rolls=tuple(data["fan_factor_rolls"])
            if data.get("fan_factor_rolls")
            else None,
            sudden_death=data.get("sudden_death"),
            notes=data.get("notes", ""),
            mvps=data.get("mvps", []),
            knocked_out=data.get("knocked_out", []),
            sent_off=data.get("sent_off", []),
            mvp_nominations=data.get("mvp_nominations", []),
            stalled=data.get("stalled", []),
            gather_funds=tuple(data["gather_funds"])
            if "gather_funds" in data
            else None,
        )
        saved = match_submit_report(match_id=pk, report=report, actor=request.user)
        if isinstance(saved, ReportSubmission):
            return Response(
                SubmissionSerializer(saved).data, status=status.HTTP_202_ACCEPTED
            )
        match = get_object_or_404(match_detail_qs(), pk=pk)
        return Response(
            MatchOutputSerializer(match).data, status=status.HTTP_201_CREATED
        )


class MatchResolveApi(APIView):
    @extend_schema(request=None, responses={202: TaskOutputSerializer})
    def post(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match.objects.select_related("season"), pk=pk)
        league_get_for_commissioner(request.user, match.season.league_id)
        _valid(NoInputSerializer, request.data)
        progress, created = match_resolve_start(match_id=match.pk, actor=request.user)
        response = _start_resolution(progress, created)
        # Decision: played in this request (eager tasks), a match the engine
        # refused answers 400 with the refusal's code, field and reason, as a
        # refusal up front does; on workers the 202 stands and the task's
        # progress lists the refusal (matches/api/seasons.py).
        if created and eager_mode():
            refusal = progress_refusal_of(progress, match.pk)
            if refusal is not None:
                raise refusal
        return response


class MatchOverrideApi(APIView):
    @extend_schema(
        request=OverrideInputSerializer, responses={200: MatchOutputSerializer}
    )
    def post(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match.objects.select_related("season"), pk=pk)
        league_get_for_commissioner(request.user, match.season.league_id)
        data = _valid(OverrideInputSerializer, request.data)
        match_override_result(match_id=pk, actor=request.user, **data)
        return Response(
            MatchOutputSerializer(get_object_or_404(match_detail_qs(), pk=pk)).data
        )


class MatchPostponeApi(APIView):
    @extend_schema(
        request=PostponeInputSerializer, responses={200: MatchOutputSerializer}
    )
    def post(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match.objects.select_related("season"), pk=pk)
        league_get_for_commissioner(request.user, match.season.league_id)
        data = _valid(PostponeInputSerializer, request.data)
        match_postpone_audited(
            match_id=pk,
            to_round=data.get("round"),
            actor=request.user,
            reason="",
            reason_required=False,
        )
        return Response(
            MatchOutputSerializer(get_object_or_404(match_detail_qs(), pk=pk)).data
        )
