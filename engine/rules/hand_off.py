"""The Hand-off (rulebook "Hand-off Actions"; Dungeon Bowl's Give and Go)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import HandOff, SkillUsed
from engine.core.state import Decision, GameState, Proc
from engine.rules.ball import Catch, turnover
from engine.rules.passing import stolen

GIVE_AND_GO = S.BIT["give-and-go"]  # Dungeon Bowl


def give_and_go(g: GameState, p: int, action: str) -> tuple[int, str]:
    """The Activation's next phase and action once ``p`` has declared the
    Hand-off: 9 (the activation ends after it), or, with Give and Go
    (Dungeon Bowl) and Movement Allowance left, 5 and "move": the player may
    go on moving once the Hand-off is resolved (a Turnover still ends the
    activation). Decision: as with Running Pass, the normal movement rules
    apply after it, Rushing included."""
    if g.skills[p] & GIVE_AND_GO and g.act_ma_used < g.ma[p]:
        return 5, "move"
    return 9, action


class HandOffAction(Proc):
    """Hand-off to an adjacent Standing team-mate, who must catch (no
    modifier besides Marking); a Turnover unless a team-mate ends with it."""

    __slots__ = ("p", "q")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q

    def step(self, g: GameState) -> Decision | None:
        p, q = self.p, self.q
        if self.phase == 0:
            g.emit(HandOff(g.pid[p], g.pid[q]))
            g.carrier = -1
            g.ball = g.pos[q]
            self.phase = 1
            g.stack.append(Catch(q, 0, "hand_off"))
            return None
        g.stack.pop()
        c = g.carrier
        if (c < 0 or g.team[c] != g.team[p]) and not stolen(g):
            turnover(g, "hand_off")
        elif g.skills[p] & GIVE_AND_GO and g.act_ma_used < g.ma[p]:
            g.emit(SkillUsed(g.pid[p], "give-and-go"))
        return None
