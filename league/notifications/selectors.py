"""Reads of a person's notifications."""

from __future__ import annotations

from django.db.models import QuerySet

from league.access import AnyUser
from league.notifications.models import Notification

LIST_SIZE = 50


def notification_list(
    person: AnyUser, *, limit: int = LIST_SIZE
) -> QuerySet[Notification]:
    """The person's latest notifications listed on the site, newest first."""
    if not person.is_authenticated:
        return Notification.objects.none()
    return Notification.objects.filter(recipient_id=person.pk, on_site=True).order_by(
        "-created_at", "-pk"
    )[:limit]


def notifications_unread(person: AnyUser) -> QuerySet[Notification]:
    return Notification.objects.filter(
        recipient_id=person.pk, on_site=True, read_at=None
    )
