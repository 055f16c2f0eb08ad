"""A thrown team-mate hitting the wall (DB-rules "Hitting the Wall"): a
Crash Landing with +1 to the Armour roll.

Wherever the BB2020 Throw Team-mate procedure would land a player in the
crowd (scattering or deviating off the pitch, a fumbled throw's bounce, a
crash landing's bounce, the bounce off a player landed on), in a dungeon he
hits the wall: he comes down in the last square before it, Falls Over
there (no Landing roll) and the Armour roll gets +1. A ball he holds
bounces from that square (a Turnover when he is the active team's, as for
any failed landing with the ball).

Decision: when that last square is occupied (the thrower's own square when
a throw deviates or a fumble bounces straight into the wall, or a player
he bounced off), he bounces from it (D8, as a thrown player landing on
someone does) until he reaches an empty floor square; a D8 into a wall is
rolled again, and the players in the squares he bounces over are not
Knocked Down by it (he has already hit the wall).
"""

from __future__ import annotations

from engine.core.events import Landing, Move, Note
from engine.core.state import STANDING, Decision, GameState, Proc
from engine.rules.injuries import KnockDown

WALL_ARMOUR_BONUS = 1


class WallCrash(Proc):
    """Thrown player ``q`` (off the board) hits the wall beyond ``last``."""

    __slots__ = ("q", "last")

    def __init__(self, q: int, last: int) -> None:
        self.phase = 0
        self.q = q
        self.last = last

    def step(self, g: GameState) -> Decision | None:
        q = self.q
        sq = self.last
        g.emit(Note("hit_the_wall", g.tname(g.team[q]), g.pid[q], sq))
        while g.board[sq] >= 0:
            nxt = g.pitch.steps[g.dice.d8()][sq]
            if nxt < 0:
                continue
            g.emit(Move(g.pid[q], sq, nxt, "bounce"))
            sq = nxt
        g.place(q, sq)
        g.status[q] = STANDING
        g.emit(Landing(g.pid[q], sq, False))
        g.stack[-1] = KnockDown(
            q, "fall", causes_turnover=False, armour_mod=WALL_ARMOUR_BONUS
        )
        return None


__all__ = ["WALL_ARMOUR_BONUS", "WallCrash"]
