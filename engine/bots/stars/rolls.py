"""The scripted bot's use of the Star Players' rules that re-roll or change
the star's own rolls, and of his movement, passing and Ball & Chain rules
(:mod:`engine.skills.stars.rerolls`, :mod:`engine.skills.stars.moving`,
:mod:`engine.skills.stars.passing`, :mod:`engine.skills.stars.secret_weapons`).

* Re-rolls: a rule made for one kind of roll (Blind Rage, Mesmerising
  Dance, The Ballista) is used whenever offered; an "any one die" rule
  (Consummate Professional, Halfling Luck, Thinking Man's Troll) on a roll
  that matters (the ball, the carrier, a Turnover the plan cannot afford:
  level 3), or on an important one (level 2) when it is spent per half or
  the game is in its second half anyway. Free star re-rolls come before a
  team re-roll (a Loner's team re-roll may be lost).
* Rules that turn a failed roll into a success (Incorporeal, Strong
  Passing Game, Swift as the Breeze) and Old Pro (offered only on an Armour
  roll that went against Helmut) are always used; Old Pro re-rolls the
  lower die against an opponent, the higher one against himself.
* Bounding Leap: on a Leap with a negative modifier or by the carrier.
* Shot to Nothing: in the team's last turn of the half (a long throw is
  then worth its risk).
* Blast It!: the scatter is re-rolled unless the ball came down on a
  Standing team-mate with hands (then kept, for the +1 to the catch).
* Whirling Dervish: re-roll a direction leading into the crowd or onto a
  Standing team-mate.
* Yoink!: always tried when Scrappa may interfere.
"""

from __future__ import annotations

from typing import Final

from engine.core import skillbits as S
from engine.core.state import STANDING, Decision, GameState, Option
from engine.rules.secret_weapons import template_direction
from engine.skills.stars.limits import LIMITS

_SPECIFIC: Final = frozenset({"blind-rage", "mesmerising-dance", "the-ballista"})
_ALWAYS: Final = frozenset(
    {"incorporeal", "strong-passing-game", "swift-as-the-breeze", "old-pro"}
)


def reroll(d: Decision, g: GameState, level: int, pro: Option) -> Option | None:
    """A star re-roll to use on this ``reroll`` decision, if any (``pro`` is
    the die the bot would re-roll with Pro: ``("pro", i)`` for a block)."""
    stars = [o for o in d.options if o[0] == "star"]
    if not stars:
        return None
    for o in stars:
        if o[1] in _SPECIFIC:
            return o
    for o in stars:
        if len(o) > 2 and len(pro) > 1 and o[2] != pro[1]:
            continue  # a block die: the one the bot wants re-rolled
        half = LIMITS[str(o[1])] == "half"
        if level >= 3 or (level >= 2 and (half or g.half >= 2)):
            return o
    return None


def _stack_top(g: GameState) -> object:
    return g.stack[-1] if g.stack else None


def use_skill(d: Decision, g: GameState) -> Option | None:
    """The bot's answer to a ``use_skill`` decision of these rules (None:
    not one of them)."""
    what = d.info[0] if d.info else ""
    use: Option = ("use", what)
    if what in _ALWAYS:
        if what == "old-pro":
            return _old_pro(d, g)
        return use if use in d.options else None
    if what == "bounding-leap":
        return use if _risky_leap(g) else ("decline",)
    if what == "shot-to-nothing":
        t = 0 if d.team == "home" else 1
        last = g.turn[t] >= g.variant.turns_per_half
        return use if last else ("decline",)
    if what == "blast-it":
        return _blast_it(g)
    if what == "whirling-dervish":
        return _dervish(d, g)
    return None


def _risky_leap(g: GameState) -> bool:
    top = _stack_top(g)
    p = getattr(top, "p", -1)
    if not isinstance(p, int) or p < 0:
        return False
    mk = getattr(top, "mk_src", 0)
    marked = bool(mk) or g.markers(g.pos[p], g.team[p]) > 0
    return marked or g.carrier == p


def _old_pro(d: Decision, g: GameState) -> Option:
    dice = d.info[1] if len(d.info) > 1 else (0, 0)
    h = g.act_player
    top = _stack_top(g)
    victim = getattr(top, "p", -1)
    low = 0 if dice[0] <= dice[1] else 1
    i = 1 - low if victim == h else low
    o: Option = ("use", "old-pro", i)
    return o if o in d.options else ("decline",)


def _blast_it(g: GameState) -> Option:
    top = _stack_top(g)
    p = getattr(top, "p", -1)
    sq = getattr(top, "landing", -1)
    if isinstance(p, int) and p >= 0 and isinstance(sq, int) and sq >= 0:
        q = g.board[sq]
        if (
            q >= 0
            and g.team[q] == g.team[p]
            and g.status[q] == STANDING
            and not g.skills[q] & S.NO_HANDS
        ):
            return ("use", "blast-it", "keep")
    return ("use", "blast-it", "reroll")


def _dervish(d: Decision, g: GameState) -> Option:
    top = _stack_top(g)
    p = getattr(top, "p", -1)
    facing = getattr(top, "facing", (0, 0))
    die = d.info[1] if len(d.info) > 1 else 0
    if not isinstance(p, int) or p < 0 or not 1 <= die <= 6:
        return ("decline",)
    dx, dy = template_direction(facing[0], facing[1], die)
    dst = g.pitch.step(g.pos[p], dx, dy)
    if dst < 0:
        return ("use", "whirling-dervish")
    q = g.board[dst]
    if q >= 0 and g.team[q] == g.team[p] and g.status[q] == STANDING:
        return ("use", "whirling-dervish")
    return ("decline",)


def interfere(d: Decision) -> Option | None:
    """Yoink! whenever it is offered."""
    for o in d.options:
        if o[0] == "interfere_yoink":
            return o
    return None
