"""The league REST API: shapes, permissions, refusals and query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.models import League, Player, Team
from league.services.teams import team_hire_player
from tests.factories import UserFactory
from tests.league.conftest import api_as, db_snapshot

ORC_DRAFT = {
    "name": "Da Boyz",
    "roster": "orc",
    "players": [{"position": "orc-lineman", "name": f"Lineman {i}"} for i in range(5)]
    + [{"position": "blitzer", "name": "Grak"}, {"position": "goblin", "name": "Snik"}],
    "rerolls": 1,
    "cheerleaders": 1,
}


def test_formats_list_both_formats_with_their_rules(client):
    body = client.get("/api/formats/").json()

    sevens = next(f for f in body if f["slug"] == "sevens")
    assert (sevens["budget"], sevens["min_players"], sevens["max_players"]) == (
        600_000,
        7,
        11,
    )
    assert (sevens["max_non_linemen"], sevens["rerolls_after_draft"]) == (4, False)
    assert {f["slug"] for f in body} == {
        "sevens",
        "bb2020",
        "bb2025",
        "classic",
        "blitz-bowl",
        "dungeon-bowl",
    }
    dungeon = next(f for f in body if f["slug"] == "dungeon-bowl")
    assert dungeon["name"] == "Dungeon Bowl"
    classic = next(f for f in body if f["slug"] == "classic")
    assert (classic["name"], classic["budget"], classic["max_players"]) == (
        "Classic Blood Bowl",
        1_000_000,
        16,
    )


def test_roster_detail_shows_format_prices(client):
    sevens = client.get("/api/formats/sevens/rosters/orc/").json()
    eleven = client.get("/api/formats/bb2020/rosters/orc/").json()

    assert (sevens["reroll_cost"], sevens["reroll_cost_after_draft"]) == (120_000, None)
    assert (eleven["reroll_cost"], eleven["reroll_cost_after_draft"]) == (
        60_000,
        120_000,
    )
    assert sevens["staff"] == {
        "assistant_coach": 20_000,
        "cheerleader": 20_000,
        "apothecary": 80_000,
    }
    troll = next(p for p in sevens["positions"] if p["slug"] == "untrained-troll")
    assert (troll["cost"], troll["max"], troll["st"], troll["pa"]) == (115_000, 1, 5, 5)
    assert {"skill": "loner", "param": "4+", "label": "Loner (4+)"} in troll["skills"]
    assert len(client.get("/api/formats/sevens/rosters/").json()) == 29


def test_unknown_format_and_roster_are_404_in_the_error_shape(client):
    response = client.get("/api/formats/dungeon/rosters/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"
    assert client.get("/api/formats/sevens/rosters/gnoblars/").status_code == 404


def test_a_card_format_lists_its_team_cards_not_rosters(client):
    # Blitz Bowl drafts team cards: the Blood Bowl rosters, with their
    # re-roll prices, are none of its teams (the format list says so too)
    formats = {f["slug"]: f for f in client.get("/api/formats/").json()}

    assert formats["blitz-bowl"]["rosters"] == []
    assert client.get("/api/formats/blitz-bowl/rosters/").json() == []
    assert client.get("/api/formats/blitz-bowl/rosters/orc/").status_code == 404
    assert len(client.get("/api/formats/blitz-bowl/cards/").json()) == 23
    assert len(formats["bb2020"]["rosters"]) == 29


def test_skills_catalogue(client):
    skills = {s["slug"]: s for s in client.get("/api/skills/").json()}
    assert skills["mighty-blow"]["category"] == "strength"
    assert skills["loner"]["category"] == "trait"
    assert len(skills) == 95


def test_post_league_makes_the_user_commissioner(bob):
    response = api_as(bob).post(
        "/api/leagues/", {"name": "Badlands", "format": "sevens"}, format="json"
    )

    assert response.status_code == 201
    league = League.objects.get(name="Badlands")
    assert (league.commissioner, league.rules_version, league.format) == (
        bob,
        "bb2020",
        "sevens",
    )
    assert response.json()["commissioner"] == "bob"
    # closed until its commissioner opens it to requests to join
    assert (league.is_open, response.json()["is_open"]) == (False, False)


def test_anonymous_users_cannot_create_leagues(db):
    response = APIClient().post(
        "/api/leagues/", {"name": "X", "format": "sevens"}, format="json"
    )
    assert response.status_code in (401, 403)
    assert League.objects.count() == 0


def test_draft_through_the_api(sevens, bob):
    response = api_as(bob).post(
        "/api/teams/", {**ORC_DRAFT, "league": sevens.pk}, format="json"
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    # 5x50 + 80 + 40 = 370k players, 120k re-roll, 20k cheerleader = 510k
    assert (body["treasury"], body["tv"], body["ctv"]) == (90_000, 510_000, 510_000)
    assert (body["coach"], body["status"], len(body["players"])) == ("bob", "ready", 7)
    goblin = body["players"][6]
    assert goblin["skills"] == [
        {"skill": "dodge", "param": None, "gained": False},
        {"skill": "right-stuff", "param": None, "gained": False},
        {"skill": "stunty", "param": None, "gained": False},
    ]


def test_a_refused_draft_is_a_400_listing_every_error_and_writes_nothing(sevens, bob):
    before = db_snapshot()
    bad = {
        **ORC_DRAFT,
        "league": sevens.pk,
        "rerolls": 5,
        "players": ORC_DRAFT["players"] + [{"position": "wizard", "name": "Zap"}],
    }

    response = api_as(bob).post("/api/teams/", bad, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "code": "unknown_position",
                "field": "players.7.position",
                "message": "Orc teams have no position 'wizard'",
            },
            {
                "code": "over_budget",
                "field": None,
                "message": "the draft costs 990,000 but the budget is 600,000",
            },
        ]
    }
    assert db_snapshot() == before


def test_malformed_input_is_a_400_with_fields(sevens, bob):
    before = db_snapshot()
    response = api_as(bob).post(
        "/api/teams/",
        {"league": 999, "name": "", "roster": "orc", "players": "many", "rerolls": -1},
        format="json",
    )
    assert response.status_code == 400
    fields = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert {
        ("league", "does_not_exist"),
        ("name", "blank"),
        ("players", "not_a_list"),
        ("rerolls", "min_value"),
    } <= fields
    assert db_snapshot() == before


def test_team_list_filters_by_league_and_coach(bob_orcs, charlie_humans, client):
    by_league = client.get(f"/api/teams/?league={bob_orcs.league_id}").json()["results"]
    by_coach = client.get(f"/api/teams/?coach={charlie_humans.coach_id}").json()[
        "results"
    ]
    assert [t["name"] for t in by_league] == ["Gouged Eye"]
    assert [t["name"] for t in by_coach] == ["Reikland Reavers"]


def _team_detail_queries(client, team_id):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(f"/api/teams/{team_id}/").status_code == 200
    return len(ctx.captured_queries)


def test_team_detail_runs_a_constant_number_of_queries(bob_orcs, client, settings):
    settings.PAGE_CACHE = False  # the sheet as built, not as cached
    small = _team_detail_queries(client, bob_orcs.pk)
    Team.objects.filter(pk=bob_orcs.pk).update(treasury=10**6)
    for i in range(4):
        team_hire_player(team_id=bob_orcs.pk, position="orc-lineman", name=f"Extra {i}")

    assert _team_detail_queries(client, bob_orcs.pk) == small == 2


# --- permissions: each write endpoint -------------------------------------

WRITES = [
    ("post", "/api/teams/{team}/players/", {"position": "goblin", "name": "Snik"}, 201),
    (
        "post",
        "/api/teams/{team}/purchases/",
        {"item": "cheerleaders", "quantity": 1},
        201,
    ),
    ("delete", "/api/teams/{team}/players/{player}/", None, 204),
]


def _call(client, method, url, body, team):
    player = team.players.get(number=1)
    return getattr(client, method)(
        url.format(team=team.pk, player=player.pk), body, format="json"
    )


@pytest.mark.parametrize(("method", "url", "body", "ok"), WRITES)
def test_the_coach_may_write_their_own_team(bob_orcs, bob, method, url, body, ok):
    assert _call(api_as(bob), method, url, body, bob_orcs).status_code == ok


@pytest.mark.parametrize(("method", "url", "body", "ok"), WRITES)
def test_the_commissioner_may_write_any_team_in_the_league(
    bob_orcs, alice, method, url, body, ok
):
    assert _call(api_as(alice), method, url, body, bob_orcs).status_code == ok


@pytest.mark.parametrize(("method", "url", "body", "ok"), WRITES)
@pytest.mark.parametrize("who", ["charlie", "dave", "anonymous"])
def test_other_people_cannot_write_a_team(
    request, bob_orcs, charlie, dave, method, url, body, ok, who
):
    user = {"charlie": charlie, "dave": dave, "anonymous": None}[who]
    before = db_snapshot()

    response = _call(api_as(user), method, url, body, bob_orcs)

    assert response.status_code in ((401, 403) if user is None else (403,))
    assert response.json()["errors"][0]["field"] is None
    assert db_snapshot() == before


def test_another_leagues_commissioner_cannot_write(bob_orcs, charlie):
    League.objects.create(name="Elsewhere", format="sevens", commissioner=charlie)
    before = db_snapshot()
    response = api_as(charlie).post(
        f"/api/teams/{bob_orcs.pk}/purchases/", {"item": "cheerleaders"}, format="json"
    )
    assert response.status_code == 403
    assert db_snapshot() == before


def test_purchase_refusal_is_a_400_and_writes_nothing(bob_orcs, bob):
    before = db_snapshot()
    response = api_as(bob).post(
        f"/api/teams/{bob_orcs.pk}/purchases/", {"item": "rerolls"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "rerolls_after_draft",
            "field": "item",
            "message": "Blood Bowl Sevens teams can buy team re-rolls only at the draft",
        }
    ]
    assert db_snapshot() == before


def test_token_authentication_works(bob_orcs, bob):
    token = Token.objects.create(user=bob)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")

    response = client.post(
        f"/api/teams/{bob_orcs.pk}/players/",
        {"position": "goblin", "name": "Snik"},
        format="json",
    )

    assert response.status_code == 201
    assert Player.objects.filter(team=bob_orcs, name="Snik").count() == 1


def test_ledger_lists_every_movement(bob_orcs, client, bob):
    team_hire_player(team_id=bob_orcs.pk, position="goblin", name="Snik", actor=bob)

    rows = client.get(f"/api/teams/{bob_orcs.pk}/ledger/").json()["results"]

    assert [(r["reason"], r["amount"], r["balance_after"]) for r in rows] == [
        ("draft_budget", 600_000, 600_000),
        ("draft", -470_000, 130_000),
        ("hire", -40_000, 90_000),
    ]
    assert rows[2]["created_by"] == "bob"


def test_unknown_team_is_404(db, client):
    assert client.get("/api/teams/999/").status_code == 404
    user = UserFactory(username="erin")
    assert (
        api_as(user).post("/api/teams/999/players/", {}, format="json").status_code
        == 404
    )
