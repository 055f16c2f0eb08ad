"""The named world for the web pages: Alice commissions the leagues, Bob and
Charlie coach, Dave is an outsider; helpers that build and resolve seasons
through the real services."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import League, Team
from matches.models import Match, Season
from matches.services.progress import season_resolve_next, season_resolve_start
from matches.services.resolve import match_resolve
from matches.services.seasons import season_create, season_schedule
from tests.conftest import SEVENS_NAME, uses_shared_world
from tests.factories import LeagueFactory, UserFactory, draft_team, make_member
from tests.saved_world import SavedWorld, save_world

SEVENS_TEAMS = (
    ("orc", "Gouged Eye"),
    ("human", "Reikland Reavers"),
    ("dwarf", "Grudgebearers"),
    ("skaven", "Skavenblight Scramblers"),
    ("wood-elf", "Athelorn Avengers"),
    ("lizardmen", "Lustria Croakers"),
)


def sevens_teams(league: League, coaches: Sequence, n: int) -> list[Team]:
    """``n`` Sevens teams, coached in turn by ``coaches``."""
    return [
        draft_team(league, coaches[i % len(coaches)], roster=roster, name=name)
        for i, (roster, name) in enumerate(SEVENS_TEAMS[:n])
    ]


@pytest.fixture
def four_teams(sevens, bob, charlie, request):
    if uses_shared_world(request):
        return list(Team.objects.filter(league=sevens).order_by("pk"))
    return sevens_teams(sevens, [bob, charlie], 4)


def scheduled_season(league: League, teams: Sequence[Team], *, seed: int = 7) -> Season:
    season = season_create(
        league=league,
        name=f"Season {Season.objects.filter(league=league).count() + 1}",
        team_ids=[t.pk for t in teams],
        seed=seed,
    )
    season_schedule(season_id=season.pk)
    return season


def resolve_all(season: Season, capture: Callable) -> None:
    """Play every open match with the engine, round by round, running each
    match's post-game as its transaction commits (as the worker would)."""
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    while match_ids := season_resolve_next(progress_id=str(progress.pk)):
        for match_id in match_ids:
            with capture(execute=True):
                match_resolve(match_id=match_id)
    season_resolve_next(progress_id=str(progress.pk))


def build_resolved_season(capture: Callable) -> int:
    """The named world (alice commissions the Sevens league, bob and charlie
    coach two teams each) with a four-team season resolved by the engine,
    every post-game step run: the id of the season."""
    alice, bob, charlie = (UserFactory(username=n) for n in ("alice", "bob", "charlie"))
    league = LeagueFactory(name=SEVENS_NAME, format="sevens", commissioner=alice)
    make_member(league, bob, charlie)
    season = scheduled_season(league, sevens_teams(league, [bob, charlie], 4))
    resolve_all(season, capture)
    assert not season.matches.exclude(status=Match.Status.COMPLETE).exists()
    return season.pk


@pytest.fixture(scope="session")
def saved_resolved_season(django_db_setup, django_db_blocker) -> SavedWorld:
    with django_db_blocker.unblock():
        return save_world(build_resolved_season)


@pytest.fixture
def resolved_season(saved_resolved_season, db) -> Season:
    """A resolved four-team Sevens season (see ``build_resolved_season``),
    built once per session: the named fixtures ``alice``, ``bob``,
    ``charlie``, ``sevens`` and ``four_teams`` give its rows."""
    return Season.objects.get(pk=saved_resolved_season.load())


def count_queries(client, url: str) -> int:
    """Queries run to render ``url`` (which must answer 200)."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)
