"""Health of the parts Dugout depends on: the database and the task broker.

``/healthz`` is public, so it says only which part is up or down; why a part
is down (its error names hosts and ports) goes to the log.
"""

from __future__ import annotations

import logging
from typing import Literal

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe
from kombu import Connection

logger = logging.getLogger(__name__)

Status = Literal["ok", "down"]


def database_status() -> Status:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        logger.warning("health: the database is down: %s: %s", type(exc).__name__, exc)
        return "down"
    return "ok"


def broker_status() -> Status:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "ok"  # tasks run in-process: there is no broker to reach
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        logger.warning("health: the broker is down: %s: %s", type(exc).__name__, exc)
        return "down"
    return "ok"


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    parts = {"database": database_status(), "broker": broker_status()}
    healthy = all(status == "ok" for status in parts.values())
    return JsonResponse(
        {"status": "ok" if healthy else "down", **parts},
        status=200 if healthy else 503,
    )
