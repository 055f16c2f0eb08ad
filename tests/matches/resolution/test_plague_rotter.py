"""Plague Ridden's league part: a Favoured of Nurgle team whose player's
trait took an opponent gets a new Rotter Lineman as a journeyman, whom its
coach may hire permanently after the game."""

import dataclasses

from league.models import Player, Team
from league.services.journeymen import journeyman_hire, team_take_plague_rotter
from matches.resolution import resolve
from matches.resolution.resolve import match_resolve
from tests.factories import draft_team
from tests.matches.conftest import one_match

ROTTER_COST = 35_000  # teams/Nurgle.md: Rotter Lineman 35K


def test_a_favoured_of_nurgle_team_gets_a_rotter_to_hire(eleven, bob):
    nurgle = draft_team(eleven, bob, roster="nurgle", name="Rotters")
    treasury = nurgle.treasury

    rotter = team_take_plague_rotter(nurgle, match_id=None)

    assert rotter is not None
    assert (rotter.position, rotter.journeyman, rotter.value) == (
        "rotter-lineman",
        True,
        ROTTER_COST,
    )
    assert [(s["skill"], s["param"]) for s in rotter.gained_skills] == [("loner", "4+")]
    # the coach hires him as any journeyman
    journeyman_hire(team_id=nurgle.pk, player_id=rotter.pk)
    rotter.refresh_from_db()
    assert (rotter.journeyman, rotter.gained_skills) == (False, [])
    assert Team.objects.get(pk=nurgle.pk).treasury == treasury - ROTTER_COST


def test_a_team_without_favoured_of_nurgle_gets_nobody(eleven, humans):
    before = Player.objects.count()
    assert team_take_plague_rotter(humans, match_id=None) is None
    assert Player.objects.count() == before


def test_a_resolved_match_with_plague_ridden_adds_the_rotter(
    eleven, bob, humans, monkeypatch
):
    nurgle = draft_team(eleven, bob, roster="nurgle", name="Rotters")
    match = one_match(eleven, nurgle, humans, seed=3)
    real = resolve.engine_play

    def with_plague(**kwargs):
        # the engine's result as if the home Rotter's Block had killed
        # the away player #1 and the trait took him
        result, events = real(**kwargs)
        victim = kwargs["away"]["players"][0]["id"]
        extra = dict(result.extra) | {"plague_ridden": [["home", victim, 0]]}
        return dataclasses.replace(result, extra=extra), events

    monkeypatch.setattr(resolve, "engine_play", with_plague)
    before = set(Player.objects.filter(team=nurgle).values_list("pk", flat=True))

    assert match_resolve(match_id=match.pk)

    (new,) = Player.objects.filter(team=nurgle).exclude(pk__in=before)
    assert (new.position, new.journeyman) == ("rotter-lineman", True)
    assert not Player.objects.filter(team=humans, journeyman=True).exists()


def test_a_chaos_team_gets_a_rotter_only_if_it_chose_nurgle(eleven, bob):
    # Chaos Chosen rosters list every favour; the team has the one it chose
    khorne = draft_team(
        eleven,
        bob,
        roster="chaos-chosen",
        name="Hounds",
        special_rule="favoured-of-khorne",
    )
    nurgle = draft_team(
        eleven,
        bob,
        roster="chaos-chosen",
        name="Flies",
        special_rule="favoured-of-nurgle",
    )
    before = Player.objects.count()

    assert team_take_plague_rotter(khorne, match_id=None) is None
    assert Player.objects.count() == before
    assert team_take_plague_rotter(nurgle, match_id=None) is not None


def test_a_chaos_teams_rotter_is_a_nurgle_rotter_everywhere(eleven, bob, humans):
    # The Rotter is drawn from the Nurgle roster, which a Chaos Chosen team
    # does not have: his profile, skills and fee are the Nurgle roster's.
    from rest_framework.test import APIClient

    from matches.engine_bridge import team_snapshot

    flies = draft_team(
        eleven,
        bob,
        roster="chaos-chosen",
        name="Flies",
        special_rule="favoured-of-nurgle",
    )
    treasury = Team.objects.get(pk=flies.pk).treasury
    rotter = team_take_plague_rotter(flies, match_id=None)

    api = APIClient()
    response = api.get(f"/api/teams/{flies.pk}/")
    assert response.status_code == 200
    (row,) = [p for p in response.json()["players"] if p["id"] == rotter.pk]
    assert [s["skill"] for s in row["skills"] if not s["gained"]] == [
        "decay",
        "plague-ridden",
    ]
    (sheet,) = [p for p in team_snapshot(flies)["players"] if p["id"] == rotter.pk]
    assert ("plague-ridden", None) in sheet["skills"]
    page = api.get(f"/teams/{flies.pk}/")
    assert page.status_code == 200
    assert "Rotter Lineman" in page.content.decode()
    assert "Plague Ridden" in page.content.decode()

    journeyman_hire(team_id=flies.pk, player_id=rotter.pk)

    assert Team.objects.get(pk=flies.pk).treasury == treasury - ROTTER_COST
