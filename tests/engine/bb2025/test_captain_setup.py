"""BB2025 Team Captain at the set-up (changes_from_bb2020.md section 3): a
team whose captain waits in the Reserves must set him up when he is able to
play; the ready-made formations, and so both bots, field him."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.bots.random_bot import RandomBot
from engine.bots.scripted import ScriptedBot
from engine.core.dice import RandomDice
from engine.core.model import TeamSheet
from engine.core.state import KO, PF_HEAT
from engine.rules.setup import formation, validate_setup
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025
from engine.variants.base import Variant

# The default Human team has 13 players; the two Halfling Hopefuls (ids 1
# and 2, ST 2 AV 7+) are the ones a formation leaves out of eleven.
CAPTAIN = 1


def at_setup(variant: Variant, captain: int) -> Match:
    """A match stopped at the first set-up, the Humans (home) to set up
    first: they kick."""
    home: TeamSheet = default_team_sheet("human", variant, first_id=1)
    home = replace(home, captain=captain)
    away = default_team_sheet("orc", variant, first_id=101)
    m = Match(variant, home, away, RandomDice(1))
    while m.pending is not None and m.pending.kind != "setup":
        m.apply(("kick",) if m.pending.team == "home" else ("receive",))
    assert m.pending is not None
    return m


def home_setup(m: Match) -> Match:
    if m.pending is not None and m.pending.team != "home":
        m.apply(("formation", "defence"))
    assert m.pending is not None
    assert m.pending.kind == "setup"
    assert m.pending.team == "home"
    return m


def without_captain(m: Match) -> tuple[tuple[int, int], ...]:
    """The eleven strongest Humans: the captain is not among them."""
    g = m.state
    others = [p for p in range(g.n) if g.team[p] == 0 and g.pid[p] != CAPTAIN]
    placement = formation(g, 0, "defence", others)
    assert CAPTAIN not in {pid for pid, _ in placement}
    assert len(placement) == 11
    return placement


@pytest.mark.parametrize("name", ["defence", "offence", "spread"])
def test_every_formation_fields_the_captain(name: str) -> None:
    m = home_setup(at_setup(BB2025, CAPTAIN))
    g = m.state
    team = [p for p in range(g.n) if g.team[p] == 0]
    placement = formation(g, 0, name, team)
    assert CAPTAIN in {pid for pid, _ in placement}
    assert len(placement) == 11
    assert validate_setup(g, 0, placement) == []


def test_without_a_captain_the_weakest_sit_out() -> None:
    m = home_setup(at_setup(BB2025, 0))
    g = m.state
    placement = formation(g, 0, "defence", [p for p in range(g.n) if g.team[p] == 0])
    assert {1, 2} & {pid for pid, _ in placement} == set()


def test_leaving_an_able_captain_in_the_reserves_is_refused() -> None:
    m = home_setup(at_setup(BB2025, CAPTAIN))
    problems = validate_setup(m.state, 0, without_captain(m))
    assert problems == [f"player {CAPTAIN} must be set up while able to play"]


def test_a_captain_who_cannot_play_this_drive_may_sit_out() -> None:
    m = home_setup(at_setup(BB2025, CAPTAIN))
    g = m.state
    g.pflags[g.idx[CAPTAIN]] |= PF_HEAT  # Sweltering Heat keeps him out
    assert validate_setup(g, 0, without_captain(m)) == []
    g.pflags[g.idx[CAPTAIN]] &= ~PF_HEAT
    g.box[g.idx[CAPTAIN]] = KO  # Knocked Out
    assert validate_setup(g, 0, without_captain(m)) == []


def test_bb2020_has_no_captain_to_set_up() -> None:
    m = home_setup(at_setup(BB2020, CAPTAIN))
    assert validate_setup(m.state, 0, without_captain(m)) == []


@pytest.mark.parametrize("bot", [RandomBot(3), ScriptedBot(3)])
def test_both_bots_set_the_captain_up(bot: RandomBot | ScriptedBot) -> None:
    m = home_setup(at_setup(BB2025, CAPTAIN))
    g = m.state
    choice = bot.choose(m.pending, g)  # type: ignore[arg-type]
    m.apply(choice)
    captain = g.idx[CAPTAIN]
    assert g.box[captain] == 0  # on the pitch
    assert g.pos[captain] >= 0
