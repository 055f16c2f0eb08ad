"""Agility skills (and Break Tackle, Safe Pair of Hands...): each scripted
scenario is run with and without the skill and gives different outcomes."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.events import Block, KnockedDown, Move, Roll, SkillUsed, Turnover
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario


def _skills(on: bool, letter: str, *slugs: str) -> dict[str, list[str]]:
    return {letter: list(slugs)} if on else {}


# -- Diving Catch -------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_diving_catch_catches_a_scattered_pass_next_to_them(skill: bool) -> None:
    # Quick pass to (3,1) is inaccurate (2) and scatters E, W, E to (4,1),
    # an empty square next to B.
    dice = [2, 5, 4, 5] + ([4] if skill else [2])
    sc = Scenario(
        """
        ......
        A....B
        ......
        c.....
    """,
        ball="A",
        skills=_skills(skill, "B", "diving-catch"),
        dice=dice,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 1))
    g = sc.match.state
    if skill:
        assert sc.match.pending.kind == "use_skill"
        assert sc.match.pending.info == ("diving-catch",)
        sc.choose("use", "diving-catch")
        assert g.carrier == sc.p("B")
        assert sc.xy("B") == (5, 1)  # caught without moving
        assert sc.events(Turnover) == []
    else:
        assert g.carrier == -1
        assert g.ball == sc.sq(4, 0)  # bounced north
        assert [t.reason for t in sc.events(Turnover)] == ["pass"]


@pytest.mark.parametrize("skill", [True, False])
def test_diving_catch_plus_one_for_an_accurate_pass_in_the_target_square(
    skill: bool,
) -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        skills=_skills(skill, "B", "diving-catch"),
        dice=[4, 2, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    catch = [r for r in sc.events(Roll) if r.purpose == "catch"][0]
    assert (catch.dice, catch.modifier, catch.success) == ((2,), int(skill), skill)
    assert (sc.match.state.carrier == sc.p("B")) is skill


def test_two_diving_catchers_get_in_each_others_way() -> None:
    sc = Scenario(
        """
        .....B
        A.....
        .....C
        c.....
    """,
        ball="A",
        skills={"B": ["diving-catch"], "C": ["diving-catch"]},
        dice=[2, 5, 4, 5, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 1))
    # lands at (4,1), next to both: nobody dives, it bounces north
    assert sc.match.state.ball == sc.sq(4, 0)


# -- Diving Tackle ------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_diving_tackle_turns_a_passed_dodge_into_a_fall(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills=_skills(skill, "b", "diving-tackle"),
        dice=[4, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 1)  # away from b: Open there, a 4 passes
    g = sc.match.state
    if not skill:
        assert g.status[sc.p("A")] == STANDING
        assert sc.match.pending.kind == "move"
        return
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("diving-tackle",))
    sc.choose("use", "diving-tackle", sc.id("b"))
    assert g.status[sc.p("A")] == PRONE  # 4 - 2 fails: Falls Over at (0,1)
    assert sc.xy("A") == (0, 1)
    assert sc.xy("b") == (1, 1)  # in the square A vacated, Placed Prone
    assert g.status[sc.p("b")] == PRONE
    downs = [(e.player, e.how) for e in sc.events(KnockedDown)]
    assert downs == [(sc.id("b"), "placed_prone"), (sc.id("A"), "fall")]
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]


def test_diving_tackle_declined_leaves_the_dodge_passed() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["diving-tackle"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("decline")
    assert sc.match.state.status[sc.p("A")] == STANDING
    assert sc.xy("b") == (2, 1)


def test_diving_tackle_failure_can_be_rerolled_keeping_the_minus_two() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["diving-tackle"], "A": ["dodge"]},
        dice=[4, 5],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "diving-tackle", sc.id("b"))
    # Dodge re-roll: 5 - 2 = 3 passes
    assert sc.match.state.status[sc.p("A")] == STANDING
    rolls = [(r.dice, r.modifier, r.rerolled) for r in sc.events(Roll)]
    assert rolls == [((4,), 0, False), ((5,), -2, True)]


# -- Defensive ----------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_defensive_stops_guard_in_the_opponents_turn(skill: bool) -> None:
    # H (Guard) assists A's block on b but is Marked by d.
    sc = Scenario(
        """
        .d.
        .H.
        Ab.
    """,
        skills={"H": ["guard"], **_skills(skill, "d", "defensive")},
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender) == ((3, 3) if skill else (4, 3))
    assert len(blk.dice) == (1 if skill else 2)


def test_defensive_does_nothing_in_its_own_teams_turn() -> None:
    # Home is active: D (Defensive, home) Marks h, whose Guard still gives
    # b a defensive assist.
    sc = Scenario(
        """
        .D.
        .h.
        Ab.
    """,
        skills={"h": ["guard"], "D": ["defensive"]},
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_defender == 4


# -- Jump Up ------------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_jump_up_stands_up_for_free(skill: bool) -> None:
    sc = Scenario(
        """
        A.....
        ......
        .....b
    """,
        prone="A",
        skills=_skills(skill, "A", "jump-up"),
    )
    sc.act("A", "move")
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert g.act_ma_used == (0 if skill else 3)


@pytest.mark.parametrize("skill", [True, False])
def test_jump_up_lets_a_prone_player_block(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        prone="A",
        skills=_skills(skill, "A", "jump-up"),
        dice=[2, "pow", 1, 1],
    )
    opt = ("activate", sc.id("A"), "block")
    assert (opt in sc.match.pending.options) is skill
    if not skill:
        with pytest.raises(IllegalChoice):
            sc.act("A", "block")
        return
    sc.act("A", "block")
    r = sc.events(Roll)[0]
    assert (r.purpose, r.dice, r.modifier, r.success) == ("jump_up", (2,), 1, True)
    assert sc.match.state.status[sc.p("A")] == STANDING
    assert sc.match.pending.kind == "block_target"


def test_jump_up_failed_test_stays_prone_and_ends_the_activation() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        prone="A",
        skills={"A": ["jump-up"]},
        dice=[1],
    )
    sc.act("A", "block")
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert sc.match.pending.kind == "activate"
    assert sc.events(Turnover) == []


# -- Leap ---------------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_leap_over_an_empty_square(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A....
        ....b
    """,
        skills=_skills(skill, "A", "leap"),
        dice=[3],
    )
    sc.act("A", "move")
    opt = ("leap", sc.sq(2, 1))
    assert (opt in sc.match.pending.options) is skill
    if not skill:
        with pytest.raises(IllegalChoice):
            sc.choose(*opt)
        return
    sc.choose(*opt)
    assert sc.xy("A") == (2, 1)
    r = sc.events(Roll)[0]
    assert (r.purpose, r.modifier, r.success) == ("leap", 0, True)
    assert sc.events(Move)[0].how == "leap"
    assert sc.match.state.act_ma_used == 2
    # once per activation (like a Jump)
    assert not any(o[0] in ("leap", "jump") for o in sc.match.pending.options)


@pytest.mark.parametrize("skill", [True, False])
def test_leap_reduces_the_jump_modifier(skill: bool) -> None:
    # A is Marked by c and d, jumps over the Prone b: -2, -1 with Leap.
    sc = Scenario(
        """
        .c...
        .Ab..
        .d...
    """,
        prone="b",
        skills=_skills(skill, "A", "leap"),
        dice=[4, 3, 3],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    r = sc.events(Roll)[0]
    assert (r.purpose, r.modifier, r.success) == ("jump", -1 if skill else -2, skill)


# -- Safe Pair of Hands ------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_safe_pair_of_hands_places_the_ball(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ball="A",
        skills=_skills(skill, "A", "safe-pair-of-hands"),
        dice=["player_down", 1, 1] + ([] if skill else [8]),
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    if skill:
        d = sc.match.pending
        assert d.kind == "safe_pair_of_hands"
        assert ("square", sc.sq(1, 1)) not in d.options  # occupied by A
        sc.choose("square", sc.sq(0, 0))
        assert g.ball == sc.sq(0, 0)
    else:
        assert g.ball == sc.sq(2, 2)  # bounced south-east
    assert g.carrier == -1
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]


def test_safe_pair_of_hands_not_when_falling_over() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ball="A",
        skills={"A": ["safe-pair-of-hands"]},
        dice=[1, 1, 1, 8],
    )
    sc.act("A", "move")
    sc.move(0, 1)  # failed dodge: Falls Over, the ball bounces
    assert sc.match.state.ball == sc.sq(1, 2)


# -- Sidestep -----------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_sidestep_lets_the_pushed_player_choose(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills=_skills(skill, "b", "sidestep"),
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert d.kind == "push"
    beside = ("square", sc.sq(2, 0))  # not a push-back square
    assert d.team == ("away" if skill else "home")
    assert (beside in d.options) is skill
    if skill:
        assert ("square", sc.sq(1, 0)) in d.options
        sc.choose(*beside)
        assert sc.xy("b") == (2, 0)
    else:
        assert len(d.options) == 3


def test_sidestep_avoids_the_crowd() -> None:
    sc = Scenario(
        """
        .Ab
        ...
    """,
        origin=(23, 0),
        skills={"b": ["sidestep"]},
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team) == ("push", "away")
    sc.choose("square", sc.sq(2, 1))
    assert sc.xy("b") == (2, 1)


# -- Break Tackle -------------------------------------------------------------


@pytest.mark.parametrize("skill", [True, False])
def test_break_tackle_adds_one_to_a_dodge_once(skill: bool) -> None:
    sc = Scenario(
        """
        ......
        .Ab...
        ......
    """,
        skills=_skills(skill, "A", "break-tackle"),
        dice=[2, 2, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    g = sc.match.state
    if not skill:
        assert g.status[sc.p("A")] == PRONE
        return
    assert g.status[sc.p("A")] == STANDING
    assert [e.skill for e in sc.events(SkillUsed)] == ["break-tackle"]
    sc.move(1, 2)  # next to b again (Open move)
    sc.move(0, 2)  # dodge again: 2 fails, Break Tackle already used
    assert g.status[sc.p("A")] == PRONE


def test_break_tackle_plus_two_with_strength_five() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
    """,
        stats={"A": {"st": 5}},
        skills={"A": ["break-tackle"]},
        dice=[3],
    )
    sc.act("A", "move")
    sc.move(1, 2)  # next to c: -1, 3 - 1 + 2 = 4 passes
    assert sc.match.state.status[sc.p("A")] == STANDING
