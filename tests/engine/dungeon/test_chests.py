"""Opening Chests (DB-setup "Opening Chests"): the ball, the booby trap,
who may open one and when, the Chest's square becoming floor."""

from __future__ import annotations

from engine.core.events import Armour, BallCaught, ChestOpened, KnockedDown, Turnover
from engine.core.state import PF_USED, PRONE, STANDING, STUNNED
from engine.dungeon.pitch import DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario
from engine.tools.invariants import check

ROOM = """
#########
#.A..$..#
#.......#
#########
"""


def _walk_to_chest(sc: DungeonScenario) -> None:
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 1)


def test_the_ball_chest_gives_the_ball_and_ends_the_activation() -> None:
    sc = DungeonScenario(ROOM, ball_chest=(5, 1))
    g = sc.match.state
    chest = sc.at(5, 1)
    _walk_to_chest(sc)
    pending = sc.match.pending
    assert pending is not None
    assert ("open_chest", chest) in pending.options
    assert pending.options[-1] == ("end",)  # declining stays possible
    sc.choose("open_chest", chest)
    a = sc.p("A")
    assert g.carrier == a
    assert g.ball == -1
    assert g.dungeon is not None
    assert g.dungeon.ball_chest == -1
    assert isinstance(g.pitch, DungeonPitch)
    assert chest not in g.pitch.chests
    assert g.pitch.standable(chest)
    assert sc.events(ChestOpened) == [ChestOpened("home", sc.id("A"), chest, "ball")]
    assert sc.events(BallCaught)[-1].how == "chest"
    assert sc.events(Turnover) == []
    assert g.pflags[a] & PF_USED
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"  # A's activation is over


def test_declining_leaves_the_chest_closed() -> None:
    sc = DungeonScenario(ROOM, ball_chest=(5, 1))
    _walk_to_chest(sc)
    sc.choose("end")
    g = sc.match.state
    assert isinstance(g.pitch, DungeonPitch)
    assert sc.at(5, 1) in g.pitch.chests
    assert g.carrier == -1
    assert sc.events(ChestOpened) == []


def test_the_booby_trap_knocks_down_the_opener_and_everyone_next_to_it() -> None:
    # A opens an empty Chest at (5, 1). Next to it: A at (4, 1), b at (6, 1)
    # Standing, c at (6, 2) Prone; d at (7, 1) is two squares away. Order:
    # A first (armour 1 + 1), then by square: b (armour 5 + 5 = 10, broken,
    # Injury 3 + 3: Stunned), then c, already down: armour only (2 + 2). A
    # Turnover; the Chest is removed after the last roll.
    sc = DungeonScenario(
        """
        #########
        #.A..$bd#
        #.....c.#
        #########
        """,
        ball_chest=(1, 2),
        prone="c",
        dice=[1, 1, 5, 5, 3, 3, 2, 2],
    )
    g = sc.match.state
    chest = sc.at(5, 1)
    _walk_to_chest(sc)
    sc.choose("open_chest", chest)
    assert sc.events(ChestOpened) == [
        ChestOpened("home", sc.id("A"), chest, "booby_trap")
    ]
    assert [e.player for e in sc.events(KnockedDown)] == [sc.id("A"), sc.id("b")]
    assert [(e.player, e.dice) for e in sc.events(Armour)] == [
        (sc.id("A"), (1, 1)),
        (sc.id("b"), (5, 5)),
        (sc.id("c"), (2, 2)),
    ]
    assert g.status[sc.p("A")] == PRONE
    assert g.status[sc.p("b")] == STUNNED
    assert g.status[sc.p("c")] == PRONE
    assert g.status[sc.p("d")] == STANDING
    assert len(sc.events(Turnover)) == 1
    assert isinstance(g.pitch, DungeonPitch)
    assert chest not in g.pitch.chests
    assert g.dungeon is not None
    assert g.dungeon.ball_chest == sc.at(1, 2)  # still hidden
    assert sc.dice.remaining == 0


def test_a_booby_trap_makes_an_opposing_carrier_drop_the_ball() -> None:
    # The ball was found: b holds it next to the Chest. Knocked Down (armour
    # 1 + 1 after A's 1 + 1), the ball bounces (D8 5: right, to (7, 1)).
    sc = DungeonScenario(
        """
        #########
        #.A..$b.#
        #########
        """,
        ball="b",
        dice=[1, 1, 1, 1, 5],
    )
    g = sc.match.state
    _walk_to_chest(sc)
    sc.choose("open_chest", sc.at(5, 1))
    assert g.carrier == -1
    assert g.ball == sc.at(7, 1)


def test_no_chest_option_when_marked() -> None:
    sc = DungeonScenario(
        """
        #########
        #.A..$..#
        #....b..#
        #########
        """
    )
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 1)  # next to the Chest, Marked by b at (5, 2)
    pending = sc.match.pending
    assert pending is not None
    assert all(o[0] != "open_chest" for o in pending.options)


def test_no_chest_option_in_a_blitz() -> None:
    sc = DungeonScenario(
        """
        #########
        #.A..$..#
        #.......#
        #......b#
        #########
        """
    )
    sc.act("A", "blitz", "b")
    sc.move(3, 1)
    sc.move(4, 1)
    pending = sc.match.pending
    assert pending is not None
    assert all(o[0] != "open_chest" for o in pending.options)


def test_no_chest_option_away_from_the_chest() -> None:
    sc = DungeonScenario(ROOM)
    sc.act("A", "move")
    sc.move(3, 1)  # two squares from the Chest
    pending = sc.match.pending
    assert pending is not None
    assert all(o[0] != "open_chest" for o in pending.options)


def test_no_chest_option_after_a_running_pass() -> None:
    # Running Pass: after a Quick pass (4: accurate; B catches with a 3) A
    # may go on moving, but his action is still a Pass action.
    sc = DungeonScenario(
        """
        #########
        #.A..$..#
        #.B.....#
        #########
        """,
        ball="A",
        skills={"A": ["running-pass"]},
        dice=[4, 3],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(2, 2))
    assert sc.match.state.carrier == sc.p("B")
    sc.move(3, 1)
    sc.move(4, 1)
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "move"
    assert all(o[0] != "open_chest" for o in pending.options)


def test_a_ball_in_a_closed_chest_is_in_play_for_the_invariants() -> None:
    sc = DungeonScenario(ROOM, ball_chest=(5, 1))
    g = sc.match.state
    assert check(g) == []
    g.carrier = sc.p("A")
    assert "ball both in a Chest and in play" in check(g)


def test_a_no_hands_player_opening_the_ball_chest_lets_the_ball_bounce() -> None:
    # No Hands: he cannot take the ball; it bounces from (4, 1), D8 7 =
    # (0, +1), to (4, 2). No Turnover: he never held it.
    sc = DungeonScenario(ROOM, ball_chest=(5, 1), skills={"A": ["no-hands"]}, dice=[7])
    g = sc.match.state
    _walk_to_chest(sc)
    sc.choose("open_chest", sc.at(5, 1))
    assert g.carrier == -1
    assert g.ball == sc.at(4, 2)
    assert g.dungeon is not None
    assert g.dungeon.ball_chest == -1
    assert sc.events(ChestOpened)[0].contents == "ball"
    assert sc.events(Turnover) == []
