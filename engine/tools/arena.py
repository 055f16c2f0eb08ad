"""``python -m engine.tools.arena`` (``make arena``): bot A against bot B.

Plays ``--games`` seeded games per format over roster pairs that cycle
through every roster of the format; each pair is played twice on the same
dice seed with the bots' sides swapped (A at home with the first roster,
then B at home with it, A away with the second). Prints JSON per format:
A's wins, draws and losses, the win share of the decisive games with its
95 % Wilson score interval, per-game means (touchdowns, casualties, pass
attempts, completions, hand-offs, fouls per team of each bot; team turns
used; how the games ended) and, per roster, A's team means.

Every figure is counted from the engine's typed events, not from what a
bot thinks it did:

- a pass attempt is a ``Pass`` event (a fumble too); a completion an
  accurate ``Pass`` whose ball is next caught (``BallCaught`` "catch") on
  its target square by a team-mate of the thrower (rulebook "Completions");
- hand-offs, fouls and touchdowns: ``HandOff``, ``Foul``, ``Touchdown``;
- casualties: ``Casualty`` events, credited to the team that did not
  suffer them;
- turns used: ``TurnStart`` events;
- the end: ``conceded``, ``time_limit`` (Dungeon Bowl's clock),
  ``sudden_death``, ``extra_time``, else ``touchdown`` when no team turn
  started after the last touchdown in a format without halves (Dungeon
  Bowl's first touchdown), else ``full_time``.

Bot B is ``--bot-b`` (random or scripted) or, with ``--against DIR``, the
scripted bot of another checkout (:mod:`engine.tools.botref`). Progress on
stderr, JSON on stdout. ``--workers`` plays games in that many processes;
the figures do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import make_bot
from engine.bots.base import Bot
from engine.core.dice import RandomDice
from engine.core.events import (
    BallCaught,
    Casualty,
    Concede,
    ExtraTime,
    Foul,
    HandOff,
    Interference,
    Pass,
    SuddenDeath,
    TimeLimit,
    Touchdown,
    TurnStart,
)
from engine.core.model import TeamSheet
from engine.match import Match
from engine.tools.botref import load_scripted_bot
from engine.tools.rulesets import pitch_rulesets, rulesets_type
from engine.tools.teams import default_team_sheet, own_rosters, tool_rules_data
from engine.variants import get_variant, match_variant

BotFactory = Callable[[int], Bot]
COUNTS = ("touchdowns", "casualties", "passes", "completions", "hand_offs", "fouls")
AWAY_FIRST_ID = 100


@dataclass
class Tally:
    """What one team did in one game."""

    touchdowns: int = 0
    casualties: int = 0
    passes: int = 0
    completions: int = 0
    hand_offs: int = 0
    fouls: int = 0


@dataclass
class GameFigures:
    """One game counted from its events: per team (0 home, 1 away)."""

    teams: tuple[Tally, Tally]
    turns: int
    end: str


def count_events(
    events: Iterable[object], away_ids: frozenset[int], has_halves: bool = True
) -> GameFigures:
    """The figures of a game from its events (``away_ids``: the away
    team's player ids; every other player is the home team's)."""
    teams = (Tally(), Tally())
    turns = 0
    thrown: Pass | None = None  # the last pass, until its ball lands
    ends: set[str] = set()
    td_since_turn = False

    def side(pid: int) -> int:
        return 1 if pid in away_ids else 0

    for e in events:
        if isinstance(e, TurnStart):
            turns += 1
            td_since_turn = False
        elif isinstance(e, Pass):
            teams[side(e.player)].passes += 1
            thrown = e if e.result == "accurate" else None
        elif isinstance(e, BallCaught):
            if (
                thrown is not None
                and e.how == "catch"
                and e.square == thrown.target
                and side(e.player) == side(thrown.player)
            ):
                teams[side(thrown.player)].completions += 1
            thrown = None
        elif isinstance(e, Interference):
            thrown = None
        elif isinstance(e, HandOff):
            teams[side(e.player)].hand_offs += 1
        elif isinstance(e, Foul):
            teams[side(e.player)].fouls += 1
        elif isinstance(e, Touchdown):
            teams[0 if e.team == "home" else 1].touchdowns += 1
            td_since_turn = True
        elif isinstance(e, Casualty):
            teams[1 - side(e.player)].casualties += 1
        elif isinstance(e, Concede):
            ends.add("conceded")
        elif isinstance(e, TimeLimit):
            ends.add("time_limit")
        elif isinstance(e, SuddenDeath):
            ends.add("sudden_death")
        elif isinstance(e, ExtraTime):
            ends.add("extra_time")
    for reason in ("conceded", "time_limit", "sudden_death", "extra_time"):
        if reason in ends:
            return GameFigures(teams, turns, reason)
    end = "touchdown" if td_since_turn and not has_halves else "full_time"
    return GameFigures(teams, turns, end)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95 %
    for the default ``z``); (0, 1) when ``n`` is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def roster_pair(k: int, rosters: Sequence[str]) -> tuple[str, str]:
    """The ``k``-th roster pair: every roster in turn against the one
    ``1 + k // n`` places after it (cycling through the offsets 1..n-1), so
    the first ``n`` pairs use every roster twice and later rounds meet new
    opponents."""
    n = len(rosters)
    offset = 1 + (k // n) % (n - 1) if n > 1 else 0
    return rosters[k % n], rosters[(k + offset) % n]


@dataclass
class Setup:
    """What a worker needs to play games of one format."""

    fmt: str
    seed: int
    bot_a: str
    bot_b: str
    against: str | None = None
    rosters: tuple[str, ...] = ()
    own_teams: bool = False  # the format's own rosters (Dungeon Bowl's Colleges)
    _sheets: dict[tuple[str, int], TeamSheet] = field(default_factory=dict)

    def sheet(self, roster: str, first_id: int) -> TeamSheet:
        key = (roster, first_id)
        if key not in self._sheets:
            self._sheets[key] = default_team_sheet(
                roster, self.fmt, first_id=first_id, own=self.own_teams
            )
        return self._sheets[key]

    def factory(self, which: str) -> BotFactory:
        if which == "b" and self.against:
            ref: BotFactory = load_scripted_bot(self.against)
            return ref
        name = self.bot_a if which == "a" else self.bot_b
        return lambda s: make_bot(name, s)


def play_game(setup: Setup, i: int) -> dict[str, Any]:
    """Game ``i``: pair ``i // 2``; A at home in even games, away in odd
    ones; the pair's two games share the dice seed (and the board, in a
    format with one board per match)."""
    k = i // 2
    home_roster, away_roster = roster_pair(k, setup.rosters)
    s = setup.seed + k
    a_home = i % 2 == 0
    a = setup.factory("a")(s)
    b = setup.factory("b")(s + 1000)
    home_sheet = setup.sheet(home_roster, 1)
    away_sheet = setup.sheet(away_roster, AWAY_FIRST_ID)
    pitch = match_variant(setup.fmt).match_pitch(s)  # a dungeon per pair
    m = Match(setup.fmt, home_sheet, away_sheet, RandomDice(s), pitch=pitch)
    home, away = (a, b) if a_home else (b, a)
    state = m.state
    while (d := m.pending) is not None:
        m.apply((home if d.team == "home" else away).choose(d, state))
    away_ids = frozenset(p.id for p in away_sheet.players)
    fig = count_events(m.events, away_ids, m.variant.has_halves)
    winner = m.result.winner
    a_side = "home" if a_home else "away"
    outcome = "draw" if winner is None else ("win" if winner == a_side else "loss")
    ia = 0 if a_home else 1
    return {
        "game": i,
        "a_roster": home_roster if a_home else away_roster,
        "b_roster": away_roster if a_home else home_roster,
        "a": fig.teams[ia].__dict__,
        "b": fig.teams[1 - ia].__dict__,
        "turns": fig.turns,
        "end": fig.end,
        "outcome": outcome,
    }


def _means(rows: list[dict[str, int]]) -> dict[str, float]:
    n = max(len(rows), 1)
    return {c: round(sum(r[c] for r in rows) / n, 4) for c in COUNTS}


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one format's games (see the module's docstring)."""
    n = len(games)
    wins = sum(g["outcome"] == "win" for g in games)
    losses = sum(g["outcome"] == "loss" for g in games)
    decisive = wins + losses
    lo, hi = wilson(wins, decisive)
    ends: dict[str, int] = {}
    for g in games:
        ends[g["end"]] = ends.get(g["end"], 0) + 1
    per_roster: dict[str, Any] = {}
    for r in sorted({g["a_roster"] for g in games}):
        mine = [g for g in games if g["a_roster"] == r]
        rows = [g["a"] for g in mine]
        per_roster[r] = {
            "games": len(mine),
            "wins": sum(g["outcome"] == "win" for g in mine),
            "pass_games": sum(row["passes"] > 0 for row in rows),
            **_means(rows),
        }
    return {
        "games": n,
        "wins": wins,
        "draws": n - decisive,
        "losses": losses,
        "win_share": round(wins / decisive, 4) if decisive else None,
        "win_share_95": [round(lo, 4), round(hi, 4)],
        "a_per_game": _means([g["a"] for g in games]),
        "b_per_game": _means([g["b"] for g in games]),
        "turns_per_game": round(sum(g["turns"] for g in games) / max(n, 1), 2),
        "end": dict(sorted(ends.items())),
        "a_per_roster": per_roster,
    }


_SETUP: Setup | None = None


def _init(setup: Setup) -> None:
    global _SETUP
    _SETUP = setup


def _play(i: int) -> dict[str, Any]:
    assert _SETUP is not None
    return play_game(_SETUP, i)


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "." * (width - filled)
    sys.stderr.write(f"\r{label:14} [{bar}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def arena(
    setup: Setup, games: int, workers: int = 1, quiet: bool = False
) -> dict[str, Any]:
    """Play and summarise ``games`` games of one format."""
    if not setup.rosters:
        rs = get_variant(setup.fmt)
        setup.rosters = tuple(
            own_rosters(rs) if setup.own_teams else sorted(tool_rules_data(rs).rosters)
        )
    results: list[dict[str, Any]] = []
    step = max(games // 100, 1)
    if workers <= 1:
        for i in range(games):
            results.append(play_game(setup, i))
            if not quiet and (i % step == 0 or i + 1 == games):
                _progress(i + 1, games, setup.fmt)
    else:
        with multiprocessing.Pool(workers, _init, (setup,)) as pool:
            for r in pool.imap_unordered(_play, range(games), chunksize=4):
                results.append(r)
                if not quiet:
                    _progress(len(results), games, setup.fmt)
    results.sort(key=lambda g: g["game"])
    return summarise(results)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine.tools.arena")
    rulesets = pitch_rulesets()
    ap.add_argument(
        "--format",
        default=",".join(rulesets),
        type=rulesets_type(rulesets, "engine.tools.arena"),
        help="comma-separated: " + ", ".join(rulesets),
    )
    ap.add_argument("--games", type=int, default=100, help="games per format")
    ap.add_argument("--seed", type=int, default=0, help="dice seed of pair 0")
    ap.add_argument("--bot-a", default="scripted", choices=("scripted", "random"))
    ap.add_argument("--bot-b", default="scripted", choices=("scripted", "random"))
    ap.add_argument(
        "--against",
        metavar="DIR",
        help="bot B is the scripted bot under DIR (a directory holding "
        "engine/bots: git archive main engine/bots | tar -x -C DIR)",
    )
    ap.add_argument(
        "--own-teams",
        action="store_true",
        help="field the format's own rosters (Dungeon Bowl: the eight Colleges "
        "its leagues draft) where the tools field the BB2020 ones",
    )
    ap.add_argument("--workers", type=int, default=1, help="processes")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("argument --games: at least 1")
    if a.against:
        load_scripted_bot(a.against)  # fail early on a wrong directory
    out: dict[str, Any] = {
        "a": a.bot_a,
        "b": f"scripted@{a.against}" if a.against else a.bot_b,
        "seed": a.seed,
        "teams": "own" if a.own_teams else "default",
    }
    for fmt in a.format:
        get_variant(fmt)
        setup = Setup(fmt, a.seed, a.bot_a, a.bot_b, a.against, own_teams=a.own_teams)
        out[fmt] = arena(setup, a.games, max(a.workers, 1), a.quiet)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
