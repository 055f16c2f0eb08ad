"""A correction in the admin that a database constraint refuses (a name
taken, a number worn, a bound) is refused by the page, on the field it
edits, and writes nothing: the model form skipped every constraint naming a
field read-only for the commissioner, and the save reached the database (an
IntegrityError, a 500)."""

from __future__ import annotations

import pytest

from league.models import League, Player, Team
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory
from tests.league.test_admin_team_fields import _form_data
from tests.world import db_snapshot

saved_constraints_north, constraints_north = shared_league(
    "constraints_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(constraints_north) -> World:
    return constraints_north


@pytest.fixture(params=["commissioner", "superuser"])
def admin_client(request, client, north):
    """The league's commissioner, then the superuser (who edits the fields
    read-only for the commissioner)."""
    if request.param == "commissioner":
        client.force_login(north.commissioner)
    else:
        client.force_login(UserFactory(username="root", is_superuser=True))
    return client


def field_error(response, field: str) -> str:
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert list(form.errors) == [field], form.errors
    (error,) = form.errors[field]
    return error


def league_row(league: League) -> tuple:
    return tuple(League.objects.filter(pk=league.pk).values_list().get())


# --- a team's page -------------------------------------------------------------


@pytest.mark.parametrize("case", [str.upper, str], ids=["other case", "same case"])
def test_a_team_given_another_teams_name_is_refused(admin_client, north, case):
    # given
    team, other = north.teams
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(admin_client, url)
    before = db_snapshot()

    # when
    response = admin_client.post(url, data | {"name": case(other.name)})

    # then
    assert field_error(response, "name") == (
        "The league already has a team of that name."
    )
    assert db_snapshot() == before


def test_a_team_with_no_dedicated_fans_is_refused_on_the_field(admin_client, north):
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(admin_client, url)
    before = db_snapshot()

    response = admin_client.post(url, data | {"dedicated_fans": "0"})

    assert field_error(response, "dedicated_fans") == "at least 1"
    assert db_snapshot() == before


def test_a_team_renamed_to_a_free_name_is_saved(admin_client, north):
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(admin_client, url)

    response = admin_client.post(url, data | {"name": "Northern Gits"})

    assert response.status_code == 302
    assert Team.objects.get(pk=team.pk).name == "Northern Gits"


def players_formset(response):
    assert response.status_code == 200
    (formset,) = [
        f.formset
        for f in response.context["inline_admin_formsets"]
        if f.formset.prefix == "players"
    ]
    return formset


def test_a_row_given_a_number_worn_on_the_roster_is_refused(admin_client, north):
    # given the team's page, its #1 given #2 while #2 moves to a free number
    # (saved one row after the other, #1's reached the database while #2
    # still wore it)
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(admin_client, url)
    assert (data["players-0-number"], data["players-1-number"]) == (1, 2)
    before = db_snapshot()

    # when
    response = admin_client.post(
        url, data | {"players-0-number": "2", "players-1-number": "60"}
    )

    # then #1's row says so, and nothing is saved
    formset = players_formset(response)
    (error,) = formset.forms[0].errors.as_data()["number"]
    assert error.code == "player_number_unique_on_roster"
    assert "free number first" in error.message
    assert not formset.forms[1].errors
    assert db_snapshot() == before


def test_no_player_is_added_from_the_teams_page(client, north):
    # given the superuser (the commissioner adds nothing), and a new row
    # posted with what the page's columns hold (a player's characteristics
    # and value are not among them: its save reached the database's NOT
    # NULL, a 500)
    client.force_login(UserFactory(username="root", is_superuser=True))
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(client, url)
    row = f"players-{data['players-TOTAL_FORMS']}"
    before = db_snapshot()

    # when
    response = client.post(
        url,
        data
        | {
            "players-TOTAL_FORMS": data["players-TOTAL_FORMS"] + 1,
            f"{row}-team": team.pk,
            f"{row}-number": "77",
            f"{row}-name": "Newcomer",
            f"{row}-status": "active",
            f"{row}-niggling_injuries": "0",
        },
    )

    # then the page saves without it (a player joins through the services)
    assert response.status_code == 302
    assert db_snapshot() == before


# --- a player's page -----------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "code", "message"),
    [
        (
            2,
            "player_number_unique_on_roster",
            "another player on the roster wears this number: give them a free "
            "number first, then save again",
        ),
        (100, "player_number_1_to_99", "a number from 1 to 99"),
    ],
    ids=["worn", "out of range"],
)
def test_a_player_given_a_number_the_roster_cannot_take_is_refused(
    admin_client, north, number, code, message
):
    # given
    player = north.teams[0].players.get(number=1)
    url = f"/admin/league/player/{player.pk}/change/"
    data = _form_data(admin_client, url)
    before = db_snapshot()

    # when
    response = admin_client.post(url, data | {"number": str(number)})

    # then
    assert field_error(response, "number") == message
    (error,) = response.context["adminform"].form.errors.as_data()["number"]
    assert error.code == code
    assert db_snapshot() == before


def test_a_player_given_a_free_number_is_saved(admin_client, north):
    player = north.teams[0].players.get(number=1)
    url = f"/admin/league/player/{player.pk}/change/"
    data = _form_data(admin_client, url)

    response = admin_client.post(url, data | {"number": "42"})

    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).number == 42


def test_players_are_not_added_in_the_admin(client, north):
    # a new player's characteristics and value are read-only on the page:
    # its save reached the database's NOT NULL (a 500)
    client.force_login(UserFactory(username="root", is_superuser=True))

    assert client.get("/admin/league/player/add/").status_code == 403


# --- a league's page -----------------------------------------------------------


def test_a_league_given_another_leagues_name_is_refused_on_the_field(
    admin_client, north
):
    # given another league, its name in other letters
    other = League.objects.exclude(pk=north.league.pk).first() or League.objects.create(
        name="Southern Cup", format="sevens", commissioner=north.coach
    )
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(admin_client, url)
    before = league_row(north.league)

    # when
    response = admin_client.post(url, data | {"name": other.name.swapcase()})

    # then
    assert field_error(response, "name") == "A league of that name already exists."
    assert league_row(north.league) == before


def test_a_confirmation_of_over_60_days_is_refused_on_the_field(admin_client, north):
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(admin_client, url)
    before = league_row(north.league)

    response = admin_client.post(url, data | {"report_confirmation_days": "61"})

    assert field_error(response, "report_confirmation_days") == "at most 60 days"
    assert league_row(north.league) == before


def test_a_rules_data_version_that_does_not_exist_is_refused(client, north):
    # given the superuser (a commissioner does not edit it); the league's
    # pages read their rosters from it: each one was a 500 after the save
    client.force_login(UserFactory(username="root", is_superuser=True))
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(client, url)
    before = league_row(north.league)

    response = client.post(url, data | {"rules_version": "bb1987"})

    assert field_error(response, "rules_version") == "no rules data of that version"
    assert league_row(north.league) == before


def test_a_rules_data_version_that_exists_is_saved(client, north):
    client.force_login(UserFactory(username="root", is_superuser=True))
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(client, url)

    response = client.post(url, data | {"rules_version": "bb2025"})

    assert response.status_code == 302
    assert League.objects.get(pk=north.league.pk).rules_version == "bb2025"
