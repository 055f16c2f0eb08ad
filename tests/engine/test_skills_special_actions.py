"""Stab, Breathe Fire, Hypnotic Gaze, Trickster, Hit and Run and My Ball
(scripted dice; each against the same position without the skill)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.events import (
    Armour,
    Block,
    Injury,
    KnockedDown,
    Move,
    Roll,
    SkillUsed,
    Turnover,
)
from engine.core.state import PF_NOTZ, PRONE, STANDING
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


# -- Stab ------------------------------------------------------------------


def test_stab_is_offered_beside_the_block() -> None:
    sc = Scenario(LINE, skills={"A": ["stab"]})
    sc.act("A", "block")
    b = sc.id("b")
    assert sc.match.pending.options == (("block", b), ("stab", b))
    plain = Scenario(LINE)
    plain.act("A", "block")
    assert plain.match.pending.options == (("block", b),)


def test_stab_breaks_armour_unmodified_and_injures_unmodified() -> None:
    # Armour 4+5 = 9 breaks AV 9+; Mighty Blow may not be added: injury
    # 4+4 = 8 is KO'd (with +1 it would be 9, still KO: see below for the
    # armour side). No block dice, no Turnover.
    sc = Scenario(
        LINE, skills={"A": ["stab", ("mighty-blow", "+1")]}, dice=[4, 5, 4, 3]
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("b"), (4, 5), 0, True)
    inj = sc.events(Injury)[0]
    assert (inj.dice, inj.modifier, inj.result) == ((4, 3), 0, "stunned")
    assert sc.events(Block) == []
    assert sc.events(Turnover) == []
    assert _used(sc, "stab")
    assert sc.match.pending.kind == "activate"


def test_stab_unbroken_armour_has_no_effect_even_with_mighty_blow() -> None:
    # 4+4 = 8 < 9: Mighty Blow's +1 would break it, but Stab's roll is
    # unmodified.
    sc = Scenario(LINE, skills={"A": ["stab", ("mighty-blow", "+1")]}, dice=[4, 4])
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)
    assert sc.match.state.status[sc.p("b")] == STANDING


def test_stab_in_a_blitz_costs_a_square_and_ends_the_movement() -> None:
    sc = Scenario(
        """
        ......
        .A.b..
        ......
        """,
        skills={"A": ["stab"]},
        dice=[2, 2],
    )
    sc.act("A", "blitz", "b")
    sc.move(2, 1)
    b = sc.id("b")
    opts = sc.match.pending.options
    assert ("block", b) in opts
    assert ("stab", b) in opts
    sc.choose("stab", b)
    g = sc.match.state
    assert g.act_ma_used == 2  # one square moved, one for the Stab
    assert sc.match.pending.kind == "activate"  # no further movement


# -- Breathe Fire ----------------------------------------------------------


def _fire(dice: list[int | str], st: int = 3) -> Scenario:
    sc = Scenario(
        LINE, skills={"A": ["breathe-fire"]}, stats={"b": {"st": st}}, dice=dice
    )
    sc.act("A", "block")
    sc.choose("breathe_fire", sc.id("b"))
    return sc


def test_breathe_fire_four_places_the_target_prone() -> None:
    sc = _fire([4])
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Armour) == []  # Placed Prone: no armour roll
    assert sc.events(KnockedDown)[0].how == "placed_prone"
    assert sc.events(Turnover) == []


def test_breathe_fire_natural_six_knocks_the_target_down() -> None:
    sc = _fire([6, 3, 3])  # armour 6 < 9
    assert sc.events(KnockedDown)[0].how == "knocked_down"
    assert sc.events(Armour)[0].player == sc.id("b")
    assert sc.events(Turnover) == []


def test_breathe_fire_three_does_nothing() -> None:
    sc = _fire([3])
    assert sc.match.state.status[sc.p("b")] == STANDING
    assert sc.events(KnockedDown) == []
    assert sc.match.pending.kind == "activate"


def test_breathe_fire_one_knocks_the_breather_down() -> None:
    sc = _fire([1, 2, 2])
    assert sc.events(KnockedDown)[0].player == sc.id("A")
    assert sc.events(Turnover)[0].reason == "knocked_down"


def test_breathe_fire_minus_one_against_strength_five() -> None:
    # 4 - 1 = 3: nothing; 2 - 1 = 1: the breather goes down.
    sc = _fire([4], st=5)
    assert sc.match.state.status[sc.p("b")] == STANDING
    assert sc.events(Roll)[0].modifier == -1
    sc = _fire([2, 2, 2], st=5)
    assert sc.events(KnockedDown)[0].player == sc.id("A")
    sc = _fire([2], st=4)
    assert sc.events(KnockedDown) == []


# -- Hypnotic Gaze ---------------------------------------------------------

GAZE = """
    ......
    .Ab...
    ..c...
"""


def test_hypnotic_gaze_is_an_action_for_the_trait_only() -> None:
    sc = Scenario(GAZE, skills={"A": ["hypnotic-gaze"]})
    assert ("activate", sc.id("A"), "hypnotic_gaze") in sc.match.pending.options
    plain = Scenario(GAZE)
    assert ("activate", 1, "hypnotic_gaze") not in plain.match.pending.options
    with pytest.raises(IllegalChoice):
        plain.choose("activate", 1, "hypnotic_gaze")


def test_hypnotic_gaze_takes_the_tackle_zone_minus_one_per_other_marker() -> None:
    # A (AG 3+) is Marked by b and c; gazing at b: -1 for c; 4 - 1 = 3
    # passes.
    sc = Scenario(GAZE, skills={"A": ["hypnotic-gaze"]}, dice=[4])
    sc.act("A", "hypnotic_gaze")
    d = sc.match.pending
    assert ("gaze", sc.id("b")) in d.options
    assert ("gaze", sc.id("c")) in d.options
    sc.choose("gaze", sc.id("b"))
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.target, roll.modifier, roll.success) == (
        "hypnotic_gaze",
        3,
        -1,
        True,
    )
    g = sc.match.state
    assert g.pflags[sc.p("b")] & PF_NOTZ
    assert not g.pflags[sc.p("c")] & PF_NOTZ
    assert sc.match.pending.kind == "activate"  # the activation is over


def test_hypnotic_gaze_fails_on_three_with_another_marker() -> None:
    sc = Scenario(GAZE, skills={"A": ["hypnotic-gaze"]}, dice=[3])
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    assert not sc.match.state.pflags[sc.p("b")] & PF_NOTZ
    assert sc.events(Turnover) == []


def test_hypnotic_gaze_after_moving() -> None:
    sc = Scenario(
        """
        ......
        .A....
        ...b..
        """,
        skills={"A": ["hypnotic-gaze"]},
        dice=[3],
    )
    sc.act("A", "hypnotic_gaze")
    assert not any(o[0] == "gaze" for o in sc.match.pending.options)
    sc.move(2, 1)
    sc.choose("gaze", sc.id("b"))  # alone: no modifier, 3 passes
    assert sc.match.state.pflags[sc.p("b")] & PF_NOTZ


# -- Trickster -------------------------------------------------------------


def test_trickster_moves_next_to_the_attacker_before_the_dice() -> None:
    # b steps from (2,1) to (1,0), above A; the push then goes up, away
    # from A: (0,-1), (1,-1) or (2,-1) (above the diagram, on the pitch).
    sc = Scenario(LINE, skills={"b": ["trickster"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team) == ("trickster", "away")
    new = sc.sq(1, 0)
    assert ("square", new) in d.options
    assert ("decline",) in d.options
    # every empty square next to A (at (1,1)), not b's own
    assert {o[1] for o in d.options if o[0] == "square"} == {
        sc.sq(x, y)
        for x in range(3)
        for y in range(3)
        if (x, y) not in ((1, 1), (2, 1))
    }
    sc.choose("square", new)
    assert _used(sc, "trickster")
    moves = sc.events(Move)
    assert (moves[0].how, moves[0].dst) == ("trickster", new)
    assert sc.events(Block)  # the block then goes on as normal
    d = sc.match.pending
    assert d.kind == "push"
    assert {o[1] for o in d.options} == {sc.sq(0, -1), sc.sq(1, -1), sc.sq(2, -1)}
    sc.choose("square", sc.sq(1, -1))
    assert sc.pos("b") == sc.sq(1, -1)


def test_without_trickster_there_is_no_decision() -> None:
    sc = Scenario(LINE, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind != "trickster"


# -- Hit and Run -----------------------------------------------------------


def _push_straight(sc: Scenario) -> None:
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))


def test_hit_and_run_moves_one_free_square_out_of_contact() -> None:
    # A at (1,1) pushes b from (2,1) to (3,1) and stays; then one free
    # square not next to b (x <= 1): (0,0), (1,0), (0,1), (0,2), (1,2).
    sc = Scenario(LINE, skills={"A": ["hit-and-run"]}, dice=["push"])
    _push_straight(sc)
    assert sc.match.pending.kind == "follow_up"
    sc.choose("stay")
    d = sc.match.pending
    assert d.kind == "hit_and_run"
    squares = {o[1] for o in d.options if o[0] == "square"}
    assert squares == {
        sc.sq(0, 0),
        sc.sq(1, 0),
        sc.sq(0, 1),
        sc.sq(0, 2),
        sc.sq(1, 2),
    }
    sc.choose("square", sc.sq(0, 1))
    assert sc.pos("A") == sc.sq(0, 1)
    assert sc.events(Roll) == []  # no Dodge
    assert sc.match.pending.kind == "activate"


def test_hit_and_run_not_offered_without_the_trait() -> None:
    sc = Scenario(LINE, dice=["push"])
    _push_straight(sc)
    sc.choose("stay")
    assert sc.match.pending.kind == "activate"


# -- My Ball ---------------------------------------------------------------


def test_my_ball_carrier_may_not_pass_or_hand_off() -> None:
    diagram = """
        .....
        .AB..
        .....
    """
    sc = Scenario(diagram, skills={"A": ["my-ball"]}, ball="A")
    a = sc.id("A")
    opts = sc.match.pending.options
    assert ("activate", a, "pass") not in opts
    assert ("activate", a, "hand_off") not in opts
    plain = Scenario(diagram, ball="A")
    assert ("activate", a, "pass") in plain.match.pending.options
    assert ("activate", a, "hand_off") in plain.match.pending.options


def test_my_ball_carrier_does_not_dump_off() -> None:
    sc = Scenario(LINE, skills={"b": ["my-ball", "dump-off"]}, ball="b", dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind != "use_skill"
    plain = Scenario(LINE, skills={"b": ["dump-off"]}, ball="b", dice=["push"])
    plain.act("A", "block")
    plain.choose("block", plain.id("b"))
    assert plain.match.pending.info == ("dump-off",)
