"""The Dungeon Bowl world the match tests share: a league (Alice
commissions), Bob's College of Shadows and Charlie's College of Fire, each
11 Linemen (50,000 each: 450,000 in the bank), and one match between them."""

from __future__ import annotations

import pytest

from engine.core.dice import ScriptedRoller
from league.models import League, Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.postgame import sequence as postgame
from matches.reports.report import match_submit_report
from tests.factories import make_member
from tests.matches.conftest import one_match, postgame_tasks


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


# --- the post-game -------------------------------------------------------------


@pytest.fixture
def scripted_winnings(monkeypatch):
    """The winnings step rolls the dice given; every other step its seed."""
    script: list[int] = []
    seeded = postgame._roller

    def roller(match, step):
        return ScriptedRoller(script) if step == "winnings" else seeded(match, step)

    monkeypatch.setattr(postgame, "_roller", roller)
    return script


def submit(match, alice, report, capture):
    with capture() as callbacks:
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    return postgame_tasks(callbacks)


def ledger(team: Team) -> list[tuple[str, int, str]]:
    return list(
        TreasuryEntry.objects.filter(team=team)
        .exclude(reason__in=["draft_budget", "draft"])
        .order_by("pk")
        .values_list("reason", "amount", "note")
    )
