"""General skills used in blocks: Dauntless, Fend, Strip Ball (each
against the same scenario without it)."""

from __future__ import annotations

from engine.core.events import Block, Roll, SkillUsed
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


# -- Dauntless -------------------------------------------------------------


def _strong_target(skills: dict[str, list[str]], dice: list[int | str]) -> Scenario:
    sc = Scenario(LINE, skills=skills, stats={"b": {"st": 5}}, dice=dice)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    return sc


def test_dauntless_matches_the_targets_strength() -> None:
    # D6 4 + ST 3 = 7 > 5: A blocks at ST 5, one die, attacker's choice.
    sc = _strong_target({"A": ["dauntless"]}, [4, "pow", 2, 2])
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.dice, roll.target, roll.success) == (
        "dauntless",
        (4,),
        3,
        True,
    )
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender, len(blk.dice)) == (5, 5, 1)
    assert sc.match.pending.kind == "push"
    plain = _strong_target({}, ["pow", "player_down", 2, 2])
    blk = plain.events(Block)[0]
    assert (blk.st_attacker, len(blk.dice), blk.chooser) == (3, 2, "away")
    assert plain.match.pending.kind == "block_die"


def test_dauntless_failed_roll_keeps_strength() -> None:
    # D6 2 + 3 = 5 is not higher than 5.
    sc = _strong_target({"A": ["dauntless"]}, [2, "pow", "push"])
    assert sc.events(Block)[0].st_attacker == 3
    assert not _used(sc, "dauntless")


def test_dauntless_not_rolled_against_a_weaker_target() -> None:
    sc = Scenario(LINE, skills={"A": ["dauntless"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Roll) == []


# -- Fend ------------------------------------------------------------------


def _pushed(skills: dict[str, list[str]]) -> Scenario:
    sc = Scenario(LINE, skills=skills, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    return sc


def test_fend_stops_the_follow_up() -> None:
    sc = _pushed({"b": ["fend"]})
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("fend",))
    sc.choose("use", "fend")
    assert sc.xy("A") == (1, 1)
    assert sc.match.pending.kind == "activate"
    assert _used(sc, "fend")
    plain = _pushed({})
    assert plain.match.pending.kind == "follow_up"
    plain.choose("follow")
    assert plain.xy("A") == (2, 1)


def test_fend_declined_allows_the_follow_up() -> None:
    sc = _pushed({"b": ["fend"]})
    sc.choose("decline")
    sc.choose("follow")
    assert sc.xy("A") == (2, 1)


def test_fend_also_stops_frenzy() -> None:
    sc = _pushed({"A": ["frenzy"], "b": ["fend"]})
    sc.choose("use", "fend")
    assert len(sc.events(Block)) == 1
    assert sc.xy("A") == (1, 1)


# b's squares are all taken but (2, 0): Sidestep puts it there, still next
# to A.
BOXED = """
    .x.y.
    .Abz.
    .vwu.
"""


def test_fend_stops_frenzy_even_when_sidestep_keeps_the_target_adjacent() -> None:
    """skills_and_traits.md "Frenzy": the second block comes only "if this
    player was able to follow-up". b Sidesteps into (2, 0), next to A, and
    uses Fend: A cannot follow up, so no second block (ST 6 v 6: one die)."""
    sc = Scenario(
        BOXED,
        skills={"A": ["frenzy"], "b": ["sidestep", "fend"]},
        stats={"A": {"st": 6}},
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.xy("b") == (2, 0)
    sc.choose("use", "fend")
    assert len(sc.events(Block)) == 1
    assert sc.xy("A") == (1, 1)
    assert sc.match.pending.kind == "activate"


def test_frenzy_blocks_again_after_following_a_sidestep() -> None:
    """Without Fend, A must follow up into (2, 1); b in (2, 0) is still
    Standing next to him: the second block is made (b now has three
    assists: two dice, his coach's choice)."""
    sc = Scenario(
        BOXED,
        skills={"A": ["frenzy"], "b": ["sidestep"]},
        stats={"A": {"st": 6}},
        dice=["push", "push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.xy("A") == (2, 1)
    assert len(sc.events(Block)) == 2


# -- Strip Ball ------------------------------------------------------------


def _carrier_pushed(skills: dict[str, list[str]], dice: list[int | str]) -> Scenario:
    sc = Scenario(LINE, skills=skills, ball="b", dice=dice)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    return sc


def test_strip_ball_makes_the_pushed_carrier_drop_the_ball() -> None:
    # The ball bounces from (3, 1) with D8 = 5 (to the right): (4, 1).
    sc = _carrier_pushed({"A": ["strip-ball"]}, ["push", 5])
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "home", ("strip-ball",))
    sc.choose("use", "strip-ball")
    sc.choose("stay")
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.sq(4, 1)
    assert _used(sc, "strip-ball")
    plain = _carrier_pushed({}, ["push", 5])
    assert plain.match.pending.kind == "follow_up"
    plain.choose("stay")
    assert plain.match.state.carrier == plain.p("b")


def test_strip_ball_not_against_sure_hands_or_without_a_push() -> None:
    sc = _carrier_pushed({"A": ["strip-ball"], "b": ["sure-hands"]}, ["push"])
    assert sc.match.pending.kind == "follow_up"
    sc = Scenario(
        LINE,
        skills={"A": ["strip-ball"], "b": ["stand-firm"]},
        ball="b",
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("use", "stand-firm")
    g = sc.match.state
    assert g.carrier == sc.p("b")
    assert g.status[sc.p("b")] == STANDING


def test_strip_ball_irrelevant_on_pow() -> None:
    sc = _carrier_pushed({"A": ["strip-ball"]}, ["pow", 2, 2, 5])
    assert sc.match.pending.kind == "follow_up"
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE
