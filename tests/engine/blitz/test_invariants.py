"""Invariants over seeded Blitz Bowl games played by random bots, checked
after every decision: every Player somewhere (one square each, or the
Dugout), never on a blocked square, every ball in play somewhere, and
points only from Touchdowns, claimed cards and Clean Sweeps, each of the 26
cards in one place, and each hand as its events tell it (claimed, played,
discarded at the hand limit).

``BLITZ_GAMES`` sets how many games (40 here, so `make test` stays quick;
the deeper run is ``make blitz-fuzz``, 10,000 games)."""

from __future__ import annotations

import os

import pytest

from engine.blitz.bots import RandomBot
from engine.blitz.data import teams
from engine.blitz.events import (
    BonusPlayed,
    CardClaimed,
    CleanSweep,
    HandDiscarded,
    Touchdown,
)
from engine.blitz.game import BlitzGame
from engine.blitz.state import BlitzState, BlitzTeamSheet

GAMES = int(os.environ.get("BLITZ_GAMES", "40"))
SLUGS = sorted(teams())


# The points and hands the event log gives, counted as the log grows (a
# check after every decision reads each event once): id(events) -> (the
# log, events read, points, hands).
_TALLIES: dict[int, tuple[list, int, list[int], tuple[list[int], list[int]]]] = {}


def _tally(s: BlitzState) -> tuple[list[int], tuple[list[int], list[int]]]:
    events = s.events
    got = _TALLIES.get(id(events))
    if got is not None and got[0] is events and got[1] <= len(events):
        start, points, hands = got[1], list(got[2]), (list(got[3][0]), list(got[3][1]))
    else:
        start, points, hands = 0, [0, 0], ([], [])
        if len(_TALLIES) >= 64:
            _TALLIES.clear()
    for e in events[start:]:
        side = 0 if getattr(e, "team", "") == "home" else 1
        if isinstance(e, Touchdown | CardClaimed | CleanSweep):
            points[side] += e.points
        if isinstance(e, CardClaimed):
            hands[side].append(e.card)
        elif isinstance(e, BonusPlayed | HandDiscarded):
            hands[side].remove(e.card)
    _TALLIES[id(events)] = (events, len(events), points, hands)
    return list(points), (list(hands[0]), list(hands[1]))


def check(s: BlitzState) -> None:
    seen = set()
    for i in range(s.n):
        p = s.pos[i]
        if p < 0:
            assert not s.prone[i]
            continue
        assert s.occ[p] == i
        assert p not in seen
        assert not s.board.blocked[p]
        seen.add(p)
    assert sum(1 for o in s.occ if o >= 0) == len(seen)
    loose = set()
    for b, p in enumerate(s.ball_pos):
        h = s.ball_holder[b]
        if p < 0:
            assert h < 0
            continue
        assert not s.board.blocked[p]
        if h >= 0:
            assert s.pos[h] == p
            assert not s.prone[h]
            assert s.throw[h] is not None
        else:
            assert p not in loose
            loose.add(p)
    held = [h for h in s.ball_holder if h >= 0]
    assert len(held) == len(set(held))
    points, hands = _tally(s)
    assert points == s.score
    assert hands == s.hands
    # The 26 Challenge Cards (the deck also holds Random Events, 101-112).
    places = [*s.deck, *(c for c in s.active_cards if c), *s.discards, *hands[0]]
    assert sorted(c for c in places + hands[1] if c <= 26) == list(range(1, 27))


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants(seed):
    home = SLUGS[seed % len(SLUGS)]
    away = SLUGS[(seed * 7 + 3) % len(SLUGS)]
    g = BlitzGame(
        BlitzTeamSheet("H", home),
        BlitzTeamSheet("A", away),
        seed=seed,
        side="multiple" if seed % 2 else "single",
    )
    bots = (RandomBot(seed), RandomBot(seed + 10_000))
    while not g.done:
        d = g.pending
        assert d is not None
        assert d.options
        g.apply(bots[0 if d.team == "home" else 1].choose(g, d))
        check(g.state)
    assert g.state.how in ("points", "sudden_death")
