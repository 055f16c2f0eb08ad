"""Deadlines in words, in the viewer's time zone (the one the request
activated: league/preferences/middleware.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django import template
from django.utils import dateformat, timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timesince import timesince, timeuntil

register = template.Library()


def in_words(value: datetime, now: datetime | None = None) -> str:
    """ "in 2 days, 4 hours" or "3 hours ago"; "just now" and "in under a
    minute" within a minute (where Django counts "0 minutes")."""
    now = now or timezone.now()
    if abs(value - now) < timedelta(minutes=1):
        return "in under a minute" if value > now else "just now"
    if value > now:
        return f"in {timeuntil(value, now)}"
    return f"{timesince(value, now)} ago"


def day_in_words(value: date, today: date | None = None) -> str:
    """ "today", "tomorrow", "in 3 days", "yesterday", "2 days ago"."""
    days = (value - (today or timezone.localdate())).days
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days == -1:
        return "yesterday"
    return f"in {days} days" if days > 0 else f"{-days} days ago"


@register.filter
def ago(value: datetime | None) -> str:
    """How long ago a moment was: "just now", "5 minutes ago"."""
    return "" if value is None else in_words(value)


@register.filter
def deadline(value: datetime | None) -> SafeString | str:
    """A moment as ``<time>``, in the viewer's zone with the zone named, and
    how far off it is: "Sun 3 Mar 2026, 18:00 CET (in 2 days, 4 hours)"."""
    if value is None:
        return ""
    local = timezone.localtime(value)
    return format_html(
        '<time datetime="{}">{}</time> ({})',
        value.isoformat(),
        dateformat.format(local, "D j M Y, H:i T"),
        in_words(value),
    )


@register.filter
def due_day(value: date | None) -> SafeString | str:
    """A day (a round's date or report deadline) and how far off it is:
    "Sun 3 Mar 2026 (tomorrow)"."""
    if value is None:
        return ""
    return format_html(
        '<time datetime="{}">{}</time> ({})',
        value.isoformat(),
        dateformat.format(value, "D j M Y"),
        day_in_words(value),
    )
