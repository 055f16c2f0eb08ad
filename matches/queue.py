"""Putting work on the Celery queue: the only place outside the tasks
themselves that schedules a task. Work is queued when the transaction that
made it commits (``transaction.on_commit``), so a worker never sees rows
that do not exist yet. Views, the API, the admin and the command line call
these, never a task directly."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from django.conf import settings
from django.db import transaction

from matches.models import TaskProgress


def season_resolution_queue(progress: TaskProgress) -> None:
    """Resolve what ``progress`` covers on the workers, round by round."""
    from matches.tasks import season_resolve_task  # tasks import services

    transaction.on_commit(partial(season_resolve_task.delay, str(progress.pk)))


def matches_resolution_queue(match_ids: Iterable[int]) -> None:
    from matches.tasks import match_resolve_task

    for match_id in match_ids:
        transaction.on_commit(partial(match_resolve_task.delay, match_id))


def postgame_queue(match_ids: Iterable[int]) -> None:
    """Run (or continue) the post-game sequence of these matches."""
    from matches.tasks import postgame_advance_task

    for match_id in match_ids:
        transaction.on_commit(partial(postgame_advance_task.delay, match_id))


def matches_resolve_now(match_ids: Iterable[int]) -> None:
    """Eager mode: resolve these matches inline, through the same task."""
    from matches.tasks import match_resolve_task

    for match_id in match_ids:
        match_resolve_task.delay(match_id)


def eager_mode() -> bool:
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def webhook_delivery_queue(delivery_ids: Iterable[int]) -> None:
    """Send these webhook deliveries once the transaction commits."""
    from matches.tasks import webhook_deliver_task

    for delivery_id in delivery_ids:
        transaction.on_commit(partial(webhook_deliver_task.delay, delivery_id))


def forecast_queue(match_ids: Iterable[int]) -> None:
    """Forecast these fixtures on the forecast queue once the transaction
    commits."""
    from matches.tasks import match_forecast_task

    for match_id in match_ids:
        transaction.on_commit(partial(match_forecast_task.delay, match_id))
