"""The scripted bot's policy for the Star Players' rules of Special actions,
Stabs, Secret Weapons and trait rolls (:mod:`engine.skills.stars.actions`,
:mod:`engine.skills.stars.stabs`, :mod:`engine.skills.stars.secret_weapons`,
:mod:`engine.skills.stars.trait_rolls`). :func:`refine` may replace the
planner's choice; :data:`HANDLERS` answer the rules' own decision kinds.

* Ghostly Flames: Bryce's Blitz ends in a Chainsaw Attack rather than
  the planned Block while the rule is ready (+4 to the Armour roll).
* Master Assassin: re-roll a Stunned result only (a KO'd one is kept: a
  re-roll is more likely to be worse than better). The other optional
  rules offered as ``use_skill`` (Toxin Connoisseur, only offered when it
  changes the result; Maximum Carnage; Kaboom!; All You Can Eat, whose
  star is a Secret Weapon sent off at the end of the drive anyway) are
  always used, as the planner's default does.
* Primal Savagery and Tasty Morsel: lash out at / bite an opponent (the
  ball carrier first, then the lowest Armour Value) rather than a
  team-mate.
* Activations: Zolcath gazes an opponent Marking our ball carrier;
  Bilerot vomits on the opposing ball carrier he Marks; Swiftvine blitzes
  with Furious Outburst when the opposing ball carrier is within reach.
* The Flashing Blade: always Stab (the Move goes on afterwards), the ball
  carrier first, then the lowest Armour Value.
* Furious Outburst: at the ball carrier, else the lowest Armour Value;
  then end on the free square with the fewest opponents next to it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import or_
from typing import Any

from engine.core.skillbits import BIT
from engine.core.state import (
    PF_USED,
    PITCH,
    STANDING,
    TF_BLITZ,
    Decision,
    GameState,
    Option,
)
from engine.skills.stars.limits import ready

ZOAT = BIT["excuse-me-are-you-a-zoat"]
PUTRID = BIT["putrid-regurgitation"]
OUTBURST = BIT["furious-outburst"]
FLAMES = BIT["ghostly-flames"]
_ACTIVATORS = ZOAT | PUTRID | OUTBURST


def _target_key(g: GameState, pid: int) -> tuple[bool, int]:
    """Smaller is better: the ball carrier, then the lowest AV."""
    q = g.idx[pid]
    return (g.carrier != q, g.av[q])


def _foes(g: GameState, opts: tuple[Option, ...], t: int, verb: str) -> list[Option]:
    """The ``verb`` options aimed at opponents of team ``t``."""
    return [o for o in opts if o[0] == verb and g.team[g.idx[o[1]]] != t]


def refine(d: Decision, g: GameState, choice: Option) -> Option:
    """The planner's ``choice`` for ``d``, or this policy's instead."""
    kind = d.kind
    if kind == "use_skill" and d.info and d.info[0] == "master-assassin":
        stunned = len(d.info) > 2 and d.info[2] == "stunned"
        return ("use", "master-assassin") if stunned else ("decline",)
    if kind in ("lash_out", "bloodlust_bite", "move") and choice[0] in (
        "lash_out",
        "bite",
    ):
        p = g.idx[d.player] if d.player is not None else -1
        if p >= 0:
            foes = _foes(g, d.options, g.team[p], choice[0])
            if foes:
                return min(foes, key=lambda o: _target_key(g, o[1]))
    if kind == "move" and choice[0] == "block" and d.player is not None:
        p = g.idx[d.player]
        saw = ("chainsaw", choice[1])
        if g.skills[p] & FLAMES and saw in d.options and ready(g, p, "ghostly-flames"):
            return saw
    if kind == "activate":
        o = _activation(d, g)
        if o is not None:
            return o
    return choice


def _opp_carrier_near(g: GameState, p: int, reach: int) -> bool:
    c = g.carrier
    return (
        c >= 0
        and g.team[c] != g.team[p]
        and g.pitch.distance(g.pos[c], g.pos[p]) <= reach
    )


def _activation(d: Decision, g: GameState) -> Option | None:
    if not reduce(or_, g.skills, 0) & _ACTIVATORS:
        return None  # nobody has the rules (the usual case)
    t = 0 if d.team == "home" else 1
    opts = set(d.options)
    for p in range(g.n):
        sk = g.skills[p]
        if (
            not sk & _ACTIVATORS
            or g.team[p] != t
            or g.box[p] != PITCH
            or g.status[p] != STANDING
            or g.pflags[p] & PF_USED
        ):
            continue
        ao = g.act_opts[p]
        if (
            sk & ZOAT
            and ao["hypnotic_gaze"] in opts
            and _marks_our_carrier_marker(g, p)
        ):
            return ao["hypnotic_gaze"]
        if (
            sk & PUTRID
            and ao["projectile_vomit"] in opts
            and _opp_carrier_near(g, p, 1)
        ):
            return ao["projectile_vomit"]
        if (
            sk & OUTBURST
            and ao["blitz"] in opts
            and not g.tflags & TF_BLITZ
            and ready(g, p, "furious-outburst")
            and _opp_carrier_near(g, p, 3)
        ):
            return ao["blitz"]
    return None


def _marks_our_carrier_marker(g: GameState, p: int) -> bool:
    """Whether ``p`` Marks an opponent (with a Tackle Zone) who Marks our
    ball carrier."""
    c = g.carrier
    t = g.team[p]
    if c < 0 or g.team[c] != t or c == p:
        return False
    near_c = g.pitch.neighbours[g.pos[c]]
    for s in g.pitch.neighbours[g.pos[p]]:
        q = g.board[s]
        if q >= 0 and g.team[q] != t and g.has_tz(q) and g.pos[q] in near_c:
            return True
    return False


def flashing_blade(bot: Any, d: Decision, g: GameState) -> Option | None:
    stabs = [o for o in d.options if o[0] == "stab"]
    if not stabs:
        return None
    return min(stabs, key=lambda o: _target_key(g, o[1]))


def furious_outburst(bot: Any, d: Decision, g: GameState) -> Option | None:
    what = d.info[0] if d.info else ""
    if what == "target":
        return flashing_blade(bot, d, g)
    if what == "next_to":
        return d.options[0]
    p = g.idx[d.player] if d.player is not None else -1
    if p < 0:
        return None
    t = g.team[p]

    def foes_near(o: Option) -> int:
        n = 0
        for s in g.pitch.neighbours[o[1]]:
            q = g.board[s]
            if q >= 0 and q != p and g.team[q] != t and g.status[q] == STANDING:
                n += 1
        return n

    return min(d.options, key=foes_near)


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option | None]] = {
    "flashing_blade": flashing_blade,
    "furious_outburst": furious_outburst,
}

__all__ = ["HANDLERS", "refine"]
