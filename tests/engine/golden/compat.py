"""The one place the golden cases name engine APIs that a refactor may move."""

from __future__ import annotations

from typing import Any

from engine.ruleset import get_ruleset
from engine.teams import default_team_sheet


def variant(name: str) -> Any:
    return get_ruleset(name)


def team_sheet(roster: str, rs: Any, first_id: int) -> Any:
    return default_team_sheet(roster, rs, first_id=first_id)
