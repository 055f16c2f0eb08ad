"""``manage.py live_bench`` against a real daphne with the Redis channel
layer: a small run (2 matches, 3 decisions each) so the benchmark cannot
rot. No timing is asserted: the machine is shared."""

from __future__ import annotations

import io
import json
import os

import pytest
from django.core.management import CommandError, call_command

from league.models import League
from matches.live.models import LiveMatch

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_small_run_times_every_decision_on_both_pages_and_cleans_up(settings):
    # the same Redis as the cache (tests/conftest.py flushes it per test)
    settings.CHANNEL_LAYER_URL = (
        os.environ.get("CACHE_URL") or "redis://127.0.0.1:6379/0"
    )
    out = io.StringIO()

    call_command(
        "live_bench", "--matches", "2", "--decisions", "3", "--think", "0.1", stdout=out
    )

    figures = json.loads(out.getvalue())
    assert figures["server"] == "daphne"
    assert figures["channel_layer"] == "redis"
    assert (figures["matches"], figures["decisions_per_match"]) == (2, 3)
    assert figures["think_s"] == 0.1
    # every decision of both matches came back to both coaches' pages
    assert (figures["count"], figures["errors"]) == (6, 0)
    ms = [figures[k] for k in ("p50_ms", "p95_ms", "p99_ms", "max_ms")]
    assert ms == sorted(ms)
    assert ms[0] > 0
    reference = figures["reference_one_match"]
    assert (reference["count"], reference["errors"]) == (3, 0)
    assert figures["target_p95_ms"] == 150
    # nothing of the run is left behind
    assert not League.objects.filter(name__startswith="Live bench").exists()
    assert not LiveMatch.objects.exists()


def test_only_this_machine_is_measured(db):
    with pytest.raises(CommandError, match="not a loopback address"):
        call_command("live_bench", "--target", "http://10.1.2.3:8000")
