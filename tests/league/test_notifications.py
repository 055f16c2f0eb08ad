"""Notifications: made once per person and key by the service that makes
the event happen, listed on the site and mailed once after the commit,
each kind switchable off on the site and by e-mail; the membership steps
that notify; the pages that list, open and mark them, and the preferences
page (its refusals write nothing)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from smtplib import SMTPException
from unittest import mock

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from league.errors import ServiceError
from league.invites.services import invite_email_send, invite_join, invite_link_renew
from league.models import LeagueMembership, Notification, Preferences
from league.notifications import services as notification_services
from league.notifications.kinds import Kind
from league.notifications.services import notification_mail, notify
from league.notifications.tasks import notification_mail_task
from league.preferences.services import preferences_save
from league.services.membership import (
    league_set_open,
    membership_accept,
    membership_approve,
    membership_invite,
    membership_reject,
    membership_remove,
    membership_request,
)
from league.templatetags.when import in_words

DUE = datetime(2026, 3, 1, 17, 0, tzinfo=UTC)  # a Sunday


def rows(**filters) -> list[tuple]:
    return list(
        Notification.objects.filter(**filters)
        .order_by("recipient__username", "pk")
        .values_list("recipient__username", "kind", "text", "url", "on_site")
    )


@pytest.fixture
def emails(alice, bob, charlie):
    for user in (alice, bob, charlie):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])


def tell(recipients, key="k:1", **kw):
    notify(
        recipients=[u.pk if u is not None else None for u in recipients],
        kind=kw.pop("kind", Kind.SEASON_SCHEDULED),
        text=kw.pop("text", "Season 1 is scheduled"),
        key=key,
        url=kw.pop("url", "/seasons/1/"),
        **kw,
    )


# --- notify ------------------------------------------------------------------------


def test_each_recipient_is_told_once_per_key(db, bob, charlie):
    tell([bob, charlie, bob, None])
    tell([bob])  # the same event again: a retried service

    assert rows() == [
        ("bob", "season_scheduled", "Season 1 is scheduled", "/seasons/1/", True),
        ("charlie", "season_scheduled", "Season 1 is scheduled", "/seasons/1/", True),
    ]


def test_the_email_goes_once_the_transaction_commits_and_only_once(
    emails, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued:
        tell([bob])
    assert mail.outbox == []  # nothing before the commit
    assert len(queued) == 1

    for callback in queued:
        callback()
    notification_mail(notification_id=Notification.objects.get().pk)  # again

    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["bob@example.org"], "[Dugout] Season 1 is scheduled")
    ]
    assert "Open it: http://localhost:8000/seasons/1/" in mail.outbox[0].body
    assert Notification.objects.get().emailed_at is not None


def test_a_kind_switched_off_on_the_site_is_still_mailed(
    emails, bob, django_capture_on_commit_callbacks
):
    preferences_save(
        person=bob, time_zone="", site_off=["season_scheduled"], email_off=[]
    )

    with django_capture_on_commit_callbacks(execute=True):
        tell([bob])

    assert rows() == [
        ("bob", "season_scheduled", "Season 1 is scheduled", "/seasons/1/", False)
    ]
    assert len(mail.outbox) == 1


def test_a_kind_switched_off_by_email_is_only_listed(
    emails, bob, django_capture_on_commit_callbacks
):
    preferences_save(
        person=bob, time_zone="", site_off=[], email_off=["season_scheduled"]
    )

    with django_capture_on_commit_callbacks(execute=True):
        tell([bob])

    assert Notification.objects.get().email_wanted is False
    assert mail.outbox == []


def test_a_kind_switched_off_everywhere_makes_nothing(
    emails, bob, django_capture_on_commit_callbacks
):
    preferences_save(
        person=bob,
        time_zone="",
        site_off=["season_scheduled"],
        email_off=["season_scheduled"],
    )

    with django_capture_on_commit_callbacks(execute=True):
        tell([bob])

    assert rows() == []
    assert mail.outbox == []


def test_nobody_without_an_address_is_mailed(bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        tell([bob])

    assert mail.outbox == []
    assert rows()[0][0] == "bob"


def test_a_mail_server_that_fails_gets_the_mail_again(emails, bob):
    tell([bob])
    pk = Notification.objects.get().pk

    with (
        mock.patch.object(
            notification_services, "mail_send", side_effect=SMTPException("down")
        ),
        pytest.raises(SMTPException),
    ):
        notification_mail(notification_id=pk)

    assert Notification.objects.get().emailed_at is None  # the claim given back
    assert notification_mail(notification_id=pk) is True
    assert len(mail.outbox) == 1


def test_the_eager_task_logs_a_failed_mail_instead_of_failing_the_request(
    emails, bob, settings, caplog
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    tell([bob])
    pk = Notification.objects.get().pk

    with mock.patch.object(
        notification_services, "mail_send", side_effect=ConnectionRefusedError()
    ):
        notification_mail_task(pk)

    assert f"notification {pk} not mailed" in caplog.text
    assert Notification.objects.get().emailed_at is None


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("Europe/Paris", "Deadline: Sun 1 Mar 2026, 18:00 (Europe/Paris)"),
        ("America/New_York", "Deadline: Sun 1 Mar 2026, 12:00 (America/New_York)"),
        ("", "Deadline: Sun 1 Mar 2026, 17:00 (UTC)"),  # the site's zone
    ],
)
def test_the_email_gives_the_deadline_in_the_persons_zone(
    emails, bob, zone, shown, django_capture_on_commit_callbacks
):
    preferences_save(person=bob, time_zone=zone, site_off=[], email_off=[])

    with django_capture_on_commit_callbacks(execute=True):
        tell([bob], kind=Kind.REPORT_WAITING, text="Confirm it", due_at=DUE)

    assert shown in mail.outbox[0].body.splitlines()


# --- membership ------------------------------------------------------------------------


def test_an_invitation_tells_the_coach(sevens, alice, dave):
    membership_invite(league_id=sevens.pk, username="dave", actor=alice)

    assert rows() == [
        (
            "dave",
            "invitation",
            "alice invites you to Sevens Cup: accept or decline the invitation",
            f"/leagues/{sevens.pk}/draft/",
            True,
        )
    ]


def test_a_refused_invitation_tells_nobody(sevens, alice, bob):
    with pytest.raises(ServiceError):
        membership_invite(league_id=sevens.pk, username="bob", actor=alice)

    assert rows() == []


def test_a_request_tells_the_commissioner_and_the_answer_tells_the_coach(
    sevens, alice, dave
):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    membership_approve(league_id=sevens.pk, coach_id=dave.pk, actor=alice)

    assert rows() == [
        (
            "alice",
            "join_request",
            "dave asks to join Sevens Cup",
            f"/leagues/{sevens.pk}/members/",
            True,
        ),
        (
            "dave",
            "join_answered",
            "alice approved your request to join Sevens Cup: draft your team",
            f"/leagues/{sevens.pk}/draft/",
            True,
        ),
    ]


def test_a_declined_request_tells_the_coach(sevens, alice, dave):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    membership_reject(league_id=sevens.pk, coach_id=dave.pk, actor=alice)

    assert rows(recipient=dave) == [
        (
            "dave",
            "join_answered",
            "alice declined your request to join Sevens Cup",
            f"/leagues/{sevens.pk}/",
            True,
        )
    ]
    assert LeagueMembership.objects.get(coach=dave).status == "declined"


def test_a_join_through_the_invite_link_tells_the_commissioner(sevens, alice, dave):
    link = invite_link_renew(league_id=sevens.pk, actor=alice)

    invite_join(invite_id=link.pk, actor=dave)

    assert rows() == [
        (
            "alice",
            "member_joined",
            "dave joined Sevens Cup through its invite link",
            f"/leagues/{sevens.pk}/members/",
            True,
        )
    ]


def test_a_join_through_an_invitation_by_email_names_the_address(sevens, alice, dave):
    invite = invite_email_send(
        league_id=sevens.pk,
        email="dave@example.org",
        actor=alice,
        site="https://dugout.example.org",
    )

    invite_join(invite_id=invite.pk, actor=dave)

    assert rows() == [
        (
            "alice",
            "member_joined",
            "dave joined Sevens Cup through your invitation to dave@example.org",
            f"/leagues/{sevens.pk}/members/",
            True,
        )
    ]


def test_an_accepted_invitation_tells_the_commissioner(sevens, alice, dave):
    membership_invite(league_id=sevens.pk, username="dave", actor=alice)

    membership_accept(league_id=sevens.pk, actor=dave)

    assert rows(recipient=alice) == [
        (
            "alice",
            "member_joined",
            "dave accepted your invitation and joined Sevens Cup",
            f"/leagues/{sevens.pk}/members/",
            True,
        )
    ]


def test_a_refused_join_through_the_link_tells_nobody(sevens, alice, bob):
    link = invite_link_renew(league_id=sevens.pk, actor=alice)
    membership_remove(league_id=sevens.pk, coach_id=bob.pk, actor=alice)

    with pytest.raises(ServiceError):
        invite_join(invite_id=link.pk, actor=bob)

    assert rows() == []


# --- the pages ---------------------------------------------------------------------------


def test_the_list_shows_ones_own_notifications_newest_first(client, bob, charlie):
    tell([bob], key="a", text="First")
    tell([bob], key="b", text="Second")
    tell([charlie], key="c", text="Charlie's")
    client.force_login(bob)

    response = client.get("/me/notifications/")

    assert [n.text for n in response.context["notifications"]] == ["Second", "First"]
    assert response.context["unread"] == 2


def test_the_list_says_when_in_words_and_just_now_for_the_last_minute(client, bob):
    tell([bob], key="a", text="Older")
    tell([bob], key="b", text="Fresh")
    Notification.objects.filter(key="a").update(
        created_at=timezone.now() - timedelta(minutes=5, seconds=10)
    )
    client.force_login(bob)

    page = client.get("/me/notifications/").content.decode()

    assert re.search(
        r"Fresh</button></form>\s*<br><span [^>]*><time [^>]*>just now</time>", page
    )
    assert re.search(
        r"Older</button></form>\s*<br><span [^>]*><time [^>]*>5\xa0minutes ago</time>",
        page,
    )
    assert "0 minutes" not in page


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (-59, "just now"),
        (0, "just now"),
        (-60, "1\xa0minute ago"),  # Django's timesince: a no-break space
        (59, "in under a minute"),
        (60, "in 1\xa0minute"),
    ],
)
def test_a_moment_within_a_minute_is_not_zero_minutes(seconds, said):
    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    assert in_words(now + timedelta(seconds=seconds), now) == said


def test_opening_a_notification_marks_it_read_and_goes_where_it_points(client, bob):
    tell([bob])
    notification = Notification.objects.get()
    client.force_login(bob)

    response = client.post(f"/me/notifications/{notification.pk}/")

    assert response.status_code == 302
    assert response["Location"] == "/seasons/1/"
    notification.refresh_from_db()
    assert notification.read_at is not None


def test_a_get_of_a_notification_changes_nothing(client, bob):
    """Marking read is a write: a GET (a prefetch, a crawler, a link
    followed) is refused and leaves the notification unread."""
    tell([bob])
    notification = Notification.objects.get()
    client.force_login(bob)

    for method in (client.get, client.head):
        response = method(f"/me/notifications/{notification.pk}/")
        assert response.status_code == 405
        assert response["Allow"] == "POST"
    notification.refresh_from_db()
    assert notification.read_at is None


def test_opening_a_notification_needs_the_csrf_token(bob):
    tell([bob])
    notification = Notification.objects.get()
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)

    response = client.post(f"/me/notifications/{notification.pk}/")

    assert response.status_code == 403
    notification.refresh_from_db()
    assert notification.read_at is None


def test_the_list_opens_each_notification_with_a_post_form(client, bob):
    tell([bob], text="Season scheduled")
    notification = Notification.objects.get()
    client.force_login(bob)

    page = client.get("/me/notifications/").content.decode()

    form = re.search(
        rf'<form method="post" action="/me/notifications/{notification.pk}/"'
        r"[^>]*>(.*?)</form>",
        page,
        re.S,
    )
    assert form is not None
    assert 'name="csrfmiddlewaretoken"' in form.group(1)
    assert re.search(r"<button [^>]*>Season scheduled</button>", form.group(1))
    notification.refresh_from_db()
    assert notification.read_at is None  # listing it marks nothing


def test_anothers_notification_is_not_found_and_stays_unread(client, bob, charlie):
    tell([charlie])
    notification = Notification.objects.get()
    client.force_login(bob)

    response = client.post(f"/me/notifications/{notification.pk}/")

    assert response.status_code == 404
    notification.refresh_from_db()
    assert notification.read_at is None


def test_mark_all_read(client, bob, charlie):
    tell([bob, charlie], key="a")
    tell([bob], key="b")
    client.force_login(bob)

    response = client.post("/me/notifications/read/")

    assert response.status_code == 302
    assert Notification.objects.filter(recipient=bob, read_at=None).count() == 0
    assert Notification.objects.filter(recipient=charlie, read_at=None).count() == 1


def test_an_unread_one_older_than_the_list_can_still_be_marked_read(client, bob):
    """docs/coach.md: the navigation shows "the number unread"; "Mark all
    read marks them all". The list shows the latest 50 (LIST_SIZE): one
    unread notification older than those, the 50 after it read, is still
    counted on the page as the navigation counts it, and "Mark all read" is
    offered and clears it."""
    tell([bob], key="old")
    for i in range(50):
        tell([bob], key=f"new:{i}")
    Notification.objects.exclude(key="old").update(read_at=timezone.now())
    client.force_login(bob)

    page = client.get("/me/notifications/").content.decode()

    assert '<span class="count">1<span class="sr-only"> unread</span>' in page
    assert "1 unread" in page
    assert "All read" not in page
    assert "Mark all read" in page
    done = client.post("/me/notifications/read/", follow=True).content.decode()
    assert "1 notification marked read." in done
    assert "All read" in done
    assert not Notification.objects.filter(recipient=bob, read_at=None).exists()


def test_mark_all_read_counts_only_what_the_list_shows(client, bob):
    """A kind switched off on the site is only mailed: never listed nor
    counted unread, so "Mark all read" neither marks nor counts it."""
    Preferences.objects.create(person=bob, site_off=[Kind.SEASON_SCHEDULED])
    tell([bob], key="mailed:1")
    tell([bob], key="mailed:2")
    tell([bob], key="listed", kind=Kind.INVITATION)
    client.force_login(bob)

    done = client.post("/me/notifications/read/", follow=True).content.decode()

    assert "1 notification marked read." in done
    assert list(
        Notification.objects.filter(recipient=bob, read_at=None)
        .order_by("key")
        .values_list("key", "on_site")
    ) == [("mailed:1", False), ("mailed:2", False)]


def test_the_pages_need_a_login(client, db):
    for url in ("/me/notifications/", "/me/preferences/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


# --- preferences ----------------------------------------------------------------------------


def test_the_preferences_page_saves_the_zone_and_the_switches(client, bob):
    client.force_login(bob)
    data = {"time_zone": "Europe/Paris"}
    data |= {f"site-{k.value}": "on" for k in Kind}
    data |= {f"email-{k.value}": "on" for k in Kind if k != Kind.DEADLINE_NEAR}
    del data["site-spp_to_spend"]

    response = client.post("/me/preferences/", data)

    assert response.status_code == 302
    prefs = Preferences.objects.get(person=bob)
    assert (prefs.time_zone, prefs.site_off, prefs.email_off) == (
        "Europe/Paris",
        ["spp_to_spend"],
        ["deadline_near"],
    )
    assert client.session["dugout_tz"] == "Europe/Paris"
    form = client.get("/me/preferences/").context["form"]
    assert form["site-spp_to_spend"].value() is False
    assert form["email-report_waiting"].value() is True


def test_an_unknown_zone_is_refused_and_nothing_is_written(client, bob):
    client.force_login(bob)

    response = client.post("/me/preferences/", {"time_zone": "Mars/Olympus"})

    assert response.status_code == 400
    assert "time_zone" in response.context["form"].errors
    assert not Preferences.objects.exists()


def test_the_service_refuses_unknown_zones_and_kinds_with_every_reason(bob):
    with pytest.raises(ServiceError) as exc:
        preferences_save(
            person=bob, time_zone="Nowhere/Here", site_off=["nope"], email_off=["x"]
        )

    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("unknown_zone", "time_zone"),
        ("unknown_kind", "site_off"),
        ("unknown_kind", "email_off"),
    ]
    assert not Preferences.objects.exists()


# --- on a real worker ---------------------------------------------------------------


@pytest.mark.worker
def test_a_real_worker_mails_a_notification_once_it_is_committed(
    celery_worker_process,
):
    import time

    from django.contrib.auth import get_user_model
    from django.db import transaction

    # given: a person with an address, told something in a transaction
    bob = get_user_model().objects.create_user("bob", email="bob@example.org")
    with transaction.atomic():
        tell([bob])
        notification = Notification.objects.get()
        # not before the commit: the worker cannot see the row yet
        assert notification.emailed_at is None

    # then: the worker (which finds the task by the notifications' package)
    # mails it and marks it mailed
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        notification.refresh_from_db()
        if notification.emailed_at is not None:
            break
        time.sleep(0.2)
    assert notification.emailed_at is not None
    assert celery_worker_process.poll() is None
