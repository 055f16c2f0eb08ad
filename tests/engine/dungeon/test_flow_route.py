"""The scripted bot's carrier in a jammed corridor (engine.bots.dungeon_route,
engine.bots.dungeon_escort): a team-mate standing in his way walks on
first, and a team-mate on his side of an opponent standing across the
corridor Blocks him before the carrier runs."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.bots.blockmath import block_odds
from engine.bots.dungeon import walk
from engine.bots.dungeon_escort import CLEAR_WEIGHT, escort_activation
from engine.bots.dungeon_route import jam
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

LANE = """
################
#{row}>>#
################
"""


def _lane(row: str) -> DungeonScenario:
    assert len(row) == 12
    return DungeonScenario(LANE.replace("{row}", row), ball="A")


def _home(sc: DungeonScenario) -> list[int]:
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    return walk(pitch, set(pitch.endzone_squares(0)))


def test_an_opponent_across_the_corridor_jams_the_carrier() -> None:
    # one square wide: A's walk home passes B (a team-mate makes way) and
    # stops at x, three steps on
    sc = _lane("A.Bx........"[:12])
    g = sc.match.state
    found = jam(g, sc.p("A"), _home(sc), 9)
    assert found is not None
    assert found.steps == 3
    assert found.blockers == (sc.p("x"),)


def test_the_team_mate_blocks_the_opponent_in_the_corridor_first() -> None:
    # B's block on x: one die, no assists: x down 1/2 (Both Down, Stumble,
    # POW), B down 1/3 (Skull, Both Down): 1/2 - 1 * 1/3 > 0, before the
    # carrier runs (he cannot pass x anyway)
    sc = _lane("A.Bx........"[:12])
    g = sc.match.state
    assert block_odds(g, sc.p("B"), sc.p("x"))[:2] == (1 / 2, 1 / 3)
    assert CLEAR_WEIGHT == 1.0
    d = sc.match.pending
    assert d is not None
    assert escort_activation(d, g, _home(sc)) == ("activate", sc.id("B"), "block")


def test_a_team_mate_in_the_corridor_walks_on_before_the_carrier() -> None:
    sc = _lane("A.B.........")
    g = sc.match.state
    d = sc.match.pending
    assert d is not None
    assert escort_activation(d, g, _home(sc)) == ("activate", sc.id("B"), "move")


def test_the_carrier_advances_along_the_corridor_behind_him() -> None:
    # B walks on first, so A walks his whole Movement Allowance (6) along
    # the corridor instead of the one step up to B
    sc = _lane("A.B.........")
    g = sc.match.state
    assert g.ma[sc.p("A")] == 6
    start = _home(sc)[sc.pos("A")]
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    assert g.carrier == sc.p("A")
    assert _home(sc)[sc.pos("A")] <= start - 6
