"""The membership migration carries existing leagues over: they stay
closed, and the coaches of their current teams become members."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0004_format_choices_from_variants")]
AFTER = [("league", "0005_league_membership")]


@pytest.fixture
def migrator(transactional_db):
    """A migration executor; the test database is back at the latest schema
    afterwards, whatever happens in the test."""
    yield MigrationExecutor(connection)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_existing_team_coaches_become_members_of_closed_leagues(migrator):
    # given the schema before memberships, with a league whose commissioner,
    # two coaches and a coach of a retired team have teams in it
    migrator.migrate(BEFORE)
    old = migrator.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    League = old.get_model("league", "League")
    Team = old.get_model("league", "Team")
    commish, bob, carla, gone, idle = (
        User.objects.create(username=name)
        for name in ("commish", "bob", "carla", "gone", "idle")
    )
    league = League.objects.create(
        name="Old League", format="sevens", commissioner=commish, seed=1
    )
    other = League.objects.create(
        name="Other League", format="sevens", commissioner=bob, seed=2
    )
    for coach, name, status, in_league in [
        (commish, "Commish Team", "ready", league),
        (bob, "Bob 1", "ready", league),
        (bob, "Bob 2", "post_game", league),
        (carla, "Carla", "draft", league),
        (gone, "Retired", "retired", league),
        (bob, "Own League", "ready", other),
    ]:
        Team.objects.create(
            league=in_league, coach=coach, roster="orc", name=name, status=status
        )

    # when the membership migration runs
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Membership = new.get_model("league", "LeagueMembership")
    NewLeague = new.get_model("league", "League")

    # then the leagues are closed, and each current coach is a member once
    # (the commissioners need no row; the retired team's coach and a user
    # without a team are not members)
    assert list(NewLeague.objects.order_by("pk").values_list("is_open", flat=True)) == [
        False,
        False,
    ]
    assert sorted(
        Membership.objects.values_list("league__name", "coach__username", "status")
    ) == [("Old League", "bob", "member"), ("Old League", "carla", "member")]
    assert not Membership.objects.filter(coach=idle.pk).exists()
