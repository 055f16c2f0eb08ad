"""Throw Team-mate (rulebook "Throwing other Players": range (half
ruler), quality (superb / successful / terrible / fumble), landing,
landing in an occupied square, crash landing, landing in the crowd; traits
Throw Team-mate, Right Stuff, Always Hungry, Kick Team-mate, Swoop; skill
Strong Arm; weather Very Sunny). A variant names the failed throw, says whether a player who
cannot land bounces first, how one who landed on a player comes down and
whether the crowd is a Turnover without the ball (``Variant``
``ttm_failed_quality`` and the three after it; BB2025:
:mod:`engine.variants.bb2025.ttm`)."""

from __future__ import annotations

from typing import ClassVar

from engine.core import skillbits as S
from engine.core.events import Landing, Move, Roll, SkillUsed, ThrowTeamMate
from engine.core.model import CasualtyRecord
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import (
    CAS,
    PF_DEAD,
    RESERVES,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import (
    Bounce,
    ThrowIn,
    check_touchdown,
    disturbing_presence,
    loose_ball_at,
    turnover,
)
from engine.rules.injuries import Harm, KnockDown, crowd_push, to_box
from engine.rules.pickup import Pickup
from engine.rules.range_ruler import SHORT, pass_band, targets_in_range
from engine.rules.rolls import Test, parse_bonus
from engine.rules.secret_weapons import FACINGS, template_direction

STRONG_ARM = S.BIT["strong-arm"]
BULLSEYE = S.BIT["bullseye"]
LETHAL_FLIGHT = S.BIT["lethal-flight"]


class ThrowTeamMateAction(Proc):
    """``p`` throws the adjacent team-mate ``q``.

    Swoop (the thrown player has it): instead of scattering three times
    from the target square, the coach faces the Throw-in template (decision
    ``swoop``) and the player moves D3 squares from the target square in
    the direction of a D6. Decision: a terrible throw still deviates from
    the thrower (Swoop replaces the scatter only), and the squares flown
    over do not matter, only the one landed in.
    """

    KICK: ClassVar[bool] = False

    __slots__ = ("p", "q", "target", "band", "mod", "quality", "can_land")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q
        self.target = -1
        self.band = 0
        self.mod = 0
        self.quality = ""
        self.can_land = True

    def step(self, g: GameState) -> Decision | None:
        p, q = self.p, self.q
        ph = self.phase
        if ph == 0:
            squares = g.variant.throw_targets(
                g, p, targets_in_range(g, p, SHORT)
            )  # Dungeon Bowl
            self.phase = 1
            return Decision(
                g.tname(g.team[p]),
                "throw_target",
                tuple(g.pitch.square_opts[s] for s in squares),
                g.pid[p],
            )
        if ph == 2:
            g.act_over = True
            if self.KICK:
                g.emit(SkillUsed(g.pid[p], "kick-team-mate"))
            self.can_land = g.has_tz(q)
            if g.skills[p] & S.ALWAYS_HUNGRY and not self.KICK:
                # Always Hungry: a D6, 2+ the throw goes on. It and the
                # eating roll below are ordinary rolls of the active team,
                # so a team re-roll or Pro may re-roll them
                # (rules_and_regulations.md "Team Re-rolls").
                self.phase = 5
                g.stack.append(Test("always_hungry", p, 2, natural=False))
                return None
            ph = 7
        if ph == 5:  # the Always Hungry D6
            if not g.ret:
                self.phase = 6
                g.stack.append(Test("eat_team_mate", p, 2, natural=False))
                return None
            ph = 7
        elif ph == 6:  # 1: eaten; 2+: squirms free, the throw is fumbled
            if g.ret:
                self._fumble(g)
            else:
                self._eaten(g)
            return None
        if ph == 7:
            if g.pa[p] <= 0:
                self._fumble(g)
                return None
            mod = (
                -(self.band - 1)
                - g.markers(g.pos[p], g.team[p])
                - disturbing_presence(g, p)
            )
            if g.skills[p] & STRONG_ARM and not self.KICK:
                mod += 1  # Strong Arm: +1 to the Passing Ability test
            if g.weather == "very_sunny":
                # Very Sunny: "-1 every time a player tests against their
                # Passing Ability" (the Kick Team-mate test too).
                mod -= 1
            self.mod = mod
            self.phase = 3
            g.stack.append(Test("throw_team_mate", p, g.pa[p], mod))
            return None
        # ph 3: quality
        die = g.last_die
        low = not g.ret and die + self.mod <= 1
        if die == 1 or low and g.variant.modified_one_fumbles:
            self._fumble(g)
            return None
        if g.ret:
            self.quality = "superb"
            land_mod = 0
        elif low:
            self.quality = "terrible"
            land_mod = -2
        else:
            # BB2020 "successful", BB2025 "Subpar" (Variant.ttm_failed_quality)
            self.quality = g.variant.ttm_failed_quality
            land_mod = -1
        g.emit(ThrowTeamMate(g.pid[p], g.pid[q], self.target, self.quality))
        if self.quality == "superb" and g.skills[p] & BULLSEYE and not self.KICK:
            self._bullseye(g)
            return None
        if self.quality != "terrible" and g.skills[q] & S.SWOOP:
            self.phase = 4
            self.mod = land_mod
            return Decision(g.tname(g.team[q]), "swoop", FACINGS, g.pid[q])
        src = g.pos[q]
        g.lift(q)
        last = -1  # the last square before the edge (Dungeon Bowl: a wall)
        if self.quality == "terrible":
            d8, d6 = g.dice.d8(), g.dice.d6()
            dx, dy = D8_DIRECTIONS[d8]
            sq = g.pos[p]
            for _ in range(d6):
                last, sq = sq, g.pitch.step(sq, dx, dy)
                if sq < 0:
                    break
        else:
            sq = self.target
            for _ in range(3):
                d = g.dice.d8()
                last, sq = sq, g.pitch.steps[d][sq]
                if sq < 0:
                    break
        g.emit(Move(g.pid[q], src, sq, "thrown"))
        superb = self.quality == "superb"
        g.stack[-1] = Land(q, sq, land_mod, self.can_land, superb, edge=last, thrower=p)
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase == 4:
            self._swoop(g, choice[1], choice[2])
            return
        self.target = choice[1]
        x0, y0 = g.pitch.xy(g.pos[self.p])
        x1, y1 = g.pitch.xy(self.target)
        self.band = pass_band(x1 - x0, y1 - y0)
        self.phase = 2

    def _bullseye(self, g: GameState) -> None:
        """Bullseye (BB2025, skills.md): a Superb throw lands in the target
        square itself, with no scatter. Decision: before Swoop, which then
        does not apply."""
        p, q = self.p, self.q
        g.emit(SkillUsed(g.pid[p], "bullseye"))
        src = g.pos[q]
        g.lift(q)
        g.emit(Move(g.pid[q], src, self.target, "thrown"))
        g.stack[-1] = Land(q, self.target, 0, self.can_land, True, thrower=p)

    def _swoop(self, g: GameState, fx: int, fy: int) -> None:
        q = self.q
        g.emit(SkillUsed(g.pid[q], "swoop"))
        d6, d3 = g.dice.d6(), g.variant.swoop_squares(g)
        g.emit(Roll("swoop", g.pid[q], (d6, d3), 0, 0, True, False))
        dx, dy = template_direction(fx, fy, d6)
        sq = last = self.target
        for _ in range(d3):
            last, sq = sq, g.pitch.step(sq, dx, dy)
            if sq < 0:
                break
        src = g.pos[q]
        g.lift(q)
        g.emit(Move(g.pid[q], src, sq, "thrown"))
        superb = self.quality == "superb"
        g.stack[-1] = Land(
            q, sq, self.mod, self.can_land, superb, edge=last, thrower=self.p
        )

    def _fumble(self, g: GameState) -> None:
        """Rulebook "Fumbled Throws": the thrower's activation ends and the
        team-mate is dropped, bouncing from the thrower's square, then must
        land. The fumble itself is no Turnover ("The Turnover" names only a
        fumbled Pass action): one follows only when the dropped player held
        the ball and fails to land or lands in the crowd (``Land``)."""
        p, q = self.p, self.q
        if self.KICK:
            self._kick_fumble(g)
            return
        g.emit(ThrowTeamMate(g.pid[p], g.pid[q], self.target, "fumble"))
        # The thrown player is dropped and bounces from the thrower's square.
        d = g.dice.d8()
        sq = g.pitch.steps[d][g.pos[p]]
        src = g.pos[q]
        g.lift(q)
        g.emit(Move(g.pid[q], src, sq, "dropped"))
        # a rule's sure landing (rule point fumbled_team_mate)
        sure = any(rule(g, p) for rule in g.hooks.fumbled_team_mate)
        edge = g.pos[p]
        g.stack[-1] = Land(
            q, sq, -1, self.can_land, False, sure=sure, edge=edge, thrower=p
        )

    def _kick_fumble(self, g: GameState) -> None:
        """A fumbled Kick Team-mate: the kicked player is removed from play
        with an Injury roll (Stunned counts as KO'd; the opposing coach may
        use the kicker's Mighty Blow); a ball they held bounces from their
        square, a Turnover (none without the ball, as for a fumbled Throw
        Team-mate, :meth:`_fumble`)."""
        p, q = self.p, self.q
        g.emit(ThrowTeamMate(g.pid[p], g.pid[q], self.target, "fumble"))
        had = g.carrier == q
        if had:  # as for Throw Team-mate: a Turnover only with the ball
            turnover(g, "fumble")
        sq = g.pos[q]
        to_box(g, q, RESERVES, "kick_team_mate")
        mb = (
            parse_bonus(g.param(p, S.MIGHTY_BLOW), 1)
            if g.skills[p] & S.MIGHTY_BLOW
            else 0
        )
        if had:
            g.stack[-1] = Bounce(sq)
            g.stack.append(Harm(q, by=p, mb=mb, stun_ko=True))
        else:
            g.stack[-1] = Harm(q, by=p, mb=mb, stun_ko=True)

    def _eaten(self, g: GameState) -> None:
        """Always Hungry, eaten: dead, and a Turnover only when the eaten
        team-mate held the ball ("The Turnover"), which then bounces from
        the thrower's square."""
        q = self.q
        had = g.carrier == q
        if had:
            turnover(g, "eaten")
        sq = g.pos[self.p]
        g.pflags[q] |= PF_DEAD
        to_box(g, q, CAS, "eaten")

        g.casualties.append(CasualtyRecord(g.pid[q], g.tname(g.team[q]), "dead"))
        if had:
            g.carrier = -1
            g.ball = sq
            g.stack[-1] = Bounce(sq)
        else:
            g.stack.pop()


class KickTeamMateAction(ThrowTeamMateAction):
    """Kick Team-mate Special action: ``p`` kicks the adjacent Standing
    team-mate ``q`` (Right Stuff), following the Throw Team-mate rules
    (half ruler, Passing Ability test, quality, scatter, landing) except
    that a fumble removes the kicked player from play with an Injury roll
    (:meth:`_kick_fumble`). Once per team turn, besides a Pass or Throw
    Team-mate action. Decision: Always Hungry and Strong Arm belong to
    Throw Team-mate actions and do not apply to a kick."""

    KICK = True


def landed_on(g: GameState, q: int, v: int) -> KnockDown:
    """The thrown player ``q`` landed on ``v``, who is Knocked Down.

    Lethal Flight (BB2025, skills.md): on an opponent, +1 to his Armour or
    Injury roll, and a Casualty is credited to ``q``."""
    if g.skills[q] & LETHAL_FLIGHT and g.team[v] != g.team[q]:
        g.emit(SkillUsed(g.pid[q], "lethal-flight"))
        return KnockDown(v, by=q, mb=1, credit=True, causes_turnover=False)
    return KnockDown(v, causes_turnover=g.team[v] == g.team[q])


class Land(Proc):
    """Thrown player ``q`` comes down at ``sq`` (-1 = in the crowd).

    A safe landing is voluntary movement (rulebook "Landing"), so a player
    landing safely on the loose ball must try to pick it up ("Picking up
    the Ball"); one who lands badly on it Falls Over there and the ball
    bounces from his square (``KnockDown``).

    A safe landing is handed to the format (``landed_safely``) with the
    ``thrower`` (-1: none known) and whether the throw was ``superb``: the
    BB2020 Throwing Completion is the thrower's.
    """

    __slots__ = (
        "q",
        "sq",
        "mod",
        "can_land",
        "superb",
        "bounced",
        "sure",
        "edge",
        "thrower",
    )

    def __init__(
        self,
        q: int,
        sq: int,
        mod: int,
        can_land: bool,
        superb: bool,
        *,
        sure: bool = False,
        edge: int = -1,
        thrower: int = -1,
    ) -> None:
        self.thrower = thrower
        self.sure = sure  # a rule's sure landing: no Landing test, it succeeds
        self.edge = edge  # sq -1: the last square before the edge, if known
        self.phase = 0
        self.q = q
        self.sq = sq
        self.mod = mod
        self.can_land = can_land
        self.superb = superb
        self.bounced = False

    def step(self, g: GameState) -> Decision | None:
        q = self.q
        if self.phase == 2:  # after picking up the ball (or failing to)
            g.stack.pop()
            if g.carrier == q:
                check_touchdown(g, q)
            return None
        if self.phase == 1:
            ok = g.ret
            g.emit(Landing(g.pid[q], self.sq, ok))
            if ok:
                g.variant.landed_safely(g, self.thrower, q, self.superb)
                if loose_ball_at(g, self.sq):
                    self.phase = 2
                    g.stack.append(Pickup(q))
                    return None
                g.stack.pop()
                if g.carrier == q:
                    check_touchdown(g, q)
            else:
                g.stack[-1] = KnockDown(q, "fall", causes_turnover=False)
            return None
        sq = self.sq
        had = g.carrier == q
        if sq < 0 and self.edge >= 0:  # Dungeon Bowl: a wall, not the crowd
            wall = g.variant.thrown_player_out(g, q, self.edge, ())
            if wall is not None:
                g.stack[-1] = wall
                return None
        if sq < 0:
            g.emit(Landing(g.pid[q], -1, False))
            g.stack.pop()
            if had:
                g.carrier = -1
                g.ball = -1
                g.ball_air = True
            if had or g.variant.thrown_into_crowd_turnover:
                turnover(g, "thrown_into_crowd")
            # the ball (if any) is thrown in from where the player was thrown
            g.box[q] = 1
            g.stack.append(crowd_push(g, q))
            if had:
                g.stack.insert(
                    len(g.stack) - 1,
                    ThrowIn(g.pos[g.act_player] if g.act_player >= 0 else 0),
                )
            return None
        occupant = g.board[sq]
        if occupant >= 0:
            self._land_on(g, occupant)
            return None
        g.place(q, sq)
        g.status[q] = STANDING
        if not self.can_land and not g.variant.crash_landing_bounces:
            # The landing fails at once: he Falls Over where he came down.
            g.emit(Landing(g.pid[q], sq, False))
            g.stack[-1] = KnockDown(q, "fall", causes_turnover=False)
            return None
        if not self.can_land:
            # Crash landing: bounce, then Fall Over.
            d = g.dice.d8()
            nxt = g.pitch.steps[d][sq]
            if nxt < 0 or g.board[nxt] >= 0:
                g.lift(q)
                g.stack[-1] = Land(q, nxt, 0, False, False, edge=sq)
                if nxt >= 0:
                    return None
                return None
            g.move(q, nxt)
            g.emit(Move(g.pid[q], sq, nxt, "bounce"))
            g.stack[-1] = KnockDown(q, "fall", causes_turnover=False)
            return None
        mod = self.mod - g.markers(sq, g.team[q])
        self.phase = 1
        if self.sure:
            g.ret = True
            return None
        rr = g.variant.landing_reroll_skills  # BB2025: Swoop
        g.stack.append(Test("landing", q, g.ag[q], mod, skill_rr=rr))
        return None

    def _land_on(self, g: GameState, occupant: int) -> None:
        """Rulebook "Landing in an Occupied Square": he lands on
        ``occupant`` in ``self.sq`` and bounces on until an empty square.
        Decision: the thrown player's bounce is resolved first, then the
        occupants' and the thrown player's knock-downs."""
        q, sq = self.q, self.sq
        victims = [occupant]
        cur = sq
        while True:
            d = g.dice.d8()
            nxt = g.pitch.steps[d][cur]
            if nxt < 0:
                wall = g.variant.thrown_player_out(g, q, cur, tuple(victims))
                if wall is not None:  # a variant's edge (a dungeon's wall)
                    g.stack[-1] = wall
                    return
                self.sq = -1
                g.stack.pop()
                for v in victims:
                    g.stack.append(landed_on(g, q, v))
                g.stack.append(Land(q, -1, 0, False, False))
                return
            cur = nxt
            if g.board[cur] < 0:
                break
            victims.append(g.board[cur])
        g.place(q, cur)
        g.emit(Move(g.pid[q], sq, cur, "bounce"))
        g.stack.pop()
        g.stack.append(KnockDown(q, g.variant.landed_on_how, causes_turnover=False))
        for v in victims:
            g.stack.append(landed_on(g, q, v))
