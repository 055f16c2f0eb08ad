"""A report waiting for the other coach, as the match page's event log and
the league's webhooks tell it: who reported what, by when in words (never an
ISO stamp), and each answer as a sentence."""

from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime

import pytest
from django.utils import timezone

from league.models import League
from matches.captions.dates import day_words, when_words
from matches.models import ReportSubmission
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    reports_stand_due,
)
from matches.reports.report import match_submit_report
from matches.webhooks.news import submission_news
from tests.matches.conftest import one_match, score_report

# Thursday 3 December 2026, 18:00 UTC: with three days to answer, a report
# made then waits until Sunday 6 December, 18:00.
NOW = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
# The score line of every report below: the Humans at home, 2-0.
SCORE = "Reikland Reavers 2–0 Gouged Eye"
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


@pytest.fixture
def match(eleven, humans, orcs, monkeypatch):
    """Humans (charlie) at home against Orcs (bob), in a league that gives
    the other coach three days; the clock reads ``NOW``."""
    monkeypatch.setattr(timezone, "now", lambda: NOW)
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


@pytest.fixture
def reported(match, bob, django_capture_on_commit_callbacks):
    """Bob's report of a 2-0 home win, waiting for Charlie."""
    with django_capture_on_commit_callbacks(execute=True):
        return match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 0), actor=bob
        )


def log(client, match, kind: str) -> list[str]:
    """The event log's lines of one type, as the page shows them."""
    page = client.get(f"/matches/{match.pk}/events/?type={kind}").content.decode()
    assert not ISO.search(page)
    return [
        html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
        for text in re.findall(r'<span class="ev-type">[^<]*</span>(.*?)</li>', page)
    ]


def test_a_waiting_report_names_its_deadline_in_words(client, match, reported):
    assert reported.deadline == datetime(2026, 12, 6, 18, 0, tzinfo=UTC)

    assert log(client, match, "report_submitted") == [
        f"bob's report ({SCORE}) waits for the other coach to confirm or dispute "
        "it by Sunday 6 December, 18:00; then it stands"
    ]


def test_a_date_is_written_in_the_time_zone_the_page_is_shown_in():
    stored = "2026-12-06T18:00:00+00:00"

    assert when_words(stored) == "Sunday 6 December, 18:00"
    with timezone.override("Europe/Paris"):
        assert when_words(stored) == "Sunday 6 December, 19:00"
    assert day_words(date(2026, 12, 4)) == "Friday 4 December"


def test_the_other_coachs_answers_read_as_sentences(
    client, match, reported, alice, charlie, django_capture_on_commit_callbacks
):
    report_dispute(submission_id=reported.pk, actor=charlie, reason="not 2-0")
    with django_capture_on_commit_callbacks(execute=True):
        report_decide(
            submission_id=reported.pk, actor=alice, accept=True, reason="Photos show it"
        )

    assert log(client, match, "report_disputed") == [
        f"bob's report ({SCORE}) is disputed (“not 2-0”); the commissioner decides"
    ]
    assert log(client, match, "report_decided") == [
        f"The commissioner lets bob's report ({SCORE}) stand: “Photos show it”"
    ]


def test_a_rejected_report_reads_as_rejected_with_the_reason(
    client, match, reported, alice, charlie
):
    report_dispute(submission_id=reported.pk, actor=charlie, reason="not 2-0")
    report_decide(
        submission_id=reported.pk, actor=alice, accept=False, reason="No proof"
    )

    assert log(client, match, "report_decided") == [
        f"The commissioner rejects bob's report ({SCORE}): “No proof”"
    ]


def test_a_confirmed_report_and_one_that_stood_read_as_standing(
    client, match, reported, charlie, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=reported.pk, actor=charlie)

    assert log(client, match, "report_confirmed") == [
        f"The other coach confirms bob's report ({SCORE}): it stands"
    ]


def test_a_report_nobody_answered_stands_in_words(
    client, match, reported, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 7, tzinfo=UTC))
    with django_capture_on_commit_callbacks(execute=True):
        assert reports_stand_due() == 1

    assert log(client, match, "report_stood") == [
        f"Nobody answered by the deadline: bob's report ({SCORE}) stands"
    ]


def test_the_commissioners_own_report_replaces_one_waiting_in_words(
    client, match, reported, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 1), actor=alice
        )

    assert log(client, match, "report_decided") == [
        f"bob's report ({SCORE}) is replaced by the commissioner's own report"
    ]


def test_the_webhook_names_the_deadline_in_words_and_its_time_zone(reported):
    sub = ReportSubmission.objects.select_related(
        "match__home", "match__away", "match__season__league", "submitted_by"
    ).get(pk=reported.pk)

    text = submission_news(sub, "report_waiting").text

    assert text == (
        "Reported by bob; Reikland Reavers's coach confirms or disputes it by "
        "Sunday 6 December, 18:00 (UTC), or it stands."
    )
    # the data keeps the moment for machines, as ISO 8601
    assert submission_news(sub, "report_waiting").data["deadline"] == (
        "2026-12-06T18:00:00+00:00"
    )
