"""Health of the parts Dugout depends on: the database and the task broker."""

from __future__ import annotations

from typing import TypedDict

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET
from kombu import Connection


class ComponentStatus(TypedDict, total=False):
    status: str
    vendor: str
    mode: str
    error: str


def database_status() -> ComponentStatus:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        return {"status": "down", "vendor": connection.vendor, "error": str(exc)}
    return {"status": "ok", "vendor": connection.vendor}


def broker_status() -> ComponentStatus:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"status": "ok", "mode": "eager"}
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        return {"status": "down", "mode": "broker", "error": str(exc)}
    return {"status": "ok", "mode": "broker"}


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    components = {"database": database_status(), "broker": broker_status()}
    healthy = all(c["status"] == "ok" for c in components.values())
    return JsonResponse(
        {"status": "ok" if healthy else "down", **components},
        status=200 if healthy else 503,
    )
