"""Dates and times as a coach writes them, never as ISO stamps."""

from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone


def when_words(moment: datetime | str) -> str:
    """A moment as a coach writes it, "Sunday 6 December, 18:00", in the
    current time zone: the viewer's when the request activated one,
    otherwise the site's (``TIME_ZONE``). A stored ISO stamp is read first."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    local = timezone.localtime(moment)
    return f"{local:%A} {local.day} {local:%B}, {local:%H:%M}"


def zone_words(moment: datetime) -> str:
    """The current time zone's name at ``moment`` ("UTC", "CET"), for text
    read away from the site (a webhook's message)."""
    return timezone.localtime(moment).tzname() or ""


def day_words(day: date) -> str:
    """A day as a coach writes it: "Friday 4 December"."""
    return f"{day:%A} {day.day} {day:%B}"
