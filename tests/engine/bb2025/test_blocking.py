"""BB2025 "Blocking" (changes_from_bb2020.md section 6): a player of the
active team pushed into the crowd (a chain-push) is a Turnover, with the
ball or not."""

from __future__ import annotations

import pytest

from engine.core.events import PlayerOff, Turnover
from engine.rules.ball import N_STATS, STAT_CAS
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


def test_a_chain_pushed_players_crowd_casualty_is_credited_to_nobody() -> None:
    # A pushes b into c's square (d and e fill the other two), c goes into
    # the crowd: Injury 6 + 5 = 11, a Casualty (D16 1, Badly Hurt).
    # Decision (README silent point): nobody is credited, as for any crowd
    # injury.
    sc = Scenario(
        """
        .dce.
        ..b..
        ..A..
        """,
        origin=(10, 0),
        ruleset="bb2025",
        dice=["push", 6, 5, 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(2, 0))
    sc.choose("stay")
    g = sc.match.state
    record = g.casualties[0]
    assert (record.player_id, record.result, record.inflicted_by) == (
        sc.id("c"),
        "badly_hurt",
        None,
    )
    assert g.stats[sc.p("A") * N_STATS + STAT_CAS] == 0
