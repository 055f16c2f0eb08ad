"""Reports the other coach confirms: every path — confirm,
dispute, the commissioner's decision both ways, the deadline, the
commissioner's own report — with the database checked after each, the
refusals writing nothing, the API and the match page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from league.errors import ServiceError
from league.models import League, LeagueEvent
from matches.models import (
    Match,
    MatchEvent,
    MatchResult,
    ReportSubmission,
    WebhookDelivery,
)
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    report_stand,
    reports_stand_due,
)
from matches.reports.report import match_submit_report
from matches.webhooks.services import webhook_create
from tests.factories import draft_team
from tests.matches.conftest import codes, db_state, one_match, score_report
from tests.world import api_as

S = ReportSubmission.Status


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob), in a league that gives
    the other coach three days."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


def submit(match, home, away, actor, capture, **kw):
    with capture(execute=True):
        return match_submit_report(
            match_id=match.pk, report=score_report(match, home, away, **kw), actor=actor
        )


def audit(match) -> list[str]:
    return list(
        LeagueEvent.objects.filter(match_id=match.pk)
        .order_by("pk")
        .values_list("type", flat=True)
    )


def test_a_coachs_report_waits_for_the_other_coach(
    match, bob, django_capture_on_commit_callbacks
):
    before = timezone.now()

    sub = submit(match, 1, 2, bob, django_capture_on_commit_callbacks)

    assert isinstance(sub, ReportSubmission)
    assert (sub.status, sub.team_id, sub.submitted_by_id) == (
        S.AWAITING,
        match.away_id,
        bob.pk,
    )
    assert (sub.report["home_score"], sub.report["away_score"]) == (1, 2)
    assert (
        before + timedelta(days=3) <= sub.deadline <= timezone.now() + timedelta(days=3)
    )
    assert not MatchResult.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS  # kicked off, no result
    assert audit(match) == ["report_submitted"]
    assert MatchEvent.objects.filter(match=match, type="report_submitted").count() == 1


def test_the_other_coach_confirms_and_the_post_game_runs(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 1, 2, bob, django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        result = report_confirm(submission_id=sub.pk, actor=charlie)

    assert (result.home_score, result.away_score, result.submitted_by_id) == (
        1,
        2,
        bob.pk,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    sub.refresh_from_db()
    assert sub.status == S.CONFIRMED
    assert sub.closed_at is not None
    assert audit(match) == ["report_submitted", "report_confirmed"]


def test_only_the_opposing_coach_answers_and_nothing_is_written_otherwise(
    match, alice, bob, dave, django_capture_on_commit_callbacks
):
    sub = submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()

    for who in (bob, dave):  # the one who sent it; a stranger
        with pytest.raises(PermissionDenied):
            report_confirm(submission_id=sub.pk, actor=who)
        with pytest.raises(PermissionDenied):
            report_dispute(submission_id=sub.pk, actor=who, reason="wrong")
    with pytest.raises(PermissionDenied):
        report_decide(submission_id=sub.pk, actor=bob, accept=True, reason="mine")

    assert db_state() == before


ANSWER_BODIES = {
    "confirm": {"bogus": "1"},
    "dispute": {"reason": ""},
    "decide": {"decision": "maybe", "reason": ""},
    "withdraw": {"reason": "x" * 3000},
}


@pytest.mark.parametrize("answer", list(ANSWER_BODIES))
def test_the_match_page_refuses_a_stranger_before_reading_the_form(
    client, match, bob, dave, answer, django_capture_on_commit_callbacks
):
    # Dave has no part in the match: he gets the not-allowed page, not the
    # form's faults ("accept or reject", a reason required or too long).
    sub = submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()
    client.force_login(dave)

    response = client.post(f"/reports/{sub.pk}/{answer}/", ANSWER_BODIES[answer])

    assert response.status_code == 403
    assert not list(response.wsgi_request._messages)
    assert db_state() == before
    assert ReportSubmission.objects.get(pk=sub.pk).status == S.AWAITING


def test_only_the_commissioner_is_told_a_decision_is_accept_or_reject(
    client, match, alice, bob, django_capture_on_commit_callbacks
):
    sub = submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()
    bad = {"decision": "maybe", "reason": "no"}

    client.force_login(bob)  # its sender: not his to decide
    assert client.post(f"/reports/{sub.pk}/decide/", bad).status_code == 403
    client.force_login(alice)
    response = client.post(f"/reports/{sub.pk}/decide/", bad, follow=True)

    assert [str(m) for m in response.context["messages"]] == ["accept or reject"]
    assert db_state() == before


@pytest.mark.parametrize("answer", list(ANSWER_BODIES))
def test_the_match_page_sends_an_anonymous_answer_to_sign_in(
    client, match, bob, answer, django_capture_on_commit_callbacks
):
    sub = submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()

    response = client.post(f"/reports/{sub.pk}/{answer}/", ANSWER_BODIES[answer])

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert db_state() == before


def test_a_second_report_is_refused_while_one_waits(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        submit(match, 0, 3, charlie, django_capture_on_commit_callbacks)

    assert codes(exc) == [("report_waiting", None)]
    assert db_state() == before


def test_a_dispute_needs_a_reason_then_waits_for_the_commissioner(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 2, 0, bob, django_capture_on_commit_callbacks)
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        report_dispute(submission_id=sub.pk, actor=charlie, reason="   ")
    assert codes(exc) == [("required", "reason")]
    # a NUL character (PostgreSQL's text refuses it) is refused, not a 500
    client = Client()
    client.force_login(charlie)
    page = client.post(f"/reports/{sub.pk}/dispute/", {"reason": "bad\x00score"})
    assert page.status_code < 500
    with pytest.raises(ServiceError) as exc:
        report_dispute(submission_id=sub.pk, actor=charlie, reason="bad\x00score")
    assert codes(exc) == [("null_characters_not_allowed", "reason")]
    assert db_state() == before

    report_dispute(submission_id=sub.pk, actor=charlie, reason="It was 0-2, not 2-0")

    sub.refresh_from_db()
    assert (sub.status, sub.dispute_reason, sub.disputed_by_id) == (
        S.DISPUTED,
        "It was 0-2, not 2-0",
        charlie.pk,
    )
    with pytest.raises(ServiceError) as exc:
        report_confirm(submission_id=sub.pk, actor=charlie)
    assert codes(exc) == [("not_awaiting", None)]
    assert audit(match) == ["report_submitted", "report_disputed"]
    assert not MatchResult.objects.filter(match=match).exists()


def test_the_commissioner_lets_a_disputed_report_stand_with_a_reason(
    match, alice, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 2, 0, bob, django_capture_on_commit_callbacks)
    report_dispute(submission_id=sub.pk, actor=charlie, reason="not 2-0")
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        report_decide(submission_id=sub.pk, actor=alice, accept=True, reason="")
    assert codes(exc) == [("required", "reason")]
    client = Client()
    client.force_login(alice)
    page = client.post(
        f"/reports/{sub.pk}/decide/", {"decision": "reject", "reason": "no\x00pe"}
    )
    assert page.status_code < 500
    with pytest.raises(ServiceError) as exc:
        report_decide(
            submission_id=sub.pk, actor=alice, accept=False, reason="no\x00pe"
        )
    assert codes(exc) == [("null_characters_not_allowed", "reason")]
    assert db_state() == before

    with django_capture_on_commit_callbacks(execute=True):
        report_decide(
            submission_id=sub.pk,
            actor=alice,
            accept=True,
            reason="Both photos show 2-0",
        )

    sub.refresh_from_db()
    assert (sub.status, sub.decided_by_id, sub.decision_reason) == (
        S.ACCEPTED,
        alice.pk,
        "Both photos show 2-0",
    )
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (2, 0)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    assert audit(match) == ["report_submitted", "report_disputed", "report_decided"]
    decided = LeagueEvent.objects.get(match_id=match.pk, type="report_decided")
    assert decided.payload["decision"] == "accepted"
    assert decided.payload["reason"] == "Both photos show 2-0"


def test_a_rejected_report_leaves_the_match_for_another_report(
    match, alice, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 2, 0, bob, django_capture_on_commit_callbacks)
    report_dispute(submission_id=sub.pk, actor=charlie, reason="not 2-0")

    report_decide(submission_id=sub.pk, actor=alice, accept=False, reason="No proof")

    sub.refresh_from_db()
    assert sub.status == S.REJECTED
    assert not MatchResult.objects.filter(match=match).exists()
    # the other coach reports now; bob confirms it
    again = submit(match, 0, 2, charlie, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=again.pk, actor=bob)
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 2)


def test_a_report_nobody_answers_stands_after_its_deadline(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 3, 1, bob, django_capture_on_commit_callbacks)
    assert reports_stand_due() == 0  # not yet due
    ReportSubmission.objects.filter(pk=sub.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )

    with django_capture_on_commit_callbacks(execute=True):
        assert reports_stand_due() == 1

    sub.refresh_from_db()
    assert sub.status == S.STOOD
    assert MatchResult.objects.get(match=match).home_score == 3
    assert audit(match) == ["report_submitted", "report_stood"]
    # idempotent: running it again changes nothing
    before = db_state()
    report_stand(submission_id=sub.pk)
    assert reports_stand_due() == 0
    assert db_state() == before


def test_a_disputed_report_has_no_deadline(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 3, 1, bob, django_capture_on_commit_callbacks)
    report_dispute(submission_id=sub.pk, actor=charlie, reason="3-1? it was 1-1")
    ReportSubmission.objects.filter(pk=sub.pk).update(
        deadline=timezone.now() - timedelta(days=1)
    )

    assert reports_stand_due() == 0

    sub.refresh_from_db()
    assert sub.status == S.DISPUTED
    assert not MatchResult.objects.filter(match=match).exists()


def test_the_commissioners_report_stands_at_once_and_replaces_one_waiting(
    match, alice, bob, django_capture_on_commit_callbacks
):
    sub = submit(match, 3, 1, bob, django_capture_on_commit_callbacks)

    result = submit(match, 1, 1, alice, django_capture_on_commit_callbacks)

    assert isinstance(result, MatchResult)
    assert (result.home_score, result.away_score) == (1, 1)
    sub.refresh_from_db()
    assert (sub.status, sub.decided_by_id) == (S.SUPERSEDED, alice.pk)


def test_without_confirmation_a_coachs_report_stands_at_once(
    eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    match = one_match(eleven, humans, orcs)
    result = submit(match, 1, 0, bob, django_capture_on_commit_callbacks)
    assert isinstance(result, MatchResult)
    assert not ReportSubmission.objects.exists()


def test_webhooks_hear_of_reports_waiting_disputed_and_decided(
    settings, match, alice, bob, charlie, django_capture_on_commit_callbacks
):
    webhook_create(
        league_id=match.season.league_id, url="http://127.0.0.1:9/", kind="generic"
    )
    settings.WEBHOOK_ALLOW_PRIVATE = False  # the address is refused: nothing leaves
    sub = submit(match, 2, 0, bob, django_capture_on_commit_callbacks)
    report_dispute(submission_id=sub.pk, actor=charlie, reason="not 2-0")
    report_decide(submission_id=sub.pk, actor=alice, accept=False, reason="No proof")

    kinds = list(WebhookDelivery.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds == ["report_waiting", "report_disputed", "report_decided"]
    waiting = WebhookDelivery.objects.get(kind="report_waiting").body
    assert waiting["data"]["submission_id"] == sub.pk
    assert "confirms or disputes it by" in waiting["text"]


# --- the API ------------------------------------------------------------------------


def test_the_api_takes_a_report_for_confirmation_and_its_answers(
    match, alice, bob, charlie, django_capture_on_commit_callbacks
):
    body = {"home_score": 0, "away_score": 0}
    sent = api_as(bob).post(f"/api/matches/{match.pk}/report/", body, format="json")
    assert sent.status_code == 202, sent.content
    sub_id = sent.json()["id"]
    assert sent.json()["status"] == "awaiting"

    base = f"/api/matches/{match.pk}/submissions/{sub_id}/"
    typo = api_as(charlie).post(base + "dispute/", {"reasons": "x"}, format="json")
    assert typo.status_code == 400
    assert "unknown_field" in typo.content.decode()
    assert api_as(bob).post(base + "confirm/", {}, format="json").status_code == 403

    disputed = api_as(charlie).post(base + "dispute/", {"reason": "1-1"}, format="json")
    assert disputed.json()["status"] == "disputed"
    with django_capture_on_commit_callbacks(execute=True):
        decided = api_as(alice).post(
            base + "decide/", {"decision": "accept", "reason": "seen it"}, format="json"
        )
    assert decided.status_code == 200
    assert decided.json()["status"] == "accepted"
    listed = api_as(charlie).get(f"/api/matches/{match.pk}/submissions/").json()
    assert [(s["id"], s["status"], s["decided_by"]) for s in listed] == [
        (sub_id, "accepted", "alice")
    ]
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score, result.submitted_by_id) == (
        0,
        0,
        bob.pk,
    )


# --- the match page -------------------------------------------------------------------


def test_the_match_page_asks_the_other_coach_and_the_commissioner(
    client, match, alice, bob, charlie, django_capture_on_commit_callbacks
):
    sub = submit(match, 1, 2, bob, django_capture_on_commit_callbacks)
    url = f"/matches/{match.pk}/"

    client.force_login(bob)
    page = client.get(url).content.decode()
    assert 'data-testid="waiting"' in page
    assert 'data-testid="confirm"' not in page  # not his to confirm
    assert "Record the report" not in page

    client.force_login(charlie)
    page = client.get(url).content.decode()
    assert 'data-testid="confirm"' in page
    response = client.post(f"/reports/{sub.pk}/dispute/", {"reason": "it was 2-2"})
    assert response.status_code == 302
    sub.refresh_from_db()
    assert sub.status == S.DISPUTED

    client.force_login(alice)
    page = client.get(url).content.decode()
    assert "it was 2-2" in page
    assert 'data-testid="accept"' in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/reports/{sub.pk}/decide/", {"decision": "reject", "reason": "replay it"}
        )
    sub.refresh_from_db()
    assert (sub.status, sub.decision_reason) == (S.REJECTED, "replay it")
    page = client.get(url).content.decode()
    assert 'data-testid="submission-rejected"' in page


def test_the_waiting_report_names_the_coach_who_must_answer_by_the_team(
    client, match, bob, django_capture_on_commit_callbacks
):
    submit(match, 1, 2, bob, django_capture_on_commit_callbacks)
    client.force_login(bob)

    page = client.get(f"/matches/{match.pk}/").content.decode()

    assert "waiting for the coach of Reikland Reavers to confirm or dispute it" in (
        page
    )


def test_a_commissioner_who_coaches_the_other_team_answers_as_that_coach_first(
    client, eleven, orcs, alice, bob, django_capture_on_commit_callbacks
):
    # given alice commissions the league and coaches the team bob played
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    mine = draft_team(eleven, alice, roster="human", name="Alice's Own")
    match = one_match(eleven, mine, orcs)
    sub = submit(match, 0, 1, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)

    # when she opens the match, she is asked as the coach, not twice over
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="confirm"' in page
    assert 'data-testid="dispute"' in page
    assert 'data-testid="accept"' not in page
    assert 'data-testid="reject"' not in page
    assert "Record the report" not in page

    # then a report she disputes comes back to her to decide
    client.post(f"/reports/{sub.pk}/dispute/", {"reason": "we drew"})
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="confirm"' not in page
    assert 'data-testid="accept"' in page
    assert 'data-testid="reject"' in page
    assert "Record the report" in page


def test_a_commissioner_who_coaches_neither_team_may_decide_or_replace_a_waiting_report(
    client, match, alice, bob, django_capture_on_commit_callbacks
):
    submit(match, 1, 2, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)

    page = client.get(f"/matches/{match.pk}/").content.decode()

    assert 'data-testid="confirm"' not in page
    assert 'data-testid="accept"' in page
    assert "Record the report" in page
