"""Re-roll windows: a coach may re-roll dice just rolled, once, by spending
something (rulebook "Rookies to Watch": the card is discarded after one of
its holder's Armour Checks, Throw Checks, or the Block Dice of a Block
Action by one of their Players; "those dice" are rolled again).

A window is a procedure pushed on the game's stack right after the roll:
it asks the one coach who may use it, then calls ``reroll`` (the dice are
rolled again and their outcome used) or ``keep`` (the first roll stands).
Another re-roll source with the same timing (a Bonus Play) can push its own
:class:`ReRollWindow` with its own ``source``, ``available`` and ``spend``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.blitz.events import RookiesReroll
from engine.blitz.state import TEAM_NAMES, BlitzState
from engine.state import Decision

# What a window re-rolls (the ``what`` of the event and the decision's info).
ARMOUR = "armour"
THROW = "throw"
BLOCK = "block"

Step = Callable[[BlitzState], None]


def _nothing(g: BlitzState) -> None:
    return None


class ReRollWindow:
    """Offer team ``t`` to re-roll ``what`` with ``source``: a decision
    ``reroll_window`` with ("reroll_with", source) and ("keep",). When the
    source is no longer available as the window opens, the roll stands with
    no decision."""

    def __init__(
        self,
        t: int,
        what: str,
        source: str,
        reroll: Step,
        keep: Step = _nothing,
        player: int | None = None,
    ) -> None:
        self.t = t
        self.what = what
        self.source = source
        self.reroll = reroll
        self.keep = keep
        self.player = player

    def step(self, g: BlitzState) -> Decision | None:
        if not SOURCES[self.source].available(g, self.t):
            g.stack.pop()
            self.keep(g)
            return None
        opts = (("reroll_with", self.source), ("keep",))
        return Decision(
            TEAM_NAMES[self.t],
            "reroll_window",
            opts,
            self.player,
            info=(self.source, self.what),
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] == "reroll_with":
            SOURCES[self.source].spend(g, self.t, self.what)
            self.reroll(g)
        else:
            self.keep(g)


class Source:
    """A re-roll source: whether team ``t`` may use it now, and using it."""

    def available(self, g: BlitzState, t: int) -> bool:
        raise NotImplementedError

    def spend(self, g: BlitzState, t: int, what: str) -> None:
        raise NotImplementedError


class RookiesToWatch(Source):
    """The Rookies to Watch card: held by one team (``g.rookies``), it
    leaves the game once used."""

    def available(self, g: BlitzState, t: int) -> bool:
        return g.rookies == t

    def spend(self, g: BlitzState, t: int, what: str) -> None:
        g.rookies = -1
        g.events.append(RookiesReroll(TEAM_NAMES[t], what))


ROOKIES = "rookies_to_watch"
SOURCES: dict[str, Source] = {ROOKIES: RookiesToWatch()}


def open_window(
    g: BlitzState,
    t: int,
    what: str,
    reroll: Step,
    keep: Step = _nothing,
    player: int | None = None,
) -> bool:
    """Push a window for the first source team ``t`` may use now (today:
    Rookies to Watch); False (nothing pushed) when none is available, and
    the caller goes on with the roll as it stands."""
    for name, src in SOURCES.items():
        if src.available(g, t):
            g.stack.append(ReRollWindow(t, what, name, reroll, keep, player))
            return True
    return False
