"""The database a transactional test leaves is emptied by DELETE
(tests/conftest.py, ``_flush_by_delete``), not by Django's TRUNCATE of every
table: the tables must end as empty."""

from __future__ import annotations

import os
import re

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection

from matches.models import Match, MatchEvent


def _tables_with_rows() -> list[str]:
    return [
        model._meta.db_table
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed
        and not model._meta.proxy
        and model._base_manager.exists()
    ]


@pytest.mark.django_db(transaction=True)
def test_the_flush_empties_every_table(resolved_season):
    # given: a resolved season's rows, foreign keys between them
    assert Match.objects.filter(season=resolved_season).count() == 6
    assert MatchEvent.objects.exists()
    assert "league_league" in _tables_with_rows()

    # when: the flush that ends a transactional test (without re-creating
    # the content types and permissions after it)
    call_command("flush", interactive=False, verbosity=0, inhibit_post_migrate=True)

    # then
    assert _tables_with_rows() == []


@pytest.mark.django_db(transaction=True)
def test_the_flush_locks_and_deletes_from_every_table():
    if connection.vendor != "postgresql":
        reason = "the DELETE flush replaces PostgreSQL's TRUNCATE"
        if os.environ.get("CI"):
            pytest.fail(f"CI runs on PostgreSQL: {reason}")
        pytest.skip(reason)
    tables = connection.introspection.django_table_names(only_existing=True)
    assert "league_league" in tables

    # when
    lock, defer, delete = connection.ops.sql_flush(no_style(), tables)

    # then: every table locked against writers, the foreign keys deferred,
    # every table deleted from
    listed = lock.removeprefix("LOCK TABLE ").removesuffix(" IN EXCLUSIVE MODE;")
    assert sorted(name.strip('"') for name in listed.split(", ")) == sorted(tables)
    assert defer == "SET CONSTRAINTS ALL DEFERRED;"
    array = re.search(r"ARRAY\[(.*?)\]", delete)
    assert array is not None
    assert sorted(name.strip("'") for name in array[1].split(", ")) == sorted(tables)
    # a flush that resets the sequences is still Django's TRUNCATE
    (truncate,) = connection.ops.sql_flush(no_style(), tables, reset_sequences=True)
    assert truncate.startswith("TRUNCATE ")
    assert "RESTART IDENTITY" in truncate
