"""Ten resolve requests for the same match, or the same season and scope,
at once (real PostgreSQL): one progress record, one driver task, and every
request answered 202 with that progress."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from league.models import League
from matches.models import Match, MatchResult, Season, TaskProgress
from matches.prematch.kickoff import match_qs_for_update
from matches.resolution.progress import match_resolve_start, season_resolve_start
from matches.seasons.services import season_create, season_schedule
from matches.tasks import season_resolve_task
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.world import api_as

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 10


@pytest.fixture
def world():
    """Alice commissions a four-team Sevens season (six matches in three
    rounds), scheduled."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks and the unique index need PostgreSQL")
    alice = UserFactory(username="alice")
    coaches = [UserFactory(username=u) for u in ("bob", "charlie")]
    league = LeagueFactory(name="Race Cup", format="sevens", commissioner=alice)
    for i, roster in enumerate(["orc", "human", "human", "orc"]):
        draft_team(league, coaches[i % 2], roster=roster, name=f"Racers {i}")
    season = season_create(league=league, name="Race", seed=77)
    season_schedule(season_id=season.pk)
    return alice, season


@pytest.fixture
def queued(monkeypatch):
    """The progress ids handed to the season driver, which does not run:
    the requests only start the work, and the test runs it afterwards."""
    progress_ids: list[str] = []
    monkeypatch.setattr(season_resolve_task, "delay", progress_ids.append)
    return progress_ids


def post_at_once(user, path, body=None):
    """POST ``path`` from ``REQUESTS`` threads released together; returns
    each answer's (status, JSON body)."""
    barrier = threading.Barrier(REQUESTS)
    answers = []

    def post():
        try:
            client = api_as(user)
            barrier.wait(timeout=30)
            response = client.post(path, body or {}, format="json")
            answers.append((response.status_code, response.json()))
        except Exception as exc:  # noqa: BLE001 - reported by the assertions
            answers.append((repr(exc), {}))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post) for _ in range(REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(answers) == REQUESTS, "a request never answered"
    return answers


def test_ten_resolves_of_one_match_at_once_start_one_resolution(world, queued):
    # given a scheduled match
    alice, season = world
    match = Match.objects.filter(season=season).order_by("pk").first()

    # when its commissioner asks ten times at once to resolve it
    answers = post_at_once(alice, f"/api/matches/{match.pk}/resolve/")

    # then there is one progress, every request got it, and one driver runs
    progress = TaskProgress.objects.get()
    assert (progress.kind, progress.match_ids, progress.finished_at) == (
        "resolve_match",
        [match.pk],
        None,
    )
    assert {status for status, _ in answers} == {202}
    assert {body["url"] for _, body in answers} == {f"/api/tasks/{progress.pk}/"}
    assert queued == [str(progress.pk)]

    # when the driver runs
    season_resolve_task(queued[0])

    # then the match has one result, and asking again is refused
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    assert MatchResult.objects.filter(match=match).count() == 1
    progress.refresh_from_db()
    assert progress.finished_at is not None
    again = api_as(alice).post(f"/api/matches/{match.pk}/resolve/")
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "already_reported"
    assert TaskProgress.objects.count() == 1
    assert queued == [str(progress.pk)]


@pytest.mark.parametrize(("scope", "matches"), [("round", 2), ("season", 6)])
def test_ten_resolves_of_one_season_at_once_start_one_resolution(
    world, queued, scope, matches
):
    # given a scheduled season
    alice, season = world

    # when its commissioner asks ten times at once to resolve a scope
    answers = post_at_once(
        alice, f"/api/seasons/{season.pk}/resolve/", {"scope": scope}
    )

    # then there is one progress, every request got it, and one driver runs
    progress = TaskProgress.objects.get()
    assert (progress.kind, len(progress.match_ids)) == (f"resolve_{scope}", matches)
    assert {status for status, _ in answers} == {202}
    assert {body["url"] for _, body in answers} == {f"/api/tasks/{progress.pk}/"}
    assert queued == [str(progress.pk)]

    # when the driver runs, every match it covers has one result
    season_resolve_task(queued[0])
    progress.refresh_from_db()
    assert progress.finished_at is not None
    assert list(
        MatchResult.objects.filter(match_id__in=progress.match_ids)
        .order_by("match_id")
        .values_list("match_id", flat=True)
    ) == sorted(progress.match_ids)
    assert TaskProgress.objects.count() == 1


def _wait_for_a_lock_wait() -> None:
    for _ in range(400):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    raise AssertionError("the request never waited on the rival's row")


@pytest.mark.parametrize("target", ["match", "season"])
def test_a_request_waiting_on_an_uncommitted_resolution_gets_it(world, queued, target):
    # given a rival that has started the resolution but not committed yet
    alice, season = world
    match = Match.objects.filter(season=season).order_by("pk").first()
    if target == "match":
        path = f"/api/matches/{match.pk}/resolve/"

        def start():
            return match_resolve_start(match_id=match.pk, actor=alice)
    else:
        path = f"/api/seasons/{season.pk}/resolve/"

        def start():
            return season_resolve_start(season_id=season.pk, scope="round")

    holding, release = threading.Event(), threading.Event()
    started = {}

    def rival():
        try:
            with transaction.atomic():
                started["progress"], _ = start()
                holding.set()
                release.wait(timeout=30)
        finally:
            connections.close_all()

    rival_thread = threading.Thread(target=rival)
    rival_thread.start()
    assert holding.wait(timeout=30)

    # when a request waits on the rival (the progress's unique key for a
    # match, the season's row lock for a season), then the rival commits
    answer = {}

    def request():
        try:
            answer["response"] = api_as(alice).post(path, {}, format="json")
        finally:
            connections.close_all()

    request_thread = threading.Thread(target=request)
    request_thread.start()
    _wait_for_a_lock_wait()
    release.set()
    rival_thread.join(timeout=30)
    request_thread.join(timeout=30)

    # then the request answers with the rival's progress and queues nothing
    progress = TaskProgress.objects.get()
    assert progress.pk == started["progress"].pk
    response = answer["response"]
    assert response.status_code == 202
    assert response.json()["url"] == f"/api/tasks/{progress.pk}/"
    assert queued == []


def test_a_match_locked_for_play_leaves_its_season_and_league_free(world):
    # given a match of the season locked, as the worker playing it holds it
    # for the whole engine run
    _, season = world
    playing, other = Match.objects.filter(season=season, round=1).order_by("pk")
    locked, release = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def play():
        try:
            with transaction.atomic():
                match_qs_for_update().get(pk=playing.pk)
                locked.set()
                release.wait(timeout=30)
        except Exception as exc:  # noqa: BLE001 - reported by the assertions
            errors.append(exc)
        finally:
            connections.close_all()

    worker = threading.Thread(target=play)
    worker.start()
    assert locked.wait(timeout=30)
    try:
        # when another match of the season is locked, and the season and the
        # league rows (a post-game checking whether the season is complete),
        # waiting a second at most
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '1s'")
            got = match_qs_for_update().get(pk=other.pk)
            Season.objects.select_for_update().get(pk=season.pk)
            League.objects.select_for_update().get(pk=season.league_id)
    finally:
        release.set()
        worker.join(timeout=30)

    # then none of them waited on the match being played
    assert got.pk == other.pk
    assert errors == []
