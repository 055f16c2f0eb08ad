import pytest
from django.contrib.auth import get_user_model

from config.celery import health_ping_task


@pytest.mark.worker
def test_a_real_worker_runs_a_task_on_redis_and_postgres(celery_worker_process):
    # given a committed row the worker can only see through PostgreSQL
    get_user_model().objects.create_user("worker-witness")

    # when a task is published to Redis and consumed by the worker process
    result = health_ping_task.delay()

    # then the worker answered with its own view of the same database
    assert result.get(timeout=60) == {
        "status": "ok",
        "vendor": "postgresql",
        "users": "1",
    }
    assert celery_worker_process.poll() is None
