"""Every write endpoint refuses a field it does not know, at any depth,
instead of silently ignoring it, and writes nothing."""

import pytest
from drf_spectacular.generators import EndpointEnumerator

from league.models import Team
from tests.api_endpoints import WRITE_IDS, WRITES, every_row, writer
from tests.league.conftest import api_as


@pytest.fixture
def world(shared_api_world):
    """``api_world(sevens, bob, charlie)``, saved once per session."""
    return shared_api_world


def test_the_write_list_names_every_write_operation_of_the_api():
    endpoints = EndpointEnumerator().get_api_endpoints()
    writes = {
        (method.lower(), path)
        for path, _regex, method, _view in endpoints
        if method in ("POST", "PUT", "PATCH", "DELETE")
    }

    assert writes == set(WRITES)


@pytest.mark.parametrize(("method", "path"), WRITES, ids=WRITE_IDS)
def test_an_unknown_field_is_refused_on_every_write(
    world, alice, charlie, method, path
):
    # given
    before = every_row()
    caller = writer(method, path, alice=alice, charlie=charlie)

    # when
    response = getattr(api_as(caller), method)(
        world.url(path), {"bogus_field": 1}, format="json"
    )

    # then
    assert response.status_code == 400
    assert {
        "code": "unknown_field",
        "field": "bogus_field",
        "message": "unknown field 'bogus_field'",
    } in response.json()["errors"]
    assert every_row() == before


def test_a_typo_is_refused_along_with_the_other_errors(sevens, bob):
    # given a draft with "reroll" for "rerolls" and no roster
    before = every_row()
    draft = {
        "league": sevens.pk,
        "name": "Da Boyz",
        "players": [{"position": "orc-lineman", "name": f"Ug {i}"} for i in range(7)],
        "reroll": 1,
    }

    # when
    response = api_as(bob).post("/api/teams/", draft, format="json")

    # then
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"code": "required", "field": "roster", "message": "This field is required."},
        {
            "code": "unknown_field",
            "field": "reroll",
            "message": "unknown field 'reroll'",
        },
    ]
    assert every_row() == before


def test_an_unknown_field_in_a_list_item_is_refused_with_its_path(sevens, bob):
    before = every_row()
    players = [{"position": "orc-lineman", "name": f"Ug {i}"} for i in range(7)]
    players[3] = {"position": "orc-lineman", "nmae": "Ug 3"}

    response = api_as(bob).post(
        "/api/teams/",
        {"league": sevens.pk, "name": "Da Boyz", "roster": "orc", "players": players},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "required",
            "field": "players.3.name",
            "message": "This field is required.",
        },
        {
            "code": "unknown_field",
            "field": "players.3.nmae",
            "message": "unknown field 'nmae'",
        },
    ]
    assert every_row() == before
    assert not Team.objects.filter(name="Da Boyz").exists()


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (
            "/api/matches/{pk}/report/",
            {
                "home_score": 1,
                "away_score": 0,
                "players": [{"player_id": 1, "touchdown": 1}],
            },
            "players.0.touchdown",
        ),
        (
            "/api/matches/{pk}/report/",
            {
                "home_score": 1,
                "away_score": 0,
                "casualties": [{"player_id": 1, "roll": 12}],
            },
            "casualties.0.roll",
        ),
        (
            "/api/matches/{pk}/inducements/",
            {"team": 1, "items": [{"item": "bribes", "cuont": 2}]},
            "items.0.cuont",
        ),
        (
            "/api/teams/{team_id}/redraft/",
            {"season": 1, "new_players": [{"position": "goblin", "naem": "Snik"}]},
            "new_players.0.naem",
        ),
    ],
)
def test_nested_objects_refuse_unknown_fields_too(world, alice, path, body, field):
    before = every_row()

    response = api_as(alice).post(world.url(path), body, format="json")

    assert response.status_code == 400
    codes = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert (field, "unknown_field") in codes
    assert every_row() == before


def test_a_write_without_fields_still_takes_an_empty_body(world, alice):
    response = api_as(alice).post(
        world.url("/api/seasons/{season_id}/schedule/"), {}, format="json"
    )

    # the season of the world is already scheduled: the service answers
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "already_scheduled"
