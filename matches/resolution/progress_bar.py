"""A text progress bar for commands that resolve many matches."""

from __future__ import annotations

import time
from typing import TextIO

from django.conf import settings

from matches.models import TaskProgress
from matches.queue import matches_resolve_now, season_resolution_queue
from matches.resolution.progress import (
    progress_counts,
    progress_refusals,
    season_resolve_next,
)


def draw(out: TextIO, done: int, total: int, started: float, width: int = 30) -> None:
    filled = width * done // total if total else width
    elapsed = time.monotonic() - started
    out.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches "
        f"{elapsed:5.1f}s"
    )
    out.flush()


def resolve_with_progress(
    progress: TaskProgress, out: TextIO, *, timeout: float = 3600, pause: float = 0
) -> float:
    """Resolve everything ``progress`` covers, drawing a bar; returns seconds.

    With a broker the work runs on the workers and the bar follows the
    database; on the embedded default (eager tasks) the rounds are driven
    here, one match at a time, through the same tasks, with ``pause``
    seconds after each match. A pause lets other processes write while a
    resolution goes on: SQLite has one writer at a time, a match holds the
    lock for its engine game, and a writer waiting for it tries again only
    every 100 ms, so without a pause this process takes the lock again
    first, match after match, and the other waits for the whole resolution.
    """
    started = time.monotonic()
    total = len(progress.match_ids)
    draw(out, 0, total, started)
    if settings.CELERY_TASK_ALWAYS_EAGER:
        while match_ids := season_resolve_next(progress_id=str(progress.pk)):
            for match_id in match_ids:
                matches_resolve_now([match_id])
                draw(out, progress_counts(progress)[0], total, started)
                if pause:
                    time.sleep(pause)
    else:
        season_resolution_queue(progress)
        while (done := progress_counts(progress)[0]) + len(
            progress_refusals(progress)
        ) < total:
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"{done}/{total} matches after {timeout:.0f}s")
            draw(out, done, total, started)
            time.sleep(0.2)
    refused = progress_refusals(progress)
    draw(out, total - len(refused), total, started)
    out.write("\n")
    for r in refused:
        out.write(f"match {r['match']} not resolved: {r['reason']}\n")
    return time.monotonic() - started
