"""Seasons split into divisions: a round robin and a table each."""

import pytest

from league.errors import ServiceError
from matches.models import Match, Season
from matches.seasons.selectors import season_division_standings
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team
from tests.matches.conftest import codes, db_state, play_recorded
from tests.world import api_as


@pytest.fixture
def six(sevens, bob, charlie):
    rosters = ["orc", "human", "dwarf", "skaven", "wood-elf", "lizardmen"]
    return [
        draft_team(sevens, bob if i % 2 else charlie, roster=r, name=f"Team {i}")
        for i, r in enumerate(rosters)
    ]


def test_each_division_plays_its_own_round_robin(sevens, six):
    north, south = [t.pk for t in six[:3]], [t.pk for t in six[3:]]
    season = season_create(
        league=sevens, name="Split", seed=3, divisions={"North": north, "South": south}
    )

    matches = season_schedule(season_id=season.pk)

    # three teams a division: three rounds, one match a division a round
    assert len(matches) == 6
    for m in matches:
        assert ({m.home_id, m.away_id} <= set(north)) or (
            {m.home_id, m.away_id} <= set(south)
        )
    assert sorted(m.round for m in matches) == [1, 1, 2, 2, 3, 3]


def test_divisions_must_cover_every_team_once(sevens, six):
    ids = [t.pk for t in six]
    before = Season.objects.count()
    for divisions in (
        {"A": ids[:3], "B": ids[3:5]},
        {"A": ids, "B": ids[:2]},
        {"A": ids[:5], "B": ids[5:]},
    ):
        with pytest.raises(ServiceError) as exc:
            season_create(league=sevens, name="Bad", divisions=divisions)
        assert codes(exc) == [("invalid_divisions", "divisions")]
    assert Season.objects.count() == before


def test_each_division_has_its_own_table(
    sevens, six, alice, django_capture_on_commit_callbacks
):
    north, south = [t.pk for t in six[:3]], [t.pk for t in six[3:]]
    season = season_create(
        league=sevens, name="Split", seed=3, divisions={"North": north, "South": south}
    )
    season_schedule(season_id=season.pk)
    first = (
        Match.objects.filter(season=season, home_id__in=north).order_by("id").first()
    )
    play_recorded(first, 2, 0, actor=alice, capture=django_capture_on_commit_callbacks)

    tables = season_division_standings(season)

    assert list(tables) == ["North", "South"]
    assert [r.team_id for r in tables["North"]][0] == first.home_id
    assert sorted(r.team_id for r in tables["North"]) == sorted(north)
    assert [r.points for r in tables["South"]] == [0, 0, 0]
    body = api_as(None).get(f"/api/seasons/{season.pk}/standings/").json()
    assert [r["team"] for r in body["divisions"]["North"]][0] == first.home_id
    assert len(body["rows"]) == 6


@pytest.mark.parametrize(
    "names",
    [
        ("North", "north "),  # one division for the season form
        ("", "South"),
        ("   ", "South"),
        ("N" * 41, "South"),
    ],
)
def test_the_api_refuses_the_division_names_the_form_refuses(sevens, six, alice, names):
    # given two halves named as the season form would not take them (it
    # trims, merges names that differ only by case, needs a name and takes
    # 40 characters)
    ids = [t.pk for t in six]
    before = db_state()

    response = api_as(alice).post(
        "/api/seasons/",
        {
            "league": sevens.pk,
            "name": "Split",
            "divisions": {names[0]: ids[:3], names[1]: ids[3:]},
        },
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("invalid_divisions", "divisions")
    ]
    assert db_state() == before


def test_a_division_name_is_kept_trimmed(sevens, six):
    ids = [t.pk for t in six]

    season = season_create(
        league=sevens, name="Split", divisions={" North ": ids[:3], "South": ids[3:]}
    )

    assert list(season.divisions) == ["North", "South"]
