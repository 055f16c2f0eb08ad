"""The bots play the BB2025 changed skills of ``test_changed_skills_2``:
seeded games of a random bot against the scripted one, every player of
both teams given Monstrous Mouth (the Chomp), Tentacles, Diving Tackle,
Shadowing, Frenzy and Grab, the invariants checked at every decision. The
random bot Chomps (an option of the ``activate`` and ``move`` decisions
like any other); the scripted bot need not, but must play on."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Match, RandomDice
from engine.bots import RandomBot, ScriptedBot
from engine.core.events import Roll
from engine.core.model import TeamSheet
from engine.tools.invariants import check
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025

_ADDED = (
    "monstrous-mouth",
    "tentacles",
    "diving-tackle",
    "shadowing",
    "frenzy",
    "grab",
)


def _with_skills(sheet: TeamSheet) -> TeamSheet:
    players = tuple(
        dataclasses.replace(
            p,
            skills=p.skills + tuple((s, None) for s in _ADDED if not p.has(s)),
        )
        for p in sheet.players
    )
    return dataclasses.replace(sheet, players=players)


@pytest.mark.parametrize("seed", [4, 5, 6, 7])
def test_bots_play_a_game_of_chomps(seed: int) -> None:
    m = Match(
        BB2025,
        _with_skills(default_team_sheet("orc", BB2025, first_id=1)),
        _with_skills(default_team_sheet("human", BB2025, first_id=101)),
        RandomDice(seed),
    )
    bots = (
        (ScriptedBot(seed), RandomBot(seed + 1))
        if seed % 2
        else (RandomBot(seed), ScriptedBot(seed + 1))
    )
    steps = 0
    while m.pending is not None:
        assert check(m.state) == [], seed
        d = m.pending
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
        steps += 1
        assert steps < 40_000, seed
    assert m.done
    assert any(e.purpose == "chomp" for e in m.events if type(e) is Roll)
