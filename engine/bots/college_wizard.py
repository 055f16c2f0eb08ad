"""The scripted bot's College Wizard (Dungeon Bowl spells,
:mod:`engine.variants.dungeon_bowl.spells`): which spell to cast, on whom,
and when to keep it.

The targets worth a spell, best first: the opposition's ball carrier, a
player next to the loose ball, then a Big Guy (Strength 5 or more). Decision: with no such target a bot keeps its
spell until it has played four team turns, and from then on casts it on the
best target there is (a Dungeon Bowl game has no last turn to save it for).
"""

from __future__ import annotations

from typing import Any

from engine.bots.wizard import wizard_choice
from engine.core.state import PITCH, STANDING, Decision, GameState, Option
from engine.rules.block_strength import block_strengths, dice_count
from engine.variants.dungeon_bowl.spell_effects import shadow_squares

OPT_DONE: Option = ("done",)
BIG_GUY_ST = 5
SPEND_AFTER_TURNS = 4


def _team(d: Decision) -> int:
    return 0 if d.team == "home" else 1


def _worth(g: GameState, p: int) -> int:
    """How much an opposition player is worth a spell: 3 the ball carrier,
    2 a player next to the loose ball (about to pick it up), 1 a Big Guy,
    0 anyone else."""
    if g.carrier == p:
        return 3
    if (
        g.carrier < 0
        and g.ball >= 0
        and not g.ball_air
        and g.pitch.distance(g.pos[p], g.ball) == 1
    ):
        return 2
    return 1 if g.st[p] >= BIG_GUY_ST else 0


def _late(g: GameState, w: int) -> bool:
    return g.turn[w] >= SPEND_AFTER_TURNS


def _best_player(g: GameState, d: Decision, spell: str, w: int) -> Option:
    """The option of ``spell`` on the opposition player most worth it
    (ties: the higher Strength, then the higher Armour Value), or keep the
    spell when nobody is worth it yet."""
    best: Option = OPT_DONE
    key = (-1, 0, 0)
    for o in d.options:
        if o[0] != spell:
            continue
        p = g.idx[o[1]]
        k = (_worth(g, p), g.st[p], g.av[p])
        if k > key:
            best, key = o, k
    if best != OPT_DONE and (key[0] > 0 or _late(g, w)):
        return best
    return OPT_DONE


def _chain_score(g: GameState, p: int, w: int) -> int:
    """A first target for Chain Lightning: its worth, plus the opponents
    (minus our players) the lightning could jump to from it."""
    score = 2 * _worth(g, p)
    for q in range(g.n):
        if q != p and g.box[q] == PITCH and g.pitch.distance(g.pos[p], g.pos[q]) <= 2:
            score += 1 if g.team[q] != w else -1
    return score


def _shadow_goal(g: GameState, w: int) -> int:
    """The square a Shadowed Step should land next to: the loose ball, or
    the opposition's ball carrier; -1 when our team holds the ball."""
    if g.carrier < 0:
        return g.ball if not g.ball_air else -1
    return g.pos[g.carrier] if g.team[g.carrier] != w else -1


def _shadow_square(g: GameState, p: int, goal: int, w: int) -> int:
    """The best square next to ``goal`` player ``p`` can be placed on (the
    fewest opponents Marking it), or -1."""
    best, fewest = -1, 99
    for sq in shadow_squares(g, p):
        if g.pitch.distance(sq, goal) == 1:
            m = g.markers(sq, w)
            if m < fewest:
                best, fewest = sq, m
    return best


def college_spell_choice(bot: Any, d: Decision, g: GameState) -> Option:
    """Decision "college_spell": the spell on the options, or keep it."""
    w = _team(d)
    spell = d.options[0][0]
    if spell == "fireball":
        return wizard_choice(bot, d, g)  # as the Hireling's Fireball
    if spell in ("life-drain", "transmutation", "grasping-vines"):
        return _best_player(g, d, spell, w)
    if spell == "chain-lightning":
        scored = [(_chain_score(g, g.idx[o[1]], w), o) for o in d.options[:-1]]
        score, first = max(scored, key=lambda s: s[0])
        return first if score >= 3 or _late(g, w) else OPT_DONE
    if spell == "blinding-light":
        # the opposition holds the ball: it cannot pass or hand it off
        c = g.carrier
        return d.options[0] if c >= 0 and g.team[c] != w else OPT_DONE
    if spell == "bestial-fury":
        return _fury(g, g.idx[d.options[0][1]], d.options[0])
    if spell == "shadowed-step":
        goal = _shadow_goal(g, w)
        if goal < 0:
            return OPT_DONE
        step: Option = OPT_DONE
        nearest = 99
        for o in d.options[:-1]:
            p = g.idx[o[1]]
            far = g.pitch.distance(g.pos[p], goal)
            if far > 1 and far < nearest and _shadow_square(g, p, goal, w) >= 0:
                step, nearest = o, far
        return step
    return OPT_DONE


def _fury(g: GameState, p: int, cast: Option) -> Option:
    """Bestial Fury when the player would block a standing opponent worth
    it (or anyone) with fewer than three dice of its own choosing."""
    targets = [g.act_target] if g.act_action == "blitz" else []
    if not targets:
        targets = [
            q
            for s in g.pitch.neighbours[g.pos[p]]
            if (q := g.board[s]) >= 0
            and g.team[q] != g.team[p]
            and g.status[q] == STANDING
        ]
    for q in targets:
        if q < 0 or g.box[q] != PITCH:
            continue
        n, own = dice_count(*block_strengths(g, p, q))
        if not (n == 3 and own) and (_worth(g, q) or not own):
            return cast
    return OPT_DONE


def chain_lightning_choice(bot: Any, d: Decision, g: GameState) -> Option:
    """Decision "chain_lightning" (compulsory): the opponent most worth it,
    else the team-mate best armoured."""
    w = _team(d)

    def key(o: Option) -> tuple[int, int, int]:
        q = g.idx[o[1]]
        if g.team[q] != w:
            return (1, _worth(g, q), g.st[q])
        return (0, g.av[q], 0)

    return max(d.options, key=key)


def shadowed_step_choice(bot: Any, d: Decision, g: GameState) -> Option:
    """Decision "shadowed_step": next to the ball (or the opposition's
    carrier) with the fewest opponents Marking it."""
    w = _team(d)
    assert d.player is not None
    goal = _shadow_goal(g, w)
    if goal >= 0:
        sq = _shadow_square(g, g.idx[d.player], goal, w)
        if sq >= 0:
            return ("square", sq)
    return d.options[0]


HANDLERS = {
    "college_spell": college_spell_choice,
    "chain_lightning": chain_lightning_choice,
    "shadowed_step": shadowed_step_choice,
}
