"""Shared fixtures: the named world (Alice commissions the leagues, Bob and
Charlie coach in them as members, Dave is an outsider) and a real Celery worker process for the
tests that need one."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection

from matches.workers import worker_start, worker_stop
from tests.factories import LeagueFactory, UserFactory, draft_team, make_member

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


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

    proc = worker_start(log_path=ARTIFACTS / "celery-worker.log")
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


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def charlie(db):
    return UserFactory(username="charlie")


@pytest.fixture
def dave(db):
    return UserFactory(username="dave")


@pytest.fixture
def sevens(alice, bob, charlie):
    league = LeagueFactory(name="Sevens Cup", format="sevens", commissioner=alice)
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
