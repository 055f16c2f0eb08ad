"""A commissioner's override, however it is asked (the match page, the API
or the admin): one line in the league's audit log, both coaches told the
new score and why, once, and the league's webhooks told of the correction;
a refused override writes, tells and announces nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from league.models import LeagueEvent
from league.notifications.models import Notification
from matches.commissioner.actions import match_override_audited
from matches.models import WebhookDelivery
from matches.reports.report import match_submit_report
from matches.webhooks.services import webhook_create
from tests.matches.conftest import db_state, one_match, score_report
from tests.world import api_as


@pytest.fixture
def played(settings, eleven, humans, orcs, bob, django_capture_on_commit_callbacks):
    """Reikland Reavers (charlie) 2-0 Gouged Eye (bob), reported by bob, its
    post-game done, in a league with a webhook (whose address is refused
    when sent: nothing leaves)."""
    webhook_create(league_id=eleven.pk, url="http://127.0.0.1:9/", kind="generic")
    settings.WEBHOOK_ALLOW_PRIVATE = False
    match = one_match(eleven, humans, orcs)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 0), actor=bob
        )
    Notification.objects.all().delete()
    return match


def told(match):
    return sorted(
        Notification.objects.filter(kind="result_overridden").values_list(
            "recipient__username", "text", "url"
        )
    )


def corrections():
    return list(
        WebhookDelivery.objects.filter(key__contains=":override:")
        .order_by("pk")
        .values_list("body__text", "body__data__corrected_from")
    )


def audited(match):
    return list(
        LeagueEvent.objects.filter(
            match_id=match.pk, type=LeagueEvent.Type.RESULT_OVERRIDDEN
        )
        .order_by("pk")
        .values_list("created_by__username", "payload__before", "payload__after")
    )


def test_an_override_from_the_api_is_audited_told_and_announced(
    played, alice, django_capture_on_commit_callbacks
):
    match = played
    url = f"/api/matches/{match.pk}/override/"
    body = {"home_score": 1, "away_score": 0, "reason": "one touchdown was a typo"}
    before = db_state()

    with django_capture_on_commit_callbacks(execute=True):
        answer = api_as(alice).post(url, body, format="json")

    assert answer.status_code == 200, answer.content
    # the post-game is not run again: no winnings, SPP or injuries twice
    after = db_state()
    assert (after.teams, after.players, after.ledger) == (
        before.teams,
        before.players,
        before.ledger,
    )
    assert audited(match) == [("alice", [2, 0], [1, 0])]
    table = api_as(alice).get(f"/api/seasons/{match.season_id}/standings/").json()
    assert [(r["team_name"], r["td_for"], r["points"]) for r in table["rows"]] == [
        ("Reikland Reavers", 1, 3),
        ("Gouged Eye", 0, 0),
    ]
    text = (
        "The commissioner changed the result of Reikland Reavers 2–0 Gouged Eye "
        "to 1–0: “one touchdown was a typo”"
    )
    page = f"/matches/{match.pk}/"
    assert told(match) == [("bob", text, page), ("charlie", text, page)]
    assert corrections() == [
        ("Season 1, round 1: corrected by the commissioner (it was 2–0).", [2, 0])
    ]


def test_an_override_from_the_match_page_is_audited_and_told(
    played, alice, django_capture_on_commit_callbacks
):
    match = played
    client = Client()
    client.force_login(alice)

    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/matches/{match.pk}/override/",
            {"home_score": 0, "away_score": 0, "reason": "replayed: a draw"},
        )

    assert audited(match) == [("alice", [2, 0], [0, 0])]
    assert [who for who, _, _ in told(match)] == ["bob", "charlie"]
    assert len(corrections()) == 1


def test_each_override_is_told_once_and_the_admins_is_audited_once(
    played, alice, django_capture_on_commit_callbacks
):
    match = played
    with django_capture_on_commit_callbacks(execute=True):
        match_override_audited(
            match_id=match.pk, home_score=1, away_score=0, actor=alice, reason="typo"
        )
        match_override_audited(
            match_id=match.pk, home_score=1, away_score=1, actor=alice, reason="again"
        )

    assert audited(match) == [
        ("alice", [2, 0], [1, 0]),
        ("alice", [1, 0], [1, 1]),
    ]
    assert Notification.objects.filter(kind="result_overridden").count() == 4
    assert [data for _, data in corrections()] == [[2, 0], [1, 0]]


def test_a_refused_override_writes_tells_and_announces_nothing(
    played, bob, alice, django_capture_on_commit_callbacks
):
    match = played
    before = db_state()
    url = f"/api/matches/{match.pk}/override/"

    with django_capture_on_commit_callbacks(execute=True):
        coach = api_as(bob).post(
            url, {"home_score": 0, "away_score": 2, "reason": "mine"}, format="json"
        )
        silly = api_as(alice).post(
            url, {"home_score": 99, "away_score": 0, "reason": "x"}, format="json"
        )

    assert coach.status_code == 403
    assert silly.status_code == 400
    assert db_state() == before
    assert audited(match) == []
    assert told(match) == []
    assert corrections() == []
