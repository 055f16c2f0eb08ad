"""One row of preferences per person (none until they save some: then
everything is on and dates follow their browser, else the site's zone)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    person = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # An IANA zone ("Europe/Berlin"); blank: the browser's, else the site's.
    time_zone = models.CharField(max_length=64, blank=True, default="")
    # The notification kinds (league.notifications.kinds.Kind) switched off.
    site_off = models.JSONField(default=list, blank=True)
    email_off = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.person_id}"
