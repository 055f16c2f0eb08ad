"""Starting and stopping real Celery worker processes (benchmarks, tests)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def current_database_url() -> str:
    """The URL of the database this process uses (for a worker to share)."""
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        raise RuntimeError("real workers need PostgreSQL (set DATABASE_URL)")
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


def task_queues() -> list[str]:
    """Every queue a task goes to: the default one and each routed one."""
    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    return sorted(routed | {settings.CELERY_TASK_DEFAULT_QUEUE})


def worker_start(
    *,
    log_path: Path,
    concurrency: int = 1,
    env: Mapping[str, str] | None = None,
    ready_timeout: float = 60,
    queues: Sequence[str] | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``celery worker`` on this process's database and broker and
    wait until it says it is ready. It consumes ``queues``, by default
    every queue (:func:`task_queues`)."""
    full_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "True",
        "DATABASE_URL": current_database_url(),
        **(env or {}),
    }
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("wb")
    pool = (
        ["--pool", "solo"] if concurrency == 1 else ["--concurrency", str(concurrency)]
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            *pool,
            "--queues",
            ",".join(queues or task_queues()),
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
        ],
        cwd=ROOT,
        env=full_env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log.close()
    deadline = time.monotonic() + ready_timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"celery worker exited early:\n{log_path.read_text()}")
        if b"ready." in log_path.read_bytes():
            return proc
        time.sleep(0.1)
    worker_stop(proc)
    raise RuntimeError(
        f"celery worker not ready in {ready_timeout}s:\n{log_path.read_text()}"
    )


def worker_stop(proc: subprocess.Popen[bytes], *, timeout: float = 20) -> None:
    """Stop a worker (and its pool children) politely, then firmly."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait(timeout=timeout)
    except ProcessLookupError:
        pass
