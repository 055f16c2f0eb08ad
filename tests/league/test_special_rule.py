"""A team's choice of special rule ("Choose either:" in the Chaos Chosen,
Chaos Renegades and Norse rosters), recorded at the draft."""

from league.models import LeagueEvent, Team
from tests.factories import lineman_requests
from tests.league.conftest import api_as, db_snapshot


def draft_body(league, roster, **extra):
    return {
        "league": league.pk,
        "name": "Skull Splitters",
        "roster": roster,
        "players": [
            {"position": p.position, "name": p.name}
            for p in lineman_requests(roster, 11)
        ],
        **extra,
    }


def test_a_chaos_draft_without_a_choice_is_refused_and_writes_nothing(eleven, bob):
    before = db_snapshot()

    response = api_as(bob).post(
        "/api/teams/", draft_body(eleven, "chaos-chosen"), format="json"
    )

    assert response.status_code == 400
    assert {(e["code"], e["field"]) for e in response.json()["errors"]} == {
        ("special_rule_required", "special_rule")
    }
    assert db_snapshot() == before


def test_a_choice_the_roster_does_not_offer_is_refused(eleven, bob):
    before = db_snapshot()

    response = api_as(bob).post(
        "/api/teams/",
        draft_body(eleven, "norse", special_rule="favoured-of-nurgle"),
        format="json",
    )

    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["unknown_special_rule"]
    assert db_snapshot() == before


def test_the_choice_is_recorded_and_the_sheet_shows_the_teams_rules(eleven, bob):
    response = api_as(bob).post(
        "/api/teams/",
        draft_body(eleven, "chaos-chosen", special_rule="favoured-of-nurgle"),
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["special_rule"] == "favoured-of-nurgle"
    assert body["special_rules"] == ["favoured-of-nurgle"]
    assert Team.objects.get(pk=body["id"]).special_rule == "favoured-of-nurgle"


def test_a_roster_without_a_choice_lists_all_its_rules(eleven, bob):
    response = api_as(bob).post(
        "/api/teams/", draft_body(eleven, "goblin"), format="json"
    )

    assert response.status_code == 201, response.json()
    assert response.json()["special_rules"] == [
        "badlands-brawl",
        "bribery-and-corruption",
        "underworld-challenge",
    ]


def make_legacy_norse(eleven, bob):
    """A Norse team drafted before Dugout recorded the choice."""
    response = api_as(bob).post(
        "/api/teams/",
        draft_body(eleven, "norse", special_rule="old-world-classic"),
        format="json",
    )
    Team.objects.filter(pk=response.json()["id"]).update(special_rule="")
    return Team.objects.get(pk=response.json()["id"])


def test_a_team_without_a_choice_records_it_once(eleven, bob):
    team = make_legacy_norse(eleven, bob)

    first = api_as(bob).post(
        f"/api/teams/{team.pk}/special-rule/",
        {"special_rule": "favoured-of-khorne"},
        format="json",
    )
    before = db_snapshot()
    second = api_as(bob).post(
        f"/api/teams/{team.pk}/special-rule/",
        {"special_rule": "old-world-classic"},
        format="json",
    )

    assert first.status_code == 200
    assert first.json()["special_rules"] == ["favoured-of-khorne"]
    assert second.status_code == 400
    assert second.json()["errors"][0]["code"] == "special_rule_chosen"
    assert db_snapshot() == before
    assert Team.objects.get(pk=team.pk).special_rule == "favoured-of-khorne"
    event = LeagueEvent.objects.get(type="special_rule_chosen")
    assert (event.team_id, event.payload["special_rule"]) == (
        team.pk,
        "favoured-of-khorne",
    )


def test_only_the_teams_coach_or_commissioner_records_it(eleven, bob, charlie):
    team = make_legacy_norse(eleven, bob)

    response = api_as(charlie).post(
        f"/api/teams/{team.pk}/special-rule/",
        {"special_rule": "favoured-of-khorne"},
        format="json",
    )

    assert response.status_code == 403
    assert Team.objects.get(pk=team.pk).special_rule == ""


def test_a_roster_without_a_choice_records_none(eleven, bob):
    goblins = (
        api_as(bob)
        .post("/api/teams/", draft_body(eleven, "goblin"), format="json")
        .json()
    )
    before = db_snapshot()

    response = api_as(bob).post(
        f"/api/teams/{goblins['id']}/special-rule/",
        {"special_rule": "badlands-brawl"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "special_rule_not_offered"
    assert db_snapshot() == before
    assert Team.objects.get(pk=goblins["id"]).special_rule == ""
    assert not LeagueEvent.objects.filter(type="special_rule_chosen").exists()


def test_the_roster_api_names_the_choice_and_the_stars_it_opens(client):
    body = client.get("/api/formats/bb2020/rosters/chaos-chosen/").json()

    assert body["special_rule_choice"] == [
        "favoured-of-chaos-undivided",
        "favoured-of-hashut",
        "favoured-of-khorne",
        "favoured-of-nurgle",
        "favoured-of-slaanesh",
        "favoured-of-tzeentch",
    ]
    stars = {s["name"]: s for s in body["star_players"]}
    assert stars["Max Spleenripper"]["requires_choice"] == ["favoured-of-khorne"]
    assert stars["Morg 'n' Thorg"]["requires_choice"] == []
    assert "Count Luthor von Drakenborg" not in stars


def test_sevens_rosters_offer_no_star_players(client):
    body = client.get("/api/formats/sevens/rosters/human/").json()

    assert body["star_players"] == []


def test_the_star_player_catalogue(client, db):
    body = client.get("/api/star-players/").json()

    assert len(body) == 64
    zug = next(s for s in body if s["name"] == "Mighty Zug")
    assert zug["cost"] == 220_000
    assert zug["special_rule"]["name"] == "Crushing Blow"
    assert zug["members"][0]["skills"][1]["label"] == "Loner (4+)"
