"""The Throw Action (rulebook "Throw Action", "Bouncing Ball", "Fumble",
"Hand-off") and Dump-off's throw made during the opposing coach's Block:
the Throw Ruler's ranges, the Throw Check, fumbles and re-rolls."""

from __future__ import annotations

from typing import Any

from engine.blitz import actions as act
from engine.blitz import arenas, balls
from engine.blitz import effects as fx
from engine.blitz.actions import BProc
from engine.blitz.ball import bounce, can_take, give
from engine.blitz.board import LONG, SHORT
from engine.blitz.events import BallMoved, DumpOff, Roll
from engine.blitz.rerolls import THROW, open_window
from engine.blitz.state import BlitzState
from engine.core.state import Decision


class DumpOffOffer(BProc):
    """Dump-off: the Block's target ``j`` may Interrupt it with a free
    Short Throw or Hand-off, with no modifiers, even while Marked (its
    coach's choice of the receiver, or decline)."""

    def __init__(self, j: int, blocker: int) -> None:
        self.j = j
        self.blocker = blocker

    def step(self, g: BlitzState) -> Decision | None:
        j = self.j
        opts = tuple(
            ("dump_off", g.pid[k]) for k in throw_targets(g, j, short_only=True)
        )
        return Decision(
            act.team_name(g, j), "dump_off", (*opts, ("decline",)), g.pid[j]
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] != "dump_off":
            return
        j = self.j
        g.events.append(DumpOff(g.pid[j], g.pid[self.blocker]))
        throw = Throw(j, short_only=True, dump_off=True)
        g.stack.append(throw)
        throw.receive(g, ("target", choice[1]))


def throw_targets(
    g: BlitzState, i: int, *, short_only: bool = False, anywhere: bool = False
) -> list[int]:
    """Team-mates the Throw Ruler reaches who may take the ball (its Short
    section only, for Running Pass's free Short Throw; any on the board,
    for Hail Mary Pass). Decision: a team-mate who could not take
    possession is no target: one with Throw "-" ("cannot take possession
    of a ball", rulebook "Important Principles") or one holding a ball
    already ("Multiple Balls in Play"), as a Prone one is not ("A Player
    cannot make a Throw Action to a Prone Team-mate")."""
    frm = g.pos[i]
    top = SHORT if short_only else LONG
    return [
        j
        for j in range(g.n)
        if j != i
        and g.team[j] == g.team[i]
        and can_take(g, j)
        and (anywhere or 0 < g.board.throw_range(frm, g.pos[j]) <= top)
    ]


class Throw(BProc):
    """Throw: to a team-mate in range; a Hand-off to an adjacent one needs no
    check (rulebook "Throw Action"). ``dump_off``: a Dump-off's throw, with
    no modifiers, made during the opposing coach's Action (it is no part of
    that Action's record)."""

    def __init__(
        self, i: int, *, short_only: bool = False, dump_off: bool = False
    ) -> None:
        self.i = i
        self.short_only = short_only
        self.dump_off = dump_off
        self.target = -1
        self.modifier = 0
        self.rerolled = False
        self.source = ""  # what offers the re-roll of a failed Throw Check

    def _record(self, g: BlitzState) -> Any:
        return None if self.dump_off else g.current_record

    def step(self, g: BlitzState) -> Decision | None:
        if self.target < 0:
            opts = tuple(
                ("target", g.pid[j])
                for j in throw_targets(
                    g,
                    self.i,
                    short_only=self.short_only,
                    anywhere=fx.hail_mary(g, self.i),
                )
            )
            return Decision(
                act.team_name(g, self.i), "throw_target", opts, g.pid[self.i]
            )
        # A failed Throw Check by an Expert Passer: re-roll it? (Decision: a
        # coach's choice, since a re-rolled fumble bounces from the thrower.)
        opts = (("reroll", True), ("reroll", False))
        return Decision(
            act.team_name(g, self.i), "reroll", opts, g.pid[self.i], info=(self.source,)
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        if self.target >= 0:
            self.rerolled = True
            if choice[1]:
                self._check(g)
            else:
                self._failed(g)
            return
        i, j = self.i, g.idx[choice[1]]
        self.target = j
        b = g.ball_of(i)
        frm, to = g.pos[i], g.pos[j]
        rec = self._record(g)
        if rec is not None:
            rec.target = j
        g.ball_holder[b] = -1
        self.ball = b
        if g.board.distance(frm, to) == 1:
            g.stack.pop()
            if rec is not None:
                rec.hand_off = True
                rec.throw_success = True
            g.events.append(BallMoved(b, frm, to, "hand_off", 0))
            give(g, j, b)
            return
        modifier = 0
        if fx.hail_mary(g, i):  # no modifiers apply
            self._check(g)
            return
        if g.board.throw_range(frm, to) == LONG:
            modifier += arenas.long_throw_modifier(g)
        if self._obstructed(g, i, j):
            modifier -= 1
        self.modifier = 0 if self.dump_off else max(-1, modifier)
        self._check(g)

    def _check(self, g: BlitzState) -> None:
        i, modifier = self.i, self.modifier
        value = fx.HAIL_MARY_VALUE if fx.hail_mary(g, i) else fx.throw_value(g, i)
        assert value is not None
        d = g.dice.d6()
        fumble = d == 1 or d + modifier <= 1
        ok = not fumble and (d == 6 or d + modifier >= value)
        g.events.append(
            Roll("throw", g.pid[i], (d,), value, modifier, ok, self.rerolled)
        )
        self.last = (ok, fumble)
        if ok or self.rerolled:
            self._outcome(g, ok, fumble)
        elif "expert_passer" in g.abilities[i]:
            self.source = "expert_passer"
            return  # step() offers the re-roll
        elif balls.rune_reroll(g, self.ball, i, d):
            self.source = "dwarf_rune_ball"
            return
        else:
            self._failed(g)

    def _failed(self, g: BlitzState) -> None:
        """A failed check not re-rolled yet: Rookies to Watch may re-roll it
        (Decision: also once an Expert Passer or the Dwarf Rune Ball's
        re-roll was declined; a check is never re-rolled twice)."""
        self.rerolled = False

        def again(gg: BlitzState) -> None:
            self.rerolled = True
            self._check(gg)

        def keep(gg: BlitzState) -> None:
            self._outcome(gg, *self.last)

        if open_window(g, g.team[self.i], THROW, again, keep, g.pid[self.i]):
            return

        def raw_talent(gg: BlitzState, reroll: bool) -> None:
            again(gg) if reroll else keep(gg)

        if not g.links.throw_reroll(g, self.i, raw_talent):
            self._outcome(g, *self.last)

    def _outcome(self, g: BlitzState, ok: bool, fumble: bool) -> None:
        g.stack.pop()
        i, j, b = self.i, self.target, self.ball
        frm, to = g.pos[i], g.pos[j]
        rec = self._record(g)
        if fumble:
            g.events.append(BallMoved(b, frm, frm, "fumble", 0))
            bounce(g, b, frm)
            return
        g.events.append(BallMoved(b, frm, to, "throw", 0))
        if ok:
            if rec is not None:
                rec.throw_success = True
                rec.throw_negative = self.modifier < 0
            give(g, j, b)
        else:
            bounce(g, b, to)

    @staticmethod
    def _obstructed(g: BlitzState, i: int, j: int) -> bool:
        if g.marked(j):
            return True
        t = g.team[i]
        for sq in g.board.under_ruler(g.pos[i], g.pos[j]):
            if g.board.blocked[sq]:
                return True
            k = g.occ[sq]
            if k >= 0 and g.team[k] != t and g.open(k):
                return True
        return False
