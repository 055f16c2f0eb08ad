"""Kick-off: freeze both rosters and mark the teams as playing."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404

from engine.facade import SeededRoller, roll_riotous_rookies
from league.access import teams_require_write
from league.errors import ServiceError
from league.models import Team
from league.page_cache import league_cache_bump
from league.selectors import team_detail_qs
from league.services.journeymen import team_kick_off_journeymen, team_take_journeymen
from matches.engine_bridge import team_snapshot
from matches.events import match_events_append
from matches.models import Match, MatchInducements, ReportSubmission, RosterSnapshot
from matches.prematch.pregame import pregame_require_free
from matches.seasons.offseason import match_require_redrafted
from matches.seasons.services import match_seed


class TeamNotReady(ServiceError):
    """A team of the match is still in another game or its post-game."""

    def __init__(self, message: str) -> None:
        super().__init__(ServiceError.one("team_busy", None, message).violations)


PARTY_REFUSAL = "only the coaches of this match or the commissioner"


def match_get_for_party(user: AbstractBaseUser | AnonymousUser, match_id: int) -> Match:
    """The match, if ``user`` coaches one of its teams (not frozen) or runs
    its league: 404 if there is no such match, 403 (PermissionDenied)
    otherwise. What an endpoint writing for a side of the match asks before
    it reads its body, so a stranger is refused as such; the service asks
    again under its lock."""
    try:
        match = Match.objects.select_related("home__league", "away__league").get(
            pk=match_id
        )
    except Match.DoesNotExist:
        raise Http404("no such match") from None
    teams_require_write(user, [match.home, match.away], PARTY_REFUSAL)
    return match


def match_qs_for_update() -> QuerySet[Match]:
    """Matches locked for a change, with their season and league read in the
    same query. Only the match row is locked: locking the season (and
    league) rows too, as a plain ``select_for_update()`` with
    ``select_related`` does, made every match of a season wait for the one
    being played (its lock is held for the whole engine run). A service
    that changes the season locks it itself."""
    return Match.objects.select_for_update(of=("self",)).select_related(
        "season__league"
    )


def match_lock_for_report(
    match_id: int, actor: AbstractBaseUser, *, confirmed: bool = False
) -> tuple[Match, dict[int, Team]]:
    """The match locked for a report, and its two teams by id: refused
    (PermissionDenied) unless ``actor`` coaches one of them or is the
    commissioner, and (``already_reported``) once the match has a result.

    A kept report that now stands (``confirmed``: the other coach confirmed
    it, the commissioner accepted it, or its deadline passed) is not asked
    again whether its sender may report: that was checked when it was sent,
    and a sender removed from the league since (whose season plays on,
    :func:`league.services.membership.membership_remove`) must not leave
    the other coach unable to confirm it, nor stop beat's sweep."""
    match = match_qs_for_update().get(pk=match_id)
    teams = {
        t.pk: t
        for t in Team.objects.select_related("league").filter(
            pk__in=[match.home_id, match.away_id]
        )
    }
    if not confirmed:
        teams_require_write(actor, list(teams.values()), PARTY_REFUSAL)
    if match.status not in (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS):
        raise ServiceError.one("already_reported", None, "this match has a result")
    if match_live_in_play(match):
        raise ServiceError.one(
            "live_match",
            None,
            "this match is being played live: its game gives the result",
        )
    return match, teams


# The states of a live match (matches.live) that the coaches are playing:
# read through the match's reverse relation, as live play sits above this.
LIVE_IN_PLAY = ("accepted", "playing")


def match_live_in_play(match: Match) -> bool:
    """Whether a live game of ``match`` is under way (accepted, not ended):
    then neither a report nor the engine's resolution gives its result."""
    return Match.objects.filter(pk=match.pk, live__state__in=LIVE_IN_PLAY).exists()


def match_report_waiting(match: Match) -> bool:
    """Whether a coach's report of ``match`` waits for the other coach or
    the commissioner (awaiting or disputed): that report gives the result,
    so the engine does not play the match."""
    return ReportSubmission.objects.filter(
        match_id=match.pk, status__in=ReportSubmission.OPEN
    ).exists()


@transaction.atomic
def match_kick_off(*, match_id: int) -> Match:
    """Freeze both teams' rosters at kick-off (what the engine plays with and
    what a report is checked against) and mark the teams as playing.
    Idempotent: a match already under way is returned unchanged. Refused
    (``team_busy``) while a team is in another game or its post-game
    (:class:`TeamNotReady`: soon over) or in another match's pre-game
    (:class:`matches.prematch.pregame.PregameElsewhere`: that match first),
    and (``redraft_required``,
    :class:`matches.seasons.offseason.RedraftRequired`) while a team owes
    its re-draft after a season of the league closed since this match's
    season was made: every way a match is played kicks it off here."""
    match = match_qs_for_update().get(pk=match_id)
    if match.status != Match.Status.SCHEDULED:
        return match
    teams = list(
        team_detail_qs()
        .select_for_update(of=("self",))
        .filter(pk__in=[match.home_id, match.away_id])
    )
    for team in teams:
        if team.status != Team.Status.READY:
            raise TeamNotReady(
                f"{team.name} is {team.get_status_display().lower()}, not ready to play"
            )
    pregame_require_free(match, teams)
    match_require_redrafted(match)
    # Last game's unhired journeymen leave and new ones join before the
    # rosters are frozen, so the snapshot plays with them.
    changed = [team_kick_off_journeymen(team, match_id=match.pk) for team in teams]
    if match_riotous_rookies(match, teams) or any(changed):
        teams = list(team_detail_qs().filter(pk__in=[match.home_id, match.away_id]))
    RosterSnapshot.objects.bulk_create(
        RosterSnapshot(match=match, team=team, data=team_snapshot(team))
        for team in teams
    )
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(status=Team.Status.PLAYING)
    match.status = Match.Status.IN_PROGRESS
    match.save(update_fields=["status", "updated_at"])
    league_cache_bump(match.season.league_id)
    return match


def match_snapshots(match: Match) -> tuple[dict[str, object], dict[str, object]]:
    data = {s.team_id: s.data for s in match.snapshots.all()}
    return data[match.home_id], data[match.away_id]


def match_riotous_rookies(match: Match, teams: list[Team]) -> bool:
    """Riotous Rookies: a team that bought them takes on 2D3+1 more
    journeymen for this game (the match's seeded dice; a ``riotous_rookies``
    match event shows the roll and the players)."""
    buyers = {
        record.team_id
        for record in MatchInducements.objects.filter(match=match)
        if any(line["slug"] == "riotous_rookies" for line in record.lines)
    }
    for team in teams:
        if team.pk not in buyers:
            continue
        roller = SeededRoller(match_seed(match.seed, "riotous_rookies", team.pk))
        count, rolls = roll_riotous_rookies(roller)
        players = team_take_journeymen(team, minimum=0, extra=count, match_id=match.pk)
        match_events_append(
            match,
            [
                (
                    "riotous_rookies",
                    {
                        "team_id": team.pk,
                        "dice": [r[2] for r in rolls],
                        "count": count,
                        "player_ids": [p.pk for p in players],
                    },
                )
            ],
        )
    return bool(buyers)
