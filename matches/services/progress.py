"""Resolving many matches: a round or a whole season, with progress.

A season is resolved round by round, so every team plays each match with
the roster its previous match's post-game left it: the matches of a round
are resolved in parallel (they share no team), and the next round starts
when the last match of the round has finished its post-game.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from league.errors import ServiceError
from matches.models import Match, Season, TaskProgress

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


@transaction.atomic
def season_resolve_start(
    *, season_id: int, scope: str, actor: AbstractBaseUser | None = None
) -> TaskProgress:
    """Start resolving the current round (``scope="round"``) or every
    remaining match (``scope="season"``); returns the progress record."""
    season = Season.objects.select_for_update().get(pk=season_id)
    # Only scheduled matches: one already kicked off is a tabletop game
    # under way, which its coaches will report.
    remaining = season.matches.filter(status=Match.Status.SCHEDULED).order_by(
        "stage", "round", "id"
    )
    if not remaining.exists():
        raise ServiceError.one(
            "nothing_to_resolve", None, f"{season} has no match left to play"
        )
    if scope == "round":
        current = remaining.first()
        assert current is not None
        remaining = remaining.filter(stage=current.stage, round=current.round)
    elif scope != "season":
        raise ServiceError.one(
            "invalid_choice", "scope", "scope is 'round' or 'season'"
        )
    return TaskProgress.objects.create(
        kind=f"resolve_{scope}",
        season=season,
        match_ids=list(remaining.values_list("pk", flat=True)),
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )


def progress_counts(progress: TaskProgress) -> tuple[int, int]:
    """(done, total): done counts matches whose post-game is complete, so a
    retried task can never count twice."""
    done = Match.objects.filter(pk__in=progress.match_ids, status=Match.Status.COMPLETE)
    return done.count(), len(progress.match_ids)


@transaction.atomic
def season_resolve_next(*, progress_id: str) -> list[int]:
    """The matches to resolve now: the open matches of the earliest round
    that is not complete yet, provided no match of that round is still
    being played or in its post-game (the next round waits for them).
    Marks the progress finished when everything is complete."""
    progress = TaskProgress.objects.select_for_update().get(pk=progress_id)
    if progress.finished_at is not None:
        return []
    matches = list(
        Match.objects.filter(pk__in=progress.match_ids).order_by("stage", "round", "id")
    )
    unfinished = [m for m in matches if m.status != Match.Status.COMPLETE]
    if not unfinished:
        progress.finished_at = timezone.now()
        progress.save(update_fields=["finished_at"])
        return []
    first = unfinished[0]
    this_round = [
        m for m in unfinished if (m.stage, m.round) == (first.stage, first.round)
    ]
    if any(m.status not in OPEN for m in this_round):
        return [m.pk for m in this_round if m.status in OPEN]
    return [m.pk for m in this_round]


def progresses_waiting_on(match: Match) -> list[str]:
    """Unfinished progress records that include ``match``."""
    return [
        str(p.pk)
        for p in TaskProgress.objects.filter(
            season_id=match.season_id, finished_at=None
        )
        if match.pk in p.match_ids
    ]
