"""Every recorded seeded match replays to the identical event log.

A refactor that changes one event of one match fails here, naming the
case; only a rules fix that changes play records a format's hashes again."""

from __future__ import annotations

import json

import pytest

from tests.engine.golden import FORMATS, HASHES, cases, key, play_case

RECORDED: dict[str, str] = json.loads(HASHES.read_text())


def test_every_format_has_at_least_200_recorded_matches() -> None:
    for fmt in FORMATS:
        assert sum(1 for k in RECORDED if k.startswith(f"{fmt}:")) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_golden_event_logs_are_unchanged(fmt: str) -> None:
    changed = [key(c) for c in cases(fmt) if play_case(c) != RECORDED[key(c)]]
    assert changed == []
