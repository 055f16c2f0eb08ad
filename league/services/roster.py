"""Roster moves between matches: temporarily retiring a player and bringing
them back (post-game_sequence.md "4. Hiring, Firing and Temporarily
Retiring"). Firing lives with hiring in ``league.services.teams``.

A temporarily retired player stays on the Team Draft list (and in TV) but
is left out of CTV and cannot play until brought back.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team
from league.services.audit import league_event_record
from league.services.teams import (
    MANAGEABLE,
    ON_ROSTER,
    team_qs_for_update,
    team_require_not_card,
)


def team_require_not_playing(team: Team, *, action: str) -> None:
    """Refuse ``action`` while the team is in a game (or retired): roster
    changes wait for the post-game sequence."""
    if team.status not in MANAGEABLE:
        raise ServiceError.one(
            "team_busy",
            None,
            f"{team.name} is {team.get_status_display().lower()}; "
            f"{action} must wait until its game is over",
        )


def team_player_for_update(
    team: Team, player_id: int, *, statuses: tuple[str, ...] = ON_ROSTER
) -> Player:
    """The team's player, locked; ``player_not_on_roster`` if they are not
    one of the team's players in ``statuses``."""
    try:
        return Player.objects.select_for_update().get(
            pk=player_id, team=team, status__in=statuses
        )
    except Player.DoesNotExist:
        raise ServiceError.one(
            "player_not_on_roster",
            "player",
            f"{team.name} has no player {player_id} on its roster",
        ) from None


@transaction.atomic
def player_retire(
    *, team_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Player:
    """Temporarily retire an active player. Journeymen cannot be retired:
    they are not on the Team Draft list."""
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


@transaction.atomic
def player_unretire(
    *, team_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Player:
    """Bring a temporarily retired player back onto the active roster."""
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_playing(team, action="bringing players back")
    player = team_player_for_update(team, player_id)
    if player.status != Player.Status.RETIRED:
        raise ServiceError.one("not_retired", "player", f"{player.name} is not retired")
    player.status = Player.Status.ACTIVE
    player.save(update_fields=["status"])
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.PLAYER_UNRETIRED,
        team=team,
        player=player,
        actor=actor,
        payload={"value": player.value, "miss_next_game": player.miss_next_game},
    )
    return player
