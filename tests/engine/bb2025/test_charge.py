"""BB2025 kick-off event 10 Charge! (tables.md "Kick-off events"): "if any
selected player Falls Over or is Knocked Down the Charge stops"."""

from __future__ import annotations

from engine.core.events import Activation, KnockedDown, TurnEnd, Turnover
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario


def test_a_player_who_falls_over_stops_the_charge() -> None:
    # Four free activations; A steps next to b and then leaves b's Tackle
    # Zone: the Dodge 1 fails (no team re-roll), A Falls Over and the
    # Charge ends before B, still Open, is activated.
    sc = Scenario(
        """
        A..b..
        ......
        B.....
        """,
        ruleset="bb2025",
        start=False,
        dice=[1, 1, 4, *[4] * 6],
    )
    g = sc.match.state
    g.rerolls = [0, 0]
    g.stack.append(Turn(0, "blitz", 4))
    run(g)
    assert ("activate", sc.id("B"), "move") in sc.match.pending.options
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    sc.move(2, 1)
    assert [k.how for k in sc.events(KnockedDown)] == ["fall"]
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert [(e.team, e.turnover) for e in sc.events(TurnEnd)] == [("home", True)]
    assert [a.player for a in sc.events(Activation)] == [sc.id("A")]
