"""A write refused to the person asking is refused before its body is read:
a stranger (signed in, neither a coach of the object nor its league's
commissioner) or an anonymous caller gets the refusal, not the body's
faults, and nothing is written."""

from __future__ import annotations

import pytest

from tests.api_endpoints import WRITE_IDS, WRITES, every_row
from tests.league.conftest import api_as

# Writes any signed-in coach may ask for: the league they concern is named
# in the body (so the body is read first), or it is the caller's own request
# to join or answer to an invitation.
OPEN_TO_ANYONE = {
    ("post", "/api/leagues/"),
    ("post", "/api/teams/"),
    ("post", "/api/teams/card/"),
    ("post", "/api/seasons/"),
    ("post", "/api/leagues/{league_id}/join/"),
    ("post", "/api/leagues/{league_id}/invitation/accept/"),
    ("post", "/api/leagues/{league_id}/invitation/decline/"),
}
GUARDED = [w for w in WRITES if w not in OPEN_TO_ANYONE]
GUARDED_IDS = [f"{method} {path}" for method, path in GUARDED]
# Wrong in every way a body can be: a field no endpoint knows, and none of
# the fields any of them requires.
BAD_BODY = {"bogus": [1]}


@pytest.fixture
def world(shared_api_world):
    return shared_api_world


def test_the_open_writes_are_writes():
    assert OPEN_TO_ANYONE <= set(WRITES)
    assert len(WRITE_IDS) == len(GUARDED) + len(OPEN_TO_ANYONE)


@pytest.mark.parametrize(("method", "path"), GUARDED, ids=GUARDED_IDS)
def test_a_stranger_with_a_bad_body_is_refused_not_told_what_it_lacks(
    world, dave, method, path
):
    # given: Dave is in neither league of the world
    before = every_row()

    # when
    response = getattr(api_as(dave), method)(world.url(path), BAD_BODY, format="json")

    # then
    assert response.status_code == 403
    (error,) = response.json()["errors"]
    assert error["code"] == "permission_denied"
    assert every_row() == before


@pytest.mark.parametrize(("method", "path"), WRITES, ids=WRITE_IDS)
def test_an_anonymous_caller_with_a_bad_body_is_refused(world, method, path):
    before = every_row()

    response = getattr(api_as(None), method)(world.url(path), BAD_BODY, format="json")

    # docs/api.md: "401 | `not_authenticated` (no credentials on a write)"
    assert response.status_code == 401
    (error,) = response.json()["errors"]
    assert error["code"] == "not_authenticated"
    assert every_row() == before
