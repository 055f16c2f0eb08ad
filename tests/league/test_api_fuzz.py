"""Schemathesis fuzzes every operation of the OpenAPI schema, as an
authenticated coach, and no request may get a 5xx answer."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from config.wsgi import application

# Loaded at import (pytest-django has configured Django by then): the
# fixture-based loader of schemathesis does not work with pytest 9.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """Requests go straight to the WSGI app, whose request signals would close
    the connection that holds the test's transaction; Django's own test
    client disconnects the same handler."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def bob_token(bob_orcs, charlie_humans, bob):
    return Token.objects.create(user=bob).key


@schema.parametrize()
# derandomize: the same examples on every run, so a red CI run can be
# reproduced (issue 11); a deeper random run is still to be added.
@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_gets_a_server_error(case, bob_token):
    case.call_and_validate(
        headers={"Authorization": f"Token {bob_token}"}, checks=[not_a_server_error]
    )
