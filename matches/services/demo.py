"""The demo seasons: the Sevens demo league and the classic demo league each
play a whole round robin."""

from __future__ import annotations

from engine.campaign.advancement import RANDOM_PRIMARY
from league.models import League, Player
from league.services.advancement import player_advance, player_advancements_get
from matches.models import Season
from matches.services.seasons import season_create, season_schedule

DEMO_SEASONS = (
    ("Badlands Sevens", "2026 Season", 2026),
    ("Lustria Classic Cup", "2026 Cup", 1987),
)
DEMO_SEASON = DEMO_SEASONS[0]


def demo_season(which: tuple[str, str, int] = DEMO_SEASON) -> tuple[Season, bool]:
    """A demo season, created and scheduled if it does not exist yet."""
    league_name, season_name, seed = which
    league = League.objects.get(name=league_name)
    season = Season.objects.filter(league=league, name=season_name).first()
    if season is not None:
        return season, False
    season = season_create(league=league, name=season_name, seed=seed)
    season_schedule(season_id=season.pk)
    return season, True


def demo_advance_players(season: Season) -> list[str]:
    """Spend the demo season's Star Player Points: every player who can
    afford a random Primary skill rolls for one (through the same service as
    a coach's request, dice logged). Returns a line per advancement."""
    lines = []
    players = Player.objects.filter(
        team__in=season.teams.all(), status=Player.Status.ACTIVE, spp__gt=0
    ).select_related("team__league")
    for player in players.order_by("team__name", "number"):
        menu = player_advancements_get(player)
        option = next((o for o in menu.options if o.kind == RANDOM_PRIMARY), None)
        if option is None:
            continue
        advanced = player_advance(
            player_id=player.pk, kind=option.kind, category=option.category
        )
        skill = advanced.result.skill
        lines.append(
            f"{player.team.name} #{player.number} {player.name} rolled "
            f"{skill.skill if skill else 'a skill'} ({option.category})"
        )
    return lines
