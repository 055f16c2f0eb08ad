"""Hypothesis invariants over whole Dungeon Bowl games on generated
dungeons: at every decision the players are conserved (each in
exactly one place, on the board or in a dugout box), nobody stands on a wall
or a closed Chest, and there is one ball at most, found once — hidden in its
Chest until a player opens it, then on the board or held, never both.

CI plays ``DUNGEON_GAMES`` games (default 8), derandomized so a red run
replays; ``make dungeon-game-fuzz`` plays 10,000 (seeds drawn by hypothesis
from its fixed derandomized stream, with ``DUNGEON_GAMES_SEED`` added to
shift the stream for a deeper run of other games)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.core.dice import RandomDice
from engine.core.events import ChestOpened, GameEnd, TimeLimit, Touchdown
from engine.core.state import PITCH
from engine.dungeon.generate import generate
from engine.dungeon.layout import Dungeon
from engine.dungeon.pitch import F_WALL
from engine.variants.dungeon_bowl.colleges import colleges
from engine.variants.dungeon_bowl.match import new_match
from engine.variants.dungeon_bowl.simulate import college_team
from tests.engine.dungeon.test_flow_games import consistency

EXAMPLES = int(os.environ.get("DUNGEON_GAMES", "8"))
SHIFT = int(os.environ.get("DUNGEON_GAMES_SEED", "0"))
SLUGS = sorted(colleges())


@pytest.mark.slow
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**31 - 1),
    home=st.sampled_from(SLUGS),
    away=st.sampled_from(SLUGS),
    bots=st.sampled_from(["random", "scripted", "mixed"]),
    cap=st.integers(4, 20),
    play_off=st.booleans(),
)
def test_invariants_hold_at_every_decision(
    seed: int, home: str, away: str, bots: str, cap: int, play_off: bool
) -> None:
    seed += SHIFT
    note(f"{seed=} {home=} {away=} {bots=} {cap=} {play_off=}")
    m = new_match(
        college_team(home, 1),
        college_team(away, 101),
        Dungeon(generate(seed)),
        RandomDice(seed),
        turn_cap=cap,
    )
    m.state.extra_time = play_off  # a play-off needs a winner
    kinds = {"random": ("random", "random"), "scripted": ("scripted", "scripted")}
    pair = kinds.get(bots, ("scripted", "random"))
    players = (make_bot(pair[0], seed), make_bot(pair[1], seed + 1))
    g = m.state
    found = False
    decisions = 0
    while m.pending is not None:
        errs = consistency(g)
        assert not errs, errs
        # every player in exactly one place
        assert all(0 <= g.box[p] <= 4 for p in range(g.n))
        assert sum(1 for sq in g.board if sq >= 0) <= g.n
        assert all(
            g.pos[p] < 0 or not g.pitch.flags[g.pos[p]] & F_WALL for p in range(g.n)
        )
        d = g.dungeon
        assert d is not None
        in_play = g.ball >= 0 or g.carrier >= 0
        if in_play:
            found = True
        if found:
            # once found, the ball never goes back into a Chest
            assert d.ball_chest == -1
        elif d.ball_chest >= 0:
            assert d.ball_chest in g.pitch.chests  # still hidden, its Chest closed
        m.apply(players[0 if m.pending.team == "home" else 1].choose(m.pending, g))
        decisions += 1
        assert decisions < 100_000
    ev = m.events
    assert isinstance(ev[-1], GameEnd)
    tds = [e for e in ev if isinstance(e, Touchdown)]
    limits = [e for e in ev if isinstance(e, TimeLimit)]
    final = [e for e in limits if e.winner != "extra time"]
    assert len(tds) + len(final) == 1
    if play_off:
        assert m.result.winner in ("home", "away")
        # a 1-0, or 0-0 and the sudden death's winner
        assert sum(m.result.score) == (0 if m.result.extra["sudden_death"] else 1)
    else:
        assert final == limits  # no extra time outside a play-off
        assert m.result.extra["sudden_death"] is None
    assert (
        len([e for e in ev if isinstance(e, ChestOpened) and e.contents == "ball"]) <= 1
    )
    assert sum(m.result.score) <= 1
    assert sum(1 for p in range(g.n) if g.box[p] == PITCH) <= g.n
