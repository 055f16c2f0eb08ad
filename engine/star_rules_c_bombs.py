"""Star Players' special rules (group c) for bomb throwers
(star_players.md; the Throw Bomb Special action is
:class:`engine.rules.bombs.BombThrow`):

* Kaboom! (Bomber Dribblesnot, once per game): when an opponent catches
  (or intercepts) a bomb Bomber threw, it may go off at once, with no roll
  for whether the catcher throws it on (decision ``use_skill``, "kaboom").
* All You Can Eat (Cindy Piewhistle, once per game): declared as her Throw
  Bomb action begins (decision ``use_skill``, "all-you-can-eat"), she
  throws two bombs instead of one; straight after the second a D6 of 1-3
  gets her Sent-off.
"""

from __future__ import annotations

from engine.core.events import Roll
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.blocking import OPT_DECLINE, use_skill
from engine.rules.bombs import BombThrow
from engine.rules.fouls import SendOff
from engine.skills.stars.limits import ready, spend

KABOOM = "kaboom"
EAT = "all-you-can-eat"
KABOOM_BIT = BIT[KABOOM]
EAT_BIT = BIT[EAT]


def bomb_action(g: GameState, p: int) -> Proc:
    """The procedure of ``p``'s Throw Bomb action."""
    if g.skills[p] & EAT_BIT and ready(g, p, EAT):
        return AllYouCanEat(p)
    return one_bomb(g, p)


def one_bomb(g: GameState, p: int) -> BombThrow:
    """One bomb thrown by ``p`` (with Kaboom! when he has it)."""
    if g.skills[p] & KABOOM_BIT:
        return KaboomThrow(p)
    return BombThrow(p)


class KaboomThrow(BombThrow):
    """A bomb thrown by a player with Kaboom!: when an opponent catches or
    intercepts it and the rule is ready, the thrower's coach may (decision
    ``use_skill``) make it explode in the catcher's square at once;
    otherwise the catcher rolls as usual.

    Decision: offered only for an opponent's catch (a team-mate's catch is
    not the rule's case); the explosion is the usual one ("caught")."""

    __slots__ = ()

    def _caught(self, g: GameState, c: int) -> None:
        p = self.p
        if not self.again and g.team[c] != g.team[p] and ready(g, p, KABOOM):
            self.interferer = c
            self.phase = 20
            return
        super()._caught(g, c)

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 20:
            return use_skill(g, self.p, KABOOM)
        return super().step(g)

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase != 20:
            super().receive(g, choice)
            return
        c = self.interferer
        self.phase = 8
        if choice == OPT_DECLINE:
            super()._caught(g, c)
            return
        spend(g, self.p, KABOOM)
        self._explode(g, g.pos[c], "caught")


class AllYouCanEat(Proc):
    """Cindy's Throw Bomb action with All You Can Eat ready: the coach
    declares it or not before the first throw; declared, she throws a
    second bomb after the first, then rolls a D6: 1-3 and she is Sent-off.

    Decisions: the second bomb is thrown only while she is still Standing
    on the pitch and no Turnover or touchdown has come from the first (a
    bomb that lays her down ends her action); the D6 is rolled only after
    a second throw; the Sending-off is the referee's as for Secret Weapon
    (Argue the Call and a Bribe may be tried) and is no Turnover."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            return use_skill(g, p, EAT)
        if self.phase == 1:
            self.phase = 2
            g.stack.append(one_bomb(g, p))
            return None
        if self.phase == 2:
            if (
                g.box[p] != PITCH
                or g.status[p] != STANDING
                or g.turnover is not None
                or g.touchdown
                or g.done
            ):
                g.stack.pop()
                return None
            self.phase = 3
            second = one_bomb(g, p)
            g.stack.append(second)
            return None
        d = g.dice.d6()
        stays = d >= 4
        g.emit(Roll("all_you_can_eat", g.pid[p], (d,), 4, 0, stays, False))
        if stays or g.box[p] != PITCH:
            g.stack.pop()
        else:
            g.stack[-1] = SendOff(p, EAT, False)
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if choice == OPT_DECLINE:
            g.stack[-1] = one_bomb(g, p)
            return
        spend(g, p, EAT)
        self.phase = 1


__all__ = ["AllYouCanEat", "KaboomThrow", "bomb_action", "one_bomb"]
