"""A league's outgoing webhooks: news
announced by the services, sent to a real HTTP receiver on loopback —
Discord-compatible and generic HMAC-signed bodies, retries after failures,
the delivery log, refusals with nothing written."""

from __future__ import annotations

import json
import time

import pytest

from league.errors import ServiceError
from matches.models import LeagueWebhook, Match, WebhookDelivery
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from matches.webhooks.services import (
    webhook_create,
    webhook_deactivate,
    webhook_deliver,
    webhook_deliveries_due,
)
from matches.webhooks.text import verify
from tests.matches.conftest import (
    codes,
    one_match,
    score_report,
    wait_for,
)
from tests.world import api_as


def body(seen: dict[str, object]) -> dict[str, object]:
    return json.loads(seen["raw"])  # type: ignore[arg-type]


def report(match: Match, home: int, away: int, actor, capture) -> None:
    with capture(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, home, away), actor=actor
        )


# --- what is sent ----------------------------------------------------------------


def test_a_posted_result_reaches_a_generic_webhook_signed(
    receiver, eleven, humans, orcs, alice, bob, django_capture_on_commit_callbacks
):
    # given a generic webhook that wants results
    hook = webhook_create(
        league_id=eleven.pk, url=receiver.url, kind="generic", events=["result_posted"]
    )
    match = one_match(eleven, humans, orcs)

    # when a 2-1 result is reported
    report(match, 2, 1, bob, django_capture_on_commit_callbacks)

    # then one signed POST carries it
    [seen] = receiver.seen
    headers = seen["headers"]
    assert headers["X-Dugout-Event"] == "result_posted"
    assert verify(
        hook.secret,
        int(headers["X-Dugout-Timestamp"]),
        seen["raw"],
        headers["X-Dugout-Signature"],
    )
    assert not verify(
        "another secret",
        int(headers["X-Dugout-Timestamp"]),
        seen["raw"],
        headers["X-Dugout-Signature"],
    )
    sent = body(seen)
    assert sent["event"] == "result_posted"
    assert sent["id"] == f"result_posted:{match.pk}"
    assert sent["title"] == f"{humans.name} 2–1 {orcs.name}"
    assert sent["url"] == f"https://dugout.test/matches/{match.pk}/"
    assert sent["data"]["home"] == {
        "team_id": humans.pk,
        "name": humans.name,
        "score": 2,
        "casualties": 0,
    }
    assert sent["data"]["away"]["score"] == 1
    # and the log says so
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (
        "delivered",
        1,
        204,
    )
    assert headers["X-Dugout-Delivery"] == str(delivery.pk)


def test_a_discord_webhook_gets_content_and_an_embed_and_no_mentions(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    webhook_create(league_id=eleven.pk, url=receiver.url, kind="discord")
    humans.name = "@everyone Reavers"
    humans.save(update_fields=["name"])
    match = one_match(eleven, humans, orcs)

    report(match, 1, 0, bob, django_capture_on_commit_callbacks)

    sent = [body(s) for s in receiver.seen]
    kinds = [s["headers"]["X-Dugout-Event"] for s in receiver.seen]
    assert kinds == ["result_posted", "round_complete"]  # one match: its round too
    first = sent[0]
    assert first["username"] == "Dugout"
    assert first["content"].startswith(f"**@everyone Reavers 1–0 {orcs.name}**\n")
    assert first["embeds"][0]["url"] == f"https://dugout.test/matches/{match.pk}/"
    assert first["allowed_mentions"] == {"parse": []}
    assert "X-Dugout-Signature" not in receiver.seen[0]["headers"]


def test_a_round_is_announced_once_its_last_result_is_in(
    receiver, sevens, four_teams, alice, bob, django_capture_on_commit_callbacks
):
    webhook_create(
        league_id=sevens.pk, url=receiver.url, kind="generic", events=["round_complete"]
    )
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    first, second = Match.objects.filter(season=season, round=1).order_by("pk")

    report(first, 1, 0, alice, django_capture_on_commit_callbacks)
    assert receiver.seen == []  # round 1 is not complete yet

    report(second, 0, 2, alice, django_capture_on_commit_callbacks)
    [seen] = receiver.seen
    sent = body(seen)
    assert sent["id"] == f"round_complete:{season.pk}:league:1"
    assert [r["score"] for r in sent["data"]["results"]] == [[1, 0], [0, 2]]
    assert sent["text"] == (
        f"{first.home.name} 1–0 {first.away.name}\n{second.home.name} 0–2 {second.away.name}"
    )


def test_a_new_season_is_announced_when_scheduled(
    receiver, sevens, four_teams, django_capture_on_commit_callbacks
):
    webhook_create(league_id=sevens.pk, url=receiver.url, kind="generic")
    season = season_create(league=sevens, name="Autumn", seed=9)

    with django_capture_on_commit_callbacks(execute=True):
        season_schedule(season_id=season.pk)

    [seen] = receiver.seen
    sent = body(seen)
    assert sent["event"] == "season_scheduled"
    assert sent["data"] == {"season_id": season.pk, "teams": 4, "rounds": 3}
    assert sent["text"] == "4 teams, 3 rounds. The fixtures are out."


# --- failures, retries, idempotence ---------------------------------------------


def test_a_receiver_that_fails_then_recovers_gets_it_on_the_next_attempt(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    receiver.fail_first = 2
    hook = webhook_create(
        league_id=eleven.pk, url=receiver.url, kind="generic", events=["result_posted"]
    )
    match = one_match(eleven, humans, orcs)

    report(match, 0, 0, bob, django_capture_on_commit_callbacks)  # eager: one try
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (
        "retrying",
        1,
        500,
    )
    assert delivery.last_error == "HTTP 500"

    assert webhook_deliver(delivery_id=delivery.pk).status == "retrying"
    assert webhook_deliver(delivery_id=delivery.pk).status == "delivered"

    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status_code, delivery.last_error) == (
        3,
        204,
        "",
    )
    assert len(receiver.seen) == 3
    assert {s["raw"] for s in receiver.seen} == {receiver.seen[0]["raw"]}  # same body
    # delivered: asking again sends nothing more
    assert webhook_deliver(delivery_id=delivery.pk).status == "delivered"
    assert len(receiver.seen) == 3


def test_it_gives_up_after_the_last_attempt(
    receiver, settings, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_MAX_ATTEMPTS = 3
    receiver.fail_first = 99
    webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    match = one_match(eleven, humans, orcs)
    report(match, 1, 1, bob, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get(kind="result_posted")

    outcomes = [webhook_deliver(delivery_id=delivery.pk).status for _ in range(3)]

    assert outcomes == ["retrying", "failed", "failed"]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", 3)


def test_a_retry_that_is_not_due_yet_is_not_sent(
    receiver, settings, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_RETRY_BASE = 600
    receiver.fail_first = 1
    webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    match = one_match(eleven, humans, orcs)
    report(match, 1, 1, bob, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get(kind="result_posted")

    attempt = webhook_deliver(delivery_id=delivery.pk)

    assert attempt.status == "retrying"
    assert 590 < attempt.retry_in <= 600
    assert (
        len(
            [
                s
                for s in receiver.seen
                if s["headers"]["X-Dugout-Event"] == "result_posted"
            ]
        )
        == 1
    )


def test_news_announced_twice_is_sent_once(
    receiver, eleven, humans, orcs, django_capture_on_commit_callbacks
):
    from matches.webhooks.news import season_news
    from matches.webhooks.services import webhooks_announce

    webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    match = one_match(eleven, humans, orcs)
    receiver.seen.clear()
    WebhookDelivery.objects.all().delete()

    with django_capture_on_commit_callbacks(execute=True):
        first = webhooks_announce(eleven.pk, lambda: season_news(match.season))
        again = webhooks_announce(eleven.pk, lambda: season_news(match.season))

    assert (len(first), again) == (1, [])
    assert len(receiver.seen) == 1


def test_a_private_address_is_refused_outside_development(
    receiver, settings, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    # a webhook added while private addresses were allowed (adding one now
    # is refused: test_webhook_address.py); each delivery checks again
    match = one_match(eleven, humans, orcs)
    webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    settings.WEBHOOK_ALLOW_PRIVATE = False

    report(match, 1, 0, bob, django_capture_on_commit_callbacks)

    assert receiver.seen == []
    assert set(WebhookDelivery.objects.values_list("status", "last_error")) == {
        ("failed", "refused: the address is not a public one")
    }


def test_an_inactive_webhook_is_sent_nothing(
    receiver, eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    hook = webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    webhook_deactivate(webhook_id=hook.pk)
    match = one_match(eleven, humans, orcs)

    report(match, 1, 0, bob, django_capture_on_commit_callbacks)

    assert receiver.seen == []
    assert not WebhookDelivery.objects.exists()


def test_the_sweep_finds_deliveries_left_unsent(receiver, eleven, humans, orcs):
    hook = webhook_create(league_id=eleven.pk, url=receiver.url, kind="generic")
    old = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:1", body={}
    )
    WebhookDelivery.objects.filter(pk=old.pk).update(
        created_at=old.created_at.replace(year=2020)
    )
    fresh = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:2", body={}
    )

    assert webhook_deliveries_due(idle_seconds=60) == [old.pk]
    assert fresh.pk not in webhook_deliveries_due(idle_seconds=60)


# --- adding webhooks: refusals, the API -------------------------------------------


def test_bad_webhooks_are_refused_with_a_code_per_problem_and_nothing_written(eleven):
    with pytest.raises(ServiceError) as exc:
        webhook_create(
            league_id=eleven.pk,
            url="ftp://example.com/x",
            kind="slack",
            events=["result_posted", "kickoff", "result_posted"],
        )

    assert codes(exc) == [
        ("invalid_url", "url"),
        ("invalid_choice", "kind"),
        ("invalid_choice", "events.1"),
        ("duplicate", "events"),
    ]
    assert not LeagueWebhook.objects.exists()
    with pytest.raises(ServiceError) as exc:
        webhook_create(
            league_id=eleven.pk, url="https://u:p@example.com/", kind="generic"
        )
    assert codes(exc) == [("invalid_url", "url")]
    assert not LeagueWebhook.objects.exists()


def test_a_league_has_at_most_ten_active_webhooks(eleven):
    for i in range(10):
        webhook_create(
            league_id=eleven.pk, url=f"https://example.com/{i}", kind="generic"
        )

    with pytest.raises(ServiceError) as exc:
        webhook_create(league_id=eleven.pk, url="https://example.com/x", kind="generic")

    assert codes(exc) == [("too_many", None)]
    assert LeagueWebhook.objects.count() == 10


def test_the_commissioner_manages_webhooks_through_the_api(
    receiver, eleven, alice, bob, humans, orcs, django_capture_on_commit_callbacks
):
    api = api_as(alice)
    base = f"/api/leagues/{eleven.pk}/webhooks/"
    match = one_match(eleven, humans, orcs)

    made = api.post(base, {"url": receiver.url, "kind": "generic"}, format="json")
    assert made.status_code == 201, made.content
    hook_id = made.json()["id"]
    assert len(made.json()["secret"]) == 64
    assert [h["id"] for h in api.get(base).json()] == [hook_id]

    report(match, 3, 0, bob, django_capture_on_commit_callbacks)
    log = api.get(f"{base}{hook_id}/deliveries/").json()
    assert [(d["kind"], d["status"], d["attempts"]) for d in log] == [
        ("round_complete", "delivered", 1),
        ("result_posted", "delivered", 1),
    ]

    stopped = api.delete(f"{base}{hook_id}/")
    assert stopped.status_code == 200
    assert stopped.json()["active"] is False


def test_only_the_commissioner_sees_or_adds_webhooks(eleven, alice, bob):
    base = f"/api/leagues/{eleven.pk}/webhooks/"
    assert api_as(bob).get(base).status_code == 403
    refused = api_as(bob).post(
        base, {"url": "https://example.com/", "kind": "generic"}, format="json"
    )
    assert refused.status_code == 403
    typo = api_as(alice).post(
        base,
        {"url": "https://example.com/", "kind": "generic", "event": []},
        format="json",
    )
    assert typo.status_code == 400
    assert "unknown_field" in typo.content.decode()
    assert not LeagueWebhook.objects.exists()


# --- a real worker retries by itself ----------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_retries_until_the_receiver_recovers(
    receiver, clean_broker, celery_workers, eleven, humans, orcs, bob
):
    receiver.fail_first = 2
    celery_workers.start(
        env={"WEBHOOK_RETRY_BASE": "1", "WEBHOOK_ALLOW_PRIVATE": "True"}
    )
    hook = webhook_create(
        league_id=eleven.pk, url=receiver.url, kind="generic", events=["result_posted"]
    )
    match = one_match(eleven, humans, orcs)

    match_submit_report(match_id=match.pk, report=score_report(match, 1, 0), actor=bob)

    def delivered() -> bool:
        """the delivery is delivered"""
        return WebhookDelivery.objects.filter(webhook=hook, status="delivered").exists()

    started = time.monotonic()
    wait_for(delivered, timeout=60)
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert delivery.attempts == 3
    assert len(receiver.seen) == 3
    # the retries waited 1 s, then 3 s (WEBHOOK_RETRY_BASE x 3^n)
    assert time.monotonic() - started >= 4


# --- the commissioner's admin ------------------------------------------------------


def test_the_admin_shows_a_commissioner_only_the_webhooks_of_their_leagues(
    client, eleven, alice, bob
):
    from tests.factories import LeagueFactory

    mine = webhook_create(
        league_id=eleven.pk, url="https://example.com/a", kind="generic"
    )
    theirs_league = LeagueFactory(name="Bob's Bowl", format="bb2020", commissioner=bob)
    theirs = webhook_create(
        league_id=theirs_league.pk, url="https://example.com/b", kind="discord"
    )
    client.force_login(alice)

    listing = client.get("/admin/matches/leaguewebhook/").content.decode()

    assert "https://example.com/a" in listing
    assert "https://example.com/b" not in listing
    assert client.get(
        f"/admin/matches/leaguewebhook/{theirs.pk}/change/"
    ).status_code in (
        302,
        404,
    )
    page = client.get(f"/admin/matches/leaguewebhook/{mine.pk}/change/")
    assert page.status_code == 200
    assert mine.secret in page.content.decode()


def test_the_commissioner_switches_a_webhook_off_in_the_admin(client, eleven, alice):
    hook = webhook_create(
        league_id=eleven.pk, url="https://example.com/a", kind="generic"
    )
    client.force_login(alice)

    response = client.post(
        "/admin/matches/leaguewebhook/",
        {"action": "switch_off", "_selected_action": [hook.pk]},
    )

    assert response.status_code == 302
    hook.refresh_from_db()
    assert hook.active is False


def test_switching_a_webhook_off_gives_up_what_it_had_left_to_send(
    receiver, eleven, humans, orcs, alice, bob, django_capture_on_commit_callbacks
):
    # given a webhook whose receiver failed the result (retrying) and a
    # delivery not tried yet (pending), and one delivered
    receiver.fail_first = 1
    hook = webhook_create(
        league_id=eleven.pk, url=receiver.url, kind="generic", events=["result_posted"]
    )
    report(
        one_match(eleven, humans, orcs), 1, 0, bob, django_capture_on_commit_callbacks
    )
    delivered = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:x", body={}
    )
    webhook_deliver(delivery_id=delivered.pk)
    pending = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:y", body={}
    )
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {
        "retrying",
        "delivered",
        "pending",
    }

    # when the commissioner switches it off
    response = api_as(alice).delete(f"/api/leagues/{eleven.pk}/webhooks/{hook.pk}/")

    # then its log shows nothing waiting to be sent, and the sweep has
    # nothing to send
    assert response.status_code == 200
    log = api_as(alice).get(f"/api/leagues/{eleven.pk}/webhooks/{hook.pk}/deliveries/")
    assert sorted(
        (d["status"], d["last_error"], d["next_attempt_at"]) for d in log.json()
    ) == [
        ("delivered", "", None),
        ("failed", "not sent: the webhook was switched off", None),
        ("failed", "not sent: the webhook was switched off", None),
    ]
    pending.refresh_from_db()
    assert pending.attempts == 0
    assert webhook_deliveries_due(idle_seconds=0) == []
