"""Masters of Undeath's league part (Blood Bowl 2025: Necromantic Horror,
Shambling Undead, Tomb Kings, Vampire; ``engine/variants/bb2025/undeath.py``):
the opponent the team's rule raised in a match joins its roster after the
game as a free rookie of one of its Lineman-keyword positions."""

from __future__ import annotations

from collections import Counter

from league.models import LeagueEvent, Player, Team
from league.services.audit import league_event_record
from league.services.journeymen import free_shirt_numbers
from league.services.teams import (
    ON_ROSTER,
    league_format,
    league_roster,
    player_from_position,
)


def team_raise_the_dead(team: Team, *, match_id: int, victim_id: int) -> Player | None:
    """Add the raised rookie to ``team`` (locked); None when its format or
    roster has no such rule or it has no room for him.

    Decision: he is a permanent player at no cost, worth his position's
    price, of the first Lineman-keyword position of the roster (its order)
    with a free place; with the roster full (the format's maximum) or no
    such place, nobody joins (the rule keeps him only if there is room)."""
    fmt = league_format(team.league)
    roster = league_roster(team.league, team.roster)
    positions = fmt.raise_dead_positions(roster)
    held = Counter(
        Player.objects.filter(
            team=team, status__in=ON_ROSTER, journeyman=False
        ).values_list("position", flat=True)
    )
    if not positions or held.total() >= fmt.max_players:
        return None
    position = next((p for p in positions if held[p.slug] < p.max), None)
    if position is None:
        return None
    (number,) = free_shirt_numbers(team, 1)
    player = player_from_position(
        team, position, name=f"Risen #{number}", number=number, value=position.cost
    )
    player.full_clean(validate_constraints=False)
    player.save()
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.PLAYER_RAISED,
        team=team,
        player=player,
        match_id=match_id,
        payload={
            "position": position.slug,
            "victim_id": victim_id,
            "player_id": player.pk,
        },
    )
    return player
