"""The third-place match on the season page's bracket and fixtures, on its
match page, and in the API (the playoffs endpoint, a season's matches, a
match, the schema)."""

from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from matches.models import Match
from matches.seasons.services import season_schedule_playoffs
from tests.matches.conftest import db_state
from tests.matches.seasons.test_third_place import (  # noqa: F401
    play,
    season_with_playoffs,
    semis_played,
    teams,
)
from tests.world import api_as

pytestmark = pytest.mark.django_db

BRACKET_HEADING = re.compile(r'<h4 id="(bracket-round-[^"]+)">([^<]+)</h4>')


def bracket(html: str) -> list[tuple[str, str]]:
    return BRACKET_HEADING.findall(html)


def test_the_bracket_has_a_third_place_column_to_be_decided_after_the_semis_are_drawn(
    client,
    eleven,
    teams,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    season = season_with_playoffs(
        eleven, teams, 4, alice=alice, capture=django_capture_on_commit_callbacks
    )
    season_schedule_playoffs(season_id=season.pk)

    html = client.get(f"/seasons/{season.pk}/").content.decode()

    assert bracket(html) == [
        ("bracket-round-1", "Semi-finals"),
        ("bracket-round-2", "Final"),
        ("bracket-round-2-third-place", "Third-place match"),
    ]


def test_the_season_page_shows_the_third_place_match_beside_the_final(
    client,
    eleven,
    teams,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    # given the final (Ash v Cedar) and the third-place match (Birch v Dune)
    ash, birch, cedar, dune = teams
    season = semis_played(
        eleven, teams, alice=alice, capture=django_capture_on_commit_callbacks
    )
    final, third = season_schedule_playoffs(season_id=season.pk)

    # when
    html = client.get(f"/seasons/{season.pk}/").content.decode()

    # then one final and the third-place match in a column of its own
    assert bracket(html) == [
        ("bracket-round-1", "Semi-finals"),
        ("bracket-round-2", "Final"),
        ("bracket-round-2-third-place", "Third-place match"),
    ]
    columns = html.split('<li class="bracket-round')
    final_column = next(c for c in columns if '"bracket-round-2">Final<' in c)
    third_column = next(c for c in columns if "Third-place match</h4>" in c)
    assert final_column.count('<li class="tie') == 1
    assert f"/matches/{final.pk}/" in final_column
    assert f"/matches/{third.pk}/" not in final_column
    assert third_column.count('<li class="tie') == 1
    assert f"/matches/{third.pk}/" in third_column
    assert ">Birch</a>" in third_column
    assert ">Dune</a>" in third_column
    # and the fixtures name the round and mark the match
    assert "Playoff round 2: Final and third-place match</h4>" in html
    assert html.count('data-testid="third-place"') == 1

    # and its own page says what it is
    page = client.get(f"/matches/{third.pk}/").content.decode()
    assert "Playoff round 2: third-place match</p>" in page
    final_page = client.get(f"/matches/{final.pk}/").content.decode()
    assert "third-place match" not in final_page


def test_a_bracket_of_three_shows_no_third_place_column(
    client,
    eleven,
    teams,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    season = season_with_playoffs(
        eleven, teams, 3, alice=alice, capture=django_capture_on_commit_callbacks
    )
    season_schedule_playoffs(season_id=season.pk)

    html = client.get(f"/seasons/{season.pk}/").content.decode()

    assert bracket(html) == [
        ("bracket-round-1", "Semi-finals"),
        ("bracket-round-2", "Final"),
    ]


def test_the_commissioner_is_told_both_matches_are_scheduled(
    client,
    eleven,
    teams,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    season = semis_played(
        eleven, teams, alice=alice, capture=django_capture_on_commit_callbacks
    )
    client.force_login(alice)

    response = client.post(f"/seasons/{season.pk}/playoffs/", follow=True)

    assert "Playoffs scheduled: the final and the third-place match." in (
        response.content.decode()
    )
    assert Match.objects.filter(season=season, stage="playoff", round=2).count() == 2


# --- the API -------------------------------------------------------------------------


def test_the_playoffs_endpoint_schedules_and_marks_the_third_place_match(
    eleven,
    teams,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    # given the semi-finals played
    ash, birch, cedar, dune = teams
    season = semis_played(
        eleven, teams, alice=alice, capture=django_capture_on_commit_callbacks
    )
    api = api_as(alice)

    # when
    response = api.post(f"/api/seasons/{season.pk}/playoffs/")

    # then the final first, then the third-place match, marked
    assert response.status_code == 201
    assert [
        (m["round"], m["home"], m["away"], m["third_place"]) for m in response.json()
    ] == [(2, ash.pk, cedar.pk, False), (2, birch.pk, dune.pk, True)]
    third_id = response.json()[1]["id"]

    # and the season's matches filter on it, and a match says it
    listed = api.get(f"/api/seasons/{season.pk}/matches/?third_place=true").json()
    assert [m["id"] for m in listed["results"]] == [third_id]
    assert api.get(f"/api/matches/{third_id}/").json()["third_place"] is True
    semis = api.get(f"/api/seasons/{season.pk}/matches/?stage=playoff&round=1")
    assert [m["third_place"] for m in semis.json()["results"]] == [False, False]

    # and asking again before the round is played is refused, nothing written
    before = db_state()
    again = api.post(f"/api/seasons/{season.pk}/playoffs/")
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "round_unfinished"
    assert db_state() == before


def test_the_schema_documents_the_third_place_field():
    schema = SchemaGenerator().get_schema(request=None, public=True)

    field = schema["components"]["schemas"]["MatchOutput"]["properties"]["third_place"]
    assert field["type"] == "boolean"
    assert "3rd place" in field["description"]
    playoffs = schema["paths"]["/api/seasons/{season_id}/playoffs/"]["post"]
    assert "third-place match" in playoffs["description"]
    filters = schema["paths"]["/api/seasons/{season_id}/matches/"]["get"]["parameters"]
    assert "third_place" in [p["name"] for p in filters]
