"""Strength skills: Arm Bar, Brawler, Grab, Juggernaut, Multiple Block,
Pile Driver, Strong Arm (each against the same scenario without it)."""

from __future__ import annotations

import pytest

from engine.core.dice import BOTH_DOWN, POW
from engine.core.errors import IllegalChoice
from engine.core.events import (
    Armour,
    Block,
    Foul,
    KnockedDown,
    Reroll,
    SkillUsed,
    ThrowTeamMate,
    Turnover,
)
from engine.core.state import PRONE, STANDING, STUNNED
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


# -- Arm Bar ---------------------------------------------------------------


def _failed_dodge(skills: dict[str, list[str]]) -> Scenario:
    # A dodges away from b and fails (2 < 3): armour 4+4 = 8 against AV 9.
    sc = Scenario(LINE, skills=skills, dice=[2, 4, 4, 3, 3])
    sc.act("A", "move")
    sc.move(0, 1)
    return sc


def test_arm_bar_adds_one_to_armour_after_a_failed_dodge() -> None:
    sc = _failed_dodge({"b": ["arm-bar"]})
    a = sc.events(Armour)[0]
    assert (a.dice, a.modifier, a.broken) == ((4, 4), 1, True)
    assert sc.match.state.status[sc.p("A")] == STUNNED
    assert _used(sc, "arm-bar")
    plain = _failed_dodge({})
    a = plain.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)
    assert plain.match.state.status[plain.p("A")] == PRONE


def test_arm_bar_needs_the_player_to_mark_the_square_left() -> None:
    # c has Arm Bar but does not Mark A's starting square.
    sc = Scenario(
        """
        ......
        .Ab..c
        ......
    """,
        skills={"c": ["arm-bar"]},
        dice=[2, 4, 4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    assert sc.events(Armour)[0].modifier == 0


def test_arm_bar_not_on_a_failed_rush() -> None:
    sc = Scenario(
        """
        .....
        .A...
        .....
    """,
        skills={"A": []},
        stats={"A": {"ma": 1}},
        dice=[1, 4, 4],
    )
    sc.act("A", "move")
    sc.move(2, 1)
    sc.move(3, 1)  # a Rush, failed
    assert sc.events(Armour)[0].modifier == 0


# -- Brawler ---------------------------------------------------------------


def _both_down_block(skills: dict[str, list[str]], blitz: bool = False) -> Scenario:
    dice: list[int | str] = ["both_down", 2, 2, 2, 2] if blitz else ["both_down"]
    if not blitz and skills:
        dice += ["pow", 2, 2]
    elif not blitz:
        dice += [2, 2, 2, 2]
    sc = Scenario(LINE, skills=skills, dice=dice)
    if blitz:
        sc.act("A", "blitz", "b")
        sc.choose("block", sc.id("b"))
    else:
        sc.act("A", "block")
        sc.choose("block", sc.id("b"))
    return sc


def test_brawler_rerolls_a_both_down() -> None:
    sc = _both_down_block({"A": ["brawler"]})
    d = sc.match.pending
    assert d.kind == "reroll"
    assert ("brawler",) in d.options
    sc.choose("brawler")
    assert [e.dice for e in sc.events(Block)] == [(BOTH_DOWN,), (POW,)]
    assert [(e.source, e.purpose) for e in sc.events(Reroll)] == [("brawler", "block")]
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Turnover) == []
    plain = _both_down_block({})
    g = plain.match.state
    assert g.status[plain.p("A")] == PRONE
    assert plain.events(Turnover)[0].reason == "knocked_down"


def test_brawler_not_in_a_blitz() -> None:
    sc = _both_down_block({"A": ["brawler"]}, blitz=True)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.events(Reroll) == []


# -- Grab ------------------------------------------------------------------


def _push(skills: dict[str, list[str]], action: str = "block") -> Scenario:
    sc = Scenario(LINE, skills=skills, dice=["push"])
    sc.act("A", action, "b" if action == "blitz" else None)
    sc.choose("block", sc.id("b"))
    return sc


def test_grab_pushes_into_any_empty_square_next_to_the_target() -> None:
    sc = _push({"A": ["grab"]})
    d = sc.match.pending
    assert d.kind == "push"
    squares = {o[1] for o in d.options}
    assert squares == {
        sc.sq(x, y) for x in (1, 2, 3) for y in (0, 1, 2) if (x, y) != (1, 1)
    } - {sc.sq(2, 1)}
    sc.choose("square", sc.sq(2, 0))
    assert sc.xy("b") == (2, 0)
    assert _used(sc, "grab")
    plain = _push({})
    assert {o[1] for o in plain.match.pending.options} == {
        plain.sq(3, 0),
        plain.sq(3, 1),
        plain.sq(3, 2),
    }
    with pytest.raises(IllegalChoice):
        plain.choose("square", plain.sq(2, 0))


def test_grab_not_in_a_blitz() -> None:
    sc = _push({"A": ["grab"]}, action="blitz")
    assert len(sc.match.pending.options) == 3


# -- Juggernaut ------------------------------------------------------------


def _blitz_both_down(skills: dict[str, list[str]]) -> Scenario:
    sc = Scenario(LINE, skills=skills, dice=["both_down", 2, 2, 2, 2])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    return sc


def test_juggernaut_turns_both_down_into_a_push_in_a_blitz() -> None:
    sc = _blitz_both_down({"A": ["juggernaut"]})
    assert sc.match.pending.kind == "use_skill"
    assert sc.match.pending.info == ("juggernaut",)
    sc.choose("use", "juggernaut")
    sc.choose("square", sc.sq(3, 1))
    sc.choose("follow")
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert g.status[sc.p("b")] == STANDING
    assert sc.xy("b") == (3, 1)
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"  # the Blitz goes on
    plain = _blitz_both_down({})
    assert plain.match.state.status[plain.p("A")] == PRONE
    assert plain.events(Turnover)[0].reason == "knocked_down"


def test_juggernaut_declined_keeps_both_down() -> None:
    sc = _blitz_both_down({"A": ["juggernaut"]})
    sc.choose("decline")
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_juggernaut_only_in_a_blitz() -> None:
    sc = Scenario(LINE, skills={"A": ["juggernaut"]}, dice=["both_down", 2, 2, 2, 2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_juggernaut_blitz_cancels_stand_firm_fend_and_wrestle() -> None:
    skills = {"A": ["juggernaut"], "b": ["stand-firm", "fend", "wrestle"]}
    sc = Scenario(LINE, skills=skills, dice=["push"])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "push"  # no Stand Firm decision
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "follow_up"  # no Fend decision
    sc = Scenario(LINE, skills=skills, dice=["both_down", 2, 2, 2, 2])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    sc.choose("decline")  # keep Both Down: b may not Wrestle
    assert not _used(sc, "wrestle")
    # without Juggernaut b may refuse the push
    sc = Scenario(LINE, skills={"b": ["stand-firm"]}, dice=["push"])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.info == ("stand-firm",)


# -- Multiple Block --------------------------------------------------------

TWO = """
    .....
    ..b..
    ..A..
    ..c..
    .....
"""


def test_multiple_block_blocks_two_targets_at_st_minus_2() -> None:
    sc = Scenario(
        TWO,
        skills={"A": ["multiple-block"]},
        stats={"A": {"st": 6}},
        dice=["pow", "pow", 2, 2, 2, 2],
    )
    sc.act("A", "block")
    opt = ("multiple_block", sc.id("b"), sc.id("c"))
    assert opt in sc.match.pending.options
    sc.choose(*opt)
    # both blocks are rolled before either is applied
    assert [(e.st_attacker, e.dice) for e in sc.events(Block)] == [
        (4, (POW,)),
        (4, (POW,)),
    ]
    sc.choose("square", sc.sq(2, 0))
    sc.choose("square", sc.sq(2, 4))
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert g.status[sc.p("c")] == PRONE
    assert sc.xy("A") == (2, 2)  # no follow-up
    assert sc.match.pending.kind == "activate"
    plain = Scenario(TWO, stats={"A": {"st": 6}}, dice=["pow"])
    plain.act("A", "block")
    assert all(o[0] == "block" for o in plain.match.pending.options)
    with pytest.raises(IllegalChoice):
        plain.choose(*opt)


def test_multiple_block_second_block_resolved_after_a_turnover() -> None:
    sc = Scenario(
        TWO,
        skills={"A": ["multiple-block"]},
        stats={"A": {"st": 6}},
        dice=["player_down", "pow", 2, 2, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("multiple_block", sc.id("b"), sc.id("c"))
    sc.choose("square", sc.sq(2, 4))
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert g.status[sc.p("c")] == PRONE
    assert g.status[sc.p("b")] == STANDING
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]


def test_multiple_block_then_pile_driver_on_either_target() -> None:
    # Both Down twice: A (Block) stays up, b and c go down where they stand.
    sc = Scenario(
        TWO,
        skills={"A": ["multiple-block", "block", "pile-driver"]},
        stats={"A": {"st": 6}},
        dice=["both_down", "both_down", 2, 2, 2, 2, 5, 6, 4, 3],
    )
    sc.act("A", "block")
    sc.choose("multiple_block", sc.id("b"), sc.id("c"))
    d = sc.match.pending
    assert d.kind == "pile_driver"
    assert d.options == (("foul", sc.id("b")), ("foul", sc.id("c")), ("decline",))
    sc.choose("foul", sc.id("c"))
    g = sc.match.state
    assert g.status[sc.p("c")] == STUNNED
    assert g.status[sc.p("b")] == PRONE
    assert g.status[sc.p("A")] == PRONE


# -- Pile Driver -----------------------------------------------------------


def _pile(skills: dict[str, list[str]]) -> Scenario:
    # POW, armour 2+2 (held), follow up; Pile Driver's foul: 5+6 breaks AV 9,
    # injury 4+3 = Stunned.
    sc = Scenario(LINE, skills=skills, dice=["pow", 2, 2, 5, 6, 4, 3])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("follow")
    return sc


def test_pile_driver_fouls_the_knocked_down_target_then_lies_down() -> None:
    sc = _pile({"A": ["pile-driver"]})
    d = sc.match.pending
    assert d.kind == "pile_driver"
    assert d.options == (("foul", sc.id("b")), ("decline",))
    sc.choose("foul", sc.id("b"))
    g = sc.match.state
    assert len(sc.events(Foul)) == 1
    assert g.status[sc.p("b")] == STUNNED
    assert g.status[sc.p("A")] == PRONE
    assert sc.events(KnockedDown)[-1].how == "placed_prone"
    assert sc.events(Turnover) == []
    plain = _pile({})
    g = plain.match.state
    assert plain.match.pending.kind == "activate"
    assert g.status[plain.p("b")] == PRONE
    assert g.status[plain.p("A")] == STANDING


def test_pile_driver_declined_and_needs_adjacency() -> None:
    sc = _pile({"A": ["pile-driver"]})
    sc.choose("decline")
    assert sc.match.state.status[sc.p("A")] == STANDING
    sc = Scenario(LINE, skills={"A": ["pile-driver"]}, dice=["pow", 2, 2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")  # not next to b any more
    assert sc.match.pending.kind == "activate"


# -- Strong Arm ------------------------------------------------------------

TTM = """
    TG.......
    .........
    ........c
"""
TTM_SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
TTM_STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def _throw(extra: list[str]) -> Scenario:
    skills = {**TTM_SKILLS, "T": TTM_SKILLS["T"] + extra}
    sc = Scenario(TTM, skills=skills, stats=TTM_STATS, dice=[3, 5, 4, 7, 3, 4, 4])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    return sc


def test_strong_arm_adds_one_to_the_throw() -> None:
    sc = _throw(["strong-arm"])
    assert sc.events(ThrowTeamMate)[0].quality == "superb"
    assert sc.match.state.status[sc.p("G")] == STANDING
    plain = _throw([])
    assert plain.events(ThrowTeamMate)[0].quality == "successful"
    assert plain.match.state.status[plain.p("G")] == PRONE


TTM_WATCHED = """
    TG.......
    .........
    ..d.....c
"""


def _watched_throw(d_skills: list[str]) -> Scenario:
    skills = {**TTM_SKILLS, "T": [*TTM_SKILLS["T"], "strong-arm"], "d": d_skills}
    sc = Scenario(
        TTM_WATCHED, skills=skills, stats=TTM_STATS, dice=[3, 5, 4, 7, 3, 4, 4]
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    return sc


def test_disturbing_presence_hinders_a_throw_team_mate() -> None:
    # An opponent two squares away (not marking): -1 with the skill.
    watched = _watched_throw(["disturbing-presence"])
    unwatched = _watched_throw([])

    assert watched.events(ThrowTeamMate)[0].quality == "successful"
    assert unwatched.events(ThrowTeamMate)[0].quality == "superb"
