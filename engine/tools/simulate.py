"""``python -m engine.tools.simulate``: play one bot-vs-bot match, print the
result (JSON with ``--json``)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.match import Match
from engine.tools.teams import default_team_sheet
from engine.variants import get_variant, variants


def simulate(
    ruleset: str,
    home: str,
    away: str,
    seed: int,
    bot: str,
    *,
    extra_time: bool = False,
) -> dict[str, object]:
    """Play one match; returns the result dict plus counts. ``extra_time``:
    the match needs a winner (extra time, then sudden death, when level)."""
    rs = get_variant(ruleset)
    m = Match(
        rs,
        default_team_sheet(home, rs, first_id=1),
        default_team_sheet(away, rs, first_id=101),
        RandomDice(seed),
        extra_time=extra_time,
    )
    n = play(m, make_bot(bot, seed), make_bot(bot, seed + 1))
    out = m.result.to_dict()
    out.update(
        {
            "home": home,
            "away": away,
            "seed": seed,
            "bot": bot,
            "events": len(m.events),
            "decisions": n,
        }
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.tools.simulate")
    ap.add_argument("--ruleset", default="bb2020", choices=sorted(variants()))
    ap.add_argument("--home", default="orc")
    ap.add_argument("--away", default="human")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="scripted", choices=["random", "scripted"])
    ap.add_argument(
        "--extra-time",
        action="store_true",
        help="the match needs a winner: extra time, then sudden death, if level",
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    out = simulate(a.ruleset, a.home, a.away, a.seed, a.bot, extra_time=a.extra_time)
    if a.json:
        json.dump(out, sys.stdout)
        sys.stdout.write("\n")
    else:
        score = out["score"]
        assert isinstance(score, dict)
        print(
            f"{a.home} {score['home']} - {score['away']} {a.away} "
            f"({out['events']} events, {out['decisions']} decisions)"
        )
        if out.get("sudden_death"):
            print(f"level after extra time: {out['winner']} win on sudden death")
        elif out.get("extra_time"):
            print(f"decided in extra time: {out['winner']} win")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
