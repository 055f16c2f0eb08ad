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
from engine.core.state import Decision

# What a window re-rolls (the ``what`` of the event and the decision's info).
ARMOUR = "armour"
THROW = "throw"
BLOCK = "block"

Step = Callable[[BlitzState], None]


def _nothing(g: BlitzState) -> None:
    return None


class ReRollWindow:
    """Offer team ``t`` to re-roll ``what`` with one of ``sources``: a
    decision ``reroll_window`` with ("reroll_with", source) for each source
    still available and ("keep",). When none is available as the window
    opens, the roll stands with no decision."""

    def __init__(
        self,
        t: int,
        what: str,
        sources: tuple[str, ...],
        reroll: Step,
        keep: Step = _nothing,
        player: int | None = None,
    ) -> None:
        self.t = t
        self.what = what
        self.sources = sources
        self.reroll = reroll
        self.keep = keep
        self.player = player

    def _available(self, g: BlitzState) -> list[str]:
        return [s for s in self.sources if SOURCES[s].available(g, self.t, self.what)]

    def step(self, g: BlitzState) -> Decision | None:
        ready = self._available(g)
        if not ready:
            g.stack.pop()
            self.keep(g)
            return None
        opts = (*(("reroll_with", s) for s in ready), ("keep",))
        return Decision(
            TEAM_NAMES[self.t],
            "reroll_window",
            opts,
            self.player,
            info=(ready[0], self.what),
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] == "reroll_with":
            SOURCES[choice[1]].spend(g, self.t, self.what)
            self.reroll(g)
        else:
            self.keep(g)


class Source:
    """A re-roll source: whether team ``t`` may use it now, and using it."""

    def available(self, g: BlitzState, t: int, what: str) -> bool:
        raise NotImplementedError

    def spend(self, g: BlitzState, t: int, what: str) -> None:
        raise NotImplementedError


class RookiesToWatch(Source):
    """The Rookies to Watch card: held by one team (``g.rookies``), it
    leaves the game once used."""

    def available(self, g: BlitzState, t: int, what: str) -> bool:
        return g.rookies == t

    def spend(self, g: BlitzState, t: int, what: str) -> None:
        g.rookies = -1
        g.events.append(RookiesReroll(TEAM_NAMES[t], what))


class RawTalentOnArmour(Source):
    """The Bonus Play Raw Talent on an Armour Check: "Discard this card
    after you make an Armour Check ... Re-roll the dice" (cards.md). The
    Knocked Down Player's coach makes the Armour Check (rulebook "Block Dice
    Results", Smash), so it is the coach of the Player checked, in either
    coach's turn. Decision: a card with a "when" and no "Interrupt" is played
    whenever its moment comes, and an Armour Check is mostly made in the
    opponent's turn. (Raw Talent on Throw Checks and Block Dice, made in the
    coach's own turn, is offered by :mod:`engine.blitz.bonus_rolls`.)"""

    def available(self, g: BlitzState, t: int, what: str) -> bool:
        return what == ARMOUR and bool(g.links.playable(g, t, RAW_TALENT))

    def spend(self, g: BlitzState, t: int, what: str) -> None:
        g.links.play(g, t, g.links.playable(g, t, RAW_TALENT), -1)


ROOKIES = "rookies_to_watch"
RAW_TALENT = "raw_talent"
SOURCES: dict[str, Source] = {
    ROOKIES: RookiesToWatch(),
    RAW_TALENT: RawTalentOnArmour(),
}


def open_window(
    g: BlitzState,
    t: int,
    what: str,
    reroll: Step,
    keep: Step = _nothing,
    player: int | None = None,
) -> bool:
    """Push a window offering every source team ``t`` may use now (Rookies
    to Watch, Raw Talent on an Armour Check); False (nothing pushed) when
    none is available, and the caller goes on with the roll as it stands."""
    ready = tuple(n for n, src in SOURCES.items() if src.available(g, t, what))
    if not ready:
        return False
    g.stack.append(ReRollWindow(t, what, ready, reroll, keep, player))
    return True
