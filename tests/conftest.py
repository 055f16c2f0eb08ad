"""Shared fixtures: the named world (Alice commissions the leagues, Bob and
Charlie coach in them as members, Dave is an outsider), worlds built once
per session (``resolved_season``) and a real Celery worker process for the
tests that need one."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from league.models import League, Team
from matches.models import Match, Season
from matches.workers import worker_start, worker_stop
from tests.api_endpoints import ApiWorld, api_world
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


# --- the order of the run ----------------------------------------------------
# Tests that take longest run first, so that no long test is left for the
# end of the run while the other pytest-xdist worker sits idle (`make test`
# uses `--dist worksteal`: a worker that runs dry takes half of what another
# still has queued). The browser tests run one after another, so that one
# Chromium serves them all (tests/web/conftest.py).
LONG_FIRST = (
    "tests/e2e/",
    "tests/config/test_pages.py::test_demo_command",
    "tests/config/test_demo_background.py::test_demo_command",
    "tests/engine/test_golden.py",
    "tests/engine/variants/test_classic_matches.py",
    "tests/engine/test_scripted_bot.py",
    "tests/contract/test_every_format.py",
)


def _run_order(item: pytest.Item) -> int:
    if item.get_closest_marker("worker") or "celery_worker_process" in getattr(
        item, "fixturenames", ()
    ):
        return 0
    if "browser" in getattr(item, "fixturenames", ()):
        return 1
    if item.nodeid.startswith(LONG_FIRST):
        return 2
    return 3


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    # a stable sort: within each group, files and tests keep their order
    items.sort(key=_run_order)


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


# --- emptying the database after a transactional test ----------------------
# A transactional test (``transaction=True``, the live server's, the Celery
# worker's) ends with Django's ``flush``: on PostgreSQL one TRUNCATE of every
# table, whose cost is per table (new files for each table and index), about
# a second on a busy machine for the few rows such a test writes. Decision:
# the tables are emptied by DELETE instead, in one transaction: first locked
# against writers and row lockers (EXCLUSIVE: a transaction still in flight,
# from the live server say, commits first and is deleted too; one holding a
# row FOR UPDATE is waited for, not deadlocked on its row), the foreign keys
# deferred so that the order does not matter, then every table deleted from
# in one round trip. The same empty tables; the sequences go on, as TRUNCATE
# without RESTART IDENTITY leaves them. A flush asked to reset the sequences
# or to cascade (not the test runner's) keeps Django's TRUNCATE.


def _sql_delete_flush(original: Callable[..., list[str]]) -> Callable[..., list[str]]:
    def sql_flush(
        self, style, tables, *, reset_sequences: bool = False, allow_cascade=False
    ) -> list[str]:
        if reset_sequences or allow_cascade or not tables:
            return original(
                self,
                style,
                tables,
                reset_sequences=reset_sequences,
                allow_cascade=allow_cascade,
            )
        names = sorted(tables)
        listed = ", ".join(self.quote_name(name) for name in names)
        array = ", ".join("'" + name.replace("'", "''") + "'" for name in names)
        return [
            f"LOCK TABLE {listed} IN EXCLUSIVE MODE;",
            "SET CONSTRAINTS ALL DEFERRED;",
            "DO $$ DECLARE t text; BEGIN "
            f"FOREACH t IN ARRAY ARRAY[{array}] LOOP "
            "EXECUTE 'DELETE FROM ' || quote_ident(t); END LOOP; END $$;",
        ]

    return sql_flush


@pytest.fixture(autouse=True, scope="session")
def _flush_by_delete() -> Iterator[None]:
    from django.db.backends.postgresql.operations import DatabaseOperations

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            DatabaseOperations,
            "sql_flush",
            _sql_delete_flush(DatabaseOperations.sql_flush),
        )
        yield


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Every test starts with an empty cache: the page cache keys on database
    ids, which repeat from one run (or transactional test) to the next."""
    cache.clear()


# --- worlds shared by a session --------------------------------------------
# Worlds saved once per session (see tests/saved_world.py) and loaded into
# each test that asks for them, by the name of their test fixture.
SHARED_WORLDS: list[str] = []


def shared_world(
    name: str,
    build: Callable[[Callable], Any],
    *,
    fetch: Callable[[Any], Any] | None = None,
    after: Sequence[str] = (),
) -> tuple[Any, Any]:
    """Declare a world built once per session (per xdist worker) and loaded
    into every test that asks for the fixture ``name``: ``build(capture)``
    writes it through the real services and returns what a test needs to
    find it again (ids), which ``fetch`` turns into fresh objects in each
    test. ``after`` names shared worlds it is built on top of: they are
    loaded first, in the build and in the test.

    Returns the session fixture and the test fixture: assign both to names
    of a conftest or test module, e.g.
    ``saved_north, north = shared_world("north", build_north)``."""
    SHARED_WORLDS.append(name)

    @pytest.fixture(scope="session", name=f"saved_{name}")
    def saved(request, django_db_setup, django_db_blocker) -> SavedWorld:
        bases = [request.getfixturevalue(f"saved_{base}") for base in after]
        with django_db_blocker.unblock():
            return save_world(build, after=bases)

    @pytest.fixture(name=name)
    def loaded(request, db):
        # saved before anything is loaded: its build loads its bases itself
        world = request.getfixturevalue(f"saved_{name}")
        for base in after:
            request.getfixturevalue(base)
        built = world.load()
        return fetch(built) if fetch else built

    return saved, loaded


def uses_shared_world(request: pytest.FixtureRequest) -> bool:
    return any(name in request.fixturenames for name in SHARED_WORLDS)


@pytest.fixture(autouse=True)
def _shared_world_first(request: pytest.FixtureRequest) -> None:
    """A test that uses a shared world loads it before any other fixture
    writes a row, and the named world's fixtures (alice, bob, charlie,
    sevens, four_teams) then return the world's rows instead of new ones."""
    names = [name for name in SHARED_WORLDS if name in request.fixturenames]
    # every world saved (built once per session) before any is loaded
    for name in names:
        request.getfixturevalue(f"saved_{name}")
    for name in names:
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
    if uses_shared_world(request) and (
        league := League.objects.filter(name=SEVENS_NAME, commissioner=alice).first()
    ):
        return league
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
    if uses_shared_world(request) and (
        teams := list(Team.objects.filter(league=sevens).order_by("pk"))
    ):
        return teams
    return sevens_teams(sevens, [bob, charlie], 4)


def build_named_world():
    """Alice commissions the Sevens league, Bob and Charlie are members (as
    the fixtures ``alice``, ``bob``, ``charlie`` and ``sevens`` make them)."""
    alice, bob, charlie = (UserFactory(username=n) for n in ("alice", "bob", "charlie"))
    league = LeagueFactory(name=SEVENS_NAME, format="sevens", commissioner=alice)
    make_member(league, bob, charlie)
    return alice, bob, charlie, league


def build_resolved_season(capture: Callable) -> int:
    """The named world (alice commissions the Sevens league, bob and charlie
    coach two teams each) with a four-team season resolved by the engine,
    every post-game step run: the id of the season."""
    _, bob, charlie, league = build_named_world()
    season = scheduled_season(league, sevens_teams(league, [bob, charlie], 4))
    resolve_all(season, capture)
    assert not season.matches.exclude(status=Match.Status.COMPLETE).exists()
    return season.pk


# A resolved four-team Sevens season (``build_resolved_season``): the named
# fixtures ``alice``, ``bob``, ``charlie``, ``sevens`` and ``four_teams``
# give its rows.
saved_resolved_season, resolved_season = shared_world(
    "resolved_season",
    build_resolved_season,
    fetch=lambda pk: Season.objects.get(pk=pk),
)


def build_api_world(capture: Callable) -> dict[str, int]:
    """The named world with ``api_world``'s teams and scheduled season."""
    _, bob, charlie, league = build_named_world()
    return api_world(league, bob, charlie).ids()


# ``api_world(sevens, bob, charlie)`` of tests/api_endpoints.py, loaded: the
# named fixtures give its rows.
saved_shared_api_world, shared_api_world = shared_world(
    "shared_api_world", build_api_world, fetch=ApiWorld.fetch
)
