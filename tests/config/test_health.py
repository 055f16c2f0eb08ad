import os

import pytest
from django.test import override_settings


@pytest.mark.django_db
def test_healthz_reports_database_and_eager_broker(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["status"] == "ok"
    assert body["broker"] == {"status": "ok", "mode": "eager"}


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_unreachable(client):
    unreachable = "redis://127.0.0.1:1/0"

    with override_settings(
        CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL=unreachable
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down"
    assert body["database"]["status"] == "ok"
    assert body["broker"]["status"] == "down"
    assert body["broker"]["error"]


@pytest.mark.django_db
def test_healthz_refuses_writes(client):
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db
def test_healthz_reports_a_live_redis_broker(client):
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis"):
        if os.environ.get("CI"):
            pytest.fail("CI must check the live broker (CELERY_BROKER_URL unset)")
        pytest.skip("needs CELERY_BROKER_URL=redis://…")

    with override_settings(CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL=broker):
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json()["broker"] == {"status": "ok", "mode": "broker"}
