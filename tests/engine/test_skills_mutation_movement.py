"""Mutations that act on movement, catching and passing (Big Hand, Extra
Arms, Very Long Legs, Two Heads, Tentacles, Prehensile Tail, Monstrous
Mouth, Disturbing Presence), Shadowing and Timmm-ber!: each scenario is run
with and without the skill and gives different outcomes."""

from __future__ import annotations

import pytest

from engine.core.events import Move, Pass, Reroll, Roll
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario


def _skills(on: bool, letter: str, *slugs: str) -> dict[str, list[str]]:
    return {letter: list(slugs)} if on else {}


def _roll(sc: Scenario, purpose: str) -> Roll:
    return next(r for r in sc.events(Roll) if r.purpose == purpose)


@pytest.mark.parametrize("skill", [True, False])
def test_big_hand_ignores_marking_and_rain_to_pick_up(skill: bool) -> None:
    sc = Scenario(
        """
        A*.
        ..b
    """,
        skills=_skills(skill, "A", "big-hand"),
        weather="pouring_rain",
        dice=[3, 1],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    r = _roll(sc, "pick_up")
    assert (r.modifier, r.success) == ((0, True) if skill else (-2, False))
    assert (sc.match.state.carrier == sc.p("A")) is skill


@pytest.mark.parametrize("skill", [True, False])
def test_extra_arms_helps_to_pick_up(skill: bool) -> None:
    sc = Scenario(
        """
        A*.B.
        .....
        ....c
    """,
        skills=_skills(skill, "A", "extra-arms"),
        dice=[2, 1, 1, 1],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    r = _roll(sc, "pick_up")
    assert (r.modifier, r.success) == ((1, True) if skill else (0, False))


@pytest.mark.parametrize("skill", [True, False])
def test_extra_arms_on_a_catch(skill: bool) -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        skills=_skills(skill, "B", "extra-arms"),
        dice=[4, 2, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    assert (sc.match.state.carrier == sc.p("B")) is skill


@pytest.mark.parametrize("skill", [True, False])
def test_very_long_legs_reduces_the_jump_modifier(skill: bool) -> None:
    sc = Scenario(
        """
        .c...
        .Ab..
        .d...
    """,
        prone="b",
        skills=_skills(skill, "A", "very-long-legs"),
        dice=[4, 3, 3],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    r = _roll(sc, "jump")
    assert (r.modifier, r.success) == ((-1, True) if skill else (-2, False))


def test_leap_and_very_long_legs_combine_to_minus_one() -> None:
    sc = Scenario(
        """
        .cde.
        .Af..
        .....
    """,
        skills={"A": ["leap", "very-long-legs"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 2))  # -3 (c, d, e at the start) -> -1
    assert _roll(sc, "leap").modifier == -1


@pytest.mark.parametrize("skill", [True, False])
def test_very_long_legs_interferes_at_plus_two(skill: bool) -> None:
    sc = Scenario(
        """
        A.b.B
        .....
        .....
    """,
        ball="A",
        skills=_skills(skill, "b", "very-long-legs"),
        dice=[6, 4, 6],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("b"))
    r = _roll(sc, "interference")
    # accurate: -3 (+2 with Very Long Legs); b is Open
    assert (r.modifier, r.success) == ((-1, True) if skill else (-3, False))


@pytest.mark.parametrize("skill", [True, False])
def test_two_heads_adds_one_to_dodge(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills=_skills(skill, "A", "two-heads"),
        dice=[2, 1, 1],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    assert _roll(sc, "dodge").modifier == int(skill)
    assert sc.match.state.status[sc.p("A")] == (STANDING if skill else PRONE)


@pytest.mark.parametrize("skill", [True, False])
def test_tentacles_hold_a_player_in_place(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills=_skills(skill, "b", "tentacles"),
        dice=[6] if skill else [4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    g = sc.match.state
    if not skill:
        assert sc.xy("A") == (0, 1)
        return
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("tentacles",))
    sc.choose("use", "tentacles", sc.id("b"))
    r = _roll(sc, "tentacles")
    assert (r.dice, r.target, r.modifier, r.success) == ((6,), 6, 0, True)
    assert sc.xy("A") == (1, 1)  # held: no Dodge rolled
    assert g.status[sc.p("A")] == STANDING
    assert sc.match.pending.options == (("end",),)  # movement over


def test_tentacles_failed_roll_lets_the_player_go() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        stats={"A": {"st": 4}},
        skills={"b": ["tentacles"]},
        dice=[6, 4],  # natural 6 always holds...
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "tentacles", sc.id("b"))
    assert sc.xy("A") == (1, 1)
    sc2 = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        stats={"A": {"st": 4}},
        skills={"b": ["tentacles"]},
        dice=[5, 4],  # ...but 5 + 3 - 4 = 4 does not
    )
    sc2.act("A", "move")
    sc2.move(0, 1)
    sc2.choose("use", "tentacles", sc2.id("b"))
    assert sc2.xy("A") == (0, 1)
    assert [r.purpose for r in sc2.events(Roll)] == ["tentacles", "dodge"]


@pytest.mark.parametrize("skill", [True, False])
def test_prehensile_tail_makes_dodging_away_harder(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
    """,
        skills={"b": ["prehensile-tail"]} if skill else {},
        stats={"c": {"ag": 3}},
        dice=[3, 1, 1],
    )
    sc.act("A", "move")
    sc.move(0, 0)  # Open there
    r = _roll(sc, "dodge")
    assert (r.modifier, r.success) == ((-1, False) if skill else (0, True))


def test_only_one_prehensile_tail_counts() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
    """,
        skills={"b": ["prehensile-tail"], "c": ["prehensile-tail"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert _roll(sc, "dodge").modifier == -1


@pytest.mark.parametrize("skill", [True, False])
def test_monstrous_mouth_rerolls_a_failed_catch(skill: bool) -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        skills=_skills(skill, "B", "monstrous-mouth"),
        dice=[4, 1, 4, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    assert (sc.match.state.carrier == sc.p("B")) is skill
    if skill:
        assert [r.rerolled for r in sc.events(Roll)] == [False, False, True]
        assert [e.source for e in sc.events(Reroll)] == ["monstrous-mouth"]


@pytest.mark.parametrize("skill", [True, False])
def test_disturbing_presence_hinders_the_thrower(skill: bool) -> None:
    # c (behind A, within 3 squares) and d (too far) have the skill
    sc = Scenario(
        """
        ..A..B.....
        c..........
        ..........d
    """,
        ball="A",
        skills={"c": ["disturbing-presence"], "d": ["disturbing-presence"]}
        if skill
        else {},
        dice=[4, 7, 7, 7, 7] if skill else [4, 4],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(5, 0))
    r = _roll(sc, "pass")
    assert (r.modifier, r.success) == ((-1, False) if skill else (0, True))
    assert sc.events(Pass)[0].result == ("inaccurate" if skill else "accurate")


@pytest.mark.parametrize("skill", [True, False])
def test_disturbing_presence_hinders_the_catcher_even_when_prone(skill: bool) -> None:
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        prone="c",
        skills=_skills(skill, "c", "disturbing-presence"),
        dice=[4, 3, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    r = _roll(sc, "catch")
    assert (r.modifier, r.success) == ((-1, False) if skill else (0, True))


@pytest.mark.parametrize("skill", [True, False])
def test_shadowing_follows_into_the_vacated_square(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills=_skills(skill, "b", "shadowing"),
        dice=[4, 6],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    if not skill:
        assert sc.xy("b") == (2, 1)
        assert sc.match.pending.kind == "move"
        return
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("shadowing",))
    sc.choose("use", "shadowing", sc.id("b"))
    r = _roll(sc, "shadowing")
    assert (r.target, r.modifier, r.success) == (6, 0, True)
    assert sc.xy("b") == (1, 1)
    assert sc.events(Move)[-1].how == "shadowing"
    assert sc.match.pending.kind == "move"  # A moves on


def test_shadowing_uses_the_difference_in_movement() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        stats={"b": {"ma": 8}},
        skills={"b": ["shadowing"]},
        dice=[4, 4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "shadowing", sc.id("b"))
    assert _roll(sc, "shadowing").modifier == 2
    assert sc.xy("b") == (1, 1)  # 4 + 8 - 6 = 6


@pytest.mark.parametrize("skill", [True, False])
def test_timmmber_helps_a_slow_player_stand_up(skill: bool) -> None:
    # B is an Open, Standing team-mate; C is Marked by d so does not help.
    sc = Scenario(
        """
        .B...
        A....
        C....
        d....
    """,
        prone="A",
        stats={"A": {"ma": 2}},
        skills=_skills(skill, "A", "timmm-ber"),
        dice=[3],
    )
    sc.act("A", "move")
    r = _roll(sc, "stand_up")
    assert (r.modifier, r.success) == ((1, True) if skill else (0, False))
    assert sc.match.state.status[sc.p("A")] == (STANDING if skill else PRONE)


def test_timmmber_natural_one_always_fails() -> None:
    sc = Scenario(
        """
        BCD..
        EA...
        FGH..
    """,
        prone="A",
        stats={"A": {"ma": 2}},
        skills={"A": ["timmm-ber"]},
        dice=[1],
    )
    sc.act("A", "move")
    r = _roll(sc, "stand_up")
    assert (r.dice, r.success) == ((1,), False)


def test_tentacles_held_player_may_still_hand_off() -> None:
    sc = Scenario(
        """
        .....
        BAb..
        .....
    """,
        ball="A",
        skills={"b": ["tentacles"]},
        dice=[6],
    )
    sc.act("A", "hand_off")
    sc.move(1, 0)
    sc.choose("use", "tentacles", sc.id("b"))
    opts = sc.match.pending.options
    assert ("hand_off", sc.id("B")) in opts
    assert not any(o[0] == "move" for o in opts)


def test_no_shadowing_after_a_failed_dodge() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"b": ["shadowing"]},
        dice=[1, 1, 1],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.xy("b") == (2, 1)
    assert sc.match.done
