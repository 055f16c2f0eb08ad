"""Celery tasks: thin wrappers that take ids and call one service each.

All are safe to run twice or after a worker crash: each service checks the
state it is asked to change (with a row lock) before changing it.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.utils import timezone

from matches.forecasts.services import forecasts_due, match_forecast_refresh
from matches.live.selectors import live_clocks_due
from matches.live.services import live_match_clock
from matches.models import Match
from matches.notices import deadlines_remind
from matches.postgame.sequence import postgame_run
from matches.prematch.kickoff import TeamNotReady
from matches.reports.confirmation import reports_stand_due
from matches.resolution.progress import progresses_waiting_on, season_resolve_next
from matches.resolution.resolve import match_resolve
from matches.resolution.sweep import matches_stuck
from matches.webhooks.services import webhook_deliver, webhook_deliveries_due


def _eager() -> bool:
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=240)
def match_resolve_task(self, match_id: int) -> None:  # type: ignore[no-untyped-def]
    try:
        resolved = match_resolve(match_id=match_id)
    except TeamNotReady as exc:
        # A team is still finishing its previous post-game: try again soon.
        raise self.retry(exc=exc, countdown=0.5) from None
    if resolved or _eager():
        return
    match = Match.objects.get(pk=match_id)
    # Only a refused match (left scheduled) calls the driver: no post-game
    # will. A match resolved before (a second delivery) has a post-game that
    # calls it; calling it here too would queue the next round once per
    # stray delivery, and each of those would do the same.
    if match.status == Match.Status.SCHEDULED:
        for progress_id in progresses_waiting_on(match):
            season_resolve_task.delay(progress_id)


@shared_task(acks_late=True, ignore_result=True)
def postgame_advance_task(match_id: int) -> None:
    """Run the match's post-game to the end (one transaction), then move on
    the resolutions waiting for its round."""
    if postgame_run(match_id=match_id) is None:
        return  # not played yet: a stray or early delivery
    if not _eager():
        match = Match.objects.get(pk=match_id)
        for progress_id in progresses_waiting_on(match):
            season_resolve_task.delay(progress_id)


@shared_task(acks_late=True, ignore_result=True)
def season_resolve_task(progress_id: str) -> None:
    """Queue the matches of the next round of a resolution; the post-game of
    a round's last match calls this again for the round after."""
    while True:
        match_ids = season_resolve_next(progress_id=progress_id)
        for match_id in match_ids:
            match_resolve_task.delay(match_id)
        if not match_ids or not _eager():
            return
        # Eager: the round just ran inline, so go straight on to the next.


@shared_task(acks_late=True, ignore_result=True)
def matches_sweep_task(idle_seconds: float = 30) -> None:
    """Re-kick work a crashed worker left half done: work idle for
    ``idle_seconds`` (beat, every minute), or all of it (a starting worker,
    ``idle_seconds=0``)."""
    stuck = matches_stuck(older_than=timedelta(seconds=idle_seconds))
    for match_id in stuck.to_resolve:
        match_resolve_task.delay(match_id)
    for match_id in stuck.in_post_game:
        postgame_advance_task.delay(match_id)
    for progress_id in stuck.progresses:
        season_resolve_task.delay(progress_id)


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=None)
def webhook_deliver_task(self, delivery_id: int) -> None:  # type: ignore[no-untyped-def]
    """One attempt at a webhook delivery; a failed one is tried again when
    the service says (bounded by ``WEBHOOK_MAX_ATTEMPTS``). Eager (the
    embedded default) does not wait: a failed delivery stays retrying."""
    attempt = webhook_deliver(delivery_id=delivery_id)
    if attempt.retry_in is not None and not _eager():
        raise self.retry(countdown=attempt.retry_in)


@shared_task(acks_late=True, ignore_result=True)
def webhooks_sweep_task(idle_seconds: float = 60) -> None:
    """Send again what a crashed worker left unsent (beat, every minute)."""
    for delivery_id in webhook_deliveries_due(idle_seconds=idle_seconds):
        webhook_deliver_task.delay(delivery_id)


@shared_task(acks_late=True, ignore_result=True)
def match_forecast_task(match_id: int) -> None:
    """Forecast one scheduled fixture (idempotent: a forecast of the same
    rosters is kept as it is)."""
    match_forecast_refresh(match_id=match_id)


@shared_task(acks_late=True, ignore_result=True)
def forecasts_sweep_task() -> None:
    """Queue every fixture whose forecast is missing or out of date (beat)."""
    for match_id in forecasts_due(limit=settings.FORECAST_SWEEP_MAX):
        match_forecast_task.delay(match_id)


@shared_task(acks_late=True, ignore_result=True)
def reports_deadline_task() -> None:
    """Reports nobody confirmed or disputed by their deadline stand (beat)."""
    reports_stand_due()


@shared_task(acks_late=True, ignore_result=True)
def deadlines_remind_task() -> None:
    """Remind people of the deadlines that are near (beat)."""
    deadlines_remind()


@shared_task(acks_late=True, ignore_result=True)
def live_clock_task(live_id: int) -> None:
    """End the turn of a live match's coach out of time (the service checks
    the clock under a row lock: a second delivery changes nothing)."""
    live_match_clock(live_id=live_id)


@shared_task(acks_late=True, ignore_result=True)
def live_clocks_sweep_task() -> None:
    """End every overdue live turn, whether or not anyone has the page open
    (beat, every few seconds)."""
    for live_id in live_clocks_due(timezone.now()):
        live_clock_task.delay(live_id)


@worker_ready.connect
def matches_sweep_on_worker_ready(**kwargs: object) -> None:
    """A worker that starts queues one sweep of every unfinished resolution
    and post-game, however recently touched.

    This is what brings a season back after its worker was killed (SIGKILL,
    OOM, a lost machine) without beat: the task that worker held stays
    unacknowledged in Redis until the visibility timeout (twice the hard
    time limit), but the database knows what is left to do, and the
    replacement worker (compose restarts it) re-queues it as soon as it is
    ready. Work another live worker is doing at that moment is queued a
    second time, which is harmless: every task is idempotent, and a
    duplicate finds its match locked, then already moved on.

    A Celery worker life-cycle signal that calls one task is infrastructure,
    not domain flow, so CONVENTIONS rule 13 (no signals for domain flow)
    does not apply. It fires once per worker process, not on reconnects.
    """
    if settings.WORKER_STARTUP_SWEEP:
        matches_sweep_task.delay(idle_seconds=0)
