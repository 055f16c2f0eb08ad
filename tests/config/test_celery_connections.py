"""A worker keeps its database connection from task to task, and drops it
only once it is broken or older than CONN_MAX_AGE (config/celery.py)."""

import time
from types import SimpleNamespace

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection, transaction

from config.celery import app, close_old_db_connections

WORKER_TASK = SimpleNamespace(request=SimpleNamespace(is_eager=False))
EAGER_TASK = SimpleNamespace(request=SimpleNamespace(is_eager=True))


@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_connection_between_tasks_until_it_is_too_old():
    if connection.vendor != "postgresql":
        pytest.skip("workers run on PostgreSQL (SQLite's test database never closes)")
    # given a worker's open connection, well within CONN_MAX_AGE
    connection.ensure_connection()
    opened = connection.connection
    connection.close_at = time.monotonic() + 60

    # when a task starts and ends (Celery's fix-up and the project's hook)
    fixup = DjangoWorkerFixup(app)
    for hook in (fixup.on_task_prerun, fixup.on_task_postrun):
        hook(sender=WORKER_TASK)
        close_old_db_connections(task=WORKER_TASK)

    # then the next task uses the same connection
    assert connection.connection is opened

    # when it has outlived CONN_MAX_AGE, then the next task start drops it
    connection.close_at = time.monotonic() - 1
    close_old_db_connections(task=WORKER_TASK)
    assert connection.connection is None


@pytest.mark.django_db
def test_an_eager_task_leaves_its_callers_transaction_alone():
    # given a caller's transaction with a connection past its age
    with transaction.atomic():
        connection.ensure_connection()
        opened = connection.connection
        connection.close_at = time.monotonic() - 1

        # when an eager task starts and ends inside it
        close_old_db_connections(task=EAGER_TASK)

        # then the transaction's connection is still there
        assert connection.connection is opened
        assert connection.in_atomic_block
