"""The Interrupt Bonus Plays of an Action (cards.md): the coach whose
turn it is not plays them.

- Intervention, after an opposing Run: an Open Player makes a free Mark that
  must end next to the runner;
- Step Aside, after an opposing Mark: a Player the marker now Marks makes a
  free Sidestep;
- Shadowing, on an opposing Sidestep: a Player who Marked the sidestepper
  moves into the square they left.

Intervention and Step Aside come "after" the Action, once its Touchdown
check is made (:func:`after_action`). Shadowing Interrupts the Sidestep
Action itself ("Play this card to Interrupt an Opposition Player's Sidestep
Action"): it is played once the sidestepper has moved, while the Action is
paused (rulebook "Interrupt"), so before the Touchdown check, which comes
"After completing a Player Action" (:func:`during_action`).

Decision: an Interrupt's free Action has no Claim step (it is not that
coach's turn), and an Interrupt is not interrupted (rulebook "Interrupt").
"""

from __future__ import annotations

from collections.abc import Callable

from engine.blitz import actions as act
from engine.blitz.ball import enter_square
from engine.blitz.bonus import Window, playable
from engine.blitz.events import ActionTaken, Moved
from engine.blitz.state import MARK_SQUARES, ActionRecord, BlitzState


def after_action(g: BlitzState, rec: ActionRecord) -> None:
    """Open the other coach's Interrupt window after this Action, if any."""
    h = 1 - g.active
    r = rec.player
    if g.team[r] != g.active or not g.hands[h]:
        return
    if rec.action == "run":
        card = playable(g, h, "intervention")
        if card:
            g.stack.append(Window(h, card, _intervene(r), candidates=_interveners(r)))
    elif rec.action == "mark":
        card = playable(g, h, "step_aside")
        if card:
            g.stack.append(Window(h, card, _step_aside, candidates=_asiders(r)))


def during_action(g: BlitzState, rec: ActionRecord) -> None:
    """Open the other coach's Interrupt window within this Action, once its
    Player has moved and before the Action is complete (Shadowing)."""
    h = 1 - g.active
    r = rec.player
    if g.team[r] != g.active or not g.hands[h]:
        return
    if rec.action == "sidestep":
        card = playable(g, h, "shadowing")
        if card:
            g.stack.append(
                Window(
                    h,
                    card,
                    _shadow(rec.start_sq),
                    candidates=_shadowers(r, rec.start_sq),
                )
            )


# --- Intervention --------------------------------------------------------


def ends_next_to(g: BlitzState, i: int, r: int, sq: int, left: int) -> bool:
    """Whether a Mark by ``i`` stepping into ``sq`` (``left`` squares to go
    after it) can end next to runner ``r``: it ends as soon as it Marks
    someone, so it may not Mark anyone else on the way."""
    if g.board.distance(sq, g.pos[r]) == 1:
        return True
    if left <= 0 or g.next_to_standing_opponent(sq, g.team[i]):
        return False
    return any(
        g.occ[n] < 0 and not g.board.blocked[n] and ends_next_to(g, i, r, n, left - 1)
        for n in g.board.neighbours[sq]
    )


class InterventionMark(act.Move):
    """A free Mark (2 squares) that must end next to the runner."""

    def __init__(self, i: int, runner: int) -> None:
        super().__init__(i, "mark", MARK_SQUARES)
        self.runner = runner

    def _ok(self, g: BlitzState, sq: int) -> bool:
        if g.occ[sq] >= 0 or g.board.blocked[sq]:
            return False
        return ends_next_to(g, self.i, self.runner, sq, self.left - 1)


def _interveners(r: int) -> Callable[[BlitzState], list[int]]:
    def who(g: BlitzState) -> list[int]:
        if not g.standing(r):
            return []
        h = 1 - g.team[r]
        return [
            i
            for i in range(g.n)
            if g.team[i] == h
            and g.open(i)
            and any(
                g.occ[n] < 0
                and not g.board.blocked[n]
                and ends_next_to(g, i, r, n, MARK_SQUARES - 1)
                for n in g.board.neighbours[g.pos[i]]
            )
        ]

    return who


def _intervene(r: int) -> Callable[[BlitzState, int], None]:
    def then(g: BlitzState, i: int) -> None:
        if i < 0:
            return
        g.events.append(ActionTaken(g.pid[i], "mark", True))
        g.stack.append(InterventionMark(i, r))

    return then


# --- Step Aside ----------------------------------------------------------


def _asiders(r: int) -> Callable[[BlitzState], list[int]]:
    def who(g: BlitzState) -> list[int]:
        return [i for i in g.markers(r) if act.sidestep_squares(g, i)]

    return who


def _step_aside(g: BlitzState, i: int) -> None:
    if i < 0:
        return
    g.events.append(ActionTaken(g.pid[i], "sidestep", True))
    g.stack.append(act.Sidestep(i))


# --- Shadowing -----------------------------------------------------------


def _shadowers(r: int, left_sq: int) -> Callable[[BlitzState], list[int]]:
    def who(g: BlitzState) -> list[int]:
        if g.pos[r] < 0 or g.occ[left_sq] >= 0:
            return []
        h = 1 - g.team[r]
        return [
            g.occ[n]
            for n in g.board.neighbours[left_sq]
            if g.occ[n] >= 0 and g.team[g.occ[n]] == h and g.standing(g.occ[n])
        ]

    return who


def _shadow(left_sq: int) -> Callable[[BlitzState, int], None]:
    def then(g: BlitzState, i: int) -> None:
        if i < 0:
            return
        frm = g.pos[i]
        g.place(i, left_sq)
        g.events.append(Moved(g.pid[i], frm, left_sq))
        enter_square(g, i, running=False)

    return then
