"""Stalling and the crowd, a core rule of Blood Bowl 2025
(changes_from_bb2020.md "Stalling", tables.md "Stalling"): a ball carrier
who could score without a dice roll but does not is Stalling. At the end of
his activation, or at the end of his team's turn when he was not activated,
a D6 at least the team's turn number (1-6; never on turns 7 and 8) has the
crowd knock him down, a Turnover. A team that stalled loses the winnings
bonus for not stalling (``MatchResult.extra["stalled"]``)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Roll
from engine.core.hooks import Hooks
from engine.core.state import (
    PF_USED,
    PITCH,
    PRONE,
    STANDING,
    Decision,
    GameState,
    Proc,
)
from engine.rules.injuries import KnockDown

# g.effects keys: the carrier who could score when his activation was
# declared; the teams that stalled this game; the (team, turn) whose
# end-of-turn check is done.
STALLER = "bb2025_staller"
STALLED = "bb2025_stalled"
CHECKED = "bb2025_stall_checked"
# A player whose activation starts with a compulsory roll is not Stalling.
COMPULSORY = (
    S.BIT["bone-head"]
    | S.BIT["really-stupid"]
    | S.BIT["animal-savagery"]
    | S.BIT["bloodlust"]
    | S.BIT["unchannelled-fury"]
    | S.BIT["take-root"]
)
# The last turn on which the crowd can hit (a D6 cannot reach 7 or 8).
LAST_HIT_TURN = 6


def free_score(g: GameState, p: int) -> bool:
    """Whether ball carrier ``p`` could score now without a dice roll: not
    Marked, not a player whose activation starts with a compulsory roll,
    and a path of empty squares no opponent Marks (but the End Zone square
    he steps into, as entering a Marked square needs no roll) into the End
    Zone he scores in within his Movement (no Rush; a Prone carrier first stands up
    for 3 squares, when that needs no roll).

    Decision: a Jump, a Leap or a Rush is a dice roll, so a path that needs
    one does not count; squares are walked as the rulebook moves a player,
    one at a time in any of the eight directions."""
    t = g.team[p]
    if g.carrier != p or g.box[p] != PITCH or g.skills[p] & COMPULSORY:
        return False
    start = g.pos[p]
    if g.markers(start, t):
        return False
    budget = g.ma[p]
    if g.status[p] != STANDING:
        if g.status[p] != PRONE or g.variant.rolls_to_stand_up(g, p):
            return False
        budget -= 3
    endzone = g.pitch.endzone_of(t)
    flags = g.pitch.flags
    seen = {start}
    frontier = [start]
    for _ in range(budget):
        reached: list[int] = []
        for sq in frontier:
            for s in g.pitch.neighbours[sq]:
                if s in seen or g.board[s] >= 0:
                    continue
                if flags[s] & endzone:
                    # Entering a Marked square needs no roll (a Dodge is
                    # for leaving one): the End Zone square may be Marked.
                    return True
                if g.markers(s, t):
                    continue
                seen.add(s)
                reached.append(s)
        frontier = reached
    return False


class StallingRoll(Proc):
    """The crowd takes action against stalling carrier ``p``: D6, a hit on
    at least his team's turn number (turns 1-6), and he is Knocked Down, a
    Turnover."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        t = g.team[p]
        turn = g.turn[t]
        g.effects[STALLED] = tuple(sorted({*g.effects.get(STALLED, ()), t}))
        d = g.dice.d6()
        hit = turn <= LAST_HIT_TURN and d >= turn
        g.emit(Roll("stalling", g.pid[p], (d,), turn, 0, hit, False))
        if hit:
            g.stack[-1] = KnockDown(p, "stalling", causes_turnover=True)
        else:
            g.stack.pop()
        return None


def action_declared(g: GameState, p: int, action: str) -> None:
    """Whether the player activated now is a carrier who could score
    without a roll (he is Stalling unless he scores)."""
    if free_score(g, p):
        g.effects[STALLER] = p
    else:
        g.effects.pop(STALLER, None)


def after_activation(g: GameState, p: int) -> Proc | None:
    """Player ``p``'s activation in a team turn has ended: a carrier who
    could have scored and did not faces the crowd."""
    if g.effects.pop(STALLER, -1) != p:
        return None
    if g.touchdown or g.carrier != p or g.box[p] != PITCH:
        return None
    return StallingRoll(p)


def turn_ending(g: GameState, t: int) -> Proc | None:
    """Team ``t`` ends its turn: a carrier it did not activate who could
    score without a roll faces the crowd (once a turn)."""
    key = (t, g.turn[t])
    if g.effects.get(CHECKED) == key:
        return None
    g.effects[CHECKED] = key
    p = g.carrier
    if p < 0 or g.team[p] != t or g.pflags[p] & PF_USED or not free_score(g, p):
        return None
    return StallingRoll(p)


def stalled_teams(g: GameState) -> list[str]:
    """The sides ("home", "away") that stalled this game."""
    return [g.tname(t) for t in g.effects.get(STALLED, ())]


def register(h: Hooks) -> None:
    h.action_declared += (action_declared,)
