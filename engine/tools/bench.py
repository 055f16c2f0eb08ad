"""``python -m engine.tools.bench``: engine speed with bot-vs-bot games."""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.match import Match
from engine.tools.rulesets import pitch_rulesets, ruleset_type
from engine.tools.teams import default_team_sheet
from engine.variants import get_variant


def bench(
    ruleset: str,
    bot: str,
    games: int,
    seed: int,
    home: str = "human",
    away: str = "orc",
) -> dict[str, object]:
    """Play ``games`` games and measure throughput, clone time and memory."""
    rs = get_variant(ruleset)
    hs = default_team_sheet(home, rs, first_id=1)
    aw = default_team_sheet(away, rs, first_id=101)
    decisions = events = 0
    t0 = time.perf_counter()
    clone_probe: Match | None = None
    for i in range(games):
        m = Match(rs, hs, aw, RandomDice(seed + i))
        decisions += play(m, make_bot(bot, seed + i), make_bot(bot, seed + i + 7919))
        events += len(m.events)
    elapsed = time.perf_counter() - t0
    # clone cost, measured mid-game
    m = Match(rs, hs, aw, RandomDice(seed))
    b1, b2 = make_bot(bot, seed), make_bot(bot, seed + 1)
    for _ in range(300):
        d = m.pending
        if d is None:
            break
        m.apply((b1 if d.team == "home" else b2).choose(d, m.state))
    clone_probe = m
    reps = 2000
    t1 = time.perf_counter()
    for _ in range(reps):
        clone_probe.clone()
    clone_us = (time.perf_counter() - t1) / reps * 1e6
    # the first clone after a roll also snapshots the dice generator
    dice = clone_probe.state.dice
    t1 = time.perf_counter()
    for _ in range(reps):
        if hasattr(dice, "_snap"):
            dice._snap = None
        clone_probe.clone()
    clone_fresh_us = (time.perf_counter() - t1) / reps * 1e6
    tracemalloc.start()
    m = Match(rs, hs, aw, RandomDice(seed))
    play(m, make_bot(bot, seed), make_bot(bot, seed + 1))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "ruleset": ruleset,
        "bot": bot,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 2),
        "decisions_per_game": round(decisions / games, 1),
        "decisions_per_s": round(decisions / elapsed),
        "events_per_game": round(events / games, 1),
        "clone_us": round(clone_us, 2),
        "clone_fresh_us": round(clone_fresh_us, 2),
        "peak_memory_kib_one_game": round(peak / 1024, 1),
    }


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m engine.tools.bench",
        epilog="a team-card format (blitz-bowl) has its own game and its own "
        "bench: python -m engine.blitz.bench",
    )
    rulesets = pitch_rulesets()
    ap.add_argument(
        "--ruleset",
        default="bb2020",
        choices=rulesets,
        type=ruleset_type(rulesets, "engine.bench"),
    )
    ap.add_argument("--bot", default="random", choices=["random", "scripted"])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("argument --games: at least 1")
    out = bench(a.ruleset, a.bot, a.games, a.seed)
    if a.json:
        json.dump(out, sys.stdout)
        sys.stdout.write("\n")
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
