"""``python -m engine.blitz.bench``: Blitz Bowl engine speed, as JSON.

    python -m engine.blitz.bench --games 20 --repeats 5 --seed 1

For each bot (random, scripted) the same seeded games (teams in turn from
the cards, as ``engine.blitz.simulate``) are played ``--repeats`` times;
each repeat gives games/s and decisions/s, reported as the median, the
lowest, the highest and the spread ((highest - lowest) / median).

A machine shared with other work is noisy, so a reference is measured in
the same run, interleaved with the repeats: a fixed pure-Python loop
(``--reference loop``, the default) or a BB2020 game by the random bots
(``--reference bb2020``, slower). ``games_per_1e6_reference`` is each bot's
median games/s over the reference's median rate, times a million: two runs
on different (or differently busy) machines compare better on it than on
games/s.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.blitz.data import teams
from engine.blitz.simulate import play
from engine.tools.bench import bench as bb_bench

BOT_NAMES = ("random", "scripted")
REFERENCE_LOOP_ITERATIONS = 200_000


def figures(values: list[float]) -> dict[str, float]:
    """Median, lowest, highest and spread of a measurement's repeats."""
    med = statistics.median(values)
    lo, hi = min(values), max(values)
    return {
        "median": round(med, 3),
        "min": round(lo, 3),
        "max": round(hi, 3),
        "spread": round((hi - lo) / med, 4) if med else 0.0,
    }


def reference_loop() -> float:
    """A fixed pure-Python workload (integer arithmetic, list and dict
    work, as an engine does): iterations per second."""
    n = REFERENCE_LOOP_ITERATIONS
    t0 = time.perf_counter()
    acc = 0
    cells = [0] * 187
    seen: dict[int, int] = {}
    for k in range(n):
        sq = (k * 31 + acc) % 187
        cells[sq] += 1
        acc = (acc + cells[sq] * 7) & 0xFFFF
        if k % 5 == 0:
            seen[sq] = seen.get(sq, 0) + 1
    dt = time.perf_counter() - t0
    return n / dt


def reference_bb2020() -> float:
    """One BB2020 game by the random bots: decisions per second."""

    out = bb_bench("bb2020", "random", 1, 1)
    rate = out["decisions_per_s"]
    assert isinstance(rate, int | float)
    return float(rate)


REFERENCES: dict[str, tuple[Callable[[], float], str]] = {
    "loop": (reference_loop, "pure-Python loop iterations/s"),
    "bb2020": (reference_bb2020, "BB2020 random-bot decisions/s"),
}


def one_repeat(bot: str, games: int, seed: int, side: str) -> tuple[float, int]:
    """Play ``games`` seeded games: (seconds, decisions)."""
    slugs = sorted(teams())
    decisions = 0
    t0 = time.perf_counter()
    for k in range(games):
        home = slugs[k % len(slugs)]
        away = slugs[(k * 7 + 3) % len(slugs)]
        _, n = play(home, away, seed + k, bot, side)
        decisions += n
    return time.perf_counter() - t0, decisions


def bench(
    games: int,
    repeats: int,
    seed: int,
    *,
    bots: tuple[str, ...] = BOT_NAMES,
    reference: str = "loop",
    side: str = "single",
) -> dict[str, Any]:
    ref_fn, ref_unit = REFERENCES[reference]
    ref_runs: list[float] = []
    runs: dict[str, list[tuple[float, int]]] = {b: [] for b in bots}
    for _ in range(repeats):
        ref_runs.append(ref_fn())
        for b in bots:
            runs[b].append(one_repeat(b, games, seed, side))
    ref = figures(ref_runs)
    out_bots: dict[str, Any] = {}
    for b in bots:
        gps = [games / dt for dt, _ in runs[b]]
        dps = [n / dt for dt, n in runs[b]]
        g_fig = figures(gps)
        out_bots[b] = {
            "games_per_s": g_fig,
            "decisions_per_s": figures(dps),
            # The same seeded games each repeat: the same decisions.
            "decisions_per_game": round(runs[b][0][1] / games, 1),
            "games_per_1e6_reference": round(g_fig["median"] / ref["median"] * 1e6, 3)
            if ref["median"]
            else 0.0,
        }
    return {
        "variant": "blitz_bowl",
        "games": games,
        "repeats": repeats,
        "seed": seed,
        "side": side,
        "python": platform.python_version(),
        "reference": {"name": reference, "unit": ref_unit, **ref},
        "bots": out_bots,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.blitz.bench")
    ap.add_argument("--games", type=int, default=20, help="games per repeat")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", choices=(*BOT_NAMES, "both"), default="both")
    ap.add_argument("--reference", choices=sorted(REFERENCES), default="loop")
    ap.add_argument("--side", choices=("single", "multiple"), default="single")
    a = ap.parse_args(argv)
    if a.games < 1 or a.repeats < 1:
        ap.error("--games and --repeats must be at least 1")
    bots = BOT_NAMES if a.bot == "both" else (a.bot,)
    out = bench(
        a.games, a.repeats, a.seed, bots=bots, reference=a.reference, side=a.side
    )
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
