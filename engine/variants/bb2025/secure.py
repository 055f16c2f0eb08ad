"""Secure the Ball, a standard action of Blood Bowl 2025
(changes_from_bb2020.md "Secure the Ball"): once per team turn, while the
ball lies on the ground with no opposing player with a Tackle Zone within 2
squares of it, a player who is not a Big Guy and has neither No Hands (the
edition's No Ball), Unsteady nor Ball & Chain moves to the ball and picks it up on a
flat 2+; a secured ball ends his activation and scores no touchdown in it.

Decision: a ball secured in the opposing End Zone scores no touchdown (the
digest: the player "cannot move on or score that activation"); he stands
there holding it, and may score from his team's next turn on (his next
activation's end, or any later step into an End Zone square) or when he is
moved into another End Zone square during the opponents' turn, as any
carrier would (rulebook "Scoring a Touchdown")."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.state import (
    PF_NO_SCORE,
    PITCH,
    STANDING,
    TF_SECURE,
    GameState,
    Option,
)
from engine.rules.activation import activatable
from engine.rules.keywords import keywords
from engine.rules.rolls import Test

SECURE = "secure_the_ball"
# Who may not declare it (besides a Big Guy).
_NO_SECURING = S.BIT["ball-and-chain"] | S.NO_HANDS | S.BIT["unsteady"]


def may_secure(g: GameState, t: int) -> bool:
    """Team ``t`` has not secured the ball this turn, the ball lies on the
    ground, and no opposing player with a Tackle Zone (Standing, not
    Distracted) is within 2 squares of it."""
    if g.tflags & TF_SECURE or g.carrier >= 0 or g.ball < 0 or g.ball_air:
        return False
    bx, by = g.pitch.xy(g.ball)
    for q in range(g.n):
        if g.team[q] != t and g.box[q] == PITCH and g.status[q] == STANDING:
            x, y = g.pitch.xy(g.pos[q])
            if max(abs(x - bx), abs(y - by)) <= 2 and g.has_tz(q):
                return False
    return True


def secure_options(g: GameState, t: int) -> list[Option]:
    """The Secure the Ball activations team ``t`` may declare now."""
    if not may_secure(g, t):
        return []
    return [
        g.act_opts[p][SECURE]
        for p in activatable(g, t)
        if not g.skills[p] & _NO_SECURING and "Big Guy" not in keywords(g, p)
    ]


def securing(g: GameState, p: int) -> bool:
    """Whether player ``p`` is the one activated to Secure the Ball."""
    return g.act_player == p and g.act_action == SECURE


def secure_test(p: int) -> Test:
    """The pick-up of the player securing the ball: a flat 2+ (natural 1
    fails), no modifier and no Skill re-roll (Sure Hands, Pro); a team
    re-roll may be used.

    Decision (DECIDE 14): flat 2+, not an Agility test, so Pouring Rain,
    Marking players, Big Hand and Extra Arms change nothing."""
    return Test(SECURE, p, 2, skill_rr_ok=False)


def secured(g: GameState, p: int) -> None:
    """Player ``p`` has secured the ball: his activation ends and he may
    not score before the next team turn begins."""
    g.act_over = True
    g.pflags[p] |= PF_NO_SCORE


def turn_starts(g: GameState) -> None:
    """A new team turn: a ball secured in the one before may score."""
    for q in range(g.n):
        g.pflags[q] &= ~PF_NO_SCORE
