"""Blocking (rulebook "Blocking": Strength, Assisting a Block, Block Dice,
Pushed Players, Chain-pushes, Pushed into the Crowd, Knocked Down, Follow-up;
skills Block, Dodge, Tackle, Wrestle, Stand Firm, Frenzy, Guard, Mighty
Blow, Brawler, Dauntless, Fend, Grab, Horns, Juggernaut, Strip Ball, Claws,
Foul Appearance; trait Take Root). Strength, assists and the number of
dice are in :mod:`engine.rules.block_strength` (re-exported here), the
pushes and the follow-up in :mod:`engine.rules.pushing`; the Blitz block,
Multiple Block, Pile Driver and Projectile Vomit are in
:mod:`engine.rules.block_actions`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.dice import (
    BLOCK_FACE_NAMES,
    BOTH_DOWN,
    PLAYER_DOWN,
    POW,
    PUSH,
    STUMBLE,
)
from engine.core.events import Block as BlockEv
from engine.core.events import BlockResult, Reroll, SkillUsed
from engine.core.hooks import BlockAsk
from engine.core.state import (
    PF_BRAWLER,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import (
    STAT_BLOCKS,
    Bounce,
    SettleBall,
    check_touchdown,
    stat,
)
from engine.rules.block_strength import block_strengths, count_assists, dice_count
from engine.rules.exclusions import usable_skills
from engine.rules.injuries import KnockDown
from engine.rules.pushing import (
    OPT_DECLINE,
    OPT_FOLLOW,
    PushBack,
    use_skill,
)
from engine.rules.rolls import (
    Test,
    can_use_pro,
    parse_bonus,
    skill_reroll_ok,
    spend_team_reroll,
    team_reroll_available,
    try_pro,
)

# Bits reserved in engine.core.skillbits for the skills applied here.
BRAWLER = S.BIT["brawler"]
CLAWS = S.BIT["claws"]
DAUNTLESS = S.BIT["dauntless"]
FEND = S.BIT["fend"]
FOUL_APPEARANCE = S.BIT["foul-appearance"]
GRAB = S.BIT["grab"]
HORNS = S.BIT["horns"]
JUGGERNAUT = S.BIT["juggernaut"]
MONSTROUS_MOUTH = S.BIT["monstrous-mouth"]
PILE_DRIVER = S.BIT["pile-driver"]
STRIP_BALL = S.BIT["strip-ball"]
SIDESTEP = S.BIT["sidestep"]  # agility (movement/passing work)
_ST_SKILLS = DAUNTLESS | HORNS

OPT_TEAM_RR: Option = ("team_reroll",)
OPT_NO_RR: Option = ("no_reroll",)
OPT_BRAWLER: Option = ("brawler",)
DIE_OPTS: tuple[Option, ...] = tuple(
    ("die", BLOCK_FACE_NAMES.get(i, "")) for i in range(6)
)
_FACE_BY_NAME = {v: k for k, v in BLOCK_FACE_NAMES.items()}


def own_block_knock_down(att: int, dfn: int) -> KnockDown:
    """The blocker ``att`` Knocked Down by his own Block (Player Down, Both
    Down). post-game_sequence.md "Casualty (CAS)": "If an opposition player
    is Knocked Down as the result of a Block action and removed from play
    as a Casualty, regardless of which player performed the action, your
    player is said to have caused a Casualty" (BB2025 tables.md: "even if
    both went down"): the block's target ``dfn`` earns its SPP, and
    nothing else a Block's credit gives (Mighty Blow, Saboteur, Plague
    Ridden are for the player who performed it)."""
    return KnockDown(att, "knocked_down", by=dfn, spp=True)


def _counts_as_dodge(g: GameState, dfn: int) -> bool:
    """A rule makes ``dfn`` count as having Dodge (rule point
    ``stumble_dodge``)."""
    return any(rule(g, dfn) for rule in g.hooks.stumble_dodge)


def foul_appearance_test(att: int) -> Test:
    """Foul Appearance: the coach of a player declaring a Block (or a
    Special action) against a player with it rolls a D6; on a 1 the action
    is wasted. Decision: it is an ordinary D6 of the active team, so a team
    re-roll (or Pro) may be used on it."""
    return Test("foul_appearance", att, 2, natural=False)


def foul_appearance_failed(g: GameState, att: int, dfn: int, end: bool) -> None:
    """The Foul Appearance roll failed: the declared action is wasted (the
    activation ends when ``end``)."""
    g.emit(SkillUsed(g.pid[dfn], "foul-appearance"))
    if end:
        g.act_over = True


class Block(PushBack):
    """One Block (on its own, in a Blitz, Frenzy's second block, or one of a
    Multiple Block's two).

    Phases: 0/10 Foul Appearance, 11/12 Horns and Dauntless (14 a rule's
    question after Dauntless: rule point ``dauntless_passed``), 13 roll, 1
    re-roll?, 2 choose die, 3 die chosen?, 30 apply, 35 Juggernaut?, 36
    push after Juggernaut, 33/34 Both Down (Wrestle), 4 Stand Firm?, 5/55
    push square (Grab), 6 Strip Ball / Fend / a rule forcing the follow-up /
    follow-up (67, 68, 69, 66), 7
    consequences, 8 Frenzy / Pile Driver / done, 9 done after a knock-down
    of the attacker or Both Down.

    ``hold`` (Multiple Block): stop once the die is chosen, leaving
    ``(result, target square)`` in ``g.ret``; ``block_actions.resumed_block``
    applies it later. ``multi``: part of a Multiple Block (no follow-up, no Frenzy,
    Pile Driver decided afterwards). ``st_mod``: Strength modifier for the
    activation (Multiple Block -2). Every exit leaves in ``g.ret`` whether
    the target was Knocked Down by this block (None when wasted by Foul
    Appearance).
    """

    __slots__ = (
        "att",
        "dfn",
        "blitz",
        "second",
        "dice",
        "att_chooses",
        "result",
        "pow",
        "dfn_from",
        "wrestle_asked",
        "fa_done",
        "hold",
        "multi",
        "st_mod",
        "st_a",
        "sa",
        "sd",
        "kd",
        "asking",
    )

    def __init__(
        self,
        att: int,
        dfn: int,
        blitz: bool = False,
        second: bool = False,
        *,
        fa_done: bool = False,
        hold: bool = False,
        multi: bool = False,
        st_mod: int = 0,
    ) -> None:
        self.phase = 0
        self.att = att
        self.dfn = dfn
        self.blitz = blitz
        self.second = second
        self.dice: tuple[int, ...] = ()
        self.att_chooses = True
        self.result = 0
        self.pow = False
        self.chain: tuple[tuple[int, int], ...] = ()
        self.cur = -1
        self.cur_from = -1
        self.dfn_from = -1
        self.moved = False
        self.wrestle_asked = 0
        self.victim = -1
        self.victim_sq = -1
        self.victim_ball = False
        self.trapdoored: tuple[tuple[int, Proc, int], ...] = ()
        self.fa_done = fa_done
        self.hold = hold
        self.multi = multi
        self.st_mod = st_mod
        self.st_a = 0
        self.sa = 0
        self.sd = 0
        self.kd = False
        self.asked = 0
        self.strip = False
        self.following = None
        # the rule (dauntless_passed) waiting for its coach's answer
        self.asking: BlockAsk | None = None

    def _roll(self, g: GameState, n: int) -> tuple[int, ...]:
        return tuple(g.dice.block() for _ in range(n))

    def step(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        ph = self.phase
        if ph == 0:
            if not self.fa_done and g.skills[dfn] & FOUL_APPEARANCE:
                self.phase = 10
                g.stack.append(foul_appearance_test(att))
                return None
            ph = 11
        elif ph == 10:
            if not g.ret:
                # Decision: in a Multiple Block only this block is wasted.
                foul_appearance_failed(g, att, dfn, not self.multi)
                g.ret = None
                g.stack.pop()
                return None
            ph = 11
        if ph == 11:
            st = self._strength(g)
            sk = g.skills[att]
            if sk & _ST_SKILLS:
                if self.blitz and sk & HORNS:
                    g.emit(SkillUsed(g.pid[att], "horns"))
                self.st_a = st
                # Decision: Dauntless is always used when it can help; the
                # roll is an ordinary D6 (team re-roll / Pro may be used).
                if sk & DAUNTLESS and g.st[dfn] > st and g.st[dfn] - st < 6:
                    self.phase = 12
                    g.stack.append(
                        Test("dauntless", att, g.st[dfn] - st + 1, natural=False)
                    )
                    return None
            self.st_a = st
            ph = 13
        elif ph == 12:
            if g.ret:
                self.st_a = g.st[dfn]
                g.emit(SkillUsed(g.pid[att], "dauntless"))
                for rule in g.hooks.dauntless_passed:
                    if ask := rule.ask(g, self):
                        self.asking = rule
                        self.phase = 14
                        return ask
            ph = 13
        if ph == 13:
            d = self._first_roll(g)
            if d is not None:
                return d
            ph = 2
        if ph == 2:
            faces = sorted(set(self.dice), reverse=not self.att_chooses)
            if len(faces) == 1:
                self.result = faces[0]
                ph = 30
            else:
                self.phase = 3
                chooser = g.team[att] if self.att_chooses else g.team[dfn]
                return Decision(
                    g.tname(chooser),
                    "block_die",
                    tuple(DIE_OPTS[f] for f in faces),
                    g.pid[att],
                    info=(self.dice,),
                )
        if ph == 30:
            if self.hold:
                g.ret = (self.result, self.dfn_from)
                g.stack.pop()
                return None
            return self._apply(g)
        if ph == 33:
            return self._both_down(g)
        if ph == 36:
            return self._stand_firm(g)
        if ph == 5:
            return self._push_choice(g)
        if ph == 6:
            return self._follow(g)
        if ph == 7:
            self._consequences(g)
            return None
        self._done(g, ph == 8)
        return None

    def _strength(self, g: GameState) -> int:
        """The attacker's Strength for this block before assists (Horns
        in a Blitz)."""
        horns = self.blitz and g.skills[self.att] & HORNS
        return g.st[self.att] + self.st_mod + (1 if horns else 0)

    def _dice(self, g: GameState, sa: int, sd: int) -> tuple[int, bool]:
        n, att_chooses = g.variant.block_dice(g, self.att, sa, sd)  # hook
        for more in g.hooks.block_dice:
            n = more(g, self, n)
        return n, att_chooses

    def dice_preview(self, g: GameState) -> tuple[int, bool]:
        """(the number of block dice, whether the attacker picks) of this
        block if it were rolled now: a preview for a board, before Foul
        Appearance and Dauntless are rolled."""
        sa, sd = block_strengths(g, self.att, self.dfn, self._strength(g))
        return self._dice(g, sa, sd)

    def _first_roll(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        sa, sd = block_strengths(g, att, dfn, self.st_a)
        self.sa, self.sd = sa, sd
        n, att_chooses = self._dice(g, sa, sd)
        for targeted in g.hooks.block_targeted:
            targeted(g, att, dfn)
        self.att_chooses = att_chooses
        self.dice = self._roll(g, n)
        self.dfn_from = g.pos[dfn]
        stat(g, att, STAT_BLOCKS)
        g.emit(
            BlockEv(
                g.pid[att],
                g.pid[dfn],
                sa,
                sd,
                self.dice,
                g.tname(g.team[att] if att_chooses else g.team[dfn]),
            )
        )
        opts: list[Option] = []
        if team_reroll_available(g, g.team[att], att):
            opts.append(OPT_TEAM_RR)
        if can_use_pro(g, att):
            opts.extend(("pro", i) for i in range(n))
        if (
            not self.blitz
            and g.skills[att] & BRAWLER
            and BOTH_DOWN in self.dice
            and skill_reroll_ok(g, att)
            and not (
                g.variant.brawler_once_per_activation and g.pflags[att] & PF_BRAWLER
            )
        ):
            opts.append(OPT_BRAWLER)
        for rule in g.hooks.block_rerolls:
            opts += rule.options(g, self)
        if opts:
            self.phase = 1
            opts.append(OPT_NO_RR)
            return Decision(
                g.tname(g.team[att]),
                "reroll",
                tuple(opts),
                g.pid[att],
                info=("block", self.dice),
            )
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        ph = self.phase
        att = self.att
        if ph == 14:  # the answer to a rule's question after Dauntless
            asking, self.asking = self.asking, None
            if asking is not None:
                asking.answer(g, self, choice)
            self.phase = 13
        elif ph == 1:  # re-roll block dice
            self._reroll(g, choice)
            self.phase = 2
        elif ph == 3:
            self.result = _FACE_BY_NAME[choice[1]]
            self.phase = 30
        elif ph == 34:
            user = self.att if self.wrestle_asked == 1 else self.dfn
            if choice[0] == "use":
                self._both_down_apply(g, True, user)
            else:
                self.phase = 33
        elif ph == 35:
            if choice[0] == "use":
                g.emit(SkillUsed(g.pid[att], "juggernaut"))
                self.pow = False
                self.phase = 36
            else:
                self.phase = 33
        elif ph == 4:
            if choice == OPT_DECLINE:
                self._start_push(g)
            else:
                g.emit(SkillUsed(g.pid[self.dfn], "stand-firm"))
                self._no_push()
        elif ph == 55:
            sq = choice[1]
            if self.cur == self.dfn and not self.chain and usable_skills(g, att) & GRAB:
                normal, _ = self._push_options(g)
                if sq not in normal:
                    g.emit(SkillUsed(g.pid[att], "grab"))
            self._push_to(g, sq)
        elif ph == 66:
            if choice == OPT_FOLLOW:
                self._do_follow(g)
            self.phase = 7
        elif ph == 69:
            self._follow_answer(g, choice)
        elif ph == 67:
            self.strip = choice[0] == "use"
            self.phase = 6
        elif ph == 68:
            if choice[0] == "use":
                g.emit(SkillUsed(g.pid[self.dfn], "fend"))
                self.phase = 7
            else:
                self.phase = 6

    def _reroll(self, g: GameState, choice: Option) -> None:
        """The re-roll of the block's dice chosen (or none)."""
        att = self.att
        if choice == OPT_TEAM_RR:
            if spend_team_reroll(g, g.team[att], att, "block"):
                self._reroll_all(g)
        elif choice == OPT_BRAWLER:
            # Brawler: re-roll one Both Down die (instead of any other
            # re-roll of this block's dice).
            d = list(self.dice)
            d[d.index(BOTH_DOWN)] = g.dice.block()
            self.dice = tuple(d)
            g.pflags[att] |= PF_BRAWLER
            g.emit(Reroll(g.tname(g.team[att]), g.pid[att], "brawler", "block"))
            self.emit_dice(g)
        elif choice[0] == "pro":
            if try_pro(g, att, "block"):
                d = list(self.dice)
                d[choice[1]] = g.dice.block()
                self.dice = tuple(d)
                self.emit_dice(g)
        else:  # a rule's (rule point block_rerolls), or none
            for rule in g.hooks.block_rerolls:
                if rule.use(g, self, choice):
                    break

    def _reroll_all(self, g: GameState) -> None:
        self.dice = self._roll(g, len(self.dice))
        self.emit_dice(g)

    def emit_dice(self, g: GameState) -> None:
        """Report the block's dice (after a re-roll)."""
        att, dfn = self.att, self.dfn
        g.emit(
            BlockEv(
                g.pid[att],
                g.pid[dfn],
                self.sa,
                self.sd,
                self.dice,
                g.tname(g.team[att] if self.att_chooses else g.team[dfn]),
            )
        )

    # -- result -----------------------------------------------------------
    def _apply(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        r = self.result
        g.emit(BlockResult(g.pid[att], g.pid[dfn], BLOCK_FACE_NAMES[r]))
        if r == PLAYER_DOWN:
            self.phase = 9
            # Decision (Multiple Block): an attacker already Knocked Down by
            # the first block is not Knocked Down again.
            if g.status[att] == STANDING:
                g.act_over = True
                g.stack.append(own_block_knock_down(att, dfn))
            return None
        if r == BOTH_DOWN:
            if self._jugg(g) and g.has_tz(att):
                self.phase = 35
                return use_skill(g, att, "juggernaut")
            return self._both_down(g)
        if r == STUMBLE:
            # Decision: the target always uses Dodge when he may ("chooses
            # to use it": a Push Back is never worse for him than a POW!).
            if (
                (g.skills[dfn] & S.DODGE or _counts_as_dodge(g, dfn))
                and g.has_tz(dfn)
                and not g.skills[att] & S.TACKLE
            ):
                g.emit(SkillUsed(g.pid[dfn], "dodge"))
                self.pow = False
            else:
                self.pow = True
        else:
            self.pow = r == POW
        return self._stand_firm(g)

    def _both_down(self, g: GameState) -> Decision | None:
        att, dfn = self.att, self.dfn
        # Wrestle may be used by either player (attacker asked first).
        if self.wrestle_asked == 0:
            self.wrestle_asked = 1
            if g.skills[att] & S.WRESTLE and g.has_tz(att):
                self.phase = 34
                return use_skill(g, att, "wrestle")
        if self.wrestle_asked == 1:
            self.wrestle_asked = 2
            if g.skills[dfn] & S.WRESTLE and g.has_tz(dfn) and not self._jugg(g):
                self.phase = 34
                return use_skill(g, dfn, "wrestle")
        self._both_down_apply(g, False, -1)
        return None

    def _both_down_apply(self, g: GameState, wrestle: bool, user: int) -> None:
        att, dfn = self.att, self.dfn
        self.phase = 9
        att_up = g.status[att] == STANDING
        if wrestle:
            g.emit(SkillUsed(g.pid[user], "wrestle"))
            g.act_over = True
            if att_up:
                g.stack.append(KnockDown(att, "placed_prone"))
            g.stack.append(KnockDown(dfn, "placed_prone"))
            return
        # Decision: Block is always used against a Both Down ("may choose
        # to ignore this result": staying up is never worse).
        att_down = att_up and not (g.skills[att] & S.BLOCK and g.has_tz(att))
        dfn_down = not (g.skills[dfn] & S.BLOCK and g.has_tz(dfn))
        if att_up and not att_down:
            g.emit(SkillUsed(g.pid[att], "block"))
        if not dfn_down:
            g.emit(SkillUsed(g.pid[dfn], "block"))
        # Decision: the attacker's armour is rolled after the defender's.
        if att_down:
            g.act_over = True
            g.stack.append(own_block_knock_down(att, dfn))
        if dfn_down:
            self.kd = True
            g.stack.append(self._knock_down_target(g))

    def _knock_down_target(self, g: GameState) -> KnockDown:
        att = self.att
        sk = g.skills[att]
        mb = parse_bonus(g.param(att, S.MIGHTY_BLOW), 1) if sk & S.MIGHTY_BLOW else 0
        return KnockDown(
            self.dfn,
            "knocked_down",
            by=att,
            mb=mb,
            credit=True,
            claws=bool(sk & CLAWS),
        )

    def _consequences(self, g: GameState) -> None:
        """After pushes and follow-up: Strip Ball, touchdowns, knock-down,
        crowd, ball."""
        att, dfn = self.att, self.dfn
        victim = self.victim
        self.phase = 8
        todo: list[Proc] = []
        if self.strip and g.carrier == dfn:
            # Strip Ball: the ball drops in the square the target was pushed
            # into and bounces from there (below, as a loose ball under a
            # player).
            g.emit(SkillUsed(g.pid[att], "strip-ball"))
            g.carrier = -1
            g.ball = g.pos[dfn]
        ball_bounce = -1
        if g.carrier < 0 and g.ball >= 0 and not g.ball_air and g.board[g.ball] >= 0:
            ball_bounce = g.ball  # a pushed player landed on the loose ball
        if (
            g.carrier >= 0
            and g.carrier != victim
            and not (g.carrier == dfn and self.pow)
        ):
            check_touchdown(g, g.carrier)
        fallen = {q for q, _, _ in self.trapdoored}
        if self.pow and victim != dfn and dfn not in fallen:
            self.kd = True
            todo.append(self._knock_down_target(g))
        if victim >= 0:  # into the crowd (Dungeon Bowl: the Fiery Chasm)
            todo += g.variant.pushed_off_pitch(
                g, victim, self.victim_sq, self.victim_ball
            )
        for _, harm, ball_sq in self.trapdoored:  # Treacherous Trapdoor
            todo.append(harm)
            if ball_sq >= 0:
                todo.append(Bounce(ball_sq))
        if ball_bounce >= 0:
            # Unless a player Knocked Down on it has bounced it already.
            todo.append(SettleBall(ball_bounce))
        todo += g.variant.after_push(g, self)  # Dungeon Bowl flow: Portals
        for proc in reversed(todo):
            g.stack.append(proc)

    def _done(self, g: GameState, frenzy_ok: bool) -> None:
        """The block is over: what follows it (rule point ``block_over``:
        Frenzy's second block, Pile Driver), unless it was one of a
        Multiple Block's. ``frenzy_ok``: the target was pushed back."""
        g.stack.pop()
        g.ret = self.kd
        if self.multi:
            return
        for rule in g.hooks.block_over:
            follow = rule(g, self, frenzy_ok)
            if follow is not None:
                g.stack.extend(follow)
                return


__all__ = [
    "Block",
    "block_strengths",
    "count_assists",
    "dice_count",
    "PUSH",
]
