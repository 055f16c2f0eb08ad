"""How the scripted bot plays Bonus Plays: plain rules, cheap to compute.

- windows: Inspiration, Raw Talent, Bladed Knuckle Dusters, The Kid's Got
  Moxy and Tough Enough whenever offered; Blocking Play when a Player of the
  team Marks an opponent; Blitz!/Diving Tackle when the Player Marks a ball
  carrier; the Interrupts when the other team holds a ball;
- with the Action decision: Reserves and Jump Up at once; Defensive Play
  when an opponent holds a ball; Sprint or Dodge when only the card lets
  the carrier reach the End Zone; Hail Mary Pass to a team-mate standing
  Open in the opposition End Zone; Accurate Throw with a Throw the bot
  chose anyway; Nerves of Steel for a Marked carrier with a team-mate
  ahead;
- at the hand limit, the card it values least goes.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.blitz import effects as fx
from engine.blitz.bonus import slug_of
from engine.blitz.state import BlitzState
from engine.core.state import Decision

ALWAYS = frozenset(
    {
        "inspiration",
        "raw_talent",
        "bladed_knuckle_dusters",
        "the_kids_got_moxy",
        "tough_enough",
    }
)
# Least valued first (discarded first at the hand limit).
KEEP_ORDER = (
    "aggressive_mark",
    "defensive_play",
    "shadowing",
    "diving_tackle",
    "nerves_of_steel",
    "accurate_throw",
    "the_kids_got_moxy",
    "bladed_knuckle_dusters",
    "blocking_play",
    "step_aside",
    "intervention",
    "jump_up",
    "reserves",
    "tough_enough",
    "hail_mary_pass",
    "blitz",
    "dodge",
    "raw_talent",
    "sprint",
    "inspiration",
)


def _holds_ball(g: BlitzState, t: int) -> bool:
    return any(h >= 0 and g.team[h] == t for h in g.ball_holder)


def window(g: BlitzState, d: Decision) -> tuple[Any, ...]:
    slug = d.info[0] if d.info else ""
    plays = [o for o in d.options if o[0] == "bonus"]
    if not plays:
        return d.options[-1]
    if slug in ALWAYS:
        return plays[0]
    t = g.active
    if slug == "blocking_play":
        if any(g.team[i] == t and g.marked(i) for i in range(g.n)):
            return plays[0]
    elif slug in ("blitz", "diving_tackle") and d.player is not None:
        i = g.idx[d.player]
        if any(g.ball_of(j) >= 0 for j in g.markers(i)):
            return plays[0]
    elif slug == "step_aside":
        carriers = [o for o in plays if g.ball_of(g.idx[o[2]]) >= 0]
        if carriers:
            return carriers[0]
    elif slug in ("intervention", "shadowing") and _holds_ball(g, t):
        return plays[0]
    return ("pass",)


def hand_discard(d: Decision) -> tuple[Any, ...]:
    return min(d.options, key=lambda o: KEEP_ORDER.index(slug_of(o[1])))


def dodge_reach(g: BlitzState, i: int, allowance: int) -> list[int]:
    """Squares a Run with Dodge may end on: through any empty square, ending
    Open."""
    t = g.team[i]
    start = g.pos[i]
    seen = {start}
    out = []
    q: deque[tuple[int, int]] = deque([(start, 0)])
    while q:
        sq, dist = q.popleft()
        if dist >= allowance:
            continue
        for n in g.board.neighbours[sq]:
            if n in seen or g.occ[n] >= 0 or g.board.blocked[n]:
                continue
            seen.add(n)
            q.append((n, dist + 1))
            if not g.next_to_standing_opponent(n, t):
                out.append(n)
    return out


def action(
    g: BlitzState,
    d: Decision,
    best: tuple[float, tuple[Any, ...]],
    reach: Any,
) -> tuple[tuple[Any, ...], list[int]] | None:
    """A Bonus Play to choose in the Action decision (with the Run's plan),
    or None. ``best`` is the bot's best (score, Action); ``reach(g, i, n)``
    the squares its Runs reach."""
    plays = [o for o in d.options if o[0] == "bonus"]
    if not plays:
        return None
    t = g.active
    board = g.board
    score, act = best
    for o in plays:
        if len(o) == 3:  # Reserves, Jump Up: free Actions
            return o, []
        if len(o) == 2:
            if _holds_ball(g, 1 - t):
                return o, []
            continue
        slug = slug_of(o[1])
        i = g.idx[o[2]]
        carrier = g.ball_of(i) >= 0
        if slug in ("sprint", "dodge") and carrier and score < 100:
            mv = (g.move[i] or 3) + (fx.SPRINT_BONUS if slug == "sprint" else 0)
            ends = list(reach(g, i, mv)) if slug == "sprint" else dodge_reach(g, i, mv)
            ez = [sq for sq in ends if board.in_end_zone(1 - t, sq)]
            if ez:
                return o, [ez[0]]
        if slug == "hail_mary_pass" and score < 100:
            if any(
                g.team[j] == t
                and j != i
                and g.open(j)
                and g.throw[j] is not None
                and board.in_end_zone(1 - t, g.pos[j])
                for j in range(g.n)
            ):
                return o, []
        if slug == "accurate_throw" and act == ("act", o[2], "throw"):
            return o, []
        if slug == "nerves_of_steel" and o[3] == "throw" and score < 45:
            if any(
                g.team[j] == t
                and g.open(j)
                and board.advance(t, g.pos[j]) > board.advance(t, g.pos[i]) + 2
                for j in range(g.n)
                if g.pos[j] >= 0
            ):
                return o, []
    return None
