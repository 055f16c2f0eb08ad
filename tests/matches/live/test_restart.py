"""A server restart in the middle of a live match: a new process, which has
never seen the match, carries on from the decision stored last."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.db import connection

from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, live_state_now
from matches.live.services import live_match_decide, live_match_open
from tests.matches.conftest import ROOT, _database_url
from tests.matches.live.conftest import quick_choice

# Run in a fresh interpreter: the live match's state, then one decision of
# the pending coach (the option the hurried coach takes), then the state.
NEW_PROCESS = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from matches.live.selectors import live_engine, live_get, live_state_now
from matches.live.services import live_match_decide
live_id, username = int(sys.argv[1]), sys.argv[2]
before = live_state_now(live_id)
d = live_engine(live_get(live_id)).pending
i = d.options.index(("end_turn",)) if ("end_turn",) in d.options else 0
live_match_decide(
    live_id=live_id,
    user=get_user_model().objects.get(username=username),
    option_index=i,
    at=before["at"],
)
print(json.dumps({"before": before, "after": live_state_now(live_id)}))
"""


@pytest.mark.django_db(transaction=True)
def test_a_new_process_carries_on_from_the_stored_decision(fixture_match, sevens, bob):
    if connection.vendor != "postgresql":
        pytest.skip("the other process needs the PostgreSQL test database")
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    for _ in range(10):
        d = live_engine(live).pending
        live = live_match_decide(
            live_id=live.pk, user=bob, option_index=quick_choice(d.options)
        )
    here = live_state_now(live.pk)

    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
    }
    out = subprocess.run(
        [sys.executable, "-c", NEW_PROCESS, str(live.pk), bob.username],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    seen = json.loads(out.stdout.strip().splitlines()[-1])

    # the new process saw the board this one left, and played on from it
    assert seen["before"] == json.loads(json.dumps(here))
    assert seen["after"]["at"] > here["at"]
    live.refresh_from_db()
    assert len(live.decisions) == seen["after"]["at"]
    assert live_state_now(live.pk) == seen["after"]
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.PLAYING
