"""``python -m engine.variants.dungeon_bowl.simulate``: play seeded Dungeon
Bowl games bot against bot and print a JSON summary (games, errors, wins and
draws, mean team turns to the winning touchdown, games per second).

Teams are College teams (:func:`college_team`): eleven players, every
positional the College has (one each, at most five) and its first Lineman
position for the rest, two team re-rolls.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.core.events import Touchdown
from engine.core.model import TeamSheet
from engine.dungeon.generate import generate
from engine.dungeon.layout import Dungeon, named_layout, named_layouts
from engine.match import Match
from engine.tools.teams import _sheet
from engine.variants.dungeon_bowl.colleges import colleges
from engine.variants.dungeon_bowl.game import DEFAULT_TURN_CAP
from engine.variants.dungeon_bowl.match import new_match

SQUAD = 11
POSITIONALS = 5


def college_team(slug: str, first_id: int = 1, size: int = SQUAD) -> TeamSheet:
    """A team of College ``slug`` for simulations and tests."""
    roster = colleges()[slug]
    linemen = [p for p in roster.positions if p.lineman]
    others = [p for p in roster.positions if not p.lineman][:POSITIONALS]
    chosen = others[: size - 1] + [linemen[0]] * max(1, size - len(others))
    players = tuple(
        _sheet(pos, first_id + i, i + 1) for i, pos in enumerate(chosen[:size])
    )
    return TeamSheet(
        name=roster.name,
        roster=roster.slug,
        players=players,
        rerolls=2,
        apothecary=False,
        dedicated_fans=0,
    )


def dungeon_for(layout: str, seed: int) -> Dungeon:
    """The dungeon of game ``seed``: a named layout, or ``generated`` (a
    dungeon generated from the seed)."""
    if layout == "generated":
        return Dungeon(generate(seed))
    return Dungeon(named_layout(layout))


def play_game(
    layout: str, seed: int, bot: str = "random", turn_cap: int = DEFAULT_TURN_CAP
) -> Match:
    """One game: two Colleges chosen by the seed, played to the end."""
    slugs = sorted(colleges())
    home = college_team(slugs[seed % len(slugs)], 1)
    away = college_team(slugs[(seed * 7 + 3) % len(slugs)], 101)
    m = new_match(
        home, away, dungeon_for(layout, seed), RandomDice(seed), turn_cap=turn_cap
    )
    play(m, make_bot(bot, seed), make_bot(bot, seed + 1))
    return m


def simulate(
    games: int, seed: int, layout: str, bot: str = "random", turn_cap: int = 20
) -> dict[str, Any]:
    """Play ``games`` games from ``seed`` on; the summary."""
    start = time.perf_counter()
    errors: list[dict[str, Any]] = []
    home = away = draws = touchdowns = 0
    td_turns: list[int] = []
    for i in range(games):
        s = seed + i
        try:
            m = play_game(layout, s, bot, turn_cap)
        except Exception as exc:  # noqa: BLE001 - the summary counts every error
            errors.append(
                {"seed": s, "error": repr(exc), "where": traceback.format_exc(-1)}
            )
            continue
        winner = m.result.winner
        if winner == "home":
            home += 1
        elif winner == "away":
            away += 1
        else:
            draws += 1
        if any(isinstance(e, Touchdown) for e in m.events):
            touchdowns += 1
            g = m.state
            td_turns.append(g.turn[0] + g.turn[1])
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "layout": layout,
        "seed": seed,
        "bot": bot,
        "turn_cap": turn_cap,
        "errors": len(errors),
        "error_details": errors[:5],
        "home_wins": home,
        "away_wins": away,
        "draws": draws,
        "touchdowns": touchdowns,
        "mean_team_turns_to_touchdown": (
            round(sum(td_turns) / len(td_turns), 2) if td_turns else None
        ),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else None,
    }


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine.variants.dungeon_bowl.simulate")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--layout",
        default="crossroads",
        choices=(*named_layouts(), "generated"),
        help="a named layout, or generated (a dungeon generated per game)",
    )
    ap.add_argument("--bot", default="random", choices=["random", "scripted"])
    ap.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
    return ap


def main(argv: list[str] | None = None) -> int:
    a = parser().parse_args(argv)
    out = simulate(a.games, a.seed, a.layout, a.bot, a.turn_cap)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
