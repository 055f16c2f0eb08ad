"""Resolving a match of a card format (the variant's ``drafts_team_card``,
e.g. Blitz Bowl) with the engine: the variant plays it with its bots from
the match's seed and the team sheets frozen at kick-off."""

from __future__ import annotations

from typing import Any

from engine.facade import Variant
from matches.events import engine_event_rows, match_events_append
from matches.models import Match
from matches.postgame.results import card_playoff_sudden_death, match_result_save
from matches.prematch.kickoff import match_snapshots


def card_sheet(snapshot: dict[str, Any]) -> tuple[str, str, list[str]]:
    """A frozen snapshot as the variant's team sheet: (team name, card slug,
    player names in card order; the shirt numbers are the card order)."""
    players = sorted(snapshot["players"], key=lambda p: p["number"])
    return str(snapshot["name"]), str(snapshot["card"]), [p["name"] for p in players]


def card_match_play(match: Match, variant: Variant) -> None:
    """Play ``match`` (kicked off, locked) and save its result and events.

    Decision: ``MatchResult.home_score`` / ``away_score`` hold the points
    (Blitz Bowl is won on points, and the standings and every page read the
    scores); touchdowns, the cards claimed, Clean Sweeps and how the game
    ended are in ``summary``, touchdowns per player in ``player_stats``,
    and the sheets used in ``summary["sheets"]`` (and the snapshots)."""
    home, away = match_snapshots(match)
    game = variant.play_card_game(card_sheet(home), card_sheet(away), match.seed)
    card_result_save(match, game)


def card_result_save(match: Match, game: Any) -> None:
    """Save ``game`` (the variant's ``CardGameResult`` of ``match``, played
    by the bots or by coaches live) as the match's result and events, in the
    caller's transaction."""
    home, away = match_snapshots(match)
    ordered = {
        side: sorted(snap["players"], key=lambda p: p["number"])
        for side, snap in (("home", home), ("away", away))
    }
    stats: dict[str, dict[str, int]] = {}
    for (side, index), count in sorted(game.touchdowns_by_player.items()):
        players = ordered[side]
        if 0 <= index < len(players):
            stats[str(players[index]["id"])] = {"touchdowns": count}
    match_result_save(
        match=match,
        mode=Match.Mode.RESOLVED,
        home_score=game.home_points,
        away_score=game.away_points,
        fan_factors=(0, 0),
        player_stats=stats,
        casualties=[],
        conceded_by=None,
        summary=game.summary,
        sudden_death=card_playoff_sudden_death(
            match, game.home_points, game.away_points
        ),
        submitted_by=None,
    )
    match_events_append(match, list(engine_event_rows(game.events)))
