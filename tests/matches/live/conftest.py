"""A Sevens fixture between Bob's Orcs (home) and Charlie's Humans, and a
helper that plays a live match through the services."""

from __future__ import annotations

import pytest

from matches.live import services
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, side_coach_id
from matches.live.services import live_match_decide
from tests.factories import draft_team
from tests.matches.conftest import one_match

# The live games' own seed, drawn in secret by the service: fixed here so
# each test plays the same game every run.
LIVE_SEED = 31


@pytest.fixture(autouse=True)
def _live_seed(monkeypatch):
    monkeypatch.setattr(services, "_secret_seed", lambda: LIVE_SEED)


@pytest.fixture
def fixture_match(sevens, bob, charlie):
    home = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    return one_match(sevens, home, away, seed=31)


def quick_choice(options) -> int:
    """The option a hurried coach takes: end the turn when he may, else the
    first one offered."""
    for i, option in enumerate(options):
        if option == ("end_turn",):
            return i
    return 0


def play_out(live: LiveMatch, users: dict[int, object], limit: int = 2000) -> int:
    """Make every coach's decision through the service until the match is
    over; returns how many the coaches made."""
    made = 0
    while not live.over:
        m = live_engine(live)
        d = m.pending
        user = users[side_coach_id(live, d.team)]
        live = live_match_decide(
            live_id=live.pk,
            user=user,
            option_index=quick_choice(d.options),
            at=len(live.decisions),
        )
        made += 1
        assert made < limit
    return made


def refused_code(response) -> str:
    """The code of a live JSON refusal, checking it has the API's error
    shape: ``{"errors": [{"code", "field", "message"}]}`` and nothing else."""
    return refusal(response)["code"]


def refusal(response) -> dict:
    """The one error of a live JSON refusal, in the API's shape."""
    body = response.json()
    assert set(body) == {"errors"}, body
    (error,) = body["errors"]
    assert set(error) == {"code", "field", "message"}, error
    assert error["message"], error
    return error
