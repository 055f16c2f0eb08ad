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
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

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
    if season.status == Season.Status.CLOSED:
        raise ServiceError.one(
            "season_closed", None, f"{season} is closed: its table stands"
        )
    if not season.teams.filter(pk=team_id).exists():
        raise ServiceError.one(
            "not_in_season", "team", "the team must be one of the season's teams"
        )
    if season.matches.filter(stage=Match.Stage.PLAYOFF).exists():
        # the bracket was seeded from the table, as for an override
        raise ServiceError.one(
            "bracket_moved_on",
            None,
            "the playoffs are seeded from the league table: it stands",
        )
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
        payload={"season_id": season.pk, "points": NO_SHOW_POINTS, "reason": text},
    )
    league_cache_bump(season.league_id)
    return deduction
