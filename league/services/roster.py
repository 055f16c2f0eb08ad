"""Roster moves between matches: the checks every roster change makes, and
bringing a temporarily retired player back, which the rules refuse until
the re-draft. Retiring a player reads his team's latest match and lives in
``matches.postgame.retirement``; firing lives with hiring in
``league.services.teams``.

A temporarily retired player stays on the Team Draft list (and in TV) but
is left out of CTV and plays no further game that season
(post-game_sequence.md "Temporarily Retiring").
"""

from __future__ import annotations

from typing import NoReturn

from django.db import transaction

from league.errors import ServiceError
from league.models import Player, Team
from league.services.teams import (
    MANAGEABLE,
    ON_ROSTER,
    team_qs_for_update,
    team_require_no_pregame,
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
    team_require_no_pregame(team, action=action)


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
def player_unretire(*, team_id: int, player_id: int) -> NoReturn:
    """Refuse to bring a temporarily retired player back in mid-season:
    "They cannot take part in any further games this season"; he returns
    only when re-drafted for the next one, with his recovery rolls
    (league_and_exhibition_play.md "Re-drafting Temporarily Retired
    Players", ``matches.seasons.rollover.team_redraft``). Always raises;
    the checks before the last one say what else is wrong."""
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_playing(team, action="bringing players back")
    player = team_player_for_update(team, player_id)
    if player.status != Player.Status.RETIRED:
        raise ServiceError.one("not_retired", "player", f"{player.name} is not retired")
    raise ServiceError.one(
        "retired_for_season",
        "player",
        f"{player.name} is temporarily retired for the rest of the season: he "
        "comes back only if re-drafted for the next one",
    )
