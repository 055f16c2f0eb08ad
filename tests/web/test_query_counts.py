"""Every page runs as many queries on a large league as on a small one.

The pages are those of ``tests/web/pages.py`` (the site's, the JSON and
fragments they load, the commissioner's admin), each as the person it
names. The small world is loaded and every page counted; then the large one
(twice the teams, three resolved rounds instead of one, a team with more
players and a longer ledger, a veteran with more advancements) is loaded
beside it, and every page counted again on the large world's rows (the
pages that list everything, like the league list, now list both worlds).

Counted three ways: with the page cache off (``PAGE_CACHE=False``: every
query the pages make), with it on and empty (the first visitor), and with
it on and filled (the next visitors).
"""

from __future__ import annotations

from collections.abc import Callable
from unittest import mock

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league import page_cache
from league.models import LeagueEvent, Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent
from tests.web.pages import (
    COACH,
    Page,
    World,
    all_pages,
    saved_large_world,  # noqa: F401 (fixture)
    saved_small_world,  # noqa: F401 (fixture)
)

MODES = ("cache off", "cache cold", "cache warm")

# The most queries a page may run with the cache off (it only ever has to
# grow with what a page shows, not with the league).
CEILINGS = {
    # the leaders boards read the hired players' lines in one query of their
    # own; the standings the League points docked in one more
    "league": 18,
    "season": 18,
    "team (visitor)": 11,
    "match (resolved) and its replay": 10,
    "match (full log)": 10,
    "log fragment": 6,
    "replay data": 6,
}


def request(client, page: Page, world: World):
    path = page.path(world)
    if page.post is not None:
        return client.post(path, page.post(world))
    return client.get(path)


def queries(client, page: Page, world: World) -> int:
    """The queries one request for ``page`` runs. Django keeps the content
    types it has read for the life of the process: forgotten first, so a
    page costs the same whether or not one before it read them."""
    ContentType.objects.clear_cache()
    with CaptureQueriesContext(connection) as ctx:
        response = request(client, page, world)
    assert response.status_code == page.status, (page.name, response.status_code)
    return len(ctx.captured_queries)


def page_counts(client, page: Page, world: World, settings) -> dict[str, int]:
    """``page``'s queries in each mode: the cache off, then on and empty
    (the request that fills it), then on and filled. A page that never asks
    whether the page cache is on is counted once: the cache changes nothing
    for it."""
    settings.PAGE_CACHE = False
    with mock.patch.object(
        page_cache, "page_cache_enabled", wraps=page_cache.page_cache_enabled
    ) as asked:
        off = queries(client, page, world)
    if not asked.called:
        return {"cache off": off}
    settings.PAGE_CACHE = True
    cache.clear()
    cold = queries(client, page, world)
    warm = queries(client, page, world)
    return dict(zip(MODES, (off, cold, warm), strict=True))


def count_all(client, world: World, settings) -> dict[tuple[str, str], int]:
    users = {u.username: u for u in get_user_model().objects.all()}
    counts = {}
    for page in all_pages():
        client.logout()
        if page.user is not None:
            client.force_login(users[page.user])
        for mode, n in page_counts(client, page, world, settings).items():
            counts[page.name, mode] = n
    return counts


def differences(small: dict, large: dict) -> list[str]:
    return [
        f"{name} ({mode}): {small.get((name, mode))} queries on the small world, "
        f"{large.get((name, mode))} on the large one"
        for name, mode in sorted(small.keys() | large.keys())
        if small.get((name, mode)) != large.get((name, mode))
    ]


def sizes(world: World) -> dict[str, int]:
    """What the pages loop over, in ``world``."""
    return {
        "teams": Team.objects.filter(league=world.league).count(),
        "played": Match.objects.filter(
            season=world.season, status=Match.Status.COMPLETE
        ).count(),
        "events": MatchEvent.objects.filter(match=world.resolved).count(),
        "recorded events": MatchEvent.objects.filter(match=world.recorded).count(),
        "players": Player.objects.filter(team=world.team).count(),
        "ledger": TreasuryEntry.objects.filter(team=world.team).count(),
        "advancements": LeagueEvent.objects.filter(
            player=world.veteran, type=LeagueEvent.Type.ADVANCEMENT
        ).count(),
        "classic teams": Team.objects.filter(league=world.eleven).count(),
    }


def test_every_page_runs_as_many_queries_on_a_large_world(
    client,
    db,
    settings,
    saved_small_world,  # noqa: F811
    saved_large_world,  # noqa: F811
):
    settings.LOGIN_FAILURES_MAX = 0  # the 429 page: the first failure is refused
    small_world: World = saved_small_world.load()
    small = count_all(client, small_world, settings)
    small_sizes = sizes(small_world)

    large_world: World = saved_large_world.load()
    large = count_all(client, large_world, settings)
    large_sizes = sizes(large_world)

    # given: the large world has more of every row a page loops over
    assert (small_sizes["teams"], large_sizes["teams"]) == (4, 8)
    # one round of two matches and the recorded one; three rounds of four
    # and the recorded one
    assert (small_sizes["played"], large_sizes["played"]) == (3, 13)
    assert (small_sizes["advancements"], large_sizes["advancements"]) == (1, 3)
    assert (small_sizes["classic teams"], large_sizes["classic teams"]) == (2, 4)
    for name in ("events", "recorded events", "players", "ledger"):
        assert large_sizes[name] > small_sizes[name], name
    # then: every page runs as many queries
    assert differences(small, large) == [], "\n".join(differences(small, large))
    over = {
        name: small[name, "cache off"]
        for name, most in CEILINGS.items()
        if small[name, "cache off"] > most
    }
    assert over == {}


def test_a_query_per_row_would_be_seen(client, db, settings, monkeypatch):
    """The check can fail: a team page that reads each player's team again
    (an N+1) runs more queries for a bigger team."""
    from matches.pages import league_views as page_views
    from tests.factories import LeagueFactory, UserFactory, draft_team

    original: Callable = page_views._team_context

    def one_query_per_player(team, **kwargs):
        for player in team.players.all():
            type(team).objects.get(pk=player.team_id)
        return original(team, **kwargs)

    monkeypatch.setattr(page_views, "_team_context", one_query_per_player)
    league = LeagueFactory(commissioner=UserFactory(username="alice"))
    bob = UserFactory(username="bob")
    seven = draft_team(league, bob, roster="orc", name="Seven")
    extra = [("orc-lineman", f"Extra {i}") for i in range(4)]
    eleven = draft_team(league, bob, roster="orc", name="Eleven", extra=extra)
    page = Page("team", "web:team", lambda team: f"/teams/{team.pk}/", COACH)
    client.force_login(bob)

    small = page_counts(client, page, seven, settings)
    large = page_counts(client, page, eleven, settings)

    # four more players, read once for the visitors' body and once for the
    # coach's own
    assert large["cache off"] == small["cache off"] + 2 * 4
    assert differences(
        {(page.name, m): n for m, n in small.items()},
        {(page.name, m): n for m, n in large.items()},
    )


def test_each_mode_counts_what_it_says(client, db, settings):
    """Off: the setting is off. Cold: nothing cached before the request.
    Warm: the same request ran just before. A page outside the cache is
    counted once."""
    from tests.factories import LeagueFactory, UserFactory

    league = LeagueFactory(commissioner=UserFactory(username="alice"))
    cached = Page("league", "web:league", lambda w: f"/leagues/{league.pk}/")
    uncached = Page("leagues", "web:leagues", lambda w: "/leagues/")

    counts = page_counts(client, cached, None, settings)

    assert counts["cache off"] == counts["cache cold"] > 0
    # an anonymous visitor's league page comes whole from the cache
    assert counts["cache warm"] == 0
    assert list(page_counts(client, uncached, None, settings)) == ["cache off"]
