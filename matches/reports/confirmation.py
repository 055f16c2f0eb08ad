"""Reports the other coach confirms.

In a league with ``report_confirmation_days`` > 0, a coach's report does
not stand at once: :func:`match_submit_report` checks it in full (the same
checks, the same server-rolled dice, which are seeded by the match and so
come out the same whenever the report stands) and keeps it as a
:class:`ReportSubmission` instead of writing a result. Then:

* the opposing coach confirms it (:func:`report_confirm`): it stands;
* or disputes it, naming what is wrong (:func:`report_dispute`): the
  commissioner decides, with a reason (:func:`report_decide`): it stands
  as submitted, or it is rejected and the match waits for another report;
* or nobody answers by the deadline: it stands (:func:`reports_stand_due`,
  beat's sweep). A disputed report has no deadline: it waits for the
  commissioner.

Until the other coach answers and before its deadline, its sender (or the
commissioner) may withdraw it (:func:`report_withdraw`): the match waits
for another report.

The commissioner's own report stands at once and replaces a report still
waiting (it is marked superseded). Every step is in the league's audit log
and the match's events, and is announced to the league's webhooks. The
post-game runs only once the report stands (it is started by the result).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils import timezone

from league.access import AnyUser, team_require_write
from league.errors import ServiceError, Violation
from league.models import LeagueEvent, Team
from league.web_selectors import league_commissioned
from matches.models import MatchResult, ReportSubmission
from matches.notices import submission_notify
from matches.prematch.kickoff import match_qs_for_update
from matches.reports.cards import card_report_from_data, match_submit_card_report
from matches.reports.report import match_submit_report
from matches.reports.submissions import report_from_data, submission_audit
from matches.webhooks.news import submission_news
from matches.webhooks.services import webhooks_announce

Status = ReportSubmission.Status
REASON_MAX = 2000
logger = logging.getLogger(__name__)


# --- answering -----------------------------------------------------------------------


def _locked(submission_id: int) -> ReportSubmission:
    """The submission locked, after its match: a report of the match
    (:func:`match_submit_report`, which supersedes one waiting) locks the
    match and then the submission, so answering one in the other order
    deadlocked with the commissioner's own report sent at that moment."""
    match_id = (
        ReportSubmission.objects.filter(pk=submission_id)
        .values_list("match_id", flat=True)
        .get()
    )
    match_qs_for_update().filter(pk=match_id).values_list("pk").get()
    return (
        ReportSubmission.objects.select_for_update(of=("self",))
        .select_related("match__season__league", "team", "submitted_by")
        .get(pk=submission_id)
    )


def _stand(sub: ReportSubmission, status: str) -> MatchResult:
    if sub.report.get("card"):
        home, away, how = card_report_from_data(sub.report)
        result = match_submit_card_report(
            match_id=sub.match_id,
            home=home,
            away=away,
            how=how,
            actor=sub.submitted_by,
            confirmed=True,
        )
    else:
        result = match_submit_report(
            match_id=sub.match_id,
            report=report_from_data(sub.report),
            actor=sub.submitted_by,
            confirmed=True,
        )
    assert isinstance(result, MatchResult)
    sub.status = status
    sub.closed_at = timezone.now()
    return result


def _opponent_coach(sub: ReportSubmission, actor: AnyUser) -> None:
    match = sub.match
    other_id = match.away_id if sub.team_id == match.home_id else match.home_id
    other = Team.objects.select_related("league").get(pk=other_id)
    if not actor.is_authenticated or other.coach_id != actor.pk:
        raise PermissionDenied("only the opposing coach answers this report")
    team_require_write(actor, other)


def _commissioner(sub: ReportSubmission, actor: AnyUser) -> None:
    if not league_commissioned(actor, sub.match.season.league):
        raise PermissionDenied("only the commissioner decides a report")


def _withdrawer(sub: ReportSubmission, actor: AnyUser) -> None:
    if not league_commissioned(actor, sub.match.season.league):
        if not actor.is_authenticated or sub.submitted_by_id != actor.pk:
            raise PermissionDenied(
                "only the coach who sent this report or the commissioner withdraws it"
            )
        team_require_write(actor, sub.team)


# Who may do each answer to a report: the check each service makes first
# (under its lock), and the one a view makes before it reads the request's
# body, so a stranger is refused as such and never told what their form
# lacks.
_MAY_ANSWER: dict[str, Callable[[ReportSubmission, AnyUser], None]] = {
    "confirm": _opponent_coach,
    "dispute": _opponent_coach,
    "decide": _commissioner,
    "withdraw": _withdrawer,
}


def submission_get_for_answer(
    actor: AnyUser, submission_id: int, answer: str, *, match_id: int | None = None
) -> ReportSubmission:
    """The submission (of ``match_id`` when given), if ``actor`` may give it
    ``answer`` (confirm, dispute, decide or withdraw); 404 if there is no
    such submission, 403 (PermissionDenied) if the answer is not theirs to
    give. Whether the report is still open to it is the service's to say."""
    rows = ReportSubmission.objects.select_related(
        "match__season__league", "team__league"
    )
    if match_id is not None:
        rows = rows.filter(match_id=match_id)
    sub = rows.filter(pk=submission_id).first()
    if sub is None:
        raise Http404("no such report")
    _MAY_ANSWER[answer](sub, actor)
    return sub


@transaction.atomic
def report_confirm(*, submission_id: int, actor: AbstractBaseUser) -> MatchResult:
    """The opposing coach confirms: the report stands and its post-game
    starts."""
    sub = _locked(submission_id)
    _opponent_coach(sub, actor)
    if sub.status != Status.AWAITING:
        raise ServiceError.one(
            "not_awaiting", None, f"this report is {sub.get_status_display().lower()}"
        )
    result = _stand(sub, Status.CONFIRMED)
    sub.save(update_fields=["status", "closed_at"])
    submission_audit(sub, LeagueEvent.Type.REPORT_CONFIRMED, actor)
    submission_notify(sub, "confirmed", actor)
    return result


def _reason_problems(reason: str, required: str) -> list[tuple[str, str | None, str]]:
    """What is wrong with a dispute's or a decision's stripped ``reason``
    (``required``: the message when it is empty)."""
    if not reason:
        return [("required", "reason", required)]
    if len(reason) > REASON_MAX:
        return [("too_long", "reason", f"at most {REASON_MAX} characters")]
    if "\x00" in reason:
        return [("null_characters_not_allowed", "reason", "no NUL characters")]
    return []


def _still_open_problems(
    sub: ReportSubmission, deadline_of: str
) -> list[tuple[str, str | None, str]]:
    """Why ``sub`` can no longer be answered or withdrawn: it is not waiting,
    or its deadline ``deadline_of`` (words for the message) has passed."""
    if sub.status != Status.AWAITING:
        status = sub.get_status_display().lower()
        return [("not_awaiting", None, f"this report is {status}")]
    if sub.deadline <= timezone.now():
        message = f"the deadline {deadline_of} has passed: it stands"
        return [("deadline_passed", None, message)]
    return []


@transaction.atomic
def report_dispute(
    *, submission_id: int, actor: AbstractBaseUser, reason: str
) -> ReportSubmission:
    """The opposing coach disputes, saying what is wrong: the commissioner
    decides."""
    sub = _locked(submission_id)
    _opponent_coach(sub, actor)
    reason = reason.strip()
    problems = _reason_problems(reason, "say what is wrong with the report")
    # Past its deadline it stands (report_stand, beat's sweep): too late.
    problems += _still_open_problems(sub, "to dispute this report")
    if problems:
        from league.errors import Violation

        raise ServiceError([Violation(c, f, m) for c, f, m in problems])
    sub.status = Status.DISPUTED
    sub.dispute_reason = reason
    sub.disputed_by = actor
    sub.save(update_fields=["status", "dispute_reason", "disputed_by"])
    submission_audit(sub, LeagueEvent.Type.REPORT_DISPUTED, actor, reason=reason)
    submission_notify(sub, "disputed", actor, reason)
    webhooks_announce(
        sub.match.season.league_id, partial(submission_news, sub, "report_disputed")
    )
    return sub


@transaction.atomic
def report_decide(
    *, submission_id: int, actor: AbstractBaseUser, accept: bool, reason: str
) -> ReportSubmission:
    """The commissioner decides a report (disputed, or still waiting): it
    stands as submitted (``accept``), or it is rejected and the match waits
    for another report. A reason is required either way."""
    sub = _locked(submission_id)
    _commissioner(sub, actor)
    reason = reason.strip()
    problems = _reason_problems(reason, "give the reason for the decision")
    if not sub.is_open:
        problems.append(
            ("not_open", None, f"this report is {sub.get_status_display().lower()}")
        )
    if problems:
        from league.errors import Violation

        raise ServiceError([Violation(c, f, m) for c, f, m in problems])
    if accept:
        _stand(sub, Status.ACCEPTED)
    else:
        sub.status = Status.REJECTED
        sub.closed_at = timezone.now()
    sub.decided_by = actor
    sub.decision_reason = reason
    sub.save(update_fields=["status", "closed_at", "decided_by", "decision_reason"])
    submission_audit(
        sub,
        LeagueEvent.Type.REPORT_DECIDED,
        actor,
        decision="accepted" if accept else "rejected",
        reason=reason,
    )
    submission_notify(sub, "accepted" if accept else "rejected", actor, reason)
    webhooks_announce(
        sub.match.season.league_id, partial(submission_news, sub, "report_decided")
    )
    return sub


@transaction.atomic
def report_withdraw(
    *, submission_id: int, actor: AbstractBaseUser, reason: str = ""
) -> ReportSubmission:
    """Its sender, or the league's commissioner, withdraws a report still
    waiting for the other coach's answer (``reason``: optional, said to the
    other coach): it never stands, and the match waits for another report.

    Refused while it is not waiting (answered, decided, stood, replaced or
    withdrawn already: ``not_awaiting``) and once its deadline has passed
    (it stands: ``deadline_passed``). The match is locked first, as every
    answer locks it, so a withdrawal and an answer sent at the same moment
    are taken one after the other and the later is refused.

    Decision: the match stays kicked off, its rosters frozen as the report
    found them (the game was played with them), exactly as it was when the
    report came and as a rejected report leaves it: no result, nothing of
    the report written, and its next report is checked against the same
    rosters. Undoing the kick-off would undo the journeymen who joined for
    it and roll Riotous Rookies a second time."""
    sub = _locked(submission_id)
    _withdrawer(sub, actor)
    reason = reason.strip()
    # Optional: only its length and characters are checked.
    problems = _reason_problems(reason, "") if reason else []
    problems += _still_open_problems(sub, "of this report")
    if problems:
        raise ServiceError([Violation(c, f, m) for c, f, m in problems])
    sub.status = Status.WITHDRAWN
    sub.closed_at = timezone.now()
    sub.decided_by = actor
    sub.decision_reason = reason
    sub.save(update_fields=["status", "closed_at", "decided_by", "decision_reason"])
    submission_audit(
        sub,
        LeagueEvent.Type.REPORT_WITHDRAWN,
        actor,
        withdrawn_by=actor.get_username(),
        **({"reason": reason} if reason else {}),
    )
    submission_notify(sub, "withdrawn", actor, reason)
    webhooks_announce(
        sub.match.season.league_id,
        partial(submission_news, sub, "report_withdrawn"),
    )
    return sub


def reports_due(now: Any = None) -> list[int]:
    """Reports still waiting whose deadline has passed."""
    return list(
        ReportSubmission.objects.filter(
            status=Status.AWAITING, deadline__lte=now or timezone.now()
        ).values_list("pk", flat=True)
    )


@transaction.atomic
def report_stand(*, submission_id: int) -> ReportSubmission:
    """A waiting report whose deadline passed stands (idempotent: anything
    else is left as it is)."""
    sub = _locked(submission_id)
    if sub.status != Status.AWAITING or sub.deadline > timezone.now():
        return sub
    _stand(sub, Status.STOOD)
    sub.save(update_fields=["status", "closed_at"])
    submission_audit(sub, LeagueEvent.Type.REPORT_STOOD, None)
    submission_notify(sub, "stood", None)
    return sub


def reports_stand_due() -> int:
    """Let every overdue report stand; returns how many did. A report that
    is refused (its own transaction rolled back, logged) leaves it waiting
    and does not stop the others, in every league, from standing."""
    n = 0
    for pk in reports_due():
        try:
            stood = report_stand(submission_id=pk)
        except (ServiceError, PermissionDenied):
            logger.exception("report submission %s could not stand", pk)
            continue
        if stood.status == Status.STOOD:
            n += 1
    return n
