"""The Celery application. Settings come from Django's, prefixed ``CELERY_``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
