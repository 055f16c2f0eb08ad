"""Temporarily retiring a player in the post-game of the game he suffered a
Lasting Injury in (post-game_sequence.md "4. Hiring, Firing and Temporarily
Retiring", "Temporarily Retiring"): "During the post-game sequence of a game
in which a player suffers a Lasting Injury result on the Casualty table,
that player may be given time off to recover ... They cannot take part in
any further games this season". He stays on the Team Draft list and in TV,
is left out of CTV, and comes back only when re-drafted for a new season
(league_and_exhibition_play.md "Re-drafting Temporarily Retired Players",
``matches.seasons.rollover.team_redraft``, which rolls his recovery).

It lives in the matches app because it reads the team's latest match and
the injuries its post-game recorded (the ``postgame_injury`` events).

Decision: the post-game of a game, for retiring, is the team's latest match
(the latest it kicked off) from the moment its injuries step has recorded
the casualties until the team kicks off another match or re-drafts after
that match's season. Dugout runs the post-game's rolls by itself, so the
coach's choices of the step (hiring journeymen for good, retiring) come
after them and before the next kick-off, as the post-game skill of a
league without SPP does (``matches.postgame.skill``).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team
from league.services.audit import league_event_record
from league.services.roster import team_player_for_update, team_require_not_playing
from league.services.teams import (
    league_format,
    team_qs_for_update,
    team_require_not_card,
)
from matches.models import MatchEvent, RosterSnapshot, SeasonTeamArchive


def _post_game_match_id(team: Team) -> int | None:
    """The match whose post-game ``team`` is in, for retiring: its latest
    match kicked off, unless it has re-drafted after that match's season;
    None when there is none."""
    latest = (
        RosterSnapshot.objects.filter(team=team)
        .order_by("-pk")
        .values_list("match_id", "match__season_id")
        .first()
    )
    if latest is None:
        return None
    match_id, season_id = latest
    redrafted = SeasonTeamArchive.objects.filter(
        team=team, season_id=season_id, redraft__isnull=False
    ).exists()
    return None if redrafted else match_id


def team_retirement_candidates(team: Team) -> set[int]:
    """The ids of the players ``team`` may temporarily retire now: those who
    suffered one of the format's ``retirement_results`` (a Lasting Injury)
    in the match whose post-game the team is in, and are still on its Team
    Draft list, active and not journeymen. Empty in a format without
    temporary retirement (Sevens, Blitz Bowl)."""
    results = league_format(team.league).retirement_results
    match_id = _post_game_match_id(team) if results else None
    if match_id is None:
        return set()
    injured = {
        int(payload["player_id"])
        for payload in MatchEvent.objects.filter(
            match_id=match_id, type="postgame_injury"
        ).values_list("payload", flat=True)
        if payload.get("result") in results
    }
    return set(
        Player.objects.filter(
            pk__in=injured,
            team=team,
            status=Player.Status.ACTIVE,
            journeyman=False,
        ).values_list("pk", flat=True)
    )


def _require_retirable(team: Team, player: Player) -> None:
    if not league_format(team.league).retirement_results:
        raise ServiceError.one(
            "not_in_format",
            "player",
            f"{team.league.get_format_display()} has no Lasting Injury: no "
            "player is temporarily retired",
        )
    if player.pk not in team_retirement_candidates(team):
        raise ServiceError.one(
            "no_lasting_injury",
            "player",
            f"{player.name} suffered no Lasting Injury in {team.name}'s latest "
            "game: only such a player may be temporarily retired, in that "
            "game's post-game (before the team's next kick-off)",
        )


@transaction.atomic
def player_retire(
    *, team_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Player:
    """Temporarily retire a player who suffered a Lasting Injury in the game
    whose post-game his team is in (see the module's Decision). Journeymen
    cannot be retired: they are not on the Team Draft list."""
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_card(team)
    team_require_not_playing(team, action="retiring players")
    player = team_player_for_update(team, player_id)
    if player.journeyman:
        raise ServiceError.one(
            "journeyman",
            "player",
            f"{player.name} is a journeyman: hire or release him instead",
        )
    if player.status != Player.Status.ACTIVE:
        raise ServiceError.one(
            "already_retired", "player", f"{player.name} is already retired"
        )
    _require_retirable(team, player)
    player.status = Player.Status.RETIRED
    player.save(update_fields=["status"])
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.PLAYER_RETIRED,
        team=team,
        player=player,
        actor=actor,
        payload={"value": player.value, "miss_next_game": player.miss_next_game},
    )
    return player
