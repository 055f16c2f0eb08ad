"""BB2025 "Fouling and the referee" (changes_from_bb2020.md section 8):
Sneaky Git keeps the fouler on the pitch after a double on the Armour roll
only when the armour was not broken."""

from __future__ import annotations

import pytest

from engine.core.events import Armour
from engine.tools.scenario import Scenario

# A (Sneaky Git) fouls the Prone b; C assists (+1).
DIAGRAM = """
    .....
    .Ab..
    ..C..
"""


def foul(ruleset: str, dice: list[int | str]) -> Scenario:
    sc = Scenario(
        DIAGRAM, ruleset=ruleset, prone="b", skills={"A": ["sneaky-git"]}, dice=dice
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


@pytest.mark.parametrize(("ruleset", "seen"), [("bb2025", True), ("bb2020", False)])
def test_a_double_that_breaks_the_armour(ruleset: str, seen: bool) -> None:
    # Armour 5 + 5 + 1 = 11 breaks AV 9+; Injury 2 + 3: Stunned.
    sc = foul(ruleset, [5, 5, 2, 3])
    assert sc.events(Armour)[0].broken is True
    assert (sc.match.pending.kind == "argue_the_call") is seen


def test_a_double_that_does_not_break_it() -> None:
    # Armour 3 + 3 + 1 = 7: the referee looks away.
    sc = foul("bb2025", [3, 3])
    assert sc.events(Armour)[0].broken is False
    assert sc.match.pending.kind != "argue_the_call"
