"""Target-number tests and re-rolls (rulebook "Dice Rolling", "Re-rolls",
"Skill Re-rolls", "Team Re-rolls"; skills Pro and Loner), and "Randomly
Selecting a Player".

:class:`Test` rolls one D6 against a target, then offers the re-rolls that
apply. The outcome is left in ``g.ret`` (True = passed) for the procedure
below it on the stack.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Reroll, Roll
from engine.core.skillbits import slugs_of
from engine.core.state import PF_PRO_USED, Decision, GameState, Option, Proc

OPT_TEAM_RR: Option = ("team_reroll",)
OPT_PRO: Option = ("pro",)
OPT_NO_RR: Option = ("no_reroll",)
OPT_DECLINE: Option = ("decline",)

# The extra team re-rolls (``g.extra_rr``) of each team that last only the
# drive (a Star Player's: Star of the Show, Pump Up the Crowd), counted apart
# for a format whose kick-off re-rolls last the half (the classic game,
# Variant.extra_rerolls_last): a "_drive" key, gone with the drive.
DRIVE_REROLLS = "drive_rerolls_drive"


def gain_drive_reroll(g: GameState, t: int) -> None:
    """Team ``t`` gains an extra team re-roll that is gone at the end of
    the drive if unused."""
    g.extra_rr[t] += 1
    if g.variant.extra_rerolls_last != "drive":
        counts = list(g.effects.get(DRIVE_REROLLS, (0, 0)))
        counts[t] += 1
        g.effects[DRIVE_REROLLS] = tuple(counts)


def expire_drive_rerolls(g: GameState) -> None:
    """The drive is over: its unused drive-long re-rolls go (all the extra
    re-rolls where they all last the drive)."""
    if g.variant.extra_rerolls_last == "drive":
        g.extra_rr[0] = g.extra_rr[1] = 0
        return
    counts = g.effects.pop(DRIVE_REROLLS, (0, 0))
    for t in (0, 1):
        g.extra_rr[t] -= min(counts[t], g.extra_rr[t])


def _spend_extra_reroll(g: GameState, t: int) -> None:
    """Decision: of team ``t``'s extra re-rolls, one that lasts only the
    drive is spent before one that lasts the half."""
    g.extra_rr[t] -= 1
    counts = g.effects.get(DRIVE_REROLLS)
    if counts is not None and counts[t] > 0:
        left = list(counts)
        left[t] -= 1
        g.effects[DRIVE_REROLLS] = tuple(left)


def parse_target(param: str | None, default: int) -> int:
    """ "4+" -> 4 (a skill parameter given as a target number)."""
    if param and param[0].isdigit():
        return int(param.rstrip("+"))
    return default


def parse_bonus(param: str | None, default: int = 1) -> int:
    """ "+1" -> 1 (a skill parameter given as a modifier)."""
    if param and param[0] in "+-" and param[1:].isdigit():
        return int(param)
    return default


def team_reroll_available(g: GameState, t: int, p: int = -1) -> bool:
    """Team re-rolls may be used only by the active team, during its own turn
    (rulebook "Team Re-rolls"); the Leader re-roll needs a Leader on the
    pitch. ``p``: the player the roll is for (the board may forbid him
    re-rolls: :meth:`Variant.rerolls_allowed`)."""
    if g.active != t:
        return False
    if p >= 0 and not g.variant.rerolls_allowed(g, p):
        return False
    limit = g.variant.team_rerolls_per_turn
    if limit is not None and g.rr_used_turn >= limit:
        return False
    if g.rerolls[t] > 0 or g.extra_rr[t] > 0:
        return True
    if g.leader_rr[t] > 0 and leader_on_pitch(g, t):
        return True
    return g.variant.other_team_reroll_left(g, t)  # BB2025: the Team Mascot


def leader_on_pitch(g: GameState, t: int) -> bool:
    """A player with Leader is on the pitch (any status)."""
    for p in range(g.n):
        if g.team[p] == t and g.box[p] == 0 and g.skills[p] & S.LEADER:
            return True
    return False


def spend_team_reroll(g: GameState, t: int, p: int, purpose: str) -> bool:
    """Use one team re-roll for player ``p``; returns False when Loner
    stops it (the re-roll is lost anyway). Brilliant Coaching re-rolls go
    first, then ordinary ones, then the Leader re-roll."""
    own = g.variant.other_team_reroll(g, t)  # BB2025: the Team Mascot, first
    if own:
        source = "mascot"
    elif own is False and not team_reroll_available(g, t):
        g.rr_used_turn += 1
        return False  # it failed and no other team re-roll is left
    elif g.extra_rr[t] > 0:
        _spend_extra_reroll(g, t)
        source = "brilliant_coaching"
    elif g.rerolls[t] > 0:
        g.rerolls[t] -= 1
        source = "team"
    else:
        g.leader_rr[t] -= 1
        source = "leader"
    g.rr_used_turn += 1
    g.emit(Reroll(g.tname(t), g.pid[p] if p >= 0 else -1, source, purpose))
    g.variant.team_reroll_spent(g, t, source)  # hook: BB2025 Team Captain
    if p >= 0 and g.skills[p] & S.LONER:
        target = g.effects.get(f"loner2_{p}_drive") or parse_target(
            g.param(p, S.LONER), 4
        )
        for rule in g.hooks.loner_target:
            target = rule(g, p, target)
        d = g.dice.d6()
        ok = d >= target
        g.emit(Roll("loner", g.pid[p], (d,), target, 0, ok, False))
        return ok
    return True


def rule_reroll_options(g: GameState, t: Test) -> list[Option]:
    """The re-rolls of the failed test ``t`` that rules offer (rule point
    ``test_rerolls``)."""
    opts: list[Option] = []
    for rule in g.hooks.test_rerolls:
        opts += rule.options(g, t)
    return opts


def rule_reroll(g: GameState, t: Test, choice: Option) -> bool:
    """Spend the rule re-roll ``choice`` of test ``t``; False when the
    choice is no rule's."""
    for rule in g.hooks.test_rerolls:
        if rule.use(g, t, choice):
            return True
    return False


def can_use_pro(g: GameState, p: int) -> bool:
    """Pro: once, during the player's own activation (Decision: only the
    activated player may use Pro)."""
    return bool(
        g.skills[p] & S.PRO
        and g.act_player == p
        and not g.pflags[p] & PF_PRO_USED
        and skill_reroll_ok(g, p)
    )


def skill_reroll_ok(g: GameState, p: int) -> bool:
    """Player ``p`` may use a Skill or Trait that re-rolls dice: he has his
    Tackle Zone and the board allows it (:meth:`Variant.rerolls_allowed`)."""
    return g.has_tz(p) and g.variant.rerolls_allowed(g, p)


def try_pro(g: GameState, p: int, purpose: str) -> bool:
    """Roll for Pro (3+ allows the re-roll)."""
    g.pflags[p] |= PF_PRO_USED
    d = g.dice.d6()
    ok = d >= 3
    g.emit(Roll("pro", g.pid[p], (d,), 3, 0, ok, False))
    if ok:
        g.emit(Reroll(g.tname(g.team[p]), g.pid[p], "pro", purpose))
    return ok


class Test(Proc):
    """A D6 target-number test for player ``p``: passes when
    ``die + mod >= target`` (natural 1 fails, natural 6 passes when the
    test is an Agility/Passing test). Free skill re-rolls (Catch, Dodge,
    Sure Feet, Sure Hands, Pass) are used automatically.

    Decision: a free skill re-roll is always taken on a failed test, since
    failing is never better than re-rolling; team re-rolls and Pro cost
    something, so they are offered as a decision.
    """

    __slots__ = (
        "purpose",
        "p",
        "target",
        "mod",
        "skill_rr",
        "skill_flag",
        "natural",
        "team_rr_ok",
        "skill_rr_ok",
        "die",
    )

    def __init__(
        self,
        purpose: str,
        p: int,
        target: int,
        mod: int = 0,
        *,
        skill_rr: int = 0,
        skill_flag: int = 0,
        natural: bool = True,
        team_rr_ok: bool = True,
        skill_rr_ok: bool = True,
    ) -> None:
        self.phase = 0
        self.purpose = purpose
        self.p = p
        self.target = target
        self.mod = mod
        self.skill_rr = skill_rr
        self.skill_flag = skill_flag
        self.natural = natural
        self.team_rr_ok = team_rr_ok
        # False: no Skill or Trait may re-roll it (Pro, the rules' re-rolls).
        self.skill_rr_ok = skill_rr_ok
        self.die = 0

    def passes(self, d: int) -> bool:
        """Whether a roll of ``d`` passes the test."""
        if self.natural:
            return d != 1 and (d == 6 or d + self.mod >= self.target)
        return d + self.mod >= self.target

    def needs(self) -> int:
        """The lowest roll that passes (7: none does)."""
        return next((d for d in range(1, 7) if self.passes(d)), 7)

    def _roll(self, g: GameState, rerolled: bool) -> bool:
        d = g.dice.d6()
        self.die = d
        ok = self.passes(d)
        g.emit(
            Roll(self.purpose, g.pid[self.p], (d,), self.target, self.mod, ok, rerolled)
        )
        return ok

    def _finish(self, g: GameState, ok: bool) -> None:
        g.ret = ok
        g.last_die = self.die
        g.stack.pop()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 4:  # the final roll failed
            return self._failed(g)
        p = self.p
        if self._roll(g, False):
            self._finish(g, True)
            return None
        sk = g.skills[p]
        if (
            self.skill_rr
            and sk & self.skill_rr
            and skill_reroll_ok(g, p)
            and not (self.skill_flag and g.pflags[p] & self.skill_flag)
        ):
            g.pflags[p] |= self.skill_flag
            g.emit(
                Reroll(
                    g.tname(g.team[p]),
                    g.pid[p],
                    slugs_of(self.skill_rr & sk)[0],
                    self.purpose,
                )
            )
            if self._roll(g, True):
                self._finish(g, True)
                return None
            return self._failed(g)
        opts: list[Option] = []
        if self.team_rr_ok and team_reroll_available(g, g.team[p], p):
            opts.append(OPT_TEAM_RR)
        if self.skill_rr_ok:
            if can_use_pro(g, p):
                opts.append(OPT_PRO)
            opts += rule_reroll_options(g, self)
        if not opts:
            return self._failed(g)
        opts.append(OPT_NO_RR)
        return Decision(
            g.tname(g.team[p]), "reroll", tuple(opts), g.pid[p], info=(self.purpose,)
        )

    def _failed(self, g: GameState) -> Decision | None:
        """The final roll failed: a rule may still change the result (rule
        point ``test_result``), offered as a ``use_skill`` decision."""
        opts = tuple(o for rule in g.hooks.test_result for o in rule.options(g, self))
        if opts:
            self.phase = 5
            p = self.p
            return Decision(
                g.tname(g.team[p]),
                "use_skill",
                opts + (OPT_DECLINE,),
                g.pid[p],
                info=(opts[0][1], self.purpose, self.die),
            )
        self._finish(g, False)
        return None

    def _rule_result(self, g: GameState, choice: Option) -> bool:
        """The result the chosen rule of ``test_result`` gives."""
        for rule in g.hooks.test_result:
            ok = rule.use(g, self, choice)
            if ok is not None:
                return ok
        return False

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 5:  # a rule that changes the failed result
            self._finish(g, choice[0] == "use" and self._rule_result(g, choice))
            return
        if choice == OPT_TEAM_RR:
            ok = spend_team_reroll(g, g.team[p], p, self.purpose) and self._roll(
                g, True
            )
        elif choice == OPT_PRO:
            ok = try_pro(g, p, self.purpose) and self._roll(g, True)
        elif rule_reroll(g, self, choice):
            ok = self._roll(g, True)
        else:
            ok = False
        if ok:
            self._finish(g, True)
        else:
            self.phase = 4


def random_pick(g: GameState, players: list[int]) -> int:
    """Randomly select one of ``players`` (rulebook "Randomly Selecting a
    Player": D16 against the team list, re-rolling misses). Returns an
    index into ``players``."""
    if len(players) == 1:
        return 0
    t = g.team[players[0]]
    first = 0 if t == 0 else len(g.sheets[0].players)
    size = len(g.sheets[t].players)
    if size > 16:
        # Decision: beyond 16 players a D16 cannot reach everyone; use
        # repeated D6 pairs on the list position instead.
        while True:
            r = (g.dice.d6() - 1) * 6 + g.dice.d6() - 1
            if r < size and first + r in players:
                return players.index(first + r)
    while True:
        r = g.dice.d16() - 1
        if r < size and first + r in players:
            return players.index(first + r)
