"""The one place the golden cases name engine APIs that a refactor may move."""

from __future__ import annotations

from typing import Any

from engine.tools.teams import default_team_sheet
from engine.variants import get_variant


def variant(name: str) -> Any:
    return get_variant(name)


def team_sheet(roster: str, rs: Any, first_id: int) -> Any:
    return default_team_sheet(roster, rs, first_id=first_id)
