"""An ASGI server (Daphne) for the browser tests that need the live match's
websocket: pytest-django's ``live_server`` speaks HTTP only.

``asgi_server`` starts Daphne in a child process on the test database (the
test's writes are committed: the tests using it are transactional), serving
the pages over HTTP and the live matches over websockets; the pages'
static files come from WhiteNoise, as in the test settings. The child runs
the test settings: Celery tasks eager, the in-memory channel layer (one
process serves both the decisions and the sockets)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _database_url() -> str:
    d = connection.settings_dict
    user = d.get("USER") or "postgres"
    password = f":{d['PASSWORD']}" if d.get("PASSWORD") else ""
    host = d.get("HOST") or "127.0.0.1"
    port = d.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{d['NAME']}"


@pytest.fixture
def asgi_server(transactional_db):
    """The base URL of a Daphne server over the test database."""
    if connection.vendor != "postgresql":
        pytest.skip("the ASGI server shares the test database: PostgreSQL only")
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.web.asgi_settings",
        "DATABASE_URL": _database_url(),
    }
    env.pop("CHANNEL_LAYER_URL", None)
    log = tempfile.TemporaryFile()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                server.wait()
                log.seek(0)
                err = log.read().decode(errors="replace")[-2000:]
                raise RuntimeError(f"Daphne did not start: {err}") from None
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    # the server's log, shown with a failing test's output
    log.seek(0)
    print(log.read().decode(errors="replace")[-20_000:])
    log.close()
