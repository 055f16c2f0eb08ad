"""The predicted final table of a season: the rest of its league stage
simulated many times from each fixture's forecast. Pure: no
database.

Decision: only league points are simulated. Teams level on points in a
simulated season are ordered at random (the tiebreakers after points —
touchdown and casualty differences, head to head — depend on scores the
win/draw/loss chances do not give), and a format's bonus points (Dungeon
Bowl's point for three casualties) are left out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Chances:
    """A fixture still to play: the teams and the chances of a home win, a
    draw and an away win."""

    home: int
    away: int
    home_win: float
    draw: float
    away_win: float


@dataclass(frozen=True, slots=True)
class Predicted:
    """One team's line: points now, expected points at the end, its chance
    of finishing first and its expected place."""

    team_id: int
    points_now: int
    expected_points: float
    first: float
    expected_place: float


def predicted_table(
    points_now: Mapping[int, int],
    fixtures: Sequence[Chances],
    points: tuple[int, int, int],
    *,
    runs: int = 2000,
    seed: int = 0,
) -> list[Predicted]:
    """The table by expected points (then chance of first), from ``runs``
    seeded simulations of ``fixtures``."""
    rng = random.Random(seed)
    teams = list(points_now)
    win, draw, loss = points
    total = {t: 0.0 for t in teams}
    firsts = {t: 0 for t in teams}
    places = {t: 0 for t in teams}
    for _ in range(runs):
        got = dict(points_now)
        for f in fixtures:
            r = rng.random()
            if r < f.home_win:
                got[f.home] += win
                got[f.away] += loss
            elif r < f.home_win + f.draw:
                got[f.home] += draw
                got[f.away] += draw
            else:
                got[f.home] += loss
                got[f.away] += win
        order = sorted(teams, key=lambda t: (-got[t], rng.random()))
        firsts[order[0]] += 1
        for place, t in enumerate(order, start=1):
            places[t] += place
            total[t] += got[t]
    rows = [
        Predicted(
            team_id=t,
            points_now=points_now[t],
            expected_points=total[t] / runs,
            first=firsts[t] / runs,
            expected_place=places[t] / runs,
        )
        for t in teams
    ]
    rows.sort(key=lambda r: (-r.expected_points, -r.first, r.team_id))
    return rows


def naive_chances(
    home_tv: int, away_tv: int, draw: float, scale: float
) -> tuple[float, float, float]:
    """The naive forecast from team value alone: a draw with the chance
    ``draw``; otherwise the higher-valued team wins with the logistic chance
    of the TV difference over ``scale`` gold pieces.

    Decision: the naive forecast the engine's is measured against (from team
    value alone), with ``draw`` the share of draws among the matches it is
    measured on and ``scale`` 150,000 gp (:data:`NAIVE_SCALE`)."""
    from math import exp

    home = 1.0 / (1.0 + exp(-(home_tv - away_tv) / scale))
    return ((1 - draw) * home, draw, (1 - draw) * (1 - home))


NAIVE_SCALE = 150_000.0
