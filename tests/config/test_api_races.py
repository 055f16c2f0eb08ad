"""Two requests creating the same name at once (real PostgreSQL): the one
that loses the race is a 400 name_taken, like any taken name, not a 500.

A rival creates the name in its own connection and commits at one of the
two moments the service's own check cannot see: after the check but before
the model's full_clean(), or while the service's INSERT waits on the
rival's unique key."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection, connections, transaction

from league.models import League, Team
from matches.models import Season
from matches.seasons.services import season_create
from tests.factories import UserFactory, draft_team, make_member
from tests.league.conftest import api_as

pytestmark = pytest.mark.django_db(transaction=True)

NAME_TAKEN = {
    "code": "name_taken",
    "field": "name",
    "message": "that name was just taken",
}


@dataclass
class Race:
    model: type
    rival: Callable[[], Any]  # creates the name
    request: Callable[[], Any]  # the API call that loses
    name: str


def _league_race(alice, bob) -> Race:
    return Race(
        model=League,
        rival=lambda: League.objects.create(
            name="Badlands", format="sevens", commissioner=alice
        ),
        request=lambda: api_as(bob).post(
            "/api/leagues/", {"name": "Badlands", "format": "sevens"}, format="json"
        ),
        name="Badlands",
    )


def _team_race(alice, bob) -> Race:
    league = League.objects.create(name="Cup", format="sevens", commissioner=alice)
    make_member(league, bob)
    charlie = UserFactory(username="charlie")
    players = [{"position": "orc-lineman", "name": f"Ug {i}"} for i in range(7)]
    return Race(
        model=Team,
        rival=lambda: draft_team(league, charlie, roster="human", name="Da Boyz"),
        request=lambda: api_as(bob).post(
            "/api/teams/",
            {
                "league": league.pk,
                "name": "Da Boyz",
                "roster": "orc",
                "players": players,
            },
            format="json",
        ),
        name="Da Boyz",
    )


def _season_race(alice, bob) -> Race:
    league = League.objects.create(name="Cup", format="sevens", commissioner=alice)
    draft_team(league, bob, roster="orc", name="Orcs")
    draft_team(league, alice, roster="human", name="Humans")
    return Race(
        model=Season,
        rival=lambda: season_create(league=league, name="Spring", seed=1),
        request=lambda: api_as(alice).post(
            "/api/seasons/", {"league": league.pk, "name": "Spring"}, format="json"
        ),
        name="Spring",
    )


# Seasons are not raced this way any more: creating one locks the league's
# row (league membership, matches.seasons.services), so a rival season
# creation waits for the request's transaction instead of slipping in
# between (see test_two_seasons_of_one_name_at_once_make_one below).
RACES = {"league": _league_race, "team": _team_race}


@pytest.fixture
def race(request):
    if connection.vendor != "postgresql":
        pytest.skip("the race needs PostgreSQL (make test sets DATABASE_URL)")
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    return RACES[request.param](alice, bob)


def _in_thread(target: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = target()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def _wait_for_a_lock_wait() -> None:
    for _ in range(200):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    raise AssertionError("the request never waited on the rival's row")


@pytest.mark.parametrize("race", list(RACES), indirect=True)
def test_the_rival_commits_between_the_check_and_full_clean(race, monkeypatch):
    # given a rival that commits the name just before full_clean() runs
    full_clean = race.model.full_clean
    raced = []

    def late_full_clean(self, *args, **kwargs):
        if not raced:
            raced.append(True)
            thread, _ = _in_thread(race.rival)
            thread.join(timeout=30)
        return full_clean(self, *args, **kwargs)

    monkeypatch.setattr(race.model, "full_clean", late_full_clean)

    # when
    response = race.request()

    # then
    assert response.status_code == 400
    assert response.json() == {"errors": [NAME_TAKEN]}
    assert race.model.objects.filter(name=race.name).count() == 1


@pytest.mark.parametrize("race", list(RACES), indirect=True)
def test_the_rival_commits_while_the_insert_waits(race):
    # given a rival holding the name in a transaction not yet committed
    holding, release = threading.Event(), threading.Event()

    def rival() -> None:
        with transaction.atomic():
            race.rival()
            holding.set()
            release.wait(timeout=30)

    rival_thread, _ = _in_thread(rival)
    assert holding.wait(timeout=30)

    # when the request's INSERT waits on the rival's key, then the rival commits
    request_thread, out = _in_thread(race.request)
    _wait_for_a_lock_wait()
    release.set()
    rival_thread.join(timeout=30)
    request_thread.join(timeout=30)

    # then
    response = out["value"]
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "name_taken"
    assert race.model.objects.filter(name=race.name).count() == 1


def test_two_seasons_of_one_name_at_once_make_one():
    if connection.vendor != "postgresql":
        pytest.skip("the race needs PostgreSQL (make test sets DATABASE_URL)")
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    race = _season_race(alice, bob)
    start = threading.Barrier(2)

    def request() -> Any:
        start.wait(timeout=30)
        return race.request()

    threads = [_in_thread(request) for _ in range(2)]
    for thread, _ in threads:
        thread.join(timeout=60)
    responses = sorted(out["value"].status_code for _, out in threads)
    assert responses == [201, 400]
    refused = next(
        out["value"] for _, out in threads if out["value"].status_code == 400
    )
    assert refused.json()["errors"][0]["code"] == "name_taken"
    assert Season.objects.filter(name=race.name).count() == 1
