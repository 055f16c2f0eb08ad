"""Movement (rulebook "Movement": moving, Standing Up, Rushing, Marked
Players and Dodging, Jumping over Prone or Stunned Players, Picking up the
Ball (:mod:`engine.rules.pickup`); skills Dodge, Tackle, Sure Feet, Sprint, Sure Hands, Stunty, Titchy,
No Hands, Leap, Break Tackle, Diving Tackle, Shadowing, Fumblerooskie, Big
Hand, Extra Arms, Two Heads, Very Long Legs, Prehensile Tail, Tentacles;
Prayer "Treacherous Trapdoor").
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import skillbits as S
from engine.core.events import BallMove, Move, Roll, SkillUsed
from engine.core.hooks import LeapAsk, StepAsk
from engine.core.pitch import F_TRAPDOOR
from engine.core.state import (
    PF_BREAK_TACKLE,
    PF_DODGE_RR,
    PF_SUREFEET_RR,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import Bounce, check_touchdown, turnover
from engine.rules.dodging import OPT_DECLINE, MoveTest, use_options
from engine.rules.exclusions import held_in_place
from engine.rules.injuries import KnockDown, arm_bar, crowd_push
from engine.rules.pickup import Pickup
from engine.rules.prayers import moles, trapdoors_live
from engine.rules.rolls import Test
from engine.rules.step_squares import step_options

OPT_END: Option = ("end",)
STOP = -1  # a stage of a procedure's step: return now
OPT_THROW: Option = ("throw",)

LEAP = S.BIT["leap"]
BREAK_TACKLE = S.BIT["break-tackle"]
DIVING_TACKLE = S.BIT["diving-tackle"]
SHADOWING = S.BIT["shadowing"]
FUMBLEROOSKI = S.BIT["fumblerooski"]
BIG_HAND = S.BIT["big-hand"]
EXTRA_ARMS = S.BIT["extra-arms"]
TWO_HEADS = S.BIT["two-heads"]
VERY_LONG_LEGS = S.BIT["very-long-legs"]
PREHENSILE_TAIL = S.BIT["prehensile-tail"]
TENTACLES = S.BIT["tentacles"]
JUMP_UP = S.BIT["jump-up"]
TIMMM_BER = S.BIT["timmm-ber"]
_ARMED = S.BOMBARDIER | S.CHAINSAW | S.SWOOP  # Stunty dodges as others do
DRUNKARD = S.BIT["drunkard"]
# Skills of Marking players that act when the player leaves their square.
_LEAVING = TENTACLES | DIVING_TACKLE | PREHENSILE_TAIL | SHADOWING


def rush_limit(g: GameState, p: int) -> int:
    """Rushes allowed per action: 2, or 3 with Sprint, and any more a rule
    gives (rule point ``extra_rushes``)."""
    sk = g.skills[p]
    n = 3 if sk & S.SPRINT else 2
    if sk & g.hooks.extra_rushes_bits:
        for more in g.hooks.extra_rushes:
            n += more(g, p)
    return n


def rushes_counted(g: GameState, p: int) -> None:
    """A move counted ``p``'s Rushes in ``g.act_rushes`` (rule point
    ``rushed``)."""
    if g.hooks.rushed:
        limit = rush_limit(g, p)
        for rule in g.hooks.rushed:
            rule(g, p, limit)


def rush_modifier(g: GameState, p: int = -1) -> int:
    """Blizzard and Moles under the Pitch make Rushing harder, and so does
    Drunkard (-1) for player ``p``."""
    m = -1 if p >= 0 and g.skills[p] & DRUNKARD else 0
    if g.weather == "blizzard":
        m -= 1
    m -= moles(g, p)
    return m


def dodge_markers(g: GameState, sq: int, team: int) -> int:
    """Markers counted for a Dodge into ``sq``: Titchy players do not count."""
    c = 0
    board = g.board
    for s in g.pitch.neighbours[sq]:
        q = board[s]
        if q >= 0 and g.team[q] != team and g.has_tz(q) and not g.skills[q] & S.TITCHY:
            c += 1
    return c


def stand_up_test(g: GameState, p: int) -> Test:
    """The 4+ roll to stand up with MA 2 or less; Timmm-ber! adds +1 per
    adjacent Open, Standing team-mate (a natural 1 still fails)."""
    if not g.skills[p] & TIMMM_BER:
        return Test("stand_up", p, 4, 0, natural=False)
    t = g.team[p]
    mod = 0
    for s in g.pitch.neighbours[g.pos[p]]:
        q = g.board[s]
        if (
            q >= 0
            and g.team[q] == t
            and g.status[q] == STANDING
            and not g.markers(s, t)
        ):
            mod += 1
    return Test("stand_up", p, 4, mod)


def moves_left(g: GameState, p: int) -> int:
    """Squares of movement still available including Rushes."""
    return (
        g.ma[p] - g.act_ma_used + rush_limit(g, p) - g.act_rushes
        if g.act_ma_used >= 0
        else 0
    )


def move_options(g: GameState, p: int, action: str) -> tuple[Option, ...]:
    """Legal options while a player is moving (hot path): the squares he
    may move to (rulebook "Moving": steps, Rushes, Jumps and Leaps), then
    what his declared action does on the way, then ending it."""
    left = g.ma[p] - g.act_ma_used
    rush = rush_limit(g, p) - g.act_rushes
    budget = rush if left < 0 else left + rush
    nbrs = g.pitch.neighbours[g.pos[p]]
    opts: list[Option] = []
    if budget > 0 and not held_in_place(g, p):
        step_options(g, p, action, budget, nbrs, opts)
    t = g.team[p]
    q = g.act_target  # nominated with a Blitz or a Foul (rules.declaring)
    if action == "blitz":
        if (
            not g.act_blocked
            and budget >= 1
            and q >= 0
            and g.box[q] == PITCH
            and g.status[q] == STANDING
            and g.pos[q] in nbrs
        ):
            opts.append(g.pl_opts[q]["block"])
    elif action == "foul":
        if (
            q >= 0
            and g.box[q] == PITCH
            and g.status[q] != STANDING
            and g.pos[q] in nbrs
        ):
            opts.append(g.pl_opts[q]["foul"])
    elif action == "pass" and g.carrier == p:
        opts.append(OPT_THROW)
    elif action in _TEAM_MATE_OPTIONS and (action != "hand_off" or g.carrier == p):
        test, key = _TEAM_MATE_OPTIONS[action]
        for n in nbrs:
            r = g.board[n]
            if r >= 0 and g.team[r] == t and test(g, r):
                opts.append(g.pl_opts[r][key])
    opts.append(OPT_END)
    return tuple(opts)


# The actions that act on an adjacent team-mate on the way: which team-mate
# may be the target, and his option.
_TEAM_MATE_OPTIONS: dict[str, tuple[Callable[[GameState, int], bool], str]] = {
    "hand_off": (lambda g, q: g.variant.may_receive_hand_off(g, q), "hand_off"),
    "throw_team_mate": (lambda g, q: g.variant.may_be_thrown(g, q), "throw_tm"),
    "kick_team_mate": (lambda g, q: g.variant.may_be_kicked(g, q), "kick_tm"),
}


def _users(g: GameState, sq: int, team: int, bit: int, move: bool) -> list[int]:
    """Opponents of ``team`` Marking ``sq`` that have skill ``bit`` (and can
    move, i.e. are not Rooted, when ``move``)."""
    out = []
    for s in g.pitch.neighbours[sq]:
        q = g.board[s]
        if (
            q >= 0
            and g.team[q] != team
            and g.skills[q] & bit
            and g.has_tz(q)
            and not (move and held_in_place(g, q))
        ):
            out.append(q)
    return out


class Step(Proc):
    """Move player ``p`` one square (or Jump/Leap two) to ``dst``.

    Order: Tentacles (before leaving), Rush rolls, the Dodge/Jump/Leap
    test (Break Tackle, Diving Tackle, Prehensile Tail...), trapdoor,
    picking up the ball, Shadowing, the touchdown check. ``drop``:
    Fumblerooskie leaves the ball in the vacated square. ``free``: a move
    outside the player's own activation (On the Ball): the skills that
    affect an "active" player (Diving Tackle, Prehensile Tail, Break
    Tackle) and the Dodge re-roll ("during their activation") do not apply.

    Phases: 0 leave?, 20/21 Tentacles, 10 move, 1/2 Rush, 3 test (31 a
    rule's question: leap_declared), 4 test result, (70/71 a rule's
    question: moved_into,) 5 trapdoor / pick-up, 6 Shadowing (60/61), 7
    done.
    """

    __slots__ = (
        "p",
        "src",
        "dst",
        "jump",
        "rushes",
        "was_marked",
        "tackled",
        "mk_src",
        "leap",
        "drop",
        "free",
        "mk_sk",
        "other",
        "leap_asked",
        "leap_rr",
        "asking",
    )

    def __init__(
        self,
        p: int,
        dst: int,
        jump: bool = False,
        *,
        leap: bool = False,
        drop: bool = False,
        free: bool = False,
    ) -> None:
        self.phase = 0
        self.p = p
        self.src = -1
        self.dst = dst
        self.jump = jump or leap
        self.rushes = 0
        self.was_marked = False
        self.tackled = False
        self.mk_src = 0
        self.leap = leap
        self.drop = drop
        self.free = free
        self.mk_sk = 0  # skills of the players Marking the square left
        self.other = -1  # the Tentacles / Shadowing player
        # A rule asked about the Leap (leap_declared), and the skill whose
        # free re-roll its answer gave the test (0: none).
        self.leap_asked = False
        self.leap_rr = 0
        self.asking: LeapAsk | StepAsk | None = None

    # Each stage of the step returns (the phase to go on with, or STOP when
    # the step returns now, and what it returns). A plain step (no Rush, no
    # Agility test, nothing in the square, no Shadowing) skips those stages
    # (hot path).

    def step(self, g: GameState) -> Decision | None:
        ph = self.phase
        dec: Decision | None = None
        if ph == 0:  # leaving the square: who Marks it
            src = g.pos[self.p]
            self.src = src
            mk = g.markers(src, g.team[self.p])
            self.mk_src = mk
            self.was_marked = mk > 0
            if mk:
                ph, dec = self._marked(g)
            else:
                ph = 10
        elif ph == 21:
            ph, dec = self._held(g)
        if ph == 10:  # into the new square: the movement it costs
            p = self.p
            src = self.src
            cost = 2 if self.jump else 1
            need = self._rushes(g, g.act_ma_used)
            g.act_ma_used += cost
            g.act_rushes += need
            if need:
                rushes_counted(g, p)
            self.rushes = need
            if self.jump:
                g.act_jumped = True
            g.move(p, self.dst)
            kind = "leap" if self.leap else ("jump" if self.jump else "step")
            g.emit(Move(g.pid[p], src, self.dst, kind))
            if self.drop and g.carrier == p:
                g.carrier = -1
                g.ball = src
                g.ball_air = False
                g.emit(
                    SkillUsed(
                        g.pid[p],
                        "fumblerooski"
                        if g.skills[p] & FUMBLEROOSKI
                        else "fumblerooskie",
                    )
                )
                g.emit(BallMove("dropped", src, src))
            self.phase = 1
            ph = 1
        if ph == 2 or (ph == 1 and self.rushes > 0):
            ph, dec = self._rush(g, ph)
        elif ph == 1:
            ph = 3
        if ph == 3:
            ph, dec = self._agility(g) if self.jump or self.was_marked else (5, None)
        if ph == 4:
            ph, dec = self._agility_result(g)
        if ph in (5, 71):
            if (
                (ph == 5 and g.hooks.moved_into and not self.free)
                or g.ball == self.dst
                or trapdoors_live(g)
            ):
                ph, dec = self._arrive(g, ph)
            else:
                ph = 6
        if ph == 61 or (ph == 6 and self.mk_sk & SHADOWING):
            ph, dec = self._shadow(g, ph)
        if ph == STOP:
            return dec
        # the step is over: a touchdown, the board's next procedure
        p = self.p
        g.stack.pop()
        if g.carrier == p:
            check_touchdown(g, p)
        after = g.variant.after_step(g, p)  # Dungeon Bowl flow: a Portal
        if after is not None:
            g.stack.append(after)
        return None

    def _held(self, g: GameState) -> tuple[int, Decision | None]:
        """After the Tentacles roll: held, the movement ends where it is."""
        p = self.p
        if g.ret:
            # Held by Tentacles: the movement ends where it is.
            # Decision: the player may still hand off or pass, but
            # can no longer move (nor Blitz, which costs movement).
            g.act_ma_used = max(g.act_ma_used, g.ma[p])
            g.act_rushes = max(g.act_rushes, rush_limit(g, p))
            # (BB2025: the activation ends.)
            g.act_over = g.act_over or g.variant.tentacles_end_activation
            g.stack.pop()
            return STOP, None
        return 10, None

    def _marked(self, g: GameState) -> tuple[int, Decision | None]:
        """Leaving a Marked square: the markers' skills (Tackle); Tentacles
        may hold him."""
        p = self.p
        src = self.src
        t = g.team[p]
        msk = self._leaving(g)
        if msk & TENTACLES:
            users = _users(g, src, t, TENTACLES, False)
            if users:
                self.phase = 20
                return STOP, Decision(
                    g.tname(1 - t),
                    "use_skill",
                    use_options(g, users, "tentacles"),
                    g.pid[p],
                    info=("tentacles",),
                )
        return 10, None

    def _leaving(self, g: GameState) -> int:
        """The skills of the players Marking the square left (Tackle
        noted); returns them."""
        msk = 0
        for q in g.marking_players(self.src, g.team[self.p]):
            msk |= g.skills[q]
        self.mk_sk = msk
        self.tackled = bool(msk & S.TACKLE)
        return msk

    def _rush(self, g: GameState, ph: int) -> tuple[int, Decision | None]:
        """The Rush rolls the square needs, one at a time."""
        if ph == 2:
            if not g.ret:
                self._fall(g, False)
                return STOP, None
            self.phase = 1
            return STOP, None
        if self.rushes > 0:
            self.rushes -= 1
            self.phase = 2
            g.stack.append(self._rush_test(g))
            return STOP, None
        return 3, None

    def _rushes(self, g: GameState, used: int) -> int:
        """The Rushes the step takes with ``used`` squares of movement
        already used this action."""
        cost = 2 if self.jump else 1
        return max(0, cost - max(g.ma[self.p] - used, 0))

    def _rush_test(self, g: GameState) -> Test:
        p = self.p
        return Test(
            "rush",
            p,
            g.variant.rush_target(g, p),
            rush_modifier(g, p),
            skill_rr=S.SURE_FEET,
            skill_flag=PF_SUREFEET_RR,
            natural=False,
        )

    def tests(self, g: GameState, used: int) -> list[Test]:
        """The tests this step rolls (its Rushes, then the Dodge, Jump or
        Leap test) when the player leaves the square he stands in with
        ``used`` squares of movement already used: a preview for a board,
        before the step is taken, on a copy of the state (a rule may
        announce itself, Prehensile Tail). The tests are those before a
        coach's answer or a roll of a Marking player's skill (Tentacles,
        Diving Tackle) and before a skill that acts on a failed roll
        (Break Tackle)."""
        self.src = g.pos[self.p]
        t = g.team[self.p]
        self.mk_src = g.markers(self.src, t)
        self.was_marked = self.mk_src > 0
        if self.was_marked:
            self._leaving(g)
        out = [self._rush_test(g) for _ in range(self._rushes(g, used))]
        if self.jump or self.was_marked:
            out.append(self._test(g))
        return out

    def _agility(self, g: GameState) -> tuple[int, Decision | None]:
        """The Agility test to Dodge, Jump or Leap (a rule may first ask
        about a Leap: rule point ``leap_declared``)."""
        if self.jump or self.was_marked:
            if self.leap and not self.free and not self.leap_asked:
                for rule in g.hooks.leap_declared:  # before the test
                    if dec := rule.ask(g, self):
                        self.asking, self.phase = rule, 31
                        return STOP, dec
            self.phase = 4
            g.stack.append(self._test(g))
            return STOP, None
        return 5, None

    def _agility_result(self, g: GameState) -> tuple[int, Decision | None]:
        """The Agility test's result: a fall, or a Diving Tackler down."""
        p = self.p
        src = self.src
        dt = g.board[src] if self.was_marked else -1  # a Diving Tackler
        if not g.ret:
            if self.jump and g.last_die == 1 and dt < 0:
                g.move(p, src)
                g.emit(Move(g.pid[p], self.dst, src, "jump_back"))
            self._fall(g, True)
            if dt >= 0:
                self._tackler_down(g, dt)
            return STOP, None
        if dt >= 0:
            self.phase = 5
            self._tackler_down(g, dt)
            return STOP, None
        return 5, None

    def _arrive(self, g: GameState, ph: int) -> tuple[int, Decision | None]:
        """In the square: a rule's question (rule point ``moved_into``), a
        Treacherous Trapdoor, the ball to pick up."""
        p = self.p
        if ph == 5 and not self.free:
            for moved in g.hooks.moved_into:
                if dec := moved.ask(g, self):
                    self.asking, self.phase = moved, 70
                    return STOP, dec
        dst = self.dst
        if trapdoors_live(g) and g.pitch.flags[dst] & F_TRAPDOOR:
            d = g.dice.d6()
            fell = d == 1
            g.emit(Roll("trapdoor", g.pid[p], (d,), 2, 0, not fell, False))
            if fell:
                self._trapdoor(g)
                return STOP, None
        if g.ball == dst and g.carrier < 0 and not g.ball_air:
            self.phase = 6
            g.stack.append(Pickup(p))
            return STOP, None
        return 6, None

    def _shadow(self, g: GameState, ph: int) -> tuple[int, Decision | None]:
        """Shadowing: a Marking player may follow into the square left."""
        if ph == 6:
            if self.mk_sk & SHADOWING:
                dec = self._shadowing(g)
                if dec is not None:
                    return STOP, dec
            return 7, None
        q = self.other
        src = self.src
        if g.ret and g.board[src] < 0 and g.status[q] == STANDING:
            frm = g.pos[q]
            g.move(q, src)
            g.emit(Move(g.pid[q], frm, src, "shadowing"))
            # his step onto the square: a Portal there teleports him (the
            # board's hook, Dungeon Bowl), after a loose ball there bounces
            after = g.variant.after_step(g, q)
            bounce = g.ball == src and g.carrier < 0 and not g.ball_air
            if after is not None or bounce:
                self.phase = 7
                if after is not None:
                    g.stack.append(after)
                if bounce:
                    g.stack.append(Bounce(src))
                return STOP, None
        return 7, None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 70:  # a rule's question on entering the square
            moved, self.asking = self.asking, None
            assert moved is None or isinstance(moved, StepAsk)
            if moved is not None and moved.answer(g, self, choice):
                self._fall(g, False)  # the rule makes the player Fall Over
            else:
                self.phase = 71
            return
        if self.phase == 31:  # a rule's question about the Leap
            leap, self.asking = self.asking, None
            self.leap_asked = True
            assert leap is None or isinstance(leap, LeapAsk)
            self.leap_rr = leap.answer(g, self, choice) if leap is not None else 0
            self.phase = 3
            return
        if choice == OPT_DECLINE:
            self.phase = 10 if self.phase == 20 else 7
            return
        q = g.idx[choice[2]]
        self.other = q
        g.emit(SkillUsed(g.pid[q], choice[1]))
        if self.phase == 20:  # Tentacles: D6 + own ST - their ST, 6+
            self.phase = 21
            g.stack.append(Test("tentacles", q, 6, g.st[q] - g.st[p], team_rr_ok=False))
        else:  # Shadowing: D6 + own MA - their MA, 6+
            self.phase = 61
            g.stack.append(g.variant.shadowing_test(g, q, p))

    def _test(self, g: GameState) -> Test:
        """The Agility test to Dodge, Jump or Leap."""
        p = self.p
        t = g.team[p]
        sk = g.skills[p]
        bt = 0
        # Pogo where it ignores every negative modifier (BB2025): no
        # Prehensile Tail, no Diving Tackle either.
        pogo = bool(self.jump and sk & S.POGO_STICK) and g.variant.pogo_ignores_all
        if self.jump:
            m = -max(self.mk_src, g.markers(self.dst, t))
            if sk & S.POGO_STICK:
                # Pogo Stick: Marking in either square is ignored.
                m = 0
            elif m < -1:
                # Leap / Very Long Legs: -1 less each, to a minimum of -1.
                # Decision: they combine, and reduce only the Marking modifier.
                vll = sk & VERY_LONG_LEGS and not g.variant.very_long_legs_jump_bonus
                red = (1 if sk & LEAP else 0) + (1 if vll else 0)
                m = min(-1, m + red) if red else m
            if sk & VERY_LONG_LEGS:
                m += g.variant.very_long_legs_jump_bonus
            purpose = "leap" if self.leap else "jump"
            skill_rr = 0
        else:
            # Stunty ignores Marking, not with Bombardier, Chainsaw, Swoop.
            stunty = sk & S.STUNTY and not sk & _ARMED
            m = 0 if stunty else -dodge_markers(g, self.dst, t)
            if sk & S.TITCHY:
                m += 1
            if sk & TWO_HEADS:
                m += 1
            purpose = "dodge"
            skill_rr = 0 if self.tackled or self.free else S.DODGE
            if (
                sk & BREAK_TACKLE
                and not self.free
                and not g.pflags[p] & PF_BREAK_TACKLE
            ):
                bt = g.variant.break_tackle_bonus(g.st[p])
        msk = self.mk_sk
        dt: tuple[int, ...] = ()
        if msk & _LEAVING and not self.free and not pogo:
            if msk & PREHENSILE_TAIL:
                tails = _users(g, self.src, t, PREHENSILE_TAIL, False)
                if tails:
                    g.emit(SkillUsed(g.pid[tails[0]], "prehensile-tail"))
                    m -= 1
            if msk & DIVING_TACKLE:
                dt = tuple(_users(g, self.src, t, DIVING_TACKLE, True))
        if self.leap_rr:
            # A rule's sure Leap (rule point leap_declared): no negative modifier
            # (Decision: Diving Tackle, a -2 of its own, is then not
            # offered) and the rule's free re-roll.
            return Test(purpose, p, g.ag[p], max(m, 0), skill_rr=self.leap_rr)
        if bt or dt:
            return MoveTest(
                purpose,
                p,
                g.ag[p],
                m,
                skill_rr=skill_rr,
                src=self.src,
                bt=bt,
                dt=dt,
            )
        return Test(purpose, p, g.ag[p], m, skill_rr=skill_rr, skill_flag=PF_DODGE_RR)

    def _tackler_down(self, g: GameState, q: int) -> None:
        """The Diving Tackler, now in the vacated square, is Placed Prone
        (a ball dropped there by Fumblerooskie bounces: KnockDown)."""
        g.stack.append(KnockDown(q, "placed_prone", causes_turnover=False))

    def _shadowing(self, g: GameState) -> Decision | None:
        p = self.p
        if g.board[self.src] >= 0 or g.box[p] != PITCH or g.status[p] != STANDING:
            return None
        users = _users(g, self.src, g.team[p], SHADOWING, True)
        users = [q for q in users if g.variant.may_shadow(g, q)]
        if not users:
            return None
        self.phase = 60
        return Decision(
            g.tname(1 - g.team[p]),
            "use_skill",
            use_options(g, users, "shadowing"),
            g.pid[p],
            info=("shadowing",),
        )

    def _fall(self, g: GameState, test_failed: bool) -> None:
        g.act_over = True
        # Arm Bar (injuries.arm_bar): on a failed Dodge/Jump/Leap test.
        g.stack[-1] = (
            arm_bar(g, self.p, self.src) if test_failed else KnockDown(self.p, "fall")
        )

    def _trapdoor(self, g: GameState) -> None:
        p = self.p
        g.act_over = True
        sq = g.pos[p]
        had = g.carrier == p
        if had:
            g.carrier = -1
            g.ball = sq
            turnover(g, "trapdoor")
        g.stack.pop()
        if had:
            g.stack.append(Bounce(sq))
        g.stack.append(crowd_push(g, p))
