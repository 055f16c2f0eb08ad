"""A thrown team-mate hitting the wall (DB-rules "Hitting the Wall"): "The
player will suffer a Crash Landing as described above. Additionally, when
making the Armour roll for a player that has hit the wall apply an
additional +1 modifier to the roll."

The Crash Landing is BB2020's (rulebook "Crash Landing"): "Once the scatter
has been resolved, the player will bounce (as if they were a ball) from the
square they land in. The player will automatically Fall Over after bouncing
and an Armour roll and possible Injury roll is made against them."

Wherever the BB2020 Throw Team-mate procedure would land a player in the
crowd (scattering or deviating off the pitch, a fumbled throw's bounce, a
crash landing's bounce, a bounce off a player landed on), in a dungeon he
hits the wall (:class:`WallCrash`):

1. Decision (where he lands): the text names no square, so he lands in the
   last square of his flight before the wall: the scatter, deviation or
   bounce ends there ("Should the thrown player scatter off the pitch, they
   will land in the crowd": no further scatter is rolled). When a player
   stands in that square he lands on that player, rulebook "Landing in an
   Occupied Square" ("If after the scatter has been resolved, the thrown
   player lands in an occupied square"): that player is Knocked Down (a
   Turnover when he is the thrown player's team-mate), the thrower himself
   included when the throw is dropped or deviates straight into the wall
   from his square. Not when the thrown player was bouncing off that very
   player: he has already landed on him once.
2. He bounces once (D8) from that square, as a ball does. Into an empty
   floor square: he comes down there. Into an occupied square: "Landing in
   an Occupied Square" again (that player is Knocked Down, he bounces on,
   and "should the thrown player bounce into another occupied square, the
   above process is repeated"). Into a wall: Decision: that is the wall
   the dungeon has where the crowd would be, so he hits it again and
   suffers the same Crash Landing from the square he bounced from: the D8
   is rolled again from there (he does not ricochet as the ball does: this
   rule, not "Bouncing off the wall", is the one for thrown players; and
   the +1 is one modifier to his one Armour roll, however often he hits).
3. He Falls Over where he comes down ("automatically be Knocked Down upon
   landing" when he landed on someone); his Armour roll gets +1. The
   players he landed on are Knocked Down first, in the order he landed on
   them, then he is. A ball he held bounces from the square he comes down
   in, a Turnover ("thrown by a team-mate and ... fails to land safely").

A floor square walled in on all eight sides, where no bounce could go, is
not part of any dungeon; should one be drawn, he stays in it.
"""

from __future__ import annotations

from engine.core.events import Landing, Move, Note
from engine.core.state import STANDING, Decision, GameState, Proc
from engine.rules.injuries import KnockDown

WALL_ARMOUR_BONUS = 1


def bounce_off_the_wall(g: GameState, q: int, sq: int, victims: list[int]) -> int:
    """Thrown player ``q`` bounces from square ``sq`` (module docstring,
    step 2); returns the empty floor square he comes down in and adds the
    players he lands on to ``victims``."""
    steps = g.pitch.steps
    if all(steps[d][sq] < 0 for d in range(1, 9)):
        return sq
    team, pid = g.tname(g.team[q]), g.pid[q]
    while True:
        nxt = steps[g.dice.d8()][sq]
        if nxt < 0:
            g.emit(Note("hit_the_wall", team, pid, sq))
            continue
        g.emit(Move(pid, sq, nxt, "bounce"))
        sq = nxt
        occupant = g.board[sq]
        if occupant < 0:
            return sq
        victims.append(occupant)


class WallCrash(Proc):
    """Thrown player ``q`` (off the board) hits the wall beyond square
    ``last`` (module docstring). ``victims``: the players he has already
    landed on, not yet Knocked Down; he was bouncing off the last of them,
    in ``last``."""

    __slots__ = ("q", "last", "victims")

    def __init__(self, q: int, last: int, victims: tuple[int, ...] = ()) -> None:
        self.phase = 0
        self.q = q
        self.last = last
        self.victims = victims

    def step(self, g: GameState) -> Decision | None:
        q = self.q
        last = self.last
        victims = list(self.victims)
        g.emit(Note("hit_the_wall", g.tname(g.team[q]), g.pid[q], last))
        occupant = g.board[last]
        if occupant >= 0 and not (victims and occupant == victims[-1]):
            victims.append(occupant)  # he lands on him
        sq = bounce_off_the_wall(g, q, last, victims)
        g.place(q, sq)
        g.status[q] = STANDING
        g.emit(Landing(g.pid[q], sq, False))
        how = "knocked_down" if victims else "fall"
        g.stack[-1] = KnockDown(
            q, how, causes_turnover=False, armour_mod=WALL_ARMOUR_BONUS
        )
        for v in reversed(victims):
            g.stack.append(KnockDown(v, causes_turnover=g.team[v] == g.team[q]))
        return None


__all__ = ["WALL_ARMOUR_BONUS", "WallCrash", "bounce_off_the_wall"]
