"""BB2025 "Movement" and the weather (changes_from_bb2020.md sections 2 and
5): a Jump (or Leap) more than once in an activation; Sweltering Heat with
one D3 for both teams."""

from __future__ import annotations

import pytest

from engine.core.state import PF_HEAT
from engine.match import run
from engine.rules.turns import EndDrive
from engine.tools.scenario import Scenario

# A jumps over the Prone b, then over the Prone c.
JUMPS = """
    .....
    Ab.c.
    .....
"""


@pytest.mark.parametrize(("ruleset", "again"), [("bb2025", True), ("bb2020", False)])
def test_a_second_jump_in_the_same_activation(ruleset: str, again: bool) -> None:
    sc = Scenario(JUMPS, ruleset=ruleset, prone="bc", dice=[4, 4])
    sc.act("A", "move")
    sc.choose("jump", sc.sq(2, 1))
    assert sc.xy("A") == (2, 1)
    assert (("jump", sc.sq(4, 1)) in sc.match.pending.options) is again


HEAT = """
    AB...
    .....
    ab...
"""


def heat(ruleset: str, dice: list[int | str]) -> list[int]:
    """The drive ends in Sweltering Heat: how many players of each team
    miss the next one."""
    sc = Scenario(
        HEAT, ruleset=ruleset, weather="sweltering_heat", dice=dice, start=False
    )
    g = sc.match.state
    g.stack.append(EndDrive())
    run(g)
    return [
        sum(1 for p in range(g.n) if g.team[p] == t and g.pflags[p] & PF_HEAT)
        for t in (0, 1)
    ]


def test_one_d3_for_both_teams() -> None:
    # D3 2: both players of each team (no pick is needed for the last one;
    # D16 1 picks the first of two).
    assert heat("bb2025", [2, 1, 1]) == [2, 2]
    assert heat("bb2025", [1, 1, 1]) == [1, 1]


def test_bb2020_rolls_a_d3_for_each_team() -> None:
    assert heat("bb2020", [2, 1, 1, 1]) == [2, 1]
