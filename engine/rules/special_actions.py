"""Special actions and block-time traits (rulebook "Skills and Traits":
Stab, Breathe Fire, Hypnotic Gaze, Trickster, Hit and Run, My Ball).

* Stab and Breathe Fire replace a Block action, on its own or in a Blitz:
  beside each ``("block", id)`` of the ``block_target`` decision (and of a
  Blitz's ``move`` decision) the player gets ``("stab", id)`` /
  ``("breathe_fire", id)``.
* Hypnotic Gaze is a Special action declared on activation
  (``("activate", id, "hypnotic_gaze")``): the player moves as for a Move
  action, then ``("gaze", id)`` against a Marked opponent ends it.
* Trickster: before a Block (or a Special action replacing one) hits the
  player, their coach may place them on another empty square next to the
  attacker (decision ``trickster``).
* Hit and Run: after a Block, one free square (decision ``hit_and_run``)
  to a square next to no opposition player.
* My Ball: no Pass or Hand-off actions, no Dump-off, no Fumblerooskie.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Armour, Move, SkillUsed
from engine.core.pitch import F_TRAPDOOR
from engine.core.state import (
    PF_NOTZ,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    PlayerActivation,
    Proc,
)
from engine.rules.ball import check_touchdown
from engine.rules.block_actions import BlitzBlock
from engine.rules.blocking import foul_appearance_failed, foul_appearance_test
from engine.rules.bloodlust import Bite, hungry_options
from engine.rules.exclusions import usable_skills
from engine.rules.injuries import KnockDown
from engine.rules.passing import with_dump_off
from engine.rules.pushing import OPT_DECLINE
from engine.rules.rolls import Test

STAB = S.STAB
BREATHE_FIRE = S.BIT["breathe-fire"]
HYPNOTIC_GAZE = S.BIT["hypnotic-gaze"]
TRICKSTER = S.BIT["trickster"]
HIT_AND_RUN = S.BIT["hit-and-run"]
MY_BALL = S.BIT["my-ball"]
BLOODLUST = S.BIT["bloodlust"]

# Verbs of a Special action instead of a Block action.
SPECIAL_BLOCK_VERBS = ("stab", "breathe_fire")
SPECIAL_BLOCKS = STAB | BREATHE_FIRE
# Skills that change a moving player's options (see special_move_options).
SPECIAL_MOVE_MASK = STAB | BREATHE_FIRE | HYPNOTIC_GAZE | MY_BALL | BLOODLUST


def special_block_options(
    g: GameState, p: int, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """``opts`` with a Stab / Breathe Fire option beside each
    ``("block", id)`` (the player's Special actions instead of a Block)."""
    sk = g.skills[p]
    out: list[Option] = []
    for o in opts:
        out.append(o)
        if o[0] == "block":
            if sk & STAB:
                out.append(("stab", o[1]))
            if sk & BREATHE_FIRE:
                out.append(("breathe_fire", o[1]))
    return tuple(out)


def gaze_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents with a Tackle Zone that ``p`` Marks."""
    if not g.has_tz(p):
        return []
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.has_tz(q)
    ]


def special_move_options(
    g: GameState, p: int, action: str, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """A moving player's options as their skills change them: Stab /
    Breathe Fire in a Blitz, Hypnotic Gaze targets, My Ball (no throw,
    hand-off or Fumblerooskie), a hungry Bloodlust player (bite a Thrall;
    no throw or hand-off before biting)."""
    sk = g.skills[p]
    if action == "blitz" and sk & SPECIAL_BLOCKS:
        opts = special_block_options(g, p, opts)
    if action == "hypnotic_gaze":
        end = opts[-1]
        opts = (
            opts[:-1] + tuple(g.pl_opts[q]["gaze"] for q in gaze_targets(g, p)) + (end,)
        )
    if sk & MY_BALL:
        opts = tuple(
            o for o in opts if o[0] not in ("throw", "hand_off", "fumblerooskie")
        )
    if sk & BLOODLUST:
        opts = hungry_options(g, p, opts)
    return opts


class Stab(Proc):
    """Stab Special action against the Standing ``dfn`` (instead of a Block,
    on its own or in a Blitz): an unmodified Armour roll; if broken the
    target becomes Prone and an unmodified Injury roll is made. In a Blitz
    the player cannot move on afterwards.

    Decisions: as for a Block, a Foul Appearance roll comes first; a
    Casualty earns no Star Player Points (it is not a Block action); the
    target becoming Prone is not a Turnover (as Placed Prone)."""

    __slots__ = ("att", "dfn", "fa_done", "blitz")

    def __init__(
        self, att: int, dfn: int, fa_done: bool = False, blitz: bool = False
    ) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.fa_done = fa_done
        self.blitz = blitz

    def step(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        g.act_blocked = True
        if self.blitz:
            g.act_over = True
        if self.phase == 0 and not self.fa_done and g.skills[dfn] & FOUL_APPEARANCE:
            self.phase = 1
            g.stack.append(foul_appearance_test(att))
            return None
        if self.phase == 1 and not g.ret:
            foul_appearance_failed(g, att, dfn, True)
            g.stack.pop()
            return None
        g.emit(SkillUsed(g.pid[att], "stab"))
        d1, d2 = g.dice.d6(), g.dice.d6()
        av = g.av[dfn]
        broken = g.variant.armour_broken(d1 + d2, av)
        g.emit(Armour(g.pid[dfn], (d1, d2), 0, av, broken))
        if broken:
            g.stack[-1] = KnockDown(dfn, "stab", by=att)
        else:
            g.stack.pop()
        return None


class BreatheFire(Proc):
    """Breathe Fire Special action (instead of a Block, on its own or in a
    Blitz) against the Standing ``dfn``: D6, -1 when the target has ST 5+;
    1 or less: the player is Knocked Down; 2-3: nothing; 4+: the target is
    Placed Prone; a natural 6: the target is Knocked Down. The activation
    ends.

    Decisions: the D6 is an ordinary roll of the active team (team re-roll
    or Pro may be used on a result below 4); Foul Appearance is rolled
    first; a Casualty from the natural 6 earns no SPP (not a Block action).
    """

    __slots__ = ("att", "dfn", "fa_done")

    def __init__(self, att: int, dfn: int, fa_done: bool = False) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.fa_done = fa_done

    def step(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        g.act_blocked = True
        g.act_over = True
        if self.phase == 0:
            if not self.fa_done and g.skills[dfn] & FOUL_APPEARANCE:
                self.phase = 1
                g.stack.append(foul_appearance_test(att))
                return None
            self.phase = 1
            g.ret = True
        if self.phase == 1:
            if not g.ret:
                foul_appearance_failed(g, att, dfn, True)
                g.stack.pop()
                return None
            g.emit(SkillUsed(g.pid[att], "breathe-fire"))
            self.phase = 2
            mod = -1 if g.st[dfn] >= 5 else 0
            g.stack.append(Test("breathe_fire", att, 4, mod, natural=False))
            return None
        die = g.last_die
        total = die + (-1 if g.st[dfn] >= 5 else 0)
        if total <= 1:
            g.stack[-1] = KnockDown(att, "knocked_down")
        elif total <= 3:
            g.stack.pop()
        elif die == 6:
            g.stack[-1] = KnockDown(dfn, "knocked_down", by=att, causes_turnover=False)
        else:
            g.stack[-1] = KnockDown(dfn, "placed_prone", by=att)
        return None


FOUL_APPEARANCE = S.BIT["foul-appearance"]


class SpecialBlitz(BlitzBlock):
    """A Stab or Breathe Fire instead of the Blitz's Block: it costs the
    square of movement (Rushing if needed) as the Block would."""

    __slots__ = ("kind",)

    def __init__(self, att: int, dfn: int, kind: str) -> None:
        super().__init__(att, dfn)
        self.kind = kind

    def _next(self, g: GameState) -> Proc:
        if self.kind == "stab":
            return Stab(self.att, self.dfn, fa_done=True, blitz=True)
        return BreatheFire(self.att, self.dfn, fa_done=True)


def special_block(g: GameState, p: int, q: int, verb: str, blitz: bool) -> Proc:
    """The procedure for Stab / Breathe Fire (``verb``) by ``p`` on ``q``."""
    proc: Proc
    if blitz:
        proc = SpecialBlitz(p, q, verb)
    elif verb == "stab":
        proc = Stab(p, q)
    else:
        proc = BreatheFire(p, q)
    return trickster(g, p, q, proc)


def trickster(g: GameState, att: int, dfn: int, then: Proc) -> Proc:
    """``then`` (a Block, or a Special action replacing one, by ``att`` on
    ``dfn``), preceded by the Trickster decision when ``dfn`` has it."""
    if g.skills[dfn] & TRICKSTER:
        return Trickster(att, dfn, then)
    return then


class Trickster(Proc):
    """Trickster: before the dice of a Block (or a Special action replacing
    one) against ``dfn``, their coach may remove them and place them in any
    other unoccupied square next to the attacker (decision ``trickster``:
    ``("square", sq)`` or ``("decline",)``). Then ``then`` goes on.

    Decisions: not used without a Tackle Zone (as other skills here);
    squares with a trapdoor or the loose ball are not offered (being placed
    is no move: no pick-up); a ball carrier placed in the
    opposition End Zone scores only once the action is resolved (the
    attacker's block decides, as for any carrier at its end); not offered
    against a Frenzy's second block (the same Block action goes on) nor a
    Multiple Block (both blocks are rolled together before any is applied).
    """

    __slots__ = ("att", "dfn", "then")

    def __init__(self, att: int, dfn: int, then: Proc) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.then = then

    def _squares(self, g: GameState) -> list[int]:
        flags = g.pitch.flags
        loose = g.ball if g.carrier < 0 and not g.ball_air else -1
        return [
            s
            for s in g.pitch.neighbours[g.pos[self.att]]
            if g.board[s] < 0 and s != loose and not flags[s] & F_TRAPDOOR
        ]

    def step(self, g: GameState) -> Decision | None:
        dfn = self.dfn
        if self.phase == 0:
            self.phase = 1
            if (
                g.box[dfn] == PITCH
                and g.box[self.att] == PITCH
                and g.status[dfn] == STANDING
                and g.has_tz(dfn)
                and g.turnover is None
                and not g.touchdown
            ):
                squares = self._squares(g)
                if squares:
                    sq_opts = g.pitch.square_opts
                    return Decision(
                        g.tname(g.team[dfn]),
                        "trickster",
                        tuple(sq_opts[s] for s in squares) + (OPT_DECLINE,),
                        g.pid[dfn],
                    )
        if g.turnover is None and not g.touchdown:
            g.stack[-1] = self.then.copy()
        else:
            g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            return
        dfn = self.dfn
        frm = g.pos[dfn]
        g.emit(SkillUsed(g.pid[dfn], "trickster"))
        g.move(dfn, choice[1])
        g.emit(Move(g.pid[dfn], frm, choice[1], "trickster"))


class HitAndRun(Proc):
    """Hit and Run: after ``p``'s Block (on its own or in a Blitz; after a
    Frenzy's second block), if still Standing, they may move one free
    square ignoring Tackle Zones (decision ``hit_and_run``:
    ``("square", sq)`` or ``("decline",)``) to a square where they neither
    Mark nor are Marked by any opposition player.

    Decisions: a square next to any opposition player (even Prone) is not
    offered, since a Standing player Marks every adjacent opponent; not
    after a Turnover or touchdown; squares holding the loose ball or a
    trapdoor are not offered (the free move is no Move action: no pick-up);
    the free square costs no movement."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def _squares(self, g: GameState) -> list[int]:
        p = self.p
        t = g.team[p]
        board = g.board
        nb = g.pitch.neighbours
        flags = g.pitch.flags
        loose = g.ball if g.carrier < 0 and not g.ball_air else -1
        out: list[int] = []
        if any(rule(g, p) for rule in g.hooks.leave_barred):
            return out  # a rule keeps him in his square (BB2025: Chomped)
        for s in nb[g.pos[p]]:
            if board[s] >= 0 or s == loose or flags[s] & F_TRAPDOOR:
                continue
            if any((q := board[n]) >= 0 and g.team[q] != t for n in nb[s]):
                continue
            out.append(s)
        return out

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if (
            self.phase == 0
            and g.box[p] == PITCH
            and g.status[p] == STANDING
            and g.turnover is None
            and not g.touchdown
        ):
            squares = self._squares(g)
            if squares:
                self.phase = 1
                sq_opts = g.pitch.square_opts
                return Decision(
                    g.tname(g.team[p]),
                    "hit_and_run",
                    tuple(sq_opts[s] for s in squares) + (OPT_DECLINE,),
                    g.pid[p],
                )
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_DECLINE:
            return
        p = self.p
        frm = g.pos[p]
        g.emit(SkillUsed(g.pid[p], "hit-and-run"))
        g.move(p, choice[1])
        g.emit(Move(g.pid[p], frm, choice[1], "hit_and_run"))
        if g.carrier == p:
            check_touchdown(g, p)
        after = g.variant.after_step(g, p)  # the board's: a Portal (Dungeon Bowl)
        if after is not None:
            g.stack.append(after)


class HypnoticGaze(Proc):
    """Hypnotic Gaze Special action on ``q``: an Agility test with -1 for
    every opposition player other than ``q`` Marking the player; passed,
    ``q`` loses their Tackle Zone until they are next activated. The
    activation then ends (a failure is no Turnover). A Special action that
    targets ``q``: Foul Appearance is rolled first (BB2020's Foul
    Appearance: "or any Special action that targets this player"; BB2025's
    skills.md: "a targeting Special Action"), a 1 wasting the gaze.

    Decision: the test may be re-rolled like any Agility test of the
    active team (team re-roll, Pro)."""

    __slots__ = ("p", "q")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q

    def step(self, g: GameState) -> Decision | None:
        p, q = self.p, self.q
        g.act_over = True
        if self.phase == 0 and g.skills[q] & FOUL_APPEARANCE:
            self.phase = 2
            g.stack.append(foul_appearance_test(p))
            return None
        if self.phase == 2:
            if not g.ret:
                foul_appearance_failed(g, p, q, True)
                g.stack.pop()
                return None
            self.phase = 0
        if self.phase == 0:
            self.phase = 1
            g.emit(SkillUsed(g.pid[p], "hypnotic-gaze"))
            g.stack.append(g.variant.hypnotic_gaze_test(g, p, q))
            return None
        if g.ret:
            g.pflags[q] |= PF_NOTZ
        g.stack.pop()
        return None


def hypnotic_gaze_test(g: GameState, p: int, q: int) -> Test:
    """Hypnotic Gaze by ``p`` at ``q``: an Agility test, -1 for each player
    other than ``q`` Marking ``p``."""
    others = sum(1 for m in g.marking_players(g.pos[p], g.team[p]) if m != q)
    return Test("hypnotic_gaze", p, g.ag[p], -others)


def special_receive(
    g: GameState, act: PlayerActivation, p: int, choice: Option
) -> bool:
    """Apply a moving player's special option (``stab`` / ``breathe_fire``
    in a Blitz, ``gaze``, ``bite``); False when ``choice`` is none."""
    verb = choice[0]
    if verb in SPECIAL_BLOCK_VERBS:
        q = g.idx[choice[1]]
        if usable_skills(g, p) & HIT_AND_RUN and verb in g.variant.hit_and_run_after:
            g.stack.append(HitAndRun(p))  # after the Stab of a Blitz
        g.stack.append(with_dump_off(g, q, special_block(g, p, q, verb, True)))
        return True
    if verb == "gaze":
        act.phase = 9
        q = g.idx[choice[1]]
        gaze: Proc = HypnoticGaze(p, q)
        if g.variant.gaze_is_targeted:  # BB2025: Trickster and Dump-off act
            gaze = with_dump_off(g, q, trickster(g, p, q, gaze))
        g.stack.append(gaze)
        return True
    if verb == "bite":
        g.stack.append(Bite(p, g.idx[choice[1]]))
        return True
    for rule in g.hooks.move_chosen:  # a rule's option (rule point move_options)
        if (proc := rule(g, p, choice)) is not None:
            g.stack.append(proc)
            return True
    return g.variant.special_receive(g, act, p, choice)  # the board's options


__all__ = [
    "BreatheFire",
    "HitAndRun",
    "HypnoticGaze",
    "SpecialBlitz",
    "Stab",
    "Trickster",
    "special_block",
    "special_block_options",
    "special_move_options",
    "special_receive",
    "trickster",
]
