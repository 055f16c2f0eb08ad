"""``python -m engine.tools.simulate``: play one bot-vs-bot match, print the
result (JSON with ``--json``).

Every registered format plays: those of the pitch with
:class:`engine.match.Match` (``--home``/``--away`` name rosters), a format
whose team is a team card (Blitz Bowl) with its own game
(``Variant.play_card_game``; ``--home``/``--away`` name team cards, and
the score is its points)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.match import Match
from engine.tools.rulesets import all_rulesets, ruleset_type
from engine.tools.teams import default_team_sheet, tool_rules_data
from engine.variants import get_variant
from engine.variants.card_game import CardGame
from engine.variants.league_format import LeagueFormat

BOTS = ("random", "scripted")


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
    if isinstance(rs, CardGame):
        return simulate_card_game(rs, home, away, seed, bot)
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


def simulate_card_game(
    rs: CardGame, home: str, away: str, seed: int, bot: str
) -> dict[str, object]:
    """One game of a team-card format, by its own game: the score is its
    points; ``home``/``away`` are team card slugs."""
    game = rs.play_card_game((home, home, ()), (away, away, ()), seed, bot=bot)
    out: dict[str, object] = {
        "score": {"home": game.home_points, "away": game.away_points},
        "winner": game.summary["winner"],
        "how": game.summary["how"],
        "touchdowns": game.summary["touchdowns"],
        "cards_claimed": game.summary["cards_claimed"],
        "clean_sweeps": game.summary["clean_sweeps"],
        "turns": game.summary["turns"],
    }
    out.update(
        {
            "home": home,
            "away": away,
            "seed": seed,
            "bot": bot,
            "events": len(game.events),
            "decisions": game.decisions,
        }
    )
    return out


def teams_of(rs: LeagueFormat) -> list[str]:
    """What ``--home``/``--away`` may name in ``rs``: its team cards, or
    the rosters of its rules data."""
    if rs.drafts_team_card:
        return sorted(rs.team_cards())
    return sorted(tool_rules_data(rs).rosters)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m engine.tools.simulate",
        epilog="--home/--away name a roster (a team card for a team-card "
        "format such as blitz-bowl, whose score is its points)",
    )
    rulesets = all_rulesets()
    ap.add_argument(
        "--ruleset",
        default="bb2020",
        choices=rulesets,
        type=ruleset_type(rulesets, "engine.simulate"),
    )
    ap.add_argument("--home", default="orc")
    ap.add_argument("--away", default="human")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="scripted", choices=BOTS)
    ap.add_argument(
        "--extra-time",
        action="store_true",
        help="the match needs a winner: extra time, then sudden death, if "
        "level (not in a team-card format, whose games may end level)",
    )
    ap.add_argument("--json", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    a = ap.parse_args(argv)
    rs = get_variant(a.ruleset)
    teams = teams_of(rs)
    for flag, team in (("--home", a.home), ("--away", a.away)):
        if team not in teams:
            ap.error(
                f"argument {flag}: {a.ruleset} has no team {team!r}; "
                f"choose from {', '.join(teams)}"
            )
    if a.extra_time and rs.drafts_team_card:
        ap.error(
            f"argument --extra-time: {a.ruleset} has no extra time "
            "(its own game ends on points, or level)"
        )
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
