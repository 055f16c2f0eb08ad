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

The commissioner's own report stands at once and replaces a report still
waiting (it is marked superseded). Every step is in the league's audit log
and the match's events, and is announced to the league's webhooks. The
post-game runs only once the report stands (it is started by the result).
"""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from functools import partial
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from league.access import team_require_write
from league.errors import ServiceError
from league.models import LeagueEvent, Team
from league.services.audit import league_event_record
from league.web_selectors import league_commissioned
from matches.events import match_events_append
from matches.models import Match, MatchResult, ReportSubmission
from matches.notices import submission_notify
from matches.webhooks.news import submission_news
from matches.webhooks.services import webhooks_announce

Status = ReportSubmission.Status
REASON_MAX = 2000


# --- the report as data -----------------------------------------------------------


def report_to_data(report: Any) -> dict[str, Any]:
    """A :class:`~matches.reports.report.Report` as JSON data (a card
    format's report comes as data already:
    :func:`matches.reports.cards.card_report_data`)."""
    if isinstance(report, dict):
        return report
    return dataclasses.asdict(report)


def report_from_data(data: dict[str, Any]) -> Any:
    from matches.reports.report import CasualtyLine, PlayerLine, Report

    fields = dict(data)
    fields["players"] = tuple(PlayerLine(**p) for p in data.get("players", ()))
    fields["casualties"] = tuple(CasualtyLine(**c) for c in data.get("casualties", ()))
    if data.get("fan_factor_rolls") is not None:
        fields["fan_factor_rolls"] = tuple(data["fan_factor_rolls"])
    if data.get("gather_funds") is not None:
        fields["gather_funds"] = tuple(data["gather_funds"])
    for key in ("mvps", "knocked_out", "sent_off"):
        fields[key] = tuple(data.get(key, ()))
    return Report(**fields)


# --- when a report needs confirming -------------------------------------------------


def confirmation_needed(match: Match, actor: AbstractBaseUser) -> bool:
    """A coach's report in a league that asks for confirmation."""
    league = match.season.league
    return league.report_confirmation_days > 0 and not league_commissioned(
        actor, league
    )


def open_submission(match: Match) -> ReportSubmission | None:
    return (
        ReportSubmission.objects.select_for_update()
        .filter(match=match, status__in=ReportSubmission.OPEN)
        .first()
    )


def _audit(
    sub: ReportSubmission,
    kind: LeagueEvent.Type,
    actor: AbstractBaseUser | None,
    **extra: Any,
) -> None:
    match = sub.match
    payload = {
        "submission": sub.pk,
        "home_score": sub.report["home_score"],
        "away_score": sub.report["away_score"],
        "submitted_by": sub.submitted_by.get_username(),
        **extra,
    }
    league_event_record(
        league_id=match.season.league_id,
        type=kind,
        payload=payload,
        team=sub.team,
        match_id=match.pk,
        actor=actor,
    )
    match_events_append(match, [(str(kind), payload)])


def submission_open(
    *, match: Match, report: Any, actor: AbstractBaseUser, teams: dict[int, Team]
) -> ReportSubmission:
    """Keep a coach's checked report until the other coach answers (called
    by :func:`match_submit_report` inside its transaction)."""
    if open_submission(match) is not None:
        raise ServiceError.one(
            "report_waiting",
            None,
            "a report of this match is waiting: confirm or dispute it first",
        )
    mine = [t for t in teams.values() if t.coach_id == actor.pk]
    if len(mine) != 1:
        # A coach of both teams (or of neither) has no opponent to confirm.
        raise ServiceError.one(
            "no_opponent",
            None,
            "only the commissioner reports a match between your own teams",
        )
    days = match.season.league.report_confirmation_days
    sub = ReportSubmission.objects.create(
        match=match,
        report=report_to_data(report),
        submitted_by=actor,
        team=mine[0],
        deadline=timezone.now() + timedelta(days=days),
    )
    _audit(
        sub, LeagueEvent.Type.REPORT_SUBMITTED, actor, deadline=sub.deadline.isoformat()
    )
    submission_notify(sub, "waiting", actor)
    webhooks_announce(
        match.season.league_id, partial(submission_news, sub, "report_waiting")
    )
    return sub


def submission_supersede(match: Match, actor: AbstractBaseUser) -> None:
    """The commissioner's own report replaces one still waiting."""
    sub = open_submission(match)
    if sub is None:
        return
    sub.status = Status.SUPERSEDED
    sub.closed_at = timezone.now()
    sub.decided_by = actor
    sub.save(update_fields=["status", "closed_at", "decided_by"])
    _audit(sub, LeagueEvent.Type.REPORT_DECIDED, actor, decision="superseded")
    submission_notify(sub, "superseded", actor)


# --- answering -----------------------------------------------------------------------


def _locked(submission_id: int) -> ReportSubmission:
    return (
        ReportSubmission.objects.select_for_update(of=("self",))
        .select_related("match__season__league", "team", "submitted_by")
        .get(pk=submission_id)
    )


def _stand(sub: ReportSubmission, status: str) -> MatchResult:
    from matches.reports.cards import (
        card_report_from_data,
        match_submit_card_report,
    )
    from matches.reports.report import match_submit_report

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


def _opponent_coach(sub: ReportSubmission, actor: AbstractBaseUser) -> None:
    match = sub.match
    other_id = match.away_id if sub.team_id == match.home_id else match.home_id
    other = Team.objects.select_related("league").get(pk=other_id)
    if not actor.is_authenticated or other.coach_id != actor.pk:
        raise PermissionDenied("only the opposing coach answers this report")
    team_require_write(actor, other)


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
    _audit(sub, LeagueEvent.Type.REPORT_CONFIRMED, actor)
    submission_notify(sub, "confirmed", actor)
    return result


@transaction.atomic
def report_dispute(
    *, submission_id: int, actor: AbstractBaseUser, reason: str
) -> ReportSubmission:
    """The opposing coach disputes, saying what is wrong: the commissioner
    decides."""
    sub = _locked(submission_id)
    _opponent_coach(sub, actor)
    reason = reason.strip()
    problems = []
    if not reason:
        problems.append(("required", "reason", "say what is wrong with the report"))
    elif len(reason) > REASON_MAX:
        problems.append(("too_long", "reason", f"at most {REASON_MAX} characters"))
    if sub.status != Status.AWAITING:
        problems.append(
            ("not_awaiting", None, f"this report is {sub.get_status_display().lower()}")
        )
    if problems:
        from league.errors import Violation

        raise ServiceError([Violation(c, f, m) for c, f, m in problems])
    sub.status = Status.DISPUTED
    sub.dispute_reason = reason
    sub.disputed_by = actor
    sub.save(update_fields=["status", "dispute_reason", "disputed_by"])
    _audit(sub, LeagueEvent.Type.REPORT_DISPUTED, actor, reason=reason)
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
    if not league_commissioned(actor, sub.match.season.league):
        raise PermissionDenied("only the commissioner decides a report")
    reason = reason.strip()
    problems = []
    if not reason:
        problems.append(("required", "reason", "give the reason for the decision"))
    elif len(reason) > REASON_MAX:
        problems.append(("too_long", "reason", f"at most {REASON_MAX} characters"))
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
    _audit(
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
    _audit(sub, LeagueEvent.Type.REPORT_STOOD, None)
    submission_notify(sub, "stood", None)
    return sub


def reports_stand_due() -> int:
    """Let every overdue report stand; returns how many did."""
    n = 0
    for pk in reports_due():
        if report_stand(submission_id=pk).status == Status.STOOD:
            n += 1
    return n
