"""A team's standing MVP nominations (Blood Bowl 2025: tables.md "Star
Player Points", DECIDE 21): the coach names up to
``LeagueFormat.mvp_nominations`` of his players once, and the post-game
draws the MVP among those who played in every match that carries no
nominations for his team (an engine-resolved match, or a tabletop report
without them: ``matches.postgame.mvp``).

Decision: the standing nominations are kept in the coach's order, which is
the order the post-game's die counts them in; a nominee who dies, is fired
or retires drops out of them (``league.selectors.team_mvp_nominees``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import Violation
from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team
from league.page_cache import league_cache_bump
from league.services.audit import league_event_record
from league.services.teams import league_format, team_qs_for_update

FIELD = "mvp_nominations"


def _player_violation(
    team: Team, where: str, pid: int, player: Player | None, seen: set[int]
) -> Violation | None:
    if player is None or player.team_id != team.pk:
        return Violation("unknown_player", where, f"{team.name} has no player {pid}")
    label = f"#{player.number} {player.name}"
    if pid in seen:
        return Violation("duplicate_player", where, f"{label} is nominated twice")
    if player.status != Player.Status.ACTIVE:
        status = player.get_status_display().lower()
        return Violation(
            "player_unavailable", where, f"{label} is {status} and cannot be nominated"
        )
    if player.journeyman:
        # Decision: a journeyman cannot be a standing nominee: he is taken
        # on for one game, the nominations stand for every game (a
        # tabletop report may still nominate him for his game).
        return Violation(
            "player_unavailable",
            where,
            f"{label} is a journeyman and cannot be a standing nominee",
        )
    return None


def _violations(team: Team, player_ids: Sequence[int]) -> list[Violation]:
    limit = league_format(team.league).mvp_nominations
    if limit is None:
        return [
            Violation(
                "not_in_format",
                FIELD,
                f"{league_format(team.league).label} draws the MVP from every "
                "eligible player: no nominations",
            )
        ]
    errors: list[Violation] = []
    if team.status == Team.Status.RETIRED:
        errors.append(
            Violation("team_retired", "team", f"{team.name} has retired from play")
        )
    players = Player.objects.select_for_update().in_bulk(list(player_ids))
    seen: set[int] = set()
    for i, pid in enumerate(player_ids):
        error = _player_violation(team, f"{FIELD}.{i}", pid, players.get(pid), seen)
        if error is not None:
            errors.append(error)
        seen.add(pid)
    if len(player_ids) > limit:
        errors.append(
            Violation(
                "too_many_nominations",
                FIELD,
                f"a coach nominates at most {limit} players for the MVP "
                f"({len(player_ids)} given)",
            )
        )
    return errors


@transaction.atomic
def team_set_mvp_nominations(
    *,
    team_id: int,
    player_ids: Sequence[int],
    actor: AbstractBaseUser | None = None,
) -> Team:
    """Set the standing MVP nominations of ``team_id`` to ``player_ids``
    (an empty list clears them: the six players with most SPP in each game
    stand in again). Every violation is refused together, nothing written.

    Decision: they may be changed at any time but when the team has retired;
    the post-game reads those standing when it runs."""
    team = team_qs_for_update().get(pk=team_id)
    errors = _violations(team, player_ids)
    if errors:
        raise ServiceError(errors)
    team.mvp_nominations = list(player_ids)
    team.save(update_fields=["mvp_nominations"])
    named = Player.objects.in_bulk(list(player_ids))
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.MVP_NOMINATIONS_SET,
        payload={
            "team": team.name,
            "players": [
                {"id": pid, "number": named[pid].number, "name": named[pid].name}
                for pid in player_ids
            ],
        },
        team=team,
        actor=actor,
    )
    league_cache_bump(team.league_id)
    return team
