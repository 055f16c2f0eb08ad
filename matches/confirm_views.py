"""The match page's answers to a report waiting for confirmation (issue
16): the opposing coach confirms or disputes it, the commissioner decides.
Thin: each calls one service of :mod:`matches.services.confirmation` and
returns to the match page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from league.errors import ServiceError
from matches.models import ReportSubmission
from matches.services.confirmation import report_confirm, report_decide, report_dispute


def _back(
    request: HttpRequest, sub: ReportSubmission, exc: ServiceError | None
) -> HttpResponse:
    if exc is not None:
        for v in exc.violations:
            messages.error(request, v.message)
    return redirect("web:match", match_id=sub.match_id)


@login_required
@require_POST
def submission_confirm(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(ReportSubmission, pk=submission_id)
    try:
        report_confirm(submission_id=sub.pk, actor=request.user)  # type: ignore[arg-type]
    except ServiceError as exc:
        return _back(request, sub, exc)
    messages.success(
        request, "Report confirmed: the result stands and the post-game has run."
    )
    return _back(request, sub, None)


@login_required
@require_POST
def submission_dispute(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(ReportSubmission, pk=submission_id)
    try:
        report_dispute(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as exc:
        return _back(request, sub, exc)
    messages.success(request, "Report disputed: the commissioner decides.")
    return _back(request, sub, None)


@login_required
@require_POST
def submission_decide(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(ReportSubmission, pk=submission_id)
    decision = request.POST.get("decision", "")
    try:
        if decision not in ("accept", "reject"):
            raise ServiceError.one("invalid_choice", "decision", "accept or reject")
        report_decide(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            accept=decision == "accept",
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as exc:
        return _back(request, sub, exc)
    messages.success(
        request,
        "Decided: the report stands."
        if decision == "accept"
        else "Decided: the report is rejected.",
    )
    return _back(request, sub, None)
