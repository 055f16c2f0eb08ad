"""BB2025 inducements in the match: the Sports-Wizard's Fireball
(tables.md "Wizard spells": +1 to the Armour roll of every player hit)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Armour
from engine.core.state import PRONE, STUNNED
from engine.match import run
from engine.rules.wizard import TURN_ENDED, WizardCast
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    .Abc.
    .....
"""


def fireball_on_a(ruleset: str, dice: list[int | str]) -> Scenario:
    """Home's wizard aims west of its own A, the one player next to the
    square: the D6 4 hits him."""
    sc = Scenario(DIAGRAM, ruleset=ruleset, dice=dice, start=False)
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], wizard=True), g.sheets[1])
    g.effects[TURN_ENDED] = True
    g.stack.append(WizardCast(0, zap=True, fireball=True))
    run(g)
    sc.choose("fireball", sc.sq(0, 1))
    return sc


@pytest.mark.parametrize(
    ("ruleset", "modifier", "status"), [("bb2025", 1, STUNNED), ("bb2020", 0, PRONE)]
)
def test_fireball_adds_one_to_the_armour_of_every_player_hit(
    ruleset: str, modifier: int, status: int
) -> None:
    """Decision (DECIDE 9): +1 to the Armour roll only, own players too;
    Armour 4 + 4 = 8 (+1: 9 breaks AV 9+); Injury 2 + 2: Stunned."""
    sc = fireball_on_a(ruleset, [4, 4, 4, 2, 2])
    a = sc.events(Armour)[0]
    assert (a.dice, a.modifier, a.broken) == ((4, 4), modifier, modifier == 1)
    assert sc.match.state.status[sc.p("A")] == status
