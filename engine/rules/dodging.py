"""The Agility test to Dodge, Jump or Leap when skills act on its result
(skills Break Tackle and Diving Tackle; used by :class:`engine.rules.movement.Step`).
"""

from __future__ import annotations

from engine.core.events import Move, Reroll, SkillUsed
from engine.core.skillbits import slugs_of
from engine.core.state import PF_BREAK_TACKLE, PF_DODGE_RR, Decision, GameState, Option
from engine.rules.rolls import (
    OPT_NO_RR,
    OPT_PRO,
    OPT_TEAM_RR,
    Test,
    can_use_pro,
    rule_reroll,
    rule_reroll_options,
    skill_reroll_ok,
    spend_team_reroll,
    team_reroll_available,
    try_pro,
)

OPT_DECLINE: Option = ("decline",)


def use_options(g: GameState, users: list[int], slug: str) -> tuple[Option, ...]:
    """Options to use skill ``slug`` with one of ``users``, or decline."""
    return tuple(("use", slug, g.pid[q]) for q in users) + (OPT_DECLINE,)


def _passes(die: int, mod: int, target: int) -> bool:
    """An Agility test result: natural 1 fails, natural 6 passes."""
    return die != 1 and (die == 6 or die + mod >= target)


class MoveTest(Test):
    """The Agility test to Dodge, Jump or Leap when skills act on its
    result: Break Tackle (``bt``: +1/+2 once per activation) and Diving
    Tackle (``dt``: the Marking players who may use it; -2, then the
    tackler is moved to ``src``, the square left, and Placed Prone by the
    Step).

    Decision: Break Tackle is used automatically when it turns a failed
    Dodge into a pass (before any re-roll); Diving Tackle is offered to
    its coach after each passed roll until used, and a failure it causes
    may still be re-rolled (with the -2 kept).
    """

    __slots__ = ("src", "bt", "dt", "ok", "rerolled")

    def __init__(
        self,
        purpose: str,
        p: int,
        target: int,
        mod: int,
        *,
        skill_rr: int,
        src: int,
        bt: int,
        dt: tuple[int, ...],
    ) -> None:
        super().__init__(
            purpose, p, target, mod, skill_rr=skill_rr, skill_flag=PF_DODGE_RR
        )
        self.src = src
        self.bt = bt
        self.dt = dt
        self.ok = False
        self.rerolled = False

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.ok = self._roll(g, False)
            self.phase = 1
        return self._judge(g)

    def _judge(self, g: GameState) -> Decision | None:
        p = self.p
        if (
            not self.ok
            and self.bt
            and _passes(self.die, self.mod + self.bt, self.target)
        ):
            self.mod += self.bt
            self.bt = 0
            self.ok = True
            g.pflags[p] |= PF_BREAK_TACKLE
            g.emit(SkillUsed(g.pid[p], "break-tackle"))
        if self.ok:
            if self.dt:
                self.phase = 2
                return Decision(
                    g.tname(1 - g.team[p]),
                    "use_skill",
                    use_options(g, list(self.dt), "diving-tackle"),
                    g.pid[p],
                    info=("diving-tackle",),
                )
            self._finish(g, True)
            return None
        if self.rerolled:
            return self._failed(g)
        self.rerolled = True
        sk = g.skills[p]
        if (
            self.skill_rr
            and sk & self.skill_rr
            and skill_reroll_ok(g, p)
            and not g.pflags[p] & self.skill_flag
        ):
            g.pflags[p] |= self.skill_flag
            g.emit(
                Reroll(
                    g.tname(g.team[p]),
                    g.pid[p],
                    slugs_of(self.skill_rr & sk)[0],
                    self.purpose,
                )
            )
            self.ok = self._roll(g, True)
            return self._judge(g)
        opts: list[Option] = []
        if team_reroll_available(g, g.team[p], p):
            opts.append(OPT_TEAM_RR)
        if can_use_pro(g, p):
            opts.append(OPT_PRO)
        opts += rule_reroll_options(g, self)
        if not opts:
            return self._failed(g)
        opts.append(OPT_NO_RR)
        self.phase = 3
        return Decision(
            g.tname(g.team[p]), "reroll", tuple(opts), g.pid[p], info=(self.purpose,)
        )

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 5:  # a rule on the failed result (test_result)
            super().receive(g, choice)
            return
        if self.phase == 2:  # Diving Tackle?
            if choice == OPT_DECLINE:
                self.dt = ()
                return
            q = g.idx[choice[2]]
            self.dt = ()
            g.emit(SkillUsed(g.pid[q], "diving-tackle"))
            frm = g.pos[q]
            g.move(q, self.src)
            g.emit(Move(g.pid[q], frm, self.src, "diving_tackle"))
            self.mod -= 2
            self.ok = _passes(self.die, self.mod, self.target)
            # BB2025: after the test and its re-rolls, none left.
            self.rerolled = self.rerolled or not g.variant.diving_tackle_rerolls
        elif choice == OPT_TEAM_RR:
            self.ok = spend_team_reroll(g, g.team[p], p, self.purpose) and self._roll(
                g, True
            )
        elif choice == OPT_PRO:
            self.ok = try_pro(g, p, self.purpose) and self._roll(g, True)
        elif rule_reroll(g, self, choice):
            self.ok = self._roll(g, True)
        else:
            self.ok = False
        self.phase = 1
