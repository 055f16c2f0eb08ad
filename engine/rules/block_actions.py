"""Block-action variants (rulebook "Blitz actions"; skills Multiple Block,
Pile Driver, Foul Appearance; trait Projectile Vomit): the Blitz block's
movement cost, two simultaneous blocks, the free Foul after a knock-down,
and the Projectile Vomit Special action. The block itself is
:class:`engine.rules.blocking.Block`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Armour, SkillUsed
from engine.core.state import (
    PF_SUREFEET_RR,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.blocking import (
    FOUL_APPEARANCE,
    PILE_DRIVER,
    Block,
    foul_appearance_failed,
    foul_appearance_test,
)
from engine.rules.fouls import FoulAction
from engine.rules.injuries import KnockDown
from engine.rules.movement import rush_modifier, rushes_counted
from engine.rules.pushing import OPT_DECLINE
from engine.rules.rolls import Test
from engine.rules.secret_weapons import ChainsawAttack, foul_appearance_gate

MULTIPLE_BLOCK = S.BIT["multiple-block"]
PROJECTILE_VOMIT = S.BIT["projectile-vomit"]


class BlitzBlock(Proc):
    """A Block (or Projectile Vomit, ``vomit``) during a Blitz costs one
    square of movement (Rush if needed; a failed Rush means the blitzer
    Falls Over).

    Decision: a Foul Appearance roll against the target is made first,
    before the square is paid; on a 1 the activation ends."""

    __slots__ = ("att", "dfn", "second", "vomit", "saw")

    def __init__(
        self,
        att: int,
        dfn: int,
        second: bool = False,
        vomit: bool = False,
        saw: bool = False,
    ) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.second = second
        self.vomit = vomit
        self.saw = saw  # a Chainsaw Attack instead of the Block

    def step(self, g: GameState) -> Decision | None:
        att = self.att
        ph = self.phase
        if ph == 0:
            # a Frenzy's second block: rolled for at the first (Decision at
            # engine.skills.after_block.frenzy)
            if not self.second and g.skills[self.dfn] & FOUL_APPEARANCE:
                self.phase = 1
                g.stack.append(foul_appearance_test(att))
                return None
            ph = 2
        elif ph == 1:
            if not g.ret:
                g.act_blocked = True
                foul_appearance_failed(g, att, self.dfn, True)
                g.stack.pop()
                return None
            ph = 2
        if ph == 2:
            g.act_blocked = True
            need_rush = g.act_ma_used >= g.ma[att]
            g.act_ma_used += 1
            if need_rush:
                g.act_rushes += 1
                rushes_counted(g, att)
                self.phase = 3
                g.stack.append(
                    Test(
                        "rush",
                        att,
                        g.variant.rush_target(g, att),
                        rush_modifier(g, att),
                        skill_rr=S.SURE_FEET,
                        skill_flag=PF_SUREFEET_RR,
                        natural=False,
                    )
                )
                return None
            g.stack[-1] = self._next(g)
            return None
        if not g.ret:
            g.act_over = True
            g.stack[-1] = KnockDown(att, "fall")
        else:
            g.stack[-1] = self._next(g)
        return None

    def _next(self, g: GameState) -> Proc:
        if self.saw:
            return ChainsawAttack(self.att, self.dfn, fa_done=True)
        if self.vomit:
            if g.variant.vomit_blitz_ends_activation:
                g.act_over = True
            return ProjectileVomit(self.att, self.dfn, fa_done=True)
        return Block(self.att, self.dfn, True, self.second, fa_done=True)


def resumed_block(att: int, dfn: int, result: int, dfn_from: int) -> Block:
    """A Multiple Block's block whose die was rolled and chosen earlier
    (``hold``): it goes on from applying ``result``."""
    b = Block(att, dfn, fa_done=True, multi=True)
    b.result = result
    b.dfn_from = dfn_from
    b.phase = 30
    return b


def block_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents ``p`` is Marking (who can be blocked)."""
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.status[q] == STANDING
    ]


def multiple_block_options(g: GameState, p: int) -> tuple[Option, ...]:
    """Multiple Block's options for a Block action on its own:
    ``("multiple_block", first_id, second_id)`` for every ordered pair of
    targets (Decision: the two blocks are rolled in that order and their
    results applied in that order)."""
    qs = block_targets(g, p)
    if len(qs) < 2:
        return ()
    pid = g.pid
    return tuple(("multiple_block", pid[a], pid[b]) for a in qs for b in qs if a != b)


def vomit_move_options(
    g: GameState, p: int, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """A Blitz's move options with ``("vomit", id)`` (Projectile Vomit
    instead of the Block) beside each ``("block", id)``."""
    out: list[Option] = []
    for o in opts:
        out.append(o)
        if o[0] == "block":
            out.append(("vomit", o[1]))
    return tuple(out)


class MultipleBlock(Proc):
    """Multiple Block: two Block actions on different Marked targets, at
    Strength -2, resolved "simultaneously": both sets of block dice are
    rolled (with their re-rolls) and their results chosen first, then both
    results are applied, even after a Turnover; no follow-up, no Frenzy.

    Decisions: results are applied in the declared order; a result is not
    applied when the attacker has left the pitch or its target is no longer
    a Standing player next to the attacker (moved by the first block); an
    attacker already Knocked Down is not Knocked Down again; a Foul
    Appearance 1 wastes only the block against that player. Pile Driver is
    offered once, after both blocks, against either target Knocked Down.
    """

    __slots__ = ("att", "a", "b", "ra", "rb", "kd_a")

    def __init__(self, att: int, a: int, b: int) -> None:
        self.phase = 0
        self.att = att
        self.a = a
        self.b = b
        self.ra: tuple[int, ...] = ()
        self.rb: tuple[int, ...] = ()
        self.kd_a = False

    def _held(self, q: int) -> Block:
        return Block(self.att, q, hold=True, multi=True, st_mod=-2)

    def _can_apply(self, g: GameState, q: int) -> bool:
        att = self.att
        return (
            g.box[att] == PITCH
            and g.box[q] == PITCH
            and g.status[q] == STANDING
            and g.pos[q] in g.pitch.neighbours[g.pos[att]]
        )

    def _apply(self, g: GameState, q: int, r: tuple[int, ...]) -> None:
        if r and self._can_apply(g, q):
            g.stack.append(resumed_block(self.att, q, r[0], r[1]))
        else:
            g.ret = False

    def step(self, g: GameState) -> Decision | None:
        att = self.att
        ph = self.phase
        if ph == 0:
            g.act_blocked = True
            g.emit(SkillUsed(g.pid[att], "multiple-block"))
            self.phase = 1
            g.stack.append(self._held(self.a))
            return None
        if ph == 1:
            self.ra = g.ret if isinstance(g.ret, tuple) else ()
            self.phase = 2
            g.stack.append(self._held(self.b))
            return None
        if ph == 2:
            self.rb = g.ret if isinstance(g.ret, tuple) else ()
            self.phase = 3
            self._apply(g, self.a, self.ra)
            return None
        if ph == 3:
            self.kd_a = g.ret is True
            self.phase = 4
            self._apply(g, self.b, self.rb)
            return None
        kd = (self.kd_a, g.ret is True)
        g.act_over = True
        down = tuple(q for q, k in zip((self.a, self.b), kd, strict=True) if k)
        if down and g.skills[att] & PILE_DRIVER:
            g.stack[-1] = PileDriver(att, down)
        else:
            g.stack.pop()
        return None


class PileDriver(Proc):
    """Pile Driver: after Knocking Down a target with a Block, a Standing
    attacker next to it may commit a free Foul action against it (decision
    ``pile_driver``: ``("foul", id)`` or ``("decline",)``), then is Placed
    Prone and the activation ends.

    Decisions: offered after the target's armour and injury are resolved
    (it is Prone or Stunned by then), never after a Turnover or a
    touchdown; the free Foul does not use the team's Foul action but is
    otherwise a Foul (assists, Dirty Player, Sent-off on doubles).
    """

    __slots__ = ("att", "cands")

    def __init__(self, att: int, cands: tuple[int, ...]) -> None:
        self.phase = 0
        self.att = att
        self.cands = cands

    def step(self, g: GameState) -> Decision | None:
        att = self.att
        if self.phase == 0:
            if (
                g.box[att] != PITCH
                or not g.has_tz(att)
                or g.turnover is not None
                or g.touchdown
            ):
                g.stack.pop()
                return None
            near = g.pitch.neighbours[g.pos[att]]
            opts = tuple(
                g.pl_opts[q]["foul"]
                for q in self.cands
                if g.box[q] == PITCH and g.status[q] != STANDING and g.pos[q] in near
            )
            if not opts:
                g.stack.pop()
                return None
            self.phase = 1
            return Decision(
                g.tname(g.team[att]),
                "pile_driver",
                opts + (OPT_DECLINE,),
                g.pid[att],
                info=("pile-driver",),
            )
        g.act_over = True
        if g.box[att] == PITCH and g.status[att] == STANDING:
            g.stack[-1] = KnockDown(att, "placed_prone")
        else:
            g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            g.stack.pop()
            return
        g.emit(SkillUsed(g.pid[self.att], "pile-driver"))
        self.phase = 2
        g.stack.append(FoulAction(self.att, g.idx[choice[1]]))


class ProjectileVomit(Proc):
    """Projectile Vomit Special action (instead of a Block, on its own or in
    a Blitz) against the Standing ``dfn``: D6, 2+ hits the target, 1 hits
    the vomiting player; an unmodified Armour roll against the player hit,
    and if broken they become Prone with an unmodified Injury roll.

    Decisions: the D6 may be re-rolled like any roll of the active team;
    becoming Prone this way is not a Turnover unless the active team's ball
    carrier drops the ball (as for Placed Prone); no SPP for a Casualty
    (it is not a Block action)."""

    __slots__ = ("att", "dfn", "fa_done")

    def __init__(self, att: int, dfn: int, fa_done: bool = False) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.fa_done = fa_done

    def step(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        if self.phase < 2 and not foul_appearance_gate(g, self, att, dfn, self.fa_done):
            return None
        ph = self.phase
        if ph == 2:
            for rule in g.hooks.special_action:  # a lent Projectile Vomit
                rule(g, att, "projectile_vomit", dfn)
            g.emit(SkillUsed(g.pid[att], "projectile-vomit"))
            self.phase = 3
            g.stack.append(Test("projectile_vomit", att, 2, natural=False))
            return None
        hit = dfn if g.ret else att
        d1, d2 = g.dice.d6(), g.dice.d6()
        av = g.av[hit]
        broken = d1 + d2 >= av
        g.emit(Armour(g.pid[hit], (d1, d2), 0, av, broken))
        if broken:
            g.stack[-1] = KnockDown(hit, "vomit", by=att)
        else:
            g.stack.pop()
        return None


__all__ = [
    "BlitzBlock",
    "MultipleBlock",
    "PileDriver",
    "ProjectileVomit",
    "block_targets",
    "multiple_block_options",
    "vomit_move_options",
]
