"""Vampire and Norse traits that act around activations and turns
(rulebook "Skills and Traits": Bloodlust (X+), Pick-me-up, Drunkard's
rule point is :func:`engine.rules.movement.rush_modifier`; Plague Ridden's
in-match part is :func:`engine.rules.plague.plague_ridden`).

Bloodlust: after declaring an action (even Prone or without a Tackle
Zone) the player rolls a D6, +1 for a Block or Blitz action; below X or a
natural 1 they are *hungry* (``PF_HUNGRY``): they may change the declared
action to a Move action (decision ``bloodlust_action``), may not Pass,
Hand-off or score before biting, and at the end of the activation they may
bite an adjacent Thrall team-mate (decision ``bloodlust_bite``). A bite is
an Injury roll for the Thrall, any Casualty being Badly Hurt (no Turnover
unless the Thrall held the ball); no bite is a Turnover, the player loses
their Tackle Zone and drops the ball, and scores no touchdown.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Roll, SkillUsed, StandUp
from engine.core.state import (
    PF_HUNGRY,
    PF_NOTZ,
    PITCH,
    PRONE,
    STANDING,
    Decision,
    GameState,
    Option,
    PlayerActivation,
    Proc,
)
from engine.rules.ball import Bounce, check_touchdown, drop_ball_if_carrier, turnover
from engine.rules.injuries import Harm
from engine.rules.pushing import OPT_DECLINE
from engine.rules.rolls import Test, parse_target

BLOODLUST = S.BIT["bloodlust"]
PICK_ME_UP = S.BIT["pick-me-up"]
PLAGUE_RIDDEN = S.BIT["plague-ridden"]

OPT_KEEP: Option = ("keep",)
OPT_MOVE: Option = ("move",)


def is_thrall(g: GameState, q: int) -> bool:
    """A team-mate a Bloodlust player may bite: a Thrall Lineman.

    Decision: a Star Player with Bloodlust playing for a team without
    Thralls (Karina von Riesz) bites a Lineman instead, so any position
    named "...lineman"/"...linewoman" or "thrall..." qualifies."""
    home = g.sheets[0].players
    sheet = home[q] if q < len(home) else g.sheets[1].players[q - len(home)]
    slug = sheet.position
    return "thrall" in slug or slug.endswith(("lineman", "linewoman"))


def bite_targets(g: GameState, p: int) -> list[int]:
    """Thrall team-mates next to ``p`` (Standing, Prone or Stunned)."""
    t = g.team[p]
    out = []
    for s in g.pitch.neighbours[g.pos[p]]:
        q = g.board[s]
        if q >= 0 and q != p and g.team[q] == t and is_thrall(g, q):
            out.append(q)
    for more in g.hooks.bite_targets:
        out += more(g, p)
    return out


def hungry_options(
    g: GameState, p: int, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """A hungry player's move options: no throw or hand-off, and a bite of
    each adjacent Thrall."""
    if not g.pflags[p] & PF_HUNGRY:
        return opts
    kept = [o for o in opts[:-1] if o[0] not in ("throw", "hand_off")]
    kept += [g.pl_opts[q]["bite"] for q in bite_targets(g, p)]
    kept.append(opts[-1])
    return tuple(kept)


class BloodlustRoll(Proc):
    """The Bloodlust roll when the player is activated (see the module
    docstring). A failure inserts :class:`Feed` below the activation, so
    it runs when the activation ends."""

    __slots__ = ("p", "action")

    def __init__(self, p: int, action: str) -> None:
        self.phase = 0
        self.p = p
        self.action = action

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            if g.act_over:
                g.stack.pop()
                return None
            self.phase = 1
            target = parse_target(g.param(p, BLOODLUST), 2)
            mod = 1 if self.action in ("block", "blitz") else 0
            g.stack.append(Test("bloodlust", p, target, mod))
            return None
        if g.ret:
            g.stack.pop()
            return None
        g.emit(SkillUsed(g.pid[p], "bloodlust"))
        g.pflags[p] |= PF_HUNGRY
        act = _activation_below(g)
        if act >= 0:
            g.stack.insert(act, Feed(p))
        if self.action == "move" or act < 0:
            g.stack.pop()
            return None
        self.phase = 2
        return Decision(
            g.tname(g.team[p]), "bloodlust_action", (OPT_KEEP, OPT_MOVE), g.pid[p]
        )

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_MOVE:
            act = g.stack[_activation_below(g)]
            assert isinstance(act, PlayerActivation)
            act.action = "move"
            g.act_action = "move"


def _activation_below(g: GameState) -> int:
    """Stack index of the activation in progress (-1 if none)."""
    for i in range(len(g.stack) - 1, -1, -1):
        if isinstance(g.stack[i], PlayerActivation):
            return i
    return -1


class Bite(Proc):
    """A hungry player bites the Thrall ``q``: an Injury roll for ``q``
    with any Casualty treated as Badly Hurt; a Turnover only when ``q``
    held the ball (it bounces). The biter, if holding the ball in the End
    Zone, now scores. An opponent a rule lets him bite (rule point
    ``bite``) drops the ball with no Turnover."""

    __slots__ = ("p", "q", "ball_sq")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q
        self.ball_sq = -1

    def step(self, g: GameState) -> Decision | None:
        p, q = self.p, self.q
        if self.phase == 0:
            g.pflags[p] &= ~PF_HUNGRY
            g.emit(SkillUsed(g.pid[p], "bloodlust_bite"))
            self.phase = 1
            morsel = any(rule(g, p, q) for rule in g.hooks.bite)
            if g.carrier == q:
                self.ball_sq = drop_ball_if_carrier(g, q)
                if not morsel:
                    turnover(g, "bloodlust")
            g.stack.append(Harm(q, injury_only=True, bh_only=True))
            return None
        if self.ball_sq >= 0 and g.carrier < 0 and g.ball == self.ball_sq:
            g.stack[-1] = Bounce(self.ball_sq)
            return None
        g.stack.pop()
        if g.carrier == p and g.box[p] == PITCH:
            check_touchdown(g, p)
        return None


class Feed(Proc):
    """End of a hungry player's activation: bite an adjacent Thrall
    (decision ``bloodlust_bite``: ``("bite", id)`` or ``("decline",)``),
    or a Turnover: the player loses their Tackle Zone and drops the ball.

    Decisions: nothing happens when the player has left the pitch or a
    touchdown has ended the drive; the hunger is settled either way."""

    __slots__ = ("p", "ball_sq")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.ball_sq = -1

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            if (
                not g.pflags[p] & PF_HUNGRY
                or g.box[p] != PITCH
                or g.touchdown
                or g.done
            ):
                g.pflags[p] &= ~PF_HUNGRY
                g.stack.pop()
                return None
            self.phase = 1
            targets = bite_targets(g, p)
            if targets:
                return Decision(
                    g.tname(g.team[p]),
                    "bloodlust_bite",
                    tuple(g.pl_opts[q]["bite"] for q in targets) + (OPT_DECLINE,),
                    g.pid[p],
                )
            self._starve(g)
            return None
        if self.phase == 2:
            if self.ball_sq >= 0 and g.carrier < 0 and g.ball == self.ball_sq:
                g.stack[-1] = Bounce(self.ball_sq)
                return None
        g.stack.pop()
        return None

    def _starve(self, g: GameState) -> None:
        p = self.p
        g.pflags[p] = (g.pflags[p] & ~PF_HUNGRY) | PF_NOTZ
        g.emit(SkillUsed(g.pid[p], "bloodlust_starved"))
        turnover(g, "bloodlust")
        self.ball_sq = drop_ball_if_carrier(g, p)
        self.phase = 2

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            self._starve(g)
            return
        g.stack[-1] = Bite(self.p, g.idx[choice[1]])


def bloodlust_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook of Bloodlust (see :mod:`engine.skills`)."""
    return BloodlustRoll(p, action)


def pick_me_up(g: GameState, t: int) -> None:
    """Pick-me-up at the end of the opposition's team turn: a D6 for every
    Prone (not Stunned) player of team ``t`` within three squares of a
    Standing team-mate with the trait (who may use an ACTIVE skill:
    BB2025's skills.md "Pick-me-up", not while Distracted); on 5+ they
    stand up.

    Decision: standing up is always taken (a Prone player can only gain)."""
    n = g.n
    team, box, status, skills = g.team, g.box, g.status, g.skills
    pickers = [
        q
        for q in range(n)
        if team[q] == t
        and skills[q] & PICK_ME_UP
        and box[q] == PITCH
        and status[q] == STANDING
        and g.variant.active_skill_usable(g, q)  # BB2025: not Distracted
    ]
    if not pickers or g.touchdown or g.done:
        return
    dist = g.pitch.distance
    pos = g.pos
    for p in range(n):
        if (
            team[p] == t
            and box[p] == PITCH
            and status[p] == PRONE
            and any(q != p and dist(pos[q], pos[p]) <= 3 for q in pickers)
        ):
            d = g.dice.d6()
            ok = d >= 5
            g.emit(Roll("pick_me_up", g.pid[p], (d,), 5, 0, ok, False))
            if ok:
                g.status[p] = STANDING
                g.emit(StandUp(g.pid[p]))


__all__ = [
    "Bite",
    "BloodlustRoll",
    "Feed",
    "PF_HUNGRY",
    "bite_targets",
    "bloodlust_hook",
    "hungry_options",
    "pick_me_up",
]
