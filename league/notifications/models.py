"""A notification for one person."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.notifications.kinds import Kind


class Notification(models.Model):
    Kind = Kind

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    kind = models.CharField(max_length=30, choices=Kind.choices)
    league = models.ForeignKey(
        "league.League",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    text = models.CharField(max_length=400)
    # Where to act on it (a path of the site).
    url = models.CharField(max_length=200, blank=True, default="")
    # A deadline it is about, shown in the reader's time zone.
    due_at = models.DateTimeField(null=True, blank=True)
    # What it is about ("report:12:waiting"): one notification per person
    # and key, so a service run twice notifies once.
    key = models.CharField(max_length=120)
    # Whether it is listed on the site, and whether it is to be mailed (both
    # from the person's preferences when it was made).
    on_site = models.BooleanField(default=True)
    email_wanted = models.BooleanField(default=True)
    emailed_at = models.DateTimeField(null=True, blank=True)
    read_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["recipient", "key"], name="notification_once_per_key"
            ),
            models.CheckConstraint(
                condition=Q(on_site=True) | Q(email_wanted=True),
                name="notification_goes_somewhere",
            ),
        ]
        indexes = [
            models.Index(
                fields=["recipient", "on_site", "read_at"],
                name="notification_unread_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.recipient_id}: {self.kind} ({self.key})"
