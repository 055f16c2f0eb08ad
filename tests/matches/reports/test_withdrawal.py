"""A report withdrawn by the coach who sent it (or the commissioner) while
it waits for the other coach's answer: the match waits for another report,
the other coach is told, the audit log and the webhooks have it; every
refusal writes nothing; the service, the API and the match page."""

from __future__ import annotations

import dataclasses
import threading
import time
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection, connections
from django.utils import timezone

from league.access import TeamFrozen
from league.errors import ServiceError
from league.models import League, LeagueEvent, Notification
from league.page_cache import is_cache_bump
from league.services.membership import membership_remove
from matches.models import (
    Match,
    MatchEvent,
    MatchResult,
    ReportSubmission,
    RosterSnapshot,
    WebhookDelivery,
)
from matches.prematch.kickoff import match_kick_off
from matches.reports import confirmation
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    report_withdraw,
)
from matches.reports.report import match_submit_report
from matches.webhooks.services import webhook_create
from tests.factories import LeagueFactory
from tests.matches.conftest import codes, db_state, one_match, score_report
from tests.world import api_as

S = ReportSubmission.Status
SCORE = "Reikland Reavers 1–2 Gouged Eye"


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob), in a league that gives
    the other coach three days; alice commissions."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


@pytest.fixture
def waiting(match, bob, django_capture_on_commit_callbacks):
    """Bob's report of 1-2, waiting for charlie; the notifications so far
    cleared."""
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=bob
        )
    assert isinstance(sub, ReportSubmission)
    Notification.objects.all().delete()
    return sub


def everything():
    """What a refused withdrawal must leave as it is: the match world, the
    submissions, the audit log, the notifications and the webhooks'
    deliveries."""
    return (
        db_state(),
        list(
            ReportSubmission.objects.order_by("pk").values_list(
                "pk", "status", "closed_at", "decided_by", "decision_reason"
            )
        ),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
        list(Notification.objects.order_by("pk").values_list("pk", "kind")),
        list(WebhookDelivery.objects.order_by("pk").values_list("pk", "kind")),
    )


def match_events(match) -> list[str]:
    return list(
        MatchEvent.objects.filter(match=match)
        .order_by("seq")
        .values_list("type", flat=True)
    )


def told(**filters) -> list[tuple[str, str, str]]:
    return list(
        Notification.objects.filter(**filters)
        .order_by("recipient__username", "pk")
        .values_list("recipient__username", "kind", "text")
    )


# --- the service -------------------------------------------------------------------


def test_the_sender_withdraws_and_the_match_is_as_it_was_before_the_report(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    # given a match kicked off (rosters frozen), before any report
    match_kick_off(match_id=match.pk)
    before = db_state()
    events_before = match_events(match)

    # when bob reports it and then withdraws his report
    sub = match_submit_report(
        match_id=match.pk, report=score_report(match, 1, 2), actor=bob
    )
    with django_capture_on_commit_callbacks(execute=True):
        withdrawn = report_withdraw(submission_id=sub.pk, actor=bob)

    # then the report is closed as withdrawn by bob
    assert withdrawn.pk == sub.pk
    sub.refresh_from_db()
    assert (sub.status, sub.decided_by_id, sub.decision_reason) == (
        S.WITHDRAWN,
        bob.pk,
        "",
    )
    assert sub.closed_at is not None
    # and everything else is exactly as before the report: no result, the
    # same match, teams, players, ledger and snapshots; only the report's
    # two steps are in the match's events and the audit log
    after = db_state()
    assert dataclasses.replace(after, events=[]) == dataclasses.replace(
        before, events=[]
    )
    assert match_events(match) == [
        *events_before,
        "report_submitted",
        "report_withdrawn",
    ]
    assert list(
        LeagueEvent.objects.filter(match_id=match.pk)
        .order_by("pk")
        .values_list("type", "created_by__username")
    ) == [("report_submitted", "bob"), ("report_withdrawn", "bob")]
    withdrawal = LeagueEvent.objects.get(type="report_withdrawn")
    assert withdrawal.payload == {
        "submission": sub.pk,
        "home_score": 1,
        "away_score": 2,
        "submitted_by": "bob",
        "withdrawn_by": "bob",
    }
    # and the match takes another report: charlie's, which bob confirms
    again = match_submit_report(
        match_id=match.pk, report=score_report(match, 0, 1), actor=charlie
    )
    assert again.status == S.AWAITING
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=again.pk, actor=bob)
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 1)


def test_a_report_that_kicked_the_match_off_leaves_it_kicked_off_without_result(
    match, waiting, bob
):
    # given bob's report kicked off a scheduled match (its rosters frozen)
    snapshots = list(RosterSnapshot.objects.filter(match=match).values_list("pk"))
    assert len(snapshots) == 2
    match.refresh_from_db()
    step = match.postgame_step

    # when he withdraws it
    report_withdraw(submission_id=waiting.pk, actor=bob)

    # then the match waits for another report with the same frozen rosters
    # (the Decision of report_withdraw), as a rejected report leaves it
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == (Match.Status.IN_PROGRESS, step)
    assert not MatchResult.objects.filter(match=match).exists()
    assert list(RosterSnapshot.objects.filter(match=match).values_list("pk")) == (
        snapshots
    )
    assert not ReportSubmission.objects.filter(
        match=match, status__in=ReportSubmission.OPEN
    ).exists()


def test_the_other_coach_is_told_of_the_withdrawal_with_its_reason(
    waiting, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        report_withdraw(submission_id=waiting.pk, actor=bob, reason="  Wrong score ")

    text = f"bob withdrew the report of {SCORE}: “Wrong score”: the match waits "
    text += "for another report"
    assert told() == [("charlie", "report_withdrawn", text)]
    notification = Notification.objects.get()
    assert notification.url == f"/matches/{waiting.match_id}/#submissions"
    assert notification.due_at is None
    # its e-mail is queued for when the withdrawal commits
    assert [c.func.__self__.name for c in callbacks if not is_cache_bump(c)] == [
        "league.notifications.tasks.notification_mail_task"
    ]
    waiting.refresh_from_db()
    assert waiting.decision_reason == "Wrong score"


def test_the_commissioner_withdraws_a_report_and_both_coaches_are_told(waiting, alice):
    report_withdraw(submission_id=waiting.pk, actor=alice)

    waiting.refresh_from_db()
    assert (waiting.status, waiting.decided_by_id) == (S.WITHDRAWN, alice.pk)
    text = f"alice withdrew the report of {SCORE}: the match waits for another report"
    assert told() == [
        ("bob", "report_withdrawn", text),
        ("charlie", "report_withdrawn", text),
    ]
    assert LeagueEvent.objects.get(type="report_withdrawn").payload["withdrawn_by"] == (
        "alice"
    )


def test_webhooks_hear_of_a_withdrawn_report(settings, waiting, bob):
    # given a webhook that hears every kind of news
    webhook_create(
        league_id=waiting.match.season.league_id,
        url="http://127.0.0.1:9/",
        kind="generic",
    )
    settings.WEBHOOK_ALLOW_PRIVATE = False  # the address is refused: nothing leaves

    report_withdraw(submission_id=waiting.pk, actor=bob, reason="typo")

    delivery = WebhookDelivery.objects.get()
    assert (delivery.kind, delivery.key) == (
        "report_withdrawn",
        f"report_withdrawn:{waiting.pk}",
    )
    assert delivery.body["title"] == f"Report withdrawn: {SCORE}"
    assert delivery.body["text"] == (
        "Withdrawn by bob (typo); the match waits for another report."
    )
    assert delivery.body["data"]["status"] == "withdrawn"


# --- refusals: nothing written ---------------------------------------------------------


def test_only_the_sender_or_the_commissioner_withdraws(waiting, charlie, dave):
    other = LeagueFactory(name="Elsewhere").commissioner  # another league's
    before = everything()

    for who in (charlie, dave, other):  # the other coach; a stranger
        with pytest.raises(PermissionDenied):
            report_withdraw(submission_id=waiting.pk, actor=who)

    assert everything() == before


def test_a_sender_removed_from_the_league_no_longer_withdraws(waiting, alice, bob):
    # given bob removed from the league since he sent his report
    membership_remove(
        league_id=waiting.match.season.league_id, coach_id=bob.pk, actor=alice
    )
    before = everything()

    # when he withdraws it: his team is frozen
    with pytest.raises(TeamFrozen):
        report_withdraw(submission_id=waiting.pk, actor=bob)

    assert everything() == before


@pytest.mark.parametrize(
    ("answer", "status"),
    [("dispute", S.DISPUTED), ("confirm", S.CONFIRMED), ("withdraw", S.WITHDRAWN)],
)
def test_a_report_no_longer_waiting_is_not_withdrawn(
    waiting, bob, charlie, answer, status, django_capture_on_commit_callbacks
):
    # given the report answered, or withdrawn already
    with django_capture_on_commit_callbacks(execute=True):
        if answer == "dispute":
            report_dispute(submission_id=waiting.pk, actor=charlie, reason="1-1")
        elif answer == "confirm":
            report_confirm(submission_id=waiting.pk, actor=charlie)
        else:
            report_withdraw(submission_id=waiting.pk, actor=bob)
    before = everything()

    # when bob withdraws it
    with pytest.raises(ServiceError) as exc:
        report_withdraw(submission_id=waiting.pk, actor=bob)

    # then it is refused, nothing written
    assert codes(exc) == [("not_awaiting", None)]
    label = ReportSubmission.Status(status).label.lower()
    assert exc.value.violations[0].message == f"this report is {label}"
    assert everything() == before


def test_the_commissioner_does_not_withdraw_a_report_already_decided(
    waiting, alice, charlie
):
    report_dispute(submission_id=waiting.pk, actor=charlie, reason="1-1")
    report_decide(submission_id=waiting.pk, actor=alice, accept=False, reason="no")
    before = everything()

    with pytest.raises(ServiceError) as exc:
        report_withdraw(submission_id=waiting.pk, actor=alice)

    assert codes(exc) == [("not_awaiting", None)]
    assert everything() == before


def test_a_report_past_its_deadline_stands_and_is_not_withdrawn(waiting, bob, alice):
    # given the deadline passed before beat's sweep let it stand
    ReportSubmission.objects.filter(pk=waiting.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    before = everything()

    for who in (bob, alice):
        with pytest.raises(ServiceError) as exc:
            report_withdraw(submission_id=waiting.pk, actor=who)
        assert codes(exc) == [("deadline_passed", None)]

    assert everything() == before


def test_a_withdrawal_reason_too_long_is_refused(waiting, bob):
    before = everything()

    with pytest.raises(ServiceError) as exc:
        report_withdraw(submission_id=waiting.pk, actor=bob, reason="x" * 2001)

    assert codes(exc) == [("too_long", "reason")]
    assert everything() == before


@pytest.mark.django_db(transaction=True)
def test_a_withdrawal_racing_the_confirmation_waits_for_it_and_is_refused(
    match, bob, charlie, monkeypatch
):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    # given bob's report, which charlie confirms while bob withdraws it
    sub = match_submit_report(
        match_id=match.pk, report=score_report(match, 1, 2), actor=bob
    )
    confirming = threading.Event()
    stand = confirmation._stand

    def slow_stand(*args, **kwargs):
        # charlie holds the match's lock; bob's withdrawal starts now
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
                "withdraw",
                lambda: report_withdraw(submission_id=sub.pk, actor=bob),
                True,
            ),
        ),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    # then the withdrawal waited for the confirmation, and found it answered
    assert outcomes == {"confirm": "done", "withdraw": "not_awaiting"}
    sub.refresh_from_db()
    assert sub.status == S.CONFIRMED
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (1, 2)
    assert not LeagueEvent.objects.filter(type="report_withdrawn").exists()


# --- the API -------------------------------------------------------------------------


def test_the_api_withdraws_a_report_and_refuses_with_coded_errors(
    match, waiting, bob, charlie, eleven, humans, orcs
):
    base = f"/api/matches/{match.pk}/submissions/{waiting.pk}/withdraw/"
    other = one_match(eleven, orcs, humans)
    before = everything()

    # the other coach: 403
    refused = api_as(charlie).post(base, {}, format="json")
    assert refused.status_code == 403
    assert [e["code"] for e in refused.json()["errors"]] == ["permission_denied"]
    # a field it does not take: 400
    typo = api_as(bob).post(base, {"reasons": "x"}, format="json")
    assert typo.status_code == 400
    assert [(e["code"], e["field"]) for e in typo.json()["errors"]] == [
        ("unknown_field", "reasons")
    ]
    # the submission under another match: 404
    wrong = f"/api/matches/{other.pk}/submissions/{waiting.pk}/withdraw/"
    assert api_as(bob).post(wrong, {}, format="json").status_code == 404
    assert everything() == before

    # the sender: 200 with the withdrawn submission
    done = api_as(bob).post(base, {"reason": "wrong score"}, format="json")
    assert done.status_code == 200, done.content
    body = done.json()
    assert (
        body["id"],
        body["status"],
        body["decided_by"],
        body["decision_reason"],
    ) == (
        waiting.pk,
        "withdrawn",
        "bob",
        "wrong score",
    )
    after = everything()

    # again: 400 not_awaiting, nothing written
    again = api_as(bob).post(base, {}, format="json")
    assert again.status_code == 400
    assert again.json() == {
        "errors": [
            {
                "code": "not_awaiting",
                "field": None,
                "message": "this report is withdrawn",
            }
        ]
    }
    assert everything() == after


# --- the match page --------------------------------------------------------------------


def test_the_match_page_offers_the_withdrawal_to_the_sender_and_the_commissioner(
    client, match, waiting, alice, bob, charlie
):
    url = f"/matches/{match.pk}/"
    for who, offered in ((bob, True), (alice, True), (charlie, False)):
        client.force_login(who)
        page = client.get(url).content.decode()
        assert ('data-testid="withdraw"' in page) is offered, who.username

    # past its deadline it stands: no longer offered
    ReportSubmission.objects.filter(pk=waiting.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    client.force_login(bob)
    assert 'data-testid="withdraw"' not in client.get(url).content.decode()


def test_the_sender_withdraws_from_the_match_page_and_may_report_again(
    client, match, waiting, bob, charlie
):
    # a refusal through the page: charlie's is forbidden, nothing written
    client.force_login(charlie)
    before = everything()
    assert client.post(f"/reports/{waiting.pk}/withdraw/").status_code == 403
    assert everything() == before

    client.force_login(bob)
    response = client.post(
        f"/reports/{waiting.pk}/withdraw/", {"reason": "typed it wrong"}
    )

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"
    waiting.refresh_from_db()
    assert waiting.status == S.WITHDRAWN
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="submission-withdrawn"' in page
    assert "Withdrawn by bob" in page
    assert "Report withdrawn: the match waits for another report." in page
    assert 'data-testid="waiting"' not in page
    assert "Record the report" in page
    # and the match's log says who withdrew it and why
    log = client.get(f"/matches/{match.pk}/events/?type=report_withdrawn")
    assert (
        f"bob withdraws bob&#x27;s report ({SCORE}): “typed it wrong”; the match "
        "waits for another report"
    ) in log.content.decode()

    # a second withdrawal (a stale page) says why, and writes nothing
    before = everything()
    response = client.post(f"/reports/{waiting.pk}/withdraw/", follow=True)
    assert "this report is withdrawn" in response.content.decode()
    assert everything() == before
