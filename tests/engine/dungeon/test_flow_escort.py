"""The scripted bot with its carrier in a dungeon (engine.bots.dungeon_escort):
the blocks that free a Marked carrier come first, an unmarked carrier hands
the ball off to a team-mate ahead when that brings it nearer home."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.bots.blockmath import block_odds
from engine.bots.dungeon import walk
from engine.bots.dungeon_escort import (
    ATTACKER_DOWN_WEIGHT,
    RELAY_GAIN,
    escort_activation,
    relay_target,
)
from engine.core.events import HandOff
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

CORRIDOR = """
##############################
#A{b}>>#
#..........................>>#
##############################
"""


def _corridor(b_at: int) -> DungeonScenario:
    row = "." * (b_at - 2) + "B" + "." * (26 - b_at)
    return DungeonScenario(CORRIDOR.replace("{b}", row), ball="A")


def _home(sc: DungeonScenario) -> list[int]:
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    return walk(pitch, set(pitch.endzone_squares(0)))


def test_the_relay_goes_to_a_team_mate_far_enough_ahead() -> None:
    # A (MA 6) is 26 squares from the End Zone: alone he ends 20 away. B,
    # 19 away, ends 13 away after the catch: 7 nearer, >= RELAY_GAIN.
    sc = _corridor(8)
    g = sc.match.state
    assert g.ma[sc.p("A")] == 6
    assert g.ma[sc.p("B")] == 6
    home = _home(sc)
    assert home[sc.pos("A")] == 26
    assert home[sc.pos("B")] == 19
    # A walks 6 steps to (7, 1), beside B (the first such square)
    assert relay_target(g, sc.p("A"), home) == (sc.p("B"), sc.at(7, 1))


def test_the_relay_needs_relay_gain_squares() -> None:
    # B 3 squares ahead of A: he ends 23 - 6 = 17 away, A alone 20: exactly
    # RELAY_GAIN nearer, a relay; 2 squares ahead (18 away) is not.
    assert RELAY_GAIN == 3
    sc = _corridor(4)
    assert relay_target(sc.match.state, sc.p("A"), _home(sc)) is not None
    sc = _corridor(3)
    assert relay_target(sc.match.state, sc.p("A"), _home(sc)) is None


def test_the_carrier_hands_off_and_the_receiver_runs_on() -> None:
    sc = _corridor(8)
    sc.dice.extend([6])  # B's catch
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    assert sc.events(HandOff) == [HandOff(sc.id("A"), sc.id("B"))]
    g = m.state
    assert g.carrier == sc.p("B")
    assert _home(sc)[sc.pos("B")] == 19 - 6  # his whole MA on


ROOM = """
##########
#........#
#...y....#
#..Ax....#
#..B.{c}..#
#........#
##########
"""


def test_a_marked_carrier_without_a_good_block_dodges_away() -> None:
    # B's block on x has no assist (A is Marked by y too): one die, x down
    # 1/2 (Both Down, Stumble, POW), B down 1/3 (Skull, Both Down):
    # 1/2 - ATTACKER_DOWN_WEIGHT * 1/3 < 0; the carrier's Move action comes
    # first.
    sc = DungeonScenario(ROOM.replace("{c}", "."), ball="A")
    g = sc.match.state
    assert block_odds(g, sc.p("B"), sc.p("x"))[:2] == (1 / 2, 1 / 3)
    assert ATTACKER_DOWN_WEIGHT == 2.0
    d = sc.match.pending
    assert d is not None
    assert escort_activation(d, sc.match.state, _home(sc)) == (
        "activate",
        sc.id("A"),
        "move",
    )


def test_an_assisted_block_frees_the_carrier_first() -> None:
    # C beside x assists B (and B assists C): two dice, B chooses. x goes
    # down on a POW or Stumble on either die (1 - (4/6)^2 = 20/36) or Both
    # Down as the best die (3/36): 23/36; B goes down when both dice are
    # Skull or Both Down: 4/36. 23/36 - 2 * 4/36 > 0.
    sc = DungeonScenario(ROOM.replace("{c}", "C"), ball="A")
    pdd, pad, _, _ = block_odds(sc.match.state, sc.p("B"), sc.p("x"))
    assert (round(pdd, 9), round(pad, 9)) == (round(23 / 36, 9), round(4 / 36, 9))
    d = sc.match.pending
    assert d is not None
    assert sc.p("B") < sc.p("C")  # equal odds: the first player blocks
    assert escort_activation(d, sc.match.state, _home(sc)) == (
        "activate",
        sc.id("B"),
        "block",
    )
