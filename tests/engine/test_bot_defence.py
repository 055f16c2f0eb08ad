"""The scripted bot's defence: the squares its dice-free support moves
value when the opponents hold the ball."""

from __future__ import annotations

import pytest

from engine.bots.context import Ctx
from engine.bots.support import defence_values
from engine.tools.scenario import Scenario


def test_their_likely_receiver_is_marked_from_our_side() -> None:
    # b carries the ball towards our End Zone (x = 0); c, four squares
    # from it and from the End Zone, could take a hand-off and run in:
    # the squares next to c are worth a marker, more on our side of him
    sc = Scenario(
        """
        A.......
        ....c...b
    """,
        origin=(0, 5),
        ball="b",
    )
    d = sc.match.pending
    assert d is not None
    g = sc.match.state
    c = Ctx(g, 0, d.options)
    values: dict[int, float] = {}
    defence_values(c, g.pos[sc.p("b")], values)
    cs = g.pos[sc.p("c")]
    assert values[g.pitch.step(cs, -1, 0)] == pytest.approx(5.5)
    assert values[g.pitch.step(cs, 1, 0)] == pytest.approx(4.5)
