"""Dates and deadlines in the viewer's time zone: the one they saved in
their preferences (kept in their session: league/preferences/signals.py),
else their browser's (the ``tz`` cookie the site's script sets), else the
site's."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from league.preferences.zones import (
    BROWSER_COOKIE,
    SESSION_KEY,
    browser_zone,
    valid_zone,
)


def saved_zone(request: HttpRequest) -> str | None:
    """The zone the signed-in person saved, as their session keeps it (put
    there at login and when they save their preferences: no query here)."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    if user is None or session is None or not user.is_authenticated:
        return None
    return valid_zone(str(session.get(SESSION_KEY) or ""))


class TimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = saved_zone(request) or browser_zone(request.COOKIES.get(BROWSER_COOKIE))
        if name:
            timezone.activate(zoneinfo.ZoneInfo(name))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
