"""Helpers for the tests of the Random Events, Arenas and special Balls: a
scripted game with BlitzGame's options, and the way to a Random Event."""

from __future__ import annotations

from typing import Any

from engine.blitz.game import BlitzGame
from tests.engine.blitz.helpers import arrange, new_game

# Random Event card numbers (random_events.py: 101-112 in cards.json order).
BANANA, CRUMBLING, BENCH, GENEROUS, REF = 101, 102, 103, 104, 105
IMPATIENT, IMPATIENT_2, MULTI, MULTI_2 = 106, 107, 108, 109
INVASION, RESET, MONSTER = 110, 111, 112
ALL_EVENTS = list(range(101, 113))


# As helpers.new_game, which takes BlitzGame's keyword options (arena,
# special_balls, random_events, rookies_to_watch).
game = new_game


def deck_with(*events: int) -> list[int]:
    """Cards 1-4, then ``events`` (drawn in this order once card 4 is
    dealt), then cards 5-26, then other Random Events to make six."""
    rest = [e for e in ALL_EVENTS if e not in events][: 6 - len(events)]
    return [1, 2, 3, 4, *events, *range(5, 27), *rest]


def to_event(g: BlitzGame, where: dict[int, Any], **kw: Any) -> None:
    """Home ends its first turn; the Players and balls are arranged during
    away's first turn, which ends; home's second turn starts with the three
    Active spaces full, so home discards space 1: card 4 is dealt and the
    Random Event under it comes on top and is drawn by home."""
    g.apply(("end_turn",))
    arrange(g, where, **kw)
    g.apply(("end_turn",))
    assert g.pending is not None
    assert g.pending.kind == "discard_challenge"
    g.apply(("discard", 1))
