"""Every response carries a Permissions-Policy that switches off the browser
features the site never uses (camera, microphone, geolocation, payment ...):
pages, the API, its refusals, redirects and the healthcheck."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from config.middleware import permissions_policy

POLICY = (
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), "
    "encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), "
    "magnetometer=(), microphone=(), midi=(), payment=(), "
    "picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), "
    "usb=(), xr-spatial-tracking=()"
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/", 200),
        ("get", "/leagues/", 200),
        ("get", "/accounts/login/", 200),
        ("get", "/teams/abc/", 404),
        ("get", "/api/", 200),
        ("get", "/api/formats/", 200),
        ("get", "/api/docs/", 200),
        ("get", "/api/nope/", 404),
        ("post", "/api/leagues/", 401),
        ("delete", "/api/formats/", 405),
        ("get", "/api/teams/?coach=%00", 400),
        ("get", "/healthz", 200),
    ],
)
def test_every_response_carries_the_permissions_policy(method, path, status):
    response = getattr(Client(raise_request_exception=False), method)(path)

    assert response.status_code == status
    assert response["Permissions-Policy"] == POLICY


@pytest.mark.django_db
def test_the_https_redirect_carries_it_too():
    with override_settings(SECURE_SSL_REDIRECT=True):
        response = Client().get("/leagues/")

    assert response.status_code == 301
    assert response["Permissions-Policy"] == POLICY


def test_the_policy_header_lists_each_feature_with_its_origins():
    assert permissions_policy({"camera": [], "fullscreen": ["self"]}) == (
        "camera=(), fullscreen=(self)"
    )
