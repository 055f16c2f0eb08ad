"""The scripted bot's dice-free reach on bitmasks (``safe_bits``) against a
plain breadth-first search over the board's own neighbours, on positions of
seeded games of each board kind: Blood Bowl and Sevens pitches (open boards,
where a step is the shift of a bitmask) and a dungeon (walls: a step follows
the board's neighbours, never into a wall nor diagonally between two)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.bots import make_bot
from engine.bots.context import RUN_P, Ctx
from engine.bots.pathing import Zones, blocked_mask, grid, moves_budget, safe_bits
from engine.core.state import PITCH, GameState
from engine.match import Match
from tests.engine.dungeon.test_flow_games import college_match
from tests.engine.test_scripted_bot import _match


def reference_reach(g: GameState, p: int, zones: Zones, ball: int) -> dict[int, int]:
    """Square -> steps: no Dodge (a Marked square ends the way), no Rush,
    never onto a player, the loose ball or an open trapdoor."""
    sq0 = g.pos[p]
    free, _ = moves_budget(g, p)
    steps = {sq0: 0}
    if free <= 0 or zones.tz[sq0]:
        return steps
    blocked = set(s for s in g.pos if s >= 0)
    if ball >= 0:
        blocked.add(ball)
    if g.effects.get("treacherous_trapdoor_half"):
        blocked |= set(g.pitch.trapdoors)
    frontier = [sq0]
    for k in range(1, free + 1):
        nxt = []
        for s in frontier:
            for n in g.pitch.neighbours[s]:
                if n in steps or n in blocked:
                    continue
                steps[n] = k
                if not zones.tz[n]:
                    nxt.append(n)
        frontier = nxt
    return steps


def positions(m: Match, every: int = 40) -> Iterator[GameState]:
    """Every ``every``-th decision's state of a scripted game."""
    bots = (make_bot("scripted", 1), make_bot("scripted", 2))
    n = 0
    while m.pending is not None:
        d = m.pending
        if n % every == 0:
            yield m.state
        m.apply(bots[d.team == "away"].choose(d, m.state))
        n += 1


GAMES = {
    "bb2020": lambda seed: _match(seed, "bb2020"),
    "sevens": lambda seed: _match(seed, "sevens"),
    "dungeon": lambda seed: college_match(seed),
}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_safe_bits_finds_what_a_breadth_first_search_finds(kind: str) -> None:
    checked = 0
    for seed in (3, 4):
        for g in positions(GAMES[kind](seed)):
            ball = g.ball if g.carrier < 0 and not g.ball_air else -1
            blocked = blocked_mask(g, ball)
            for p in range(g.n):
                if g.box[p] != PITCH or g.pos[p] < 0:
                    continue
                zones = Zones(g, 1 - g.team[p])
                want = reference_reach(g, p, zones, ball)
                got = safe_bits(g, p, zones, blocked)
                assert {s: got.steps(s) for s in got.squares()} == want
                for sq, k in want.items():
                    path = got.path(sq)
                    assert len(path) == k
                    way = [g.pos[p], *path]
                    for a, b in zip(way, way[1:], strict=False):
                        assert b in g.pitch.neighbours[a]
                    assert not any(zones.tz[s] for s in way[:-1])
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_a_receivers_run_search_keeps_the_full_searchs_likely_squares(fmt: str) -> None:
    """The "run" search (carrier.best_run reads only squares at least RUN_P
    likely) drops paths below RUN_P: every square at least RUN_P likely
    has the chance the "full" search gives it, and no other square does."""
    checked = dropped = 0
    for seed in (3, 4):
        for g in positions(_match(seed, fmt), every=25):
            ctxs = (Ctx(g, 0), Ctx(g, 1))
            for p in range(g.n):
                if g.box[p] != PITCH or g.pos[p] < 0:
                    continue
                c = ctxs[g.team[p]]
                full = c.reach(p, "full")
                run = c.reach(p, "run")
                want = {s: pr for s, pr in full.prob.items() if pr >= RUN_P}
                got = {s: pr for s, pr in run.prob.items() if pr >= RUN_P}
                assert got == want
                assert set(run.prob) <= set(full.prob)
                dropped += len(full.prob) - len(run.prob)
                checked += 1
    assert checked > 100
    assert dropped > 0  # the cut-off saves work


def test_a_blood_bowl_pitch_is_open_and_a_dungeon_is_not() -> None:
    assert grid(_match(0, "bb2020").state.pitch).open
    assert grid(_match(0, "sevens").state.pitch).open
    assert not grid(college_match(0).state.pitch).open


def test_a_dungeon_step_follows_its_neighbours() -> None:
    pitch = college_match(5).state.pitch
    gr = grid(pitch)
    floor = [s for s in range(pitch.size) if pitch.neighbours[s]]
    rnd = random.Random(5)
    for _ in range(200):
        squares = rnd.sample(floor, rnd.randint(1, 6))
        m = sum(1 << s for s in squares)
        want = m
        for s in squares:
            for n in pitch.neighbours[s]:
                want |= 1 << n
        assert gr.dilate(m) == want
