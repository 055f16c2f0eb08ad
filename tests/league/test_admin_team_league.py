"""The superuser moves a team to another league only while nothing of its
league holds it: a team with matches, played or to play, or entered in a
season stays, refused on its league field, and nothing is written (the
commissioner never edits a team's league)."""

from __future__ import annotations

import pytest
from django.db.models import Q

from league.models import League, LeagueEvent, Team
from matches.models import Match, Season
from matches.seasons.services import season_create
from tests.commissioner_world import World, shared_league
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.test_admin_team_fields import _form_data

saved_moving_north, moving_north = shared_league(
    "moving_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(moving_north) -> World:
    return moving_north


@pytest.fixture
def root(client, db):
    client.force_login(UserFactory(username="root", is_superuser=True))
    return client


@pytest.fixture
def south(north) -> League:
    return LeagueFactory(
        name="Southern Cup", format="sevens", commissioner=UserFactory(username="sam")
    )


def everything() -> tuple:
    """Every row a move could touch: the teams, the matches, the seasons'
    teams and the audit log."""
    return (
        list(Team.objects.order_by("pk").values_list()),
        list(Match.objects.order_by("pk").values_list("pk", "home", "away", "season")),
        list(Season.teams.through.objects.order_by("pk").values_list("season", "team")),
        LeagueEvent.objects.count(),
    )


def move(client, team: Team, league: League):
    url = f"/admin/league/team/{team.pk}/change/"
    return client.post(url, _form_data(client, url) | {"league": league.pk})


def league_error(response) -> tuple[str, str]:
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert list(form.errors) == ["league"], form.errors
    (error,) = form.errors.as_data()["league"]
    return error.code, error.message


def test_a_team_with_matches_stays_in_its_league(root, north, south):
    # given the north league's home team, which has played its match
    team = north.teams[0]
    assert Match.objects.filter(home=team).count() == 1
    before = everything()

    # when the superuser moves it south
    response = move(root, team, south)

    # then
    assert league_error(response) == (
        "team_has_matches",
        f"{team.name} has matches in Northern Cup, played or to play: it "
        "stays in its league",
    )
    assert everything() == before


def test_a_team_with_a_match_still_to_play_stays_in_its_league(root, north, south):
    # given a new team of the north league with a fixture not yet played
    team = draft_team(north.league, north.coach, roster="human", name="Newcomers")
    season = season_create(league=north.league, name="Spring", seed=1)
    Match.objects.create(season=season, round=1, home=north.teams[1], away=team, seed=1)
    before = everything()

    # when
    response = move(root, team, south)

    # then
    assert league_error(response)[0] == "team_has_matches"
    assert everything() == before


def test_a_team_entered_in_a_season_stays_in_its_league(root, north, south):
    # given a new team entered in a season whose fixtures are not drawn yet
    team = draft_team(north.league, north.coach, roster="human", name="Newcomers")
    season_create(
        league=north.league,
        name="Spring",
        seed=1,
        team_ids=[north.teams[1].pk, team.pk],
    )
    assert not Match.objects.filter(Q(home=team) | Q(away=team)).exists()
    before = everything()

    # when
    response = move(root, team, south)

    # then
    assert league_error(response) == (
        "team_in_season",
        "Newcomers takes part in a season of Northern Cup: it stays in its league",
    )
    assert everything() == before


def test_a_team_nothing_holds_moves(root, north, south):
    # given a new team with no season and no match
    team = draft_team(north.league, north.coach, roster="human", name="Newcomers")

    # when
    response = move(root, team, south)

    # then
    assert response.status_code == 302
    assert Team.objects.get(pk=team.pk).league_id == south.pk
