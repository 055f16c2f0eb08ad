"""Cached reads of what changes only when a write lands in a league.

Every league has a *generation*, a number kept in the cache. Cached team
sheets, standings and rendered page fragments carry the generation in their
keys, and every write service that changes what a page shows calls
:func:`league_cache_bump` with the league it wrote to: once its transaction
commits, the generation moves on, so every key of the old generation is
never read again (they expire). Nothing is deleted key by key, and there is
no list of pages to keep in step with the writes.

Decision: one generation per league, not one per team. A purchase by one
team also empties the cache of its league's other teams; writes are rare
next to reads, and one number per league leaves no place where a team's
change could miss the league page (its table of teams, TV and treasury) or
the other way round.

Ordering makes it safe without locks: a reader reads the generation before
it reads the database, and a bump happens after the commit. A reader that
read the old generation may store what it built under the old key, which no
one reads again; a reader that read the new one sees the committed data.

Only data and fragments that are the same for every user are cached; the
per-user parts of a page (its controls, CSRF tokens, the user's name) are
rendered for each request.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import cast

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

PREFIX = "dugout:page"
# Old generations' entries are never read again; they only wait to expire.
TIMEOUT = 24 * 3600
_MISSING = object()


def page_cache_enabled() -> bool:
    return bool(getattr(settings, "PAGE_CACHE", False))


def _generation_key(league_id: int) -> str:
    return f"{PREFIX}:gen:{league_id}"


def _fresh() -> int:
    # A generation that no earlier one of this league can equal, even after
    # the cache lost the key (eviction, restart) while old entries lived on:
    # earlier ones started at an earlier clock reading and grew by one per
    # write.
    return time.time_ns()


def league_generation(league_id: int) -> int:
    key = _generation_key(league_id)
    generation = cache.get(key)
    if generation is None:
        cache.add(key, _fresh(), timeout=None)
        generation = cache.get(key)
    return int(generation)


def _bump_now(league_id: int) -> None:
    key = _generation_key(league_id)
    try:
        cache.incr(key)
    except ValueError:  # no generation yet (or evicted): start a new one
        cache.add(key, _fresh(), timeout=None)


def league_cache_bump(league_id: int | None) -> None:
    """Move ``league_id``'s generation on now and again once the current
    transaction commits.

    The bump after the commit is the one that matters: a reader that read
    the generation while the transaction was still open may have cached the
    old rows under it. The bump at once keeps a reader inside the same
    transaction (a test case, a service reading back what it wrote) from
    seeing the generation it read before the write."""
    if league_id is None:
        return
    _bump_now(league_id)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(partial(_bump_now, league_id))


def leagues_cache_bump(league_ids: Iterable[int | None]) -> None:
    for league_id in set(league_ids):
        league_cache_bump(league_id)


@functools.cache
def code_fingerprint() -> str:
    """A digest of the code and templates that build cached values.

    Decision: entries carry it in their keys, so a deploy that changes a
    template, a serializer or the shape of a cached object never reads what
    the old code stored (a stale page, or an object without a new field),
    with nobody having to remember to flush the cache. Every process of one
    release computes the same digest, once."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.sha1(usedforsecurity=False)
    for folder in ("config", "engine", "league", "matches", "templates"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".html") and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def league_cached[T](league_id: int, name: str, build: Callable[[], T]) -> T:
    """``build()``, cached for ``league_id``'s current generation under
    ``name`` (which must name everything else the value depends on)."""
    if not page_cache_enabled():
        return build()
    # The generation first, then the database (see the module docstring).
    generation = league_generation(league_id)
    key = f"{PREFIX}:{code_fingerprint()}:{league_id}:{generation}:{name}"
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = build()
        cache.set(key, value, TIMEOUT)
    return cast(T, value)


def object_cached[T](
    kind: str,
    pk: int,
    league_of: Callable[[], int | None],
    name: str,
    build: Callable[[], T],
) -> T:
    """``build()`` for one team or season (``kind``), cached for its
    league's generation; ``league_of()`` finds that league the first time.
    An object that does not exist is left to ``build`` to refuse."""
    if not page_cache_enabled():
        return build()
    league_id = league_id_cached(kind, pk, league_of)
    if league_id is None:
        return build()
    return league_cached(league_id, f"{kind}:{pk}:{name}", build)


def is_cache_bump(callback: Callable[[], object]) -> bool:
    """Whether an ``on_commit`` callback is one of this module's bumps (for
    tests that count what a transaction leaves to do after its commit)."""
    return getattr(callback, "func", None) is _bump_now


def league_id_cached(
    kind: str, pk: int, lookup: Callable[[], int | None]
) -> int | None:
    """The league a team or season belongs to (which never changes), cached
    for good; ``None`` (not cached) when ``lookup`` finds no such object."""
    if not page_cache_enabled():
        return lookup()
    key = f"{PREFIX}:{kind}-league:{pk}"
    league_id: int | None = cache.get(key)
    if league_id is None:
        league_id = lookup()
        if league_id is not None:
            cache.set(key, league_id, None)
    return league_id


def _forget_now(kind: str, pk: int) -> None:
    cache.delete(f"{PREFIX}:{kind}-league:{pk}")


def league_id_forget(kind: str, pk: int) -> None:
    """Drop the cached league of a team or season (an admin may move it),
    once the current transaction commits."""
    transaction.on_commit(partial(_forget_now, kind, pk))
