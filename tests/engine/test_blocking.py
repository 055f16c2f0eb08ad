"""Blocking: strength, assists, block dice, push-backs, knock-downs."""

from __future__ import annotations

from engine.core.events import (
    Armour,
    Block,
    Injury,
    KnockedDown,
    Move,
    PlayerOff,
    Turnover,
)
from engine.core.state import PRONE, RESERVES, STANDING
from engine.rules.blocking import dice_count
from engine.tools.scenario import Scenario


def test_dice_count_and_chooser() -> None:
    assert dice_count(3, 3) == (1, True)
    assert dice_count(4, 3) == (2, True)
    assert dice_count(7, 3) == (3, True)
    assert dice_count(6, 3) == (2, True)
    assert dice_count(3, 4) == (2, False)
    assert dice_count(2, 5) == (3, False)


def test_offensive_and_defensive_assists() -> None:
    # C assists A against b (C marks b and is marked only by b);
    # d marks A and gives b a defensive assist.
    sc = Scenario(
        """
        ..C..
        .Ab..
        .d...
    """,
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender) == (4, 4)
    assert len(blk.dice) == 1


def test_assist_cancelled_when_marked_by_another_opponent_unless_guard() -> None:
    diagram = """
        ..Ce.
        .Ab..
        .....
    """
    sc = Scenario(diagram, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_attacker == 3
    sc = Scenario(diagram, skills={"C": ["guard"]}, dice=["push", "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_attacker == 4


def test_stronger_defender_chooses_die() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        stats={"b": {"st": 4}},
        dice=["pow", "player_down", 3, 3],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.team, d.kind) == ("away", "block_die")
    sc.choose("die", "player_down")
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.events(Turnover)[0].reason == "knocked_down"


def test_push_back_then_follow_up() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "push"
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "follow_up"
    sc.choose("follow")
    assert sc.xy("b") == (3, 1)
    assert sc.xy("A") == (2, 1)
    assert sc.match.state.status[sc.p("b")] == STANDING


def test_pow_knocks_down_with_armour_roll() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        dice=["pow", 4, 4],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE
    a = sc.events(Armour)[0]
    assert (a.dice, a.broken) == ((4, 4), False)


def test_mighty_blow_breaks_armour() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"A": [("mighty-blow", "+1")]},
        dice=["pow", 4, 4, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (1, True)
    assert sc.events(Injury)[0].result == "stunned"


def test_both_down_block_skill_protects() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"A": ["block"]},
        dice=["both_down", 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Turnover) == []


def test_both_down_without_block_is_a_turnover() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        dice=["both_down", 2, 2, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Turnover)[0].reason == "knocked_down"


def test_wrestle_places_both_prone_without_armour() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["wrestle"]},
        dice=["both_down"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "use_skill"
    sc.choose("use", "wrestle")
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Armour) == []
    assert sc.events(Turnover) == []
    assert [e.how for e in sc.events(KnockedDown)] == ["placed_prone", "placed_prone"]


def test_stumble_with_dodge_is_a_push() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["dodge"]},
        dice=["stumble"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == STANDING


def test_tackle_stops_dodge_on_stumble() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["dodge"], "A": ["tackle"]},
        dice=["stumble", 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE


def test_stand_firm_refuses_push() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["stand-firm"]},
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.team == "away"
    sc.choose("use", "stand-firm")
    assert sc.xy("b") == (2, 1)
    assert sc.events(Move) == []


def test_pushed_into_the_crowd_gets_crowd_injury() -> None:
    sc = Scenario(
        """
        .A.
        .b.
    """,
        origin=(10, 13),
        dice=["push", 3, 3],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES  # Stunned by the crowd: Reserves
    assert sc.events(Armour) == []
    assert sc.events(Injury)[0].result == "stunned"
    assert "reserves" in [e.box for e in sc.events(PlayerOff)]


def test_crowd_ko_goes_to_ko_box() -> None:
    sc = Scenario(
        """
        .A.
        .b.
    """,
        origin=(10, 13),
        dice=["push", 5, 4],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("follow")
    g = sc.match.state
    assert g.box[sc.p("b")] == 2
    assert sc.events(Injury)[0].result == "ko"
    assert g.kos == [sc.id("b")]


def test_chain_push_only_when_no_square_is_unoccupied() -> None:
    sc = Scenario(
        """
        .....
        .Abc.
        .....
    """,
        stats={"A": {"st": 4}},
        dice=["push", "push"],
    )
    # both dice "push": one distinct face, no choice
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    # b's squares: (3,0), (3,1) held by c, (3,2): only the two unoccupied
    # ones are offered (rulebook "Pushed Players").
    d = sc.match.pending
    assert d.kind == "push"
    assert {o[1] for o in d.options} == {sc.sq(3, 0), sc.sq(3, 2)}
    sc.choose("square", sc.sq(3, 0))
    sc.choose("stay")
    assert (sc.xy("b"), sc.xy("c")) == ((3, 0), (3, 1))


def test_frenzy_blocks_twice_and_must_follow() -> None:
    sc = Scenario(
        """
        ......
        .Ab...
        ......
    """,
        skills={"A": ["frenzy"]},
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    # follow-up is compulsory, then the second block
    assert sc.xy("A") == (2, 1)
    sc.choose("square", sc.sq(4, 1))
    assert sc.xy("b") == (4, 1)
    assert sc.xy("A") == (3, 1)
    assert len(sc.events(Block)) == 2


def test_blitz_costs_a_square_and_allows_moving_after() -> None:
    sc = Scenario(
        """
        A.b...
        ......
        ......
    """,
        stats={"A": {"ma": 3}},
        dice=["push"],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 0)
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 0))
    sc.choose("stay")
    g = sc.match.state
    assert g.act_ma_used == 2
    sc.move(1, 1)
    assert sc.xy("A") == (1, 1)
    opts = sc.match.pending.options
    assert not any(o[0] == "block" for o in opts)  # only one block per blitz


def test_blitz_only_once_per_turn() -> None:
    sc = Scenario("""
        A.b...
        ......
        B.....
    """)
    sc.act("A", "blitz", "b")
    sc.choose("end")
    assert ("activate", sc.id("B"), "blitz") not in sc.match.pending.options
    assert ("activate", sc.id("B"), "move") in sc.match.pending.options
