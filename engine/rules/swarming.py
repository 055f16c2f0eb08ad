"""Swarming (rulebook "Skills and Traits" - Traits: Swarming): during each
Start of Drive sequence, after the kick-off (step 2) and before the
Kick-off event (step 3), a team may set up D3 more Swarming players from
its Reserves, beyond the usual number. Who swarms is the variant's
(``swarms``): BB2020's players with the trait, BB2025's Lineman-keyword
players of a team with the Swarming team rule. Decision: the classic game's
kick-off (:mod:`engine.variants.classic_kickoff`) has no Swarming, a
BB2020 trait."""

from __future__ import annotations

from engine.core.events import Note, Roll
from engine.core.pitch import F_WIDE
from engine.core.state import (
    PF_PLAYED,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.setup import available_players

OPT_DONE: Option = ("done",)


def swarm_squares(g: GameState, t: int) -> list[int]:
    """Where team ``t`` may place a Swarming player: an empty square in its
    own half, neither on the Line of Scrimmage nor in a Wide Zone."""
    pitch = g.pitch
    half = pitch.half_flag(t)
    los = pitch.los_flag(t)
    flags = pitch.flags
    board = g.board
    return [
        sq
        for sq in range(pitch.size)
        if flags[sq] & half and not flags[sq] & (los | F_WIDE) and board[sq] < 0
    ]


def swarming_teams(g: GameState, first: int) -> list[int]:
    """The teams (``first``, then the other) that have a Swarming player on
    the pitch and another in the Reserves."""
    out = []
    for t in (first, 1 - first):
        on = res = False
        for p in range(g.n):
            if g.team[p] == t and g.variant.swarms(g, p):
                if g.box[p] == PITCH:
                    on = True
                else:
                    res = True
        if on and res:
            out.append(t)
    return out


class Swarm(Proc):
    """Team ``t`` rolls a D3 and may place up to that many Swarming players
    from its Reserves, one at a time (decision ``swarming``: ``("swarm",
    player id, square)`` or ``("done",)``), but never more than the number
    of its Swarming players already set up on the pitch.

    Decisions: the kicking team swarms first; the D3 is rolled only when the
    team has a Swarming player both on the pitch and in the Reserves; a
    Swarming player placed this way has played in the drive (Secret
    Weapon); a team never ends up with more than one pitch's worth of
    Swarming extras (the count set up counts only the players set up at
    step 1)."""

    __slots__ = ("t", "left")

    def __init__(self, t: int) -> None:
        self.phase = 0
        self.t = t
        self.left = 0

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            on = sum(
                1
                for p in range(g.n)
                if g.team[p] == t and g.box[p] == PITCH and g.variant.swarms(g, p)
            )
            d = g.dice.d3()
            self.left = min(d, on)
            g.emit(Roll("swarming", -1, (d,), 0, 0, True, False))
            self.phase = 1
        cands = [p for p in available_players(g, t) if g.variant.swarms(g, p)]
        if self.left <= 0 or not cands:
            g.stack.pop()
            return None
        squares = swarm_squares(g, t)
        if not squares:
            g.stack.pop()
            return None
        opts = tuple(("swarm", g.pid[p], sq) for p in cands for sq in squares)
        return Decision(g.tname(t), "swarming", opts + (OPT_DONE,))

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DONE:
            self.left = 0
            return
        p = g.idx[choice[1]]
        sq = choice[2]
        g.place(p, sq)
        g.status[p] = STANDING
        g.pflags[p] |= PF_PLAYED
        g.emit(Note("swarming", g.tname(self.t), g.pid[p], sq))
        self.left -= 1
