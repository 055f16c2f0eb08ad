"""The match page's answers to a report waiting for confirmation: the
opposing coach confirms or disputes it, the commissioner decides, its
sender (or the commissioner) withdraws it. Thin: each asks
:func:`~matches.reports.confirmation.submission_get_for_answer` whether the
answer is the user's to give (before reading the form: a stranger is
refused, not told what the form lacks), calls one service of
:mod:`matches.reports.confirmation` and returns to the match page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import dateformat, timezone
from django.views.decorators.http import require_POST

from league.errors import ServiceError
from league.web_selectors import league_commissioned
from matches.models import Match, MatchResult, ReportSubmission
from matches.pages.confirm_facts import submission_facts
from matches.prematch.kickoff import LIVE_IN_PLAY
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    report_withdraw,
    submission_get_for_answer,
)
from matches.reports.submissions import submissions_shown


def submissions_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    """What ``matches/_submissions.html`` shows on a match page (roster and
    card formats alike): the reports sent, the one waiting (in full: its
    ``facts``), and whether the person looking may answer it (the opposing
    coach) or decide it (the commissioner)."""
    user = request.user
    submissions = submissions_shown(match.pk)
    waiting = next((s for s in submissions if s.is_open), None)
    commissioner = league_commissioned(user, match.season.league)
    other = None
    if waiting is not None:
        other = match.away if waiting.team_id == match.home_id else match.home
    can_answer = (
        waiting is not None
        and waiting.status == ReportSubmission.Status.AWAITING
        and user.is_authenticated
        and other is not None
        and other.coach_id == user.pk
    )
    awaiting = (
        waiting is not None
        and waiting.status == ReportSubmission.Status.AWAITING
        and waiting.deadline > timezone.now()
    )
    return {
        "submissions": submissions,
        "waiting": waiting,
        "can_answer": can_answer,
        # Once its deadline has passed the report stands (beat's sweep):
        # it may still be confirmed, no longer disputed.
        "can_dispute": can_answer
        and waiting is not None
        and waiting.deadline > timezone.now(),
        # Decision: a commissioner who coaches the team that must answer is
        # offered that coach's answer (confirm or dispute) and not, beside
        # it, the commissioner's decision or a report of their own to
        # replace it, which would do the same twice over; a report they
        # dispute comes back to them to decide.
        "can_decide": waiting is not None and commissioner and not can_answer,
        # Its sender, or the commissioner unless asked as the answering
        # coach, while it waits for its answer (past its deadline it stands).
        "can_withdraw": awaiting
        and user.is_authenticated
        and waiting is not None
        and (waiting.submitted_by_id == user.pk or (commissioner and not can_answer)),
        "answering_team": other,
        "facts": submission_facts(waiting) if waiting is not None else None,
        # A match under way is watched live only while a live game is: one
        # kicked off by a report waiting for its answer has nothing to watch.
        "live_in_play": LIVE_IN_PLAY,
    }


def report_sent_message(
    request: HttpRequest, saved: MatchResult | ReportSubmission, recorded: str
) -> HttpResponse:
    """After a report form: say whether the report waits for the other coach
    (a submission) or stands (``recorded``), and go to the match page."""
    if isinstance(saved, ReportSubmission):
        # the deadline in the viewer's zone, named, as the match page says it
        due = dateformat.format(timezone.localtime(saved.deadline), "D j M Y, H:i T")
        messages.success(
            request,
            "Report sent: it stands once the other coach confirms it, "
            f"or on {due} if they do not answer.",
        )
    else:
        messages.success(request, recorded)
    return redirect("web:match", match_id=saved.match_id)


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
    sub = submission_get_for_answer(request.user, submission_id, "confirm")
    try:
        report_confirm(submission_id=sub.pk, actor=request.user)  # type: ignore[arg-type]
    except ServiceError as exc:
        return _back(request, sub, exc)
    messages.success(
        request, "Report confirmed: the result stands; its post-game follows below."
    )
    return _back(request, sub, None)


@login_required
@require_POST
def submission_dispute(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = submission_get_for_answer(request.user, submission_id, "dispute")
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
    sub = submission_get_for_answer(request.user, submission_id, "decide")
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


@login_required
@require_POST
def submission_withdraw(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = submission_get_for_answer(request.user, submission_id, "withdraw")
    try:
        report_withdraw(
            submission_id=sub.pk,
            actor=request.user,  # type: ignore[arg-type]
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as exc:
        return _back(request, sub, exc)
    messages.success(request, "Report withdrawn: the match waits for another report.")
    return _back(request, sub, None)
