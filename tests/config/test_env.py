import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.env import (
    ImproperEnv,
    cache_from_url,
    database_from_url,
    envbool,
    envint,
    envrate,
)

ROOT = Path(__file__).resolve().parents[2]


def test_postgres_url_becomes_a_database_entry():
    entry = database_from_url(
        "postgres://u:p%40ss@db.local:5433/dugout", base_dir=Path("/x")
    )

    assert entry["ENGINE"] == "django.db.backends.postgresql"
    assert (entry["NAME"], entry["USER"], entry["PASSWORD"]) == ("dugout", "u", "p@ss")
    assert (entry["HOST"], entry["PORT"]) == ("db.local", "5433")


def test_relative_sqlite_url_lives_in_the_project_folder():
    entry = database_from_url("sqlite:///db.sqlite3", base_dir=Path("/proj"))

    assert entry["ENGINE"] == "django.db.backends.sqlite3"
    assert entry["NAME"] == "/proj/db.sqlite3"


def test_absolute_sqlite_url_is_kept():
    entry = database_from_url("sqlite:////var/data/x.db", base_dir=Path("/proj"))

    assert entry["NAME"] == "/var/data/x.db"


def test_unknown_database_scheme_is_refused():
    with pytest.raises(ImproperEnv, match="mysql"):
        database_from_url("mysql://x/y", base_dir=Path("/proj"))


@pytest.mark.parametrize(
    ("raw", "expected"), [("True", True), ("False", False), ("", True)]
)
def test_envbool_parses_strictly(monkeypatch, raw, expected):
    monkeypatch.setenv("SOME_FLAG", raw)

    assert envbool("SOME_FLAG", True) is expected


def test_envbool_refuses_typos(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "ture")

    with pytest.raises(ImproperEnv, match="SOME_FLAG"):
        envbool("SOME_FLAG", False)


def test_envint_refuses_words(monkeypatch):
    monkeypatch.setenv("SOME_INT", "ten")

    with pytest.raises(ImproperEnv, match="SOME_INT"):
        envint("SOME_INT", 1)


def test_no_cache_url_means_a_cache_per_process():
    assert cache_from_url("") == {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache"
    }


def test_a_redis_cache_url_selects_redis():
    assert cache_from_url("redis://redis:6379/1") == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://redis:6379/1",
    }


def test_unknown_cache_scheme_is_refused():
    with pytest.raises(ImproperEnv, match="memcached"):
        cache_from_url("memcached://x:11211")


@pytest.mark.parametrize("raw", ["120/min", "5/s", "1000/day", "10/hour"])
def test_envrate_takes_drf_rates(monkeypatch, raw):
    monkeypatch.setenv("SOME_RATE", raw)

    assert envrate("SOME_RATE", "1/min") == raw


@pytest.mark.parametrize("raw", ["120", "120/fortnight", "many/min", "120 / min"])
def test_envrate_refuses_what_drf_would_misread(monkeypatch, raw):
    monkeypatch.setenv("SOME_RATE", raw)

    with pytest.raises(ImproperEnv, match="SOME_RATE"):
        envrate("SOME_RATE", "1/min")


def _celery_settings(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh process with only ``env`` set and
    print the broker transport options."""
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import config.settings as s; print(s.CELERY_BROKER_TRANSPORT_OPTIONS)",
        ],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DEBUG": "True", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_visibility_timeout_is_twice_the_hard_time_limit_by_default():
    default = _celery_settings()
    longer = _celery_settings(CELERY_TASK_TIME_LIMIT="900")

    assert default.returncode == 0, default.stderr
    assert ast.literal_eval(default.stdout)["visibility_timeout"] == 600
    assert ast.literal_eval(longer.stdout)["visibility_timeout"] == 1800


@pytest.mark.parametrize("timeout", ["300", "60"])
def test_a_visibility_timeout_within_the_hard_time_limit_is_refused(timeout):
    proc = _celery_settings(CELERY_VISIBILITY_TIMEOUT=timeout)

    assert proc.returncode != 0
    assert "CELERY_VISIBILITY_TIMEOUT" in proc.stderr
    assert "must exceed CELERY_TASK_TIME_LIMIT (300)" in proc.stderr
