"""The embedded default (SQLite) with more than one writer at once: the demo
resolves its later seasons and computes forecasts in background processes
while the server answers requests, all on one database file. Each side
here is a process of its own, configured by the real settings from
``DATABASE_URL``."""

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from config.env import database_from_url

ROOT = Path(__file__).resolve().parents[2]

# A match resolve: it writes the kick-off, plays the engine (here: waits a
# moment for the other side to read), then writes the result.
RESOLVE = """
import django, os, time
from pathlib import Path
django.setup()
from django.db import connection, transaction
flags = Path(os.environ["FLAGS"])
with transaction.atomic():
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO fixture (note) VALUES ('kick-off')")
    (flags / "holding").touch()
    deadline = time.monotonic() + 1
    while not (flags / "read").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO fixture (note) VALUES ('result')")
"""

# A forecast: it reads whether the match is still scheduled, then stores
# what it computed, in one transaction.
FORECAST = """
import django, os, time
from pathlib import Path
django.setup()
from django.db import connection, transaction
flags = Path(os.environ["FLAGS"])
while not (flags / "holding").exists():
    time.sleep(0.01)
with transaction.atomic():
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM fixture")
        (flags / "read").touch()
        cursor.execute("INSERT INTO fixture (note) VALUES ('forecast')")
"""


def test_sqlite_settings_let_writers_wait_for_each_other():
    entry = database_from_url("sqlite:///db.sqlite3", base_dir=Path("/proj"))

    # a writer waits for the one holding the lock (an engine game can take
    # seconds on a busy machine), takes the lock when its transaction
    # begins (so it never has to upgrade a read lock, which SQLite refuses
    # at once when another writer got there first), and readers never wait
    # for a writer (write-ahead log)
    assert entry["OPTIONS"] == {
        "timeout": 60,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }


def test_two_processes_writing_at_once_both_commit(tmp_path: Path):
    # given the embedded default's database file
    db = tmp_path / "db.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE fixture (id INTEGER PRIMARY KEY, note TEXT)")
    flags = tmp_path / "flags"
    flags.mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "True",
        "DATABASE_URL": f"sqlite:///{db}",
        "CELERY_BROKER_URL": "",
        "FLAGS": str(flags),
    }

    # when a resolve holds the write lock while a forecast reads, then writes
    def run(script: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    resolve = run(RESOLVE)
    forecast = run(FORECAST)
    outputs = [p.communicate(timeout=120)[0] for p in (resolve, forecast)]

    # then neither failed ("database is locked"), and every row is in
    assert [resolve.returncode, forecast.returncode] == [0, 0], outputs
    with sqlite3.connect(db) as conn:
        notes = [n for (n,) in conn.execute("SELECT note FROM fixture ORDER BY id")]
    assert notes == ["kick-off", "result", "forecast"]


def test_a_reader_does_not_wait_for_a_writer_to_commit(tmp_path: Path):
    # given a database in the embedded default's journal mode, and a writer
    # in the middle of committing a large transaction
    entry = database_from_url(f"sqlite:///{tmp_path}/db.sqlite3", base_dir=tmp_path)
    writer = sqlite3.connect(entry["NAME"], isolation_level=None, timeout=0)
    writer.execute(entry["OPTIONS"]["init_command"])
    writer.execute("CREATE TABLE fixture (id INTEGER PRIMARY KEY, note TEXT)")
    writer.execute("INSERT INTO fixture (note) VALUES ('before')")
    writer.execute("BEGIN IMMEDIATE")
    writer.executemany("INSERT INTO fixture (note) VALUES (?)", [("x" * 1000,)] * 5000)

    # when a reader reads meanwhile, unwilling to wait at all
    reader = sqlite3.connect(entry["NAME"], isolation_level=None, timeout=0)
    started = time.monotonic()
    (count,) = reader.execute("SELECT COUNT(*) FROM fixture").fetchone()

    # then it reads at once what was committed before
    assert count == 1
    assert time.monotonic() - started < 1
    writer.execute("COMMIT")
    assert reader.execute("SELECT COUNT(*) FROM fixture").fetchone() == (5001,)
    writer.close()
    reader.close()
