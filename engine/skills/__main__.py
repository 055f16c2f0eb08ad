"""``python -m engine.skills --coverage``: implemented and missing skills
(against the rules data), which rosters and Star Players are fully
covered, and the share of the skills they use that the engine plays."""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.rules_data import available_versions, rules_data
from engine.skills.registry import IMPLEMENTED, REFUSED


def coverage(version: str = "bb2020") -> dict[str, object]:
    """Coverage report as a JSON-able dict."""
    data = rules_data(version)
    implemented = sorted(s for s in data.skills if s in IMPLEMENTED)
    missing = sorted(s for s in data.skills if s not in IMPLEMENTED)
    rosters = {}
    used: set[str] = set()
    for slug, roster in sorted(data.rosters.items()):
        need = {ref.skill for pos in roster.positions for ref in pos.skills}
        used |= need
        rosters[slug] = sorted(need - set(IMPLEMENTED))
    stars = {}
    for slug, star in sorted(data.star_players.items()):
        need = {ref.skill for m in star.members for ref in m.skills}
        used |= need
        stars[slug] = sorted(need - set(IMPLEMENTED))
    used_implemented = sorted(s for s in used if s in IMPLEMENTED)
    star_rules = sorted({s.rule_slug for s in data.star_players.values()})
    return {
        "implemented": implemented,
        "missing": missing,
        "counts": {
            "implemented": len(implemented),
            "missing": len(missing),
            "total": len(data.skills),
            "percent": _percent(len(implemented), len(data.skills)),
        },
        "rosters_fully_covered": [r for r, m in rosters.items() if not m],
        "rosters_missing": {r: m for r, m in rosters.items() if m},
        "star_players_fully_covered": [s for s, m in stars.items() if not m],
        "star_players_missing": {s: m for s, m in stars.items() if m},
        # The skills the 29 rosters and the Star Players use, and how many
        # of them the engine plays (the target is 100%).
        "used_by_rosters_and_stars": {
            "total": len(used),
            "implemented": len(used_implemented),
            "percent": _percent(len(used_implemented), len(used)),
            "missing": sorted(used - set(IMPLEMENTED)),
        },
        # The Star Players' own special rules (engine.skills.stars.limits);
        # those refused on purpose (registry.REFUSED) with their reason.
        "star_special_rules": {
            "total": len(star_rules),
            "implemented": sorted(s for s in star_rules if s in IMPLEMENTED),
            "refused": {s: REFUSED[s] for s in star_rules if s in REFUSED},
            "missing": sorted(
                s for s in star_rules if s not in IMPLEMENTED and s not in REFUSED
            ),
        },
    }


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 100.0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine.skills")
    ap.add_argument(
        "--coverage", action="store_true", help="print skill coverage (JSON)"
    )
    ap.add_argument(
        "--version",
        default="bb2020",
        choices=available_versions(),
        help="the rules data whose skills to cover",
    )
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    if not args.coverage:
        ap.print_help()
        return 0
    json.dump(coverage(args.version), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
