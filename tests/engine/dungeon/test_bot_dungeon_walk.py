"""The scripted bot's carrier in a dungeon walks round the Portals
(engine.bots.dungeon): he takes none on his way home."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.core.events import Move, Teleport, Touchdown
from engine.tools.dungeon_scenario import DungeonScenario

PORTAL = """
###########
#A1.....>>#
#.#.....>>#
#.......>>#
###########
"""


def test_the_carrier_walks_round_a_portal_in_his_way() -> None:
    # The shortest walk home steps on the Portal beside A; the carrier
    # takes no Portal, so he goes round it below the wall (before, the
    # walk through the Portal left him no step nearer: he stood still).
    sc = DungeonScenario(PORTAL, ball="A", dice=[6, 6])  # two Rushes
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    assert sc.events(Teleport) == []
    assert [e.dst for e in sc.events(Move)][:2] == [sc.at(1, 2), sc.at(2, 3)]
    assert sc.events(Touchdown) != []  # six steps and two Rushes
