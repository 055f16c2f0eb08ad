"""Reports the other coach confirms, at their edges: a sender removed from
the league since, a confirmation racing the commissioner's own report, and
beat's sweep carrying on past a report it cannot let stand."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from league.errors import ServiceError
from league.models import League, LeagueEvent
from league.services.membership import membership_remove
from matches.models import Match, MatchResult, ReportSubmission
from matches.reports import confirmation
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    reports_stand_due,
)
from matches.reports.report import match_submit_report
from tests.factories import draft_team
from tests.matches.conftest import db_state, one_match, score_report
from tests.world import api_as

S = ReportSubmission.Status


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob), in a league that gives
    the other coach three days."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_racing_the_commissioners_report_is_no_deadlock(
    match, alice, bob, charlie, monkeypatch
):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    # given bob's report waiting, which charlie confirms while alice (the
    # commissioner) records her own report of the match at the same moment
    sub = match_submit_report(
        match_id=match.pk, report=score_report(match, 1, 2), actor=bob
    )
    assert isinstance(sub, ReportSubmission)
    confirming = threading.Event()
    stand = confirmation._stand

    def slow_stand(*args, **kwargs):
        # charlie holds what his confirmation locked first; alice starts now
        confirming.set()
        time.sleep(1)
        return stand(*args, **kwargs)

    monkeypatch.setattr(confirmation, "_stand", slow_stand)
    outcomes: dict[str, str] = {}

    def run(name, step, wait):
        try:
            if wait:
                assert confirming.wait(timeout=20)
            step()
            outcomes[name] = "done"
        except ServiceError as exc:
            outcomes[name] = exc.violations[0].code
        except Exception as exc:  # noqa: BLE001 - reported by the assertions
            outcomes[name] = type(exc).__name__
        finally:
            connections.close_all()

    threads = [
        threading.Thread(
            target=run,
            args=(
                "confirm",
                lambda: report_confirm(submission_id=sub.pk, actor=charlie),
                False,
            ),
        ),
        threading.Thread(
            target=run,
            args=(
                "commissioner",
                lambda: match_submit_report(
                    match_id=match.pk, report=score_report(match, 0, 0), actor=alice
                ),
                True,
            ),
        ),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    # then the confirmation stands and the commissioner is told the match
    # has a result: neither is a deadlock (a 500)
    assert outcomes == {"confirm": "done", "commissioner": "already_reported"}
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (1, 2)
    sub.refresh_from_db()
    assert sub.status == S.CONFIRMED


# --- a sender removed from the league since ------------------------------------------


@pytest.fixture
def sent_then_removed(match, alice, bob, django_capture_on_commit_callbacks):
    """Bob reports 1-2, then the commissioner removes him from the league
    (his season plays on)."""
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=bob
        )
    membership_remove(league_id=match.season.league_id, coach_id=bob.pk, actor=alice)
    return sub


def assert_stood(match, sub, status, bob):
    sub.refresh_from_db()
    assert sub.status == status
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score, result.submitted_by_id) == (
        1,
        2,
        bob.pk,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE


def test_the_other_coach_confirms_a_report_whose_sender_was_removed_since(
    match, sent_then_removed, bob, charlie, django_capture_on_commit_callbacks
):
    sub = sent_then_removed
    url = f"/api/matches/{match.pk}/submissions/{sub.pk}/confirm/"

    with django_capture_on_commit_callbacks(execute=True):
        answer = api_as(charlie).post(url, {}, format="json")

    assert answer.status_code == 200, answer.content
    assert_stood(match, sub, S.CONFIRMED, bob)


def test_the_commissioner_accepts_a_report_whose_sender_was_removed_since(
    match, sent_then_removed, alice, bob, django_capture_on_commit_callbacks
):
    sub = sent_then_removed

    with django_capture_on_commit_callbacks(execute=True):
        report_decide(submission_id=sub.pk, actor=alice, accept=True, reason="seen")

    assert_stood(match, sub, S.ACCEPTED, bob)


def test_a_report_whose_sender_was_removed_stands_after_its_deadline(
    match, sent_then_removed, bob, django_capture_on_commit_callbacks
):
    sub = sent_then_removed
    ReportSubmission.objects.filter(pk=sub.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )

    with django_capture_on_commit_callbacks(execute=True):
        assert reports_stand_due() == 1

    assert_stood(match, sub, S.STOOD, bob)


# --- a dispute after the deadline ----------------------------------------------------


def test_a_report_cannot_be_disputed_once_its_deadline_has_passed(
    client, match, bob, charlie, django_capture_on_commit_callbacks
):
    # given bob's report, whose deadline passed before beat's sweep came by
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=bob
        )
    ReportSubmission.objects.filter(pk=sub.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    before = db_state()
    events = LeagueEvent.objects.count()
    client.force_login(charlie)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="confirm"' in page  # confirming it is still welcome
    assert 'data-testid="dispute"' not in page

    # when charlie disputes it all the same, by the API and the page
    url = f"/api/matches/{match.pk}/submissions/{sub.pk}/dispute/"
    answer = api_as(charlie).post(url, {"reason": "it was 2-1"}, format="json")
    client.post(f"/reports/{sub.pk}/dispute/", {"reason": "it was 2-1"})

    # then he is told it is too late, and nothing is written: it stands
    assert answer.status_code == 400
    assert [(e["code"], e["field"]) for e in answer.json()["errors"]] == [
        ("deadline_passed", None)
    ]
    sub.refresh_from_db()
    assert (sub.status, sub.dispute_reason) == (S.AWAITING, "")
    assert db_state() == before
    assert LeagueEvent.objects.count() == events
    with django_capture_on_commit_callbacks(execute=True):
        assert reports_stand_due() == 1
    sub.refresh_from_db()
    assert sub.status == S.STOOD


# --- beat's sweep carries on past a report it cannot let stand ----------------------


def test_a_report_refused_at_its_deadline_does_not_stop_the_others_standing(
    eleven, match, bob, charlie, monkeypatch, django_capture_on_commit_callbacks
):
    # given two overdue reports, of which the first is refused when it stands
    other = one_match(
        eleven,
        draft_team(eleven, charlie, roster="human", name="Altdorf Arrows"),
        draft_team(eleven, bob, roster="orc", name="Black Fangs"),
    )
    with django_capture_on_commit_callbacks(execute=True):
        subs = [
            match_submit_report(match_id=m.pk, report=score_report(m, 1, 2), actor=bob)
            for m in (match, other)
        ]
    ReportSubmission.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    stand = confirmation._stand

    def refuse_the_first(sub, status):
        if sub.pk == subs[0].pk:
            raise ServiceError.one("broken", None, "cannot stand")
        return stand(sub, status)

    monkeypatch.setattr(confirmation, "_stand", refuse_the_first)

    # when beat's sweep comes by
    with django_capture_on_commit_callbacks(execute=True):
        assert reports_stand_due() == 1

    # then the second stands; the first waits, nothing of it written
    statuses = dict(ReportSubmission.objects.values_list("pk", "status"))
    assert statuses == {subs[0].pk: S.AWAITING, subs[1].pk: S.STOOD}
    assert not MatchResult.objects.filter(match=match).exists()
    assert MatchResult.objects.filter(match=other).exists()


# --- a match kicked off by a report waiting is not "live" ---------------------------


def test_a_match_whose_report_waits_offers_nothing_to_watch_live(
    client, match, bob, charlie, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=bob
        )
    client.force_login(charlie)

    page = client.get(f"/matches/{match.pk}/").content.decode()

    assert 'data-testid="confirm"' in page
    assert "Watch live" not in page
    assert f'href="/matches/{match.pk}/live/"' not in page
