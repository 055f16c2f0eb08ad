"""What a commissioner corrects by hand in the admin is checked as the site
and the API check it: a league keeps its edition and standings it can
order, and a roster keeps one player to a number. A refused correction
writes nothing."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from league.models import League, Player, Team
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory
from tests.league.test_admin_team_fields import _form_data
from tests.world import db_snapshot

saved_corrections_north, corrections_north = shared_league(
    "corrections_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(corrections_north) -> World:
    return corrections_north


@pytest.fixture
def as_nora(client, north):
    client.force_login(north.commissioner)
    return client


def league_row(league: League) -> tuple:
    return tuple(League.objects.filter(pk=league.pk).values_list().get())


def league_url(world: World) -> str:
    return f"/admin/league/league/{world.league.pk}/change/"


# --- the league's page ---------------------------------------------------------


def test_a_commissioner_cannot_change_the_leagues_edition(as_nora, north):
    # given the league's page, as its commissioner sees it
    url = league_url(north)
    html = as_nora.get(url).content.decode()
    data = _form_data(as_nora, url)

    # then it offers neither its format nor its rules-data version
    assert 'name="format"' not in html
    assert 'name="rules_version"' not in html
    assert 'name="name"' in html  # its own fields stay editable

    # when they are posted anyway (a version that does not exist broke
    # every page of the league)
    response = as_nora.post(
        url, data | {"format": "bb2025", "rules_version": "bogus", "name": "North"}
    )

    # then the rest is saved and they are ignored
    assert response.status_code == 302
    league = League.objects.get(pk=north.league.pk)
    assert (league.name, league.format, league.rules_version) == (
        "North",
        north.league.format,
        north.league.rules_version,
    )
    assert as_nora.get(f"/leagues/{league.pk}/").status_code == 200
    assert as_nora.get(f"/teams/{north.teams[0].pk}/").status_code == 200


def test_the_superuser_still_corrects_the_edition(client, north):
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(root)

    html = client.get(league_url(north)).content.decode()

    assert 'name="format"' in html
    assert 'name="rules_version"' in html


@pytest.mark.parametrize(
    ("tiebreakers", "code"),
    [
        ('["points", "bogus"]', "invalid_choice"),
        ('["points", "td_diff", "points"]', "duplicate"),
        ('"points"', "invalid"),
        ('{"points": 1}', "invalid"),
    ],
    ids=["unknown", "twice", "a string", "an object"],
)
def test_tiebreakers_the_standings_cannot_read_are_refused(
    as_nora, north, tiebreakers, code
):
    # given (a new season's table read each name as a column: a 500)
    url = league_url(north)
    data = _form_data(as_nora, url)
    before = league_row(north.league)

    # when
    response = as_nora.post(url, data | {"tiebreakers": tiebreakers})

    # then
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert [e.code for e in form.errors.as_data()["tiebreakers"]] == [code]
    assert league_row(north.league) == before


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"points_win": "11"}, "points_win", "out_of_range"),
        ({"points_draw": "4"}, "points_draw", "points_order"),
    ],
    ids=["above ten", "a draw above a win"],
)
def test_points_the_site_refuses_are_refused(as_nora, north, change, field, code):
    # given
    url = league_url(north)
    data = _form_data(as_nora, url)
    before = league_row(north.league)

    # when
    response = as_nora.post(url, data | change)

    # then
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert [e.code for e in form.errors.as_data()[field]] == [code]
    assert league_row(north.league) == before


@pytest.mark.parametrize(("seconds", "bound"), [("0", 30), ("29", 30), ("3601", 3600)])
def test_a_live_turn_clock_out_of_range_is_refused(as_nora, north, seconds, bound):
    # given (0 ended every turn of a live match as soon as it began)
    url = league_url(north)
    data = _form_data(as_nora, url)
    before = league_row(north.league)

    # when
    response = as_nora.post(url, data | {"live_turn_seconds": seconds})

    # then it is refused on its field, and nothing is written
    assert response.status_code == 200
    form = response.context["adminform"].form
    errors = form.errors.as_data()
    assert list(errors) == ["live_turn_seconds"]
    assert [e.code for e in errors["live_turn_seconds"]] == ["out_of_range"]
    assert league_row(north.league) == before

    # and the nearest bound is saved
    response = as_nora.post(url, data | {"live_turn_seconds": str(bound)})
    assert response.status_code == 302
    assert League.objects.get(pk=north.league.pk).live_turn_seconds == bound


def test_the_database_refuses_a_live_turn_clock_out_of_range(north):
    # given
    before = league_row(north.league)

    # when a write goes around the admin's checks, then it is refused
    for seconds in (0, 3601):
        with pytest.raises(IntegrityError), transaction.atomic():
            League.objects.filter(pk=north.league.pk).update(live_turn_seconds=seconds)
    assert league_row(north.league) == before


def test_a_valid_order_of_tiebreakers_is_saved(as_nora, north):
    url = league_url(north)
    data = _form_data(as_nora, url)

    response = as_nora.post(url, data | {"tiebreakers": '["points", "wins"]'})

    assert response.status_code == 302
    assert League.objects.get(pk=north.league.pk).tiebreakers == ["points", "wins"]


# --- a team's players ----------------------------------------------------------


def test_two_players_given_one_number_are_refused_on_their_rows(as_nora, north):
    # given two players of a team moved to the same free number
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(as_nora, url)
    before = db_snapshot()

    # when
    response = as_nora.post(
        url, data | {"players-0-number": "50", "players-1-number": "50"}
    )

    # then the second row is refused (it reached the database's
    # constraint: a 500), and nothing is saved
    assert response.status_code == 200
    (formset,) = [
        f.formset
        for f in response.context["inline_admin_formsets"]
        if f.formset.prefix == "players"
    ]
    assert "number" not in formset.forms[0].errors
    (error,) = formset.forms[1].errors.as_data()["number"]
    assert error.code == "number_taken"
    assert db_snapshot() == before


def test_players_given_free_numbers_are_saved(as_nora, north):
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(as_nora, url)

    response = as_nora.post(
        url, data | {"players-0-number": "50", "players-1-number": "51"}
    )

    assert response.status_code == 302
    numbers = set(team.players.values_list("number", flat=True))
    assert {50, 51} <= numbers


def team_row(team) -> tuple:
    return tuple(Team.objects.filter(pk=team.pk).values_list().get())


def player_rows(team) -> list[tuple]:
    return list(Player.objects.filter(team=team).order_by("pk").values_list())


def test_a_roster_without_the_teams_positions_is_refused(as_nora, north):
    # given an Orc team, whose players are Orc positions (the API read them
    # from the new roster: a 500)
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(as_nora, url)
    before = (team_row(team), player_rows(team))

    # when
    response = as_nora.post(url, data | {"roster": "human"})

    # then
    assert response.status_code == 200
    (error,) = response.context["adminform"].form.errors.as_data()["roster"]
    assert error.code == "positions_not_on_roster"
    assert (team_row(team), player_rows(team)) == before
    assert as_nora.get(f"/api/teams/{team.pk}/").status_code == 200


def test_a_player_takes_only_a_position_of_his_teams_roster(as_nora, north):
    # given
    player = north.teams[0].players.order_by("number").first()
    url = f"/admin/league/player/{player.pk}/change/"
    data = _form_data(as_nora, url)
    before = player_rows(north.teams[0])

    # when
    response = as_nora.post(url, data | {"position": "human-blitzer"})

    # then
    assert response.status_code == 200
    (error,) = response.context["adminform"].form.errors.as_data()["position"]
    assert error.code == "not_a_position"
    assert player_rows(north.teams[0]) == before


@pytest.mark.parametrize(
    "reductions",
    ['{"ma": "x"}', "[1]", '{"speed": 1}', '{"av": -1}', '{"st": true}'],
)
def test_lasting_injuries_the_pages_cannot_read_are_refused(as_nora, north, reductions):
    # given (the team's and the player's pages subtracted them: a 500)
    player = north.teams[0].players.order_by("number").first()
    url = f"/admin/league/player/{player.pk}/change/"
    data = _form_data(as_nora, url)
    before = player_rows(north.teams[0])

    # when
    response = as_nora.post(url, data | {"reductions": reductions})

    # then
    assert response.status_code == 200
    (error,) = response.context["adminform"].form.errors.as_data()["reductions"]
    assert error.code == "invalid"
    assert player_rows(north.teams[0]) == before


def test_a_lasting_injury_is_corrected(as_nora, north):
    player = north.teams[0].players.order_by("number").first()
    url = f"/admin/league/player/{player.pk}/change/"
    data = _form_data(as_nora, url)

    response = as_nora.post(url, data | {"reductions": '{"av": 1, "ma": 0}'})

    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).reductions == {"av": 1}
    assert as_nora.get(f"/players/{player.pk}/").status_code == 200
