"""Dungeon Bowl rooms (DB-setup "Dungeon Tile Special Rules"), each with
scripted dice and values worked out from the rules text.

Players in a DungeonScenario have MA 6, ST 3, AG 3+, PA 4+, AV 9+ unless
told otherwise."""

from __future__ import annotations

from engine.core.events import Armour, KnockedDown, Reroll, Roll, RoomRule, Turnover
from engine.core.state import PF_USED, PRONE, STANDING, STUNNED
from engine.match import run
from engine.rules.ball import disturbing_presence
from engine.rules.turns import Turn
from engine.tools.dungeon_scenario import DungeonScenario

CORRIDOR = """
########
#.Ab...#
########
"""


def rolls(sc: DungeonScenario, purpose: str) -> list[Roll]:
    return [e for e in sc.events(Roll) if e.purpose == purpose]


# -- the Armoury ---------------------------------------------------------------


def test_armoury_adds_one_to_the_armour_roll() -> None:
    # A Blocks b (1 die: POW), b is pushed one square right, still in the
    # Armoury. Armour 4 + 4 = 8, +1 = 9 against AV 9+: broken; Injury 2 + 2
    # = 4: Stunned.
    sc = DungeonScenario(
        CORRIDOR, rooms={"armoury": (3, 1, 6, 1)}, dice=["pow", 4, 4, 2, 2]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    (armour,) = sc.events(Armour)
    assert armour.dice == (4, 4)
    assert armour.modifier == 1
    assert armour.broken is True
    assert sc.dice.remaining == 0


def test_outside_the_armoury_the_same_dice_do_not_break_armour() -> None:
    sc = DungeonScenario(CORRIDOR, rooms={"armoury": (1, 1, 2, 1)}, dice=["pow", 4, 4])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    (armour,) = sc.events(Armour)
    assert armour.modifier == 0
    assert armour.broken is False


# -- the Bone Pit --------------------------------------------------------------

PASSING = """
########
#.A.B..#
########
"""


def test_bone_pit_throw_is_at_minus_one() -> None:
    # A Quick pass (no range modifier) from the Bone Pit: 4 - 1 = 3 < PA 4+:
    # inaccurate. It scatters right, left, right to (5, 1), bounces left
    # onto B, who catches a bouncing ball (-1) with a 6.
    sc = DungeonScenario(
        PASSING,
        rooms={"bone_pit": (1, 1, 2, 1)},
        ball="A",
        dice=[4, 5, 4, 5, 4, 6],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(4, 1))
    (throw,) = rolls(sc, "pass")
    assert (throw.dice, throw.modifier, throw.success) == ((4,), -1, False)
    assert sc.match.state.carrier == sc.p("B")


def test_a_throw_outside_the_bone_pit_with_a_4_is_accurate() -> None:
    # The same throw from outside: 4 >= 4+, accurate; B catches on 3+ (AG)
    # with a 3.
    sc = DungeonScenario(
        PASSING, rooms={"bone_pit": (5, 1, 6, 1)}, ball="A", dice=[4, 3]
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(4, 1))
    (throw,) = rolls(sc, "pass")
    assert (throw.modifier, throw.success) == (0, True)
    (catch,) = rolls(sc, "catch")
    assert (catch.modifier, catch.success) == (0, True)


def test_bone_pit_catch_is_at_minus_one() -> None:
    # An accurate pass (4) to B in the Bone Pit: the catch is AG 3+ at -1,
    # so a 3 fails (3 - 1 = 2) and the ball bounces (D8 5: right, to the
    # empty (5, 1)).
    sc = DungeonScenario(
        PASSING, rooms={"bone_pit": (4, 1, 4, 1)}, ball="A", dice=[4, 3, 5]
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.at(4, 1))
    (catch,) = rolls(sc, "catch")
    assert (catch.dice, catch.modifier, catch.success) == ((3,), -1, False)
    assert sc.match.state.carrier == -1
    assert sc.match.state.ball == sc.at(5, 1)


def test_bone_pit_hand_off_from_the_pit_is_at_minus_one() -> None:
    # A (in the Bone Pit) hands off to B (outside): B's catch is at -1, a 3
    # fails; the ball bounces right (D8 5) to (4, 1). A Turnover.
    sc = DungeonScenario(
        """
        ########
        #.AB...#
        ########
        """,
        rooms={"bone_pit": (1, 1, 2, 1)},
        ball="A",
        dice=[3, 5],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    (catch,) = rolls(sc, "hand_off")
    assert (catch.modifier, catch.success) == (-1, False)
    assert sc.match.state.ball == sc.at(4, 1)


def test_hand_off_outside_the_bone_pit_is_unmodified() -> None:
    sc = DungeonScenario(
        """
        ########
        #.AB...#
        ########
        """,
        rooms={"bone_pit": (5, 1, 6, 1)},
        ball="A",
        dice=[3],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    (catch,) = rolls(sc, "hand_off")
    assert (catch.modifier, catch.success) == (0, True)
    assert sc.match.state.carrier == sc.p("B")


# -- the Cursed Room -----------------------------------------------------------

DODGER = """
########
#..b...#
#..A...#
########
"""


def test_cursed_room_no_skill_reroll_and_no_team_reroll() -> None:
    # A (Dodge, 2 team re-rolls) dodges away from b and rolls a 1: in the
    # Cursed Room neither Dodge nor a team re-roll may be used. He Falls
    # Over (armour 2 + 2: holds) and it is a Turnover.
    sc = DungeonScenario(
        DODGER,
        rooms={"cursed_room": (1, 1, 6, 2)},
        skills={"A": ["dodge"]},
        rerolls=(2, 0),
        dice=[1, 2, 2],
    )
    sc.act("A", "move")
    sc.move(4, 2)
    assert sc.events(Reroll) == []
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.match.state.rerolls[0] == 2
    assert len(sc.events(Turnover)) == 1


def test_outside_the_cursed_room_dodge_rerolls() -> None:
    # The same dodge outside the room: Dodge re-rolls the 1; a 4 passes.
    sc = DungeonScenario(
        DODGER,
        rooms={"cursed_room": (6, 1, 6, 1)},
        skills={"A": ["dodge"]},
        rerolls=(2, 0),
        dice=[1, 4],
    )
    sc.act("A", "move")
    sc.move(4, 2)
    (rr,) = sc.events(Reroll)
    assert rr.source == "dodge"
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_cursed_room_no_team_reroll_for_a_rush() -> None:
    # MA 1: the second step is a Rush; a 1 fails. Outside the room a team
    # re-roll would be offered; in it he Falls Over at once (armour 3 + 3).
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"cursed_room": (1, 1, 6, 1)},
        stats={"A": {"ma": 1}},
        skills={"A": ["sure-feet", "pro"]},
        rerolls=(1, 0),
        dice=[1, 3, 3],
    )
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 1)
    assert sc.events(Reroll) == []
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_outside_the_cursed_room_a_failed_rush_offers_the_team_reroll() -> None:
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"cursed_room": (6, 1, 6, 1)},
        stats={"A": {"ma": 1}},
        rerolls=(1, 0),
        dice=[1],
    )
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 1)
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "reroll"
    assert ("team_reroll",) in pending.options


def test_cursed_room_block_dice_offer_no_reroll() -> None:
    # A Blocks from the Cursed Room with Pro and team re-rolls: Player Down
    # is final (no reroll decision), A is Knocked Down (armour 1 + 1).
    sc = DungeonScenario(
        CORRIDOR,
        rooms={"cursed_room": (1, 1, 2, 1)},
        skills={"A": ["pro"]},
        rerolls=(3, 0),
        dice=["player_down", 1, 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Reroll) == []
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_cursed_room_no_brawler() -> None:
    # Both Down with Brawler: in the Cursed Room no re-roll is offered; both
    # players go down (armour 1 + 1 each).
    sc = DungeonScenario(
        CORRIDOR,
        rooms={"cursed_room": (1, 1, 2, 1)},
        skills={"A": ["brawler"]},
        dice=["both_down", 1, 1, 1, 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_outside_the_cursed_room_brawler_is_offered() -> None:
    sc = DungeonScenario(
        CORRIDOR,
        rooms={"cursed_room": (5, 1, 6, 1)},
        skills={"A": ["brawler"]},
        dice=["both_down"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    pending = sc.match.pending
    assert pending is not None
    assert ("brawler",) in pending.options


# -- the Flooded Room ----------------------------------------------------------


def _rush(room: tuple[int, int, int, int], dice: list[int | str]) -> DungeonScenario:
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"flooded_room": room},
        stats={"A": {"ma": 1}},
        dice=dice,
    )
    sc.act("A", "move")
    sc.move(3, 1)
    sc.move(4, 1)  # a Rush
    return sc


def test_flooded_room_rush_fails_on_a_two() -> None:
    # Rushing into the Flooded Room: a 2 fails (target 3+); he Falls Over,
    # armour 1 + 1 holds.
    sc = _rush((4, 1, 6, 1), [2, 1, 1])
    (rush,) = rolls(sc, "rush")
    assert (rush.target, rush.success) == (3, False)
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_flooded_room_rush_passes_on_a_three() -> None:
    sc = _rush((4, 1, 6, 1), [3])
    (rush,) = rolls(sc, "rush")
    assert rush.success is True
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_outside_the_flooded_room_a_rush_passes_on_a_two() -> None:
    sc = _rush((6, 1, 6, 1), [2])
    (rush,) = rolls(sc, "rush")
    assert (rush.target, rush.success) == (2, True)


# -- the Forgotten Jail --------------------------------------------------------


def test_forgotten_jail_two_takes_two_ma_for_the_activation() -> None:
    # A (MA 6) begins his activation in the Jail and rolls a 2: MA 4 until
    # the activation ends.
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."), rooms={"forgotten_jail": (1, 1, 2, 1)}, dice=[2]
    )
    g = sc.match.state
    a = sc.p("A")
    sc.act("A", "move")
    (roll,) = rolls(sc, "forgotten_jail")
    assert (roll.dice, roll.success) == ((2,), False)
    assert g.ma[a] == 4
    assert RoomRule("forgotten_jail", sc.id("A"), "ma", -2) in sc.events(RoomRule)
    sc.choose("end")
    assert g.ma[a] == 6


def test_forgotten_jail_three_keeps_the_ma() -> None:
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."), rooms={"forgotten_jail": (1, 1, 2, 1)}, dice=[3]
    )
    sc.act("A", "move")
    assert sc.match.state.ma[sc.p("A")] == 6
    assert sc.events(RoomRule) == []


def test_no_jail_roll_outside_the_jail() -> None:
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."), rooms={"forgotten_jail": (4, 1, 6, 1)}, dice=[]
    )
    sc.act("A", "move")
    assert rolls(sc, "forgotten_jail") == []


# -- the Chaotic Idol ----------------------------------------------------------


def test_chaotic_idol_six_gives_st_plus_one_for_the_activation() -> None:
    # A rolls a 6 by the Idol: ST 4 against b's ST 3, two block dice (A
    # chooses): "push", "pow"; A picks POW, b is pushed, armour 1 + 1. With
    # ST 3 there would be one die and no choice.
    sc = DungeonScenario(CORRIDOR, rooms={"chaotic_idol": (1, 1, 2, 1)}, dice=[6])
    g = sc.match.state
    a = sc.p("A")
    sc.act("A", "block")
    assert g.st[a] == 4
    sc.dice.extend(["push", "pow"])
    sc.choose("block", sc.id("b"))
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "block_die"
    assert len(pending.options) == 2
    assert pending.options == (("die", "push"), ("die", "pow"))
    sc.dice.extend([1, 1])
    sc.choose("die", "pow")
    sc.choose("stay")
    assert len(sc.events(Armour)) == 1
    assert g.st[a] == 3  # back after the activation


def test_chaotic_idol_five_does_nothing() -> None:
    sc = DungeonScenario(CORRIDOR, rooms={"chaotic_idol": (1, 1, 2, 1)}, dice=[5])
    sc.act("A", "block")
    assert sc.match.state.st[sc.p("A")] == 3
    (roll,) = rolls(sc, "chaotic_idol")
    assert roll.success is False


# -- the Dragon Youngling's Lair -----------------------------------------------


def test_dragon_five_knocks_down_without_turnover() -> None:
    # A 5: Knocked Down, armour 3 + 3 holds; he has no ball: no Turnover,
    # and his activation ends (the team may go on: B is next).
    sc = DungeonScenario(
        """
        ########
        #.A..B.#
        ########
        """,
        rooms={"dragon_lair": (1, 1, 2, 1)},
        dice=[5, 3, 3],
    )
    g = sc.match.state
    sc.act("A", "move")
    assert g.status[sc.p("A")] == PRONE
    assert [e.how for e in sc.events(KnockedDown)] == ["knocked_down"]
    assert sc.events(Turnover) == []
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert ("activate", sc.id("B"), "move") in pending.options


def test_dragon_knocks_down_the_ball_carrier_with_a_turnover() -> None:
    # With the ball: Knocked Down (armour 2 + 2), the ball bounces (D8 5:
    # right, to (3, 1)), and it is a Turnover.
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"dragon_lair": (1, 1, 2, 1)},
        ball="A",
        dice=[6, 2, 2, 5],
    )
    sc.act("A", "move")
    g = sc.match.state
    assert len(sc.events(Turnover)) == 1
    assert g.carrier == -1
    assert g.ball == sc.at(3, 1)


def test_dragon_four_does_nothing() -> None:
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."), rooms={"dragon_lair": (1, 1, 2, 1)}, dice=[4]
    )
    sc.act("A", "move")
    assert sc.match.state.status[sc.p("A")] == STANDING
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "move"


# -- the Kitchen ---------------------------------------------------------------

KITCHEN = """
#########
#A.#.d..#
#.......#
#e...cb.#
#########
"""


def test_throw_food_five_knocks_the_target_down() -> None:
    # A in the Kitchen at (1, 1); b at (6, 3) is 5 squares away (too far),
    # d at (5, 1) is 4 away but the wall at (3, 1) hides him, e at (1, 3)
    # is Prone (cannot be Knocked Down), c at (5, 3) is 4 away in sight (the
    # line passes below the wall): only c. A 5 hits:
    # c is Knocked Down, armour 6 + 5 = 11 breaks AV 9+, Injury 2 + 3:
    # Stunned. Not a Turnover; A's activation is over.
    sc = DungeonScenario(
        KITCHEN, rooms={"kitchen": (1, 1, 1, 1)}, prone="e", dice=[5, 6, 5, 2, 3]
    )
    g = sc.match.state
    opt = ("activate", sc.id("A"), "throw_food")
    pending = sc.match.pending
    assert pending is not None
    assert opt in pending.options
    sc.choose(*opt)
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "throw_food_target"
    assert pending.options == (("throw_food", sc.id("c")),)
    sc.choose("throw_food", sc.id("c"))
    (roll,) = rolls(sc, "throw_food")
    assert (roll.target, roll.success) == (5, True)
    c = sc.p("c")
    assert g.status[c] != STANDING
    assert sc.events(Turnover) == []
    assert g.pflags[sc.p("A")] & PF_USED
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert all(o[1] != sc.id("A") for o in pending.options if o[0] == "activate")


def test_throw_food_four_misses() -> None:
    sc = DungeonScenario(KITCHEN, rooms={"kitchen": (1, 1, 1, 1)}, prone="e", dice=[4])
    sc.choose("activate", sc.id("A"), "throw_food")
    sc.choose("throw_food", sc.id("c"))
    assert sc.match.state.status[sc.p("c")] == STANDING
    assert sc.events(KnockedDown) == []


def test_no_throw_food_outside_the_kitchen_or_without_a_target() -> None:
    sc = DungeonScenario(KITCHEN, rooms={"kitchen": (2, 1, 2, 1)}, prone="e")
    pending = sc.match.pending
    assert pending is not None
    assert all(o[-1] != "throw_food" for o in pending.options)
    far = DungeonScenario(
        KITCHEN.replace("c", "."), rooms={"kitchen": (1, 1, 1, 1)}, prone="e"
    )  # b too far, d out of sight, e down
    pending = far.match.pending
    assert pending is not None
    assert all(o[-1] != "throw_food" for o in pending.options)


# -- the Treasure Room ---------------------------------------------------------


def test_gather_funds_counts_and_ends_the_activation() -> None:
    sc = DungeonScenario(
        """
        ########
        #.A.B..#
        ########
        """,
        rooms={"treasure_room": (1, 1, 2, 1)},
    )
    g = sc.match.state
    assert g.dungeon is not None
    pending = sc.match.pending
    assert pending is not None
    assert ("activate", sc.id("B"), "gather_funds") not in pending.options
    sc.choose("activate", sc.id("A"), "gather_funds")
    assert g.dungeon.gather_funds == [1, 0]
    assert RoomRule("treasure_room", sc.id("A"), "gather_funds", 1) in sc.events(
        RoomRule
    )
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert g.pflags[sc.p("A")] & PF_USED
    assert ("activate", sc.id("A"), "gather_funds") not in pending.options


def test_a_failed_bone_head_stops_gather_funds() -> None:
    # Bone-head 2+: a 1 fails (no team re-roll), the activation ends before
    # the funds are gathered.
    sc = DungeonScenario(
        """
        ########
        #.A....#
        ########
        """,
        rooms={"treasure_room": (1, 1, 2, 1)},
        skills={"A": ["bone-head"]},
        dice=[1],
    )
    g = sc.match.state
    assert g.dungeon is not None
    sc.choose("activate", sc.id("A"), "gather_funds")
    assert g.dungeon.gather_funds == [0, 0]
    assert sc.events(RoomRule) == []


def test_a_failed_bone_head_stops_throw_food() -> None:
    sc = DungeonScenario(
        KITCHEN,
        rooms={"kitchen": (1, 1, 1, 1)},
        prone="e",
        skills={"A": ["bone-head"]},
        dice=[1],
    )
    sc.choose("activate", sc.id("A"), "throw_food")
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert rolls(sc, "throw_food") == []


# -- the Sewer -----------------------------------------------------------------


def test_sewer_gives_disturbing_presence_until_the_next_activation() -> None:
    # A steps into the Sewer: Disturbing Presence, so b (3 squares away)
    # suffers -1. It lasts through the turn and ends when A's next
    # activation begins.
    sc = DungeonScenario(
        """
        #########
        #.A....b#
        #########
        """,
        rooms={"sewer": (3, 1, 4, 1)},
    )
    g = sc.match.state
    b = sc.p("b")
    assert disturbing_presence(g, b) == 0
    sc.act("A", "move")
    sc.move(3, 1)
    assert disturbing_presence(g, b) == 0  # 4 squares away
    sc.move(4, 1)  # inside the Sewer: not entering again
    assert disturbing_presence(g, b) == 1
    assert len([e for e in sc.events(RoomRule) if e.room == "sewer"]) == 1
    sc.move(5, 1)  # out of the Sewer: still has it
    assert disturbing_presence(g, b) == 1
    sc.choose("end")
    sc.choose("end_turn")
    g.done = False  # the scenario ends with its turn: play A's next one
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    assert disturbing_presence(g, b) == 0
    assert RoomRule("sewer", sc.id("A"), "disturbing_presence", 0) in sc.events(
        RoomRule
    )


def test_moving_about_inside_the_sewer_is_not_entering_it() -> None:
    # A begins his activation in the Sewer and steps to another Sewer
    # square: no Disturbing Presence.
    sc = DungeonScenario(
        """
        #########
        #..A...b#
        #########
        """,
        rooms={"sewer": (3, 1, 4, 1)},
    )
    g = sc.match.state
    sc.act("A", "move")
    sc.move(4, 1)
    assert disturbing_presence(g, sc.p("b")) == 0
    assert sc.events(RoomRule) == []


def test_cursed_room_no_dodge_reroll_with_break_tackle() -> None:
    # Dodge and Break Tackle (the Dodge test that skills act on): a natural
    # 1, no Dodge re-roll in the Cursed Room; he Falls Over (armour 2 + 2).
    sc = DungeonScenario(
        DODGER,
        rooms={"cursed_room": (1, 1, 6, 2)},
        skills={"A": ["dodge", "break-tackle"]},
        dice=[1, 2, 2],
    )
    sc.act("A", "move")
    sc.move(4, 2)
    assert sc.events(Reroll) == []
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_dragon_knocks_down_a_prone_player_too() -> None:
    # A Prone player activated in the Lair rolls as well: a 6, an Armour roll
    # (5 + 5 = 10 breaks AV 9+, Injury 4 + 3 = 7: Stunned); he never stands.
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"dragon_lair": (1, 1, 2, 1)},
        prone="A",
        dice=[6, 5, 5, 4, 3],
    )
    sc.act("A", "move")
    (armour,) = sc.events(Armour)
    assert armour.broken is True
    assert sc.match.state.status[sc.p("A")] == STUNNED
    assert sc.events(Turnover) == []


def test_forgotten_jail_leaves_at_least_ma_one() -> None:
    # MA 2, a 1 in the Jail: MA 1 (the Characteristic Table minimum), not 0.
    sc = DungeonScenario(
        CORRIDOR.replace("b", "."),
        rooms={"forgotten_jail": (1, 1, 2, 1)},
        stats={"A": {"ma": 2}},
        dice=[1],
    )
    sc.act("A", "move")
    assert sc.match.state.ma[sc.p("A")] == 1
    assert RoomRule("forgotten_jail", sc.id("A"), "ma", -1) in sc.events(RoomRule)


def test_a_player_pushed_into_the_sewer_gains_disturbing_presence() -> None:
    # A Blocks b: a Push moves him into the Sewer at (4, 1).
    sc = DungeonScenario(CORRIDOR, rooms={"sewer": (4, 1, 6, 1)}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    g = sc.match.state
    assert sc.xy("b") == (4, 1)
    assert g.dungeon is not None
    assert g.dungeon.sewer_dp[sc.p("b")] is True
    assert disturbing_presence(g, sc.p("A")) == 1


def test_bone_pit_catch_of_a_ball_thrown_at_the_wall() -> None:
    # A throws at the east wall (5: accurate at -1, Short); the ball comes
    # back 3 squares over B in the Bone Pit at (4, 2): an inaccurate-pass
    # catch (-1) in the Bone Pit (-1), a 4 fails (4 - 2 = 2 < 3+). It flies
    # on to (3, 2), scatters D8 7 to (3, 3) and bounces D8 2 back to (3, 2).
    sc = DungeonScenario(
        """
        #######
        #.....#
        #A..B.#
        #.....#
        #######
        """,
        rooms={"bone_pit": (4, 2, 4, 2)},
        ball="A",
        dice=[5, 3, 4, 7, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("wall", sc.at(6, 2))
    (catch,) = rolls(sc, "catch")
    assert (catch.dice, catch.modifier, catch.success) == ((4,), -2, False)
    assert sc.match.state.ball == sc.at(3, 2)
