"""The iCalendar feeds: ``/leagues/<id>/fixtures.ics`` and
``/teams/<id>/fixtures.ics`` (public, like the league and team pages),
cached for the league's generation like those pages. Every address in a
feed (its events' UIDs and links) is the site's own, ``SITE_URL``, never
the request's ``Host``: a feed read by another name (an IP address, an old
domain, a forged header) links the same pages, as e-mails and invite links
do."""

from __future__ import annotations

from functools import partial
from urllib.parse import urlsplit

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from league.page_cache import league_cached, object_cached
from league.selectors import team_league_id
from matches.calendar.ical import calendar
from matches.calendar.selectors import league_fixtures, team_fixtures

CONTENT_TYPE = "text/calendar; charset=utf-8"


def _url_of(base: str, match_id: int) -> str:
    return base + reverse("web:match", args=[match_id])


def _feed(found: tuple[str, str] | None, filename: str) -> HttpResponse:
    if found is None:
        raise Http404("no such calendar")
    name, text = found
    response = HttpResponse(text, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _league_text(league_id: int, base: str, host: str) -> tuple[str, str] | None:
    found = league_fixtures(league_id, partial(_url_of, base), host)
    if found is None:
        return None
    name, fixtures = found
    return name, calendar(f"{name} fixtures", fixtures, made_at=timezone.now())


def _team_text(team_id: int, base: str, host: str) -> tuple[str, str] | None:
    found = team_fixtures(team_id, partial(_url_of, base), host)
    if found is None:
        return None
    name, fixtures = found
    return name, calendar(f"{name} fixtures", fixtures, made_at=timezone.now())


def uid_host() -> str:
    """The host in every event's UID: the site's own (``SITE_URL``), not
    the request's, so the same site reached by two names (an IP address, an
    old domain) gives a calendar the same events, not a second copy."""
    return urlsplit(settings.SITE_URL).netloc


def site_base() -> str:
    """What every link in a feed starts with: ``SITE_URL``."""
    return str(settings.SITE_URL)


@require_safe
def league_calendar(request: HttpRequest, league_id: int) -> HttpResponse:
    base = site_base()
    host = uid_host()
    found = league_cached(
        league_id,
        f"ical:{base}",
        partial(_league_text, league_id, base, host),
    )
    return _feed(found, f"league-{league_id}.ics")


@require_safe
def team_calendar(request: HttpRequest, team_id: int) -> HttpResponse:
    base = site_base()
    host = uid_host()
    found = object_cached(
        "team",
        team_id,
        partial(team_league_id, team_id),
        f"ical:{base}",
        partial(_team_text, team_id, base, host),
    )
    return _feed(found, f"team-{team_id}.ics")
