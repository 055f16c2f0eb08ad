"""A signed-in user's league and season pages read the season once: the
standings, fixtures and leaders the visitors' page was built from are
reused for the user's own controls (report links, the commissioner's
buttons), whether the page cache is off or empty."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from matches.models import Match
from matches.pages import league_views
from matches.pages.selectors import season_view
from tests.web.conftest import scheduled_season

PAGES = {
    "league": lambda season: f"/leagues/{season.league_id}/",
    "season": lambda season: f"/seasons/{season.pk}/",
}


@pytest.mark.parametrize("page_cache", [False, True], ids=["cache off", "cache cold"])
@pytest.mark.parametrize("page", sorted(PAGES))
@pytest.mark.parametrize("who", ["alice", "bob"])
def test_it_reads_the_season_once_for_a_user_with_controls(
    client, settings, monkeypatch, request, sevens, four_teams, page, who, page_cache
):
    # given: a scheduled season; Alice commissions it, Bob coaches two teams
    settings.PAGE_CACHE = page_cache
    cache.clear()
    season = scheduled_season(sevens, four_teams)
    user = request.getfixturevalue(who)
    client.force_login(user)
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return season_view(*args, **kwargs)

    monkeypatch.setattr(league_views, "season_view", counted)

    # when
    response = client.get(PAGES[page](season))

    # then: one read of the season, and the user's controls are all there
    assert response.status_code == 200
    assert len(calls) == 1
    html = response.content.decode()
    scheduled = season.matches.filter(status=Match.Status.SCHEDULED)
    bob = request.getfixturevalue("bob")
    bobs = [m for m in scheduled if bob.pk in (m.home.coach_id, m.away.coach_id)]
    assert 0 < len(bobs) < len(scheduled)
    for m in scheduled:
        link = f'href="/matches/{m.pk}/report/"'
        assert (link in html) == (who == "alice" or m in bobs), m
    assert html.count(">Postpone<") == (len(scheduled) if who == "alice" else 0)
