"""The scripted bot's carrier in a dungeon and the Portals (engine.bots.dungeon):
he heads for one when its D6 is expected to cost him fewer than
PORTAL_GAIN squares more than his walk home, and for any one when his walk
cannot get home before the time limit while the ball loses its tie-break.

The mean of a Portal n's D6 is the walk home from each other Portal, and his
walk home now plus MISHAP_COST for the Magical Mishap (n itself), over six.
"""

from __future__ import annotations

import pytest

from engine.bots import ScriptedBot
from engine.bots.dungeon import MISHAP_COST, PORTAL_GAIN, walk
from engine.core.events import Move, Teleport
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

# The End Zone is the column x = 25; the Portals' walks home are 21 (1 at
# (4, 2)), 22, 21, 20, 19 and 18: 121 together.
ROOM = """
###########################
#{z}.2.4.6.................>#
#{z}..1{a}>#
#{z}..3.5..................>#
###########################
"""


def _room(a_at: int, zone: str = ".") -> DungeonScenario:
    """A at (a_at, 2); ``zone`` in the column x = 1 ("<": the End Zone the
    other team scores in)."""
    row = "." * (a_at - 5) + "A" + "." * (24 - a_at)
    text = ROOM.replace("{a}", row).replace("{z}", zone)
    return DungeonScenario(text, ball="A")


def _late(a_at: int, turn: int, zone: str = ".") -> DungeonScenario:
    """:func:`_room` in team turn ``turn`` of 20 before the time limit."""
    sc = _room(a_at, zone)
    g = sc.match.state
    assert g.dungeon is not None
    g.dungeon.turn_cap = 20
    g.turn[0] = turn
    return sc


def _home(sc: DungeonScenario) -> list[int]:
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    return walk(pitch, set(pitch.endzone_squares(0)))


def _first_move(sc: DungeonScenario) -> int:
    """The carrier's first step in the home team's turn."""
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
        if sc.events(Move):
            break
    moves = sc.events(Move)
    assert moves, "the carrier did not move"
    return int(moves[0].dst)


def test_the_portals_walks_home_as_drawn() -> None:
    sc = _room(5)
    home = _home(sc)
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    assert [home[pitch.portals[n]] for n in range(1, 7)] == [21, 22, 21, 20, 19, 18]
    assert home[sc.pos("A")] == 20
    assert sc.match.state.ma[sc.p("A")] == 6


def test_a_portal_a_few_squares_worse_on_average_is_taken() -> None:
    # A, 20 squares from home, is next to Portal 1: 1 step, then on average
    # (121 - 21 + 20 + MISHAP_COST) / 6 = 23.3 squares: 24.3 in all, fewer
    # than 20 - PORTAL_GAIN = 26. He steps on it and is teleported.
    assert (PORTAL_GAIN, MISHAP_COST) == (-6, 20)
    sc = _room(5)
    sc.dice.extend([4])  # the teleport's D6: Portal 4
    assert _first_move(sc) == sc.at(4, 2)
    assert len(sc.events(Teleport)) == 1


def test_a_portal_too_much_worse_on_average_is_not() -> None:
    # A 16 squares from home: the best Portal is 6 (2 steps, then
    # (121 - 18 + 16 + 20) / 6 = 23.2): 25.2 squares, more than
    # 16 - PORTAL_GAIN = 22. He walks home (a step east).
    sc = _room(9)
    assert _home(sc)[sc.pos("A")] == 16
    assert _home(sc)[_first_move(sc)] == 15
    assert sc.events(Teleport) == []


def test_out_of_time_and_losing_the_tie_break_any_portal_is_taken() -> None:
    # As above, but it is his team's last turn before the time limit: 8
    # squares (MA 6 and two Rushes) do not take him home, and the ball, 8
    # squares from the End Zone the other team scores in (x = 1), loses
    # the tie-break: the nearest Portal (6, 2 steps away) beats a sure loss.
    sc = _late(9, 20, zone="<")
    sc.dice.extend([4])
    assert _first_move(sc) in (sc.at(8, 1), sc.at(8, 2), sc.at(8, 3))
    assert sc.events(Teleport) == []  # one step on the way to Portal 6


def test_with_turns_left_or_winning_the_tie_break_he_walks() -> None:
    # Two turns left, this one and the last: twice MA 6 and two Rushes is
    # 16 squares, just enough: he walks, as with no time limit.
    sc = _late(9, 19, zone="<")
    assert _home(sc)[_first_move(sc)] == 15
    # The last turn, but no End Zone of theirs nearer the ball: he walks.
    sc = _late(9, 20)
    assert _home(sc)[_first_move(sc)] == 15


@pytest.mark.parametrize(
    ("a_at", "distances", "first_step_home"),
    [
        # 10 squares from home, 14 from the End Zone they score in: on the
        # last turn he cannot score (8 squares), but the ball wins the
        # tie-break; he walks nearer home, past no Portal.
        (15, (10, 14), 9),
        # 12 from either: the time limit would make it a draw, no win
        # either; he heads for Portal 6 (a step west) rather than walking.
        (13, (12, 12), 13),
    ],
)
def test_out_of_time_the_tie_break_decides_the_portal(
    a_at: int, distances: tuple[int, int], first_step_home: int
) -> None:
    sc = _late(a_at, 20, zone="<")
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    theirs = walk(pitch, set(pitch.endzone_squares(1)))
    assert (_home(sc)[sc.pos("A")], theirs[sc.pos("A")]) == distances
    assert _home(sc)[_first_move(sc)] == first_step_home
