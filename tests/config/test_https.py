"""Behind the TLS proxy (the production shape): plain HTTP is redirected to
HTTPS, except the container's own healthcheck; HTTPS answers carry HSTS."""

import pytest
from django.test import Client, override_settings

PRODUCTION = {
    "SECURE_SSL_REDIRECT": True,
    "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
    "SECURE_HSTS_SECONDS": 31_536_000,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
}


@pytest.fixture
def client():
    with override_settings(**PRODUCTION):
        yield Client()  # the security middleware reads the settings at start


@pytest.mark.django_db
def test_plain_http_is_redirected_to_https(client):
    response = client.get("/leagues/")

    assert response.status_code == 301
    assert response["Location"] == "https://testserver/leagues/"


@pytest.mark.django_db
def test_https_through_the_proxy_carries_hsts(client):
    response = client.get("/leagues/", HTTP_X_FORWARDED_PROTO="https")

    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == (
        "max-age=31536000; includeSubDomains"
    )


@pytest.mark.django_db
def test_the_containers_healthcheck_is_answered_over_plain_http(client):
    assert client.get("/healthz").status_code == 200
