"""No assist through a wall (S002; digest B7): a player separated from the
player being blocked (or fouled) by a wall gives no assist.

C stands diagonally to b at (3, 3). The two squares they share a corner
with are (3, 2) and (2, 3). With a Crypt square at (3, 2) and a wall at
(2, 3) a wall stands directly between them (``separated_by_wall``), yet C
still Marks b (only a crack between two *walls* cuts the step, so the
Crypt leaves them neighbours): the assist is what the rule takes away.
"""

from __future__ import annotations

from engine.core.events import Armour, Block
from engine.tools.dungeon_scenario import DungeonScenario

WALLED = """
    ######
    #.A..#
    #.b..#
    #.#C.#
    ######
"""
OPEN = """
    ######
    #.A..#
    #.b..#
    #..C.#
    ######
"""
CRYPT = {(3, 2): "C"}


def test_an_assist_through_a_wall_does_not_count() -> None:
    sc = DungeonScenario(WALLED, features=CRYPT, dice=["push"])
    assert sc.p("C") >= 0
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    (block,) = sc.events(Block)
    assert block.st_attacker == 3  # no assist: ST 3 against 3, one die
    assert len(block.dice) == 1


def test_the_same_assist_without_the_wall_counts() -> None:
    sc = DungeonScenario(OPEN, features=CRYPT, dice=["push", "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    (block,) = sc.events(Block)
    assert block.st_attacker == 4
    assert len(block.dice) == 2


def test_a_defensive_assist_through_a_wall_does_not_count() -> None:
    # The away team's b blocks A. C, A's team-mate, Marks b across the
    # crack: no defensive assist, A stays at ST 3. (A then has only walls
    # behind him: pushed into the wall, D6 3, he stays.)
    sc = DungeonScenario(WALLED, features=CRYPT, dice=["push", 3], active="away")
    sc.act("b", "block")
    sc.choose("block", sc.id("A"))
    (block,) = sc.events(Block)
    assert block.st_defender == 3
    assert sc.pos("A") == sc.at(2, 1)


def test_the_same_defensive_assist_without_the_wall_counts() -> None:
    sc = DungeonScenario(OPEN, features=CRYPT, dice=["push", "push", 3], active="away")
    sc.act("b", "block")
    sc.choose("block", sc.id("A"))
    (block,) = sc.events(Block)
    assert block.st_defender == 4


def test_a_foul_assist_through_a_wall_does_not_count() -> None:
    # A fouls the Prone b: Armour 4 + 4 = 8, no +1 from C: not 9+.
    sc = DungeonScenario(WALLED, features=CRYPT, prone="b", dice=[4, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    (armour,) = sc.events(Armour)
    assert armour.modifier == 0
    assert not armour.broken


def test_the_same_foul_assist_without_the_wall_counts() -> None:
    # With the corner open, C assists: 4 + 4 + 1 = 9 breaks AV 9+.
    sc = DungeonScenario(OPEN, features=CRYPT, prone="b", dice=[4, 4, 2, 3])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    armour = sc.events(Armour)[0]
    assert armour.modifier == 1
    assert armour.broken
