"""A coach's report kept for the other coach to confirm: whether it must
wait (:func:`confirmation_needed`), keeping it (:func:`submission_open`),
the commissioner's own report replacing one still waiting
(:func:`submission_supersede`), and the report as stored data. Answering it
is :mod:`matches.reports.confirmation`."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from functools import partial
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from league.errors import ServiceError
from league.models import LeagueEvent, Team
from league.services.audit import league_event_record
from league.web_selectors import league_commissioned
from matches.events import match_events_append
from matches.models import Match, ReportSubmission
from matches.notices import submission_notify
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.webhooks.news import submission_news
from matches.webhooks.services import webhooks_announce

Status = ReportSubmission.Status

# How many of a match's reports its readers get (the API's list, the match
# page), newest first: a coach may send and withdraw reports without end,
# and each is kept, so a read of them all would grow without bound.
SUBMISSIONS_SHOWN = 20


# --- the report as data -----------------------------------------------------------


def report_to_data(report: Any) -> dict[str, Any]:
    """A :class:`~matches.reports.report.Report` as JSON data (a card
    format's report comes as data already:
    :func:`matches.reports.cards.card_report_data`)."""
    if isinstance(report, dict):
        return report
    return dataclasses.asdict(report)


def report_from_data(data: dict[str, Any]) -> Any:
    fields = dict(data)
    fields["players"] = tuple(PlayerLine(**p) for p in data.get("players", ()))
    fields["casualties"] = tuple(CasualtyLine(**c) for c in data.get("casualties", ()))
    if data.get("fan_factor_rolls") is not None:
        fields["fan_factor_rolls"] = tuple(data["fan_factor_rolls"])
    if data.get("gather_funds") is not None:
        fields["gather_funds"] = tuple(data["gather_funds"])
    for key in ("mvps", "knocked_out", "sent_off", "mvp_nominations", "stalled"):
        fields[key] = tuple(data.get(key, ()))
    return Report(**fields)


# --- when a report needs confirming -------------------------------------------------


def confirmation_needed(match: Match, actor: AbstractBaseUser) -> bool:
    """A coach's report in a league that asks for confirmation."""
    league = match.season.league
    return league.report_confirmation_days > 0 and not league_commissioned(
        actor, league
    )


def submissions_shown(match_id: int) -> list[ReportSubmission]:
    """The match's newest ``SUBMISSIONS_SHOWN`` reports, newest first, with
    who sent, disputed and decided each (the team too). One waits at a time
    and a new one is sent only once none waits, so the one waiting, if any,
    is the newest of all: always among them."""
    return list(
        ReportSubmission.objects.filter(match_id=match_id)
        .select_related("submitted_by", "disputed_by", "decided_by", "team")
        .order_by("-created_at", "-pk")[:SUBMISSIONS_SHOWN]
    )


def open_submission(match: Match) -> ReportSubmission | None:
    return (
        ReportSubmission.objects.select_for_update()
        .filter(match=match, status__in=ReportSubmission.OPEN)
        .first()
    )


def submission_audit(
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
    submission_audit(
        sub, LeagueEvent.Type.REPORT_SUBMITTED, actor, deadline=sub.deadline.isoformat()
    )
    submission_notify(sub, "waiting", actor)
    webhooks_announce(
        match.season.league_id, partial(submission_news, sub, "report_waiting")
    )
    return sub


def submission_supersede(
    match: Match, actor: AbstractBaseUser, score: tuple[int, int]
) -> bool:
    """The commissioner's own report (of ``score``) replaces one still
    waiting; whether there was one (its coaches are told of it)."""
    sub = open_submission(match)
    if sub is None:
        return False
    sub.status = Status.SUPERSEDED
    sub.closed_at = timezone.now()
    sub.decided_by = actor
    sub.save(update_fields=["status", "closed_at", "decided_by"])
    submission_audit(sub, LeagueEvent.Type.REPORT_DECIDED, actor, decision="superseded")
    submission_notify(sub, "superseded", actor, result=score)
    return True
