"""Consistency checks of a game state (used by property tests).

Among them: a loose ball never rests in an occupied square (rulebook
"Occupied Squares") once the procedure that put a player on it is over.
"""

from __future__ import annotations

from engine.core.events import Event, Touchdown
from engine.core.state import PITCH, STANDING, GameState
from engine.rules.ball import Bounce, SafePairOfHands, SettleBall
from engine.rules.blocking import Block
from engine.rules.bloodlust import Bite, Feed
from engine.rules.dodging import MoveTest
from engine.rules.injuries import KnockDown
from engine.rules.movement import Step
from engine.rules.pickup import Pickup
from engine.rules.throw_team_mate import Land


def check(g: GameState) -> list[str]:
    """Violated invariants of ``g`` (empty when consistent)."""
    errs: list[str] = []
    rs = g.variant
    for sq, p in enumerate(g.board):
        if p >= 0 and (g.pos[p] != sq or g.box[p] != PITCH):
            errs.append(
                f"board square {sq} holds player {p} at pos {g.pos[p]} box {g.box[p]}"
            )
    per_team = [0, 0]
    swarm = [0, 0]
    for p in range(g.n):
        if not 0 <= g.box[p] <= 4:
            errs.append(f"player {p} in unknown box {g.box[p]}")
        if g.box[p] == PITCH:
            per_team[g.team[p]] += 1
            if rs.swarms(g, p):  # the format's Swarming players
                swarm[g.team[p]] += 1
            if g.pos[p] < 0 or g.board[g.pos[p]] != p:
                errs.append(f"player {p} on pitch but not on the board")
        elif g.pos[p] >= 0:
            errs.append(f"player {p} off pitch with a square")
    for t in (0, 1):
        # Swarming adds at most 3, and no more than were set up (so at
        # most half of the Swarming players on the pitch are extras).
        if per_team[t] > rs.players_on_pitch + min(3, swarm[t] // 2):
            errs.append(f"team {t} has {per_team[t]} players on the pitch")
    # Dungeon Bowl: the ball is in play but unseen while its Chest is closed.
    hidden = g.dungeon is not None and g.dungeon.ball_chest >= 0
    if g.carrier >= 0:
        c = g.carrier
        if g.ball != -1 or g.box[c] != PITCH or g.status[c] != STANDING:
            errs.append(f"carrier {c} inconsistent (ball {g.ball}, box {g.box[c]})")
    elif g.ball < 0 and not g.ball_air and g.active >= 0 and not hidden:
        errs.append("ball out of play during a team turn")
    if hidden and (g.carrier >= 0 or g.ball >= 0):
        errs.append("ball both in a Chest and in play")
    if (
        g.carrier < 0
        and g.ball >= 0
        and not g.ball_air
        and g.board[g.ball] >= 0
        and not _settling(g, g.ball)
    ):
        errs.append(f"loose ball at {g.ball} under player {g.board[g.ball]}")
    tds = _touchdowns(g)
    if tds != list(g.score):
        errs.append(f"score {g.score} != touchdown events {tds}")
    for t in (0, 1):
        if not 0 <= g.turn[t] <= rs.turns_per_half:
            errs.append(f"turn marker {g.turn[t]} out of range")
    return errs


# The touchdowns counted so far in an event list, so that checking a state
# after every decision reads each event once, not the whole log each time:
# id(events) -> (the list itself, events counted, [home, away]). The list
# is kept with its entry, so its id cannot be reused while it is here.
_TD_COUNTS: dict[int, tuple[list[Event], int, list[int]]] = {}
_TD_COUNTS_KEPT = 64


def _touchdowns(g: GameState) -> list[int]:
    """Touchdown events of ``g`` per team (home, away)."""
    events = g.events
    got = _TD_COUNTS.get(id(events))
    if got is not None and got[0] is events and got[1] <= len(events):
        start, tds = got[1], list(got[2])
    else:
        start, tds = 0, [0, 0]
        if len(_TD_COUNTS) >= _TD_COUNTS_KEPT:
            _TD_COUNTS.clear()
    for e in events[start:]:
        if type(e) is Touchdown:
            tds[0 if e.team == "home" else 1] += 1
    _TD_COUNTS[id(events)] = (events, len(events), tds)
    return list(tds)


def _settling(g: GameState, sq: int) -> bool:
    """Whether a procedure under way will still move the loose ball lying
    in the occupied square ``sq``: the player who stepped or was thrown
    there has a pick-up or a fall to come, a knock-down there has its
    bounce to come, or a block has the pushed player's bounce to come."""
    for proc in g.stack:
        if isinstance(proc, Step):
            # The mover (pick-up or fall to come), or a Diving Tackler in
            # the vacated square (Placed Prone to come).
            if sq in (proc.dst, proc.src):
                return True
        elif isinstance(proc, Pickup | MoveTest):
            if g.pos[proc.p] == sq:
                return True
        elif isinstance(proc, Land):
            if proc.sq == sq:
                return True
        elif isinstance(proc, KnockDown | Bite | Feed):
            # (Bloodlust: a bitten Thrall's or a starving player's ball)
            if proc.ball_sq == sq:
                return True
            # a going-down rule (Steady Footing) still rolling: he falls
            # (the ball bounces) or stays up (he picks it up)
            if isinstance(proc, KnockDown) and proc.phase == 3 and g.pos[proc.p] == sq:
                return True
        elif isinstance(proc, SettleBall | SafePairOfHands):
            if proc.sq == sq:
                return True
        elif isinstance(proc, Bounce):
            if proc.src == sq:
                return True
        elif isinstance(proc, Block):
            if proc.moved and proc.phase in _BLOCK_PUSHED:
                return True
    return False


# Block phases after the pushes and before their consequences (follow-up,
# Strip Ball and Fend decisions).
_BLOCK_PUSHED = frozenset((6, 7, 66, 67, 68))
