"""The sweep task and the hook that makes a starting worker run it."""

import pytest

from matches.models import Match
from matches.resolution.progress import season_resolve_start
from matches.seasons.services import season_create, season_schedule
from matches.tasks import (
    match_resolve_task,
    matches_sweep_on_worker_ready,
    matches_sweep_task,
    postgame_advance_task,
    season_resolve_task,
)
from tests.factories import draft_team


@pytest.fixture
def published(monkeypatch):
    """What the tasks under test queue, by task name, instead of running."""
    calls: list[tuple[str, tuple, dict]] = []

    def recorder(name):
        def record(*args, **kwargs):
            calls.append((name, args, kwargs))

        return record

    for task in (
        match_resolve_task,
        matches_sweep_task,
        postgame_advance_task,
        season_resolve_task,
    ):
        monkeypatch.setattr(task, "delay", recorder(task.name.rsplit(".", 1)[1]))
    return calls


def test_a_starting_worker_queues_one_sweep_of_all_unfinished_work(settings, published):
    settings.WORKER_STARTUP_SWEEP = True

    matches_sweep_on_worker_ready(sender=None)

    assert published == [("matches_sweep_task", (), {"idle_seconds": 0})]


def test_the_start_up_sweep_can_be_switched_off(settings, published):
    settings.WORKER_STARTUP_SWEEP = False

    matches_sweep_on_worker_ready(sender=None)

    assert published == []


def test_the_sweep_takes_work_idle_for_as_long_as_it_is_told(
    sevens, bob, charlie, django_capture_on_commit_callbacks, published
):
    # given a season resolution whose first match was played and whose
    # post-game never started (its task was lost)
    draft_team(sevens, bob, roster="orc", name="O")
    draft_team(sevens, charlie, roster="human", name="H")
    season = season_create(league=sevens, name="S", seed=3)
    (match,) = season_schedule(season_id=season.pk)
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    with django_capture_on_commit_callbacks(execute=False):
        match_resolve_task(match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED

    # when beat's sweep runs, then nothing is idle for 30 s yet
    matches_sweep_task()
    assert published == []

    # when a starting worker's sweep runs, then the post-game and the
    # resolution are queued again
    matches_sweep_task(idle_seconds=0)
    assert published == [
        ("postgame_advance_task", (match.pk,), {}),
        ("season_resolve_task", (str(progress.pk),), {}),
    ]
