"""The admin's list of post-games (a format with Expensive Mistakes): the
commissioner sees each team's post-game of his league's matches, open or
ended with its roll, and changes nothing there (a post-game is ended from
the team's page or the API)."""

from __future__ import annotations

import pytest

from matches.models import PostgameEnd
from matches.postgame.end import team_postgame_end
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory
from tests.world import db_snapshot

saved_pg_admin_north, pg_admin_north = shared_league(
    "pg_admin_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(pg_admin_north) -> World:
    return pg_admin_north


def test_the_commissioner_sees_each_teams_post_game(client, north):
    # given the season's one match played: both teams' post-games opened;
    # the coach's team ends his
    coach_team = next(t for t in north.teams if t.coach_id == north.coach.pk)
    team_postgame_end(team_id=coach_team.pk, actor=north.coach)
    client.force_login(north.commissioner)

    response = client.get("/admin/matches/postgameend/")

    assert response.status_code == 200
    shown = list(response.context["cl"].result_list)
    assert sorted((r.team_id, r.ended_at is None) for r in shown) == sorted(
        (t.pk, t.pk != coach_team.pk) for t in north.teams
    )
    assert {r.match_id for r in shown} == {north.match.pk}


def test_a_post_game_is_not_changed_nor_added_in_the_admin(client, north):
    row = PostgameEnd.objects.filter(match=north.match).order_by("pk").first()
    assert row is not None
    url = f"/admin/matches/postgameend/{row.pk}/change/"
    client.force_login(north.commissioner)
    before = db_snapshot()

    page = client.get(url)
    posted = client.post(url, {"how": "coach", "lost": "0"})

    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert posted.status_code == 403
    assert db_snapshot() == before
    client.force_login(UserFactory(username="root", is_superuser=True))
    assert client.get("/admin/matches/postgameend/add/").status_code == 403
