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


def _entry_key(name: str) -> str:
    return f"{PREFIX}:{code_fingerprint()}:{name}"


def _hit(entry: object, league_id: int, generation: int) -> bool:
    return isinstance(entry, tuple) and entry[0] == (league_id, generation)


def league_cached[T](league_id: int, name: str, build: Callable[[], T]) -> T:
    """``build()``, cached for ``league_id``'s current generation under
    ``name`` (which must name everything else the value depends on).

    One round trip on a hit: the generation and the entry, which records
    the generation it was built in, come in one read."""
    if not page_cache_enabled():
        return build()
    gen_key, key = _generation_key(league_id), _entry_key(f"{league_id}:{name}")
    # The generation first, then the database (see the module docstring).
    found = cache.get_many([gen_key, key])
    generation = found.get(gen_key)
    if generation is None:
        # No generation yet. Start one only once the build has found the
        # league: requests for ids that do not exist must not fill the
        # cache with keys that never expire.
        candidate = _fresh()
        value = build()
        if cache.add(gen_key, candidate, timeout=None):
            cache.set(key, ((league_id, candidate), value), TIMEOUT)
        return value
    entry = found.get(key)
    if _hit(entry, league_id, generation):
        return cast(T, entry[1])  # type: ignore[index]
    value = build()
    cache.set(key, ((league_id, generation), value), TIMEOUT)
    return value


def object_cached[T](
    kind: str,
    pk: int,
    league_of: Callable[[], int | None],
    name: str,
    build: Callable[[], T],
) -> T:
    """``build()`` for one team or season (``kind``), cached for its
    league's generation. The entry records its league, so a hit takes two
    reads (the entry, then that league's generation); a miss asks
    ``league_of()`` first. An object that does not exist is left to
    ``build`` to refuse, and nothing is cached for it."""
    if not page_cache_enabled():
        return build()
    key = _entry_key(f"{kind}:{pk}:{name}")
    entry = cache.get(key)
    if isinstance(entry, tuple):
        (league_id, generation), value = entry
        if league_generation(league_id) == generation:
            return cast(T, value)
    league_id = league_of()
    if league_id is None:
        return build()
    generation = league_generation(league_id)  # before the database
    value = build()
    cache.set(key, ((league_id, generation), value), TIMEOUT)
    return value


def is_cache_bump(callback: Callable[[], object]) -> bool:
    """Whether an ``on_commit`` callback is one of this module's bumps (for
    tests that count what a transaction leaves to do after its commit)."""
    return getattr(callback, "func", None) is _bump_now
