"""Time zones: which names are real ones, and the zone a request's dates
are shown in."""

from __future__ import annotations

import zoneinfo
from functools import cache
from urllib.parse import unquote

from django.conf import settings

# The cookie the site's script sets to the browser's zone (dugout.js).
BROWSER_COOKIE = "tz"
# The person's saved zone, kept in their session once read ("" for none).
SESSION_KEY = "dugout_tz"


@cache
def zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zone_names())]


def valid_zone(name: str) -> str | None:
    """``name`` if it names a time zone, else None."""
    name = name.strip()
    return name if name in zone_names() else None


def browser_zone(cookie: str | None) -> str | None:
    return valid_zone(unquote(cookie)) if cookie else None


def site_zone() -> str:
    return str(settings.TIME_ZONE)
