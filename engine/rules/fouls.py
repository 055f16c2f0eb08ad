"""Fouls and being Sent-off (rulebook "Kicking Them While They're Down":
Foul actions, assists, Being Sent-off, Arguing the Call; skills Dirty
Player, Sneaky Git; Bribes; Prayers "Friends with the Ref", "Under
Scrutiny").
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    ArgueTheCall,
    Foul,
    Induced,
    Note,
    Reroll,
    SentOff,
    SkillUsed,
)
from engine.core.state import SENT_OFF, Decision, GameState, Option, Proc
from engine.rules.ball import Bounce, turnover
from engine.rules.blocking import count_assists
from engine.rules.inducements import argue_modifier, close_scrutiny
from engine.rules.injuries import Harm, to_box
from engine.rules.prayers import friends_with_the_ref
from engine.rules.rolls import parse_bonus
from engine.rules.secret_weapons import chainsaw_test

OPT_ARGUE: Option = ("argue",)
OPT_BRIBE: Option = ("bribe",)
OPT_ACCEPT: Option = ("accept",)


class FoulAction(Proc):
    """Player ``p`` fouls the Prone/Stunned ``victim``: an Armour roll
    (+1 per offensive, -1 per defensive assist), then injury; a natural
    double on either roll gets the fouler Sent-off (Sneaky Git: not on the
    Armour roll).

    Chainsaw (decision ``use_skill``, "chainsaw"): a D6 first, a 1 kicks
    back as a Chainsaw Attack's does (``Variant.chainsaw_kick_back``; BB2020
    a Turnover and the Armour roll +3 against the fouler), no foul made;
    otherwise the foul's Armour roll gets +3 on top of the assists.
    Decision: the referee sees the doubles of a Chainsaw foul as usual."""

    __slots__ = ("p", "victim", "saw")

    def __init__(self, p: int, victim: int) -> None:
        self.phase = 0
        self.p = p
        self.victim = victim
        self.saw = 0

    def step(self, g: GameState) -> Decision | None:
        p, v = self.p, self.victim
        if self.phase == 0 and g.skills[p] & S.CHAINSAW and g.has_tz(p):
            self.phase = 3
            return Decision(
                g.tname(g.team[p]),
                "use_skill",
                (("use", "chainsaw"), ("decline",)),
                g.pid[p],
                info=("chainsaw",),
            )
        if self.phase == 4:
            if not g.ret:
                g.emit(Foul(g.pid[p], g.pid[v]))
                nxt = g.variant.chainsaw_kick_back(g, p)
                if nxt is None:
                    g.stack.pop()
                else:
                    g.stack[-1] = nxt
                return None
            self.saw = 3
            self.phase = 0
        if self.phase in (0, 3):
            g.emit(Foul(g.pid[p], g.pid[v]))
            off = count_assists(g, g.team[p], v, v, p, False)
            dfn = count_assists(g, g.team[v], p, p, v, False)
            dp = (
                parse_bonus(g.param(p, S.DIRTY_PLAYER), 1)
                if g.skills[p] & S.DIRTY_PLAYER
                else 0
            )
            g.effects["foul_doubles"] = False
            self.phase = 1
            # rule point foul_goes_on: Quick Foul keeps the activation going.
            g.act_over = not any(rule(g, p) for rule in g.hooks.foul_goes_on)
            g.stack.append(
                Harm(
                    v,
                    by=p,
                    mb=dp,
                    armour_mod=off - dfn + self.saw,
                    foul=True,
                    sneaky=bool(g.skills[p] & S.SNEAKY_GIT),
                    injury_bonus=sum(rule(g, p, v) for rule in g.hooks.foul_injury),
                )
            )
            return None
        seen = (
            g.effects.pop("foul_doubles", False)
            or g.variant.foul_under_scrutiny(g, p)
            or close_scrutiny(g, p)
        )
        if seen:
            g.stack[-1] = SendOff(p, "foul", True)
        else:
            g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice[0] == "use":
            g.emit(SkillUsed(g.pid[self.p], "chainsaw"))
            self.phase = 4
            g.stack.append(chainsaw_test(self.p))


class SendOff(Proc):
    """The referee sends ``p`` off; the coach may Argue the Call (D6: 1
    coach ejected, 2-5 sent off, 6 not sent off) or use a Bribe (2+); a
    Bribe may still be used after an "I Don't Care!" (rulebook "Bribes": a
    single Bribe after an attempt to Argue the Call, none once the coach is
    ejected). With ``appeal`` False neither is offered: the player is
    Sent-off at once (a Sending-off that is not for a Foul or a Secret
    Weapon, as the Officious Ref's)."""

    __slots__ = ("p", "reason", "causes_turnover", "argued", "appeal")

    def __init__(
        self, p: int, reason: str, causes_turnover: bool, *, appeal: bool = True
    ) -> None:
        self.phase = 0
        self.p = p
        self.reason = reason
        self.causes_turnover = causes_turnover
        self.argued = False
        self.appeal = appeal

    def step(self, g: GameState) -> Decision | None:
        t = g.team[self.p]
        # Hook: a referee who awards this team no penalties (classic Get Da
        # Ref) ignores the call: no Sending-off, no Turnover, no bribe used.
        if not g.variant.referee_penalises(g, t):
            g.emit(Note("ref_ignores", g.tname(t), g.pid[self.p], 0))
            g.stack.pop()
            return None
        opts: list[Option] = []
        if self.appeal and not g.argue_banned[t] and not self.argued:
            opts.append(OPT_ARGUE)
        if self.appeal and g.bribes[t] > 0:
            opts.append(OPT_BRIBE)
        if not opts:
            self._send(g)
            return None
        opts.append(OPT_ACCEPT)
        return Decision(
            g.tname(t),
            "argue_the_call",
            tuple(opts),
            g.pid[self.p],
            info=(self.reason,),
        )

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        t = g.team[p]
        if choice == OPT_BRIBE:
            g.bribes[t] -= 1
            d = g.dice.d6()
            ok = d >= 2
            g.emit(
                ArgueTheCall(
                    g.tname(t), g.pid[p], d, "bribed" if ok else "bribe_failed"
                )
            )
            if ok:
                g.stack.pop()
                return
        elif choice == OPT_ARGUE:
            d = g.dice.d6()
            if d == 1 and g.variant.argue_reroll(g, t):
                g.emit(Reroll(g.tname(t), g.pid[p], "bribery-and-corruption", "argue"))
                d = g.dice.d6()
            natural = d
            friends = friends_with_the_ref(g, t)
            # Biased Referee: +1 to the paying team's roll (Decision: a
            # modified 1 is no longer "You're Outta Here!").
            bias = argue_modifier(g, t)
            if bias:
                g.emit(Induced("biased_referee", g.tname(t), g.pid[p], (d,), "+1"))
            d += bias
            if d >= 6 or (friends and d == 5):
                g.emit(
                    ArgueTheCall(
                        g.tname(t), g.pid[p], d, "well_when_you_put_it_like_that"
                    )
                )
                if self.causes_turnover:
                    turnover(g, "foul_seen")
                g.stack.pop()
                back = g.variant.call_argued(g, p)
                if back is not None:
                    g.stack.append(back)
                return
            if d == 1 or (natural == 1 and g.variant.argue_natural_one_ejects):
                g.argue_banned[t] = 1
                g.emit(ArgueTheCall(g.tname(t), g.pid[p], d, "youre_outta_here"))
                if g.variant.bribe_after_ejection and g.bribes[t] > 0:
                    self.argued = True  # a Bribe may still be used
                    return
            else:
                g.emit(ArgueTheCall(g.tname(t), g.pid[p], d, "i_dont_care"))
                if g.bribes[t] > 0:
                    self.argued = True  # a Bribe may still be used
                    return
        self._send(g)

    def _send(self, g: GameState) -> None:
        p = self.p
        g.emit(SentOff(g.pid[p], self.reason))
        g.sent_off_ids.append(g.pid[p])
        ball_sq = -1
        if g.carrier == p:
            ball_sq = g.pos[p]
        if g.box[p] == 0:
            to_box(g, p, SENT_OFF, self.reason)
        else:
            g.box[p] = SENT_OFF
        if self.causes_turnover:
            turnover(g, "sent_off")
        if ball_sq >= 0:
            g.ball = ball_sq
            g.stack[-1] = Bounce(ball_sq)
        else:
            g.stack.pop()
