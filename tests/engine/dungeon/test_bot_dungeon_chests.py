"""The scripted bot's order of Moves in a dungeon (engine.bots.dungeon): a
player whose Move may end the team turn (one who can open a Chest this turn
while the ball is hidden, a booby trap being a Turnover; a Marked one, whose
first step is a Dodge) moves after a team-mate whose Move cannot."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.core.events import Activation, ChestOpened
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


def test_two_who_can_open_keep_the_planners_order() -> None:
    # B 3 squares from the Chest's side: both can open it this turn, so
    # nobody waits: the first one activated opens it and takes the ball.
    hall = HALL.replace("#A$...", "#A$..B").replace("B#", ".#")
    sc = DungeonScenario(hall, ball_chest=(2, 1))
    g = sc.match.state
    _home_turn(sc)
    first = sc.events(Activation)[0].player
    (opened,) = sc.events(ChestOpened)
    assert opened.player == first
    assert g.pid[g.carrier] == first


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
