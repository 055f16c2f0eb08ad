import os

import pytest
from django.db import connection
from django.db.utils import load_backend
from django.test import override_settings


@pytest.mark.django_db
def test_healthz_reports_database_and_eager_broker(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_unreachable(client, caplog):
    unreachable = "redis://127.0.0.1:1/0"

    with override_settings(
        CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL=unreachable
    ):
        response = client.get("/healthz")

    # then only which part is down is public; why goes to the log
    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "ok", "broker": "down"}
    assert "the broker is down" in caplog.text


def _closed_database():
    """The test database's settings pointed at a closed port (PostgreSQL)
    or at a folder that does not exist (SQLite)."""
    closed = {**connection.settings_dict, "HOST": "127.0.0.1", "PORT": "1"}
    if connection.vendor == "sqlite":
        closed["NAME"] = "/nonexistent-folder/db.sqlite3"
    return load_backend(closed["ENGINE"]).DatabaseWrapper(closed, alias="closed")


@pytest.mark.django_db
def test_healthz_names_a_down_database_and_nothing_more(client, monkeypatch, caplog):
    # given a database that does not answer
    monkeypatch.setattr("config.health.connection", _closed_database())

    # when
    response = client.get("/healthz")

    # then the body says which part is down, never where it lives or why
    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "down", "broker": "ok"}
    body = response.content.decode()
    for secret in ("127.0.0.1", "port", "Connection", "nonexistent", "error"):
        assert secret not in body
    assert "the database is down" in caplog.text


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
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}
