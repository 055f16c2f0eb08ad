"""Golden event-log hashes: the same seeded matches must produce the same
events, byte for byte, across refactors of the engine.

``python -m tests.engine.golden`` records ``hashes.json``; the test in
``tests/engine/test_golden.py`` replays every case and compares. A case is
(format, home roster, away roster, seed, bot, extra time, inducements).

A deliberate change of play is recorded again, and only the cases it
touches may change (a change to the scripted bot moves scripted-bot cases,
never random-bot ones); the commit says how many cases changed and why.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HASHES = Path(__file__).with_name("hashes.json")

# Rosters whose every trait the engine implements, paired round-robin.
ROSTERS = (
    "orc",
    "human",
    "dwarf",
    "skaven",
    "wood-elf",
    "lizardmen",
    "chaos-chosen",
    "shambling-undead",
    "halfling",
    "high-elf",
)


# Rosters with the secret weapons and swarms (Ball & Chain,
# Bombardier, Chainsaw, Pogo Stick, Swoop, Swarming, Kick Team-mate), in
# cases of their own so that the round-robin above keeps its hashes.
SECRET_WEAPON_ROSTERS = ("goblin", "snotling", "ogre")
SECRET_WEAPON_OPPONENTS = SECRET_WEAPON_ROSTERS + ("orc", "halfling", "human")


def cases(fmt: str) -> Iterator[dict[str, Any]]:
    """240 cases per format: 150 random-bot, 60 scripted-bot games, every
    fifth with extra time, every seventh with bought inducements; then 30
    games (20 random, 10 scripted) of the secret-weapon rosters against
    each other (mirror matches too) and three others."""
    yield from _round_robin(fmt)
    yield from _secret_weapons(fmt)


def _secret_weapons(fmt: str) -> Iterator[dict[str, Any]]:
    n = 0
    for bot, count in (("random", 20), ("scripted", 10)):
        for i in range(count):
            home = SECRET_WEAPON_ROSTERS[i % 3]
            away = SECRET_WEAPON_OPPONENTS[(i + n // 3) % 6]
            yield {
                "format": fmt,
                "home": home,
                "away": away,
                "seed": 5000 + n,
                "bot": bot,
                "extra_time": n % 5 == 0,
                "inducements": n % 7 == 3,
            }
            n += 1


def _round_robin(fmt: str) -> Iterator[dict[str, Any]]:
    n = 0
    for bot, count in (("random", 150), ("scripted", 60)):
        for i in range(count):
            home = ROSTERS[i % len(ROSTERS)]
            away = ROSTERS[(i * 3 + 1) % len(ROSTERS)]
            if away == home:
                away = ROSTERS[(i + 5) % len(ROSTERS)]
            yield {
                "format": fmt,
                "home": home,
                "away": away,
                "seed": 1000 + n,
                "bot": bot,
                "extra_time": n % 5 == 0,
                "inducements": n % 7 == 3,
            }
            n += 1


def play_case(case: dict[str, Any]) -> str:
    """The sha256 of the case's full event log (JSON, sorted keys) and its
    result."""
    from engine.bots import make_bot
    from engine.bots.driver import play
    from engine.core.dice import RandomDice
    from engine.match import Match
    from tests.engine.golden.compat import team_sheet, variant

    rs = variant(case["format"])
    home = team_sheet(case["home"], rs, first_id=1)
    away = team_sheet(case["away"], rs, first_id=101)
    if case["inducements"]:
        home = dataclasses.replace(home, bribes=1, wandering_apothecaries=1)
        away = dataclasses.replace(away, prayers=2)
    seed = case["seed"]
    m = Match(rs, home, away, RandomDice(seed), extra_time=case["extra_time"])
    play(m, make_bot(case["bot"], seed), make_bot(case["bot"], seed + 1))
    body = json.dumps(
        {
            "events": [e.to_dict() for e in m.events],
            "result": m.result.to_dict(),
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(body.encode()).hexdigest()


def key(case: dict[str, Any]) -> str:
    return (
        f"{case['format']}:{case['home']}-{case['away']}:{case['seed']}:"
        f"{case['bot']}:et={int(case['extra_time'])}:ind={int(case['inducements'])}"
    )


FORMATS = ("bb2020", "sevens")


def record() -> dict[str, str]:
    return {key(c): play_case(c) for fmt in FORMATS for c in cases(fmt)}
