"""The scripted bot's carrier in a dungeon: his pass to a team-mate in range
nearer home (engine.bots.dungeon_pass), his walk round the Portals
(engine.bots.dungeon)."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.bots.dungeon import walk
from engine.bots.dungeon_escort import reach_squares
from engine.bots.dungeon_pass import MIN_ODDS, PASS_GAIN, pass_odds, pass_relay
from engine.core.events import Move, Pass, Teleport, Touchdown
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

CORRIDOR = """
##############################
#A{b}>>#
#..........................>>#
##############################
"""


def _corridor(b_at: int, **kw: object) -> DungeonScenario:
    row = "." * (b_at - 2) + "B" + "." * (26 - b_at)
    return DungeonScenario(CORRIDOR.replace("{b}", row), ball="A", **kw)


def _home(sc: DungeonScenario) -> list[int]:
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    return walk(pitch, set(pitch.endzone_squares(0)))


def test_the_pass_goes_from_the_end_of_the_carriers_walk() -> None:
    # A walks 6 squares to x = 7; B on x = 10 is three squares off, a Quick
    # pass: A's 4+ with a team re-roll (3/4), B's catch 3+ (2/3): 1/2. B
    # ends 17 - 6 = 11 from home, A alone 20: 9 nearer.
    sc = _corridor(10, rerolls=(1, 0))
    g = sc.match.state
    home = _home(sc)
    a, b = sc.p("A"), sc.p("B")
    assert (home[sc.pos("A")], home[sc.pos("B")]) == (26, 17)
    assert pass_odds(g, a, sc.at(7, 1), b) == 0.5 >= MIN_ODDS
    came = reach_squares(g, a, 6)
    assert pass_relay(g, a, home, came, 6) == (b, sc.at(7, 2))


def test_no_pass_without_pass_gain_or_in_poor_odds() -> None:
    # B two squares ahead of A's walk gains too little; without a re-roll
    # the Quick pass is 1/2 * 2/3 = 1/3 likely, below MIN_ODDS.
    assert PASS_GAIN == 4
    sc = _corridor(4, rerolls=(1, 0))
    g = sc.match.state
    assert (
        pass_relay(g, sc.p("A"), _home(sc), reach_squares(g, sc.p("A"), 6), 6) is None
    )
    sc = _corridor(10)
    g = sc.match.state
    assert (
        pass_relay(g, sc.p("A"), _home(sc), reach_squares(g, sc.p("A"), 6), 6) is None
    )


def test_the_carrier_passes_and_the_receiver_runs_on() -> None:
    sc = _corridor(10, rerolls=(1, 0))
    sc.dice.extend([6, 6])  # the pass, the catch
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    passes = sc.events(Pass)
    assert [(e.player, e.target) for e in passes] == [(sc.id("A"), sc.at(10, 1))]
    g = m.state
    assert g.carrier == sc.p("B")
    assert _home(sc)[sc.pos("B")] == 17 - 6  # his whole MA on


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
