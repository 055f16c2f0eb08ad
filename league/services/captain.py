"""The Team Captain of a league team (Blood Bowl 2025, Humans and Orcs:
changes_from_bb2020.md section 16): the coach names one player; he plays
with Pro and the match's team sheet names him (``matches.engine_bridge``).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team
from league.page_cache import league_cache_bump
from league.selectors import captain_able, team_captain_rule
from league.services.audit import league_event_record
from league.services.teams import league_format, team_qs_for_update


def _refuse_team(team: Team) -> None:
    fmt = league_format(team.league)
    if fmt.team_captain_rule is None:
        raise ServiceError.one(
            "captain_not_in_format",
            "team",
            f"{fmt.label} has no Team Captain",
        )
    if team_captain_rule(team) is None:
        raise ServiceError.one(
            "no_team_captain_rule",
            "team",
            f"{team.name} does not have the Team Captain special rule",
        )
    if team.status not in (Team.Status.DRAFT, Team.Status.READY, Team.Status.POST_GAME):
        raise ServiceError.one(
            "team_busy",
            "team",
            f"{team.name} is {team.get_status_display().lower()}; "
            "the captain is named between games",
        )
    named = captain_able(team)
    if named is not None:
        raise ServiceError.one(
            "captain_named",
            "team",
            f"#{named.number} {named.name} is {team.name}'s captain; another "
            "is named only when he dies, is fired or retires",
        )


def _player(team: Team, player_id: int) -> Player:
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None or player.team_id != team.pk:
        raise ServiceError.one(
            "unknown_player",
            "player",
            f"{team.name} has no player {player_id}",
        )
    if player.status != Player.Status.ACTIVE:
        raise ServiceError.one(
            "player_unavailable",
            "player",
            f"#{player.number} {player.name} is {player.get_status_display().lower()}"
            " and cannot be captain",
        )
    if player.journeyman:
        raise ServiceError.one(
            "player_unavailable",
            "player",
            f"#{player.number} {player.name} is a journeyman and cannot be captain",
        )
    return player


@transaction.atomic
def team_name_captain(
    *, team_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Team:
    """Name ``player_id`` the captain of ``team_id``.

    Decision: the captain is named once and stays captain until he dies, is
    fired or retires (temporarily too); then the team may name another.
    A journeyman, who plays one game, cannot be captain. Pro comes with
    the captaincy and goes with it: no advancement, no value increase
    (``engine/variants/bb2025/league.py``)."""
    team = team_qs_for_update().get(pk=team_id)
    _refuse_team(team)
    player = _player(team, player_id)
    team.captain = player
    team.save(update_fields=["captain"])
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.CAPTAIN_NAMED,
        payload={"team": team.name, "player": player.name, "number": player.number},
        team=team,
        player=player,
        actor=actor,
    )
    league_cache_bump(team.league_id)
    return team
