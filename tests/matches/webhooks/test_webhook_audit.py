"""A league's webhooks seen from outside: each kind of news with the body
docs/api.md describes, Discord escaping at its edges, a redirecting
receiver, the sending queued on commit only, another league's commissioner
refused with nothing written."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest
from django.db import transaction

from league.models import League
from matches.models import LeagueWebhook, WebhookDelivery
from matches.reports.confirmation import report_decide, report_dispute
from matches.reports.report import match_submit_report
from matches.webhooks.services import webhook_create, webhook_deliver
from matches.webhooks.text import discord_escape
from tests.factories import LeagueFactory
from tests.matches.conftest import one_match, score_report
from tests.world import api_as

GENERIC_KEYS = {"event", "id", "league", "title", "text", "url", "data"}


# --- every kind of news, with the documented body ---------------------------------


@pytest.fixture
def confirmed(eleven, humans, orcs):
    """A league giving the other coach three days, with a generic webhook
    that hears everything (never sent: its address is refused)."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    webhook_create(league_id=eleven.pk, url="http://127.0.0.1:9/", kind="generic")
    return one_match(eleven, humans, orcs)


def bodies(kind: str) -> list[dict]:
    return [d.body for d in WebhookDelivery.objects.filter(kind=kind).order_by("pk")]


def test_a_disputed_then_decided_report_is_announced_with_its_documented_body(
    settings,
    confirmed,
    eleven,
    humans,
    orcs,
    alice,
    bob,
    charlie,
    django_capture_on_commit_callbacks,
):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    settings.SITE_URL = "https://dugout.test"
    match = confirmed
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 0), actor=bob
        )
        report_dispute(submission_id=sub.pk, actor=charlie, reason="it was 1-0")
        report_decide(
            submission_id=sub.pk, actor=alice, accept=True, reason="the video"
        )

    [disputed] = bodies("report_disputed")
    [decided] = bodies("report_decided")
    score = f"{humans.name} 2–0 {orcs.name}"
    common = {
        "match_id": match.pk,
        "submission_id": sub.pk,
        "home_score": 2,
        "away_score": 0,
        "submitted_by": "bob",
    }
    for body in (disputed, decided):
        assert set(body) == GENERIC_KEYS
        assert body["league"] == {"id": eleven.pk, "name": eleven.name}
        assert body["url"] == f"https://dugout.test/matches/{match.pk}/"
        assert set(body["data"]) == {*common, "status", "deadline"}
        assert {k: body["data"][k] for k in common} == common
    assert (disputed["event"], disputed["id"]) == (
        "report_disputed",
        f"report_disputed:{sub.pk}",
    )
    assert disputed["title"] == f"Report disputed: {score}"
    assert disputed["text"] == "The commissioner decides. What is wrong: it was 1-0"
    assert disputed["data"]["status"] == "disputed"
    assert (decided["event"], decided["id"]) == (
        "report_decided",
        f"report_decided:{sub.pk}",
    )
    assert decided["title"] == f"Report stands: {score}"
    assert decided["text"] == "The commissioner's reason: the video"
    assert decided["data"]["status"] == "accepted"


def test_a_scheduled_season_is_announced_with_its_documented_body(
    receiver, sevens, four_teams, django_capture_on_commit_callbacks
):
    from matches.seasons.services import season_create, season_schedule

    webhook_create(
        league_id=sevens.pk,
        url=receiver.url,
        kind="generic",
        events=["season_scheduled"],
    )
    season = season_create(league=sevens, name="Autumn", seed=9)
    with django_capture_on_commit_callbacks(execute=True):
        season_schedule(season_id=season.pk)

    [seen] = receiver.seen
    assert json.loads(seen["raw"]) == {
        "event": "season_scheduled",
        "id": f"season_scheduled:{season.pk}",
        "league": {"id": sevens.pk, "name": sevens.name},
        "title": "New season: Autumn",
        "text": "4 teams, 3 rounds. The fixtures are out.",
        "url": f"https://dugout.test/seasons/{season.pk}/",
        "data": {"season_id": season.pk, "teams": 4, "rounds": 3},
    }


# --- Discord escaping ------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        # an address glued to a word or an underscore is still a link on
        # Discord: its scheme's colon is escaped wherever it stands
        ("Orcs_https://evil.example", "Orcs\\_https\\://evil.example"),
        ("Team9https://evil.example", "Team9https\\://evil.example"),
        ("xHTTP://evil.example", "xHTTP\\://evil.example"),
    ],
)
def test_an_address_glued_to_a_word_is_no_link(typed, shown):
    assert discord_escape(typed) == shown


# --- the delivery ----------------------------------------------------------------


class _Redirecting(BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers["Content-Length"]))
        type(self).seen.append(self.path)
        if self.path == "/hook":
            self.send_response(302)
            self.send_header("Location", "/elsewhere")
        else:
            self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def test_a_redirect_is_not_followed_and_counts_as_a_failed_attempt(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    _Redirecting.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Redirecting)
    Thread(target=server.serve_forever, daemon=True).start()
    try:
        hook = webhook_create(
            league_id=eleven.pk,
            url=f"http://127.0.0.1:{server.server_port}/hook",
            kind="generic",
            events=["result_posted"],
        )
        match = one_match(eleven, humans, orcs)
        with django_capture_on_commit_callbacks(execute=True):
            match_submit_report(
                match_id=match.pk, report=score_report(match, 1, 0), actor=bob
            )
    finally:
        server.shutdown()
        server.server_close()

    assert _Redirecting.seen == ["/hook"]
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (
        "retrying",
        1,
        302,
    )
    assert delivery.last_error == "HTTP 302"


def test_nothing_is_sent_before_the_news_commits_nor_after_a_rollback(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    match = one_match(eleven, humans, orcs)
    before = set(WebhookDelivery.objects.values_list("pk", "status"))
    receiver.seen.clear()

    class Undo(Exception):
        pass

    def report_then_undo() -> None:
        with transaction.atomic():
            match_submit_report(
                match_id=match.pk, report=score_report(match, 1, 0), actor=bob
            )
            assert WebhookDelivery.objects.filter(kind="result_posted").exists()
            raise Undo

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        with pytest.raises(Undo):
            report_then_undo()

    assert receiver.seen == []
    assert set(WebhookDelivery.objects.values_list("pk", "status")) == before
    assert callbacks == []


def test_a_task_run_twice_for_a_delivered_delivery_posts_once(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    from matches.tasks import webhook_deliver_task

    hook = webhook_create(
        league_id=eleven.pk, url=receiver.url, kind="generic", events=["result_posted"]
    )
    match = one_match(eleven, humans, orcs)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 0), actor=bob
        )
    delivery = WebhookDelivery.objects.get(webhook=hook)

    webhook_deliver_task.apply(args=[delivery.pk])  # a redelivered message
    assert webhook_deliver(delivery_id=delivery.pk).status == "delivered"

    assert len(receiver.seen) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 1)


# --- who manages a league's webhooks ---------------------------------------------


def test_another_leagues_commissioner_reads_and_switches_off_nothing(
    eleven, alice, dave
):
    hook = webhook_create(
        league_id=eleven.pk, url="https://example.com/hook", kind="generic"
    )
    own = LeagueFactory(name="Dave's League", format="bb2020", commissioner=dave)
    api = api_as(dave)
    theirs = f"/api/leagues/{eleven.pk}/webhooks/"
    through_own = f"/api/leagues/{own.pk}/webhooks/"

    assert api.get(theirs).status_code == 403
    assert api.get(f"{theirs}{hook.pk}/").status_code == 403
    assert api.get(f"{theirs}{hook.pk}/deliveries/").status_code == 403
    assert api.delete(f"{theirs}{hook.pk}/").status_code == 403
    assert api.get(f"{through_own}{hook.pk}/").status_code == 404
    assert api.get(f"{through_own}{hook.pk}/deliveries/").status_code == 404
    assert api.delete(f"{through_own}{hook.pk}/").status_code == 404
    assert api.get(through_own).json() == []
    added = api.post(
        theirs, {"url": "https://example.com/x", "kind": "generic"}, format="json"
    )
    assert added.status_code == 403
    assert [e["code"] for e in added.json()["errors"]] == ["permission_denied"]

    assert list(LeagueWebhook.objects.values_list("pk", "active")) == [(hook.pk, True)]


def test_an_overlong_address_is_refused_with_a_code_and_nothing_written(eleven, alice):
    url = "https://example.com/" + "a" * 481  # 501 characters
    refused = api_as(alice).post(
        f"/api/leagues/{eleven.pk}/webhooks/",
        {"url": url, "kind": "generic"},
        format="json",
    )
    assert refused.status_code == 400
    [error] = refused.json()["errors"]
    assert (error["code"], error["field"]) == ("max_length", "url")
    assert error["message"]
    assert not LeagueWebhook.objects.exists()


def test_a_task_for_a_delivery_gone_since_it_was_queued_does_nothing(receiver, eleven):
    from matches.tasks import webhook_deliver_task

    hook = webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    gone = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:1", body={}
    )
    WebhookDelivery.objects.filter(pk=gone.pk).delete()  # its league deleted

    outcome = webhook_deliver_task.apply(args=[gone.pk])

    assert outcome.successful()
    assert webhook_deliver(delivery_id=gone.pk).retry_in is None
    assert receiver.seen == []
