"""Helpers for the web page tests. The named world (Alice commissions the
leagues, Bob and Charlie coach, Dave is an outsider), ``four_teams`` and the
shared ``resolved_season`` live in ``tests/conftest.py``; the season helpers
in ``tests/world.py`` (importable from here too)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.world import SEVENS_TEAMS, resolve_all, scheduled_season, sevens_teams

__all__ = [
    "SEVENS_TEAMS",
    "count_queries",
    "resolve_all",
    "scheduled_season",
    "sevens_teams",
]


def count_queries(client, url: str) -> int:
    """Queries run to render ``url`` (which must answer 200)."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)
