"""Play Blitz Bowl games with the bots, from the command line.

    python -m engine.blitz.simulate --home human --away orc --seed 7 --json
    python -m engine.blitz.simulate --games 1000 --bot scripted --json   # bench

One game prints its result (points, how it ended, touchdowns and cards
claimed by each team, turns, decisions). ``--games N`` plays N seeded games
(seeds from ``--seed``; teams in turn from the 23 cards unless given) and
prints throughput (games/s, decisions/s) and the means per game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.blitz.bots import Bot, RandomBot
from engine.blitz.data import teams
from engine.blitz.events import ArenaRolled, CardClaimed, RandomEventDrawn, Touchdown
from engine.blitz.game import BlitzGame
from engine.blitz.scripted import ScriptedBot
from engine.blitz.state import BlitzTeamSheet

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "scripted": ScriptedBot}


def play(
    home: str, away: str, seed: int, bot: str, side: str, **options: Any
) -> tuple[BlitzGame, int]:
    """``options``: BlitzGame's random_events, arena, special_balls."""
    g = BlitzGame(
        BlitzTeamSheet(home, home),
        BlitzTeamSheet(away, away),
        seed=seed,
        side=side,
        **options,
    )
    bots = (BOTS[bot](seed), BOTS[bot](seed + 1_000_003))
    n = 0
    while not g.done:
        d = g.pending
        assert d is not None
        g.apply(bots[0 if d.team == "home" else 1].choose(g, d))
        n += 1
    return g, n


def summary(g: BlitzGame, decisions: int) -> dict[str, Any]:
    s = g.state
    td = {"home": 0, "away": 0}
    claimed: dict[str, list[str]] = {"home": [], "away": []}
    drawn: list[str] = []
    arena = None
    for e in g.events:
        if isinstance(e, Touchdown):
            td[e.team] += 1
        elif isinstance(e, CardClaimed):
            claimed[e.team].append(e.challenge)
        elif isinstance(e, RandomEventDrawn):
            drawn.append(e.kind)
        elif isinstance(e, ArenaRolled):
            arena = e.slug
    return {
        "home": s.sheets[0].card,
        "away": s.sheets[1].card,
        "points": {"home": s.score[0], "away": s.score[1]},
        "winner": s.winner or None,
        "how": s.how,
        "touchdowns": td,
        "cards_claimed": claimed,
        "random_events": drawn,
        "arena": arena,
        "turns": sum(s.turns),
        "decisions": decisions,
        "events": len(g.events),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.blitz.simulate")
    p.add_argument("--home", choices=sorted(teams()))
    p.add_argument("--away", choices=sorted(teams()))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", choices=sorted(BOTS), default="scripted")
    p.add_argument("--side", choices=("single", "multiple"), default="single")
    p.add_argument("--games", type=int, default=0, help="bench: play N games")
    p.add_argument("--json", action="store_true")
    p.add_argument("--arena", default="", help="'roll' or 1-8 (default: none)")
    p.add_argument("--special-balls", action="store_true")
    p.add_argument("--no-random-events", action="store_true")
    a = p.parse_args(argv)
    options: dict[str, Any] = {
        "arena": (a.arena if a.arena == "roll" else int(a.arena)) if a.arena else None,
        "special_balls": a.special_balls,
        "random_events": not a.no_random_events,
    }
    slugs = sorted(teams())
    if not a.games:
        g, n = play(
            a.home or "human", a.away or "orc", a.seed, a.bot, a.side, **options
        )
        out = summary(g, n)
        print(json.dumps(out) if a.json else _text(out))
        return 0
    points, tds, cards_, decisions = [], [], [], 0
    t0 = time.perf_counter()
    for k in range(a.games):
        seed = a.seed + k
        home = a.home or slugs[k % len(slugs)]
        away = a.away or slugs[(k * 7 + 3) % len(slugs)]
        g, n = play(home, away, seed, a.bot, a.side, **options)
        out = summary(g, n)
        decisions += n
        points.append(out["points"]["home"] + out["points"]["away"])
        tds.append(sum(out["touchdowns"].values()))
        cards_.append(sum(len(v) for v in out["cards_claimed"].values()))
        if sys.stderr.isatty():
            print(f"\r{k + 1}/{a.games}", end="", file=sys.stderr)
    dt = time.perf_counter() - t0
    res = {
        "bot": a.bot,
        "games": a.games,
        "seconds": round(dt, 3),
        "games_per_second": round(a.games / dt, 2),
        "decisions_per_second": round(decisions / dt),
        "mean_points": round(statistics.mean(points), 3),
        "mean_touchdowns": round(statistics.mean(tds), 3),
        "mean_cards_claimed": round(statistics.mean(cards_), 3),
    }
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(json.dumps(res) if a.json else "\n".join(f"{k}: {v}" for k, v in res.items()))
    return 0


def _text(out: dict[str, Any]) -> str:
    p, td = out["points"], out["touchdowns"]
    lines = [
        f"{out['home']} {p['home']} - {p['away']} {out['away']} ({out['how']})",
        f"touchdowns: {td['home']} - {td['away']}",
        f"cards: home {', '.join(out['cards_claimed']['home']) or '-'}; "
        f"away {', '.join(out['cards_claimed']['away']) or '-'}",
        f"{out['turns']} turns, {out['decisions']} decisions, {out['events']} events",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
