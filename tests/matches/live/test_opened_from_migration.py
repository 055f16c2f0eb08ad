"""The migration that records which team invited carries existing live
matches over: the side their opener coached (home when he coached both),
and against the bot the side the bot does not play."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from league.models import Team
from matches.live.models import LiveMatch
from tests.factories import draft_team
from tests.matches.conftest import one_match

BEFORE = [("live", "0001_initial")]
AFTER = [("live", "0002_live_match_opened_from")]


@pytest.fixture
def migrator(transactional_db):
    """A migration executor; the test database is back at the latest schema
    afterwards, whatever happens in the test."""
    yield MigrationExecutor(connection)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_existing_live_matches_keep_the_side_that_opened_them(
    migrator, sevens, bob, charlie
):
    # given four fixtures of Bob's Orcs (home) and Charlie's Humans (away),
    # and a fifth whose teams Bob both coaches, opened before the field
    orcs = draft_team(sevens, bob, roster="orc", name="Orcs")
    humans = draft_team(sevens, charlie, roster="human", name="Humans")
    more = draft_team(sevens, bob, roster="human", name="Bob's Humans")
    matches = [one_match(sevens, orcs, humans, seed=n) for n in range(4)]
    matches.append(one_match(sevens, orcs, more, seed=5))
    assert Team.objects.get(pk=more.pk).coach_id == bob.pk
    migrator.migrate(BEFORE)
    old = migrator.loader.project_state(BEFORE).apps.get_model("live", "LiveMatch")
    opened = [
        (matches[0], bob, {}),  # Bob invited Charlie
        (matches[1], charlie, {}),  # Charlie invited Bob
        (matches[2], bob, {"away_bot": True}),  # Bob against the bot
        (matches[3], charlie, {"home_bot": True}),  # Charlie against the bot
        (matches[4], bob, {}),  # Bob, coach of both teams
    ]
    for match, user, bots in opened:
        old.objects.create(match_id=match.pk, opened_by_id=user.pk, seed=1, **bots)

    # when the migration runs
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)

    # then each live match names the side its opener played
    sides = dict(LiveMatch.objects.values_list("match_id", "opened_from"))
    assert [sides[m.pk] for m in matches] == ["home", "away", "home", "away", "home"]
