"""A commissioner's actions, each with a required reason and one line in the
league's audit log (``LeagueEvent``), written in the same transaction as the
change by the service that does the work. The admin and the site's pages
call these with the reason they ask for; the REST API calls them without one
(``reason_required=False``), so a season scheduled or closed and a match
postponed through the API is in the audit log too.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team
from league.services.audit import league_event_record
from matches.models import Match, MatchResult, Season, SeasonTeamArchive, TaskProgress
from matches.postgame.end import season_postgames_end
from matches.postgame.override import match_override_result
from matches.prematch.pregame import match_pregame_undo
from matches.queue import season_resolution_queue
from matches.resolution.progress import season_resolve_start
from matches.seasons.rollover import (
    RedraftPlan,
    RedraftPreview,
    redraft_rerolls_bought,
    season_close,
    team_redraft,
)
from matches.seasons.services import match_postpone, season_schedule


def _reason(reason: str, *, required: bool = True) -> str:
    text = reason.strip()
    if not text and required:
        raise ServiceError.one("required", "reason", "say why (the reason is logged)")
    return text[:300]


def _with_reason(payload: dict[str, Any], text: str) -> dict[str, Any]:
    """The audit row's payload, with the reason when one was given."""
    return {**payload, "reason": text} if text else payload


def _locked_season(season_id: int, actor: AbstractBaseUser) -> Season:
    season = Season.objects.select_for_update().get(pk=season_id)
    league_get_for_commissioner(actor, season.league_id)
    return season


def _locked_match(match_id: int, actor: AbstractBaseUser) -> Match:
    match = Match.objects.select_for_update().select_related("season").get(pk=match_id)
    league_get_for_commissioner(actor, match.season.league_id)
    return match


@transaction.atomic
def season_schedule_audited(
    *,
    season_id: int,
    actor: AbstractBaseUser,
    reason: str,
    reason_required: bool = True,
) -> list[Match]:
    """Generate the season's fixtures (:func:`season_schedule`), logged."""
    text = _reason(reason, required=reason_required)
    season = _locked_season(season_id, actor)
    matches = season_schedule(season_id=season.pk)
    league_event_record(
        league_id=season.league_id,
        type=LeagueEvent.Type.SEASON_SCHEDULED,
        actor=actor,
        payload=_with_reason({"season_id": season.pk, "matches": len(matches)}, text),
    )
    return matches


@transaction.atomic
def season_resolve_audited(
    *, season_id: int, scope: str, actor: AbstractBaseUser, reason: str
) -> tuple[TaskProgress, bool]:
    """Start resolving the current round or the rest of the season
    (:func:`season_resolve_start`) and queue it once committed. Asking while
    the same resolution runs returns the running one, and logs nothing new."""
    text = _reason(reason)
    season = _locked_season(season_id, actor)
    progress, created = season_resolve_start(
        season_id=season.pk, scope=scope, actor=actor
    )
    if created:
        season_resolution_queue(progress)
        league_event_record(
            league_id=season.league_id,
            type=LeagueEvent.Type.SEASON_RESOLVE_STARTED,
            actor=actor,
            payload={
                "season_id": season.pk,
                "scope": scope,
                "progress_id": str(progress.pk),
                "matches": len(progress.match_ids),
                "reason": text,
            },
        )
    return progress, created


@transaction.atomic
def match_postpone_audited(
    *,
    match_id: int,
    to_round: int | None,
    actor: AbstractBaseUser,
    reason: str,
    reason_required: bool = True,
) -> Match:
    """Move a scheduled match (:func:`match_postpone`), logged. A match in
    its pre-game has it undone first
    (:func:`matches.prematch.pregame.match_pregame_undo`: each treasury
    paid back, the inducements dropped, both rosters open again), and the
    log names what each team got back (``inducements_refunded``). A move
    refused after that undoes it too: all is one transaction."""
    text = _reason(reason, required=reason_required)
    match = _locked_match(match_id, actor)
    before = match.round
    refunded = match_pregame_undo(match, actor=actor)
    moved = match_postpone(match_id=match.pk, to_round=to_round)
    payload: dict[str, Any] = {"from_round": before, "to_round": moved.round}
    if refunded:
        payload["inducements_refunded"] = {str(t): g for t, g in refunded.items()}
    league_event_record(
        league_id=match.season.league_id,
        type=LeagueEvent.Type.MATCH_POSTPONED,
        match_id=match.pk,
        actor=actor,
        payload=_with_reason(payload, text),
    )
    return moved


@transaction.atomic
def match_override_audited(
    *,
    match_id: int,
    home_score: int,
    away_score: int,
    actor: AbstractBaseUser,
    reason: str,
) -> MatchResult:
    """Override a played match's score (:func:`match_override_result`, which
    logs it in the match's own events and the league's audit log, as for an
    override from the site or the API). The post-game already applied is
    not re-run: see the Decision in :func:`match_override_result`."""
    match = _locked_match(match_id, actor)  # the commissioner's, first
    text = _reason(reason)
    for field, score in (("home_score", home_score), ("away_score", away_score)):
        if score < 0:
            raise ServiceError.one("min_value", field, "a score cannot be negative")
    return match_override_result(
        match_id=match.pk,
        home_score=home_score,
        away_score=away_score,
        reason=text,
        actor=actor,
    )


@transaction.atomic
def season_close_audited(
    *, season_id: int, actor: AbstractBaseUser, reason: str
) -> int:
    """Close a finished season (:func:`season_close`), logged; returns how
    many teams were archived."""
    return len(season_close_logged(season_id=season_id, actor=actor, reason=reason))


@transaction.atomic
def season_close_logged(
    *,
    season_id: int,
    actor: AbstractBaseUser,
    reason: str,
    reason_required: bool = True,
) -> list[SeasonTeamArchive]:
    """:func:`season_close_audited`, returning the archives (the API shows
    each team's record)."""
    text = _reason(reason, required=reason_required)
    season = _locked_season(season_id, actor)
    # Every team's last post-game ends before the season's rosters and
    # treasuries are archived for the re-draft (a refusal of the close
    # rolls it back with the rest).
    season_postgames_end(season)
    archives = season_close(season_id=season.pk, actor=actor)
    league_event_record(
        league_id=season.league_id,
        type=LeagueEvent.Type.SEASON_CLOSED,
        actor=actor,
        payload=_with_reason({"season_id": season.pk, "teams": len(archives)}, text),
    )
    return archives


def redraft_plan_keep_all(team: Team, archive: SeasonTeamArchive) -> RedraftPlan:
    """The plan a commissioner approves after ``archive``'s season: every
    player who may be kept stays (journeymen never), with the team's current
    staff and the re-rolls it bought (a trophy's free ones are the
    re-draft's own: :func:`redraft_rerolls_bought`).

    Decision: a coach chooses a different plan (letting players go, hiring)
    on the team's re-draft page or the API; what the commissioner approves
    in the admin is this plan, whose preview the confirmation page shows. A
    team whose plan breaks a rule (over budget, too few players) is refused
    with the rule's codes and keeps waiting for its coach.
    """
    keep = Player.objects.filter(
        team=team,
        status__in=[Player.Status.ACTIVE, Player.Status.RETIRED],
        journeyman=False,
    ).order_by("number", "pk")
    return RedraftPlan(
        keep=list(keep.values_list("pk", flat=True)),
        rerolls=redraft_rerolls_bought(team, archive),
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
    )


def redraft_preview(
    *, archive: SeasonTeamArchive, actor: AbstractBaseUser
) -> RedraftPreview:
    """What approving ``archive``'s re-draft would cost (nothing written)."""
    return team_redraft(
        team_id=archive.team_id,
        season_id=archive.season_id,
        plan=redraft_plan_keep_all(archive.team, archive),
        actor=actor,
        commit=False,
    )


@transaction.atomic
def team_redraft_approve(
    *, archive_id: int, actor: AbstractBaseUser, reason: str
) -> RedraftPreview:
    """Carry out the re-draft :func:`redraft_plan_keep_all` describes for the
    team of a closed season's archive (:func:`team_redraft`), logged."""
    text = _reason(reason)
    archive = (
        SeasonTeamArchive.objects.select_for_update()
        .select_related("team", "season")
        .get(pk=archive_id)
    )
    league_get_for_commissioner(actor, archive.season.league_id)
    preview = team_redraft(
        team_id=archive.team_id,
        season_id=archive.season_id,
        plan=redraft_plan_keep_all(archive.team, archive),
        actor=actor,
        commit=True,
    )
    payload: dict[str, Any] = {
        "season_id": archive.season_id,
        "kept": len(preview.players),
        "total": preview.total,
        "remaining": preview.remaining,
        "reason": text,
    }
    league_event_record(
        league_id=archive.season.league_id,
        type=LeagueEvent.Type.REDRAFT_APPROVED,
        team=archive.team,
        actor=actor,
        payload=payload,
    )
    return preview
