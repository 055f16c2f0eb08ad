"""The bots and Dungeon Bowl's Chests and rooms: the scripted bot hunts
Chests while the ball is hidden, throws food at the ball carrier, gathers
funds only when nothing better is left; the random bot can pick each new
option."""

from __future__ import annotations

from engine.bots.dungeon_rooms import chest_distances, refine
from engine.bots.random_bot import RandomBot
from engine.bots.scripted import ScriptedBot
from engine.core.events import ChestOpened, RoomRule
from engine.core.state import Option
from engine.tools.dungeon_scenario import DungeonScenario


def play(sc: DungeonScenario, bot: object, limit: int = 60) -> list[Option]:
    """Let ``bot`` make the decisions until the scenario's turn ends."""
    g = sc.match.state
    chosen: list[Option] = []
    for _ in range(limit):
        d = g.pending
        if d is None:
            break
        c = bot.choose(d, g)  # type: ignore[attr-defined]
        chosen.append(c)
        sc.match.apply(c)
    return chosen


HUNT = """
###########
#.A......$#
#.........#
#B........#
###########
"""


def test_chest_distances_walk_round_walls_and_players() -> None:
    sc = DungeonScenario(
        """
        #######
        #A.#.$#
        #..#..#
        #..b..#
        #.....#
        #######
        """
    )
    g = sc.match.state
    dist = chest_distances(g, sc.p("A"))
    assert dist[sc.at(4, 1)] == 0  # next to the Chest
    assert dist[sc.at(4, 2)] == 0
    assert sc.at(3, 3) not in dist  # b stands there
    assert dist[sc.at(4, 3)] == 1
    assert dist[sc.at(3, 4)] == 2
    assert dist[sc.at(2, 3)] == 3
    assert dist[sc.at(2, 2)] == 4  # round the wall and round b
    assert dist[sc.at(1, 1)] == 5


def test_scripted_bot_walks_to_a_chest_and_opens_it_while_the_ball_is_hidden() -> None:
    sc = DungeonScenario(HUNT, ball_chest=(9, 1))
    play(sc, ScriptedBot(1))
    g = sc.match.state
    assert sc.events(ChestOpened) == [
        ChestOpened("home", sc.id("A"), sc.at(9, 1), "ball")
    ]
    assert g.carrier == sc.p("A")


def test_scripted_bot_opens_no_chest_once_the_ball_is_found() -> None:
    sc = DungeonScenario(
        """
        ###########
        #.A....$..#
        #.........#
        #B........#
        ###########
        """,
        ball="B",
    )
    play(sc, ScriptedBot(1))
    assert sc.events(ChestOpened) == []


KITCHEN = """
#########
#A......#
#.......#
#..b.c..#
#########
"""


def test_scripted_bot_throws_food_at_the_ball_carrier() -> None:
    # Two targets in the Kitchen player's sight: c (ST 4) and b, who holds
    # the ball: the bot throws at b at once.
    sc = DungeonScenario(
        KITCHEN,
        rooms={"kitchen": (1, 1, 1, 1)},
        ball="b",
        stats={"c": {"st": 4}},
        dice=[2],
    )
    chosen = play(sc, ScriptedBot(1), limit=2)
    assert chosen == [
        ("activate", sc.id("A"), "throw_food"),
        ("throw_food", sc.id("b")),
    ]


def test_scripted_bot_hunts_a_chest_before_gathering_funds() -> None:
    # A stands in the Treasure Room, B can hunt the hidden ball's Chest: B
    # goes first and opens it (the ball).
    sc = DungeonScenario(
        """
        ##########
        #A.......#
        #......B.#
        #.......$#
        ##########
        """,
        rooms={"treasure_room": (1, 1, 1, 1)},
        ball_chest=(8, 3),
    )
    chosen = play(sc, ScriptedBot(1))
    activations = [c for c in chosen if c[0] == "activate"]
    assert activations[0] == ("activate", sc.id("B"), "move")
    assert sc.events(ChestOpened) == [
        ChestOpened("home", sc.id("B"), sc.at(8, 3), "ball")
    ]


def test_scripted_bot_gathers_funds_when_nothing_better_is_left() -> None:
    # The only Chest is walled off: A, in the Treasure Room, gathers funds;
    # B has nothing to do.
    sc = DungeonScenario(
        """
        ##########
        #A.....B.#
        ##########
        #......$.#
        ##########
        """,
        rooms={"treasure_room": (1, 1, 1, 1)},
        ball_chest=(7, 3),
    )
    chosen = play(sc, ScriptedBot(1))
    assert chosen == [("activate", sc.id("A"), "gather_funds"), ("end_turn",)]
    g = sc.match.state
    assert g.dungeon is not None
    assert g.dungeon.gather_funds == [1, 0]
    assert any(e.effect == "gather_funds" for e in sc.events(RoomRule))


def test_random_bot_can_pick_each_new_option() -> None:
    picked: set[str] = set()
    for seed in range(40):
        sc = DungeonScenario(
            """
            ##########
            #A..B.$..#
            #........#
            #C...b...#
            ##########
            """,
            rooms={"kitchen": (1, 3, 1, 3), "treasure_room": (1, 1, 1, 1)},
        )
        d = sc.match.pending
        assert d is not None
        first = RandomBot(seed).choose(d, sc.match.state)
        picked.add(first[-1])
    assert {"throw_food", "gather_funds"} <= picked
    # Next to the Chest with a Move action: the Chest is the one active
    # option besides stopping, so the random bot opens it.
    sc = DungeonScenario(
        """
        #######
        #A.$..#
        #######
        """,
        stats={"A": {"ma": 1}},
        dice=[6, 6],
    )
    sc.act("A", "move")
    sc.move(2, 1)
    d = sc.match.pending
    assert d is not None
    assert ("open_chest", sc.at(3, 1)) in d.options
    sc.move(1, 1)  # a Rush (6)
    sc.move(2, 1)  # the second Rush (6): no step is left
    d = sc.match.pending
    assert d is not None
    assert d.options == (("open_chest", sc.at(3, 1)), ("end",))
    assert RandomBot(0).choose(d, sc.match.state) == ("open_chest", sc.at(3, 1))


def test_throw_food_at_the_carrier_comes_before_the_planners_choice() -> None:
    # Whatever the planner picked, a Throw Food at the opposing ball carrier
    # goes first; without a carrier in sight the planner's choice stands.
    sc = DungeonScenario(KITCHEN, rooms={"kitchen": (1, 1, 1, 1)}, ball="b")
    g = sc.match.state
    d = sc.match.pending
    assert d is not None
    planned = ("activate", sc.id("A"), "move")
    assert refine(d, g, planned) == ("activate", sc.id("A"), "throw_food")
    sc = DungeonScenario(KITCHEN, rooms={"kitchen": (1, 1, 1, 1)})
    d = sc.match.pending
    assert d is not None
    assert refine(d, sc.match.state, planned) == planned


def test_scripted_bot_throws_food_when_nothing_better_is_left() -> None:
    # No carrier, no Chest: A throws food at the strongest target (c, ST 4),
    # misses with a 2.
    sc = DungeonScenario(
        KITCHEN, rooms={"kitchen": (1, 1, 1, 1)}, stats={"c": {"st": 4}}, dice=[2]
    )
    chosen = play(sc, ScriptedBot(1), limit=2)
    assert chosen == [
        ("activate", sc.id("A"), "throw_food"),
        ("throw_food", sc.id("c")),
    ]
