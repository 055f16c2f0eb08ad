"""A season's, a match's and a resolution's page refuse, on the field they
edit, what a database constraint refuses (a season's name taken, a match
moved to a stage whose round already holds its teams, a third-place match
made a league match, a second running resolution of one scope), and write
nothing: the model form skipped the constraints naming a read-only field,
and the save reached the database (an IntegrityError, a 500). The pages of
rows only the services make add none."""

from __future__ import annotations

import json

import pytest

from matches.models import Match, Season, TaskProgress
from matches.seasons.services import season_create
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory, draft_team
from tests.league.test_admin_constraints import field_error
from tests.league.test_admin_team_fields import _form_data

saved_match_constraints_north, match_constraints_north = shared_league(
    "match_constraints_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(match_constraints_north) -> World:
    return match_constraints_north


@pytest.fixture(params=["commissioner", "superuser"])
def admin_client(request, client, north):
    if request.param == "commissioner":
        client.force_login(north.commissioner)
    else:
        client.force_login(UserFactory(username="root", is_superuser=True))
    return client


def match_rows(season: Season) -> list[tuple]:
    """The season's matches, but for when they were last saved."""
    fields = [f.name for f in Match._meta.concrete_fields if f.name != "updated_at"]
    return list(Match.objects.filter(season=season).order_by("pk").values_list(*fields))


@pytest.fixture
def root(client, db):
    client.force_login(UserFactory(username="root", is_superuser=True))
    return client


# --- a season's page -----------------------------------------------------------


def test_a_season_given_another_seasons_name_is_refused(admin_client, north):
    # given a second season of the league
    season = season_create(league=north.league, name="Autumn", seed=3)
    url = f"/admin/matches/season/{season.pk}/change/"
    data = _form_data(admin_client, url)

    # when it is given the first one's name, in other letters
    response = admin_client.post(url, data | {"name": north.season.name.upper()})

    # then
    assert field_error(response, "name") == (
        "The league already has a season of that name."
    )
    assert Season.objects.get(pk=season.pk).name == "Autumn"


def test_seasons_are_not_added_in_the_admin(root):
    # a new season's seed is read-only: its save reached the NOT NULL
    assert root.get("/admin/matches/season/add/").status_code == 403


# --- a match's page ------------------------------------------------------------


def test_a_commissioner_cannot_move_a_match_to_another_stage(client, north):
    # given a third-place match, on its commissioner's page
    client.force_login(north.commissioner)
    match = north.match
    third = Match.objects.create(
        season=match.season,
        round=5,
        stage=Match.Stage.PLAYOFF,
        home=match.home,
        away=match.away,
        seed=1,
        third_place=True,
    )
    url = f"/admin/matches/match/{third.pk}/change/"
    assert 'name="stage"' not in client.get(url).content.decode()
    data = _form_data(client, url)
    before = match_rows(match.season)

    # when a stage is posted anyway
    response = client.post(url, data | {"stage": "league"})

    # then it is ignored
    assert response.status_code == 302
    assert match_rows(match.season) == before


def test_a_third_place_match_stays_a_playoff_match(root, north):
    # given a third-place match, on the superuser's page
    match = north.match
    third = Match.objects.create(
        season=match.season,
        round=5,
        stage=Match.Stage.PLAYOFF,
        home=match.home,
        away=match.away,
        seed=1,
        third_place=True,
    )
    url = f"/admin/matches/match/{third.pk}/change/"
    data = _form_data(root, url)
    before = match_rows(match.season)

    # when it is made a league match
    response = root.post(url, data | {"stage": "league"})

    # then
    assert field_error(response, "stage") == "a third-place match is a playoff match"
    assert match_rows(match.season) == before


def test_a_match_moved_to_a_stage_whose_round_holds_its_teams_is_refused(root, north):
    # given a playoff match in the round of the teams' league match
    match = north.match
    playoff = Match.objects.create(
        season=match.season,
        round=match.round,
        stage=Match.Stage.PLAYOFF,
        home=match.home,
        away=match.away,
        seed=1,
    )
    url = f"/admin/matches/match/{playoff.pk}/change/"
    data = _form_data(root, url)
    before = match_rows(match.season)

    # when it is made a league match
    response = root.post(url, data | {"stage": "league"})

    # then both teams are named
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["stage"] == [
        "the home team already plays a match of this stage in this round",
        "the away team already plays a match of this stage in this round",
    ]
    assert match_rows(match.season) == before


def test_a_match_moved_to_a_free_stage_and_round_is_saved(root, north):
    match = north.match
    playoff = Match.objects.create(
        season=match.season,
        round=match.round + 1,
        stage=Match.Stage.PLAYOFF,
        home=match.home,
        away=match.away,
        seed=1,
    )
    url = f"/admin/matches/match/{playoff.pk}/change/"

    response = root.post(url, _form_data(root, url) | {"stage": "league"})

    assert response.status_code == 302
    assert Match.objects.get(pk=playoff.pk).stage == Match.Stage.LEAGUE


@pytest.mark.parametrize(
    "url",
    [
        "/admin/matches/match/add/",
        "/admin/matches/taskprogress/add/",
        "/admin/matches/seasonteamarchive/add/",
        "/admin/matches/leaguewebhook/add/",
        "/admin/matches/webhookdelivery/add/",
        "/admin/matches/pointsdeduction/add/",
    ],
)
def test_rows_only_the_services_make_are_not_added_in_the_admin(root, url):
    # each add form left a NOT NULL column empty (a 500), or made a
    # resolution with nothing to resolve
    assert root.get(url).status_code == 403


def test_no_result_is_added_from_a_matchs_page(root, north):
    # given a match with no result yet, and a result's row posted (its
    # score is read-only on the page: its save reached the NOT NULL)
    match = north.match
    fixture = Match.objects.create(
        season=match.season, round=7, home=match.home, away=match.away, seed=1
    )
    url = f"/admin/matches/match/{fixture.pk}/change/"
    data = _form_data(root, url)
    before = match_rows(match.season)

    response = root.post(
        url,
        data
        | {
            "result-TOTAL_FORMS": "1",
            "result-0-match": fixture.pk,
            "result-0-home_casualties": "2",
            "result-0-away_casualties": "0",
        },
    )

    # then the page saves without it
    assert response.status_code == 302
    assert match_rows(match.season) == before
    assert not hasattr(Match.objects.get(pk=fixture.pk), "result")


# --- a resolution's page -------------------------------------------------------


def test_a_second_running_resolution_of_one_scope_is_refused(root, north):
    # given two resolutions still running
    TaskProgress.objects.create(kind="resolve", season=north.season, scope_key="a")
    other = TaskProgress.objects.create(
        kind="resolve", season=north.season, scope_key="b"
    )
    url = f"/admin/matches/taskprogress/{other.pk}/change/"

    # when the second is given the first one's scope
    response = root.post(url, _form_data(root, url) | {"scope_key": "a"})

    # then
    assert field_error(response, "scope_key") == (
        "another resolution of this scope is still running"
    )
    assert TaskProgress.objects.get(pk=other.pk).scope_key == "b"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"divisions": '["North"]'},
            "divisions",
            "a division's name to its teams' ids: {\"North\": [1, 2]}",
        ),
        (
            {"divisions": '{"North": "all"}'},
            "divisions",
            "a division's name to its teams' ids: {\"North\": [1, 2]}",
        ),
        (
            {"divisions": '{"North": [0, 1]}'},
            "divisions",
            "every team of the season must be in exactly one division",
        ),
        (
            {"playoff_teams": "3"},
            "playoff_teams",
            "playoffs need 2 up to the number of teams",
        ),
    ],
    ids=["a list", "not ids", "not its teams", "playoffs of more teams"],
)
def test_a_season_structure_its_pages_cannot_read_is_refused(
    root, north, change, field, message
):
    # given the superuser (read-only for a commissioner): a season's
    # divisions that were not a name to its teams' ids broke the league's
    # page, the season's and its standings (a 500)
    url = f"/admin/matches/season/{north.season.pk}/change/"
    data = _form_data(root, url)
    before = Season.objects.filter(pk=north.season.pk).values_list().get()

    response = root.post(url, data | change)

    assert field_error(response, field) == message
    assert Season.objects.filter(pk=north.season.pk).values_list().get() == before


def test_a_seasons_divisions_of_its_teams_are_saved(root, north):
    url = f"/admin/matches/season/{north.season.pk}/change/"
    home, away = north.teams
    divisions = {"North": sorted([home.pk, away.pk])}

    response = root.post(
        url,
        _form_data(root, url)
        | {"divisions": json.dumps(divisions), "playoff_teams": "2"},
    )

    assert response.status_code == 302
    season = Season.objects.get(pk=north.season.pk)
    assert (season.divisions, season.playoff_teams) == (divisions, 2)


# --- a match no longer scheduled ------------------------------------------------


@pytest.mark.parametrize(
    ("status", "shown"),
    [
        (Match.Status.IN_PROGRESS, "in progress"),
        (Match.Status.PLAYED, "played"),
        (Match.Status.POST_GAME, "post-game"),
        (Match.Status.COMPLETE, "complete"),
    ],
)
def test_a_match_under_way_or_played_keeps_its_stage(root, north, status, shown):
    # given a league match of the round after the played one, in ``status``
    match = north.match
    fixture = Match.objects.create(
        season=match.season,
        round=match.round + 1,
        home=match.home,
        away=match.away,
        seed=1,
        status=status,
    )
    url = f"/admin/matches/match/{fixture.pk}/change/"
    data = _form_data(root, url)
    before = match_rows(match.season)

    # when the superuser makes it a playoff match (a free stage and round:
    # no constraint refuses it)
    response = root.post(url, data | {"stage": "playoff"})

    # then
    assert field_error(response, "stage") == (
        f"the match is {shown}: only a scheduled match changes its stage"
    )
    (error,) = response.context["adminform"].form.errors.as_data()["stage"]
    assert error.code == "match_played"
    assert match_rows(match.season) == before


def test_a_played_match_keeps_its_teams(root, north):
    # given the played match and a third team of the league, on the
    # superuser's page (which shows the teams, and no input for them)
    match = north.match
    assert match.status == Match.Status.COMPLETE
    other = draft_team(north.league, north.coach, roster="human", name="Newcomers")
    url = f"/admin/matches/match/{match.pk}/change/"
    html = root.get(url).content.decode()
    assert 'name="home"' not in html
    assert 'name="away"' not in html
    before = match_rows(match.season)

    # when other teams are posted anyway
    response = root.post(
        url, _form_data(root, url) | {"home": other.pk, "away": other.pk}
    )

    # then they are ignored
    assert response.status_code == 302
    assert match_rows(match.season) == before
