"""Abilities that grant free Actions (teams.md): each is offered to its
coach as a ``free_action`` decision (take it or not) right after the Action
that grants it, its Touchdown check and its Claim step; a free Action
follows every Action rule (a Player never makes the same Action twice in a
turn) and has its own Claim step, but does not use up one of the three
Player Actions (rulebook "Free Actions")."""

from __future__ import annotations

from typing import Any

from engine.blitz import actions as act
from engine.blitz import throw
from engine.blitz.board import SHORT
from engine.blitz.faces import MISS
from engine.blitz.state import TEAM_NAMES, ActionRecord, BlitzState
from engine.core.state import Decision

HIT_AND_RUN_SQUARES = 2


class FreeOffer(act.BProc):
    """Offer Player ``i`` a free ``action`` granted by ``ability``."""

    def __init__(self, i: int, action: str, ability: str, limit: int = 0) -> None:
        self.i = i
        self.action = action
        self.ability = ability
        self.limit = limit

    def step(self, g: BlitzState) -> Decision | None:
        if not _still_possible(g, self.i, self.action, self.limit):
            g.stack.pop()
            return None
        opts = (("free", g.pid[self.i], self.action), ("decline",))
        return Decision(
            TEAM_NAMES[g.team[self.i]],
            "free_action",
            opts,
            g.pid[self.i],
            info=(self.ability,),
        )

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] == "free":
            g.stack.append(g.links.player_action(self.i, self.action, True, self.limit))


def _still_possible(g: BlitzState, i: int, action: str, limit: int) -> bool:
    """Whether Player ``i`` may make ``action`` now (as the Action rules
    allow; a free Run may start while Marked, Hit and Run's may)."""
    if g.no_more_actions[i] or action in g.done_actions[i] or g.team[i] != g.active:
        return False
    if action == "stand_up":
        return g.pos[i] >= 0 and g.prone[i]
    if not g.standing(i):
        return False
    if action == "block":
        return bool(g.markers(i))
    if action == "run":
        return act.can_run(g, i)
    if action == "throw":
        return (
            g.open(i)
            and g.ball_of(i) >= 0
            and bool(throw.throw_targets(g, i, short_only=limit == SHORT))
        )
    if action == "sidestep":
        return g.marked(i) and bool(act.sidestep_squares(g, i))
    return False


def _previous_action(g: BlitzState, rec: ActionRecord) -> str:
    """The Action this Player made just before ``rec`` this turn, or ""."""
    mine = [r for r in g.turn_records if r.player == rec.player and r is not rec]
    return mine[-1].action if mine else ""


def granted(g: BlitzState, rec: ActionRecord) -> list[FreeOffer]:
    """The free Actions ``rec`` grants, in the order they are offered."""
    i = rec.player
    has = g.abilities[i]
    out: list[FreeOffer] = []
    if rec.action == "mark":
        if "frenzied" in has:
            out.append(FreeOffer(i, "block", "frenzied"))
        elif "head_butt" in has and _previous_action(g, rec) == "run":
            out.append(FreeOffer(i, "block", "head_butt"))
    if rec.action == "block" and "hit_and_run" in has:
        out.append(FreeOffer(i, "run", "hit_and_run", HIT_AND_RUN_SQUARES))
    if rec.action == "run" and "running_pass" in has:
        out.append(FreeOffer(i, "throw", "running_pass", SHORT))
    if rec.action == "throw" and rec.throw_success and not rec.hand_off:
        j = rec.target
        if j >= 0 and "catchers_instincts" in g.abilities[j] and g.open(j):
            out.append(FreeOffer(j, "run", "catchers_instincts"))
    if "pick_me_up" in has and g.pos[i] >= 0:
        t = g.team[i]
        for sq in g.board.neighbours[g.pos[i]]:
            j = g.occ[sq]
            if j >= 0 and g.team[j] == t and g.prone[j]:
                out.append(FreeOffer(j, "stand_up", "pick_me_up"))
    return out


def regenerate(g: BlitzState, t: int) -> list[FreeOffer]:
    """Regenerate: after the Pre-Turn Sequence, before the first Action,
    each Prone Regenerate Player of team ``t`` may make a free Stand Up."""
    return [
        FreeOffer(i, "stand_up", "regenerate")
        for i in range(g.n)
        if g.team[i] == t
        and g.pos[i] >= 0
        and g.prone[i]
        and "regenerate" in g.abilities[i]
    ]


def bloodlust_due(g: BlitzState, rec: ActionRecord) -> bool:
    """Bloodlust: after the Claim step of this Player's Block, a Miss among
    the Block Dice Injures them."""
    i = rec.player
    return (
        rec.action == "block"
        and "bloodlust" in g.abilities[i]
        and MISS in rec.block_faces
        and g.pos[i] >= 0
    )


class Bloodlust(act.BProc):
    """The Bloodlust Injury; an adjacent Minion team-mate may be Injured
    instead (its coach's choice)."""

    def __init__(self, i: int) -> None:
        self.i = i

    def step(self, g: BlitzState) -> Decision | None:
        minions = _minions(g, self.i)
        if not minions:
            g.stack.pop()
            act.injure(g, self.i, "bloodlust")
            return None
        opts = (*(("minion", g.pid[j]) for j in minions), ("decline",))
        return Decision(TEAM_NAMES[g.team[self.i]], "minion", opts, g.pid[self.i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] == "minion":
            act.injure(g, g.idx[choice[1]], "minion")
        else:
            act.injure(g, self.i, "bloodlust")


def _minions(g: BlitzState, i: int) -> list[int]:
    t = g.team[i]
    out = []
    for sq in g.board.neighbours[g.pos[i]]:
        j = g.occ[sq]
        if j >= 0 and g.team[j] == t and "minion" in g.abilities[j]:
            out.append(j)
    return out
