"""A match's reports as coaches sent them are read by anyone (the API's
``GET /api/matches/{id}/submissions/`` and the match page), newest first.
A coach may send and withdraw a report again and again (each is kept, as
the audit log keeps it), so what is read is bounded: the newest
``SUBMISSIONS_SHOWN``, the one waiting among them, never every row a
hostile coach piled up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import League
from matches.models import ReportSubmission
from matches.reports.report import match_submit_report
from matches.reports.submissions import SUBMISSIONS_SHOWN, report_to_data
from tests.matches.conftest import one_match, score_report
from tests.world import api_as

S = ReportSubmission.Status


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob), in a league that gives
    the other coach three days."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


@pytest.fixture
def piled_up(match, bob, orcs):
    """More withdrawn reports than are shown (each an hour older than the
    next), then Bob's report waiting for Charlie: the newest of all."""
    now = timezone.now()
    data = report_to_data(score_report(match, 0, 0))
    old = ReportSubmission.objects.bulk_create(
        ReportSubmission(
            match=match,
            report=data,
            submitted_by=bob,
            team=orcs,
            status=S.WITHDRAWN,
            deadline=now,
            decided_by=bob,
            closed_at=now,
        )
        for _ in range(SUBMISSIONS_SHOWN + 5)
    )
    for i, row in enumerate(old):
        ReportSubmission.objects.filter(pk=row.pk).update(
            created_at=now - timedelta(hours=len(old) - i)
        )
    waiting = match_submit_report(
        match_id=match.pk, report=score_report(match, 1, 2), actor=bob
    )
    assert isinstance(waiting, ReportSubmission)
    return waiting


def newest_ids(match) -> list[int]:
    return list(
        ReportSubmission.objects.filter(match=match)
        .order_by("-created_at", "-pk")
        .values_list("pk", flat=True)[:SUBMISSIONS_SHOWN]
    )


def test_the_api_answers_the_newest_reports_only(match, piled_up, dave):
    # given more reports than are shown, the newest one waiting
    assert ReportSubmission.objects.filter(match=match).count() == (
        SUBMISSIONS_SHOWN + 6
    )

    # when anyone reads the match's reports
    answer = api_as(dave).get(f"/api/matches/{match.pk}/submissions/")

    # then the newest SUBMISSIONS_SHOWN, newest first, the waiting one first
    assert answer.status_code == 200
    rows = answer.json()
    assert [r["id"] for r in rows] == newest_ids(match)
    assert len(rows) == SUBMISSIONS_SHOWN
    assert (rows[0]["id"], rows[0]["status"]) == (piled_up.pk, "awaiting")


def test_the_match_page_lists_the_newest_reports_and_the_waiting_one(
    client, match, piled_up, charlie
):
    # when the coach who must answer opens the match page
    client.force_login(charlie)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/matches/{match.pk}/")

    # then it shows the report waiting for him, with his answers
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="waiting"' in html
    assert 'data-testid="confirm"' in html
    # and, of the history, the newest SUBMISSIONS_SHOWN - 1 settled ones
    assert html.count('data-testid="submission-withdrawn"') == SUBMISSIONS_SHOWN - 1
    # read in one bounded query, not one row per report ever sent
    read = [q["sql"] for q in queries if 'FROM "matches_reportsubmission"' in q["sql"]]
    assert any(f"LIMIT {SUBMISSIONS_SHOWN}" in sql for sql in read), read
