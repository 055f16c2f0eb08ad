"""Worlds built once per test session and loaded into each test that uses
them.

Building a world through the real services (drafting teams, resolving a
season with the engine, running every post-game step) takes seconds; loading
the rows it wrote takes milliseconds. ``save_world`` builds a world once, in
a transaction that it rolls back, and keeps every row the build added;
``SavedWorld.load`` inserts those rows, with the same primary keys and
timestamps, into the current test's transaction. Each test so gets its own
copy of the world (whatever it changes is rolled back with the test), and
tests that do not ask for the world never see it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.core.cache import caches
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Field, Model
from django.test import TestCase


def _tables() -> list[type[Model]]:
    """Every model with a table of its own, many-to-many tables included."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def _contents(model: type[Model], using: str) -> dict[Any, dict[str, Any]]:
    """Every row of the model's table, by primary key."""
    pk = model._meta.pk.attname
    return {row[pk]: row for row in model._base_manager.using(using).values()}


@dataclass(frozen=True)
class SavedWorld:
    """The rows a build added, by model, and what the build returned.

    ``outside`` names, for each foreign key that points at a row the build
    did not add (a content type, say), that row by its natural key: a
    transactional test's flush re-creates such rows under other ids."""

    rows: dict[type[Model], list[Model]]
    outside: dict[tuple[type[Model], Field], dict[Any, tuple]]
    built: Any

    def _rows_here(self, model: type[Model], using: str) -> list[Model]:
        objs = self.rows[model]
        for (owner, field), keys in self.outside.items():
            if owner is not model:
                continue
            manager = field.related_model._default_manager.db_manager(using)
            now = {
                old: manager.get_by_natural_key(*key).pk for old, key in keys.items()
            }
            if any(old != new for old, new in now.items()):
                objs = [copy.copy(obj) for obj in objs]
                for obj in objs:
                    old = getattr(obj, field.attname)
                    setattr(obj, field.attname, now.get(old, old))
        return objs

    def is_loaded(self, using: str = DEFAULT_DB_ALIAS) -> bool:
        """Whether the world's rows are in the database (its first row is)."""
        for model, objs in self.rows.items():
            return model._base_manager.using(using).filter(pk=objs[0].pk).exists()
        return True

    def load(self, using: str = DEFAULT_DB_ALIAS) -> Any:
        """Insert the world's rows as they were written (same keys, same
        timestamps: ``raw``, as ``loaddata`` does) and return what the build
        returned."""
        connection = connections[using]
        # one transaction (a savepoint inside a test's): foreign keys are
        # checked at its end, so the tables may be filled in any order
        with transaction.atomic(using=using):
            for model in self.rows:
                objs = self._rows_here(model, using)
                fields = model._meta.local_concrete_fields
                size = connection.ops.bulk_batch_size(fields, objs) or len(objs)
                for start in range(0, len(objs), size):
                    model._base_manager.using(using)._insert(
                        objs[start : start + size], fields=fields, raw=True, using=using
                    )
            # a transactional test may have reset the id sequences: move
            # them past the loaded rows so that new rows never collide
            resets = connection.ops.sequence_reset_sql(no_style(), list(self.rows))
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql" and resets:
                    # one round trip, not one per table: under a busy
                    # machine's load each round trip costs milliseconds
                    cursor.execute(";\n".join(resets))
                else:
                    for sql in resets:
                        cursor.execute(sql)
        return self.built


def _outside_keys(
    rows: dict[type[Model], list[Model]],
    using: str,
    after: Sequence[SavedWorld] = (),
) -> dict[tuple[type[Model], Field], dict[Any, tuple]]:
    """The natural key of every row outside the world (and outside the
    worlds it is built ``after``, loaded with it) that a world row points
    at; a world that points at such a row without one cannot be saved."""
    outside: dict[tuple[type[Model], Field], dict[Any, tuple]] = {}
    for model, objs in rows.items():
        for field in model._meta.local_concrete_fields:
            if not field.is_relation:
                continue
            inside = {
                obj.pk
                for world in (rows, *(base.rows for base in after))
                for obj in world.get(field.related_model, [])
            }
            olds = {getattr(obj, field.attname) for obj in objs} - inside - {None}
            if not olds:
                continue
            targets = field.related_model._base_manager.using(using).in_bulk(olds)
            if not all(hasattr(t, "natural_key") for t in targets.values()):
                raise AssertionError(
                    f"{model.__name__}.{field.name} points at rows the world did "
                    f"not add and that have no natural key: {sorted(olds)[:5]}"
                )
            outside[model, field] = {k: t.natural_key() for k, t in targets.items()}
    return outside


def save_world(
    build: Callable[[Callable[..., Any]], Any],
    using: str = DEFAULT_DB_ALIAS,
    *,
    after: Sequence[SavedWorld] = (),
) -> SavedWorld:
    """Run ``build`` in a transaction that is rolled back, and keep the rows it
    added. ``build`` gets a ``capture(execute=True)`` context manager that runs
    the ``on_commit`` callbacks registered inside it (as
    ``django_capture_on_commit_callbacks`` does in a test). The build must
    only add rows: changing or deleting rows that were there before is an
    error (a loaded world could not reproduce it).

    The worlds ``after`` names are loaded first (and are not part of this
    one): the new world's rows never share a primary key with theirs, so a
    test may load them together, on any database."""
    models = _tables()

    def capture(*, execute: bool = False) -> Any:
        return TestCase.captureOnCommitCallbacks(using=using, execute=execute)

    with transaction.atomic(using=using):
        for base in after:
            # a test may have loaded it already (the build then runs in the
            # test's transaction, on a savepoint)
            if not base.is_loaded(using):
                base.load(using)
        before = {model: _contents(model, using) for model in models}
        built = build(capture)
        rows: dict[type[Model], list[Model]] = {}
        for model in models:
            kept = before[model]
            now = _contents(model, using)
            changed = [k for k, row in kept.items() if now.get(k) != row]
            if changed:
                raise AssertionError(
                    f"a saved world may only add rows: {model.__name__} "
                    f"{changed[:5]} changed or vanished"
                )
            added = sorted(set(now) - set(kept), key=str)
            if added:
                rows[model] = list(
                    model._base_manager.using(using).filter(pk__in=added).order_by("pk")
                )
        outside = _outside_keys(rows, using, after)
        transaction.set_rollback(True, using=using)
    # what the build cached (pages, selectors) names rows that are gone now
    for cache in caches.all():
        cache.clear()
    return SavedWorld(rows=rows, outside=outside, built=built)
