"""On the Ball (skill): a player of the team not moving may move up to
three squares before a Pass action's test, or at the kick-off (rulebook
"Skills and Traits"), one free step at a time outside any activation.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import SkillUsed
from engine.core.state import (
    PF_ROOTED,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.movement import OPT_END, Step, rush_limit

ON_THE_BALL = S.BIT["on-the-ball"]
OPT_DECLINE: Option = ("decline",)


def on_the_ball(
    g: GameState, t: int, kickoff: bool, moved: tuple[int, ...] = ()
) -> Decision | None:
    """On the Ball: team ``t`` may have one player with the skill move up
    to three squares (before a Pass action's test, or at the kick-off when
    the player is Open). Returns the choice of player, or None. ``moved``:
    the players who have moved already before this pass (where the format
    lets several move, ``Variant.on_the_ball_several``).

    Decision: one player per Pass action in BB2020 (as at the kick-off);
    the move is up to three single steps, without Rushing or Jumping.
    """
    sk = g.skills
    cands: list[Option] = []
    for q in range(g.n):
        if (
            sk[q] & ON_THE_BALL
            and q not in moved
            and g.team[q] == t
            and g.box[q] == PITCH
            and g.has_tz(q)
            and not g.pflags[q] & PF_ROOTED
            and not (kickoff and g.markers(g.pos[q], t))
        ):
            cands.append(("on_the_ball", g.pid[q]))
    if not cands:
        return None
    return Decision(g.tname(t), "on_the_ball", tuple(cands) + (OPT_DECLINE,))


def on_the_ball_move(g: GameState, choice: Option, area: int) -> None:
    """Push the move of the On the Ball player chosen (if any)."""
    if choice[0] == "on_the_ball":
        q = g.idx[choice[1]]
        g.emit(SkillUsed(g.pid[q], "on-the-ball"))
        g.stack.append(FreeMove(q, 3, "on_the_ball_move", area))


class FreeMove(Proc):
    """Player ``p`` moves up to ``n`` squares outside their activation (On
    the Ball), one ``free`` Step at a time, no Rushing or Jumping; squares
    must carry pitch flag ``area`` when given. The coach picks squares
    (decision ``kind``) or ends. The active player's activation state is
    saved and restored around it."""

    __slots__ = ("p", "n", "kind", "area", "saved")

    def __init__(self, p: int, n: int, kind: str, area: int = 0) -> None:
        self.phase = 0
        self.p = p
        self.n = n
        self.kind = kind
        self.area = area
        self.saved: tuple[int, int, bool, bool] = (0, 0, False, False)

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            self.saved = (g.act_ma_used, g.act_rushes, g.act_jumped, g.act_over)
            g.act_ma_used = g.ma[p] - self.n
            g.act_rushes = rush_limit(g, p)
            g.act_jumped = True
            g.act_over = False
            self.phase = 1
        if (
            self.phase == 1
            and g.ma[p] > g.act_ma_used
            and g.box[p] == PITCH
            and g.status[p] == STANDING
            and not g.act_over
            and not g.touchdown
            and not g.pflags[p] & PF_ROOTED
        ):
            area = self.area
            flags = g.pitch.flags
            mo = g.pitch.move_opts
            opts = tuple(
                mo[s]
                for s in g.pitch.neighbours[g.pos[p]]
                if g.board[s] < 0 and (not area or flags[s] & area)
            )
            if opts:
                return Decision(
                    g.tname(g.team[p]), self.kind, opts + (OPT_END,), g.pid[p]
                )
        g.act_ma_used, g.act_rushes, g.act_jumped, g.act_over = self.saved
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_END:
            self.phase = 2
            return
        g.stack.append(Step(self.p, choice[1], free=True))
