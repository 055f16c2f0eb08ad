"""Firing Sideline Staff (Hiring, Firing and Temporarily Retiring): assistant
coaches, cheerleaders and the apothecary leave the team and its TV, with no
refund; re-rolls and Dedicated Fans are not staff. The service, then the
API."""

import pytest

from league.errors import ServiceError
from league.models import LeagueEvent, Team
from league.selectors import team_detail_qs, team_value_get
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.teams import team_fire_staff
from tests.factories import draft_team, make_member
from tests.league.conftest import api_as, db_snapshot


@pytest.fixture
def reavers(eleven, charlie):
    """BB2020 Humans: 11 linemen (550k), 1 re-roll (50k), 3 assistant
    coaches (30k), 2 cheerleaders (20k) and an apothecary (50k): TV 700k,
    300k in the bank."""
    return draft_team(
        eleven,
        charlie,
        roster="human",
        name="Reikland Reavers",
        rerolls=1,
        assistant_coaches=3,
        cheerleaders=2,
        apothecary=True,
    )


def everything():
    """What a refused firing must leave as it was: teams (staff counts and
    treasury), players, the ledger and the audit log."""
    return (
        db_snapshot(),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type", "payload")),
    )


def staff(team):
    team = Team.objects.get(pk=team.pk)
    return team.assistant_coaches, team.cheerleaders, team.apothecary


def tv(team):
    return team_value_get(team_detail_qs().get(pk=team.pk)).tv


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def fire_url(team):
    return f"/api/teams/{team.pk}/staff/fire/"


# --- the service ---------------------------------------------------------------


def test_firing_staff_lowers_tv_by_their_value_and_refunds_nothing(reavers, charlie):
    # given 550k of players, a 50k re-roll, 3 x 10k coaches, 2 x 10k
    # cheerleaders and a 50k apothecary
    assert (staff(reavers), tv(reavers)) == ((3, 2, True), 700_000)
    ledger = list(reavers.ledger.values_list("pk", "amount", "balance_after"))

    # when: two assistant coaches, then a cheerleader, then the apothecary go
    team = team_fire_staff(
        team_id=reavers.pk, item="assistant_coaches", quantity=2, actor=charlie
    )
    assert (team.assistant_coaches, tv(reavers)) == (1, 680_000)
    team_fire_staff(team_id=reavers.pk, item="cheerleaders", actor=charlie)
    assert (staff(reavers), tv(reavers)) == ((1, 1, True), 670_000)
    team = team_fire_staff(team_id=reavers.pk, item="apothecary", actor=charlie)

    # then: TV drops by 20k + 10k + 50k; the treasury and the ledger do not move
    assert (staff(reavers), tv(reavers)) == ((1, 1, False), 620_000)
    assert (team.treasury, team.rerolls, team.dedicated_fans) == (300_000, 1, 1)
    assert list(reavers.ledger.values_list("pk", "amount", "balance_after")) == ledger


def test_firing_staff_is_in_the_league_audit_log(reavers, charlie):
    team_fire_staff(
        team_id=reavers.pk, item="assistant_coaches", quantity=3, actor=charlie
    )

    event = LeagueEvent.objects.get(type=LeagueEvent.Type.STAFF_FIRED)
    assert (event.league_id, event.team_id, event.created_by) == (
        reavers.league_id,
        reavers.pk,
        charlie,
    )
    assert event.payload == {
        "team": "Reikland Reavers",
        "item": "assistant_coaches",
        "quantity": 3,
        "left": 0,
    }


@pytest.mark.parametrize(
    ("item", "quantity", "expected"),
    [
        ("bribes", 1, ("unknown_item", "item")),
        ("rerolls", 1, ("not_sideline_staff", "item")),
        ("dedicated_fans", 1, ("not_sideline_staff", "item")),
        ("cheerleaders", 0, ("min_value", "quantity")),
        ("cheerleaders", 3, ("not_enough_staff", "quantity")),
        ("assistant_coaches", 4, ("not_enough_staff", "quantity")),
        ("apothecary", 2, ("not_enough_staff", "quantity")),
    ],
)
def test_a_refused_firing_writes_nothing(reavers, item, quantity, expected):
    before = everything()

    with pytest.raises(ServiceError) as exc_info:
        team_fire_staff(team_id=reavers.pk, item=item, quantity=quantity)

    assert codes(exc_info) == [expected]
    assert everything() == before


def test_too_many_names_how_many_the_team_has(reavers):
    with pytest.raises(ServiceError) as exc_info:
        team_fire_staff(team_id=reavers.pk, item="cheerleaders", quantity=3)

    assert str(exc_info.value) == "the team has 2 cheerleaders: it cannot fire 3"


def test_a_team_without_an_apothecary_cannot_fire_one(charlie_humans):
    before = everything()

    with pytest.raises(ServiceError) as exc_info:
        team_fire_staff(team_id=charlie_humans.pk, item="apothecary")

    assert codes(exc_info) == [("not_enough_staff", "quantity")]
    assert str(exc_info.value) == "the team has no apothecary: it cannot fire 1"
    assert everything() == before


@pytest.mark.parametrize("status", [Team.Status.PLAYING, Team.Status.RETIRED])
def test_a_team_in_a_game_or_retired_keeps_its_staff(reavers, status):
    Team.objects.filter(pk=reavers.pk).update(status=status)
    before = everything()

    with pytest.raises(ServiceError) as exc_info:
        team_fire_staff(team_id=reavers.pk, item="cheerleaders")

    assert codes(exc_info) == [("team_busy", None)]
    assert everything() == before


# --- the API -------------------------------------------------------------------


def test_the_coach_fires_staff_and_gets_the_team_back(reavers, charlie):
    response = api_as(charlie).post(
        fire_url(reavers), {"item": "cheerleaders", "quantity": 2}, format="json"
    )

    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["cheerleaders"], body["assistant_coaches"]) == (
        reavers.pk,
        0,
        3,
    )
    assert (body["tv"], body["treasury"]) == (680_000, 300_000)


def test_the_quantity_is_one_unless_given(reavers, charlie):
    response = api_as(charlie).post(
        fire_url(reavers), {"item": "apothecary"}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["apothecary"], response.json()["tv"]) == (False, 650_000)


def test_the_team_sheet_shows_the_firing_at_once(reavers, charlie):
    # the sheet is cached for the league: a firing moves its generation on
    assert api_as(charlie).get(f"/api/teams/{reavers.pk}/").json()["tv"] == 700_000

    api_as(charlie).post(
        fire_url(reavers), {"item": "assistant_coaches"}, format="json"
    )

    sheet = api_as(charlie).get(f"/api/teams/{reavers.pk}/").json()
    assert (sheet["assistant_coaches"], sheet["tv"]) == (2, 690_000)


def test_the_commissioner_may_fire_staff(reavers, alice):
    response = api_as(alice).post(
        fire_url(reavers), {"item": "cheerleaders"}, format="json"
    )

    assert response.status_code == 200
    assert staff(reavers) == (3, 1, True)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"item": "rerolls"}, ("not_sideline_staff", "item")),
        ({"item": "dedicated_fans"}, ("not_sideline_staff", "item")),
        ({"item": "cheerleaders", "quantity": 3}, ("not_enough_staff", "quantity")),
        ({"item": "apothecary", "quantity": 2}, ("not_enough_staff", "quantity")),
        # the input checks: an item that is no choice, a quantity out of range
        ({"item": "bribes"}, ("invalid_choice", "item")),
        ({"item": "cheerleaders", "quantity": 0}, ("min_value", "quantity")),
        ({"item": "cheerleaders", "quantity": 100}, ("max_value", "quantity")),
        ({"quantity": 1}, ("required", "item")),
    ],
)
def test_a_refusal_is_a_400_and_writes_nothing(reavers, charlie, body, expected):
    before = everything()

    response = api_as(charlie).post(fire_url(reavers), body, format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [expected]
    assert everything() == before


def test_the_refusal_says_how_many_the_team_has(reavers, charlie):
    response = api_as(charlie).post(
        fire_url(reavers), {"item": "assistant_coaches", "quantity": 5}, format="json"
    )

    assert response.json()["errors"] == [
        {
            "code": "not_enough_staff",
            "field": "quantity",
            "message": "the team has 3 assistant coaches: it cannot fire 5",
        }
    ]


def test_a_team_in_a_game_is_refused(reavers, charlie):
    Team.objects.filter(pk=reavers.pk).update(status=Team.Status.PLAYING)
    before = everything()

    response = api_as(charlie).post(
        fire_url(reavers), {"item": "cheerleaders"}, format="json"
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("team_busy", None)
    ]
    assert everything() == before


@pytest.mark.parametrize("who", ["bob", "dave", "anonymous"])
def test_other_people_cannot_fire_a_teams_staff(reavers, bob, dave, who):
    user = {"bob": bob, "dave": dave, "anonymous": None}[who]
    before = everything()

    response = api_as(user).post(
        fire_url(reavers), {"item": "cheerleaders"}, format="json"
    )

    assert response.status_code in ((401, 403) if user is None else (403,))
    assert response.json()["errors"][0]["field"] is None
    assert everything() == before


def test_an_unknown_team_is_404(bob):
    response = api_as(bob).post(
        "/api/teams/999999/staff/fire/", {"item": "cheerleaders"}, format="json"
    )

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_a_team_card_has_no_staff_to_fire(alice, bob):
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob)
    team = team_draft_card(league=league, coach=bob, name="Naggaroth", card="dark_elf")
    before = everything()

    response = api_as(bob).post(fire_url(team), {"item": "cheerleaders"}, format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("team_card_fixed", None)
    ]
    assert everything() == before
