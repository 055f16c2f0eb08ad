"""List filters are strict like the bodies: a filter without a value or with
a malformed one is a 400; an id that names nothing filters to an empty page
(it was a 400 "not one of the available choices" that the schema, which
says ``integer``, did not document)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize(
    "query", ["league=999999", "coach=999999", "league=999999&coach=999999"]
)
def test_an_id_that_names_nothing_filters_to_an_empty_page(bob_orcs, query):
    response = Client().get(f"/api/teams/?{query}")

    assert response.status_code == 200
    assert (response.json()["count"], response.json()["results"]) == (0, [])


def test_a_filter_by_an_existing_id_still_filters(bob_orcs, charlie_humans):
    response = Client().get(f"/api/teams/?league={bob_orcs.league_id}")

    assert [t["id"] for t in response.json()["results"]] == [bob_orcs.pk]


@pytest.mark.parametrize(
    ("query", "code", "field"),
    [
        ("coach=", "invalid", "coach"),
        ("league=abc", "invalid", "league"),
        ("league=0", "min_value", "league"),
    ],
)
def test_a_filter_without_a_well_formed_value_is_refused(db, query, code, field):
    response = Client().get(f"/api/teams/?{query}")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]


def test_a_season_filter_by_an_unknown_league_is_empty(db):
    response = Client().get("/api/seasons/?league=424242")

    assert response.status_code == 200
    assert response.json()["count"] == 0


@pytest.mark.parametrize("query", ["type=", "type=,", "type=,,"])
def test_a_match_event_filter_without_a_value_is_refused(shared_api_world, query):
    # it listed every event of the match, where the other lists' filters
    # refuse a parameter given without a value
    match = shared_api_world.match

    response = Client().get(f"/api/matches/{match.pk}/events/?{query}")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("invalid", "type")
    ]


def test_a_match_event_filter_still_filters(resolved_season):
    match = resolved_season.matches.first()
    everything = Client().get(f"/api/matches/{match.pk}/events/").json()
    kind = everything[0]["type"]

    response = Client().get(f"/api/matches/{match.pk}/events/?type={kind},,")

    assert response.status_code == 200
    assert {e["type"] for e in response.json()} == {kind}


@pytest.mark.parametrize("value", ["maybe", "yes", "1", "True", "null"])
def test_a_yes_or_no_filter_takes_true_or_false_only(shared_api_world, value):
    # "maybe" listed every match, as if the filter had not been given
    season = shared_api_world.season

    response = Client().get(f"/api/seasons/{season.pk}/matches/?third_place={value}")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("invalid", "third_place")
    ]


def test_a_yes_or_no_filter_still_filters(shared_api_world):
    season, match = shared_api_world.season, shared_api_world.match
    url = f"/api/seasons/{season.pk}/matches/?third_place="

    league_matches = Client().get(f"{url}false").json()["results"]
    third_place = Client().get(f"{url}true").json()["results"]

    assert ([m["id"] for m in league_matches], third_place) == ([match.pk], [])


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("/api/teams/?league={league}&league=424242", "league"),
        ("/api/teams/?coach=1&league={league}&coach=2", "coach"),
        ("/api/seasons/?status=draft&status=closed", "status"),
        ("/api/teams/?limit=1&limit=100", "limit"),
        ("/api/leagues/?offset=0&offset=1", "offset"),
        ("/api/leagues/?format=json&format=json", "format"),
        ("/api/matches/{match}/events/?type=game_start&type=kickoff", "type"),
    ],
)
def test_a_parameter_given_twice_is_refused(shared_api_world, query, field):
    # Which of the two was meant is unknown, as for a JSON key given twice
    # (duplicate_key): the last one was used without a word, where a proxy
    # or a cache in front may read the first.
    world = shared_api_world
    url = query.format(league=world.league.pk, match=world.match.pk)

    response = Client().get(url)

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "duplicate_parameter",
            "field": field,
            "message": f"the parameter {field!r} is given 2 times: give it once",
        }
    ]


def test_every_parameter_given_twice_is_named(shared_api_world):
    response = Client().get(
        f"/api/teams/?league={shared_api_world.league.pk}&coach=1&league=2&coach=2"
        "&coach=3"
    )

    assert response.status_code == 400
    assert [
        (e["code"], e["field"], e["message"]) for e in response.json()["errors"]
    ] == [
        (
            "duplicate_parameter",
            "league",
            "the parameter 'league' is given 2 times: give it once",
        ),
        (
            "duplicate_parameter",
            "coach",
            "the parameter 'coach' is given 3 times: give it once",
        ),
    ]


def test_a_parameter_given_once_still_filters(shared_api_world):
    world = shared_api_world

    response = Client().get(f"/api/teams/?league={world.league.pk}&limit=1&format=json")

    assert response.status_code == 200
    assert response.json()["count"] == 2
