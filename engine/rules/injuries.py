"""Knock-downs, armour, injury and casualties (rulebook "Armour and
Injuries", "Being Knocked Down", "Falling Over", "Placed Prone",
"Injury by the Crowd", "Casualty Rolls", "Apothecaries"; skills Mighty Blow,
Dirty Player, Thick Skull, Stunty, Decay, Regeneration, Claws, Iron Hard
Skin, Arm Bar; trait Projectile Vomit's unmodifiable rolls).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    Apothecary,
    Armour,
    Casualty,
    Injury,
    KnockedDown,
    PlayerOff,
    Roll,
    SkillUsed,
)
from engine.core.hooks import ArmourAsk, ArmourReroll, InjuryAsk
from engine.core.model import CasualtyRecord
from engine.core.state import (
    CAS,
    KO,
    PF_DEAD,
    PF_ROOTED,
    PITCH,
    PRONE,
    RESERVES,
    STANDING,
    STUNNED,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.apothecaries import apothecary_for, use_apothecary
from engine.rules.ball import (
    STAT_CAS,
    Bounce,
    ball_drop,
    drop_ball_if_carrier,
    loose_ball_at,
    stat,
    turnover,
)
from engine.rules.inducements import (
    doctor_rerolls_regeneration,
    plague_doctor_for_ko,
    use_plague_doctor,
)
from engine.rules.plague import plague_ridden

# Bits reserved in engine.core.skillbits for skills applied here.
ARM_BAR = S.BIT["arm-bar"]
IRON_HARD_SKIN = S.BIT["iron-hard-skin"]
PLAGUE = S.BIT["plague-ridden"]

# The players the Hireling Sports-Wizard's Zap! turned into frogs this drive
# (engine.rules.wizard): (player, then his MA, ST, AG, PA, AV, skills).
FROGS = "frogs_drive"
OPT_APO: Option = ("apothecary",)
OPT_NO_APO: Option = ("decline",)


def to_box(g: GameState, p: int, box: int, reason: str) -> None:
    """Remove a player from the pitch into a dugout box."""
    if g.carrier == p:  # callers deal with the ball first; never lose it
        g.carrier = -1
        g.ball = g.pos[p]
    g.lift(p)
    g.box[p] = box
    g.status[p] = 0
    for rule in g.hooks.left_pitch:
        rule(g, p, box)
    g.emit(
        PlayerOff(g.pid[p], ("pitch", "reserves", "ko", "cas", "sent_off")[box], reason)
    )


# Knock-downs by a Special action whose armour roll is already made and
# broken (Projectile Vomit, Chainsaw): Prone, then an unmodified Injury roll.
_ARMOUR_BROKEN = ("vomit", "chainsaw", "stab", "blunderbuss", "quick_bite")
# Knock-downs that, like Placed Prone, are a Turnover only when the active
# team's ball carrier drops the ball (a Bomb's blast places players Prone).
_SPECIAL_HITS = _ARMOUR_BROKEN + ("bomb",)
# What the rule point going_down is asked about: Knocked Down (a stalling
# carrier, a Fireball's hit too) or Falling Over; not Placed Prone.
_GOING_DOWN = ("knocked_down", "fall", "stalling", "fireball")
# Set while the kicking team plays the Blitz kick-off event (turns.Turn
# "blitz"; ``Variant.blitz_event_ends_on_any_fall``): "If a player Falls Over
# or is Knocked Down, no further players can be activated and the Blitz ends
# immediately" (the_rules_of_blood_bowl.md "The Kick-off Event Table"), a
# Turnover or not. Decision: "a player" is one of the kicking team (a thrown
# player who lands badly, a team-mate an Animal Savagery player lashes out
# at); an opponent the Blitz knocks down does not end it.
KICKOFF_BLITZ = "kickoff_blitz"


def is_frog(g: GameState, p: int) -> bool:
    """Player ``p`` is a frog (Zap!): a Casualty is a Badly Hurt."""
    return any(f[0] == p for f in g.effects.get(FROGS, ()))


def chainsaw_armour(g: GameState, p: int, by: int, how: str) -> int:
    """Chainsaw: +3 to the Armour roll against a player with it who Falls
    Over or is Knocked Down, and against a player Knocked Down (Player
    Down!, Both Down) by a Chainsaw player they were blocking (``by`` has
    Chainsaw and ``p`` is the active player)."""
    if how != "knocked_down" and how != "fall":
        return 0
    if g.skills[p] & S.CHAINSAW:
        return 3
    if (
        by >= 0
        and how == "knocked_down"
        and g.skills[by] & S.CHAINSAW
        and p == g.act_player
    ):
        return 3
    return 0


class KnockDown(Proc):
    """Player ``p`` is Knocked Down (``how``="knocked_down"), Falls Over
    ("fall") or is Placed Prone ("placed_prone"): becomes Prone, armour and
    injury are rolled (not when Placed Prone), a held ball bounces after
    that. A Turnover follows for the active team's player when
    ``causes_turnover`` (always when they held the ball).

    ``how``="vomit": hit by Projectile Vomit whose (unmodified) armour roll
    already broke: becomes Prone, then an unmodified Injury roll; like
    Placed Prone, a Turnover only when the active team's carrier drops the
    ball. ``how``="stab": the same after a Stab's unmodified armour roll.
    ``claws``: the knock-down came from a Block by a player with Claws.
    ``spp``: a Casualty earns ``by`` its SPP, nothing else of ``credit``.

    A loose ball lying in the player's square (he Fell Over after a Dodge,
    Rush, Jump or Leap into it, or landed badly on it after being thrown)
    bounces from that square after the Armour and Injury rolls, as a held
    one does (rulebook "Occupied Squares": the ball never rests on the
    ground in an occupied square). Decision: it bounces even when those
    rolls take him off the pitch, as a held ball would. Not being held, it
    causes no Turnover of its own and Safe Pair of Hands cannot place it.
    """

    __slots__ = (
        "p",
        "how",
        "by",
        "mb",
        "causes_turnover",
        "ball_sq",
        "loose",
        "credit",
        "spp",
        "claws",
        "armour_mod",
    )

    def __init__(
        self,
        p: int,
        how: str = "knocked_down",
        by: int = -1,
        mb: int = 0,
        causes_turnover: bool = True,
        credit: bool = False,
        claws: bool = False,
        armour_mod: int = 0,
        spp: bool = False,
    ) -> None:
        self.phase = 0
        self.p = p
        self.how = how
        self.by = by
        self.mb = mb
        self.causes_turnover = causes_turnover
        self.ball_sq = -1
        self.loose = False
        self.credit = credit
        self.spp = spp
        self.claws = claws
        self.armour_mod = armour_mod  # Dungeon Bowl walls: +1 off a wall, Crypt

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0 and self.how in _GOING_DOWN and g.status[p] == STANDING:
            for rule in g.hooks.going_down:  # rule point: Steady Footing
                if (first := rule(g, self)) is not None:
                    self.phase = 3
                    g.stack.append(first)
                    return None
        if self.phase == 3:
            if g.ret:  # he stays Standing
                g.stack.pop()
                return None
            self.phase = 0
        if self.phase == 0:
            g.status[p] = PRONE
            g.pflags[p] &= ~PF_ROOTED
            g.emit(KnockedDown(g.pid[p], g.pos[p], self.how))
            had_ball = g.carrier == p
            self.ball_sq = drop_ball_if_carrier(g, p)
            if not had_ball and loose_ball_at(g, g.pos[p]):
                self.ball_sq = g.pos[p]
                self.loose = True
            how = self.how
            soft = how == "placed_prone" or how in _SPECIAL_HITS
            if g.team[p] == g.active and (
                had_ball
                or (self.causes_turnover and not soft)
                or (how in _GOING_DOWN and KICKOFF_BLITZ in g.effects)
            ):
                turnover(g, how)
            self.phase = 1
            if g.skills[p] & S.BALL_AND_CHAIN:
                # Ball & Chain: whenever down, an Injury roll at once (no
                # Armour roll), Stunned counting as KO'd.
                g.stack.append(Harm(p, by=self.by, stun_ko=True))
            elif how in _ARMOUR_BROKEN:
                g.stack.append(_broken_armour_injury(g, p, self.by, how))
            elif how != "placed_prone":
                for rule in g.hooks.before_armour:  # rule point: Saboteur
                    if (instead := rule(g, self)) is not None:
                        g.stack.append(instead)
                        return None
                g.stack.append(self.harm(g))
            return None
        if self.ball_sq >= 0 and g.ball == self.ball_sq and g.carrier < 0:
            # ball.ball_drop: it bounces, or Safe Pair of Hands places it.
            g.stack[-1] = (
                Bounce(self.ball_sq)
                if self.loose
                else ball_drop(g, p, self.ball_sq, self.how)
            )
        else:
            g.stack.pop()
        return None

    def harm(self, g: GameState) -> Harm:
        """The Armour roll (and what follows it) of this knock-down."""
        return Harm(
            self.p,
            by=self.by,
            mb=self.mb,
            credit=self.credit,
            spp=self.spp,
            claws=self.claws,
            armour_mod=chainsaw_armour(g, self.p, self.by, self.how) + self.armour_mod,
        )


def _broken_armour_injury(g: GameState, p: int, by: int, how: str) -> Proc:
    """The unmodified Injury roll after a Special action broke ``p``'s
    armour, unless a rule replaces it (rule point
    ``broken_armour_injury``)."""
    for rule in g.hooks.broken_armour_injury:
        proc = rule(g, p, by, how)
        if proc is not None:
            return proc
    return Harm(p, by=by, injury_only=True, no_mod=True)


class Harm(Proc):
    """Armour roll then Injury roll and its consequences for player ``p``.

    ``by``: the player who caused it (for Mighty Blow / casualty credit),
    ``mb``: Mighty Blow or Dirty Player bonus usable on armour or injury,
    ``armour_mod``: fixed armour modifier (foul assists), ``crowd``: Injury
    by the Crowd (no armour roll, Stunned goes to Reserves), ``foul``:
    doubles send the fouler off (noted in ``g.effects["foul_doubles"]``).

    ``claws``: a natural 8+ breaks the armour (Claws); ``injury_only``: the
    armour is already broken (Projectile Vomit); ``no_mod``: neither roll may
    be modified (Projectile Vomit). ``stun_ko``: no Armour roll and a
    Stunned result counts as KO'd (Ball & Chain, fumbled Kick Team-mate);
    ``bh_only``: any Casualty is Badly Hurt (a Bloodlust bite).
    ``injury_bonus``: added to the Injury roll even when ``no_mod`` (a Star
    Player's special rule, e.g. A Sneaky Pair). ``spp``: see KnockDown.

    Decision: a Mighty Blow / Dirty Player / Arm Bar bonus is applied to the
    armour roll when that breaks the armour, otherwise kept for the injury
    roll.

    Decision (Iron Hard Skin, "opposing players cannot modify any Armour
    rolls made against this player"): the bonus goes to the injury roll
    only, Claws is ignored, and a positive fixed modifier (offensive foul
    assists) is dropped; a negative one (defensive assists, from the
    player's own team) still applies.
    """

    __slots__ = (
        "p",
        "by",
        "mb",
        "armour_mod",
        "crowd",
        "foul",
        "credit",
        "spp",
        "result",
        "table_roll",
        "sneaky",
        "no_mod",
        "claws",
        "injury_only",
        "stun_ko",
        "bh_only",
        "injury_bonus",
        "armour",
        "rerolled",
        "pending",
        "asking",
    )

    def __init__(
        self,
        p: int,
        *,
        by: int = -1,
        mb: int = 0,
        armour_mod: int = 0,
        crowd: bool = False,
        foul: bool = False,
        credit: bool = False,
        sneaky: bool = False,
        no_mod: bool = False,
        claws: bool = False,
        injury_only: bool = False,
        stun_ko: bool = False,
        bh_only: bool = False,
        injury_bonus: int = 0,
        spp: bool = False,
    ) -> None:
        self.phase = 0
        self.p = p
        self.by = by
        self.mb = mb
        self.armour_mod = armour_mod
        self.crowd = crowd
        self.foul = foul
        self.credit = credit
        self.spp = spp
        self.result = ""
        self.table_roll = 0
        self.sneaky = sneaky
        self.no_mod = no_mod
        self.claws = claws
        self.injury_only = injury_only or stun_ko
        self.stun_ko = stun_ko
        self.bh_only = bh_only
        self.injury_bonus = injury_bonus
        # The Armour roll waiting for a rule's re-roll, and the dice after it.
        self.armour = (0, 0, False, 0)
        self.rerolled: tuple[int, int] | None = None
        # The rule waiting for its coach's answer (phases 5, 7, 40), and
        # what it keeps until then.
        self.asking: ArmourAsk | ArmourReroll | InjuryAsk | None = None
        self.pending: tuple[object, ...] = ()
        if no_mod:
            self.mb = 0
            self.armour_mod = 0
            self.claws = False

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            if not (self.crowd or self.injury_only):
                d1, d2 = self.rerolled or (g.dice.d6(), g.dice.d6())
                mb0 = self.mb
                av = g.av[p]
                mod = self.armour_mod
                mb = self.mb
                claws = self.claws
                if g.skills[p] & IRON_HARD_SKIN and (mb or claws or mod > 0):
                    g.emit(SkillUsed(g.pid[p], "iron-hard-skin"))
                    mb = 0
                    claws = False
                    mod = min(mod, 0)
                if not self.no_mod:
                    mod += g.variant.armour_modifier(g, p)  # a room (Dungeon Bowl)
                total = d1 + d2 + mod
                if claws and d1 + d2 >= 8 and total < av:
                    if self.by >= 0:
                        g.emit(SkillUsed(g.pid[self.by], "claws"))
                    broken = True
                else:
                    if mb and total < av <= total + mb:
                        mod += mb
                        self.mb = 0
                    broken = g.variant.armour_broken(d1 + d2 + mod, av)
                if not broken:  # a rule's bonus after seeing the dice?
                    for rule in g.hooks.armour_roll:
                        if ask := rule.ask(g, self, (d1, d2), mod, av):
                            self.asking, self.phase = rule, 5
                            return ask
                g.emit(Armour(g.pid[p], (d1, d2), mod, av, broken))
                saved = self.sneaky and g.variant.sneaky_git_saves(broken)
                if self.foul:
                    # (a re-rolled Armour roll decides afresh: Lone Fouler)
                    g.effects["foul_doubles"] = d1 == d2 and not saved
                for again in g.hooks.armour_reroll:  # a rule's re-roll?
                    if ask := again.ask(g, self, (d1, d2), broken):
                        self.asking, self.phase = again, 40
                        self.armour = (d1, d2, broken, mb0)
                        return ask
                if not broken:
                    g.stack.pop()
                    return None
            return self._injury(g)
        if self.phase == 6:  # armour broken by a rule's bonus
            return self._injury(g)
        if self.phase == 2:  # KO: apothecary?
            return self._offer_apo(g)
        if self.phase == 3:  # casualty
            return self._casualty(g)
        g.stack.pop()
        return None

    def injury_mod(self, g: GameState) -> int:
        """The modifier of this Injury roll."""
        mod = self.mb + self.injury_bonus
        if not self.no_mod:
            mod += g.variant.injury_modifier(g, self.p)
        return mod

    def _injury(
        self, g: GameState, dice: tuple[int, int] | None = None, extra: int = 0
    ) -> Decision | None:
        """The Injury roll (``dice`` already rolled, ``extra`` added after
        rolling: a Star Player's special rule of a Stab) and its result; on
        a fresh roll, a rule may first ask its coach (rule point
        ``injury_roll``: a bonus, a re-roll)."""
        fresh = dice is None
        d1, d2 = dice if dice is not None else (g.dice.d6(), g.dice.d6())
        mod = self.injury_mod(g) + extra
        if fresh:
            for rule in g.hooks.injury_roll:
                if ask := rule.ask(g, self, (d1, d2), mod):
                    self.asking, self.phase = rule, 7
                    return ask
        self.injury_result(g, (d1, d2), mod)
        return None

    def table_result(self, g: GameState, total: int) -> str:
        """The Injury table's result for ``total`` (2D6 + modifiers)."""
        return injury_result(g, self.p, total, self.stun_ko)

    def injury_result(self, g: GameState, dice: tuple[int, int], mod: int) -> None:
        """Apply the Injury roll ``dice`` + ``mod``."""
        p = self.p
        d1, d2 = dice
        result = self.table_result(g, d1 + d2 + mod)
        if self.foul and d1 == d2:
            g.effects["foul_doubles"] = True
        g.emit(Injury(g.pid[p], (d1, d2), mod, result))
        self.result = result
        if result == "stunned":
            if self.crowd:
                to_box(g, p, RESERVES, "crowd")
            else:
                g.status[p] = STUNNED
            g.stack.pop()
        elif result == "ko":
            self.phase = 2
        else:
            self.phase = 3

    def _offer_apo(self, g: GameState) -> Decision | None:
        p = self.p
        # Decision: the Plague Doctor treats a KO only when no apothecary
        # is left to (it may be wanted later for a Regeneration roll).
        if apothecary_for(g, p) is not None or plague_doctor_for_ko(g, p):
            return Decision(
                g.tname(g.team[p]),
                "apothecary",
                (OPT_APO, OPT_NO_APO),
                g.pid[p],
                info=("ko",),
            )
        self._ko(g)
        return None

    def _ko(self, g: GameState) -> None:
        p = self.p
        g.kos.append(g.pid[p])
        to_box(g, p, KO, "crowd" if self.crowd else "ko")
        g.stack.pop()

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        asking, self.asking = self.asking, None
        if asking is not None:
            self._answer(g, asking, choice)
            return
        t = g.team[p]
        use = choice == OPT_APO
        if self.phase == 2:
            if use:
                if apothecary_for(g, p) is not None:
                    use_apothecary(g, p)
                else:
                    use_plague_doctor(g, p)
                if self.crowd or g.box[p] != PITCH:
                    g.emit(Apothecary(g.tname(t), g.pid[p], "ko_to_reserves"))
                    to_box(g, p, RESERVES, "crowd")
                else:
                    g.emit(Apothecary(g.tname(t), g.pid[p], "ko_to_stunned"))
                    g.status[p] = STUNNED
                g.stack.pop()
            else:
                self._ko(g)
            return
        # casualty apothecary
        self._finish_casualty(g, use)

    def _answer(
        self,
        g: GameState,
        rule: ArmourAsk | ArmourReroll | InjuryAsk,
        choice: Option,
    ) -> None:
        """The coach answered the question of ``rule``."""
        if isinstance(rule, ArmourReroll):  # phase 40
            d1, d2, broken, mb0 = self.armour
            use = choice[0] == "use"
            new = rule.answer(g, self, (d1, d2), choice) if use else None
            if new is not None:  # rolled again with the new dice
                self.rerolled, self.mb, self.phase = new, mb0, 0
            elif broken:
                self.phase = 6  # the Injury roll, in step (it may ask a rule)
            else:
                g.stack.pop()
        elif isinstance(rule, ArmourAsk):  # phase 5
            if rule.answer(g, self, choice):
                self.phase = 6
            else:
                g.stack.pop()
        else:  # phase 7
            rule.answer(g, self, choice)

    def _casualty(self, g: GameState) -> Decision | None:
        p = self.p
        if FROGS in g.effects:
            if is_frog(g, p):
                # Zap!: a frog's Casualty is a Badly Hurt, no roll, and no
                # apothecary patches it up.
                self.result = "badly_hurt"
                self.table_roll = 0
                self._finish_casualty(g, False)
                return None
        if self.bh_only:
            self.result = "badly_hurt"
        if self.result == "cas":
            self.table_roll = g.variant.casualty_roll(g)
        if apothecary_for(g, p) is not None and not g.pflags[p] & PF_DEAD:
            self.phase = 4
            return Decision(
                g.tname(g.team[p]),
                "apothecary",
                (OPT_APO, OPT_NO_APO),
                g.pid[p],
                info=("casualty",),
            )
        self._finish_casualty(g, False)
        return None

    def _finish_casualty(self, g: GameState, use_apo: bool) -> None:
        p = self.p
        t = g.team[p]
        v = g.variant
        roll = self.table_roll
        # Decay: +1 to the Casualty roll; Niggling Injuries (BB2020): +1 each.
        mod = (1 if g.skills[p] & S.DECAY else 0) + v.casualty_modifier(g, p)
        if roll:
            result = v.casualty_result(g, p, roll, mod)
        else:
            result = self.result
        to_reserves = False
        if use_apo:
            use_apothecary(g, p)
            result, roll, to_reserves = v.apothecary_casualty(
                g, p, self.result, result, roll, mod
            )
        lasting_d6 = 0
        lasting = ""
        char = v.casualty_reduction(result)
        if v.rolls_lasting_injury(result):
            lasting_d6 = g.dice.d6()
            result, lasting, char = v.lasting_injury_result(g, p, result, lasting_d6)
        d16 = roll if v.casualty_die == 16 else 0
        d100 = roll if v.casualty_die == 100 else 0
        g.emit(Casualty(g.pid[p], d16, result, lasting_d6, char, d100))
        regenerated = False
        if not to_reserves and g.skills[p] & S.REGENERATION:
            d = g.dice.d6()
            regenerated = d >= 4
            g.emit(Roll("regeneration", g.pid[p], (d,), 4, 0, regenerated, False))
            if not regenerated:
                regenerated = doctor_rerolls_regeneration(g, p)
            to_reserves = regenerated
        if self.by >= 0 and not self.credit:
            # rule point casualty_credit: Violent Innovator
            self.credit = any(rule(g, self) for rule in g.hooks.casualty_credit)
        credited = (self.credit or self.spp) and self.by >= 0
        if credited:
            stat(g, self.by, STAT_CAS)
        g.casualties.append(
            CasualtyRecord(
                player_id=g.pid[p],
                team=g.tname(t),
                result=result,
                d16=d16 if d16 else None,
                d100=d100 or None,
                lasting_d6=lasting_d6 or None,
                lasting_injury=lasting or None,
                characteristic=char or None,
                apothecary_used=use_apo,
                regenerated=regenerated,
                inflicted_by=g.pid[self.by] if self.by >= 0 else None,
                spp=credited,
            )
        )
        if to_reserves:
            to_box(g, p, RESERVES, "patched")
        else:
            if v.dead(result):
                g.pflags[p] |= PF_DEAD
                by = self.by
                foul = self.foul and v.plague_ridden_by_foul
                if by >= 0 and (self.credit or foul) and g.skills[by] & PLAGUE:
                    plague_ridden(g, p, by)
            to_box(g, p, CAS, result)
            for rule in g.hooks.casualty:
                rule(g, p, self.by if self.credit else -1)
        g.stack.pop()


def injury_result(g: GameState, p: int, total: int, stun_ko: bool = False) -> str:
    """The Injury table's result for a modified roll ``total`` against
    ``p`` (Stunty table, Thick Skull; ``stun_ko``: Stunned counts as KO'd)."""
    total = max(2, min(12, total))
    stunty = bool(g.skills[p] & S.STUNTY)
    table = g.variant.stunty_injury_table if stunty else g.variant.injury_table
    result = table[total]
    if result == "ko" and g.skills[p] & S.THICK_SKULL and table[total - 1] != "ko":
        result = "stunned"  # Thick Skull: the lowest KO'd roll is Stunned
    if result == "stunned" and stun_ko:
        result = "ko"  # Ball & Chain, a fumbled Kick Team-mate
    return result


def arm_bar(g: GameState, p: int, src: int) -> KnockDown:
    """``p`` Falls Over failing the Agility test to Dodge, Jump or Leap out
    of ``src``. Arm Bar: +1 (armour or injury) when an opponent with Arm Bar
    Marks him there (only one may use it); where the format credits it
    (``Variant.arm_bar_credits``), a Casualty is that player's. Called by
    ``movement.Step`` on such a failure.

    Decision: a Diving Tackler, moved into ``src`` before the fall, Marked
    the square as the player tried to leave it: his Arm Bar counts too."""
    markers = g.marking_players(src, g.team[p])
    tackler = g.board[src]
    if tackler >= 0 and g.team[tackler] != g.team[p]:
        markers = [*markers, tackler]
    for q in markers:
        if g.skills[q] & ARM_BAR:
            g.emit(SkillUsed(g.pid[q], "arm-bar"))
            if g.variant.arm_bar_credits:
                return KnockDown(p, "fall", by=q, mb=1, credit=True)
            return KnockDown(p, "fall", mb=1)
    return KnockDown(p, "fall")


def crowd_push(g: GameState, p: int) -> Proc:
    """A player pushed (or landing) into the crowd: off the pitch, Injury by
    the Crowd. Returns the Harm procedure to run."""
    g.lift(p)
    g.box[p] = RESERVES
    g.status[p] = 0
    g.emit(PlayerOff(g.pid[p], "reserves", "crowd"))
    return Harm(p, crowd=True)
