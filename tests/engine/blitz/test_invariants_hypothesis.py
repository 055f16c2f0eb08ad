"""Hypothesis invariants over whole Blitz Bowl games: seeds, teams, board
side, the game's options (advanced rules with the Random Events, an arena,
the special balls, who holds Rookies to Watch) and the bots are drawn; the invariants are checked after every decision.

Derandomized (the same examples on every run, so CI is stable); few
examples by default, more with ``BLITZ_HYPOTHESIS_EXAMPLES=500``. A whole
game is slow to shrink (minutes), so a failing example is reported as drawn
unless ``BLITZ_HYPOTHESIS_SHRINK=1``.

Invariants:
- every ball is somewhere: out of play, carried by a standing Player on
  the pitch who may hold it, or loose on an unblocked square with no Player
  on it, but for a ball in the air: one that has left a Player's hands and
  waits on a decision before it flies or bounces (the Safe Hands choice, or
  a failed Throw Check's re-roll: Expert Passer, Rookies to Watch);
- Players are conserved: each on one square (the occupancy agrees) or in
  the Dugout, none on a blocked square, as many as the two team cards;
- points come only from the sources in ``POINT_SOURCES`` (Touchdowns 4,
  claimed cards their printed points, Clean Sweeps 2, and the lasting
  bonuses of ``BONUSES``: Generous Coaches +1 on each later Touchdown and
  claimed card), each priced from the rules, not from the event;
- Rookies to Watch is used at most once, by its holder, and never comes
  back.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from engine.blitz.actions import SafeHands, Throw
from engine.blitz.bots import RandomBot
from engine.blitz.data import cards, teams
from engine.blitz.events import (
    CardClaimed,
    CleanSweep,
    RandomEventDrawn,
    RookiesReroll,
    Touchdown,
)
from engine.blitz.game import BlitzGame
from engine.blitz.scripted import ScriptedBot
from engine.blitz.state import (
    CLEAN_SWEEP_POINTS,
    TEAM_NAMES,
    TOUCHDOWN_POINTS,
    BlitzState,
    BlitzTeamSheet,
)

EXAMPLES = int(os.environ.get("BLITZ_HYPOTHESIS_EXAMPLES", "6"))
PHASES = (
    tuple(Phase)
    if os.environ.get("BLITZ_HYPOTHESIS_SHRINK") == "1"
    else (Phase.explicit, Phase.generate)
)
SLUGS = sorted(teams())


def _card_points(e: CardClaimed, bonus: int) -> int:
    return cards().deck[e.card - 1].challenge.points + bonus


# Every event that scores, and what one such event is worth by the rules,
# given the lasting bonus in play when it happened. The hook for later
# point sources: a Bonus Play that scores adds its event class here (e.g.
# ``SomeBonusPlay: lambda e, bonus: 1``); a lasting effect that adds to
# Touchdowns and claimed cards adds its Random Event slug to ``BONUSES``.
# An event that scores but is not priced here makes the points check fail.
POINT_SOURCES: dict[type, Callable[[Any, int], int]] = {
    Touchdown: lambda e, bonus: TOUCHDOWN_POINTS + bonus,
    CardClaimed: _card_points,
    CleanSweep: lambda e, bonus: CLEAN_SWEEP_POINTS,
}
# Random Events whose effect lasts the game and adds to every later
# Touchdown and claimed Challenge Card (cards.md "Generous
# Coaches": +1 point).
BONUSES: dict[str, int] = {"generous_coaches": 1}


def squad_size(card: str) -> int:
    return sum(p.count for p in teams()[card].positions)


def in_the_air(s: BlitzState) -> set[int]:
    """Balls a procedure on the stack holds while a decision waits: a
    Safe Hands bounce, a Throw whose check may be re-rolled."""
    out = set()
    for proc in s.stack:
        if isinstance(proc, SafeHands):
            out.add(proc.ball)
        elif isinstance(proc, Throw) and proc.target >= 0:
            out.add(proc.ball)
    return out


def check(s: BlitzState, holder: int) -> None:
    # Players conserved, one to a square, never on a blocked square.
    assert s.n == squad_size(s.sheets[0].card) + squad_size(s.sheets[1].card)
    on_pitch = [i for i in range(s.n) if s.pos[i] >= 0]
    assert len({s.pos[i] for i in on_pitch}) == len(on_pitch)
    for i in range(s.n):
        if s.pos[i] < 0:
            assert not s.prone[i]  # a Dugout Player is no one's Prone
            continue
        assert s.occ[s.pos[i]] == i
        assert not s.board.blocked[s.pos[i]]
    assert sum(1 for o in s.occ if o >= 0) == len(on_pitch)
    # Every ball somewhere.
    assert len(s.ball_pos) == len(s.ball_holder)
    waiting = in_the_air(s)
    loose: set[int] = set()
    for b, p in enumerate(s.ball_pos):
        h = s.ball_holder[b]
        if p < 0:
            assert h < 0  # out of play
            continue
        assert not s.board.blocked[p]
        if h >= 0:
            assert s.pos[h] == p
            assert s.standing(h)
            assert s.throw[h] is not None
            continue
        assert p not in loose
        loose.add(p)
        if b not in waiting:
            assert s.occ[p] < 0, ("loose ball under a Player", b, p)
    held = [h for h in s.ball_holder if h >= 0]
    assert len(held) == len(set(held))
    # Points only from the known sources, at their rules' worth.
    points = [0, 0]
    bonus = 0
    lasting: set[str] = set()
    for e in s.events:
        if isinstance(e, RandomEventDrawn) and e.kind in BONUSES:
            if e.kind not in lasting:
                lasting.add(e.kind)
                bonus += BONUSES[e.kind]
        price = POINT_SOURCES.get(type(e))
        if price is not None:
            assert e.points == price(e, bonus)
            points[TEAM_NAMES.index(e.team)] += price(e, bonus)
    assert points == s.score
    # Rookies to Watch: once at most, by its holder, then gone.
    used = [e for e in s.events if isinstance(e, RookiesReroll)]
    assert len(used) <= 1
    if used:
        assert used[0].team == TEAM_NAMES[holder]
        assert s.rookies == -1
    else:
        assert s.rookies == holder


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    home=st.sampled_from(SLUGS),
    away=st.sampled_from(SLUGS),
    side=st.sampled_from(["single", "multiple"]),
    rookies=st.sampled_from([None, "home", "away"]),
    advanced=st.booleans(),
    arena=st.sampled_from([None, "roll"]),
    special_balls=st.booleans(),
    bots=st.sampled_from(["random", "scripted", "mixed"]),
)
def test_invariants_hold_after_every_decision(
    seed: int,
    home: str,
    away: str,
    side: str,
    rookies: str | None,
    advanced: bool,
    arena: str | None,
    special_balls: bool,
    bots: str,
) -> None:
    note(
        f"{seed=} {home=} {away=} {side=} {rookies=} {advanced=} {arena=} "
        f"{special_balls=} {bots=}"
    )
    g = BlitzGame(
        BlitzTeamSheet("H", home),
        BlitzTeamSheet("A", away),
        seed=seed,
        side=side,
        advanced=advanced,
        arena=arena,
        special_balls=special_balls,
        rookies_to_watch=rookies,
    )
    holder = -1 if rookies is None else TEAM_NAMES.index(rookies)
    players: tuple[Any, Any] = {
        "random": (RandomBot(seed), RandomBot(seed + 1)),
        "scripted": (ScriptedBot(seed), ScriptedBot(seed + 1)),
        "mixed": (ScriptedBot(seed), RandomBot(seed + 1)),
    }[bots]
    check(g.state, holder)
    steps = 0
    while not g.done:
        d = g.pending
        assert d is not None
        assert d.options
        assert d.team in TEAM_NAMES
        g.apply(players[TEAM_NAMES.index(d.team)].choose(g, d))
        check(g.state, holder)
        steps += 1
        assert steps < 50_000  # every game ends
    assert g.state.how in ("points", "sudden_death")
