"""API for reports the other coach confirms:
``/api/matches/{id}/submissions/`` and each submission's ``confirm/``,
``dispute/``, ``decide/`` and ``withdraw/``; see
:mod:`matches.reports.confirmation`."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.serializers import InputSerializer, NoInputSerializer
from matches.models import Match, ReportSubmission
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    report_withdraw,
    submission_get_for_answer,
)
from matches.reports.submissions import submissions_shown


class SubmissionSerializer(serializers.ModelSerializer[ReportSubmission]):
    submitted_by = serializers.CharField(source="submitted_by.username", read_only=True)
    disputed_by = serializers.CharField(
        source="disputed_by.username", read_only=True, allow_null=True, default=None
    )
    decided_by = serializers.CharField(
        source="decided_by.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = ReportSubmission
        fields = [
            "id",
            "match",
            "team",
            "status",
            "report",
            "submitted_by",
            "deadline",
            "dispute_reason",
            "disputed_by",
            "decision_reason",
            "decided_by",
            "created_at",
            "closed_at",
        ]


class DisputeInputSerializer(InputSerializer):
    reason = serializers.CharField(
        max_length=2000, help_text="what is wrong with the report"
    )


class DecideInputSerializer(InputSerializer):
    decision = serializers.ChoiceField(choices=["accept", "reject"])
    reason = serializers.CharField(max_length=2000)


class WithdrawInputSerializer(InputSerializer):
    reason = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="why it is withdrawn (optional; the other coach is told)",
    )


def _submission(
    request: Request, match_pk: int, pk: int, answer: str
) -> ReportSubmission:
    """The submission, if the caller may give it ``answer``: checked before
    the body is read (a stranger is refused, not told what it lacks)."""
    return submission_get_for_answer(request.user, pk, answer, match_id=match_pk)


def _out(pk: int) -> Response:
    sub = ReportSubmission.objects.select_related(
        "submitted_by", "disputed_by", "decided_by"
    ).get(pk=pk)
    return Response(SubmissionSerializer(sub).data)


class MatchSubmissionsApi(APIView):
    @extend_schema(responses={200: SubmissionSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        """The match's reports as coaches sent them, newest first: the one
        waiting (or disputed) and those already settled, the newest
        ``SUBMISSIONS_SHOWN`` of them."""
        match = get_object_or_404(Match, pk=pk)
        rows = submissions_shown(match.pk)
        return Response(SubmissionSerializer(rows, many=True).data)


class SubmissionConfirmApi(APIView):
    @extend_schema(request=None, responses={200: SubmissionSerializer})
    def post(self, request: Request, pk: int, submission_id: int) -> Response:
        """The opposing coach confirms the report: it stands, and its
        post-game runs."""
        sub = _submission(request, pk, submission_id, "confirm")
        NoInputSerializer(data=request.data).is_valid(raise_exception=True)
        report_confirm(submission_id=sub.pk, actor=request.user)  # type: ignore[arg-type]
        return _out(sub.pk)


class SubmissionDisputeApi(APIView):
    @extend_schema(
        request=DisputeInputSerializer, responses={200: SubmissionSerializer}
    )
    def post(self, request: Request, pk: int, submission_id: int) -> Response:
        """The opposing coach disputes the report, saying what is wrong: the
        commissioner decides."""
        sub = _submission(request, pk, submission_id, "dispute")
        serializer = DisputeInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report_dispute(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            reason=serializer.validated_data["reason"],
        )
        return _out(sub.pk)


class SubmissionDecideApi(APIView):
    @extend_schema(request=DecideInputSerializer, responses={200: SubmissionSerializer})
    def post(self, request: Request, pk: int, submission_id: int) -> Response:
        """The commissioner decides: ``accept`` (the report stands) or
        ``reject`` (the match waits for another report), with a reason."""
        sub = _submission(request, pk, submission_id, "decide")
        serializer = DecideInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        report_decide(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            accept=data["decision"] == "accept",
            reason=data["reason"],
        )
        return _out(sub.pk)


class SubmissionWithdrawApi(APIView):
    @extend_schema(
        request=WithdrawInputSerializer, responses={200: SubmissionSerializer}
    )
    def post(self, request: Request, pk: int, submission_id: int) -> Response:
        """The coach who sent the report, or the commissioner, withdraws it
        while it waits for the other coach's answer: the match waits for
        another report."""
        sub = _submission(request, pk, submission_id, "withdraw")
        serializer = WithdrawInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report_withdraw(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            reason=serializer.validated_data["reason"],
        )
        return _out(sub.pk)
