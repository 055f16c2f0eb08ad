"""Blitz Bowl Balls (rulebook optional rules "Blitz Bowl Balls"): the Dwarf
Rune Ball, the Extra Spikey Ball and the Squig Ball, and who picks the ball
that enters play.

With ``BlitzGame(..., special_balls=True)`` a coach picks the kind of each
new ball as a ``choose_ball`` decision: at set-up the coach who set up
second, at No Ball in Play the coach whose turn it is, for Multi-Ball each
coach one ball, the drawer first. Each ball's kind is kept by ball id in
``g.ball_kind``.

Decision: a coach may also pick the standard ball, and a kind may be in
play more than once (the rules give no count of each ball; "may choose").
"""

from __future__ import annotations

from typing import Any

from engine.blitz.ball import bounce
from engine.blitz.events import BallChosen, Roll
from engine.blitz.state import TEAM_NAMES, BlitzState
from engine.core.state import Decision

STANDARD = "standard"
DWARF_RUNE = "dwarf_rune_ball"
EXTRA_SPIKEY = "extra_spikey_ball"
SQUIG = "squig_ball"
KINDS = (STANDARD, DWARF_RUNE, EXTRA_SPIKEY, SQUIG)
# Decision: "a Dwarf team" is the team card "dwarf" (the Dwarf team of the
# box); Chaos Dwarfs have no card in Blitz Bowl, and no other card is Dwarf.
DWARF_CARDS = frozenset({"dwarf"})


def kind_of(g: BlitzState, b: int) -> str:
    """The kind of ball ``b`` (a ball put in play outside the rules, as
    tests do, is a standard ball)."""
    return g.ball_kind[b] if 0 <= b < len(g.ball_kind) else STANDARD


class ChooseBall:
    """A procedure on the game's stack (as :class:`actions.BProc`): coach
    ``t`` picks the kind of the next ball to enter play."""

    def __init__(self, t: int) -> None:
        self.t = t

    def step(self, g: BlitzState) -> Decision | None:
        opts = tuple(("ball", k) for k in KINDS)
        return Decision(TEAM_NAMES[self.t], "choose_ball", opts)

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        g.next_ball_kind = choice[1]
        g.events.append(BallChosen(TEAM_NAMES[self.t], len(g.ball_pos), choice[1]))


def choose_first(g: BlitzState, t: int) -> bool:
    """Before a new ball enters play: with the special balls, coach ``t``
    picks it first (pushes the decision and returns True)."""
    if not g.special_balls or g.next_ball_kind:
        return False
    g.stack.append(ChooseBall(t))
    return True


def rune_reroll(g: BlitzState, b: int, i: int, d: int) -> bool:
    """Dwarf Rune Ball: its carrier may re-roll a failed Throw Check that
    rolled a 1; a carrier from a Dwarf team any failed Throw Check."""
    if kind_of(g, b) != DWARF_RUNE:
        return False
    return d == 1 or g.sheets[g.team[i]].card in DWARF_CARDS


def spikey(g: BlitzState, i: int) -> bool:
    """Extra Spikey Ball: Player ``i`` holds it (may re-roll Misses when
    making a Block Action)."""
    b = g.ball_of(i)
    return b >= 0 and kind_of(g, b) == EXTRA_SPIKEY


def squig_bites(g: BlitzState, t: int) -> None:
    """Squig Ball, at the start of coach ``t``'s turn: held by one of their
    Players, a D6, on a 1 it bounces from the holder's square; loose on the
    pitch, it bounces from its square. Decision: the Squig Balls are dealt
    with in ball id order, before anything else of the turn."""
    for b in range(len(g.ball_pos)):
        sq = g.ball_pos[b]
        if sq < 0 or kind_of(g, b) != SQUIG:
            continue
        h = g.ball_holder[b]
        if h < 0:
            bounce(g, b, sq)
        elif g.team[h] == t:
            d = g.dice.d6()
            g.events.append(Roll("squig_ball", g.pid[h], (d,), 2, 0, d != 1, False))
            if d == 1:
                bounce(g, b, sq)
