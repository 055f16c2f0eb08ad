"""BB2025 legal concession at the set-up (changes_from_bb2020.md section 15
"Concession": "legal (no penalty) only at set-up with fewer than 3 players
able to play")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025

# Fans D3 2 and 3, weather 3+4 (Perfect Conditions), the toss 6 v 1: home
# wins it and kicks.
PRE: list[int | str] = [2, 3, 3, 4, 6, 1]


def away_with(players: int) -> Match:
    """Home kicks and sets up; pending: the away team's set-up, with only
    ``players`` able to play."""
    away = default_team_sheet("orc", BB2025, first_id=101)
    m = Match(
        BB2025,
        default_team_sheet("human", BB2025, first_id=1),
        replace(away, players=away.players[:players]),
        FixedDice(PRE),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    return m


@pytest.mark.parametrize(("players", "offered"), [(1, True), (2, True), (3, False)])
def test_concession_offered_with_fewer_than_three_players(
    players: int, offered: bool
) -> None:
    m = away_with(players)
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("setup", "away")
    assert (("concede",) in m.pending.options) is offered


def test_two_players_concede_without_penalty() -> None:
    m = away_with(2)
    m.apply(("concede",))
    assert m.done
    r = m.result
    assert (r.conceded, r.winner) == ("away", "home")
    assert r.extra["concession_penalty"] is False
