"""The game a live match plays, by its format: a match on a pitch (Blood
Bowl, Sevens, the classic game, Dungeon Bowl's dungeon) or a card game
(Blitz Bowl, the variant's ``CardGame``).

Both have ``pending``, ``done``, ``decisions``, ``apply(choice)`` and
``clone()``; what a page draws of them differs: a match on a pitch is the
same for every viewer, a card game is projected for each viewer (the other
coach's hand and the deck's order are never sent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.facade import get_variant
from matches.engine_bridge import engine_match
from matches.live.models import LiveMatch
from matches.live.referee import board_view, bot_choice
from matches.prematch.kickoff import match_snapshots
from matches.resolution.resolve import match_engine_inputs, match_engine_result_save
from matches.resolution.resolve_cards import card_result_save, card_sheet

if TYPE_CHECKING:
    from matches.models import Match


def _format(match: Match) -> str:
    return str(match.season.settings["format"])


def is_card_game(match: Match) -> bool:
    """Whether ``match``'s format is a card game (its pages are per viewer)."""
    return bool(get_variant(_format(match)).drafts_team_card)


def _sheets(match: Match) -> tuple[Any, Any]:
    home, away = match_snapshots(match)
    return card_sheet(home), card_sheet(away)


def game_inputs(live: LiveMatch) -> dict[str, Any]:
    """What the engine plays a live match on a pitch from: the fixture's
    inputs with the live match's own dice (its ``seed``); the board (a
    dungeon) is still the fixture's, as its replay draws it."""
    match = live.match
    return {**match_engine_inputs(match), "seed": live.seed, "pitch_seed": match.seed}


def game_new(live: LiveMatch) -> Any:
    """The game of ``live`` (its fixture kicked off) at its first decision."""
    match = live.match
    variant = get_variant(_format(match))
    if variant.drafts_team_card:
        return variant.card_game_start(*_sheets(match), live.seed)
    return engine_match(**game_inputs(live))


def game_view(live: LiveMatch, game: Any, viewer: str | None) -> dict[str, Any]:
    """The board a page draws, as ``viewer`` ("home", "away" or None) may
    see it."""
    match = live.match
    variant = get_variant(_format(match))
    if variant.drafts_team_card:
        return {"kind": "card", **variant.card_game_view(game, viewer)}
    return board_view(game)


def game_bot_choice(live: LiveMatch, game: Any) -> Any:
    """The scripted bot's choice for the pending decision."""
    variant = get_variant(_format(live.match))
    seed = live.seed ^ len(game.decisions)
    if variant.drafts_team_card:
        return variant.card_game_bot_choice(game, seed)
    return bot_choice(game, live.seed)


def game_save_result(match: Match, game: Any) -> str:
    """Save the result of the finished ``game`` of ``match`` (locked);
    returns the live match's final state."""
    variant = get_variant(_format(match))
    if variant.drafts_team_card:
        card_result_save(match, variant.card_game_result(game, *_sheets(match)))
        return LiveMatch.State.FINISHED
    result = game.result
    match_engine_result_save(
        match, match_engine_inputs(match), result, [e.to_dict() for e in game.events]
    )
    return LiveMatch.State.CONCEDED if result.conceded else LiveMatch.State.FINISHED


def viewer_side(
    live: LiveMatch, user_id: int | None, pending: str | None
) -> str | None:
    """Which side's view ``user_id`` gets: the side he coaches (the pending
    one when he coaches both), None for a spectator."""
    if user_id is None:
        return None
    sides = [
        s
        for s in ("home", "away")
        if not getattr(live, f"{s}_bot") and getattr(live.match, s).coach_id == user_id
    ]
    if pending in sides:
        return pending
    return sides[0] if sides else None
