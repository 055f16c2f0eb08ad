"""Balls: possession, bouncing and New Ball! (rulebook "Taking Possession",
"Bouncing Ball", "New Ball!", "Multiple Balls in Play")."""

from __future__ import annotations

from engine.blitz.events import BallMoved, Injured, Possession
from engine.blitz.state import BlitzState

# A ball that keeps bouncing onto Players who cannot take it stops after this
# many bounces where it is (Decision: the rules never end such a chain; with
# a board full of Marked Players it could in principle go on forever).
MAX_BOUNCES = 50


def can_take(g: BlitzState, i: int) -> bool:
    """Whether Player ``i`` may take possession of a ball now: standing,
    able to hold one (Throw not '-') and not holding one already."""
    return g.standing(i) and g.throw[i] is not None and g.ball_of(i) < 0


def give(g: BlitzState, i: int, b: int) -> None:
    g.ball_holder[b] = i
    g.ball_pos[b] = g.pos[i]
    g.events.append(Possession(g.pid[i], b))
    rec = g.current_record
    if rec is not None and g.team[i] == g.active and b not in rec.took:
        rec.took.append(b)


def bounce(g: BlitzState, b: int, from_sq: int, first: int = -1) -> None:
    """Bounce ball ``b`` from ``from_sq`` until it rests on an empty square
    or an Open Player takes it (the Bounce Chart, clockwise fallback).
    ``first``: the square of the first bounce, chosen (Safe Hands)."""
    g.ball_holder[b] = -1
    sq = from_sq
    board = g.board
    for _ in range(MAX_BOUNCES):
        to = first
        d = 0
        if first < 0:
            d = g.dice.d8()
            for k in range(8):
                cand = board.bounce[sq][(d - 1 + k) % 8]
                if cand >= 0 and not board.blocked[cand]:
                    to = cand
                    break
        first = -1
        g.events.append(BallMoved(b, sq, to, "bounce", d))
        g.ball_pos[b] = to
        sq = to
        i = g.occ[to]
        if i >= 0:
            if g.open(i) and can_take(g, i):
                give(g, i, b)
                return
            continue
        if any(
            p == to and o != b and g.ball_holder[o] < 0
            for o, p in enumerate(g.ball_pos)
        ):
            continue
        return


def drop(g: BlitzState, i: int) -> None:
    """Player ``i`` loses the ball they hold (Knocked Down, Prone): it
    bounces from their square."""
    b = g.ball_of(i)
    if b >= 0:
        bounce(g, b, g.pos[i])


def enter_square(g: BlitzState, i: int, *, running: bool) -> None:
    """Player ``i`` has just entered their square: a loose ball there is
    taken during a Run Action (or with Handling Skills), else it bounces."""
    b = g.loose_ball_at(g.pos[i])
    if b < 0:
        return
    if (running or "handling_skills" in g.abilities[i]) and can_take(g, i):
        give(g, i, b)
    else:
        bounce(g, b, g.pos[i])


def new_ball(g: BlitzState) -> None:
    """New Ball!: out of a Trapdoor (a random one if several). A Player on it
    is Injured and the ball they hold goes out of play; a loose ball there
    is removed; then the new ball bounces at once. Decision: "If a Player
    is standing on the Trapdoor" names where he is, not his status (the
    rulebook writes the status with a capital, "Standing"): a Prone Player
    lying on it is Injured too."""
    traps = g.board.trapdoor_squares
    sq = traps[0] if len(traps) == 1 else traps[pick(g, len(traps))]
    i = g.occ[sq]
    if i >= 0:
        held = g.ball_of(i)
        if held >= 0:
            g.ball_pos[held] = -1
            g.ball_holder[held] = -1
            g.events.append(BallMoved(held, sq, -1, "removed", 0))
        g.to_dugout(i)
        g.events.append(Injured(g.pid[i], "new_ball"))
    old = g.loose_ball_at(sq)
    if old >= 0:
        g.ball_pos[old] = -1
        g.events.append(BallMoved(old, sq, -1, "removed", 0))
    b = len(g.ball_pos)
    g.ball_pos.append(sq)
    g.ball_holder.append(-1)
    set_kind(g, b)
    g.events.append(BallMoved(b, -1, sq, "new_ball", 0))
    bounce(g, b, sq)


def set_kind(g: BlitzState, b: int) -> None:
    """Ball ``b`` has just entered play: it is of the kind chosen for it
    (Blitz Bowl Balls, balls.py), else a standard ball."""
    while len(g.ball_kind) <= b:
        g.ball_kind.append("standard")
    g.ball_kind[b] = g.next_ball_kind or "standard"
    g.next_ball_kind = ""


def pick(g: BlitzState, n: int) -> int:
    """A uniform random index below ``n`` (n <= 100) from the match's dice:
    a D100, rolled again above the largest multiple of ``n``."""
    top = 100 - 100 % n
    while True:
        r = g.dice.d100()
        if r <= top:
            return (r - 1) % n
