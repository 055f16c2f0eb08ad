"""The public Leagues page (``/leagues/``) lists the leagues by name a page
at a time: anyone with a verified address creates leagues, so one page of
them all would grow without bound (the API's list is paged the same way)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.views import LEAGUES_PER_PAGE
from tests.factories import LeagueFactory, UserFactory


def listed(html: str) -> list[str]:
    return re.findall(r'<h2><a href="/leagues/\d+/">([^<]+)</a></h2>', html)


@pytest.fixture
def leagues(db) -> list[str]:
    """A page and a half of leagues, named in order."""
    boss = UserFactory(username="boss")
    names = [f"League {i:03d}" for i in range(LEAGUES_PER_PAGE + LEAGUES_PER_PAGE // 2)]
    for name in names:
        LeagueFactory(name=name, commissioner=boss)
    return names


def test_the_first_page_lists_one_page_of_leagues(client, leagues):
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/leagues/")

    assert page.status_code == 200
    html = page.content.decode()
    assert listed(html) == leagues[:LEAGUES_PER_PAGE]
    assert 'href="?page=2"' in html
    assert "?page=0" not in html
    # the leagues are read one page at a time
    read = [q["sql"] for q in queries if 'FROM "league_league"' in q["sql"]]
    assert any(f"LIMIT {LEAGUES_PER_PAGE}" in sql for sql in read), read


def test_the_next_page_lists_the_rest(client, leagues):
    page = client.get("/leagues/?page=2")

    assert page.status_code == 200
    html = page.content.decode()
    assert listed(html) == leagues[LEAGUES_PER_PAGE:]
    assert 'href="?page=1"' in html
    assert "?page=3" not in html


@pytest.mark.parametrize("asked", ["0", "abc", "99999999999999999999", "-1"])
def test_a_page_that_is_not_one_is_a_404(client, leagues, asked):
    assert client.get(f"/leagues/?page={asked}").status_code == 404
