"""The Dungeon Bowl world the match tests share: a league (Alice
commissions), Bob's College of Shadows and Charlie's College of Fire, each
11 Linemen (50,000 each: 450,000 in the bank), and one match between them."""

from __future__ import annotations

import pytest

from league.models import League
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.matches.conftest import one_match


def college_team(league: League, coach, roster_slug: str, lineman: str, name: str):
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster_slug,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


def dungeon_league(alice, name: str, *, time_limit: bool = False) -> League:
    return league_create(
        commissioner=alice, name=name, format="dungeon-bowl", time_limit=time_limit
    )


@pytest.fixture
def dungeon(alice):
    return dungeon_league(alice, "Altdorf Dungeon")


@pytest.fixture
def shadows(dungeon, bob):
    # 11 Skaven Clanrat Linemen, 50,000 each: 450,000 in the bank
    return college_team(
        dungeon, bob, "college-of-shadows", "skaven-clanrat-lineman", "Shadows"
    )


@pytest.fixture
def fire(dungeon, charlie):
    # 11 Bloodborn Marauder Linemen, 50,000 each: 450,000 in the bank
    return college_team(
        dungeon, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Fire"
    )


@pytest.fixture
def match(dungeon, shadows, fire):
    return one_match(dungeon, shadows, fire, seed=4242)
