"""The migrations that make league, team and season names unique in any
case keep the existing rows: the oldest keeps its name, a later one that
differs only in case gets " (2)", " (3)" ... and no name already taken."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("league", "0020_staff_fired_event"),
    ("matches", "0012_result_hired_casualties"),
]
AFTER = [
    ("league", "0021_name_unique_any_case"),
    ("matches", "0013_name_unique_any_case"),
]


@pytest.fixture
def migrator(transactional_db):
    """A migration executor; the test database is back at the latest schema
    afterwards, whatever happens in the test."""
    yield MigrationExecutor(connection)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_case_duplicates_are_renamed_before_the_constraints(migrator):
    # given leagues, teams and seasons whose names differ only in case
    migrator.migrate(BEFORE)
    old = migrator.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    League = old.get_model("league", "League")
    Team = old.get_model("league", "Team")
    Season = old.get_model("matches", "Season")
    coach = User.objects.create(username="coach")
    first = League.objects.create(
        name="Old World", format="bb2020", commissioner=coach, seed=1
    )
    second = League.objects.create(
        name="OLD WORLD", format="bb2020", commissioner=coach, seed=2
    )
    League.objects.create(
        name="old world (2)", format="bb2020", commissioner=coach, seed=3
    )
    for name in ("Reavers", "reavers", "REAVERS", "Reavers (3)"):
        Team.objects.create(league=first, coach=coach, roster="orc", name=name)
    Team.objects.create(league=second, coach=coach, roster="orc", name="reavers")
    long = "x" * 100
    Team.objects.create(league=second, coach=coach, roster="orc", name=long)
    Team.objects.create(league=second, coach=coach, roster="orc", name=long.upper())
    for name in ("Season 1", "season 1"):
        Season.objects.create(league=first, name=name, seed=1)
    Season.objects.create(league=second, name="SEASON 1", seed=1)

    # when the migrations run
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    leagues = new.get_model("league", "League").objects.order_by("pk")
    teams = new.get_model("league", "Team").objects.order_by("pk")
    seasons = new.get_model("matches", "Season").objects.order_by("pk")

    # then only the later duplicates are renamed, within the same league
    assert list(leagues.values_list("name", flat=True)) == [
        "Old World",
        "OLD WORLD (3)",
        "old world (2)",
    ]
    assert list(teams.values_list("name", flat=True)) == [
        "Reavers",
        "reavers (2)",
        "REAVERS (4)",
        "Reavers (3)",
        "reavers",
        long,
        "X" * 96 + " (2)",
    ]
    assert list(seasons.values_list("name", flat=True)) == [
        "Season 1",
        "season 1 (2)",
        "SEASON 1",
    ]
