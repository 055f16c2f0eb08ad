"""Bombardier (rulebook "Skills and Traits" - Traits: Bombardier): the Throw
Bomb Special action, thrown like a ball (rulebook "Pass actions": range,
Passing Ability test, accuracy, interference, catching) with a bomb's
exceptions, and the explosion."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Interference, Note, Roll, SkillUsed
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.ball import can_catch, catch_modifier, turnover
from engine.rules.injuries import Harm, KnockDown
from engine.rules.passing import HAIL_MARY_PASS, PassAction
from engine.rules.range_ruler import BOMB, SHORT, pass_band, targets_in_range
from engine.rules.rolls import Test


def bomb_hit(g: GameState, q: int, p: int) -> Proc:
    """Standing player ``q`` is hit by ``p``'s bomb: Placed Prone with an
    Armour roll; the thrower hit by his own bomb is a Turnover."""
    if q == p and g.team[p] == g.active:
        turnover(g, "bomb")
    return KnockDown(q, "bomb", by=p, causes_turnover=False)


def hail_mary_bomb(g: GameState, p: int) -> tuple[Option, ...]:
    """The Hail Mary targets of ``p``'s bomb: any square but his own, where
    the variant lets a bomb be thrown so (``hail_mary_bombs``: BB2025) and
    ``p`` has Hail Mary Pass (or a rule lends it); none in a Blizzard."""
    if not g.variant.hail_mary_bombs or g.weather == "blizzard":
        return ()
    if not g.skills[p] & HAIL_MARY_PASS and not any(
        rule(g, p) for rule in g.hooks.hail_mary
    ):
        return ()
    own = g.pos[p]
    return tuple(("hail_mary", s) for s in range(g.pitch.size) if s != own)


class BombThrow(PassAction):
    """``p`` throws a Bomb (Throw Bomb Special action, or the throw again of
    a player who caught one and rolled 1-3).

    Like a Pass: a target square up to Long Bomb range (Short in a
    Blizzard), a Passing Ability test with the Pass modifiers and skills
    (Pass re-roll, Accurate, Cannoneer, Nerves of Steel; not On the Ball),
    accurate / inaccurate (scatter) / wildly inaccurate (deviate), and
    interference. Unlike a ball: a fumble (natural 1, or PA '-') explodes
    in the thrower's square; a bomb never bounces: it explodes in an empty
    square, in the square of a player who failed to catch it or of a
    Prone/Stunned player, and off the pitch with no effect. A player who
    catches it (the ball carrier too) rolls a D6: 4+ it explodes in their
    hands, 1-3 they must throw it again at once (out of sequence). No
    Turnover unless the thrower is Placed Prone by the blast.

    Decisions: a deflected bomb that is not intercepted comes to rest in
    the interfering player's square and explodes there (as a failed
    catch); Diving Catch, Cloud Burster and Safe Pass do not apply to
    bombs; Hail Mary Pass is offered only where the variant says
    (``hail_mary_bombs``, BB2025); a bomb never counts as a pass (no
    Completion, no pass statistics).

    Phases: 0 target?, 12 test, 3 result, 4 interference?, 5/6
    interference and interception, 7 landing, 8 catch result.
    """

    # skills_and_traits.md "Bombardier": the Throw Bomb Special action "is
    # neither a Pass action nor a Throw Team-mate action", so a Stunty
    # bomber's throw is interfered with at no +1 ("Stunty": "a Pass action
    # performed by this player"; BB2025 skills.md: "not for bombs").
    stunty_thrower_helps_interference = False

    __slots__ = ("again",)

    def __init__(self, p: int, again: bool = False) -> None:
        super().__init__(p)
        self.again = again

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        ph = self.phase
        if ph == 0:
            max_band = SHORT if g.weather == "blizzard" else BOMB
            squares = g.variant.throw_targets(
                g, p, targets_in_range(g, p, max_band)
            )  # Dungeon Bowl
            self.phase = 1
            return Decision(
                g.tname(g.team[p]),
                "bomb_target",
                tuple(g.pitch.square_opts[s] for s in squares) + hail_mary_bomb(g, p),
                g.pid[p],
            )
        if ph == 12:
            if not self.again:
                g.act_over = True
                g.emit(SkillUsed(g.pid[p], "bombardier"))
            g.emit(Note("bomb_throw", g.tname(g.team[p]), g.pid[p], self.target))
            if g.pa[p] <= 0:
                self._explode(g, g.pos[p], "fumble")
                return None
            self.mod = mod = self._modifier(g)
            self.phase = 3
            target = self._target_number(g)
            g.stack.append(Test("throw_bomb", p, target, mod, skill_rr=S.PASS))
            return None
        if ph == 3:
            die = g.last_die
            wild = not g.ret and (die + self.mod <= 1 or self._hail_2plus(g))
            if die == 1 or wild and g.variant.modified_one_fumbles:
                self._explode(g, g.pos[p], "fumble")
                return None
            if g.ret and not self.hail:
                self.quality = "accurate"
                self.landing = self.last = self.target
            elif wild:
                self.quality = "wildly_inaccurate"
                self._deviate(g)
            else:
                self.quality = "inaccurate"
                self._scatter(g)
            where = self.landing
            g.emit(Note("bomb_" + self.quality, g.tname(g.team[p]), g.pid[p], where))
            if not self.hail:  # a Hail Mary bomb cannot be interfered with
                return self._interference(g)
            ph = 7
        if ph == 5:
            q = self.interferer
            if not g.ret:
                ph = 7
            elif g.variant.interference_intercepts:
                # One test and the bomb is intercepted (no deflection).
                g.emit(Interference(g.pid[q], "interception"))
                self._caught(g, q)
                return None
            else:
                g.emit(Interference(g.pid[q], "deflection"))
                self.phase = 6
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
                return None
        if ph == 6:
            q = self.interferer
            if g.ret:
                g.emit(Interference(g.pid[q], "interception"))
                self._caught(g, q)
            else:
                self._explode(g, g.pos[q], "dropped")
            return None
        if ph == 7:
            sq = self.landing
            if sq < 0:
                # Off the pitch: it explodes in the crowd, with no effect.
                g.emit(Note("bomb_crowd", g.tname(g.team[p]), g.pid[p], self.last))
                g.stack.pop()
                return None
            r = g.board[sq]
            if r >= 0 and can_catch(g, r) and not g.skills[r] & S.NO_HANDS:
                self.interferer = r
                self.phase = 8
                mod = (0 if self.quality == "accurate" else -1) + catch_modifier(g, r)
                g.stack.append(
                    Test(
                        "catch_bomb",
                        r,
                        g.ag[r],
                        mod,
                        skill_rr=g.variant.catch_reroll_skills,
                    )
                )
                return None
            self._explode(g, sq, "lands")
            return None
        # ph 8: the catch
        r = self.interferer
        if g.ret:
            self._caught(g, r)
        else:
            self._explode(g, g.pos[r], "dropped")
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 1:
            self.target = choice[1]
            self.hail = choice[0] == "hail_mary"
            x0, y0 = g.pitch.xy(g.pos[self.p])
            x1, y1 = g.pitch.xy(self.target)
            self.band = pass_band(x1 - x0, y1 - y0)
            self.phase = 12
            return
        # interference choice
        if choice[0] == "none":
            self.phase = 7
            return
        q = g.idx[choice[1]]
        self.interferer = q
        self.phase = 5
        g.stack.append(self._interference_test(g, q))

    def _scatter(self, g: GameState) -> None:
        """An inaccurate bomb scatters three times from the target (as a
        pass, :meth:`PassAction._scatter`, but recorded as the bomb's)."""
        sq = self.target
        for _ in range(3):
            nxt = g.pitch.steps[g.dice.d8()][sq]
            if nxt < 0:
                self.landing = -1
                self.last = sq
                return
            sq = nxt
        self.landing = self.last = sq

    def _deviate(self, g: GameState) -> None:
        """A wildly inaccurate bomb deviates D6 squares in a D8 direction
        from the thrower."""
        d8, d6 = g.dice.d8(), g.dice.d6()
        sq = g.pos[self.p]
        for _ in range(d6):
            nxt = g.pitch.steps[d8][sq]
            if nxt < 0:
                self.landing = -1
                self.last = sq
                return
            sq = nxt
        self.landing = self.last = sq

    def _caught(self, g: GameState, c: int) -> None:
        """``c`` caught (or intercepted) the bomb: BB2020, a D6, 4+ it
        explodes in his hands, 1-3 he throws it on; where the variant says
        so (``bomb_catch_explodes`` False: BB2025), he throws it on at
        once, with no roll."""
        if not g.variant.bomb_catch_explodes:
            g.emit(Note("bomb_thrown_on", g.tname(g.team[c]), g.pid[c], g.pos[c]))
            g.stack[-1] = BombThrow(c, again=True)
            return
        d = g.dice.d6()
        boom = d >= 4
        g.emit(Roll("bomb_caught", g.pid[c], (d,), 4, 0, boom, False))
        if boom:
            self._explode(g, g.pos[c], "caught")
        else:
            g.stack[-1] = BombThrow(c, again=True)

    def _explode(self, g: GameState, sq: int, how: str) -> None:
        """The bomb explodes in ``sq``: its occupant is hit, each player in
        an adjacent square is hit on a D6 4+; Standing players hit are
        Placed Prone, and every player hit takes an Armour roll (and maybe
        an Injury roll). The thrower Placed Prone by it is a Turnover."""
        p = self.p
        g.emit(Note("bomb_explodes_" + how, g.tname(g.team[p]), g.pid[p], sq))
        hits: list[int] = []
        q = g.board[sq]
        if q >= 0:
            hits.append(q)
        for s in g.pitch.neighbours[sq]:
            q = g.board[s]
            if q >= 0:
                d = g.dice.d6()
                hit = d >= 4
                g.emit(Roll("bomb_blast", g.pid[q], (d,), 4, 0, not hit, False))
                if hit:
                    hits.append(q)
        todo: list[Proc] = []
        for q in hits:
            g.emit(Note("bomb_hit", g.tname(g.team[q]), g.pid[q], sq))
            if g.box[q] == PITCH and g.status[q] == STANDING:
                todo.append(g.variant.bomb_hit(g, q, p))
            else:
                todo.append(Harm(q, by=p))
        g.stack.pop()
        for proc in reversed(todo):
            g.stack.append(proc)
