"""Plague Ridden in a BB2025 league's tabletop report: the plague takes a
killed opponent whatever his Strength, but never a Big Guy (BB2020: ST 4
or less); the Rotter who joins is the edition's ``nurgle-rotter``."""

from __future__ import annotations

import pytest

from engine.core.rules_data import rules_data
from league.models import League, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.matches.conftest import one_match
from tests.world import api_as

pytestmark = pytest.mark.django_db

DEAD = 15  # the BB2025 Casualty table (D16): 15-16 Dead


@pytest.fixture
def league(alice) -> League:
    return league_create(commissioner=alice, name="Plague Cup", format="bb2025")


def draft(league, coach, roster, players, name) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(pos, f"{name} {i}") for i, pos in enumerate(players)],
    )


def report(match, coach, victim: Player, killer: Player):
    body = {
        "home_score": 0,
        "away_score": 0,
        "casualties": [
            {
                "player_id": victim.pk,
                "inflicted_by": killer.pk,
                "casualty_roll": DEAD,
                "plague_ridden": True,
            }
        ],
    }
    return api_as(coach).post(f"/api/matches/{match.pk}/report/", body, format="json")


@pytest.mark.parametrize(
    ("position", "st", "refusal"),
    [
        ("human-lineman", 5, None),  # no Strength limit any more
        ("human-ogre", 5, "the plague takes no Big Guy"),
    ],
)
def test_the_plague_spares_only_big_guys(league, bob, charlie, position, st, refusal):
    nurgle = draft(league, bob, "nurgle", ["nurgle-rotter"] * 11, "Rotters")
    humans = draft(
        league, charlie, "human", ["human-lineman"] * 10 + ["human-ogre"], "Reavers"
    )
    victim = humans.players.filter(position=position).order_by("number").first()
    Player.objects.filter(pk=victim.pk).update(st=st)
    killer = nurgle.players.order_by("number").first()
    before = set(nurgle.players.values_list("pk", flat=True))
    match = one_match(league, nurgle, humans)
    response = report(match, bob, victim, killer)
    if refusal is not None:
        assert response.status_code == 400
        assert [
            (e["code"], e["field"], e["message"]) for e in response.json()["errors"]
        ] == [("victim_not_eligible", "casualties.0.player_id", refusal)]
        assert set(nurgle.players.values_list("pk", flat=True)) == before
        return
    assert response.status_code == 201, response.json()
    (rotter,) = nurgle.players.exclude(pk__in=before)
    cost = rules_data("bb2025").rosters["nurgle"].position("nurgle-rotter").cost
    assert (rotter.position, rotter.journeyman, rotter.value) == (
        "nurgle-rotter",
        True,
        cost,
    )
