"""Seeded BB2025 bot games over varied roster pairs, with the invariants
(``engine.tools.invariants``) checked at every decision, the sides with
Prayers to Nuffle, a Team Mascot and Josef Bugman. CI plays a bounded,
fixed-seed sample; ``make bb2025-fuzz`` plays many more
(``BB2025_GAMES``, from seed ``BB2025_SEED``)."""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from engine import Match, RandomDice
from engine.bots import RandomBot, ScriptedBot
from engine.campaign.drafting import unplayed_skills
from engine.core.model import TeamSheet
from engine.core.rules_data import rules_data
from engine.rules.inducements import bugman_sheet
from engine.tools.invariants import check
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025

GAMES = int(os.environ.get("BB2025_GAMES", "6"))
FIRST_SEED = int(os.environ.get("BB2025_SEED", "0"))


def _fields_eleven(slug: str) -> bool:
    """Whether the positions the engine plays make a team of eleven."""
    roster = rules_data("bb2025").rosters[slug]
    return sum(p.max for p in roster.positions if not unplayed_skills(BB2025, p)) >= 11


ROSTERS = sorted(s for s in rules_data("bb2025").rosters if _fields_eleven(s))


def test_the_sample_spans_the_rosters() -> None:
    # the rosters a position the engine does not play keeps from eleven are
    # the only ones left out (none once every BB2025 skill plays)
    assert len(ROSTERS) >= 26
    assert "bretonnian" in ROSTERS


def with_bugman(sheet: TeamSheet, pid: int) -> TeamSheet:
    """The team with Josef Bugman (his re-set-up after the set-ups)."""
    return replace(sheet, players=(*sheet.players, bugman_sheet(pid, 99)), bugman=pid)


@pytest.mark.parametrize("game", range(GAMES))
def test_invariants_hold_at_every_decision(game: int) -> None:
    seed = FIRST_SEED + game
    pick = random.Random(seed)
    home, away = pick.choice(ROSTERS), pick.choice(ROSTERS)
    # with 0-3 Prayers to Nuffle a side, a Team Mascot for one of them and
    # Josef Bugman for both
    m = Match(
        BB2025,
        with_bugman(
            replace(
                default_team_sheet(home, BB2025, first_id=1),
                prayers=seed % 4,
                mascot=seed % 2 == 0,
            ),
            990,
        ),
        with_bugman(
            replace(
                default_team_sheet(away, BB2025, first_id=101),
                prayers=(seed + 1) % 4,
                mascot=seed % 2 == 1,
            ),
            991,
        ),
        RandomDice(seed),
    )
    bots = (
        (ScriptedBot(seed), RandomBot(seed + 1))
        if seed % 2
        else (RandomBot(seed), ScriptedBot(seed + 1))
    )
    steps = 0
    while m.pending is not None:
        errs = check(m.state)
        assert errs == [], (seed, home, away, errs)
        d = m.pending
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
        steps += 1
        assert steps < 20_000, (seed, home, away)  # every match ends
    assert m.done
    assert check(m.state) == []
    result = m.result
    assert result.score == (m.state.score[0], m.state.score[1]) or result.conceded
    assert set(result.extra["stalled"]) <= {"home", "away"}
