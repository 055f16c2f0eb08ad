"""Scripted Blitz Bowl games for the tests: a game with scripted dice, set
up, then Players and balls put where a test wants them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.blitz.game import BlitzGame
from engine.blitz.state import BlitzState, BlitzTeamSheet
from engine.core.dice import FixedDice

DECK = list(range(1, 27))


def new_game(
    home: str = "human",
    away: str = "orc",
    dice: Iterable[int] = (),
    *,
    side: str = "single",
    deck: list[int] | None = None,
    first: int = 0,
    **options: Any,
) -> tuple[BlitzGame, FixedDice]:
    """A game whose coaches have set up (each Player on the first free End
    Zone square), waiting for the first coach's first Action. ``options``
    are BlitzGame's keyword options (advanced, arena, special_balls,
    random_events, rookies_to_watch)."""
    fd = FixedDice(list(dice))
    g = BlitzGame(
        BlitzTeamSheet("Home", home),
        BlitzTeamSheet("Away", away),
        fd,
        side=side,
        deck_order=deck or DECK,
        first=first,
        **options,
    )
    while g.pending is not None and g.pending.kind == "setup":
        g.apply(g.pending.options[0])
    return g, fd


def sq(g: BlitzGame, x: int, y: int) -> int:
    return g.state.board.square(x, y)


def arrange(
    g: BlitzGame,
    where: dict[int, tuple[int, int] | None],
    *,
    prone: Iterable[int] = (),
    balls: Iterable[tuple[int, int] | int] = (),
    others_to_dugout: bool = True,
) -> BlitzState:
    """Put Players (by id) on squares (None: in the Dugout), every other
    Player in the Dugout, and balls on squares or in Players' hands
    (a Player id); then let the pending decision be offered afresh."""
    s = g.state
    for i in range(s.n):
        s.to_dugout(i) if others_to_dugout or s.pid[i] in where else None
    for pid, at in where.items():
        i = s.idx[pid]
        if at is not None:
            s.place(i, s.board.square(*at))
    for pid in prone:
        s.prone[s.idx[pid]] = True
    s.ball_pos.clear()
    s.ball_holder.clear()
    for b in balls:
        if isinstance(b, tuple):
            s.ball_pos.append(s.board.square(*b))
            s.ball_holder.append(-1)
        else:
            i = s.idx[b]
            s.ball_pos.append(s.pos[i])
            s.ball_holder.append(i)
    s.pending = s.stack[-1].step(s)
    return s


def options(g: BlitzGame) -> tuple[object, ...]:
    assert g.pending is not None
    return g.pending.options


def events_of(g: BlitzGame, kind: type) -> list[object]:
    return [e for e in g.events if isinstance(e, kind)]
