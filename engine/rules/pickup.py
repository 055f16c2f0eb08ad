"""Picking up the ball (rulebook "Picking up the Ball"; skills Sure Hands,
Big Hand, Extra Arms, No Hands; weather Pouring Rain)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import BallCaught, Roll
from engine.core.state import Decision, GameState, Proc
from engine.rules.ball import Bounce, turnover
from engine.rules.rolls import Test

BIG_HAND = S.BIT["big-hand"]
EXTRA_ARMS = S.BIT["extra-arms"]


def pick_up_test(g: GameState, p: int) -> Test:
    """The Agility test to pick up the ball: -1 per Marking opponent (and
    in Pouring Rain; Big Hand ignores both), +1 Extra Arms; Sure Hands
    re-rolls."""
    sq = g.pos[p]
    sk = g.skills[p]
    mod = 1 if sk & EXTRA_ARMS else 0
    if not sk & BIG_HAND:
        mod -= g.markers(sq, g.team[p])
        if g.weather == "pouring_rain":
            mod -= 1
    return Test("pick_up", p, g.ag[p], mod, skill_rr=S.SURE_HANDS)


class Pickup(Proc):
    """Picking up the ball: the variant's test (:func:`pick_up_test` in
    BB2020); No Hands always fails. A failure bounces the ball and causes
    a Turnover."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        sq = g.pos[p]
        if self.phase == 0:
            if g.skills[p] & S.NO_HANDS:
                g.emit(Roll("pick_up", g.pid[p], (), 0, 0, False, False))
                g.ret = False
            else:
                self.phase = 1
                g.stack.append(g.variant.pick_up_test(g, p))
                return None
        if g.ret:
            g.carrier = p
            g.ball = -1
            g.emit(BallCaught(g.pid[p], sq, "pick_up"))
            g.stack.pop()
            g.variant.picked_up(g, p)
        else:
            if g.team[p] == g.active:
                turnover(g, "pick_up")
                g.act_over = True
            g.stack[-1] = Bounce(sq)
        return None
