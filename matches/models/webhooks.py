"""Outgoing webhooks of a league and their delivery log. Imported by
:mod:`matches.models`; every write goes through
:mod:`matches.webhooks.services`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models import League

# What a league can tell its coaches.
EVENT_KINDS = (
    ("result_posted", "A result is posted"),
    ("round_complete", "Every match of a round has its result"),
    ("season_scheduled", "A new season is scheduled"),
    ("report_waiting", "A coach's report waits for the other coach"),
    ("report_disputed", "A report is disputed"),
    ("report_decided", "The commissioner decided a report"),
    ("report_withdrawn", "A report is withdrawn before it is answered"),
)


class LeagueWebhook(models.Model):
    """One receiver of a league's news: a Discord channel's webhook (a
    Discord-compatible JSON body) or any HTTP endpoint (a generic JSON body
    signed with HMAC-SHA256 with ``secret``)."""

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord-compatible"
        GENERIC = "generic", "Generic, signed (HMAC-SHA256)"

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(max_length=500)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    secret = models.CharField(max_length=64, editable=False)
    # The event kinds sent (a subset of EVENT_KINDS).
    events = models.JSONField(default=list)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["discord", "generic"]), name="webhook_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(url__startswith="http://") | Q(url__startswith="https://"),
                name="webhook_url_http",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league} → {self.url}"


class WebhookDelivery(models.Model):
    """One event sent (or to be sent) to one webhook. ``key`` names the
    event (``result_posted:12``): one delivery per webhook and event, so an
    event announced twice (a task run again) is sent once."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        RETRYING = "retrying", "Failed, will try again"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Gave up"

    webhook = models.ForeignKey(
        LeagueWebhook, on_delete=models.CASCADE, related_name="deliveries"
    )
    kind = models.CharField(max_length=30)
    key = models.CharField(max_length=80)
    body = models.JSONField()
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(
                fields=["webhook", "key"], name="webhook_delivery_once_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.webhook_id}: {self.status}"
