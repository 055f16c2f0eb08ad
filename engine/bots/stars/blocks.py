"""The scripted bot's policy for the Star Players' block and knock-down rules
(:mod:`engine.skills.stars.blocks`, :mod:`engine.skills.stars.armour_and_injury`,
Vicious Vines of :mod:`engine.skills.stars.actions`), called by
:class:`engine.bots.scripted.ScriptedBot`:

* Savage Mauling: re-roll an Injury roll that only Stunned the victim.
* Savage Blow / Unstoppable Momentum: when the block's result would be
  bad, re-roll the bad dice (Savage Blow) or the worst die (Unstoppable
  Momentum, free on every Blitz) before any team re-roll.
* Vicious Vines: when Maple stands free of opponents, block the ball
  carrier two squares away, or another opponent when the odds are good.
* Gored by the Bull: announced for a Blitz whose nominated target is no
  stronger than the star (an extra die helps the coach who chooses).
* Everything else (the Armour / Injury bonuses, which are offered only when
  they change the result, Frenzied Rush, Indomitable) is used whenever
  offered: the ScriptedBot's default for ``use_skill``.
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from engine.bots.blockmath import block_odds
from engine.core.skillbits import BIT
from engine.core.state import PF_USED, PITCH, STANDING, Decision, GameState, Option
from engine.skills.stars.actions import VERB, vines_targets

# Vicious Vines on a non-carrier only with at least these odds
# (P(target down) - 1.3 P(Maple down), as the bot's block targeting).
_VINES_ODDS = 0.25
VINES = BIT["vicious-vines"]


def use_skill(d: Decision, g: GameState) -> Option | None:
    """A star rule's ``use_skill`` answer (None: the default, use it)."""
    what = d.info[0] if d.info else ""
    if what == "savage-mauling":
        stunned = len(d.info) > 4 and d.info[4] == "stunned"
        return ("use", "savage-mauling") if stunned else ("decline",)
    if what == "gored-by-the-bull" and d.player is not None:
        # An extra die helps only the coach who chooses: keep it for a
        # Blitz on a target no stronger than ours.
        p, q = g.idx[d.player], g.act_target
        if q >= 0 and g.st[q] > g.st[p]:
            return ("decline",)
    return None


def block_reroll(
    d: Decision, faces: list[int], vals: dict[int, float]
) -> Option | None:
    """Savage Blow or Unstoppable Momentum on a bad block result (the
    caller has checked that the result would be bad)."""
    bad = tuple(i for i, f in enumerate(faces) if vals[f] < 0.0)
    if bad and ("savage-blow", *bad) in d.options:
        return ("savage-blow", *bad)
    worst = min(range(len(faces)), key=lambda i: vals[faces[i]])
    if ("unstoppable-momentum", worst) in d.options:
        return ("unstoppable-momentum", worst)
    return None


def vines_activation(d: Decision, g: GameState) -> Option | None:
    """A Block activation for Vicious Vines worth making now, if any."""
    if not reduce(or_, g.skills, 0) & VINES:
        return None  # nobody has the rule (the usual case)
    opts: set[Option] | None = None
    skills = g.skills
    for p in range(g.n):
        if not skills[p] & VINES:
            continue  # no targets without the rule (vines_targets)
        if opts is None:
            opts = set(d.options)
        o = g.act_opts[p]["block"]
        if o not in opts or g.box[p] != PITCH or g.pflags[p] & PF_USED:
            continue
        if g.status[p] != STANDING or g.markers(g.pos[p], g.team[p]):
            continue
        for q in vines_targets(g, p):
            pdd, pad, _, _ = block_odds(g, p, q)
            if q == g.carrier or pdd - 1.3 * pad >= _VINES_ODDS:
                return o
    return None


def vines_target(d: Decision, g: GameState) -> Option | None:
    """The ball carrier among the Vicious Vines targets, if there."""
    for o in d.options:
        if o[0] == VERB and g.idx[o[1]] == g.carrier:
            return o
    return None
