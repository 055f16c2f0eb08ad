"""The commissioner's optional cap on the Re-Draft Budget
(league_and_exhibition_play.md "2. Raise Funds": "League commissioners may,
at their own discretion, place a cap of 1,300,000 gold pieces on the
Re-Draft Budget available to teams"): a league places it or not, the
re-draft applies it, and a format that does not re-draft refuses it with
nothing written."""

from __future__ import annotations

import pytest
from django.test import Client

from league.models import League, Player, Team
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.league.accounts_support import everything
from tests.matches.conftest import play_recorded
from tests.world import api_as

pytestmark = pytest.mark.django_db

BASE, PER_GAME, PER_WIN, CAP = 1_000_000, 20_000, 20_000, 1_300_000


def _closed_season(league, alice, bob, charlie, capture):
    """Two BB2020 teams of 11 Linemen; Bob's Orcs win the one match 1-0 and
    the season is closed. Returns the Orcs and the season."""
    make_member(league, bob, charlie)
    orcs = draft_team(league, bob, roster="orc", name="Capped Orcs")
    humans = draft_team(league, charlie, roster="human", name="Capped Humans")
    season = season_create(
        league=league, name="One", seed=5, team_ids=[orcs.pk, humans.pk]
    )
    (match,) = season_schedule(season_id=season.pk)
    home_won = match.home_id == orcs.pk
    play_recorded(match, int(home_won), int(not home_won), actor=alice, capture=capture)
    season_close(season_id=season.pk, actor=alice)
    return Team.objects.get(pk=orcs.pk), season


def _keep_all(team):
    return RedraftPlan(
        keep=list(
            Player.objects.filter(team=team, status="active").values_list(
                "pk", flat=True
            )
        )
    )


def test_a_capped_league_redrafts_with_at_most_1_300_000(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a Blood Bowl league whose commissioner placed the cap (by the API)
    made = api_as(alice).post(
        "/api/leagues/",
        {"name": "Capped", "format": "bb2020", "redraft_cap": True},
        format="json",
    )
    assert made.status_code == 201
    assert made.json()["redraft_cap"] is True
    league = League.objects.get(pk=made.json()["id"])
    orcs, season = _closed_season(
        league, alice, bob, charlie, django_capture_on_commit_callbacks
    )
    # whose champions' budget, uncapped, would pass the cap: the treasury
    # (450,000 left at the draft, the winnings, the 100,000 prize), one
    # game played and won
    uncapped = BASE + orcs.treasury + PER_GAME + PER_WIN
    assert uncapped > CAP

    # when their coach commits a re-draft keeping all 11 Linemen
    preview = team_redraft(
        team_id=orcs.pk,
        season_id=season.pk,
        plan=_keep_all(orcs),
        actor=bob,
        commit=True,
    )

    # then the budget is the cap; the 11 Linemen cost 50,000 and the
    # agent's 20,000 each, and the rest of the cap is the new treasury
    assert (preview.budget["total"], preview.budget["capped"]) == (CAP, True)
    assert preview.total == 11 * (50_000 + 20_000)
    assert Team.objects.get(pk=orcs.pk).treasury == CAP - 11 * 70_000


def test_without_the_cap_the_budget_is_not_capped(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = League.objects.create(name="Uncapped", format="bb2020", commissioner=alice)
    assert league.redraft_cap is False  # off unless placed
    orcs, season = _closed_season(
        league, alice, bob, charlie, django_capture_on_commit_callbacks
    )

    preview = team_redraft(
        team_id=orcs.pk,
        season_id=season.pk,
        plan=_keep_all(orcs),
        actor=bob,
        commit=False,
    )

    assert (preview.budget["total"], preview.budget["capped"]) == (
        BASE + orcs.treasury + PER_GAME + PER_WIN,
        False,
    )


def test_a_format_that_does_not_redraft_refuses_the_cap_and_writes_nothing(alice):
    before = everything()

    refused = api_as(alice).post(
        "/api/leagues/",
        {"name": "Cards", "format": "blitz-bowl", "redraft_cap": True},
        format="json",
    )

    assert refused.status_code == 400
    assert [(e["code"], e["field"]) for e in refused.json()["errors"]] == [
        ("not_for_format", "redraft_cap")
    ]
    assert everything() == before


def test_the_new_league_page_places_the_cap(alice):
    client = Client()
    client.force_login(alice)
    assert 'name="redraft_cap"' in client.get("/leagues/new/").content.decode()

    client.post(
        "/leagues/new/",
        {
            "name": "Page Capped",
            "format": "bb2020",
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "report_confirmation_days": 0,
            "redraft_cap": "on",
        },
    )

    assert League.objects.get(name="Page Capped").redraft_cap is True


def test_the_commissioner_places_the_cap_later_on_the_leagues_admin_page(alice):
    league = League.objects.create(name="Later", format="bb2020", commissioner=alice)
    client = Client()
    client.force_login(alice)

    page = client.get(f"/admin/league/league/{league.pk}/change/")

    assert page.status_code == 200
    assert 'name="redraft_cap"' in page.content.decode()
