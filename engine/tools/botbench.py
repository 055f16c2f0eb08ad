"""``python -m engine.tools.botbench``: speed and results of the scripted
bot, scripted against scripted.

Plays ``--games`` seeded games per format (rosters in rotation over
several pairs, dice seed ``--seed + i``), ``--repeats`` times, and prints
JSON per format: milliseconds per game as the median and spread (min,
max) over the repeats: the whole match in wall-clock time (``ms``) and
in CPU time of this process (``cpu_ms``), and the bots' part of it,
wall-clock inside ``choose`` (``bot_ms``) and CPU (``bot_cpu_ms``: the
match's CPU time less that of replaying its decisions without bots);
then decisions per game, mean touchdowns and casualties per game (from
``m.result``) and a digest of every decision made.

The results (touchdowns, casualties, digest) are deterministic for fixed
seeds: the same digest means every game made the same decisions. Timing
is noisy on a shared machine: compare medians of several repeats (CPU
time suffers less from other processes than wall-clock time).
``--reference FILE`` (a JSON output of an earlier run) adds the ratios
of this run's figures to the reference's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from typing import Any

from engine.bots.scripted import ScriptedBot
from engine.dice import RandomDice
from engine.match import Match
from engine.tools.teams import default_team_sheet
from engine.variants import get_variant, variants

# Rosters paired in rotation: game i is ROSTERS[i % 8] against
# ROSTERS[(3 * i + 1) % 8] (as in the scripted bot's tests).
ROSTERS = (
    "orc",
    "human",
    "dwarf",
    "skaven",
    "wood-elf",
    "lizardmen",
    "chaos-chosen",
    "shambling-undead",
)


def play_games(fmt: str, games: int, seed: int) -> dict[str, Any]:
    """One pass over the seeded games of a format: times and results.

    Each game is played by two scripted bots, then its decisions are
    replayed on a fresh match without bots: the bots' CPU time is the
    difference of the two (the engine's work is the same in both)."""
    rs = get_variant(fmt)
    sheets = {r: default_team_sheet(r, rs, first_id=1) for r in ROSTERS}
    away_sheets = {r: default_team_sheet(r, rs, first_id=100) for r in ROSTERS}
    perf = time.perf_counter
    cpu = time.process_time
    digest = hashlib.sha256()
    tds = cas = decisions = 0
    wall = bot_wall = play_cpu = replay_cpu = 0.0
    for i in range(games):
        s = seed + i
        home_sheet = sheets[ROSTERS[i % 8]]
        away_sheet = away_sheets[ROSTERS[(i * 3 + 1) % 8]]
        c0 = cpu()
        t0 = perf()
        m = Match(rs, home_sheet, away_sheet, RandomDice(s))
        home, away = ScriptedBot(s), ScriptedBot(s + 1000)
        state = m.state
        apply = m.apply
        in_bot = 0.0
        while True:
            d = m.pending
            if d is None:
                break
            bot = home if d.team == "home" else away
            b0 = perf()
            o = bot.choose(d, state)
            in_bot += perf() - b0
            apply(o)
        wall += perf() - t0
        play_cpu += cpu() - c0
        bot_wall += in_bot
        chosen = m.decisions
        decisions += len(chosen)
        c0 = cpu()
        again = Match(rs, home_sheet, away_sheet, RandomDice(s))
        for o in chosen:
            again.apply(o)
        replay_cpu += cpu() - c0
        if again.pending is not None or again.result != m.result:
            raise RuntimeError(f"{fmt} game {i}: the replay differs")
        r = m.result
        tds += r.score[0] + r.score[1]
        cas += len(r.casualties)
        digest.update(repr(chosen).encode())
    return {
        "ms": 1000.0 * wall / games,
        "cpu_ms": 1000.0 * play_cpu / games,
        "bot_ms": 1000.0 * bot_wall / games,
        "bot_cpu_ms": 1000.0 * (play_cpu - replay_cpu) / games,
        "decisions": decisions,
        "tds": tds,
        "cas": cas,
        "digest": digest.hexdigest()[:16],
    }


def _spread(xs: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(xs), 2),
        "min": round(min(xs), 2),
        "max": round(max(xs), 2),
    }


def botbench(fmt: str, games: int, repeats: int, seed: int) -> dict[str, Any]:
    runs = [play_games(fmt, games, seed) for _ in range(repeats)]
    first = runs[0]
    for r in runs[1:]:
        if r["digest"] != first["digest"]:
            raise RuntimeError(f"{fmt}: the same seeds gave different games")
    return {
        "games": games,
        "repeats": repeats,
        "seed": seed,
        "ms_per_game": _spread([r["ms"] for r in runs]),
        "cpu_ms_per_game": _spread([r["cpu_ms"] for r in runs]),
        "bot_ms_per_game": _spread([r["bot_ms"] for r in runs]),
        "bot_cpu_ms_per_game": _spread([r["bot_cpu_ms"] for r in runs]),
        "decisions_per_game": round(first["decisions"] / games, 2),
        "touchdowns_per_game": round(first["tds"] / games, 4),
        "casualties_per_game": round(first["cas"] / games, 4),
        "touchdowns": first["tds"],
        "casualties": first["cas"],
        "decisions_digest": first["digest"],
    }


def compare(out: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    """Ratios of this run's figures to a reference run's (same formats and
    games; timings the reference has too): speed-ups of the medians, and
    touchdowns and casualties relative to the reference's."""
    res: dict[str, Any] = {}
    for fmt, cur in out.items():
        old = ref.get(fmt)
        if not isinstance(old, dict) or old.get("games") != cur["games"]:
            continue
        cmp: dict[str, Any] = {}
        for k in ("ms", "cpu_ms", "bot_ms", "bot_cpu_ms"):
            key = f"{k}_per_game"
            if key in old:
                cmp[f"speedup_{k}"] = round(old[key]["median"] / cur[key]["median"], 2)
        cmp["touchdowns_ratio"] = round(
            cur["touchdowns"] / max(old["touchdowns"], 1), 4
        )
        cmp["casualties_ratio"] = round(
            cur["casualties"] / max(old["casualties"], 1), 4
        )
        cmp["same_decisions"] = cur["decisions_digest"] == old["decisions_digest"]
        res[fmt] = cmp
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.tools.botbench")
    ap.add_argument(
        "--formats",
        default="sevens,bb2020",
        help="comma-separated: " + ", ".join(sorted(variants())),
    )
    ap.add_argument("--games", type=int, default=100, help="games per format")
    ap.add_argument("--repeats", type=int, default=3, help="timed passes (3-5)")
    ap.add_argument("--seed", type=int, default=0, help="dice seed of game 0")
    ap.add_argument("--reference", help="JSON of an earlier run to compare with")
    a = ap.parse_args(argv)
    out: dict[str, Any] = {}
    for fmt in a.formats.split(","):
        out[fmt] = botbench(fmt, a.games, max(a.repeats, 1), a.seed)
    if a.reference:
        with open(a.reference) as f:
            ref = json.load(f)
        out = {"run": out, "vs_reference": compare(out, ref.get("run", ref))}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
