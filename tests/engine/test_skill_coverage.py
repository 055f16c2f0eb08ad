"""``python -m engine.skills --coverage``: every skill the 29 rosters and
the Star Players use is one the engine plays."""

import json
import subprocess
import sys

from engine.core.rules_data import rules_data
from engine.skills.__main__ import coverage
from engine.skills.registry import IMPLEMENTED


def test_every_skill_of_the_rosters_and_the_star_players_is_implemented():
    report = coverage("bb2020")

    assert report["used_by_rosters_and_stars"]["missing"] == []
    assert report["used_by_rosters_and_stars"]["percent"] == 100.0
    assert report["rosters_missing"] == {}
    assert report["star_players_missing"] == {}
    assert len(report["star_players_fully_covered"]) == 64
    # and every Star Player's own special rule (engine.skills.stars.limits)
    assert report["star_special_rules"]["missing"] == []
    assert len(report["star_special_rules"]["implemented"]) == 61


def test_the_coverage_counts_the_star_players_skills():
    data = rules_data("bb2020")
    used = {
        k.skill for s in data.star_players.values() for m in s.members for k in m.skills
    }
    used |= {
        ref.skill
        for r in data.rosters.values()
        for p in r.positions
        for ref in p.skills
    }

    assert coverage("bb2020")["used_by_rosters_and_stars"]["total"] == len(used)
    assert used <= set(IMPLEMENTED)


def test_the_command_prints_the_report_as_json():
    out = subprocess.run(
        [sys.executable, "-m", "engine.skills", "--coverage"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert json.loads(out)["counts"] == {
        "implemented": 95,
        "missing": 0,
        "total": 95,
        "percent": 100.0,
    }


def test_bb2025_is_fully_covered() -> None:
    # shared/rules/bb2025/skills.md: 72 skills and 36 traits; every skill
    # the 30 rosters and the 66 Star Players use; the Star Players' own
    # rules are played or refused with the reason (the digest gives only
    # the names of eight of them).
    report = coverage("bb2025")

    assert report["counts"] == {
        "implemented": 108,
        "missing": 0,
        "total": 108,
        "percent": 100.0,
    }
    assert report["rosters_missing"] == {}
    assert len(report["rosters_fully_covered"]) == 30
    assert report["star_players_missing"] == {}
    assert report["used_by_rosters_and_stars"]["percent"] == 100.0
    rules = report["star_special_rules"]
    assert rules["missing"] == []
    assert sorted(rules["refused"]) == [
        "blastin-solves-everything",
        "dwarfen-grit",
        "dwarven-scourge",
        "ill-carry-you",
        "krump-and-smash",
        "slashing-nails",
        "woodland-fury",
        "working-in-tandem",
    ]
    assert len(rules["implemented"]) + len(rules["refused"]) == rules["total"] == 63


def test_the_star_rules_limits_are_those_of_the_rules_data():
    from engine.skills.stars.limits import LIMITS

    data = rules_data("bb2020")
    from_data = {s.rule_slug: s.rule_limit for s in data.star_players.values()}

    assert LIMITS == from_data
    assert len(LIMITS) == 61  # 64 stars; three rules are shared by two stars
