"""What a pending decision's options need, for a board to draw before a
coach decides: the rolls of a step and of the path to each square a moving
player may reach (rulebook "Rushing", "Marked Players and Dodging",
"Jumping over Prone or Stunned Players"), the block dice of a Block or a
Blitz ("Block Dice"), the range band of a pass ("Measuring Range").

Each number comes from the procedure that rolls it (:meth:`Step.tests`,
:meth:`Block.dice_preview`, :func:`pass_band`), run on a copy of the
state: nothing here changes the match.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.core.state import PF_ROOTED, GameState
from engine.rules.blocking import Block
from engine.rules.movement import Step, moves_left
from engine.rules.range_ruler import BAND_NAMES, pass_band
from engine.rules.setup import Placement, Setup

# The option verbs of a step into a square (engine.rules.movement).
STEP_VERBS = frozenset({"move", "jump", "leap", "fumblerooskie"})


@dataclass(frozen=True, slots=True)
class Need:
    """One roll a step needs: the test (``rush``, ``dodge``, ``jump``,
    ``leap``) and the lowest D6 that passes it (7: none does)."""

    test: str
    roll: int

    def __str__(self) -> str:
        return f"{self.roll}+" if self.roll <= 6 else "no roll passes"


@dataclass(frozen=True, slots=True)
class Route:
    """The way to one square: the squares stepped into in order (the last
    is the square), every roll on the way, and the chance that all of them
    pass without a re-roll."""

    path: tuple[int, ...]
    needs: tuple[Need, ...]
    odds: float


def _chance(need: Need) -> float:
    return max(0, 7 - need.roll) / 6


def _needs(g: GameState, step: Step, used: int) -> tuple[Need, ...]:
    return tuple(Need(t.purpose, t.needs()) for t in step.tests(g, used))


def step_needs(g: GameState, p: int, verb: str, dst: int) -> tuple[Need, ...]:
    """The rolls of the step option ``(verb, dst)`` of player ``p``, who is
    moving now: its Rushes, then its Dodge, Jump or Leap test."""
    h = g.clone()
    step = Step(p, dst, jump=verb == "jump", leap=verb == "leap")
    return _needs(h, step, h.act_ma_used)


def move_routes(g: GameState, p: int) -> dict[int, Route]:
    """Every square player ``p`` (moving now) may reach this action by
    plain steps, with the route whose rolls all pass most often (then the
    shortest).

    Decision: routes are made of steps (a Jump or a Leap is an option of
    its own, with its roll); they do not go through the ball's square (the
    pick-up ends a route there) and the pick-up roll is not among the
    rolls; the rolls are those before re-rolls and before a Marking
    player's skill acts (Tentacles, Diving Tackle, Shadowing)."""
    h = g.clone()
    start = h.pos[p]
    budget = moves_left(h, p)
    if budget <= 0 or h.pflags[p] & PF_ROOTED:
        return {}
    used0 = h.act_ma_used
    # the best way found into each square: (chance, steps, from, the step's rolls)
    best: dict[int, tuple[float, int, int, tuple[Need, ...]]] = {
        start: (1.0, 0, -1, ())
    }
    heap: list[tuple[float, int, int]] = [(-1.0, 0, start)]
    done: set[int] = set()
    while heap:
        _, steps, sq = heapq.heappop(heap)
        if sq in done:
            continue
        done.add(sq)
        if steps >= budget or (sq == h.ball and sq != start):
            continue
        h.move(p, sq)  # the player stands there on the copy
        odds = best[sq][0]
        for nb in h.pitch.neighbours[sq]:
            if nb in done or h.board[nb] >= 0:
                continue
            rolls = _needs(h, Step(p, nb), used0 + steps)
            chance = odds
            for need in rolls:
                chance *= _chance(need)
            seen = best.get(nb)
            if chance > 0 and (
                seen is None or (chance, -steps - 1) > (seen[0], -seen[1])
            ):
                best[nb] = (chance, steps + 1, sq, rolls)
                heapq.heappush(heap, (-chance, steps + 1, nb))
    return {sq: _route(best, sq) for sq in done if sq != start}


def _route(best: dict[int, tuple[float, int, int, tuple[Need, ...]]], sq: int) -> Route:
    path: list[int] = []
    needs: list[Need] = []
    at = sq
    while best[at][2] >= 0:
        path.append(at)
        needs[:0] = best[at][3]
        at = best[at][2]
    return Route(tuple(reversed(path)), tuple(needs), best[sq][0])


def block_dice(g: GameState, att: int, dfn: int, blitz: bool) -> tuple[int, bool]:
    """(the number of block dice, whether the attacker picks) if ``att``
    blocked ``dfn`` now (in a Blitz when ``blitz``)."""
    return Block(att, dfn, blitz=blitz).dice_preview(g.clone())


def pass_band_name(g: GameState, p: int, sq: int) -> str:
    """The range band of a pass by ``p`` to ``sq``: quick, short, long,
    long_bomb (out_of_range beyond)."""
    pitch = g.pitch
    x0, y0 = pitch.xy(g.pos[p])
    return BAND_NAMES[pass_band(pitch.xs[sq] - x0, pitch.ys[sq] - y0)]


def setup_formations(g: GameState) -> dict[str, Placement]:
    """The placements of the formations a pending set-up offers, by name
    (empty when no set-up is pending): where a board's tap-and-place
    set-up starts from."""
    top = g.stack[-1] if g.stack else None
    return dict(top.formations) if isinstance(top, Setup) else {}


__all__ = [
    "STEP_VERBS",
    "Need",
    "Route",
    "block_dice",
    "move_routes",
    "pass_band_name",
    "setup_formations",
    "step_needs",
]
