"""Whole Dungeon Bowl games between random bots, on the named layout and on
generated dungeons: every game ends, and the state stays consistent at every
decision (players conserved, nobody on a wall, one ball at most).

Every other game starts as if the ball had been found (loose on a free
square), so that it moves about, bounces off walls and lands on Portals
(random bots rarely score: the touchdown itself is tested with scripted
dice in test_flow_game.py).
"""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.core.dice import RandomDice
from engine.core.events import GameEnd, Teleport, TimeLimit, Touchdown
from engine.core.state import PITCH, STANDING, GameState
from engine.dungeon.pitch import F_WALL
from engine.match import Match
from engine.variants.dungeon_bowl.colleges import colleges
from engine.variants.dungeon_bowl.match import new_match
from engine.variants.dungeon_bowl.portals import in_transit
from engine.variants.dungeon_bowl.simulate import (
    college_team,
    dungeon_for,
    main,
    simulate,
)

SEEDS = range(1, 16)


def consistency(g: GameState) -> list[str]:
    errs: list[str] = []
    moving = in_transit(g)
    flags = g.pitch.flags
    board = g.board
    # (the engine writes only -1 or a player into a square: count the rest)
    on_board = len(board) - board.count(-1)
    held = set()
    for p in range(g.n):
        sq = g.pos[p]
        if sq >= 0 and board[sq] == p:
            held.add(sq)
            if g.box[p] != PITCH:
                errs.append(f"square {sq} holds {p} at {sq} box {g.box[p]}")
            if flags[sq] & F_WALL:
                errs.append(f"player {p} in a wall at {sq}")
    if len(held) != on_board:
        strays = [sq for sq, p in enumerate(board) if p >= 0 and sq not in held]
        for sq in strays:
            p = board[sq]
            errs.append(f"square {sq} holds {p} at {g.pos[p]} box {g.box[p]}")
    for p in range(g.n):
        if g.box[p] == PITCH and p not in moving:
            if g.pos[p] < 0 or g.board[g.pos[p]] != p:
                errs.append(f"player {p} on the pitch without a square")
        elif g.box[p] != PITCH and g.pos[p] >= 0:
            errs.append(f"player {p} in box {g.box[p]} with a square")
    on_pitch = sum(1 for p in range(g.n) if g.box[p] == PITCH and p not in moving)
    if on_board != on_pitch:
        errs.append(f"{on_board} on the board, {on_pitch} on the pitch")
    if g.carrier >= 0:
        c = g.carrier
        if g.ball != -1 or g.status[c] != STANDING:
            errs.append(f"carrier {c} with a ball at {g.ball}, status {g.status[c]}")
    if g.ball >= 0 and flags[g.ball] & F_WALL:
        errs.append(f"the ball in a wall at {g.ball}")
    d = g.dungeon
    assert d is not None
    if (g.ball >= 0 or g.carrier >= 0) and d.ball_chest >= 0:
        errs.append("the ball is both found and in its Chest")
    return errs


def college_match(seed: int, layout: str = "generated", turn_cap: int = 12) -> Match:
    """Two Colleges (in rotation by ``seed``) in the dungeon of ``layout``
    for ``seed``, started, with dice seeded by ``seed``."""
    slugs = sorted(colleges())
    return new_match(
        college_team(slugs[seed % 8], 1),
        college_team(slugs[(seed * 3 + 1) % 8], 101),
        dungeon_for(layout, seed),
        RandomDice(seed),
        turn_cap=turn_cap,
    )


def play_checked(layout: str, seed: int, *, loose_ball: bool) -> Match:
    m = college_match(seed, layout)
    bots = (make_bot("random", seed), make_bot("random", seed + 1))
    g = m.state
    released = not loose_ball
    n = 0
    while m.pending is not None:
        d = m.pending
        if not released and d.kind == "activate":
            # As if the ball had been found: it lies loose on a free square.
            rnd = random.Random(seed)
            free = [
                sq
                for sq in range(g.pitch.size)
                if not g.pitch.flags[sq] & F_WALL and g.board[sq] < 0
            ]
            assert g.dungeon is not None
            g.dungeon.ball_chest = -1
            g.ball = rnd.choice(free)
            released = True
        errs = consistency(g)
        assert not errs, (layout, seed, n, errs)
        m.apply(bots[0 if d.team == "home" else 1].choose(d, g))
        n += 1
        assert n < 100_000
    assert not consistency(g)
    return m


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["crossroads", "generated"])
def test_random_bots_play_whole_games(layout: str) -> None:
    ends = touchdowns = time_limits = teleports = 0
    for seed in SEEDS:
        m = play_checked(layout, seed, loose_ball=seed % 2 == 1)
        assert m.done
        ev = m.events
        assert isinstance(ev[-1], GameEnd)
        ends += 1
        tds = [e for e in ev if isinstance(e, Touchdown)]
        limit = [e for e in ev if isinstance(e, TimeLimit)]
        assert len(tds) + len(limit) == 1  # one way or the other
        touchdowns += len(tds)
        time_limits += len(limit)
        teleports += sum(1 for e in ev if isinstance(e, Teleport))
        r = m.result
        if tds:
            assert sorted(r.score) == [0, 1]
            assert r.winner == tds[0].team
        g = m.state
        players = sum(1 for p in range(g.n) if 0 <= g.box[p] <= 4)
        assert players == g.n
    assert ends == len(SEEDS)
    assert time_limits >= 1
    assert teleports > 0


def test_the_simulation_cli_prints_a_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = simulate(4, 7, "crossroads")
    assert out["games"] == 4
    assert out["errors"] == 0
    assert out["home_wins"] + out["away_wins"] + out["draws"] == 4
    assert main(["--games", "2", "--seed", "3", "--layout", "generated"]) == 0
    assert '"games": 2' in capsys.readouterr().out


def test_the_consistency_check_finds_a_stray_square_and_a_player_in_a_wall() -> None:
    m = college_match(3, turn_cap=4)
    g = m.state
    while m.pending is not None and m.pending.kind != "activate":
        m.apply(make_bot("random", 3).choose(m.pending, g))
    assert consistency(g) == []
    p = next(q for q in range(g.n) if g.box[q] == PITCH)
    wall = next(sq for sq in range(g.pitch.size) if g.pitch.flags[sq] & F_WALL)
    g.board[wall] = p  # a square that says it holds p, who stands elsewhere
    assert consistency(g) == [
        f"square {wall} holds {p} at {g.pos[p]} box {PITCH}",
        f"{sum(1 for q in range(g.n) if g.box[q] == PITCH) + 1} on the board, "
        f"{sum(1 for q in range(g.n) if g.box[q] == PITCH)} on the pitch",
    ]
    g.board[wall] = -1
    g.board[g.pos[p]] = -1
    g.pos[p] = wall
    g.board[wall] = p
    assert f"player {p} in a wall at {wall}" in consistency(g)
