"""Shared fixtures: the named world (Alice commissions the leagues, Bob and
Charlie coach in them as members, Dave is an outsider), worlds built once
per session (``resolved_season``) and a real Celery worker process for the
tests that need one."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from league.models import League, Team
from matches.models import Match, Season
from matches.workers import worker_start, worker_stop
from tests.factories import LeagueFactory, UserFactory, draft_team, make_member
from tests.saved_world import SavedWorld, save_world
from tests.world import resolve_all, scheduled_season, sevens_teams

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# "gw0", "gw1"… under pytest-xdist: keeps parallel workers' files apart.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
SEVENS_NAME = "Sevens Cup"


def broker_or_skip() -> str:
    """The Redis broker URL; skips locally (fails in CI) without Redis and
    PostgreSQL, which ``make test`` configures whenever they answer."""
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if broker.startswith("redis") and connection.vendor == "postgresql":
        return broker
    reason = (
        "needs CELERY_BROKER_URL=redis://… and DATABASE_URL=postgres://… "
        "(make test sets both when the servers answer)"
    )
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the worker tests: {reason}")
    pytest.skip(reason)


@pytest.fixture
def celery_worker_process(transactional_db: None) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` process on the test database and Redis.

    The test process publishes for real (eager mode is switched off for the
    duration), so tasks cross the broker and run in another process that sees
    only committed rows: exactly the production path.
    """
    broker_or_skip()
    from config.celery import app

    proc = worker_start(log_path=ARTIFACTS / f"celery-worker{XDIST_WORKER}.log")
    was_eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield proc
    finally:
        app.conf.task_always_eager = was_eager
        worker_stop(proc)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Every test starts with an empty cache: the page cache keys on database
    ids, which repeat from one run (or transactional test) to the next."""
    cache.clear()


# --- worlds shared by a session --------------------------------------------
# The function fixtures that load a world saved once per session (see
# tests/saved_world.py and resolved_season below).
SHARED_WORLDS = ("resolved_season",)


def uses_shared_world(request: pytest.FixtureRequest) -> bool:
    return any(name in request.fixturenames for name in SHARED_WORLDS)


@pytest.fixture(autouse=True)
def _shared_world_first(request: pytest.FixtureRequest) -> None:
    """A test that uses a shared world loads it before any other fixture
    writes a row, and the named world's fixtures (alice, bob, charlie,
    sevens, four_teams) then return the world's rows instead of new ones."""
    for name in SHARED_WORLDS:
        if name in request.fixturenames:
            request.getfixturevalue(name)


def named_user(request: pytest.FixtureRequest, username: str):
    if uses_shared_world(request) and (
        user := get_user_model().objects.filter(username=username).first()
    ):
        return user
    return UserFactory(username=username)


@pytest.fixture
def alice(db, request):
    return named_user(request, "alice")


@pytest.fixture
def bob(db, request):
    return named_user(request, "bob")


@pytest.fixture
def charlie(db, request):
    return named_user(request, "charlie")


@pytest.fixture
def dave(db, request):
    return named_user(request, "dave")


@pytest.fixture
def sevens(alice, bob, charlie, request):
    if uses_shared_world(request):
        return League.objects.get(name=SEVENS_NAME, commissioner=alice)
    league = LeagueFactory(name=SEVENS_NAME, format="sevens", commissioner=alice)
    make_member(league, bob, charlie)
    return league


@pytest.fixture
def eleven(alice, bob, charlie):
    league = LeagueFactory(
        name="Old World Classic", format="bb2020", commissioner=alice
    )
    make_member(league, bob, charlie)
    return league


@pytest.fixture
def bob_orcs(sevens, bob):
    """Sevens Orcs: 7 linemen (350k) and 1 re-roll (120k): 130k in the bank."""
    return draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)


@pytest.fixture
def charlie_humans(eleven, charlie):
    """BB2020 Humans: 11 linemen (550k): 450k in the bank."""
    return draft_team(eleven, charlie, roster="human", name="Reikland Reavers")


@pytest.fixture
def four_teams(sevens, bob, charlie, request):
    """Four Sevens teams in the Sevens league, bob's and charlie's in turn."""
    if uses_shared_world(request):
        return list(Team.objects.filter(league=sevens).order_by("pk"))
    return sevens_teams(sevens, [bob, charlie], 4)


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
    """A resolved four-team Sevens season (``build_resolved_season``), built
    once per session (per xdist worker) and loaded into the test: the named
    fixtures ``alice``, ``bob``, ``charlie``, ``sevens`` and ``four_teams``
    give its rows."""
    return Season.objects.get(pk=saved_resolved_season.load())
