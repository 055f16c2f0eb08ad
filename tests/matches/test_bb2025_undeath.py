"""Masters of Undeath in a BB2025 league: the opponent the rule raised in a
resolved match joins the team after the game as a free rookie of its first
Lineman-keyword position with room; nobody joins a full roster, a team
without the rule, or a BB2020 league's team."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.rules_data import rules_data
from engine.variants import BB2025
from league.models import League, LeagueEvent, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from league.services.undeath import team_raise_the_dead
from matches.resolution import resolve
from matches.resolution.resolve import match_resolve
from tests.factories import make_member
from tests.matches.conftest import one_match

pytestmark = pytest.mark.django_db

SKELETON = "shambling-undead-skeleton-lineman"
ZOMBIE = "shambling-undead-zombie-lineman"


@pytest.fixture
def league(alice) -> League:
    return league_create(commissioner=alice, name="Sylvania Cup", format="bb2025")


def draft(league, coach, roster, positions, name="Dead Men") -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(p, f"{name} {i}") for i, p in enumerate(positions)],
    )


def test_the_first_lineman_position_with_room(league, bob):
    undead = draft(league, bob, "shambling-undead", [ZOMBIE] * 11)
    treasury = undead.treasury
    roster = rules_data("bb2025").rosters["shambling-undead"]
    skeleton = roster.position(SKELETON)
    risen = team_raise_the_dead(undead, match_id=7, victim_id=99)
    assert risen is not None
    assert (risen.position, risen.journeyman, risen.value, risen.number) == (
        SKELETON,
        False,
        skeleton.cost,
        12,
    )
    assert (risen.ma, risen.st, risen.ag, risen.pa, risen.av) == (
        skeleton.ma,
        skeleton.st,
        skeleton.ag,
        skeleton.pa,
        skeleton.av,
    )
    undead.refresh_from_db()
    assert undead.treasury == treasury  # free
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.PLAYER_RAISED)
    assert (event.team_id, event.match_id, event.payload) == (
        undead.pk,
        7,
        {"position": SKELETON, "victim_id": 99, "player_id": risen.pk},
    )


def test_a_lineman_position_without_room_is_skipped(league, bob, monkeypatch):
    # (the Skeleton place limit, 16, is never reached below the roster's 16:
    # here it is 1, and the team has one)
    roster = rules_data("bb2025").rosters["shambling-undead"]
    one = dataclasses.replace(roster.position(SKELETON), max=1)
    monkeypatch.setattr(
        type(BB2025),
        "raise_dead_positions",
        lambda self, r: (one, r.position(ZOMBIE)),
    )
    undead = draft(league, bob, "shambling-undead", [SKELETON] + [ZOMBIE] * 10)
    risen = team_raise_the_dead(undead, match_id=7, victim_id=99)
    assert risen is not None
    assert risen.position == ZOMBIE


def test_nobody_joins_a_full_roster_or_a_team_without_the_rule(
    league, alice, bob, charlie
):
    undead = draft(league, bob, "shambling-undead", [ZOMBIE] * 16)
    humans = draft(league, charlie, "human", ["human-lineman"] * 11, "Reavers")
    old = league_create(commissioner=alice, name="Old Sylvania", format="bb2020")
    old_undead = draft(
        old, bob, "shambling-undead", ["zombie-lineman"] * 11, "Old Bones"
    )
    before = Player.objects.count()
    assert team_raise_the_dead(undead, match_id=7, victim_id=99) is None
    assert team_raise_the_dead(humans, match_id=7, victim_id=99) is None
    assert team_raise_the_dead(old_undead, match_id=7, victim_id=99) is None
    assert Player.objects.count() == before
    assert not LeagueEvent.objects.filter(type=LeagueEvent.Type.PLAYER_RAISED).exists()


def test_a_resolved_match_adds_the_raised_rookie(league, bob, charlie, monkeypatch):
    undead = draft(league, bob, "shambling-undead", [ZOMBIE] * 11)
    humans = draft(league, charlie, "human", ["human-lineman"] * 11, "Reavers")
    match = one_match(league, undead, humans, seed=3)
    real = resolve.engine_play

    def with_raising(**kwargs):
        # the engine's result as if the away player #1 had died and risen
        result, events = real(**kwargs)
        victim = kwargs["away"]["players"][0]["id"]
        extra = dict(result.extra) | {"raised_dead": [["home", victim]]}
        return dataclasses.replace(result, extra=extra), events

    monkeypatch.setattr(resolve, "engine_play", with_raising)
    before = set(undead.players.values_list("pk", flat=True))
    assert match_resolve(match_id=match.pk)
    (new,) = Player.objects.filter(team=undead).exclude(pk__in=before)
    assert (new.position, new.journeyman) == (SKELETON, False)
    assert set(humans.players.values_list("pk", flat=True)) == set(
        Player.objects.filter(team=humans).values_list("pk", flat=True)
    )
