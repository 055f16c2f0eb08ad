"""The team turn and player activations (rulebook "The Team Turn":
turn markers, activations, declaring actions, once-per-turn actions,
Turnovers, end of turn; "The End of a Drive": Secret Weapons, KO recovery).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    Activation as ActivationEv,
)
from engine.core.events import (
    ActivationEnd,
    Concede,
    DriveEnd,
    Roll,
    StandUp,
    TurnEnd,
    TurnStart,
)
from engine.core.state import (
    ACTION_FLAG,
    KO,
    PF_HEAT,
    PF_NOTZ,
    PF_PLAYED,
    PF_ROOTED,
    PF_STUN_START,
    PF_TURN_RESET,
    PF_USED,
    PITCH,
    PRONE,
    RESERVES,
    STANDING,
    STUNNED,
    TF_ACTIVATED,
    TF_BLITZ,
    TF_BOMB,
    TF_FOUL,
    TF_GRUDGE,
    TF_HANDOFF,
    TF_KTM,
    TF_PASS,
    TF_TTM,
    Decision,
    GameState,
    Option,
    PlayerActivation,
    Proc,
)
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
from engine.rules.bloodlust import pick_me_up
from engine.rules.bombs import BombThrow
from engine.rules.declaring import NOMINATED, Nominate
from engine.rules.fouls import FoulAction, SendOff
from engine.rules.inducements import (
    BUGMAN_ON,
    WEATHER_MAGE_RESTORE,
    bugman_leaves,
    ko_recovers,
    weather_mage,
    weather_mage_expires,
)
from engine.rules.injuries import FROGS
from engine.rules.movement import (
    JUMP_UP,
    OPT_END,
    OPT_THROW,
    Step,
    move_options,
    stand_up_test,
)
from engine.rules.passing import (
    RUNNING_PASS,
    HandOffAction,
    PassAction,
    animosity_applies,
    give_and_go,
    with_dump_off,
)
from engine.rules.prayers import undo_drive_changes
from engine.rules.rolls import Test, random_pick
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
from engine.rules.wizard import TURN_ENDED, unfrog

BALL_AND_CHAIN = S.BALL_AND_CHAIN
CHAINSAW = S.CHAINSAW
_BOMB_OR_KICK = S.BOMBARDIER | S.KICK_TEAM_MATE
OPT_END_TURN: Option = ("end_turn",)
OPT_CONCEDE: Option = ("concede",)


def activation_options(
    g: GameState,
    t: int,
    limited: tuple[str, ...] | None = None,
    open_only: bool = False,
) -> list[Option]:
    """Every (player, action) the team may activate now (hot path)."""
    opts: list[Option] = []
    tf = g.tflags
    board = g.board
    pitch = g.pitch
    team = g.team
    status = g.status
    ball_loose = g.carrier < 0 and g.ball >= 0 and not g.ball_air
    blitz_ok = not tf & TF_BLITZ
    pass_ok = not tf & (TF_PASS | TF_TTM)
    handoff_ok = not tf & TF_HANDOFF
    foul_ok = not tf & TF_FOUL or bool(tf & TF_GRUDGE)
    foul_only = -1  # Sneakiest of the Lot: the only player left to Foul
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
    if pass_ok:
        for q in range(g.n):
            if (
                team[q] == t
                and g.box[q] == PITCH
                and g.skills[q] & S.RIGHT_STUFF
                and g.st[q] <= 3
            ):
                ttm_targets = True
                break
    hexed = _barred(g)
    for p in range(g.n):
        if team[p] != t or g.box[p] != PITCH or g.pflags[p] & PF_USED:
            continue
        if hexed and p in hexed:
            continue
        st = status[p]
        if st == STUNNED:
            continue
        if open_only and g.markers(g.pos[p], t):
            continue
        ao = g.act_opts[p]
        sk = g.skills[p]
        if sk & BALL_AND_CHAIN:
            # Ball & Chain: only the Ball & Chain Move. Decision: not in a
            # Blitz! kick-off event (Move, Blitz, Throw Team-mate only).
            if limited is None:
                opts.append(ao["ball_and_chain"])
            continue
        opts.append(ao["move"])
        if (st == STANDING or g.skills[p] & JUMP_UP) and (
            limited is None or "block" in limited
        ):
            for s in pitch.neighbours[g.pos[p]]:
                q = board[s]
                if q >= 0 and team[q] != t and status[q] == STANDING:
                    opts.append(ao["block"])
                    if sk & PROJECTILE_VOMIT or _lent(g, p, "projectile_vomit"):
                        opts.append(ao["projectile_vomit"])
                    if sk & CHAINSAW:
                        opts.append(ao["chainsaw"])
                    break
            else:
                if limited is None and _far_block(g, p):
                    opts.append(ao["block"])
            for more in g.hooks.block_activations:
                opts += more(g, p, opts)
        if blitz_ok:
            opts.append(ao["blitz"])
        if (sk & HYPNOTIC_GAZE or _lent(g, p, "hypnotic_gaze")) and limited is None:
            opts.append(ao["hypnotic_gaze"])
        if limited is not None:
            if (
                ttm_targets
                and g.skills[p] & S.THROW_TEAM_MATE
                and g.st[p] >= 5
                and "throw_team_mate" in limited
            ):
                opts.append(ao["throw_team_mate"])
            continue
        has_ball = g.carrier == p
        if (has_ball or ball_loose) and not g.skills[p] & MY_BALL:
            if pass_ok:
                opts.append(ao["pass"])
            if handoff_ok:
                opts.append(ao["hand_off"])
        if downed_opp and (foul_only < 0 or foul_only == p):
            opts.append(ao["foul"])
        if ttm_targets and g.skills[p] & S.THROW_TEAM_MATE and g.st[p] >= 5:
            opts.append(ao["throw_team_mate"])
        if sk & _BOMB_OR_KICK:
            opts += special_activations(g, p, t)
    if limited is None:
        opts += g.variant.extra_activations(g, t)  # the board's (Dungeon Bowl)
    return g.variant.activation_filter(g, t, opts)  # hook: Dungeon Bowl spells


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
        out.update(rule(g))
    return out


def special_activations(g: GameState, p: int, t: int) -> list[Option]:
    """Throw Bomb (Standing only: no standing up first; one per team turn)
    and Kick Team-mate (one per team turn, a Standing Right Stuff team-mate
    with ST 3 or less on the pitch to kick)."""
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
    """Whether ``q`` is a team-mate (of team ``t``) that may be kicked:
    Right Stuff with ST 3 or less, Standing on the pitch."""
    return (
        g.team[q] == t
        and g.box[q] == PITCH
        and g.status[q] == STANDING
        and bool(g.skills[q] & S.RIGHT_STUFF)
        and g.st[q] <= 3
    )


class Turn(Proc):
    """One team turn of team ``t``. ``kind`` "normal", or "blitz" for the
    Blitz! kick-off event (D3+N Open players, Move/Blitz/Throw Team-mate,
    no turn marker), or "bonus" for a full team turn that moves no turn
    marker and cannot be conceded in (the classic Blitz!)."""

    __slots__ = ("t", "kind", "limit")

    def __init__(self, t: int, kind: str = "normal", limit: int = 0) -> None:
        self.phase = 0
        self.t = t
        self.kind = kind
        self.limit = limit

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            self.phase = 5
            if self.kind == "normal":  # hook: a Hireling or College Wizard casts
                cast = g.variant.turn_starts(g, t)
                if cast is not None:
                    g.stack.append(cast)
                    return None
        if self.phase == 5:
            g.active = t
            g.tflags = 0
            g.rr_used_turn = 0
            g.turnover = None
            g.activations = 0
            for p in range(g.n):
                if g.team[p] == t:
                    f = g.pflags[p] & ~(PF_TURN_RESET | PF_STUN_START)
                    if g.box[p] == PITCH and g.status[p] == STUNNED:
                        f |= PF_STUN_START
                    g.pflags[p] = f
            if self.kind == "normal":
                g.turn[t] += 1
                g.emit(TurnStart(g.tname(t), g.half, g.turn[t]))
                if g.sheets[t].weather_mage:
                    weather_mage(g, t)
            self.phase = 1
            if self.kind == "normal":  # rules of the turn's start
                for starts in g.hooks.team_turn_starts:
                    proc = starts(g, t)
                    if proc is not None:
                        g.stack.append(proc)
                        return None
        if self.phase == 1:
            if g.turnover is not None or g.touchdown or g.done:
                self._end(g)
                return None
            if self.kind == "blitz":
                if g.activations >= self.limit:
                    self._end(g)
                    return None
                opts = activation_options(
                    g, t, ("move", "blitz", "throw_team_mate"), True
                )
            else:
                if (
                    g.variant.actions_per_turn is not None
                    and g.activations >= g.variant.actions_per_turn
                ):
                    self._end(g)
                    return None
                opts = activation_options(g, t)
                opts.extend(g.variant.turn_options(g, t))  # Dungeon Bowl flow
                if self.kind == "normal" and not g.tflags & TF_ACTIVATED:
                    opts.append(OPT_CONCEDE)
            opts.append(OPT_END_TURN)
            return Decision(g.tname(t), "activate", tuple(opts))
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_END_TURN:
            self._end(g)
            return
        if choice == OPT_CONCEDE:
            g.conceded = self.t
            g.concede_penalty = True
            g.emit(Concede(g.tname(self.t), True))
            g.done = True
            return
        extra = g.variant.turn_choice(g, self.t, choice)  # Dungeon Bowl flow
        if extra is not None:
            g.stack.append(extra)
            return
        p = g.idx[choice[1]]
        g.stack.append(Activation(p, choice[2], self.kind == "blitz"))
        if self.kind == "normal":  # rules of the declaration (above it)
            for declared in g.hooks.player_declared:
                proc = declared(g, p, choice[2])
                if proc is not None:
                    g.stack.append(proc)
                    break

    def _end(self, g: GameState) -> None:
        t = self.t
        if g.turnover is not None:
            for rule in g.hooks.turnover_suffered:
                rule(g, t)
        for p in range(g.n):
            if g.team[p] == t and g.pflags[p] & PF_STUN_START:
                g.pflags[p] &= ~PF_STUN_START
                if g.box[p] == PITCH and g.status[p] == STUNNED:
                    g.status[p] = PRONE
        pick_me_up(g, 1 - t)
        for rule in g.hooks.turn_ends:
            rule(g, t)
        g.emit(TurnEnd(g.tname(t), g.turnover is not None))
        g.active = -1
        g.effects[TURN_ENDED] = True
        if WEATHER_MAGE_RESTORE in g.effects:
            weather_mage_expires(g, t)
        g.turnover = None
        self.phase = 2


class Activation(PlayerActivation):
    """A player's activation: declare, activation traits, stand up, then
    the action (moving square by square, blocking, passing...). ``second``:
    a Razzle-dazzle second action of the same activation (no new
    activation is counted, no activation trait rolled again)."""

    __slots__ = ("blitz_event", "second")

    def __init__(
        self, p: int, action: str, blitz_event: bool = False, *, second: bool = False
    ) -> None:
        self.phase = 0
        self.p = p
        self.action = action
        self.blitz_event = blitz_event
        self.second = second

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        ph = self.phase
        if ph == 0:
            g.act_player = p
            g.act_action = self.action
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
                return None
            ph = 1
        if ph == 1:
            if g.act_over or g.turnover is not None or g.touchdown:
                self._finish(g)
                return None
            if g.status[p] == PRONE:
                if g.skills[p] & JUMP_UP:
                    # Jump Up (movement.JUMP_UP): stands up for free; to
                    # Block, an Agility test at +1 first.
                    if self.action in ("block", "projectile_vomit"):
                        self.phase = 2
                        g.stack.append(Test("jump_up", p, g.ag[p], 1))
                        return None
                    g.status[p] = STANDING
                    g.emit(StandUp(g.pid[p]))
                elif g.variant.rolls_to_stand_up(g, p):  # hook: MA < 3 rolls
                    self.phase = 2
                    g.stack.append(stand_up_test(g, p))
                    return None
                else:
                    g.status[p] = STANDING
                    # (min: a variant with no roll lets MA < 3 stand up
                    # using all of its MA, as after a successful roll)
                    g.act_ma_used = min(3, g.ma[p])
                    g.emit(StandUp(g.pid[p]))
            ph = 3
        elif ph == 2:
            if not g.ret:
                self._finish(g)
                return None
            g.status[p] = STANDING
            g.act_ma_used = g.ma[p]
            g.emit(StandUp(g.pid[p]))
            ph = 3
        if ph == 3:
            if self.action == "block":
                opts = tuple(
                    g.pl_opts[q]["block"]
                    for s in g.pitch.neighbours[g.pos[p]]
                    if (q := g.board[s]) >= 0
                    and g.team[q] != g.team[p]
                    and g.status[q] == STANDING
                )
                for far in g.hooks.block_targets:  # beyond the adjacent ones
                    opts += far.options(g, p)
                if not opts:
                    self._finish(g)
                    return None
                if g.skills[p] & MULTIPLE_BLOCK:
                    opts += multiple_block_options(g, p)
                if g.skills[p] & SPECIAL_BLOCKS:
                    opts = special_block_options(g, p, opts)
                self.phase = 4
                return Decision(g.tname(g.team[p]), "block_target", opts, g.pid[p])
            if self.action == "projectile_vomit":
                opts = tuple(g.pl_opts[q]["vomit"] for q in block_targets(g, p))
                if not opts:
                    self._finish(g)
                    return None
                self.phase = 4
                return Decision(g.tname(g.team[p]), "vomit_target", opts, g.pid[p])
            if self.action == "chainsaw":
                opts = tuple(g.pl_opts[q]["chainsaw"] for q in block_targets(g, p))
                for more in g.hooks.action_targets:
                    opts += tuple(
                        g.pl_opts[q]["chainsaw"] for q in more(g, p, "chainsaw")
                    )
                if not opts:
                    self._finish(g)
                    return None
                self.phase = 4
                return Decision(g.tname(g.team[p]), "chainsaw_target", opts, g.pid[p])
            if self.action == "ball_and_chain":
                self.phase = 9
                g.stack.append(BallAndChainMove(p))
                return None
            if self.action == "throw_bomb":
                self.phase = 9
                g.stack.append(_procedure(g, p, "throw_bomb") or BombThrow(p))
                return None
            self.phase = 5
            ph = 5
        if ph == 5:
            if (
                g.act_over
                or g.turnover is not None
                or g.touchdown
                or g.box[p] != PITCH
                or g.status[p] != STANDING
            ):
                self._finish(g)
                return None
            mopts = move_options(g, p, self.action)
            if g.skills[p] & PROJECTILE_VOMIT and self.action == "blitz":
                mopts = vomit_move_options(g, p, mopts)
            for moving in g.hooks.move_options:
                mopts = moving(g, p, self.action, mopts)
            if g.skills[p] & CHAINSAW and self.action == "blitz":
                mopts = chainsaw_move_options(mopts)
            if g.skills[p] & SPECIAL_MOVE_MASK or self.action == "hypnotic_gaze":
                mopts = special_move_options(g, p, self.action, mopts)
            if extra := g.variant.extra_move_options(g, p, self.action):
                mopts = mopts[:-1] + extra + mopts[-1:]  # ("end",) stays last
            return Decision(g.tname(g.team[p]), "move", mopts, g.pid[p])
        # ph 9: done
        if any(again(g, p, self.action) for again in g.hooks.another_action):
            self.phase = 3  # the same action again (rule point another_action)
            return None
        self._finish(g)
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        verb = choice[0]
        if self.phase == 4:
            self.phase = 9
            if g.skills[p] & HIT_AND_RUN and verb in ("block", "multiple_block"):
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
            if g.skills[p] & HIT_AND_RUN:
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
            if g.skills[p] & RUNNING_PASS:  # may move on (PassAction._end)
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
            self.phase = 9
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
        if self.blitz_event and g.turnover is not None:
            pass


class AnimosityCheck(Proc):
    """Animosity before a Hand-off to a disliked team-mate: on a 1 the
    player refuses and the activation ends (the action is still used)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        d = g.dice.d6()
        ok = d != 1
        g.emit(Roll("animosity", g.pid[self.p], (d,), 2, 0, ok, False))
        g.stack.pop()
        if not ok:
            g.stack.pop()  # the hand-off itself
            g.act_over = True
        return None


class EndDrive(Proc):
    """End of drive: Secret Weapons are Sent-off, KO'd players roll to
    recover (4+; unless the variant rolls at the next kick-off), drive-long
    effects expire, everyone leaves the pitch."""

    __slots__ = ("queue",)

    def __init__(self) -> None:
        self.phase = 0
        self.queue: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            g.active = -1
            self.queue = tuple(
                p
                for p in range(g.n)
                if g.skills[p] & S.SECRET_WEAPON
                and g.pflags[p] & PF_PLAYED
                and g.box[p] in (PITCH, RESERVES, KO)
            )
            self.phase = 1
        if self.phase == 1:
            if self.queue:
                p = self.queue[0]
                self.queue = self.queue[1:]
                if not any(stays(g, p) for stays in g.hooks.secret_weapon_stays):
                    g.stack.append(SendOff(p, "secret_weapon", False))
                return None
            self.phase = 2
        # Hook: a variant that rolls KO recovery at the next kick-off
        # instead (classic) has its Drive call ko_recovery() before set-up.
        if WEATHER_MAGE_RESTORE in g.effects:
            weather_mage_expires(g, None)
        for rule in g.hooks.drive_ends:
            rule(g)
        if not g.variant.ko_recovery_at_kickoff():
            ko_recovery(g)
        heat = g.weather == "sweltering_heat"
        for t in (0, 1):
            on = [p for p in range(g.n) if g.team[p] == t and g.box[p] == PITCH]
            if heat and on:
                k = g.dice.d3()
                for _ in range(min(k, len(on))):
                    i = random_pick(g, on)
                    g.pflags[on[i]] |= PF_HEAT
                    on.pop(i)
        for p in range(g.n):
            g.pflags[p] &= ~(PF_PLAYED | PF_ROOTED | PF_NOTZ)
            if g.box[p] == PITCH:
                g.lift(p)
                g.box[p] = RESERVES
                g.status[p] = STANDING
        if BUGMAN_ON in g.effects:
            bugman_leaves(g)
        g.ball = -1
        g.carrier = -1
        g.ball_air = False
        if FROGS in g.effects:
            unfrog(g)
        undo_drive_changes(g)
        for key in [k for k in g.effects if k.endswith("_drive")]:
            del g.effects[key]
        # Hook: re-rolls "this half" (classic) outlive the drive; the game
        # procedure clears them at the end of the half.
        if g.variant.extra_rerolls_last == "drive":
            g.extra_rr[0] = g.extra_rr[1] = 0
        g.emit(DriveEnd(g.half))
        g.stack.pop()
        return None


def ko_recovery(g: GameState) -> None:
    """Every KO'd player rolls a D6: 4+ back to the Reserves (rulebook "The
    End of a Drive"; classic: "at the next kick-off, before set-up")."""
    for p in range(g.n):
        if g.box[p] == KO and ko_recovers(g, p):
            g.box[p] = RESERVES


_unused = (PF_HEAT, OPT_END, OPT_THROW, TF_PASS, TF_HANDOFF, TF_TTM, TF_BLITZ, TF_FOUL)
