"""Star Players' special rules that act on the Secret Weapons' and their
Special actions (star_players.md):

* Ghostly Flames (Bryce 'The Slice' Cambuel, once per half): the Armour
  roll of a Chainsaw Attack made in a Blitz gets +4 instead of +3.
* I'll Be Back! (Kreek 'the Verminator' Rustgouger, once per game): the
  first time Secret Weapon would send him off, he stays.
* Whirling Dervish (Fungus the Loon, once per activation): the D6 of a
  Ball & Chain direction may be re-rolled.
* Kick 'em While They're Down! (Nobbla Blackwart, once per game): a
  Chainsaw Attack on a Prone or Stunned opponent (not a Foul: never a
  Sending-off). Decision: made with the Chainsaw Special action only; in
  a Blitz the Chainsaw Attack replaces the Block against the nominated
  target (engine.rules.declaring), who is Standing.
* Maximum Carnage (Max Spleenripper, once per game): straight after a
  Chainsaw Attack, a second one against another opponent.
* Kaboom! (Bomber Dribblesnot, once per game): when an opponent catches
  (or intercepts) a bomb Bomber threw, it may go off at once, with no roll
  for whether the catcher throws it on (decision ``use_skill``, "kaboom").
* All You Can Eat (Cindy Piewhistle, once per game): declared as her Throw
  Bomb action begins (decision ``use_skill``, "all-you-can-eat"), she
  throws two bombs instead of one; straight after the second a D6 of 1-3
  gets her Sent-off (no Argue the Call, no Bribe: not for a Foul).

They register on the rule points of :mod:`engine.rules.secret_weapons`
(a Chainsaw's Armour roll, a Ball & Chain's direction), of the team turn
(the activations, targets and procedure of a Special action, what follows
its hit) and of the end of a drive (Secret Weapons sent off).
"""

from __future__ import annotations

from typing import Final

from engine.core.events import Reroll, Roll
from engine.core.hooks import DieAsk, Hooks
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.block_actions import block_targets
from engine.rules.bombs import BombThrow
from engine.rules.fouls import SendOff
from engine.rules.passing import with_dump_off
from engine.rules.pushing import OPT_DECLINE, use_skill
from engine.rules.secret_weapons import ChainsawAttack
from engine.rules.special_actions import trickster
from engine.skills.stars.limits import offer, ready, spend

FLAMES = "ghostly-flames"
BACK = "ill-be-back"
DERVISH: Final = BIT["whirling-dervish"]
KICK_EM = "kick-em-while-theyre-down"
CARNAGE = "maximum-carnage"
KABOOM = "kaboom"
EAT = "all-you-can-eat"
KICK_EM_BIT = BIT[KICK_EM]
CARNAGE_BIT = BIT[CARNAGE]
KABOOM_BIT = BIT[KABOOM]
EAT_BIT = BIT[EAT]


def ghostly_flames(g: GameState, att: int, hit: int, total: int) -> int:
    """Ghostly Flames: +1 more (+4 in all) to the Armour roll ``total``
    (already with the Chainsaw's +3) of ``att``'s Chainsaw Attack on
    ``hit`` in a Blitz.

    Decision: applied automatically, and only when the extra +1 breaks
    armour that +3 did not (the only case where it changes anything), so
    the use per half is never spent for nothing."""
    if (
        hit == att
        or g.act_player != att
        or g.act_action != "blitz"
        or not ready(g, att, FLAMES)
    ):
        return 0
    av = g.av[hit]
    armour_broken = g.variant.armour_broken
    if armour_broken(total, av) or not armour_broken(total + 1, av):
        return 0
    spend(g, att, FLAMES)
    return 1


def ill_be_back(g: GameState, p: int) -> bool:
    """I'll Be Back!: whether Secret Weapon's Sending-off of ``p`` at the
    end of a drive is cancelled (the first time in the game).

    Decision: applied automatically (staying is always better), before any
    Argue the Call or Bribe is offered."""
    if not ready(g, p, BACK):
        return False
    spend(g, p, BACK)
    return True


# -- Whirling Dervish ----------------------------------------------------------


def whirling_dervish(g: GameState, p: int, die: int) -> Decision | None:
    """Offer the re-roll of the direction D6 ``die`` (once per activation)."""
    if g.skills[p] & DERVISH and ready(g, p, "whirling-dervish"):
        d = offer(g, p, "whirling-dervish")
        return Decision(d.team, d.kind, d.options, d.player, info=(d.info[0], die))
    return None


def dervish_reroll(g: GameState, p: int) -> int:
    """Spend Whirling Dervish and re-roll the direction D6."""
    spend(g, p, "whirling-dervish")
    g.emit(Reroll(g.tname(g.team[p]), g.pid[p], "whirling-dervish", "ball_and_chain"))
    d = g.dice.d6()
    g.emit(Roll("ball_and_chain", g.pid[p], (d,), 0, 0, True, True))
    return d


# -- Kick 'em While They're Down! ------------------------------------------------


def kick_em_targets(g: GameState, p: int) -> list[int]:
    """Prone or Stunned opponents next to ``p`` he may Chainsaw with the
    rule (none once it is used or without a Tackle Zone)."""
    if not ready(g, p, KICK_EM) or not g.has_tz(p):
        return []
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.status[q] != STANDING
    ]


def kick_em_activation(g: GameState, p: int, opts: list[Option]) -> list[Option]:
    """The ``chainsaw`` activation when only downed opponents are next to
    the Standing ``p`` (with a Standing one it is offered already)."""
    if not g.skills[p] & KICK_EM_BIT:
        return []
    o = g.act_opts[p]["chainsaw"]
    if g.status[p] == STANDING and o not in opts and kick_em_targets(g, p):
        return [o]
    return []


def kick_em_chainsaw_targets(g: GameState, p: int, action: str) -> list[int]:
    """The downed opponents ``p``'s Chainsaw action may target with the
    rule (beside the Standing ones)."""
    if action != "chainsaw" or not g.skills[p] & KICK_EM_BIT:
        return []
    return kick_em_targets(g, p)


def chainsaw_on_downed(g: GameState, att: int, action: str, dfn: int) -> None:
    """``att``'s Chainsaw Attack starts: on a downed ``dfn`` it is Kick 'em
    While They're Down! (spent)."""
    if (
        action == "chainsaw"
        and g.skills[att] & KICK_EM_BIT
        and g.status[dfn] != STANDING
    ):
        spend(g, att, KICK_EM)


# -- Maximum Carnage -------------------------------------------------------------


class MaximumCarnage(Proc):
    """After ``att``'s Chainsaw Attack on ``first`` (it hit): the coach may
    (decision ``use_skill``, "maximum-carnage") make a second one against
    another Standing opponent ``att`` Marks (decision ``chainsaw_target``).

    Decisions: not after a kick-back (no Chainsaw Attack was made), a
    Turnover or a touchdown, nor when ``att`` is no longer Standing; the
    second attack is a full Chainsaw Attack (D6, Foul Appearance,
    Trickster, Dump-off) that uses up the rule."""

    __slots__ = ("att", "first")

    def __init__(self, att: int, first: int) -> None:
        self.phase = 0
        self.att = att
        self.first = first

    def _targets(self, g: GameState) -> list[int]:
        att = self.att
        if (
            not ready(g, att, CARNAGE)
            or g.box[att] != PITCH
            or g.status[att] != STANDING
            or g.turnover is not None
            or g.touchdown
        ):
            return []
        return [q for q in block_targets(g, att) if q != self.first]

    def step(self, g: GameState) -> Decision | None:
        targets = self._targets(g)
        if not targets:
            g.stack.pop()
            return None
        if self.phase == 0:
            return use_skill(g, self.att, CARNAGE)
        return Decision(
            g.tname(g.team[self.att]),
            "chainsaw_target",
            tuple(g.pl_opts[q]["chainsaw"] for q in targets),
            g.pid[self.att],
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            g.stack.pop()
            return
        if self.phase == 0:
            self.phase = 1
            return
        att = self.att
        q = g.idx[choice[1]]
        spend(g, att, CARNAGE)
        g.stack[-1] = with_dump_off(g, q, trickster(g, att, q, ChainsawAttack(att, q)))


def after_chainsaw(g: GameState, att: int, action: str, dfn: int) -> Proc | None:
    """``att``'s Chainsaw Attack hit ``dfn``: Maximum Carnage's offer, made
    once the hit's consequences are over."""
    if action != "chainsaw" or not g.skills[att] & CARNAGE_BIT:
        return None
    return MaximumCarnage(att, dfn)


# -- Kaboom! and All You Can Eat ------------------------------------------------


def bomb_action(g: GameState, p: int, action: str) -> Proc | None:
    """The procedure of ``p``'s Throw Bomb action when his rules change it
    (None: the rulebook's)."""
    if action != "throw_bomb" or not g.skills[p] & (EAT_BIT | KABOOM_BIT):
        return None
    if g.skills[p] & EAT_BIT and ready(g, p, EAT):
        return AllYouCanEat(p)
    return one_bomb(g, p)


def one_bomb(g: GameState, p: int) -> BombThrow:
    """One bomb thrown by ``p`` (with Kaboom! when he has it)."""
    if g.skills[p] & KABOOM_BIT:
        return KaboomThrow(p)
    return BombThrow(p)


class KaboomThrow(BombThrow):
    """A bomb thrown by a player with Kaboom!: when an opponent catches or
    intercepts it and the rule is ready, the thrower's coach may (decision
    ``use_skill``) make it explode in the catcher's square at once;
    otherwise the catcher rolls as usual.

    Decision: offered only for an opponent's catch (a team-mate's catch is
    not the rule's case); the explosion is the usual one ("caught")."""

    __slots__ = ()

    def _caught(self, g: GameState, c: int) -> None:
        p = self.p
        if not self.again and g.team[c] != g.team[p] and ready(g, p, KABOOM):
            self.interferer = c
            self.phase = 20
            return
        super()._caught(g, c)

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 20:
            return use_skill(g, self.p, KABOOM)
        return super().step(g)

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase != 20:
            super().receive(g, choice)
            return
        c = self.interferer
        self.phase = 8
        if choice == OPT_DECLINE:
            super()._caught(g, c)
            return
        spend(g, self.p, KABOOM)
        self._explode(g, g.pos[c], "caught")


class AllYouCanEat(Proc):
    """Cindy's Throw Bomb action with All You Can Eat ready: the coach
    declares it or not before the first throw; declared, she throws a
    second bomb after the first, then rolls a D6: 1-3 and she is Sent-off.

    Decisions: the second bomb is thrown only while she is still Standing
    on the pitch and no Turnover or touchdown has come from the first (a
    bomb that lays her down ends her action); the D6 is rolled only after
    a second throw; the Sending-off is no Turnover, and neither Argue the
    Call nor a Bribe is offered (see :meth:`step`)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            return use_skill(g, p, EAT)
        if self.phase == 1:
            self.phase = 2
            g.stack.append(one_bomb(g, p))
            return None
        if self.phase == 2:
            if (
                g.box[p] != PITCH
                or g.status[p] != STANDING
                or g.turnover is not None
                or g.touchdown
                or g.done
            ):
                g.stack.pop()
                return None
            self.phase = 3
            second = one_bomb(g, p)
            g.stack.append(second)
            return None
        d = g.dice.d6()
        stays = d >= 4
        g.emit(Roll("all_you_can_eat", g.pid[p], (d,), 4, 0, stays, False))
        if stays or g.box[p] != PITCH:
            g.stack.pop()
        else:
            # Decision: no Argue the Call and no Bribe. Arguing the Call is
            # for a player "Sent-off by the referee for committing a Foul",
            # a Bribe for one "Sent-off for committing a Foul or using a
            # Secret Weapon" (the trait's sending-off at the end of a drive,
            # itself "for committing a Foul"). Her rule says only "1-3 means
            # she is Sent-off": no Foul, no referee, not the Secret Weapon
            # trait (whose own sending-off at the end of a drive keeps both),
            # as the Officious Ref's sending-off (engine.rules.kickoff).
            g.stack[-1] = SendOff(p, EAT, False, appeal=False)
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if choice == OPT_DECLINE:
            g.stack[-1] = one_bomb(g, p)
            return
        spend(g, p, EAT)
        self.phase = 1


def register(h: Hooks) -> None:
    h.chainsaw_armour += (ghostly_flames,)
    h.secret_weapon_stays += (ill_be_back,)
    h.ball_and_chain_direction += (DieAsk(whirling_dervish, dervish_reroll),)
    h.block_activations += (kick_em_activation,)
    h.block_activations_bits |= KICK_EM_BIT
    h.action_targets += (kick_em_chainsaw_targets,)
    h.action_targets_bits |= KICK_EM_BIT
    h.special_action += (chainsaw_on_downed,)
    h.after_hit += (after_chainsaw,)
    h.action_procedure += (bomb_action,)
