"""Schemathesis over the whole API, with every check (status codes, content
types, headers, response schemas, invalid input refused, valid input
accepted, stateful checks), as a coach and anonymously, through every
phase: the schema's examples, the coverage of its constraints, random
fuzzing, and stateful sequences that follow the schema's links.

CI runs a bounded, derandomized run: the same cases on every run, so a red
run can be reproduced. ``make fuzz`` runs the same tests deeper with a
random seed, printed, that ``FUZZ_SEED=...`` replays (docs/api.md, "The
schema is a contract").
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import seed as hypothesis_seed
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig

import tests.contract.checks  # noqa: F401  (registers the check)
from config.wsgi import application

ROOT = Path(__file__).resolve().parents[2]
DEEP = os.environ.get("FUZZ") == "deep"
# CI's fixed seed; `make fuzz` draws one and prints it.
SEED = int(os.environ["FUZZ_SEED"]) if DEEP else 11
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or (100 if DEEP else 5))
STEPS = int(os.environ.get("FUZZ_STATEFUL") or (100 if DEEP else 15))


# The coach's token, named in the configuration like the command line's
# -H, so the ignored_auth check knows the credentials are real ones.
COACH_TOKEN = "contract-fuzz-coach-token"


def _schema(
    *, coverage: bool, headers: dict[str, str]
) -> schemathesis.schemas.BaseSchema:
    config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
    config.update(seed=SEED, max_failures=None)
    config.projects.default.update(headers=headers)
    config.projects.default.phases.coverage.enabled = coverage
    # Loaded at import (pytest-django has configured Django by then): the
    # fixture-based loader of schemathesis does not work with pytest 9.
    return schemathesis.openapi.from_wsgi("/api/schema/", application, config=config)


coach_schema = _schema(coverage=True, headers={"Authorization": f"Token {COACH_TOKEN}"})
# Anonymous, a write is a 401 before its body is read and a read is the
# coach's read: the coverage phase's hundreds of boundary bodies would only
# repeat the coach's run. Examples and fuzzing still try every operation.
anonymous_schema = _schema(coverage=False, headers={})

HYPOTHESIS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not DEEP,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def _seeded(test):
    return hypothesis_seed(SEED)(test) if DEEP else test


@pytest.fixture(autouse=True)
def production_like(settings):
    """Requests go straight to the WSGI app, whose request signals would close
    the connection that holds the test's transaction (Django's own test
    client disconnects the same handler); and the API answers as in
    production, where an unknown path is a JSON 404, not DEBUG's page."""
    settings.DEBUG = False
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(bob_orcs, charlie_humans, bob):
    """Bob coaches a Sevens team, Charlie a Blood Bowl one; Bob's token is
    the coach's credentials."""
    Token.objects.create(user=bob, key=COACH_TOKEN)


@coach_schema.parametrize()
@HYPOTHESIS
@_seeded
def test_every_operation_keeps_its_contract_for_a_coach(case, world):
    case.call_and_validate()


@anonymous_schema.parametrize()
@HYPOTHESIS
@_seeded
def test_every_operation_keeps_its_contract_anonymously(case, world):
    case.call_and_validate()


@pytest.mark.parametrize(
    "schema", [coach_schema, anonymous_schema], ids=["coach", "anonymous"]
)
def test_stateful_sequences_keep_the_contract(schema, world):
    workflow = schema.as_state_machine()
    run_settings = settings(HYPOTHESIS, max_examples=STEPS, stateful_step_count=6)
    _seeded(workflow).run(settings=run_settings)
