"""The scripted bot's order of Moves in a dungeon (engine.bots.dungeon): a
player whose Move may end the team turn (one who can open a Chest this turn
while the ball is hidden, a booby trap being a Turnover; a Marked one, whose
first step is a Dodge) moves after a team-mate whose Move cannot."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.bots.dungeon import _risky_last
from engine.core.events import Activation, ChestOpened
from engine.core.state import Option
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

HALL = """
################
#A$...........B#
#..............#
#.............a#
################
"""


def _home_turn(sc: DungeonScenario) -> None:
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))


def test_the_chest_is_opened_after_the_others_have_moved() -> None:
    # A stands next to the Chest; B, 11 squares from it (MA 6), cannot
    # reach it this turn: B moves first, then A opens the Chest.
    sc = DungeonScenario(HALL, ball_chest=(2, 1))
    g = sc.match.state
    assert (g.ma[sc.p("A")], g.ma[sc.p("B")]) == (6, 6)
    _home_turn(sc)
    acts = [e.player for e in sc.events(Activation)]
    assert acts[:2] == [g.pid[sc.p("B")], g.pid[sc.p("A")]]
    (opened,) = sc.events(ChestOpened)
    assert opened.player == g.pid[sc.p("A")]
    assert g.carrier == sc.p("A")


def test_nobody_waits_for_a_team_mate_whose_move_is_risky_too() -> None:
    # A can open the Chest; B, the only other, is Marked by b (his first
    # step a Dodge): neither Move is safe, so A's is not put off for B's.
    hall = HALL.replace("B#", ".#").replace("#..............#", "#.......Bb.....#")
    sc = DungeonScenario(hall, ball_chest=(2, 1))
    g = sc.match.state
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"
    assert g.markers(sc.pos("B"), 0) == 1
    a_moves: Option = ("activate", g.pid[sc.p("A")], "move")
    b_moves: Option = ("activate", g.pid[sc.p("B")], "move")
    assert {a_moves, b_moves} <= set(d.options)
    assert isinstance(g.pitch, DungeonPitch)
    assert _risky_last(d, g, g.pitch, a_moves) is None
    assert _risky_last(d, g, g.pitch, b_moves) is None


LOOSE = """
####################
#..*..............B#
#.Aa...............#
#..................#
####################
"""


def test_a_marked_player_moves_after_an_unmarked_one() -> None:
    # The ball is loose; A, next to it, is Marked by a (his first step a
    # Dodge: a failed one ends the turn). B, unmarked, moves first.
    sc = DungeonScenario(LOOSE, dice=[6, 6, 6, 6])
    g = sc.match.state
    assert g.markers(sc.pos("A"), 0) == 1
    assert g.markers(sc.pos("B"), 0) == 0
    _home_turn(sc)
    acts = [(e.player, e.action) for e in sc.events(Activation)]
    assert acts[0] == (g.pid[sc.p("B")], "move")
