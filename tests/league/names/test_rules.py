"""What a name may be (league/names/rules.py), through every API write
that names something: a league, a season, a team, its players. Each
refusal names its field and writes nothing; a name is stored as people
read it (Unicode's NFKC form, one space between words)."""

from __future__ import annotations

import pytest

from league.models import League, Player, Team
from matches.models import Season
from tests.api_endpoints import every_row
from tests.factories import LeagueFactory, draft_team
from tests.league.conftest import api_as

HIDDEN = [
    pytest.param("\x1b[31mDa Boyz", id="escape-sequence"),
    pytest.param("Da\u202eBoyz", id="right-to-left-override"),
    pytest.param("Da Boyz\u200b", id="zero-width-space"),
    pytest.param("Da\nBoyz", id="new-line"),
    pytest.param("Da\tBoyz", id="tab"),
    pytest.param("\ufeffDa Boyz", id="byte-order-mark"),
    pytest.param("Da\u2028Boyz", id="line-separator"),
    pytest.param("Da Boyz\ue000", id="private-use"),
]
REFUSED = [
    *[pytest.param(p.values[0], "invalid_character", id=p.id) for p in HIDDEN],
    pytest.param("\u200b\u200b", "invalid_character", id="only-zero-width"),
    pytest.param("\u0301\u0301", "blank", id="only-accents"),
    # a Cyrillic "о" (U+043E) in a Latin name
    pytest.param("G\u043euged Eye", "mixed_script", id="cyrillic-o"),
    # a Greek capital alpha (U+0391) in a Latin name
    pytest.param("\u0391thelorn Avengers", "mixed_script", id="greek-alpha"),
]


def orc_draft(league: League, name: str, player_name: str = "Ug") -> dict:
    return {
        "league": league.pk,
        "name": name,
        "roster": "orc",
        "players": [
            {"position": "orc-lineman", "name": f"{player_name} {i}"}
            for i in range(1, 8)
        ],
    }


def refused(response, code: str, field: str) -> None:
    assert response.status_code == 400, response.json()
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_team_name_that_is_not_read_as_written_is_refused(sevens, bob, name, code):
    before = every_row()

    response = api_as(bob).post("/api/teams/", orc_draft(sevens, name), format="json")

    refused(response, code, "name")
    assert every_row() == before


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_drafted_players_name_is_refused_with_its_path(sevens, bob, name, code):
    body = orc_draft(sevens, "Da Boyz")
    body["players"][3]["name"] = name
    before = every_row()

    response = api_as(bob).post("/api/teams/", body, format="json")

    refused(response, code, "players.3.name")
    assert every_row() == before


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_hired_players_name_is_refused_and_nothing_is_paid(bob_orcs, bob, name, code):
    before = every_row()

    response = api_as(bob).post(
        f"/api/teams/{bob_orcs.pk}/players/",
        {"position": "orc-lineman", "name": name},
        format="json",
    )

    refused(response, code, "name")
    assert every_row() == before


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_league_name_is_refused(bob, name, code):
    before = every_row()

    response = api_as(bob).post(
        "/api/leagues/", {"name": name, "format": "sevens"}, format="json"
    )

    refused(response, code, "name")
    assert every_row() == before


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_season_name_is_refused(four_teams, alice, sevens, name, code):
    before = every_row()

    response = api_as(alice).post(
        "/api/seasons/", {"league": sevens.pk, "name": name}, format="json"
    )

    refused(response, code, "name")
    assert every_row() == before


@pytest.mark.parametrize("name", HIDDEN)
def test_a_division_name_is_refused(four_teams, alice, sevens, name):
    ids = [t.pk for t in four_teams]
    before = every_row()

    response = api_as(alice).post(
        "/api/seasons/",
        {
            "league": sevens.pk,
            "name": "Spring",
            "divisions": {name: ids[:2], "South": ids[2:]},
        },
        format="json",
    )

    refused(response, "invalid_divisions", "divisions")
    assert every_row() == before


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_a_team_cards_names_are_refused(alice, bob, name, code):
    blitz = LeagueFactory(name="Blitz", format="blitz-bowl", commissioner=alice)
    before = every_row()

    response = api_as(alice).post(
        "/api/teams/card/",
        {"league": blitz.pk, "name": name, "card": "dwarf", "player_names": [name]},
        format="json",
    )

    assert response.status_code == 400, response.json()
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, "player_names.0"),
        (code, "name"),
    ]
    assert every_row() == before


def test_a_name_is_stored_in_the_form_people_read(sevens, bob):
    # given a full-width "Ｄ" (U+FF24), a no-break space and a run of spaces
    response = api_as(bob).post(
        "/api/teams/",
        orc_draft(sevens, "\uff24a\u00a0Boyz   Klan", player_name="Ｇrak  the"),
        format="json",
    )

    assert response.status_code == 201, response.json()
    team = Team.objects.get()
    assert team.name == "Da Boyz Klan"
    assert Player.objects.filter(team=team, number=1).get().name == "Grak the 1"


def test_a_look_alike_of_a_taken_team_name_is_taken(sevens, bob, charlie):
    # given "Gouged Eye" in the league
    draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    before = every_row()

    # when another coach drafts it with a full-width "Ｇ" and in capitals
    response = api_as(charlie).post(
        "/api/teams/", orc_draft(sevens, "ＧOUGED  EYE"), format="json"
    )

    refused(response, "name_taken", "name")
    assert every_row() == before


def test_a_look_alike_of_a_taken_league_or_season_name_is_taken(
    four_teams, alice, sevens
):
    api_as(alice).post(
        "/api/seasons/", {"league": sevens.pk, "name": "Spring"}, format="json"
    )
    before = every_row()

    league = api_as(alice).post(
        "/api/leagues/", {"name": "Ｓevens  Cup", "format": "sevens"}, format="json"
    )
    season = api_as(alice).post(
        "/api/seasons/", {"league": sevens.pk, "name": "ｓpring"}, format="json"
    )

    refused(league, "name_taken", "name")
    refused(season, "name_taken", "name")
    assert every_row() == before
    assert Season.objects.get().name == "Spring"


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Орки Ворги", id="all-cyrillic"),
        pytest.param("Αθηνά", id="all-greek"),
        pytest.param("Ærøskøbing Ølfighters", id="latin-with-accents"),
        pytest.param("日本 Dragons", id="han-with-latin"),
        pytest.param("Da Boyz \U0001f468\u200d\U0001f469\u200d\U0001f467", id="zwj"),
    ],
)
def test_a_name_in_one_script_or_with_emoji_stands(sevens, bob, name):
    response = api_as(bob).post("/api/teams/", orc_draft(sevens, name), format="json")

    assert response.status_code == 201, response.json()
    assert Team.objects.get().name == name
