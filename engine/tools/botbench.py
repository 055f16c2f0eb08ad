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

``--against DIR`` times another version of the bot in the same run (see
:mod:`engine.tools.botref`; e.g. main's, from ``git archive``): each
repeat plays the seeded games with both bots, in alternating order, and
the output adds, per format, the reference's figures, the speed-ups
(median and spread of the per-repeat ratios of CPU and wall-clock
times), and the touchdowns and casualties per game of both with their
standard errors (over the games) and the ratios. For a bot that plays
differently the standard error is what tells "within 5%" apart from
chance: at 1,000 games the difference of the two means is known to
about 3-4%, so use 3,000 games or more (one repeat is enough for the
results).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot
from engine.bots.scripted import ScriptedBot
from engine.core.dice import RandomDice
from engine.match import Match
from engine.tools.botref import load_scripted_bot
from engine.tools.rulesets import pitch_rulesets, rulesets_type
from engine.tools.teams import default_team_sheet
from engine.variants import get_variant

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


BotFactory = Callable[[int], Bot]


def play_games(
    fmt: str, games: int, seed: int, make: BotFactory = ScriptedBot
) -> dict[str, Any]:
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
    td_sq = cas_sq = 0
    wall = bot_wall = play_cpu = replay_cpu = 0.0
    for i in range(games):
        s = seed + i
        home_sheet = sheets[ROSTERS[i % 8]]
        away_sheet = away_sheets[ROSTERS[(i * 3 + 1) % 8]]
        c0 = cpu()
        t0 = perf()
        m = Match(rs, home_sheet, away_sheet, RandomDice(s))
        home, away = make(s), make(s + 1000)
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
        td = r.score[0] + r.score[1]
        ca = len(r.casualties)
        tds += td
        cas += ca
        td_sq += td * td
        cas_sq += ca * ca
        digest.update(repr(chosen).encode())
    return {
        "ms": 1000.0 * wall / games,
        "cpu_ms": 1000.0 * play_cpu / games,
        "bot_ms": 1000.0 * bot_wall / games,
        "bot_cpu_ms": 1000.0 * (play_cpu - replay_cpu) / games,
        "decisions": decisions,
        "tds": tds,
        "cas": cas,
        "td_sq": td_sq,
        "cas_sq": cas_sq,
        "digest": digest.hexdigest()[:16],
    }


def _spread(xs: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(xs), 2),
        "min": round(min(xs), 2),
        "max": round(max(xs), 2),
    }


def _std_error(total: int, squares: int, n: int) -> float:
    """Standard error of the mean per game from the sum and the sum of
    squares of ``n`` per-game counts."""
    if n < 2:
        return 0.0
    mean = total / n
    var = max(squares - n * mean * mean, 0.0) / (n - 1)
    return math.sqrt(var / n)


def _summary(runs: list[dict[str, Any]], fmt: str, games: int) -> dict[str, Any]:
    first = runs[0]
    for r in runs[1:]:
        if r["digest"] != first["digest"]:
            raise RuntimeError(f"{fmt}: the same seeds gave different games")
    return {
        "ms_per_game": _spread([r["ms"] for r in runs]),
        "cpu_ms_per_game": _spread([r["cpu_ms"] for r in runs]),
        "bot_ms_per_game": _spread([r["bot_ms"] for r in runs]),
        "bot_cpu_ms_per_game": _spread([r["bot_cpu_ms"] for r in runs]),
        "decisions_per_game": round(first["decisions"] / games, 2),
        "touchdowns_per_game": round(first["tds"] / games, 4),
        "casualties_per_game": round(first["cas"] / games, 4),
        "touchdowns_se": round(_std_error(first["tds"], first["td_sq"], games), 4),
        "casualties_se": round(_std_error(first["cas"], first["cas_sq"], games), 4),
        "touchdowns": first["tds"],
        "casualties": first["cas"],
        "decisions_digest": first["digest"],
    }


def botbench(
    fmt: str,
    games: int,
    repeats: int,
    seed: int,
    reference: BotFactory | None = None,
) -> dict[str, Any]:
    """Figures of ``repeats`` passes; with a ``reference`` bot, each
    repeat plays both bots (alternating which goes first) and the output
    adds the reference's figures and the comparison."""
    runs: list[dict[str, Any]] = []
    refs: list[dict[str, Any]] = []
    for i in range(repeats):
        if reference is not None and i % 2 == 0:
            refs.append(play_games(fmt, games, seed, reference))
        runs.append(play_games(fmt, games, seed))
        if reference is not None and i % 2 == 1:
            refs.append(play_games(fmt, games, seed, reference))
    out: dict[str, Any] = {"games": games, "repeats": repeats, "seed": seed}
    out.update(_summary(runs, fmt, games))
    if reference is not None:
        ref = _summary(refs, fmt, games)
        out["reference"] = ref
        out["vs_reference"] = _versus(runs, refs, out, ref)
    return out


def _versus(
    runs: list[dict[str, Any]],
    refs: list[dict[str, Any]],
    cur: dict[str, Any],
    ref: dict[str, Any],
) -> dict[str, Any]:
    """Speed-ups per repeat (the reference's time over ours, both from
    the same repeat) and the results relative to the reference's."""
    res: dict[str, Any] = {}
    for k in ("cpu_ms", "bot_cpu_ms", "ms", "bot_ms"):
        res[f"speedup_{k}"] = _spread(
            [b[k] / max(a[k], 1e-9) for a, b in zip(runs, refs, strict=True)]
        )
    for what in ("touchdowns", "casualties"):
        mine = cur[f"{what}_per_game"]
        theirs = ref[f"{what}_per_game"]
        res[f"{what}_ratio"] = round(mine / theirs, 4) if theirs else None
        # standard error of the difference of the two means, relative to
        # the reference's mean
        se = (cur[f"{what}_se"] ** 2 + ref[f"{what}_se"] ** 2) ** 0.5
        res[f"{what}_ratio_se"] = round(se / theirs, 4) if theirs else None
    res["same_decisions"] = cur["decisions_digest"] == ref["decisions_digest"]
    return res


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


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine.tools.botbench")
    rulesets = pitch_rulesets()
    ap.add_argument(
        "--formats",
        default="sevens,bb2020",
        type=rulesets_type(rulesets, "engine.tools.botbench"),
        help="comma-separated: " + ", ".join(rulesets),
    )
    ap.add_argument("--games", type=int, default=100, help="games per format")
    ap.add_argument("--repeats", type=int, default=3, help="timed passes (3-5)")
    ap.add_argument("--seed", type=int, default=0, help="dice seed of game 0")
    ap.add_argument("--reference", help="JSON of an earlier run to compare with")
    ap.add_argument(
        "--against",
        metavar="DIR",
        help="another bot to time in the same run: a directory holding "
        "engine/bots (e.g. git archive main engine/bots | tar -x -C DIR)",
    )
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("argument --games: at least 1")
    other: BotFactory | None = None
    if a.against:
        other = load_scripted_bot(a.against)
    out: dict[str, Any] = {}
    for fmt in a.formats:
        out[fmt] = botbench(fmt, a.games, max(a.repeats, 1), a.seed, other)
    if a.reference:
        with open(a.reference) as f:
            ref = json.load(f)
        out = {"run": out, "vs_reference": compare(out, ref.get("run", ref))}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
