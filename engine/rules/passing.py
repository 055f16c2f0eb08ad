"""Passing (rulebook "Passing the Ball": test for accuracy, fumbles, passing
interference, catching; the range ruler is :mod:`engine.rules.range_ruler`,
the Hand-off :mod:`engine.rules.hand_off`; skills
Pass, Catch, Stunty, No Hands, Animosity, Accurate, Cannoneer, Cloud
Burster, Dump-off, Hail Mary Pass, Nerves of Steel, On the Ball
(:mod:`engine.rules.on_the_ball`), Running
Pass, Safe Pass, Diving Catch, Extra Arms, Very Long Legs, Disturbing
Presence; weather Very Sunny, Pouring Rain, Blizzard).
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import skillbits as S
from engine.core.events import (
    BallCaught,
    BallMove,
    Interference,
    Pass,
    Reroll,
    SkillUsed,
)
from engine.core.hooks import PassAsk, SurePass
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import (
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.animosity import animosity_applies, animosity_test
from engine.rules.ball import (
    DIVING_CATCH,
    EXTRA_ARMS,
    NERVES_OF_STEEL,
    STAT_COMP,
    STAT_DEFL,
    STAT_INT,
    STAT_PASSES,
    Bounce,
    Scatter,
    can_catch,
    catch_modifier,
    check_touchdown,
    disturbing_presence,
    land_ball,
    stat,
    turnover,
)
from engine.rules.movement import STOP
from engine.rules.on_the_ball import on_the_ball, on_the_ball_move
from engine.rules.range_ruler import (
    BAND_NAMES,
    BOMB,
    LONG,
    QUICK,
    SHORT,
    pass_band,
    targets_in_range,
    under_ruler,
)
from engine.rules.rolls import Test

ACCURATE = S.BIT["accurate"]
CANNONEER = S.BIT["cannoneer"]
CLOUD_BURSTER = S.BIT["cloud-burster"]
DUMP_OFF = S.BIT["dump-off"]
MY_BALL = S.BIT["my-ball"]
HAIL_MARY_PASS = S.BIT["hail-mary-pass"]
ON_THE_BALL = S.BIT["on-the-ball"]
RUNNING_PASS = S.BIT["running-pass"]
GIVE_AND_GO = S.BIT["give-and-go"]  # Dungeon Bowl
SAFE_PASS = S.BIT["safe-pass"]
VERY_LONG_LEGS = S.BIT["very-long-legs"]
OPT_DECLINE: Option = ("decline",)
OPT_USE_DUMP_OFF: Option = ("use", "dump-off")


def moves_on_after_pass(g: GameState, p: int) -> bool:
    """Whether ``p`` has a skill that lets him move on after a Quick Pass:
    Running Pass, or Give and Go where the format says so
    (``Variant.give_and_go_passes``)."""
    sk = g.skills[p]
    return bool(sk & RUNNING_PASS) or bool(
        sk & GIVE_AND_GO and g.variant.give_and_go_passes
    )


def stolen(g: GameState) -> bool:
    """The ball a pass or hand-off reached was taken with no Turnover (rule
    point ``ball_stolen``)."""
    return any(rule(g) for rule in g.hooks.ball_stolen)


class PassAction(Proc):
    """The throw of a Pass action by ``p`` (who holds the ball).

    ``dump``: a Dump-off (a Quick pass during the opponent's turn that
    cannot cause a Turnover nor end anybody's activation). A target option
    ``("hail_mary", square)`` is a Hail Mary Pass.

    Phases: 0 target?, 2/13 Animosity, 10/11 On the Ball, 12 test, 3 result,
    4 interference?, 5/6 interference and interception, 7 landing, 8/9 end.
    """

    # Stunty: +1 to interfere "with a Pass action performed by this player".
    stunty_thrower_helps_interference: ClassVar[bool] = True

    __slots__ = (
        "p",
        "target",
        "band",
        "quality",
        "landing",
        "last",
        "mod",
        "interferer",
        "dump",
        "hail",
        "cloud",
        "sure",
        "out",
        "asking",
        "otb",
    )

    def __init__(self, p: int, dump: bool = False) -> None:
        self.phase = 0
        self.p = p
        self.target = -1
        self.band = 0
        self.quality = ""
        self.landing = -1
        self.last = -1
        self.mod = 0
        self.interferer = -1
        self.dump = dump
        self.hail = False
        self.cloud = False  # Cloud Burster used
        # The rule (sure_pass) that made the pass accurate without a test.
        self.sure: SurePass | None = None
        self.out = (0, 0)  # the step that took the ball off the pitch
        self.asking: PassAsk | None = None  # the rule waiting for an answer
        # The On the Ball players who moved before the throw (None: no more).
        self.otb: tuple[int, ...] | None = ()

    # Each stage of the step returns (the phase to go on with, or STOP when
    # the step returns now, and what it returns).

    def step(self, g: GameState) -> Decision | None:
        ph = self.phase
        dec: Decision | None = None
        if ph == 0:
            return self._targets(g)
        if ph in (2, 11, 13):
            ph, dec = self._before_throw(g, ph)
        if ph == 12:
            ph, dec = self._throw(g)
        if ph == 3:
            ph, dec = self._result(g)
        if ph == 33:
            ph, dec = self._flight(g)
        if ph in (5, 6):
            ph, dec = self._interfered(g, ph)
        if ph == 7:
            self._land(g)
            return None
        if ph == STOP:
            return dec
        self._over(g, ph == 8)
        return None

    def _targets(self, g: GameState) -> Decision:
        """The squares the pass may aim at (a Hail Mary Pass: any)."""
        p = self.p
        blizzard = g.weather == "blizzard"
        max_band = QUICK if self.dump else (SHORT if blizzard else BOMB)
        squares = targets_in_range(g, p, max_band)
        opts = tuple(g.pitch.square_opts[s] for s in squares)
        hail = g.skills[p] & HAIL_MARY_PASS or any(
            rule(g, p) for rule in g.hooks.hail_mary
        )
        if hail and not blizzard and not self.dump:
            # Hail Mary Pass: any square (Decision: offered alongside
            # the ordinary targets; not at the thrower's own square).
            own = g.pos[p]
            opts += tuple(("hail_mary", s) for s in range(g.pitch.size) if s != own)
        opts = g.variant.pass_options(g, p, opts, self.dump)  # Dungeon Bowl
        self.phase = 1
        return Decision(g.tname(g.team[p]), "pass_target", opts, g.pid[p])

    def _before_throw(self, g: GameState, ph: int) -> tuple[int, Decision | None]:
        """Animosity towards the receiver, then On the Ball; the pass is
        made only while the thrower stands with the ball."""
        p = self.p
        if ph == 2:
            q = g.board[self.target]
            if animosity_applies(g, p, q):
                self.phase = 13
                g.stack.append(animosity_test(p))
                return STOP, None
        elif ph == 13:  # the Animosity D6: on a 1 he refuses
            if not g.ret:
                if not self.dump:
                    g.act_over = True
                g.stack.pop()
                return STOP, None
        several = ph == 11 and g.variant.on_the_ball_several and self.otb
        if ph in (2, 13) or several:
            self.phase = 11
            dec = on_the_ball(g, 1 - g.team[p], False, self.otb or ())
            if dec is not None:
                self.phase = 10
                return STOP, dec
        c = g.carrier
        if c != p or g.box[p] != PITCH or g.status[p] != STANDING:
            # Decision: should the thrower no longer hold the ball or
            # stand (an On the Ball move cannot cause that today), the
            # pass is not made.
            g.stack.pop()
            return STOP, None
        return 12, None

    def _throw(self, g: GameState) -> tuple[int, Decision | None]:
        """The throw: a rule's sure pass (rule point ``sure_pass``), or the
        Passing Ability test."""
        p = self.p
        stat(g, p, STAT_PASSES)
        self.sure = next(
            (rule for rule in g.hooks.sure_pass if rule.throw(g, p, self.dump)),
            None,
        )
        if self.sure is not None:
            # A rule's pass, accurate without a test (rule point sure_pass).
            # Decision: a Hail Mary Pass too (the table makes any pass
            # it is played for accurate), and a thrower without PA.
            self.quality = "accurate"
            self.landing = self.last = self.target
            band = "hail_mary" if self.hail else BAND_NAMES[self.band]
            g.emit(Pass(g.pid[p], self.target, band, self.quality))
            g.carrier = -1
            g.ball = -1
            g.ball_air = True
            if not self.hail:
                return STOP, self._interference(g)
            return 7, None
        if g.pa[p] <= 0:
            self._fumble(g)
            return STOP, None
        self.mod = mod = self._modifier(g)
        self.phase = 3
        target = self._target_number(g)
        g.stack.append(Test("pass", p, target, mod, skill_rr=S.PASS))
        return STOP, None

    def _result(self, g: GameState) -> tuple[int, Decision | None]:
        """The test's result: a fumble, or where the ball goes (a rule may
        ask about a Hail Mary's scatter: ``hail_mary_scattered``)."""
        die = g.last_die
        # A variant without Wildly Inaccurate passes fumbles any modified
        # result of 1 or less (rule point: ``modified_one_fumbles``).
        wild = (self._hail_2plus(g) or die + self.mod <= 1) and not g.ret
        if die == 1 or wild and g.variant.modified_one_fumbles:
            self._fumble(g, natural=die == 1)
            return STOP, None
        if g.ret and not self.hail:
            self.quality = "accurate"
            self.landing = self.last = self.target
        elif wild:
            self.quality = "wildly_inaccurate"
            self._deviate(g)
        else:
            self.quality = "inaccurate"
            self._scatter(g)
        if self.hail:
            for rule in g.hooks.hail_mary_scattered:
                if dec := rule.ask(g, self):
                    self.asking, self.phase = rule, 32
                    return STOP, dec
        return 33, None

    def _flight(self, g: GameState) -> tuple[int, Decision | None]:
        """The ball is in the air: who may interfere (not with a Hail Mary
        Pass)."""
        p = self.p
        band = "hail_mary" if self.hail else BAND_NAMES[self.band]
        g.emit(Pass(g.pid[p], self.target, band, self.quality))
        g.carrier = -1
        g.ball = -1
        g.ball_air = True
        if self.hail:  # a Hail Mary pass cannot be interfered with
            return 7, None
        return STOP, self._interference(g)

    def _interfered(self, g: GameState, ph: int) -> tuple[int, Decision | None]:
        """After the interference test (5: Cloud Burster, a deflection), and
        the catch that makes the deflection an interception (6)."""
        p = self.p
        q = self.interferer
        if ph == 6:  # converting the deflection into an interception
            if g.ret:
                self._intercepted(g, q)
                return STOP, None
            # Decision (LeagueFormat.spp_values): the line counts a
            # deflection only when it stays one; an interception earns its
            # 2 SPP alone, not also the deflection's 1.
            stat(g, q, STAT_DEFL)
            self.phase = 9
            g.ball_air = True
            g.stack.append(Scatter(g.pos[q], 3, -1))
            return STOP, None
        if (
            g.ret
            and not self.cloud
            and self.band >= LONG
            and g.skills[p] & CLOUD_BURSTER
            and not g.skills[q] & VERY_LONG_LEGS
        ):
            # Cloud Burster: the opposing coach must re-roll a successful
            # interference. Decision: always used (it can only help).
            self.cloud = True
            g.emit(SkillUsed(g.pid[p], "cloud-burster"))
            g.emit(
                Reroll(g.tname(g.team[q]), g.pid[q], "cloud-burster", "interference")
            )
            g.stack.append(self._interference_test(g, q))
            return STOP, None
        if g.ret and g.variant.interference_intercepts:
            # One test and the ball is intercepted: no deflection.
            g.ball = g.pos[q]
            self._intercepted(g, q)
            return STOP, None
        if g.ret:
            g.emit(Interference(g.pid[q], "deflection"))
            self.phase = 6
            g.ball = g.pos[q]
            mod = -1 + catch_modifier(g, q)
            g.stack.append(
                Test(
                    "interception",
                    q,
                    g.ag[q],
                    mod,
                    skill_rr=g.variant.catch_reroll_skills,
                )
            )
            return STOP, None
        return 7, None

    def _intercepted(self, g: GameState, q: int) -> None:
        """Player ``q`` intercepts the pass: he holds the ball, and a pass
        (not a Dump-off) is a Turnover. An Interception is a catch, so made
        in the End Zone he scores in it is a touchdown (rulebook "Scoring a
        Touchdown": a Standing player "catches the ball whilst occupying a
        square within the opposing team's End Zone", of either team)."""
        g.carrier = q
        g.ball = -1
        g.ball_air = False
        stat(g, q, STAT_INT)
        g.emit(Interference(g.pid[q], "interception"))
        if not self.dump:
            turnover(g, "interception")
        check_touchdown(g, q)
        g.stack.pop()
        self._end(g)

    def _land(self, g: GameState) -> None:
        """The ball comes down: caught by a rule's sure pass, or landing
        (a catch, a bounce), or off the pitch."""
        p = self.p
        self.phase = 8
        if self.landing < 0:
            g.stack.append(g.variant.ball_off_pitch(g, self.last, self.out))
            return
        g.ball = self.landing
        g.ball_air = False
        accurate = self.quality == "accurate"
        mod = 0 if accurate else -1
        r = g.board[self.landing]
        if (
            self.sure is not None
            and r >= 0
            and can_catch(g, r)
            and not g.skills[r] & S.NO_HANDS
        ):
            # The rule's pass is caught without a test (Decision: not
            # by a player who cannot catch at all, nor one without a
            # Tackle Zone; then the ball bounces as usual).
            g.ball = -1
            g.ball_air = False
            g.carrier = r
            self.sure.caught(g, r)
            g.emit(BallCaught(g.pid[r], self.landing, "catch"))
            check_touchdown(g, r)
            return
        for bonus in g.hooks.pass_catch:
            mod += bonus(g, p, r)
        if accurate and r >= 0 and g.skills[r] & DIVING_CATCH:
            mod += 1  # Diving Catch: +1 in the target square
        g.stack.append(land_ball(g, self.landing, mod, not accurate))

    def _over(self, g: GameState, landed: bool) -> None:
        """The pass is over (``landed``: it came down where it did, which
        may be a completion); a Turnover when the ball was lost."""
        p = self.p
        if landed:
            c = g.carrier
            if c >= 0 and g.team[c] == g.team[p]:
                completion = self.quality == "accurate" and g.pos[c] == self.target
                if completion:
                    stat(g, p, STAT_COMP)
                g.variant.pass_caught(g, p, c, completion)
        g.stack.pop()
        self._check_turnover(g)
        self._end(g)

    def _modifier(self, g: GameState) -> int:
        """Passing Ability test modifier: range (a Hail Mary's: the
        variant's band, BB2020 none),
        Marking (not with Nerves of Steel), Very Sunny, Accurate (Quick and
        Short), Cannoneer (Long and Long Bomb), Disturbing Presence."""
        p = self.p
        sk = g.skills[p]
        band = g.variant.hail_mary_band if self.hail else self.band
        mod = 0
        if band:
            mod -= band - 1
            if sk & ACCURATE and band <= SHORT:
                mod += 1
            if sk & CANNONEER and band >= LONG:
                mod += 1
        if not sk & NERVES_OF_STEEL:
            mod -= g.markers(g.pos[p], g.team[p])
        if g.weather == "very_sunny":
            mod -= 1
        mod += g.variant.pass_modifier(g, p)  # a room (Dungeon Bowl)
        return mod - disturbing_presence(g, p)

    def _hail_2plus(self, g: GameState) -> bool:
        """A BB2020 Hail Mary Pass: its test only tells a (wildly)
        inaccurate pass from a fumble, so it "passes" on a 2+ unless
        wildly inaccurate (``Variant.hail_mary_band`` 0)."""
        return self.hail and not g.variant.hail_mary_band

    def _target_number(self, g: GameState) -> int:
        """The Passing Ability test's target: the thrower's PA; a BB2020
        Hail Mary Pass 2+. A BB2025 one is a test at the Long Bomb band
        whose best result is inaccurate (skills.md "Hail Mary Pass")."""
        return 2 if self._hail_2plus(g) else g.pa[self.p]

    def _check_turnover(self, g: GameState) -> None:
        c = g.carrier
        if not self.dump and (c < 0 or g.team[c] != g.team[self.p]):
            if not stolen(g):
                turnover(g, "pass")

    def _end(self, g: GameState) -> None:
        """Running Pass (and BB2025's Give and Go,
        ``Variant.give_and_go_passes``): after a Quick pass the thrower may go
        on moving if they have not used their full Movement Allowance
        (Decision: then with the normal movement rules, Rushing included)."""
        p = self.p
        if (
            moves_on_after_pass(g, p)
            and not self.dump
            and self.band == QUICK
            and not self.hail
            and g.act_player == p
            and g.act_ma_used < g.ma[p]
            and g.turnover is None
        ):
            used = "running-pass" if g.skills[p] & RUNNING_PASS else "give-and-go"
            g.emit(SkillUsed(g.pid[p], used))
        elif not self.dump:
            g.act_over = True

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 1:
            if (alt := g.variant.pass_choice(g, self, choice)) is not None:
                g.stack[-1] = alt  # Dungeon Bowl: a throw at the wall
                return
            self.target = choice[1]
            self.hail = choice[0] == "hail_mary"
            x0, y0 = g.pitch.xy(g.pos[self.p])
            x1, y1 = g.pitch.xy(self.target)
            self.band = pass_band(x1 - x0, y1 - y0)
            self.phase = 2
        elif self.phase == 10:  # On the Ball player chosen
            on_the_ball_move(g, choice, 0)
            moved = choice[0] == "on_the_ball" and self.otb is not None
            self.otb = (*(self.otb or ()), g.idx[choice[1]]) if moved else None
            self.phase = 11
        elif self.phase == 32:  # a rule's question about the scatter
            rule, self.asking = self.asking, None
            if rule is not None and rule.answer(g, self, choice):
                if self.quality == "wildly_inaccurate":
                    self._deviate(g)
                else:
                    self._scatter(g)
            self.phase = 33
        else:  # interference choice
            if choice[0] == "none":
                self.phase = 7
                return
            q = g.idx[choice[1]]
            self.interferer = q
            self.phase = 5
            if any(rule.use(g, q, choice) for rule in g.hooks.interference):
                g.ball = g.pos[q]
                g.ret = True  # intercepted without a test
                self.phase = 6
                return
            g.stack.append(self._interference_test(g, q))

    def _interference_test(self, g: GameState, q: int) -> Test:
        """Agility test to interfere: -3 accurate / -2 inaccurate / -1
        wildly inaccurate, the variant's modifier for the players Marking
        the interferer (not with Nerves of Steel; BB2020: -1 if any), +1
        Stunty thrower (not of a bomb), -1 Pouring Rain, +1 Extra Arms, +2
        Very Long Legs, Disturbing Presence."""
        mod = {"accurate": -3, "inaccurate": -2}.get(self.quality, -1)
        sk = g.skills[q]
        if not sk & NERVES_OF_STEEL:
            mod += g.variant.marked_interference_modifier(
                g.markers(g.pos[q], g.team[q])
            )
        if g.skills[self.p] & S.STUNTY and self.stunty_thrower_helps_interference:
            mod += 1
        if g.weather == "pouring_rain":
            mod -= 1
        if sk & EXTRA_ARMS:
            mod += 1
        if sk & VERY_LONG_LEGS:
            mod += 2
        mod -= disturbing_presence(g, q)
        return Test("interference", q, g.ag[q], mod)

    def _fumble(self, g: GameState, *, natural: bool = True) -> None:
        """The pass is fumbled (``natural``: on a natural 1, the only fumble
        Safe Pass saves)."""
        p = self.p
        band = "hail_mary" if self.hail else BAND_NAMES[self.band]
        g.emit(Pass(g.pid[p], self.target, band, "fumble"))
        if natural and g.skills[p] & SAFE_PASS:
            # Safe Pass: the thrower keeps the ball; no Turnover.
            g.emit(SkillUsed(g.pid[p], "safe-pass"))
            if not self.dump:
                g.act_over = True
            g.stack.pop()
            return
        if not self.dump:
            turnover(g, "fumble")
            g.act_over = True
        sq = g.pos[p]
        g.carrier = -1
        g.ball = sq
        g.stack[-1] = Bounce(sq)

    def _scatter(self, g: GameState) -> None:
        sq = self.target
        for _ in range(3):
            d = g.dice.d8()
            nxt = g.pitch.steps[d][sq]
            g.emit(BallMove("scatter", sq, nxt))
            if nxt < 0:
                self.landing = -1
                self.last = sq
                self.out = D8_DIRECTIONS[d]
                return
            sq = nxt
        self.landing = self.last = sq

    def _deviate(self, g: GameState) -> None:
        d8, d6 = g.dice.d8(), g.dice.d6()
        dx, dy = D8_DIRECTIONS[d8]
        sq = g.pos[self.p]
        for _ in range(d6):
            nxt = g.pitch.step(sq, dx, dy)
            if nxt < 0:
                g.emit(BallMove("deviate", g.pos[self.p], -1))
                self.landing = -1
                self.last = sq
                self.out = (dx, dy)
                return
            sq = nxt
        g.emit(BallMove("deviate", g.pos[self.p], sq))
        self.landing = self.last = sq

    def _interference(self, g: GameState) -> Decision | None:
        p = self.p
        src = g.pos[p]
        dst = self.landing if self.landing >= 0 else self.last
        cands = []
        for q in range(g.n):
            if (
                g.team[q] != g.team[p]
                and g.box[q] == 0
                and g.status[q] == STANDING
                and g.has_tz(q)
                and not g.skills[q] & S.NO_HANDS
                and under_ruler(g, src, dst, g.pos[q])
                and g.variant.may_interfere(g, q, src, dst)
            ):
                cands.append(q)
        if not cands:
            self.phase = 7
            return None
        self.phase = 4
        opts = tuple(g.pl_opts[q]["interfere"] for q in cands)
        for rule in g.hooks.interference:
            opts += rule.options(g, cands)
        opts += (("none",),)
        return Decision(g.tname(1 - g.team[p]), "interfere", opts)


class DumpOff(Proc):
    """Dump-off: ``q``, holding the ball, is the target of a Block (or
    Blitz); they may first make a Quick pass (:class:`PassAction` with
    ``dump``). Then ``then`` (the Block, or the Blitz's block) goes on,
    unless a Turnover (an On the Ball player Falling Over) or a touchdown
    ended the turn.

    Decision: offered once, when the block is about to be made (for a
    Blitz, before the square of movement it costs), not again before a
    Frenzy second block.
    """

    __slots__ = ("q", "then")

    def __init__(self, q: int, then: Proc) -> None:
        self.phase = 0
        self.q = q
        self.then = then

    def step(self, g: GameState) -> Decision | None:
        q = self.q
        if self.phase == 0:
            self.phase = 1
            if g.carrier == q and g.has_tz(q):
                return Decision(
                    g.tname(g.team[q]),
                    "use_skill",
                    (OPT_USE_DUMP_OFF, OPT_DECLINE),
                    g.pid[q],
                    info=("dump-off",),
                )
        if g.turnover is None and not g.touchdown:
            g.stack[-1] = self.then.copy()
        else:
            g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_USE_DUMP_OFF:
            g.emit(SkillUsed(g.pid[self.q], "dump-off"))
            g.stack.append(PassAction(self.q, dump=True))


def with_dump_off(g: GameState, q: int, block: Proc) -> Proc:
    """The procedure for a Block on ``q``: preceded by a Dump-off when
    ``q`` has the skill and the ball."""
    if (
        g.carrier == q
        and g.skills[q] & DUMP_OFF
        and not g.skills[q] & MY_BALL
        and g.variant.may_pass(g, g.team[q])  # hook: Dungeon Bowl spells
    ):
        return DumpOff(q, block)
    return block
