"""The Celery application. Settings come from Django's, prefixed ``CELERY_``."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Tasks of the apps' packages (each concern's own tasks module).
app.autodiscover_tasks(["league.notifications"])


@task_prerun.connect
@task_postrun.connect
def close_old_db_connections(task: object = None, **kwargs: object) -> None:
    """Keep a worker's database connection from task to task, as Django does
    from request to request: close it only once it errored or is older than
    ``CONN_MAX_AGE`` (a health check runs before it is used again).

    Celery's own Django fix-up would close it after every task (a new
    PostgreSQL connection per post-game step); ``CELERY_DB_REUSE_MAX`` in
    the settings turns that off, and this takes its place. Eager tasks run
    inside the caller's transaction and are left alone.
    """
    request = getattr(task, "request", None)
    if getattr(request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@app.task(name="config.health_ping_task")
def health_ping_task() -> dict[str, str]:
    """Answer from a worker with its view of the database.

    Used by ``/healthz`` consumers and by the test that proves a real worker
    runs tasks against the real broker and database.
    """
    from django.contrib.auth import get_user_model
    from django.db import connection

    from config.health import database_status

    return {
        "status": database_status(),
        "vendor": connection.vendor,
        "users": str(get_user_model().objects.count()),
    }
