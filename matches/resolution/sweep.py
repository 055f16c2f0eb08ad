"""Finding work a crashed worker left half done."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from matches.models import Match, TaskProgress


@dataclass(frozen=True, slots=True)
class Stuck:
    to_resolve: list[int]
    in_post_game: list[int]
    progresses: list[str]


def matches_stuck(*, older_than: timedelta = timedelta(seconds=30)) -> Stuck:
    """Matches untouched for ``older_than`` that a task should be moving:
    resolutions kicked off but not saved, post-games not done, and season
    resolutions not finished. Re-queuing them is safe: every task is
    idempotent."""
    cutoff = timezone.now() - older_than
    open_progress = list(TaskProgress.objects.filter(finished_at=None))
    resolving = {pk for p in open_progress for pk in p.match_ids}
    idle = Match.objects.filter(updated_at__lt=cutoff)
    # An in-progress match outside any resolution is a tabletop game under
    # way: only its coaches can finish it.
    to_resolve = list(
        idle.filter(status=Match.Status.IN_PROGRESS, pk__in=resolving).values_list(
            "pk", flat=True
        )
    )
    post_game = list(
        idle.filter(
            status__in=[Match.Status.PLAYED, Match.Status.POST_GAME]
        ).values_list("pk", flat=True)
    )
    progresses = [str(p.pk) for p in open_progress if p.created_at < cutoff]
    return Stuck(to_resolve, post_game, progresses)
