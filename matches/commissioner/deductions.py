"""League points a commissioner docks from a team
(league_and_exhibition_play.md "League Fixtures"): "NO-SHOWS: If a coach is
thought to be gaming the system - i.e., avoiding certain games just to
prevent their opponent from getting a win or to protect their players from
harm ahead of another game, the league commissioner should dock that coach
3 League points."

Decision: the commissioner alone docks them, always the rule's 3 points a
time, with the reason logged; a team docked twice loses 6. The standings
subtract them (:func:`matches.seasons.selectors.season_table`), and so do
the playoff seeding and the season's places. A closed season's table is
history and docks nothing. Every format: Dungeon Bowl's league rules point
at this section, and the others have no text of their own on it.

Decision: points docked by mistake are withdrawn by the commissioner
(:func:`season_withdraw_points_deduction`), under the same conditions as a
docking (an open season whose playoffs are not drawn), with an optional
reason. The deduction is kept, marked withdrawn (who, when, why), not
deleted: the league's audit log names it in both its lines, and the admin
lists it with the others. A withdrawn deduction is not withdrawn again nor
restored; docking the points once more is a new deduction.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.models import LeagueEvent, Team
from league.page_cache import league_cache_bump
from league.services.audit import league_event_record
from matches.models import Match, PointsDeduction, Season

# "dock that coach 3 League points"
NO_SHOW_POINTS = 3


@transaction.atomic
def season_dock_points(
    *, season_id: int, team_id: int, reason: str, actor: AbstractBaseUser
) -> PointsDeduction:
    """Dock :data:`NO_SHOW_POINTS` League points from ``team_id`` in the
    season, logged in the league's audit log with the reason.

    Refused (PermissionDenied) for anyone but the league's commissioner;
    refused with a code and nothing written without a reason
    (``required``), for a closed season (``season_closed``), a team not in
    the season (``not_in_season``), or once the playoffs are drawn from the
    league table (``bracket_moved_on``)."""
    season = Season.objects.select_for_update().get(pk=season_id)
    league_get_for_commissioner(actor, season.league_id)
    text = reason.strip()[:300]
    if not text:
        raise ServiceError.one("required", "reason", "say why the points are docked")
    _refuse_closed(season)
    if not season.teams.filter(pk=team_id).exists():
        raise ServiceError.one(
            "not_in_season", "team", "the team must be one of the season's teams"
        )
    _refuse_bracket_drawn(season)
    team = Team.objects.get(pk=team_id)
    deduction = PointsDeduction.objects.create(
        season=season,
        team=team,
        points=NO_SHOW_POINTS,
        reason=text,
        created_by=actor if actor.is_authenticated else None,
    )
    league_event_record(
        league_id=season.league_id,
        type=LeagueEvent.Type.POINTS_DOCKED,
        team=team,
        actor=actor,
        payload={
            "season_id": season.pk,
            "deduction_id": deduction.pk,
            "points": NO_SHOW_POINTS,
            "reason": text,
        },
    )
    league_cache_bump(season.league_id)
    return deduction


@transaction.atomic
def season_withdraw_points_deduction(
    *, season_id: int, deduction_id: int, actor: AbstractBaseUser, reason: str = ""
) -> PointsDeduction:
    """Withdraw a deduction of the season docked by mistake: the standings
    give the team its points back; the deduction stays, marked withdrawn,
    and the league's audit log gets a line (``points_withdrawn``).

    Refused (PermissionDenied) for anyone but the league's commissioner;
    refused with a code and nothing written for a closed season
    (``season_closed``), once the playoffs are drawn from the league table
    (``bracket_moved_on``), a deduction that is not the season's
    (``not_found``, field ``deduction``) or one already withdrawn
    (``already_withdrawn``, field ``deduction``)."""
    season = Season.objects.select_for_update().get(pk=season_id)
    league_get_for_commissioner(actor, season.league_id)
    _refuse_closed(season)
    _refuse_bracket_drawn(season)
    deduction = (
        PointsDeduction.objects.select_for_update()
        .filter(pk=deduction_id, season=season)
        .first()
    )
    if deduction is None:
        raise ServiceError.one(
            "not_found", "deduction", "no such deduction in this season"
        )
    if deduction.withdrawn_at is not None:
        raise ServiceError.one(
            "already_withdrawn", "deduction", "the deduction was withdrawn already"
        )
    text = reason.strip()[:300]
    deduction.withdrawn_at = timezone.now()
    deduction.withdrawn_by = actor if actor.is_authenticated else None
    deduction.withdrawal_reason = text
    deduction.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])
    league_event_record(
        league_id=season.league_id,
        type=LeagueEvent.Type.POINTS_WITHDRAWN,
        team=deduction.team,
        actor=actor,
        payload={
            "season_id": season.pk,
            "deduction_id": deduction.pk,
            "points": deduction.points,
            "reason": text,
        },
    )
    league_cache_bump(season.league_id)
    return deduction


def _refuse_closed(season: Season) -> None:
    """A closed season's table is history: its docked points stand."""
    if season.status == Season.Status.CLOSED:
        raise ServiceError.one(
            "season_closed", None, f"{season} is closed: its table stands"
        )


def _refuse_bracket_drawn(season: Season) -> None:
    """Once the playoffs are seeded from the league table, it stands."""
    if season.matches.filter(stage=Match.Stage.PLAYOFF).exists():
        # the bracket was seeded from the table, as for an override
        raise ServiceError.one(
            "bracket_moved_on",
            None,
            "the playoffs are seeded from the league table: it stands",
        )
