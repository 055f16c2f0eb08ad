"""BB2025 "Blocking" (changes_from_bb2020.md section 6): a player of the
active team pushed into the crowd (a chain-push) is a Turnover, with the
ball or not."""

from __future__ import annotations

import pytest

from engine.core.events import PlayerOff, Turnover
from engine.tools.scenario import Scenario

# A blocks b north; every square b may be pushed into holds a team-mate of
# A on the sideline, so one of them is chain-pushed into the crowd.
DIAGRAM = """
    DCE
    .b.
    .A.
"""


def chain_push(ruleset: str) -> Scenario:
    sc = Scenario(
        DIAGRAM, ruleset=ruleset, origin=(10, 0), dice=["push", "push", 3, 3, 3, 3]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    while (d := sc.match.pending) is not None and d.kind != "activate":
        if d.kind == "push":
            sc.choose(*next(o for o in d.options if o[-1] == sc.pos("C")))
        else:
            sc.choose(*d.options[-1])
    return sc


@pytest.mark.parametrize(
    ("ruleset", "reasons"), [("bb2025", ["pushed_into_crowd"]), ("bb2020", [])]
)
def test_an_active_player_chain_pushed_into_the_crowd(
    ruleset: str, reasons: list[str]
) -> None:
    sc = chain_push(ruleset)
    assert {e.player for e in sc.events(PlayerOff)} == {sc.id("C")}
    assert [t.reason for t in sc.events(Turnover)] == reasons
