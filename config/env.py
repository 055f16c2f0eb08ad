"""Strict parsing of environment variables for settings.

Every deployment difference is read from the environment through these
helpers, so a typo such as ``DEBUG=ture`` fails loudly instead of silently
meaning False.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit


class ImproperEnv(ValueError):
    """An environment variable holds a value the settings cannot use."""


def envbool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw in ("True", "true", "1"):
        return True
    if raw in ("False", "false", "0"):
        return False
    raise ImproperEnv(f"{name} must be True or False, not {raw!r}")


def envint(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperEnv(f"{name} must be an integer, not {raw!r}") from exc


def envstr(name: str, default: str = "") -> str:
    """A string setting; ``NAME_FILE`` (a path) wins over ``NAME`` for secrets."""
    file_path = os.environ.get(f"{name}_FILE")
    if file_path:
        return Path(file_path).read_text().strip()
    return os.environ.get(name, default)


_RATE = re.compile(r"[0-9]+/(s|sec|second|m|min|minute|h|hour|d|day)")


def envrate(name: str, default: str) -> str:
    """A request rate in DRF's notation, such as ``120/min``."""
    raw = os.environ.get(name) or default
    if not _RATE.fullmatch(raw):
        raise ImproperEnv(f"{name} must be a rate such as 120/min, not {raw!r}")
    return raw


def check_secret_key(key: str) -> None:
    """Refuse a key that Django's deploy check calls weak (security.W009):
    under 50 characters, under 5 distinct ones, or startproject's
    development key; the example file's placeholder is one of them."""
    if len(key) < 50 or len(set(key)) < 5 or key.startswith("django-insecure-"):
        raise ImproperEnv(
            "SECRET_KEY must be a long random string (50 characters or more): "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )


def envlist(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# SQLite with several writers at once: ``make demo`` resolves seasons and
# computes forecasts in background processes while the server answers. A
# writer waits up to a minute for the one holding the lock (which holds it
# for the length of an engine game); a transaction takes the lock when it
# begins, since SQLite refuses at once (no waiting) to turn a transaction's
# read into a write after another writer has committed; and with the
# write-ahead log, readers never wait for a writer.
SQLITE_OPTIONS = {
    "timeout": 60,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL;",
}


def database_from_url(url: str, *, base_dir: Path) -> dict[str, Any]:
    """Turn ``postgres://user:pass@host:port/name`` or ``sqlite:///path`` into
    a Django ``DATABASES`` entry."""
    parts = urlsplit(url)
    if parts.scheme in ("postgres", "postgresql", "pgsql"):
        options = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
    if parts.scheme == "sqlite":
        raw_path = unquote(parts.path)
        # sqlite:///db.sqlite3 is relative to the project, sqlite:////abs is absolute
        path = Path(raw_path[1:])
        if not path.is_absolute():
            path = base_dir / path
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    raise ImproperEnv(f"DATABASE_URL scheme {parts.scheme!r} is not supported")


def cache_from_url(url: str) -> dict[str, Any]:
    """``redis://host:6379/1`` selects Redis; empty (or ``locmem://``) the
    in-process memory cache, which each process keeps to itself."""
    scheme = urlsplit(url).scheme
    if scheme in ("", "locmem"):
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if scheme in ("redis", "rediss"):
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
        }
    raise ImproperEnv(f"CACHE_URL scheme {scheme!r} is not supported")
