"""Helpers used by the league tests (the named world's fixtures live in
``tests/conftest.py``)."""

from tests.world import Snapshot, api_as, db_snapshot

__all__ = ["Snapshot", "api_as", "db_snapshot"]
