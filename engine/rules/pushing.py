"""Pushes (rulebook "Pushed Players", "Chain-pushes", "Follow-up"; skills
Stand Firm, Grab, Sidestep, Fend, Strip Ball, Juggernaut; trait Take Root):
the part of a block that moves players, for
:class:`engine.rules.blocking.Block`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.core import skillbits as S
from engine.core.events import Move, Roll, SkillUsed
from engine.core.pitch import F_TRAPDOOR
from engine.core.state import PF_ROOTED, STANDING, Decision, GameState, Option, Proc
from engine.rules.ball import turnover
from engine.rules.exclusions import usable_skills
from engine.rules.injuries import crowd_push
from engine.rules.prayers import trapdoors_live

if TYPE_CHECKING:
    from engine.core.hooks import FollowAsk
    from engine.rules.blocking import Block

FEND = S.BIT["fend"]
GRAB = S.BIT["grab"]
JUGGERNAUT = S.BIT["juggernaut"]
MONSTROUS_MOUTH = S.BIT["monstrous-mouth"]
STRIP_BALL = S.BIT["strip-ball"]
SIDESTEP = S.BIT["sidestep"]  # agility (movement/passing work)
OPT_FOLLOW: Option = ("follow",)
OPT_STAY: Option = ("stay",)
OPT_DECLINE: Option = ("decline",)


def use_skill(g: GameState, p: int, slug: str) -> Decision:
    """The optional-skill decision ("use_skill") for player ``p``."""
    return Decision(
        g.tname(g.team[p]),
        "use_skill",
        (("use", slug), OPT_DECLINE),
        g.pid[p],
        info=(slug,),
    )


class PushBack(Proc):
    """The pushes of a block by ``att`` on ``dfn``: Stand Firm, the push
    squares (Grab, Sidestep, a chain-push), the players moved, Strip Ball,
    Fend and the follow-up. :class:`~engine.rules.blocking.Block` holds the
    state (its slots) and goes on with the consequences."""

    __slots__ = (
        "chain",
        "cur",
        "cur_from",
        "moved",
        "victim",
        "victim_sq",
        "victim_ball",
        "asked",
        "strip",
        "following",
        "trapdoored",
    )

    # the block's, read here
    att: int
    dfn: int
    blitz: bool
    multi: bool
    pow: bool
    dfn_from: int
    # the pushes' own (set by Block.__init__)
    chain: tuple[tuple[int, int], ...]
    cur: int
    cur_from: int
    moved: bool
    victim: int
    victim_sq: int
    victim_ball: bool
    asked: int
    strip: bool
    following: FollowAsk | None
    # players fallen through a trapdoor: (the player, his Injury by the
    # Crowd, the square the ball he held bounces from, or -1)
    trapdoored: tuple[tuple[int, Proc, int], ...]

    def _jugg(self, g: GameState) -> bool:
        """Juggernaut blitz: the target may not use Fend, Stand Firm or
        Wrestle."""
        return self.blitz and bool(g.skills[self.att] & JUGGERNAUT)

    def _consequences(self, g: GameState) -> None:
        raise NotImplementedError

    def _stand_firm(self, g: GameState) -> Decision | None:
        dfn = self.dfn
        if g.pflags[dfn] & PF_ROOTED:
            self._no_push()
            return None
        if g.skills[dfn] & S.STAND_FIRM and g.has_tz(dfn) and not self._jugg(g):
            self.phase = 4
            return use_skill(g, dfn, "stand-firm")
        self._start_push(g)
        return None

    def _start_push(self, g: GameState) -> None:
        self.cur = self.dfn
        self.cur_from = g.pos[self.att]
        self.phase = 5

    def _no_push(self) -> None:
        self.moved = False
        self.chain = ()
        self.phase = 7

    def _push_options(self, g: GameState) -> tuple[list[int], bool]:
        """(squares, crowd) for pushing ``self.cur`` away from ``cur_from``."""
        cur_sq = g.pos[self.cur]
        pushed_to = {to for _, to in self.chain}
        cands = g.pitch.push_squares(self.cur_from, cur_sq)
        empty = [c for c in cands if c >= 0 and g.board[c] < 0 and c not in pushed_to]
        if empty:
            return empty, False
        if -1 in cands:
            # Decision: "Pushed into the Crowd" names the push off a diagonal
            # (one square left on the pitch) and off a sideline (none); pushed
            # along a sideline with both squares on the pitch occupied, the
            # player goes into the crowd too, not into a chain-push.
            return [], True
        occupied = []
        for c in cands:
            q = g.board[c]
            # Decision: a chain-pushed player with Stand Firm always uses it,
            # and Rooted players cannot be moved, so such squares are not
            # push options.
            if (
                q >= 0
                and q not in (self.att, self.dfn)
                and c not in pushed_to
                and not (g.skills[q] & S.STAND_FIRM and g.has_tz(q))
                and not g.pflags[q] & PF_ROOTED
            ):
                occupied.append(c)
        return occupied, False

    def _grab_squares(self, g: GameState) -> list[int]:
        """Grab (Block action on its own): any unoccupied square adjacent to
        the target, when the target itself is pushed."""
        att = self.att
        if (
            self.blitz
            or self.chain
            or self.cur != self.dfn
            or not usable_skills(g, att) & GRAB
            or not g.has_tz(att)
        ):
            return []
        board = g.board
        return [s for s in g.pitch.neighbours[g.pos[self.dfn]] if board[s] < 0]

    def _sidestep_squares(self, g: GameState) -> list[int]:
        """Sidestep (skills.agility): the pushed player's own coach picks
        any unoccupied adjacent square (none: not used; the target of a
        Grab player's block cannot). Decision: always used when possible
        (the choice includes the ordinary push squares)."""
        cur = self.cur
        if not g.skills[cur] & SIDESTEP or not g.has_tz(cur):
            return []
        att = self.att
        if (
            cur == self.dfn
            and usable_skills(g, att) & GRAB
            and g.has_tz(att)
            and (not self.blitz or g.variant.grab_blitz_stops_sidestep)
        ):
            return []
        pushed_to = {to for _, to in self.chain}
        board = g.board
        return [
            s
            for s in g.pitch.neighbours[g.pos[cur]]
            if board[s] < 0 and s not in pushed_to
        ]

    def _push_choice(self, g: GameState) -> Decision | None:
        if g.skills[self.cur] & SIDESTEP:
            side = self._sidestep_squares(g)
            if side:
                g.emit(SkillUsed(g.pid[self.cur], "sidestep"))
                if len(side) == 1:
                    self._push_to(g, side[0])
                    return None
                self.phase = 55
                return Decision(
                    g.tname(g.team[self.cur]),
                    "push",
                    tuple(g.pitch.square_opts[s] for s in side),
                    g.pid[self.cur],
                )
        squares, crowd = g.variant.push_options(
            g, cast("Block", self)
        )  # Dungeon Bowl: walls
        if crowd:
            # Decision: Grab is not offered when the target would be pushed
            # into the crowd (the better result for the attacker anyway).
            self.chain = self.chain + ((self.cur, -1),)
            self._execute(g)
            return None
        if usable_skills(g, self.att) & GRAB:
            for s in self._grab_squares(g):
                if s not in squares:
                    squares.append(s)
        if not squares:
            # Decision: a push with nowhere to go (all squares blocked by
            # Stand Firm / Rooted players) moves nobody.
            if not self.chain:
                self._no_push()
            else:
                self._execute(g)
            return None
        if len(squares) == 1:
            self._push_to(g, squares[0])
            return None
        self.phase = 55
        return Decision(
            g.tname(g.team[self.att]),
            "push",
            tuple(g.pitch.square_opts[s] for s in squares),
            g.pid[self.cur],
        )

    def _push_to(self, g: GameState, sq: int) -> None:
        cur_sq = g.pos[self.cur]
        self.chain = self.chain + ((self.cur, sq),)
        occupant = g.board[sq]
        if occupant >= 0:
            self.cur_from = cur_sq
            self.cur = occupant
            self.phase = 5  # the chain-push continues
            return
        self._execute(g)

    def _execute(self, g: GameState) -> None:
        """Move everyone in the chain, last pushed first."""
        self.moved = True
        self.phase = 6
        for q, to in reversed(self.chain):
            if to < 0:
                self.victim = q
                self.victim_sq = g.pos[q]
                if g.carrier == q:
                    self.victim_ball = True
                    g.carrier = -1
                    g.ball = -1
                    g.ball_air = True  # about to be thrown in by the crowd
                g.lift(q)
                g.box[q] = 1
                continue
            frm = g.pos[q]
            g.move(q, to)
            g.emit(Move(g.pid[q], frm, to, "push"))
            if trapdoors_live(g) and g.pitch.flags[to] & F_TRAPDOOR:
                self._trapdoor(g, q, to)
        for pushed in g.hooks.target_pushed:  # rule point: Eye Gouge
            pushed(g, self.att, self.dfn)

    def _trapdoor(self, g: GameState, q: int, sq: int) -> None:
        """Treacherous Trapdoor: ``q`` pushed onto a trapdoor square. The
        prayer: "every time any player enters a Trapdoor square, for any
        reason, roll a D6. On a roll of 1, the trapdoor falls open and the
        player is immediately removed from play. Treat them exactly as if
        they had been pushed into the crowd. If the player was in possession
        of the ball, it bounces from the trapdoor square." He is off the
        pitch at once (no knock-down follows); his Injury and the bounce
        come with the block's consequences."""
        d = g.dice.d6()
        fell = d == 1
        g.emit(Roll("trapdoor", g.pid[q], (d,), 2, 0, not fell, False))
        if not fell:
            return
        had = g.carrier == q
        if had:
            g.carrier = -1
            g.ball = sq
            if g.team[q] == g.active:
                turnover(g, "trapdoor")
        self.trapdoored += ((q, crowd_push(g, q), sq if had else -1),)

    def target_pushed(self) -> bool:
        """The target was pushed back into a square on the pitch (also read
        by the rules that follow the block: Frenzy)."""
        return self.moved and self.chain[0][1] >= 0

    def _follow(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        if not self.asked & 1:
            self.asked |= 1
            if (
                g.carrier == dfn
                and not self.pow
                and g.skills[att] & STRIP_BALL
                and self.target_pushed()
                and g.has_tz(att)
                and not g.skills[dfn] & MONSTROUS_MOUTH
                and not (
                    g.skills[dfn] & S.SURE_HANDS
                    and g.variant.active_skill_usable(g, dfn)
                )
            ):
                self.phase = 67
                return use_skill(g, att, "strip-ball")
        if (
            not self.moved
            or self.multi
            or g.pflags[att] & PF_ROOTED
            or g.board[self.dfn_from] >= 0
            or g.status[att] != STANDING
        ):
            self.phase = 7
            self._consequences(g)
            return None
        if not self.asked & 2:
            self.asked |= 2
            if (
                g.skills[dfn] & FEND
                and self.target_pushed()
                and g.has_tz(dfn)
                and not self._jugg(g)
                and not g.skills[att] & S.BALL_AND_CHAIN
            ):
                self.phase = 68
                return use_skill(g, dfn, "fend")
        if g.skills[att] & (S.FRENZY | S.BALL_AND_CHAIN):
            # Frenzy, Ball & Chain: the follow-up is compulsory.
            self._do_follow(g)
            self._consequences(g)
            return None
        if not self.asked & 4:
            self.asked |= 4
            for rule in g.hooks.follow_up:  # rule point: Taunt
                if ask := rule.ask(g, cast("Block", self)):
                    self.following = rule
                    self.phase = 69
                    return ask
        self.phase = 66
        return Decision(
            g.tname(g.team[att]), "follow_up", (OPT_FOLLOW, OPT_STAY), g.pid[att]
        )

    def _follow_answer(self, g: GameState, choice: Option) -> None:
        """The answer to a rule's follow-up question (rule point
        ``follow_up``): a forced follow-up, or the attacker's own choice."""
        rule, self.following = self.following, None
        if rule is not None and rule.answer(g, cast("Block", self), choice):
            self._do_follow(g)
            self.phase = 7
        else:
            self.phase = 6

    def _do_follow(self, g: GameState) -> None:
        att = self.att
        frm = g.pos[att]
        g.move(att, self.dfn_from)
        g.emit(Move(g.pid[att], frm, self.dfn_from, "follow_up"))
