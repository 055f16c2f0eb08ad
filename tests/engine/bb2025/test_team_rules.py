"""BB2025 team special rules (changes_from_bb2020.md section 16): Team
Captain — while the captain is on the pitch, each team re-roll used comes
back on a D6 6."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Roll
from engine.core.state import RESERVES
from engine.match import run
from engine.rules.injuries import to_box
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario

# A dodges out of b's Tackle Zone; C is the captain, D is not.
DIAGRAM = """
    .....
    Ab...
    .....
    ...CD
"""


def dodge(
    ruleset: str, captain: str, dice: list[int | str], box_c: int = 0
) -> Scenario:
    """A fails the dodge (1) and the coach uses the team re-roll."""
    sc = Scenario(DIAGRAM, ruleset=ruleset, rerolls=(1, 0), dice=dice, start=False)
    g = sc.match.state
    if captain:
        g.sheets = (replace(g.sheets[0], captain=sc.id(captain)), g.sheets[1])
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    return sc


def captain_rolls(sc: Scenario) -> list[tuple[int, tuple[int, ...], bool]]:
    return [
        (r.player, r.dice, r.success)
        for r in sc.events(Roll)
        if r.purpose == "team_captain"
    ]


@pytest.mark.parametrize(("d6", "left"), [(6, 1), (5, 0), (1, 0)])
def test_a_six_keeps_the_team_reroll(d6: int, left: int) -> None:
    # Dodge 1, the captain's D6, the re-rolled dodge 4.
    sc = dodge("bb2025", "C", [1, d6, 4])
    assert captain_rolls(sc) == [(sc.id("C"), (d6,), d6 == 6)]
    assert sc.match.state.rerolls[0] == left


def test_no_captain_no_roll() -> None:
    sc = dodge("bb2025", "", [1, 4])
    assert captain_rolls(sc) == []
    assert sc.match.state.rerolls[0] == 0


def test_the_captain_must_be_on_the_pitch() -> None:
    sc = Scenario(DIAGRAM, ruleset="bb2025", rerolls=(1, 0), dice=[1, 4], start=False)
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], captain=sc.id("C")), g.sheets[1])
    to_box(g, sc.p("C"), RESERVES, "substituted")  # the captain sits out
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    sc.choose("team_reroll")
    assert captain_rolls(sc) == []


def test_bb2020_has_no_team_captain() -> None:
    sc = dodge("bb2020", "C", [1, 4])
    assert captain_rolls(sc) == []
    assert sc.match.state.rerolls[0] == 0
