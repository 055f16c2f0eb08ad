"""Bonus Plays played within a Block or a Throw (cards.md): Tough Enough
and The Kid's Got Moxy once the target is chosen, Raw Talent after the
Block Dice or a Throw Check, Bladed Knuckle Dusters once a Block has
Knocked Down its target.

Decision: Raw Talent on a Throw Check (a Throw's or a Throw Team-mate's) is
offered after a failed check only (re-rolling a success could only hurt).
Raw Talent on an Armour Check belongs to the coach who makes it, the
Knocked Down Player's (rulebook "Block Dice Results"): it is a re-roll
source of :mod:`engine.blitz.rerolls`, offered after a failed check of the
coach's own Player, beside Rookies to Watch.
Decision: Bladed Knuckle Dusters is played in the coach's own turn, for
the Armour Check of a Player their Block Knocked Down.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.blitz import actions as act
from engine.blitz import effects as fx
from engine.blitz.bonus import PASSED, Window, play, playable
from engine.blitz.rerolls import ARMOUR, open_window
from engine.blitz.state import TEAM_NAMES, BlitzState
from engine.core.state import Decision

DUSTERS_ARMOUR = 6


def block_target_windows(g: BlitzState, blk: Any) -> None:
    """Once the target of Block ``blk`` is chosen, before the dice: Tough
    Enough (the target's coach, an Interrupt), then The Kid's Got Moxy (the
    blocker's coach, when the Block is not Assisted). Decision: Moxy is
    offered only when it adds dice (fewer than three otherwise)."""
    i, t = blk.i, blk.target
    bt = g.team[i]
    if bt == g.active:
        card = playable(g, bt, "the_kids_got_moxy")
        if card:

            def moxy_now(g: BlitzState) -> bool:
                return not blk.is_assisted(g) and g.block[i] < fx.MOXY_DICE

            def moxy(g: BlitzState, k: int) -> None:
                if k != PASSED:
                    blk.moxy = True

            g.stack.append(Window(bt, card, moxy, still=moxy_now, player=i))
    ht = g.team[t]
    if ht != g.active:
        card = playable(g, ht, "tough_enough")
        if card:

            def tough(g: BlitzState, k: int) -> None:
                if k != PASSED:
                    blk.assisted = False
                    blk.tough = True

            g.stack.append(Window(ht, card, tough, player=t))


def block_die_options(g: BlitzState, i: int, rerolled: bool) -> tuple[Any, ...]:
    """Raw Talent as an option of the block_die Decision."""
    t = g.team[i]
    if rerolled or t != g.active:
        return ()
    card = playable(g, t, "raw_talent")
    return (("bonus", card),) if card else ()


def play_on_block_die(g: BlitzState, i: int, card: int) -> None:
    play(g, g.team[i], card, i)


def throw_reroll(
    g: BlitzState, i: int, then: Callable[[BlitzState, bool], None]
) -> bool:
    """After a failed Throw Check: Raw Talent re-rolls it. ``then(g, True)``
    re-rolls; ``then(g, False)`` keeps the result. Returns whether a window
    was opened."""
    t = g.team[i]
    if t != g.active:
        return False
    card = playable(g, t, "raw_talent")
    if not card:
        return False

    def after(g: BlitzState, k: int) -> None:
        then(g, k != PASSED)

    g.stack.append(Window(t, card, after, player=i))
    return True


def armour_windows(g: BlitzState, blocker: int, target: int, modifier: int) -> bool:
    """Whether the blocker's coach may play Bladed Knuckle Dusters on this
    Armour Check; if so the target falls now and :class:`ArmourStep` makes
    the check."""
    t = g.team[blocker]
    if t != g.active or g.armour[target] is None:
        return False
    if not playable(g, t, "bladed_knuckle_dusters"):
        return False
    g.stack.append(ArmourStep(blocker, target, modifier))
    act.fall(g, target)  # a Safe Hands choice comes first, above the check
    return True


class ArmourStep(act.BProc):
    """The Armour Check of a Player Knocked Down by a Block, with Bladed
    Knuckle Dusters (Armour 6+) before it; a failed check may then be
    re-rolled by the target's coach (:func:`engine.blitz.rerolls.open_window`)."""

    def __init__(self, blocker: int, target: int, modifier: int) -> None:
        self.blocker = blocker
        self.target = target
        self.modifier = modifier
        self.phase = 0
        self.value = 0
        self.card = 0

    def step(self, g: BlitzState) -> Decision | None:
        t = g.team[self.blocker]
        av = g.armour[self.target]
        assert av is not None
        if self.phase == 0:
            self.phase = 1
            self.value = av
            self.card = playable(g, t, "bladed_knuckle_dusters")
            if self.card:
                return self._offer(g, t, "bladed_knuckle_dusters")
        if self.phase == 1:
            self.phase = 2
            ok = act.check(g, "armour", self.target, self.value, self.modifier)
            self._finish(g, ok)
        return None

    def _offer(self, g: BlitzState, t: int, slug: str) -> Decision:
        return Decision(
            TEAM_NAMES[t],
            "bonus_window",
            (("bonus", self.card), ("pass",)),
            g.pid[self.blocker],
            info=(slug,),
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        if choice[0] == "bonus":  # Bladed Knuckle Dusters played
            play(g, g.team[self.blocker], self.card, self.blocker)
            self.value = DUSTERS_ARMOUR

    def _finish(self, g: BlitzState, ok: bool) -> None:
        """A failed check Injures the target, unless its coach re-rolls it
        (Rookies to Watch, Raw Talent)."""
        g.stack.pop()
        if ok:
            return
        j, value, modifier = self.target, self.value, self.modifier

        def again(gg: BlitzState) -> None:
            if not act.check(gg, "armour", j, value, modifier, rerolled=True):
                act.armour_injury(gg, j)

        if open_window(
            g, g.team[j], ARMOUR, again, lambda gg: act.armour_injury(gg, j), g.pid[j]
        ):
            return
        act.armour_injury(g, j)
