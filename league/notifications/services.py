"""Making notifications, mailing them, marking them read.

:func:`notify` is called by the service that makes the event happen,
inside its transaction: the rows commit (or roll back) with the event, and
the e-mails are queued to go once it commits. A service run twice (a retried
task, a double click) notifies once: a notification is unique per person and
``key``.

Decision: an e-mail is sent at most once. :func:`notification_mail` claims
the notification (a conditional update of ``emailed_at``) before sending,
and gives the claim back if sending fails, so that the task's retry sends
it; a worker that dies between the claim and the send loses that one
e-mail, while the notification stays listed on the site.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable
from datetime import datetime
from functools import partial

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import Http404
from django.utils import dateformat, timezone

from league.mail import Subject, mail_send, mail_subject
from league.notifications.kinds import Kind
from league.notifications.models import Notification
from league.preferences.models import Preferences
from league.preferences.zones import site_zone, valid_zone

TEXT_MAX = 400
DUE_FORMAT = "D j M Y, H:i"


def notify(
    *,
    recipients: Iterable[int | None],
    kind: Kind,
    text: str,
    key: str,
    url: str = "",
    league_id: int | None = None,
    due_at: datetime | None = None,
) -> None:
    """Tell each of ``recipients`` (user ids; repeats and None are ignored)
    ``text``, unless they switched ``kind`` off both on the site and by
    e-mail. Idempotent per person and ``key``. The e-mails of those who
    want them are queued for when the caller's transaction commits."""
    ids = sorted({r for r in recipients if r is not None})
    if not ids:
        return
    off = {
        person: (set(site), set(email))
        for person, site, email in Preferences.objects.filter(
            person_id__in=ids
        ).values_list("person_id", "site_off", "email_off")
    }
    rows = []
    for person in ids:
        site_off, email_off = off.get(person, (set(), set()))
        on_site, by_email = kind not in site_off, kind not in email_off
        if on_site or by_email:
            rows.append(
                Notification(
                    recipient_id=person,
                    kind=kind,
                    league_id=league_id,
                    text=text[:TEXT_MAX],
                    url=url,
                    due_at=due_at,
                    key=key,
                    on_site=on_site,
                    email_wanted=by_email,
                )
            )
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    to_mail = list(
        Notification.objects.filter(
            key=key,
            recipient_id__in=[r.recipient_id for r in rows if r.email_wanted],
            email_wanted=True,
            emailed_at=None,
        ).values_list("pk", flat=True)
    )
    if to_mail:
        # The entry point of the e-mails' background work (tasks import
        # this module).
        from league.notifications.tasks import notification_mail_task

        for pk in to_mail:
            transaction.on_commit(partial(notification_mail_task.delay, pk))


def _zone_of(person_id: int) -> str:
    saved = (
        Preferences.objects.filter(person_id=person_id)
        .values_list("time_zone", flat=True)
        .first()
    )
    return valid_zone(saved or "") or site_zone()


def notification_due_text(due_at: datetime, zone: str) -> str:
    """A deadline in ``zone``, with the zone named: "Sun 3 Mar 2026, 18:00
    (Europe/Paris)"."""
    local = timezone.localtime(due_at, zoneinfo.ZoneInfo(zone))
    return f"{dateformat.format(local, DUE_FORMAT)} ({zone})"


def notification_email(notification: Notification) -> tuple[Subject, str]:
    """The subject and body of a notification's e-mail (the subject names
    its league, if it has one); its deadline in the time zone the person
    saved (else the site's)."""
    site = str(settings.SITE_URL)
    lines = [notification.text, ""]
    if notification.due_at is not None:
        zone = _zone_of(notification.recipient_id)
        lines.append(f"Deadline: {notification_due_text(notification.due_at, zone)}")
    if notification.url:
        lines.append(f"Open it: {site}{notification.url}")
    lines += [
        "",
        "--",
        "Dugout. You get this e-mail because of your notification settings; "
        f"switch this kind off at {site}/me/preferences/",
    ]
    league = notification.league.name if notification.league is not None else None
    return mail_subject(notification.text, league=league), "\n".join(lines)


def notification_mail(*, notification_id: int) -> bool:
    """Send one notification's e-mail if it is wanted and not sent yet (at
    most once: see the module's Decision). Returns whether one was sent."""
    claimed = Notification.objects.filter(
        pk=notification_id, email_wanted=True, emailed_at=None
    ).update(emailed_at=timezone.now())
    if not claimed:
        return False
    notification = Notification.objects.select_related("recipient", "league").get(
        pk=notification_id
    )
    address = getattr(notification.recipient, "email", "")
    if not address:
        return False  # nowhere to send it; it stays listed on the site
    subject, body = notification_email(notification)
    try:
        mail_send(subject=subject, body=body, to=[address])
    except Exception:
        Notification.objects.filter(pk=notification_id).update(emailed_at=None)
        raise
    return True


@transaction.atomic
def notification_open(*, notification_id: int, person: AbstractBaseUser) -> str:
    """Mark one of the person's notifications read; returns where it points
    (404 for another person's, as for one that does not exist)."""
    notification = (
        Notification.objects.select_for_update()
        .filter(pk=notification_id, recipient_id=person.pk)
        .first()
    )
    if notification is None:
        raise Http404("no such notification")
    if notification.read_at is None:
        notification.read_at = timezone.now()
        notification.save(update_fields=["read_at"])
    return notification.url


def notifications_read_all(*, person: AbstractBaseUser) -> int:
    """Mark every unread notification of the person listed on the site read;
    how many were (those only mailed are never listed, nor counted unread)."""
    return Notification.objects.filter(
        recipient_id=person.pk, on_site=True, read_at=None
    ).update(read_at=timezone.now())
