"""Player activations (rulebook "The Team Turn": Activating Players,
Declaring Actions, the once-per-turn actions; "Standing Up"): which
players a team may activate and for what, and the activation itself
(declaration, activation traits, standing up, then the action).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import skillbits as S
from engine.core.events import (
    Activation as ActivationEv,
)
from engine.core.events import (
    ActivationEnd,
    StandUp,
)
from engine.core.state import (
    ACTION_FLAG,
    PF_NOTZ,
    PF_PLAYED,
    PF_USED,
    PITCH,
    PRONE,
    STANDING,
    STUNNED,
    TF_ACTIVATED,
    TF_BLITZ,
    TF_BOMB,
    TF_FOUL,
    TF_HANDOFF,
    TF_KTM,
    TF_MANY_FOULS,
    TF_PASS,
    TF_TTM,
    Decision,
    GameState,
    Option,
    PlayerActivation,
    Proc,
)
from engine.rules.animosity import animosity_applies, animosity_test
from engine.rules.ball import check_touchdown
from engine.rules.block_actions import (
    MULTIPLE_BLOCK,
    PROJECTILE_VOMIT,
    BlitzBlock,
    MultipleBlock,
    ProjectileVomit,
    block_targets,
    multiple_block_options,
    vomit_move_options,
)
from engine.rules.blocking import Block
from engine.rules.bombs import BombThrow
from engine.rules.declaring import NOMINATED, Nominate
from engine.rules.exclusions import usable_skills
from engine.rules.fouls import FoulAction
from engine.rules.hand_off import HandOffAction, give_and_go
from engine.rules.movement import (
    JUMP_UP,
    Step,
    move_options,
    stand_up_test,
)
from engine.rules.passing import (
    PassAction,
    moves_on_after_pass,
    with_dump_off,
)
from engine.rules.rolls import Test
from engine.rules.secret_weapons import (
    BallAndChainMove,
    ChainsawAttack,
    chainsaw_move_options,
)
from engine.rules.special_actions import (
    HIT_AND_RUN,
    HYPNOTIC_GAZE,
    MY_BALL,
    SPECIAL_BLOCK_VERBS,
    SPECIAL_BLOCKS,
    SPECIAL_MOVE_MASK,
    HitAndRun,
    special_block,
    special_block_options,
    special_move_options,
    special_receive,
    trickster,
)
from engine.rules.throw_team_mate import KickTeamMateAction, ThrowTeamMateAction

BALL_AND_CHAIN = S.BALL_AND_CHAIN
CHAINSAW = S.CHAINSAW
_BOMB_OR_KICK = S.BOMBARDIER | S.KICK_TEAM_MATE


class _Allowed(NamedTuple):
    """What team ``t`` may still declare this turn (the once-per-turn
    actions, the targets a Blitz or a Foul needs)."""

    blitz: bool
    pass_: bool
    hand_off: bool
    foul: bool  # a Prone or Stunned opponent to Foul, and a Foul left
    foul_only: int  # the one player who may Foul (-1: any)
    ttm: bool  # a Right Stuff team-mate to throw


def _allowed(g: GameState, t: int) -> _Allowed:
    tf = g.tflags
    team = g.team
    status = g.status
    blitz_ok = not tf & TF_BLITZ
    v = g.variant
    # BB2020: a Throw Team-mate is the team's Pass action (variant facts).
    pass_ok = not tf & (TF_PASS | TF_TTM if v.ttm_is_pass else TF_PASS)
    ttm_ok = not tf & (TF_PASS | TF_TTM if v.ttm_is_pass else TF_TTM)
    foul_ok = not tf & TF_FOUL or bool(tf & TF_MANY_FOULS)
    foul_only = -1  # the only player left to Foul (rule point another_foul)
    if not foul_ok:
        foul_only = _another_foul(g, t)
        foul_ok = foul_only != -2
    # A Blitz and a Foul name their target when declared (engine.rules.declaring):
    # Decision: each is offered only when there is an opponent on the
    # pitch it could name (Standing for a Blitz, Prone/Stunned for a Foul).
    downed_opp = standing_opp = False
    if foul_ok or blitz_ok:
        for q in range(g.n):
            if team[q] != t and g.box[q] == PITCH:
                if status[q] == STANDING:
                    standing_opp = True
                else:
                    downed_opp = True
                if standing_opp and downed_opp:
                    break
        downed_opp = downed_opp and foul_ok
        blitz_ok = blitz_ok and standing_opp
    ttm_targets = False
    if ttm_ok:
        for q in range(g.n):
            if team[q] == t and g.box[q] == PITCH and v.may_be_thrown(g, q):
                ttm_targets = True
                break
    return _Allowed(
        blitz_ok,
        pass_ok,
        not tf & TF_HANDOFF,
        downed_opp,
        foul_only,
        ttm_targets,
    )


def activatable(g: GameState, t: int) -> list[int]:
    """The players of team ``t`` who may be activated now."""
    return _activatable(g, t, False)


def _activatable(g: GameState, t: int, open_only: bool) -> list[int]:
    """The players of team ``t`` who may be activated now: on the pitch,
    not yet activated, not Stunned, not barred by a rule (``open_only``:
    not Marked either)."""
    team, box, pflags, status = g.team, g.box, g.pflags, g.status
    hexed = _barred(g)
    return [
        p
        for p in range(g.n)
        if team[p] == t
        and box[p] == PITCH
        and not pflags[p] & PF_USED
        and not (hexed and p in hexed)
        and status[p] != STUNNED
        and not (open_only and g.markers(g.pos[p], t))
    ]


def activation_options(
    g: GameState,
    t: int,
    limited: tuple[str, ...] | None = None,
    open_only: bool = False,
) -> list[Option]:
    """Every (player, action) the team may activate now (hot path)."""
    opts: list[Option] = []
    status = g.status
    team = g.team
    board = g.board
    neighbours = g.pitch.neighbours
    hooks = g.hooks
    ball_loose = g.carrier < 0 and g.ball >= 0 and not g.ball_air
    ok = _allowed(g, t)
    prone_specials = not g.variant.special_actions_need_standing
    for p in _activatable(g, t, open_only):
        st = status[p]
        ao = g.act_opts[p]
        sk = g.skills[p]
        specials = st == STANDING or prone_specials
        if sk & BALL_AND_CHAIN:
            # Ball & Chain: only the Ball & Chain Move. Decision: not in a
            # Blitz! kick-off event (Move, Blitz, Throw Team-mate only).
            if limited is None:
                opts.append(ao["ball_and_chain"])
            continue
        opts.append(ao["move"])
        if (st == STANDING or sk & JUMP_UP) and (limited is None or "block" in limited):
            # the Block, and the Special actions made instead of one
            for s in neighbours[g.pos[p]]:
                q = board[s]
                if q >= 0 and team[q] != t and status[q] == STANDING:
                    opts.append(ao["block"])
                    if not specials:
                        break
                    if sk & PROJECTILE_VOMIT or (
                        sk & hooks.lent_action_bits and _lent(g, p, "projectile_vomit")
                    ):
                        opts.append(ao["projectile_vomit"])
                    if sk & CHAINSAW:
                        opts.append(ao["chainsaw"])
                    break
            else:
                if (
                    limited is None
                    and sk & hooks.block_targets_bits
                    and _far_block(g, p)
                ):
                    opts.append(ao["block"])
            if sk & hooks.block_activations_bits:
                for more in hooks.block_activations:
                    opts += more(g, p, opts)
        if ok.blitz:
            opts.append(ao["blitz"])
        if (
            (
                sk & HYPNOTIC_GAZE
                or (sk & hooks.lent_action_bits and _lent(g, p, "hypnotic_gaze"))
            )
            and limited is None
            and specials
        ):
            opts.append(ao["hypnotic_gaze"])
        throws = ok.ttm and sk & S.THROW_TEAM_MATE and g.variant.may_throw(g, p)
        if limited is not None:
            if throws and "throw_team_mate" in limited:
                opts.append(ao["throw_team_mate"])
            if sk & S.KICK_TEAM_MATE and "kick_team_mate" in limited:
                opts += [o for o in special_activations(g, p, t) if o[2] in limited]
            continue
        if (g.carrier == p or ball_loose) and not sk & MY_BALL:
            if ok.pass_:
                opts.append(ao["pass"])
            if ok.hand_off:
                opts.append(ao["hand_off"])
        if ok.foul and (ok.foul_only < 0 or ok.foul_only == p):
            opts.append(ao["foul"])
        if throws:
            opts.append(ao["throw_team_mate"])
        opts += _skill_activations(g, p, t)
    if limited is None:
        opts += g.variant.extra_activations(g, t)  # the board's (Dungeon Bowl)
    return g.variant.activation_filter(g, t, opts)  # hook: Dungeon Bowl spells


def _skill_activations(g: GameState, p: int, t: int) -> list[Option]:
    """The Special actions of player ``p``'s traits and skills: Throw Bomb,
    Kick Team-mate, and a rule's (rule point ``skill_activations``)."""
    sk = g.skills[p]
    out: list[Option] = []
    if sk & _BOMB_OR_KICK:
        out += special_activations(g, p, t)
    if sk & g.hooks.skill_activations_bits:
        for more in g.hooks.skill_activations:
            out += more(g, p, t)
    return out


def activated(g: GameState, p: int, action: str) -> list[Proc]:
    """The procedures run as ``p`` is activated for ``action``, after its
    declaration: his skills' and traits' (rule point ``activated``), then
    the board's (:meth:`Variant.activation_procs`)."""
    procs: list[Proc] = []
    for rule in g.hooks.activated:
        procs += rule(g, p, action)
    return procs + g.variant.activation_procs(g, p, action)


def _another_foul(g: GameState, t: int) -> int:
    """After team ``t``'s Foul this turn: who may make another (rule point
    ``another_foul``): -2 nobody, -1 anyone, or the one player."""
    for rule in g.hooks.another_foul:
        who = rule(g, t)
        if who != -2:
            return who
    return -2


def _lent(g: GameState, p: int, action: str) -> bool:
    """A rule lends ``p`` the trait's Special ``action`` (``lent_action``)."""
    return any(rule(g, p, action) for rule in g.hooks.lent_action)


def _far_block(g: GameState, p: int) -> bool:
    """A rule gives ``p`` a Block target beyond the adjacent opponents
    (rule point ``block_targets``)."""
    return any(rule.options(g, p) for rule in g.hooks.block_targets)


def _far_block_proc(g: GameState, p: int, choice: Option) -> Proc | None:
    """The procedure of a Block target a rule offered, when ``choice`` is
    one (rule point ``block_targets``)."""
    for rule in g.hooks.block_targets:
        proc = rule.use(g, p, choice)
        if proc is not None:
            return proc
    return None


def _procedure(g: GameState, p: int, action: str) -> Proc | None:
    """A rule's procedure for ``p``'s ``action`` (``action_procedure``)."""
    for rule in g.hooks.action_procedure:
        proc = rule(g, p, action)
        if proc is not None:
            return proc
    return None


def _barred(g: GameState) -> dict[int, int]:
    """The players the rules bar from activation now (rule point
    ``barred``)."""
    out: dict[int, int] = {}
    for rule in g.hooks.barred:
        if barred := rule(g):
            out.update(barred)
    return out


def special_activations(g: GameState, p: int, t: int) -> list[Option]:
    """Throw Bomb (Standing only: no standing up first; one per team turn)
    and Kick Team-mate (one per team turn, a team-mate on the pitch the
    variant lets him kick: :func:`kickable`)."""
    out: list[Option] = []
    sk = g.skills[p]
    if sk & S.BOMBARDIER and not g.tflags & TF_BOMB and g.status[p] == STANDING:
        out.append(g.act_opts[p]["throw_bomb"])
    if sk & S.KICK_TEAM_MATE and not g.tflags & TF_KTM:
        for q in range(g.n):
            if q != p and kickable(g, q, t):
                out.append(g.act_opts[p]["kick_team_mate"])
                break
    return out


def kickable(g: GameState, q: int, t: int) -> bool:
    """Whether ``q`` is a team-mate (of team ``t``) on the pitch that may
    be kicked (:meth:`Variant.may_be_kicked`; BB2020: Right Stuff with ST 3
    or less, Standing)."""
    return g.team[q] == t and g.box[q] == PITCH and g.variant.may_be_kicked(g, q)


class Activation(PlayerActivation):
    """A player's activation: declare, activation traits, stand up, then
    the action (moving square by square, blocking, passing...). ``second``:
    a Razzle-dazzle second action of the same activation (no new
    activation is counted, no activation trait rolled again)."""

    __slots__ = ("blitz_event", "second", "prone")

    def __init__(
        self, p: int, action: str, blitz_event: bool = False, *, second: bool = False
    ) -> None:
        self.phase = 0
        self.p = p
        self.action = action
        self.blitz_event = blitz_event
        self.second = second
        self.prone = False  # not Standing as the action was declared

    def step(self, g: GameState) -> Decision | None:
        ph = self.phase
        if ph == 0:
            if self._declare(g):
                return None
            ph = 1
        if ph == 1:
            if not self._stand_up(g):
                return None
            ph = 3
        elif ph == 2:
            if not self._stood_up(g):
                return None
            ph = 3
        if ph == 3:
            go_on, target = self._target(g)
            if not go_on:
                return target
            ph = 5
        if ph == 5:  # moving square by square: the move decision
            p = self.p
            action = self.action
            if (
                g.act_over
                or g.turnover is not None
                or g.touchdown
                or g.box[p] != PITCH
                or g.status[p] != STANDING
            ):
                self._finish(g)
                return None
            sk = g.skills[p]
            mopts = move_options(g, p, action)
            if sk & PROJECTILE_VOMIT and action == "blitz":
                mopts = vomit_move_options(g, p, mopts)
            if sk & g.hooks.move_options_bits:
                for moving in g.hooks.move_options:
                    mopts = moving(g, p, action, mopts)
            if g.skills[p] & CHAINSAW and action == "blitz":
                mopts = chainsaw_move_options(mopts)
            if g.skills[p] & SPECIAL_MOVE_MASK or action == "hypnotic_gaze":
                mopts = special_move_options(g, p, action, mopts)
            if extra := g.variant.extra_move_options(g, p, action):
                mopts = mopts[:-1] + extra + mopts[-1:]  # ("end",) stays last
            return Decision(g.tname(g.team[p]), "move", mopts, g.pid[p])
        # ph 9: done
        p = self.p
        if ph == 8:
            if not g.act_over:
                # The Foul made did not end the activation (rule point
                # foul_goes_on): the player moves on with what is left.
                self.phase, self.action = 5, "move"
                return None
        if g.skills[p] & g.hooks.another_action_bits and any(
            again(g, p, self.action) for again in g.hooks.another_action
        ):
            self.phase = 3  # the same action again (rule point another_action)
            return None
        self._finish(g)
        return None

    def _declare(self, g: GameState) -> bool:
        """The action is declared: the activation starts; True when
        procedures were pushed to run first (the target's nomination, the
        spells, skills and traits, the team-mates' rules)."""
        p = self.p
        g.act_player = p
        g.act_action = self.action
        self.prone = g.status[p] != STANDING
        g.act_ma_used = 0
        g.act_rushes = 0
        g.act_jumped = False
        g.act_blocked = False
        g.act_over = False
        if not self.second:
            g.activations += 1
        g.pflags[p] = (g.pflags[p] | PF_USED | PF_PLAYED) & ~PF_NOTZ
        for declared in g.hooks.action_declared:
            declared(g, p, self.action)
        g.tflags |= ACTION_FLAG[self.action] | TF_ACTIVATED
        g.act_target = -1
        g.emit(ActivationEv(g.pid[p], self.action))
        self.phase = 1
        procs = [] if self.second else activated(g, p, self.action)
        if not self.second:  # hook: a spell cast as the player is activated
            procs[:0] = g.variant.activation_spells(g, p, self.action)
        if self.action in NOMINATED:  # the target is part of the declaration
            procs.insert(0, Nominate(p, self.action))
        if not self.second:  # other players' rules (team_mate_activated)
            for mate in g.hooks.team_mate_activated:
                proc = mate(g, p)
                if proc is not None:
                    procs.append(proc)
        if procs:
            g.stack.extend(reversed(procs))
            return True
        return False

    def _stand_up(self, g: GameState) -> bool:
        """A Prone player stands up (rulebook "Standing Up"); True when the
        action goes on now, False when the step stops here (a roll to make,
        or the activation is over)."""
        p = self.p
        if g.act_over or g.turnover is not None or g.touchdown:
            self._finish(g)
            return False
        if g.status[p] == PRONE:
            if g.skills[p] & JUMP_UP:
                # Jump Up (movement.JUMP_UP): stands up for free; to
                # Block, an Agility test at +1 first.
                if self.action in ("block", "projectile_vomit"):
                    self.phase = 2
                    g.stack.append(Test("jump_up", p, g.ag[p], 1))
                    return False
                g.status[p] = STANDING
                g.emit(StandUp(g.pid[p]))
            elif g.variant.rolls_to_stand_up(g, p):  # hook: MA < 3 rolls
                self.phase = 2
                g.stack.append(stand_up_test(g, p))
                return False
            else:
                g.status[p] = STANDING
                # (min: a variant with no roll lets MA < 3 stand up
                # using all of its MA, as after a successful roll)
                g.act_ma_used = min(3, g.ma[p])
                g.emit(StandUp(g.pid[p]))
        return True

    def _stood_up(self, g: GameState) -> bool:
        """After the roll to stand up: True when it passed (the action goes
        on), else the activation is over."""
        p = self.p
        if not g.ret:
            self._finish(g)
            return False
        g.status[p] = STANDING
        g.act_ma_used = g.ma[p]
        g.emit(StandUp(g.pid[p]))
        return True

    def _target(self, g: GameState) -> tuple[bool, Decision | None]:
        """The target of a Block or a Special action made instead (the
        coach's decision), or the procedure of an action that has no Move
        in it; (True, None) when the player moves (phase 5)."""
        p = self.p
        action = self.action
        opts: tuple[Option, ...]
        if action == "block":
            opts = tuple(
                g.pl_opts[q]["block"]
                for s in g.pitch.neighbours[g.pos[p]]
                if (q := g.board[s]) >= 0
                and g.team[q] != g.team[p]
                and g.status[q] == STANDING
            )
            if g.skills[p] & g.hooks.block_targets_bits:  # beyond the adjacent
                for far in g.hooks.block_targets:
                    opts += far.options(g, p)
            if opts and usable_skills(g, p) & MULTIPLE_BLOCK:
                opts += multiple_block_options(g, p)
            if opts and g.skills[p] & SPECIAL_BLOCKS and self._specials_ok(g):
                opts = special_block_options(g, p, opts)
            return False, self._targets(g, "block_target", opts)
        if action == "projectile_vomit":
            opts = tuple(g.pl_opts[q]["vomit"] for q in block_targets(g, p))
            return False, self._targets(g, "vomit_target", opts)
        if action == "chainsaw":
            opts = tuple(g.pl_opts[q]["chainsaw"] for q in block_targets(g, p))
            if g.skills[p] & g.hooks.action_targets_bits:
                for more in g.hooks.action_targets:
                    opts += tuple(
                        g.pl_opts[q]["chainsaw"] for q in more(g, p, "chainsaw")
                    )
            return False, self._targets(g, "chainsaw_target", opts)
        if action == "ball_and_chain":
            self.phase = 9
            g.stack.append(BallAndChainMove(p))
            return False, None
        if action == "throw_bomb":
            self.phase = 9
            g.stack.append(_procedure(g, p, "throw_bomb") or BombThrow(p))
            return False, None
        self.phase = 5
        return True, None

    def _specials_ok(self, g: GameState) -> bool:
        """Whether a Special action may replace the Block action declared
        (``Variant.special_actions_need_standing``: not when the player
        was Prone as he declared it, standing up with Jump Up)."""
        return not (self.prone and g.variant.special_actions_need_standing)

    def _targets(
        self, g: GameState, kind: str, opts: tuple[Option, ...]
    ) -> Decision | None:
        """The decision of the target ``opts`` (none: the activation ends)."""
        p = self.p
        if not opts:
            self._finish(g)
            return None
        self.phase = 4
        return Decision(g.tname(g.team[p]), kind, opts, g.pid[p])

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        verb = choice[0]
        if self.phase == 4:
            self.phase = 9
            if (
                usable_skills(g, p) & HIT_AND_RUN
                and verb in g.variant.hit_and_run_after
            ):
                g.stack.append(HitAndRun(p))
            if verb == "multiple_block":
                g.stack.append(MultipleBlock(p, g.idx[choice[1]], g.idx[choice[2]]))
            elif verb == "vomit":
                q = g.idx[choice[1]]
                g.stack.append(
                    with_dump_off(g, q, trickster(g, p, q, ProjectileVomit(p, q)))
                )
            elif verb == "chainsaw":
                q = g.idx[choice[1]]
                g.stack.append(
                    with_dump_off(g, q, trickster(g, p, q, ChainsawAttack(p, q)))
                )
            elif verb in SPECIAL_BLOCK_VERBS:
                q = g.idx[choice[1]]
                g.stack.append(with_dump_off(g, q, special_block(g, p, q, verb, False)))
            elif (far := _far_block_proc(g, p, choice)) is not None:
                g.stack.append(far)
            else:
                q = g.idx[choice[1]]
                g.stack.append(with_dump_off(g, q, trickster(g, p, q, Block(p, q))))
            return
        if verb == "move":
            g.stack.append(Step(p, choice[1]))
        elif verb == "jump":
            g.stack.append(Step(p, choice[1], jump=True))
        elif verb == "leap":
            g.stack.append(Step(p, choice[1], leap=True))
        elif verb == "fumblerooskie":
            g.stack.append(Step(p, choice[1], drop=True))
        elif verb == "end":
            self.phase = 9
        elif verb == "block":
            q = g.idx[choice[1]]
            if usable_skills(g, p) & HIT_AND_RUN:
                g.stack.append(HitAndRun(p))
            g.stack.append(with_dump_off(g, q, trickster(g, p, q, BlitzBlock(p, q))))
        elif verb == "vomit":
            q = g.idx[choice[1]]
            blitz = BlitzBlock(p, q, vomit=True)
            g.stack.append(with_dump_off(g, q, trickster(g, p, q, blitz)))
        elif verb == "chainsaw":
            q = g.idx[choice[1]]
            saw = BlitzBlock(p, q, saw=True)
            g.stack.append(with_dump_off(g, q, trickster(g, p, q, saw)))
        elif verb == "kick_tm":
            self.phase = 9
            g.stack.append(KickTeamMateAction(p, g.idx[choice[1]]))
        elif verb == "throw":
            self.phase = 9
            if moves_on_after_pass(g, p):  # may move on (PassAction._end)
                self.phase = 5
                self.action = "move"
            g.stack.append(PassAction(p))
        elif verb == "hand_off":
            q = g.idx[choice[1]]
            self.phase, self.action = give_and_go(g, p, self.action)
            if animosity_applies(g, p, q):
                g.stack.append(HandOffAction(p, q))
                g.stack.append(AnimosityCheck(p))
            else:
                g.stack.append(HandOffAction(p, q))
        elif verb == "foul":
            self.phase = 8  # 9 unless the Foul lets the activation go on
            g.stack.append(FoulAction(p, g.idx[choice[1]]))
        elif verb == "throw_tm":
            self.phase = 9
            g.stack.append(ThrowTeamMateAction(p, g.idx[choice[1]]))
        else:
            special_receive(g, self, p, choice)

    def _finish(self, g: GameState) -> None:
        p = self.p
        g.emit(ActivationEnd(g.pid[p]))
        for ends in g.hooks.activation_ends:
            ends(g, p)
        g.variant.activation_ends(g, p)  # the board's (Dungeon Bowl rooms)
        g.act_player = -1
        g.act_target = -1
        g.act_over = False
        g.stack.pop()
        if g.carrier == p and g.box[p] == PITCH:
            check_touchdown(g, p)
        if not self.blitz_event:  # hook: BB2025 stalling
            after = g.variant.after_activation(g, p)
            if after is not None:
                g.stack.append(after)


class AnimosityCheck(Proc):
    """Animosity before a Hand-off to a disliked team-mate: on a 1 the
    player refuses and the activation ends (the action is still used)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            g.stack.append(animosity_test(self.p))
            return None
        g.stack.pop()
        if not g.ret:
            g.stack.pop()  # the hand-off itself
            g.act_over = True
        return None
