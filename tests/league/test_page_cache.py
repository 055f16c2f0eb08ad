"""The page cache's generations: when they move, what a lost one does, and
what a cached read costs."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import transaction

from league import page_cache
from league.page_cache import (
    is_cache_bump,
    league_cache_bump,
    league_cached,
    league_generation,
    object_cached,
)
from matches.seasons.services import season_create
from tests.factories import draft_team


class Builds:
    """A build function that counts its calls."""

    def __init__(self, value: object) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def test_a_value_is_built_once_per_generation(db):
    build = Builds({"x": 1})

    assert league_cached(7, "thing", build) == {"x": 1}
    assert league_cached(7, "thing", build) == {"x": 1}
    assert build.calls == 1

    league_cache_bump(7)
    assert league_cached(7, "thing", build) == {"x": 1}
    assert build.calls == 2


def test_a_new_release_never_reads_what_the_old_one_cached(db, monkeypatch):
    build = Builds("old shape")
    league_cached(7, "thing", build)

    monkeypatch.setattr(page_cache, "code_fingerprint", lambda: "next-release")
    build.value = "new shape"

    assert league_cached(7, "thing", build) == "new shape"
    assert build.calls == 2


def test_a_bump_moves_only_its_own_league(db):
    other = league_generation(8)

    league_cache_bump(7)

    assert league_generation(8) == other


def test_a_bump_moves_the_generation_at_once_and_again_at_the_commit(
    db, django_capture_on_commit_callbacks
):
    start = league_generation(7)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with transaction.atomic():
            league_cache_bump(7)
            during = league_generation(7)

    assert during == start + 1
    assert league_generation(7) == start + 2
    assert [is_cache_bump(c) for c in callbacks] == [True]


def test_a_rolled_back_write_leaves_no_bump_for_after_the_commit(
    db, django_capture_on_commit_callbacks
):
    start = league_generation(7)

    def refused_write() -> None:
        with transaction.atomic():
            league_cache_bump(7)
            raise RuntimeError("refused")

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError):
            refused_write()

    assert callbacks == []
    assert league_generation(7) == start + 1


def test_a_lost_generation_never_brings_back_old_entries(db):
    build = Builds("old")
    league_cached(7, "thing", build)
    for _ in range(3):
        league_cache_bump(7)
    old_generations = {league_generation(7) - i for i in range(4)}
    cache.delete("dugout:page:gen:7")  # evicted, or Redis restarted

    assert league_generation(7) not in old_generations
    build.value = "new"
    assert league_cached(7, "thing", build) == "new"


def test_a_bump_of_a_league_with_no_generation_starts_one(db):
    cache.delete("dugout:page:gen:9")

    league_cache_bump(9)

    assert cache.get("dugout:page:gen:9") is not None


def test_with_the_page_cache_off_every_read_builds(db, settings):
    settings.PAGE_CACHE = False
    build = Builds(1)

    league_cached(7, "thing", build)
    league_cached(7, "thing", build)

    assert build.calls == 2


def test_an_unknown_object_is_left_to_its_build_and_not_remembered(db):
    build = Builds("built")

    assert object_cached("team", 999_999, lambda: None, "api", build) == "built"
    assert object_cached("team", 999_999, lambda: None, "api", build) == "built"

    assert build.calls == 2


def test_unknown_leagues_leave_nothing_in_the_cache(client, db):
    for league_id in (999_991, 999_992):
        assert client.get(f"/leagues/{league_id}/").status_code == 404

    assert cache.get("dugout:page:gen:999991") is None
    assert cache.get("dugout:page:gen:999992") is None


@pytest.mark.parametrize(
    "url",
    [
        "/api/teams/999999/",
        "/teams/999999/",
        "/api/seasons/999999/standings/",
        "/leagues/999999/",
        "/seasons/999999/",
    ],
)
def test_unknown_ids_are_404_and_stay_404(client, db, url):
    assert client.get(url).status_code == 404
    assert client.get(url).status_code == 404


def test_cached_reads_cost_no_query(client, sevens, bob, django_assert_num_queries):
    team = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    other = draft_team(sevens, bob, roster="human", name="Reavers")
    season = season_create(
        league=sevens, name="S", team_ids=[team.pk, other.pk], seed=1
    )
    urls = {
        f"/api/teams/{team.pk}/": 0,
        f"/teams/{team.pk}/": 0,
        f"/api/seasons/{season.pk}/standings/": 0,
        f"/leagues/{sevens.pk}/": 0,
        f"/seasons/{season.pk}/": 0,
    }
    for url in urls:
        assert client.get(url).status_code == 200

    for url, queries in urls.items():
        with django_assert_num_queries(queries):
            assert client.get(url).status_code == 200
