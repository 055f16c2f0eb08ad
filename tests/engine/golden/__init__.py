"""Golden event-log hashes: the same seeded matches must produce the same
events, byte for byte, across refactors of the engine.

``python -m tests.engine.golden`` records ``hashes.json``; the test in
``tests/engine/test_golden.py`` replays every case and compares. A case is
(format, home roster, away roster, seed, bot, extra time, inducements).
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


def cases(fmt: str) -> Iterator[dict[str, Any]]:
    """210 cases per format: 150 random-bot, 60 scripted-bot games, every
    fifth with extra time, every seventh with bought inducements."""
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
    from engine.dice import RandomDice
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
