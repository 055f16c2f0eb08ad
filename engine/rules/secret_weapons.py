"""Goblin secret weapons (rulebook "Skills and Traits" - Traits: Chainsaw,
Ball & Chain): the Chainsaw Attack Special action (instead of a Block, on
its own or in a Blitz, and with a Foul action) and the Ball & Chain Move
Special action (random movement with the Throw-in template, mandatory
blocks against anyone Standing in the way). Being Sent-off at the end of
the drive (Secret Weapon) is in :class:`engine.rules.turns.EndDrive`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Armour, Move, Roll, SkillUsed
from engine.core.hooks import DieAsk
from engine.core.state import (
    PF_SUREFEET_RR,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import Bounce, ThrowIn, turnover
from engine.rules.blocking import (
    FOUL_APPEARANCE,
    Block,
    foul_appearance_failed,
    foul_appearance_test,
)
from engine.rules.injuries import IRON_HARD_SKIN, Harm, KnockDown, crowd_push
from engine.rules.movement import rush_limit, rush_modifier
from engine.rules.rolls import Test

OPT_END: Option = ("end",)
# The Throw-in template can face either End Zone or either sideline.
FACINGS: tuple[Option, ...] = (
    ("facing", 1, 0),
    ("facing", -1, 0),
    ("facing", 0, 1),
    ("facing", 0, -1),
)


def template_direction(fx: int, fy: int, d6: int) -> tuple[int, int]:
    """The square direction a D6 gives on the Throw-in template facing
    ``(fx, fy)``: 1-2 one diagonal, 3-4 straight on, 5-6 the other
    diagonal (rulebook "Throw-ins")."""
    side = -1 if d6 <= 2 else (0 if d6 <= 4 else 1)
    if fx:
        return fx, side
    return side, fy


def chainsaw_move_options(opts: tuple[Option, ...]) -> tuple[Option, ...]:
    """A Blitz's move options with ``("chainsaw", id)`` (a Chainsaw Attack
    instead of the Block) beside each ``("block", id)``."""
    out: list[Option] = []
    for o in opts:
        out.append(o)
        if o[0] == "block":
            out.append(("chainsaw", o[1]))
    return tuple(out)


def chainsaw_hit(g: GameState, att: int, hit: int, extra: int = 0) -> Proc | None:
    """The Chainsaw's Armour roll (+3, and ``extra``: a Foul's assists)
    against ``hit`` (:class:`ChainsawArmour`); if broken, ``hit`` becomes
    Prone with an unmodified Injury roll. Iron Hard Skin cancels the +3."""
    return ChainsawArmour(att, hit, extra)


class ChainsawArmour(Harm):
    """The Armour roll of a Chainsaw Attack (or of its kick-back) against
    ``p``, caused by ``by``: 2D6 + 3 (+ ``extra``), unmodifiable otherwise
    (rule point ``chainsaw_armour`` may add to it). Like any Armour roll it
    may be re-rolled by a rule (rule point ``armour_reroll``: Old Pro);
    broken, ``p`` is laid Prone (when Standing) with an unmodified Injury
    roll."""

    __slots__ = ("extra",)

    def __init__(self, att: int, hit: int, extra: int = 0) -> None:
        super().__init__(hit, by=att, no_mod=True)
        self.extra = extra

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 6:  # broken, and a rule's re-roll was not made
            self._broken(g)
            return None
        att, hit, extra = self.by, self.p, self.extra
        d1, d2 = self.rerolled or (g.dice.d6(), g.dice.d6())
        mod = extra + 3
        if g.skills[hit] & IRON_HARD_SKIN:
            g.emit(SkillUsed(g.pid[hit], "iron-hard-skin"))
            mod = min(extra, 0)
        else:
            total = d1 + d2 + mod
            for rule in g.hooks.chainsaw_armour:
                mod += rule(g, att, hit, total)
        mod += g.variant.armour_modifier(g, hit)  # a room (Dungeon Bowl)
        av = g.av[hit]
        broken = g.variant.armour_broken(d1 + d2 + mod, av)
        g.emit(Armour(g.pid[hit], (d1, d2), mod, av, broken))
        for again in g.hooks.armour_reroll:  # a rule's re-roll?
            if ask := again.ask(g, self, (d1, d2), broken):
                self.asking, self.phase = again, 40
                self.armour = (d1, d2, broken, 0)
                return ask
        if not broken:
            g.stack.pop()
            return None
        self._broken(g)
        return None

    def _broken(self, g: GameState) -> None:
        hit = self.p
        if g.box[hit] == PITCH and g.status[hit] == STANDING:
            g.stack[-1] = KnockDown(hit, "chainsaw", by=self.by)
        else:
            g.stack[-1] = Harm(hit, by=self.by, injury_only=True, no_mod=True)


def chainsaw_test(att: int) -> Test:
    """The D6 of a Chainsaw Attack: 2+ hits the target, a 1 kicks back.
    Decision: an ordinary D6 of the active team (team re-roll, Pro)."""
    return Test("chainsaw", att, 2, natural=False)


def kick_back(g: GameState, att: int) -> Proc | None:
    """A Chainsaw kick-back (a 1): a Turnover, and the Armour roll (+3)
    against the wielder."""
    turnover(g, "chainsaw")
    g.act_over = True
    return chainsaw_hit(g, att, att)


def foul_appearance_gate(
    g: GameState, proc: Proc, att: int, dfn: int, fa_done: bool
) -> bool:
    """Phases 0 and 1 of a Special action made instead of a Block (Chainsaw
    Attack, Projectile Vomit) against ``dfn``: the action counts as the
    Block, then Foul Appearance is rolled unless already done. True when
    the action goes on (``proc.phase`` is then 2); False when ``proc``
    must return now (the test is on the stack, or it failed and ``proc``
    is gone)."""
    if proc.phase == 0:
        g.act_blocked = True
        if not fa_done and g.skills[dfn] & FOUL_APPEARANCE:
            proc.phase = 1
            g.stack.append(foul_appearance_test(att))
            return False
    elif proc.phase == 1 and not g.ret:
        foul_appearance_failed(g, att, dfn, True)
        g.stack.pop()
        return False
    proc.phase = 2
    return True


def _after_hit(g: GameState, p: int, action: str, target: int) -> Proc | None:
    """A rule's procedure after ``p``'s Special ``action`` hit ``target``
    (rule point ``after_hit``)."""
    for rule in g.hooks.after_hit:
        proc = rule(g, p, action, target)
        if proc is not None:
            return proc
    return None


class ChainsawAttack(Proc):
    """Chainsaw Attack Special action against the Standing ``dfn`` (instead
    of a Block, on its own or in a Blitz): D6, 2+ hits the target, a 1 kicks
    back at the wielder (a Turnover); Armour roll +3 against the player hit,
    if broken they become Prone and an unmodified Injury roll is made.
    Either way the activation ends (no moving on after it in a Blitz).

    Decisions: becoming Prone this way is not a Turnover unless the active
    team's ball carrier drops the ball or the Chainsaw kicked back; no SPP
    for a Casualty (it is not a Block action)."""

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
            for rule in g.hooks.special_action:
                rule(g, att, "chainsaw", dfn)
            g.emit(SkillUsed(g.pid[att], "chainsaw"))
            self.phase = 3
            g.stack.append(chainsaw_test(att))
            return None
        g.act_over = True
        hit = bool(g.ret)
        nxt = chainsaw_hit(g, att, dfn) if hit else g.variant.chainsaw_kick_back(g, att)
        follow = _after_hit(g, att, "chainsaw", dfn) if hit else None
        if follow is not None:  # run once the hit's consequences are over
            g.stack[-1] = follow
            if nxt is not None:
                g.stack.append(nxt)
        elif nxt is None:
            g.stack.pop()
        else:
            g.stack[-1] = nxt
        return None


class BallAndChainMove(Proc):
    """Ball & Chain Move Special action of ``p``: square by square, the
    coach faces the Throw-in template (decision ``ball_and_chain``: one of
    :data:`FACINGS`, or ``("end",)``) and a D6 gives the square. Dodges
    always pass; off the pitch means Injury by the Crowd; a loose ball in
    the square bounces; a Standing player there (either team) must be
    Blocked (Foul Appearance ignored, follow-up compulsory:
    :class:`engine.rules.blocking.Block`); a Prone or Stunned one is pushed back
    (decision ``chain_push`` when two or more push squares are free) and
    an Armour roll made against them. Once the Movement Allowance is used
    each square is a Rush (D6 2+), declared before the template: a failed
    Rush into a Standing player pushes them back and the player Falls Over
    in the vacated square. Any fall means an Injury roll with Stunned as
    KO'd (:class:`engine.rules.injuries.KnockDown`).

    Decisions: the coach may stop before the Movement Allowance is used
    (the rule does not make the player use it all); moving into a square
    costs one square of movement even when the Block there leaves the
    player where they were; a Rush into a Prone or Stunned player is rolled
    after the push, as for an empty square; when none of the push squares
    is free (all occupied, none off the pitch) the Prone player is not
    moved, the Armour roll is still made and the player stays put.

    Phases: 0 facing?, 1 rush result (empty square), 2 rush result
    (Standing player), 3 after a block, 4 push square?, 5 push a Prone
    player.
    """

    __slots__ = ("p", "dst", "fall", "rushing", "facing", "die", "asking")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.dst = -1
        self.fall = False
        self.rushing = False
        self.facing = (0, 0)
        self.die = 0
        self.asking: DieAsk | None = None  # the rule waiting for an answer

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        ph = self.phase
        if ph == 1:
            if not g.ret:
                self._fall(g)
                return None
            self.phase = 0
        elif ph == 2:
            q = g.board[self.dst]
            if g.ret:
                self.phase = 3
                g.stack.append(Block(p, q, fa_done=True))
                return None
            return self._shove(g, q, fall=True)
        elif ph == 3:
            self.phase = 0
        elif ph == 5:
            return self._shove(g, g.board[self.dst], fall=False)
        elif ph == 11:  # a rule's re-roll of the direction?
            for rule in g.hooks.ball_and_chain_direction:
                if dec := rule.ask(g, p, self.die):
                    self.asking, self.phase = rule, 12
                    return dec
            self._go(g, self.die)
            return None
        if (
            g.act_over
            or g.turnover is not None
            or g.touchdown
            or g.box[p] != PITCH
            or g.status[p] != STANDING
        ):
            g.stack.pop()
            return None
        if g.act_ma_used >= g.ma[p] and g.act_rushes >= rush_limit(g, p):
            g.stack.pop()
            return None
        self.phase = 10
        return Decision(
            g.tname(g.team[p]), "ball_and_chain", FACINGS + (OPT_END,), g.pid[p]
        )

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 4:
            self._pushed_to(g, g.board[self.dst], choice[1])
            return
        if self.phase == 12:  # the rule's re-roll of the direction?
            rule, self.asking = self.asking, None
            use = rule is not None and choice[0] == "use"
            d = rule.reroll(g, p) if rule is not None and use else self.die
            self._go(g, d)
            return
        if choice == OPT_END:
            g.stack.pop()
            return
        d = g.dice.d6()
        g.emit(Roll("ball_and_chain", g.pid[p], (d,), 0, 0, True, False))
        self.facing = (choice[1], choice[2])
        self.die = d
        self.phase = 11

    def _go(self, g: GameState, d: int) -> None:
        """Move one square in the direction die ``d`` gives."""
        p = self.p
        rushing = g.act_ma_used >= g.ma[p]
        dx, dy = template_direction(self.facing[0], self.facing[1], d)
        src = g.pos[p]
        dst = g.pitch.step(src, dx, dy)
        g.act_ma_used += 1
        if rushing:
            g.act_rushes += 1
        self.dst = dst
        self.rushing = rushing
        self.phase = 0
        if dst < 0:
            g.act_over = True
            g.emit(Move(g.pid[p], src, -1, "ball_and_chain"))
            g.stack[-1] = crowd_push(g, p)
            return
        q = g.board[dst]
        if q >= 0 and g.status[q] == STANDING:
            if rushing:
                self.phase = 2
                g.stack.append(self._rush(g))
            else:
                self.phase = 3
                g.stack.append(Block(p, q, fa_done=True))
            return
        if q >= 0:
            self.phase = 5  # a Prone or Stunned player: pushed back
            return
        if rushing:  # (rolled after a bounce of the ball pushed below)
            self.phase = 1
            g.stack.append(self._rush(g))
        self._enter(g)

    def _rush(self, g: GameState) -> Test:
        return Test(
            "rush",
            self.p,
            g.variant.rush_target(g, self.p),
            rush_modifier(g),
            skill_rr=S.SURE_FEET,
            skill_flag=PF_SUREFEET_RR,
            natural=False,
        )

    def _enter(self, g: GameState) -> None:
        """Move into the (now empty) square ``dst``; a loose ball there
        bounces (the move is involuntary)."""
        p, dst = self.p, self.dst
        src = g.pos[p]
        g.move(p, dst)
        g.emit(Move(g.pid[p], src, dst, "ball_and_chain"))
        if g.ball == dst and g.carrier < 0 and not g.ball_air:
            g.stack.append(Bounce(dst))

    def _shove(self, g: GameState, q: int, fall: bool) -> Decision | None:
        """Push ``q`` (in ``dst``) back; then the player enters ``dst``.
        ``fall``: a failed Rush, the player then Falls Over there."""
        p = self.p
        sqs = g.pitch.push_squares(g.pos[p], self.dst)
        free = tuple(s for s in sqs if s >= 0 and g.board[s] < 0)
        self.fall = fall
        if len(free) > 1:
            self.phase = 4
            return Decision(
                g.tname(g.team[p]),
                "chain_push",
                tuple(("push", s) for s in free),
                g.pid[q],
            )
        if free:
            self._pushed_to(g, q, free[0])
        elif -1 in sqs:
            self._pushed_to(g, q, -1)
        else:
            self._pushed_to(g, q, -2)
        return None

    def _pushed_to(self, g: GameState, q: int, sq: int) -> None:
        """``q`` goes to ``sq`` (-1 the crowd, -2 nowhere), then the
        consequences: the player enters, Falls Over after a failed Rush,
        the Armour roll against a Prone or Stunned ``q``."""
        p = self.p
        fall = self.fall
        self.phase = 0
        down = g.status[q] != STANDING
        todo: list[Proc] = []
        if sq >= 0:
            frm = g.pos[q]
            g.move(q, sq)
            g.emit(Move(g.pid[q], frm, sq, "pushed"))
            if g.ball == sq and g.carrier < 0 and not g.ball_air:
                todo.append(Bounce(sq))
        elif sq == -1:
            had = g.carrier == q
            if had:
                g.carrier = -1
                g.ball = -1
                g.ball_air = True
                if g.team[q] == g.active:
                    turnover(g, "pushed_into_crowd")
                todo.append(ThrowIn(self.dst))
            todo.append(crowd_push(g, q))
        if down and sq != -1:
            todo.append(Harm(q, by=p))
        if fall:
            g.act_over = True
            todo.append(KnockDown(p, "fall"))
        elif self.rushing:
            self.phase = 1
            g.stack.append(self._rush(g))
        if g.board[self.dst] < 0:
            self._enter(g)
        for proc in reversed(todo):
            g.stack.append(proc)

    def _fall(self, g: GameState) -> None:
        g.act_over = True
        g.stack[-1] = KnockDown(self.p, "fall")


__all__ = [
    "FACINGS",
    "BallAndChainMove",
    "ChainsawAttack",
    "chainsaw_hit",
    "chainsaw_move_options",
    "chainsaw_test",
    "kick_back",
    "template_direction",
]
