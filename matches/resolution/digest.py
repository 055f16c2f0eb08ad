"""A fingerprint of everything a season's resolution wrote, to compare two
runs of the same season (``bench_season`` prints it).

Row ids differ from run to run (each run drafts new teams, and journeymen
are created in whatever order the workers reach them), so teams, players
and matches are named by what identifies them within the season (team
name; team, shirt number and name; round and the two teams) and every id
in an event payload is replaced by that name.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

from league.models import LeagueEvent, Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent, MatchResult, Season
from matches.seasons.selectors import season_standings

# Payload keys whose integers are player ids (``placement`` holds
# [player id, square] pairs; ``target`` is a square or a roll's target
# number, never a player) or team ids.
PLAYER_KEYS = frozenset(
    {
        "player",
        "attacker",
        "defender",
        "receiver",
        "player_id",
        "player_ids",
        "inflicted_by",
    }
)
TEAM_KEYS = frozenset({"team_id", "conceded_by"})


class _Names:
    def __init__(self, season: Season) -> None:
        teams = Team.objects.filter(league=season.league_id)
        self.teams = {t.pk: f"T:{t.name}" for t in teams}
        self.players = {
            p.pk: f"P:{self.teams[p.team_id]}#{p.number}:{p.name}"
            for p in Player.objects.filter(team__in=teams)
        }

    def payload(self, value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: self.payload(v, k) for k, v in value.items()}
        if isinstance(value, list):
            if key == "placement":
                return [[self.players.get(p[0], p[0]), *p[1:]] for p in value]
            return [self.payload(v, key) for v in value]
        if isinstance(value, int) and not isinstance(value, bool):
            if key in PLAYER_KEYS:
                return self.players.get(value, value)
            if key in TEAM_KEYS:
                return self.teams.get(value, value)
        return value


def season_state(season: Season) -> dict[str, Any]:
    """The season's final state with ids replaced by names."""
    names = _Names(season)
    matches = {
        m.pk: f"{m.stage}:{m.round}:{names.teams[m.home_id]}:{names.teams[m.away_id]}"
        for m in Match.objects.filter(season=season)
    }
    state: dict[str, Any] = {"matches": {}, "teams": {}}
    for match in Match.objects.filter(season=season):
        events = MatchEvent.objects.filter(match=match).order_by("seq")
        result = MatchResult.objects.filter(match=match).first()
        state["matches"][matches[match.pk]] = {
            "status": match.status,
            "postgame_step": match.postgame_step,
            "result": None
            if result is None
            else names.payload(
                {
                    "score": [result.home_score, result.away_score],
                    "fan_factor": [result.home_fan_factor, result.away_fan_factor],
                    "conceded_by": result.conceded_by_id,
                    "player_stats": {
                        names.players.get(int(k), k): v
                        for k, v in result.player_stats.items()
                    },
                    "casualties": result.casualties,
                }
            ),
            "events": [
                [e.seq, e.type, names.payload(e.payload)] for e in events.iterator()
            ],
        }
    player_fields = [
        f.name
        for f in Player._meta.concrete_fields
        if f.name not in ("id", "team", "created_at")
    ]
    for team in Team.objects.filter(league=season.league_id).order_by("name"):
        state["teams"][names.teams[team.pk]] = {
            "treasury": team.treasury,
            "dedicated_fans": team.dedicated_fans,
            "status": team.status,
            "players": sorted(
                [
                    [getattr(p, f) for f in player_fields]
                    for p in Player.objects.filter(team=team)
                ],
                key=repr,
            ),
            "ledger": [
                [e.amount, e.reason, e.note, e.balance_after, matches.get(e.cause_id)]
                for e in TreasuryEntry.objects.filter(team=team).order_by("pk")
            ],
            "league_events": [
                [e.type, matches.get(e.match_id), names.payload(e.payload)]
                for e in LeagueEvent.objects.filter(team=team).order_by("pk")
            ],
        }
    state["standings"] = [
        [names.teams[row.team_id], repr(replace(row, team_id=0))]
        for row in season_standings(season)
    ]
    return state


def season_state_digest(season: Season) -> dict[str, Any]:
    """SHA-256 of :func:`season_state`, with the event count."""
    state = season_state(season)
    blob = json.dumps(state, sort_keys=True, default=str).encode()
    return {
        "sha256": hashlib.sha256(blob).hexdigest()[:16],
        "events": sum(len(m["events"]) for m in state["matches"].values()),
    }
