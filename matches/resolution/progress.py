"""Resolving many matches: a round or a whole season, with progress.

A season is resolved round by round, so every team plays each match with
the roster its previous match's post-game left it: the matches of a round
are resolved in parallel (they share no team), and the next round starts
when the last match of the round has finished its post-game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.errors import ServiceError
from league.models import Team
from league.page_cache import league_cache_bump
from league.rules import season_variant
from matches.engine_bridge import team_skill_problem
from matches.models import Match, MatchEvent, Season, TaskProgress
from matches.notices import resolution_notify
from matches.prematch.kickoff import match_live_in_play, match_report_waiting
from matches.prematch.pregame import PregameElsewhere, pregame_match_elsewhere
from matches.queue import matches_resolve_now
from matches.resolution.resolve import REFUSED
from matches.seasons.offseason import require_redrafted

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def _creator(actor: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return actor if actor is not None and actor.is_authenticated else None


def _running_progress(scope_key: str) -> TaskProgress | None:
    """The unfinished progress of ``scope_key``, locked. One whose matches
    are all complete is marked finished and not returned: the driver call
    that would have finished it never came (a lost message), and it must not
    stand in for new work."""
    progress = (
        TaskProgress.objects.select_for_update()
        .filter(scope_key=scope_key, finished_at=None)
        .first()
    )
    if progress is None:
        return None
    open_matches = Match.objects.filter(pk__in=progress.match_ids).exclude(
        status=Match.Status.COMPLETE
    )
    if open_matches.exists():
        return progress
    _progress_finish(progress)
    return None


def _progress_finish(progress: TaskProgress) -> None:
    """Mark ``progress`` (locked) finished, and tell the coaches of its
    matches their results, in one notice each
    (:func:`matches.notices.resolution_notify`), in the caller's
    transaction: a progress finishes once, so they are told once."""
    progress.finished_at = timezone.now()
    progress.save(update_fields=["finished_at"])
    _progress_cache_bump(progress)
    resolution_notify(progress, [r["match"] for r in progress_refusals(progress)])


def _progress_cache_bump(progress: TaskProgress) -> None:
    """The league page knows whether a resolution is under way (it reads the
    counts of one live, and nothing when none is): a start or an end is a
    change of the page."""
    if progress.season_id is not None:
        league_cache_bump(
            Season.objects.values_list("league_id", flat=True).get(
                pk=progress.season_id
            )
        )


def _progress_get_or_create(
    *, scope_key: str, defaults: dict[str, Any]
) -> tuple[TaskProgress, bool]:
    """Create the running progress of ``scope_key``, or get the one a
    concurrent request has just committed: the partial unique index
    ``taskprogress_one_running_per_scope`` makes the INSERT of the later
    request wait for the earlier one and then fail, and ``get_or_create``
    then reads the winner's row (in its own savepoint, so the surrounding
    transaction goes on)."""
    progress, created = TaskProgress.objects.get_or_create(
        scope_key=scope_key, finished_at=None, defaults=defaults
    )
    if created:
        _progress_cache_bump(progress)
    return progress, created


@transaction.atomic
def season_resolve_start(
    *, season_id: int, scope: str, actor: AbstractBaseUser | None = None
) -> tuple[TaskProgress, bool]:
    """Start resolving the current round (``scope="round"``) or every
    remaining match (``scope="season"``); returns the progress record and
    whether it is new. While a resolution of the same season and scope is
    running, asking again returns that one (``False``): nothing new to
    queue. The season's row lock orders concurrent requests; the unique
    index on running progress is the database's own guarantee."""
    season = Season.objects.select_for_update().get(pk=season_id)
    if scope not in ("round", "season"):
        raise ServiceError.one(
            "invalid_choice", "scope", "scope is 'round' or 'season'"
        )
    kind = f"resolve_{scope}"
    scope_key = f"{kind}:{season.pk}"
    running = _running_progress(scope_key)
    if running is not None:
        return running, False
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
    matches = list(remaining.select_related("home", "away"))
    _refuse_teams_held(matches)
    _refuse_redraft_owed(season, matches)
    _refuse_unplayable(season, {t for m in matches for t in (m.home, m.away)})
    return _progress_get_or_create(
        scope_key=scope_key,
        defaults={
            "kind": kind,
            "season": season,
            "match_ids": [m.pk for m in matches],
            "created_by": _creator(actor),
        },
    )


@transaction.atomic
def match_resolve_start(
    *, match_id: int, actor: AbstractBaseUser | None = None
) -> tuple[TaskProgress, bool]:
    """Start resolving one match with the engine; returns the progress
    record and whether it is new. While a resolution of this match is
    running (queued, played, or in its post-game), asking again returns
    that one (``False``). Concurrent requests are not ordered by a lock
    (the match's row is held for the length of an engine run while a worker
    plays it): the unique index on running progress lets one INSERT win."""
    match = Match.objects.get(pk=match_id)
    scope_key = f"resolve_match:{match.pk}"
    running = _running_progress(scope_key)
    if running is not None:
        return running, False
    if match.status not in OPEN:
        raise ServiceError.one("already_reported", None, "this match has a result")
    # Decision: a match whose result something else gives is refused up
    # front, nothing written: a progress for it would wait on that (and,
    # played on the spot, the request would replay it for ever).
    if match_live_in_play(match):
        raise ServiceError.one(
            "live_match",
            None,
            "this match is being played live: its game gives the result",
        )
    if match_report_waiting(match):
        raise ServiceError.one(
            "report_waiting",
            None,
            "a coach's report of this match is waiting for its answer: "
            "it gives the result",
        )
    _refuse_teams_held([match])
    _refuse_redraft_owed(match.season, [match])
    _refuse_unplayable(match.season, {match.home, match.away})
    return _progress_get_or_create(
        scope_key=scope_key,
        defaults={
            "kind": "resolve_match",
            "season_id": match.season_id,
            "match_ids": [match.pk],
            "created_by": _creator(actor),
        },
    )


def _refuse_teams_held(matches: Sequence[Match]) -> None:
    """Refuse to resolve ``matches`` when one of their teams is still in
    another match that waits for people (:func:`team_held_elsewhere`): the
    team stays playing until that result stands, maybe for days, which a
    task's retries for a team finishing its post-game do not outlast. A
    team in the pre-game of another match waits for that one alike
    (:class:`matches.prematch.pregame.PregameElsewhere`)."""
    teams = {t.pk: t for m in matches for t in (m.home, m.away)}
    pregame = pregame_match_elsewhere(teams, besides=[m.pk for m in matches])
    if pregame is not None:
        raise PregameElsewhere(
            teams.get(pregame.home_id) or teams[pregame.away_id], pregame
        )
    team = team_held_elsewhere(matches)
    if team is not None:
        raise ServiceError.one(
            "team_busy",
            None,
            f"{team.name} is still playing another match: the engine "
            "plays its next one once that result stands",
        )


def _refuse_redraft_owed(season: Season, matches: Sequence[Match]) -> None:
    """Refuse to resolve ``matches`` (of ``season``) while one of their
    teams owes its re-draft after a season of the league that closed since
    ``season`` was made (``redraft_required``, one error a team): none of
    them would kick off (:func:`matches.prematch.kickoff.match_kick_off`),
    and the re-draft waits for people, as a team held elsewhere does."""
    require_redrafted(
        sorted({t for m in matches for t in (m.home_id, m.away_id)}),
        before=season.created_at,
    )


def team_held_elsewhere(matches: Sequence[Match]) -> Team | None:
    """A team of ``matches`` still in another match that waits for people
    (a report waiting for its answer, a live game under way) or in the
    pre-game of another match (:mod:`matches.prematch.pregame`), or None."""
    teams = {t.pk: t for m in matches for t in (m.home, m.away)}
    pregame = pregame_match_elsewhere(teams, besides=[m.pk for m in matches])
    if pregame is not None:
        return teams.get(pregame.home_id) or teams[pregame.away_id]
    for other in (
        Match.objects.filter(
            Q(home_id__in=teams) | Q(away_id__in=teams),
            status=Match.Status.IN_PROGRESS,
        )
        .exclude(pk__in=[m.pk for m in matches])
        .order_by("id")
    ):
        if match_report_waiting(other) or match_live_in_play(other):
            return teams.get(other.home_id) or teams[other.away_id]
    return None


def _refuse_unplayable(season: Season, teams: set[Any]) -> None:
    """Refuse to resolve with the engine a format whose game it does not
    play yet, or when a team fields a player with a skill the engine does
    not implement (it would play without it)."""
    variant = season_variant(season.settings, season.league)
    if not variant.engine_plays_game:
        raise ServiceError.one(
            "engine_cannot_play",
            None,
            f"the match engine does not play {variant.label} games yet: "
            "report the match instead",
        )
    problems = sorted(p for t in teams if (p := team_skill_problem(t)) is not None)
    if problems:
        raise ServiceError.one("unimplemented_skill", None, "; ".join(problems))


def progress_refusals(progress: TaskProgress) -> list[dict[str, Any]]:
    """The matches of ``progress`` the engine refused to play since it
    started (see :func:`matches.resolution.resolve.match_resolve`), with the
    reason: ``[{"match": id, "code": code, "field": field, "reason": text}]``
    (a refusal recorded before refusals had codes is an
    ``unimplemented_skill``, the only one there was)."""
    rows = MatchEvent.objects.filter(
        match_id__in=progress.match_ids,
        type=REFUSED,
        created_at__gte=progress.created_at,
    ).order_by("match_id", "seq")
    out: dict[int, dict[str, Any]] = {}
    for row in rows:
        out[row.match_id] = {
            "match": row.match_id,
            "code": str(row.payload.get("code", "unimplemented_skill")),
            "field": row.payload.get("field"),
            "reason": str(row.payload.get("reason", "")),
        }
    return list(out.values())


def progress_refusal_of(progress: TaskProgress, match_id: int) -> ServiceError | None:
    """The engine's refusal of ``match_id`` in ``progress`` as a service
    error (its code, field and reason), or None when it was not refused."""
    for refusal in progress_refusals(progress):
        if refusal["match"] == match_id:
            return ServiceError.one(
                refusal["code"], refusal["field"], refusal["reason"]
            )
    return None


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
    # Decision: a match the engine refused stays scheduled (its coaches may
    # report it) and the resolution goes on without it.
    refused = {r["match"] for r in progress_refusals(progress)}
    unfinished = [
        m for m in matches if m.status != Match.Status.COMPLETE and m.pk not in refused
    ]
    if not unfinished:
        _progress_finish(progress)
        return []
    first = unfinished[0]
    this_round = [
        m for m in unfinished if (m.stage, m.round) == (first.stage, first.round)
    ]
    if any(m.status not in OPEN for m in this_round):
        return [m.pk for m in this_round if m.status in OPEN]
    return [m.pk for m in this_round]


def progresses_waiting_on(match: Match) -> list[str]:
    """Unfinished progress records that include ``match`` and can move on
    now: every match of its round that they cover is complete.

    A match finishing while others of its round are still queued or played
    leaves the progress alone (the last one moves it on), so the round's
    queued matches are not queued a second time after every match. Each
    caller's post-game has committed before it asks, so of two matches
    finishing at once, at least the later asker sees the round complete.
    """
    waiting = []
    for progress in TaskProgress.objects.filter(
        season_id=match.season_id, finished_at=None
    ):
        if match.pk not in progress.match_ids:
            continue
        # A match the engine refused stays scheduled: it holds nothing up.
        refused = [r["match"] for r in progress_refusals(progress)]
        round_open = (
            Match.objects.filter(
                pk__in=progress.match_ids, stage=match.stage, round=match.round
            )
            .exclude(status=Match.Status.COMPLETE)
            .exclude(pk__in=refused)
            .exists()
        )
        if not round_open:
            waiting.append(str(progress.pk))
    return waiting


def eager_resolution_step(progress: TaskProgress) -> int:
    """On the embedded default (eager tasks), resolve the next match of
    ``progress`` now; returns how many matches were resolved (0 or 1)."""
    match_ids = season_resolve_next(progress_id=str(progress.pk))
    if not match_ids:
        return 0
    matches_resolve_now(match_ids[:1])
    season_resolve_next(progress_id=str(progress.pk))
    return 1
