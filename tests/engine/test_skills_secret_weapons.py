"""Chainsaw and Ball & Chain (rulebook "Skills and Traits" - Traits)."""

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
from engine.core.state import KO, PITCH, PRONE, RESERVES, STANDING, STUNNED
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""
SAW = ("activate", 1, "chainsaw")


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


# -- Chainsaw --------------------------------------------------------------


def test_chainsaw_attack_is_offered_next_to_a_standing_opponent() -> None:
    sc = Scenario(LINE, skills={"A": ["chainsaw"]})
    assert SAW in sc.match.pending.options
    plain = Scenario(LINE)
    assert SAW not in plain.match.pending.options
    with pytest.raises(IllegalChoice):
        plain.choose(*SAW)
    alone = Scenario(".A...b", skills={"A": ["chainsaw"]})
    assert SAW not in alone.match.pending.options


def test_chainsaw_hits_with_plus_three_armour_and_unmodified_injury() -> None:
    # D6 3 hits b; armour 4+2 = 6, +3 = 9 breaks AV 9 (6 alone would not);
    # injury 4+3 = 7 Stunned, Mighty Blow not added.
    sc = Scenario(
        LINE,
        skills={"A": ["chainsaw", ("mighty-blow", "+1")]},
        dice=[3, 4, 2, 4, 3],
    )
    sc.choose(*SAW)
    d = sc.match.pending
    assert (d.kind, d.options) == ("chainsaw_target", (("chainsaw", sc.id("b")),))
    sc.choose("chainsaw", sc.id("b"))
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.success) == ("chainsaw", True)
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("b"), (4, 2), 3, True)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (0, "stunned")
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert sc.events(Block) == []
    assert sc.events(Turnover) == []
    assert _used(sc, "chainsaw")
    assert sc.match.pending.kind == "activate"


def test_chainsaw_that_does_not_break_armour_has_no_effect() -> None:
    # armour 3+2 = 5, +3 = 8 < AV 9
    sc = Scenario(LINE, skills={"A": ["chainsaw"]}, dice=[2, 3, 2])
    sc.choose(*SAW)
    sc.choose("chainsaw", sc.id("b"))
    assert sc.events(Armour)[0].broken is False
    g = sc.match.state
    assert g.status[sc.p("b")] == STANDING
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "activate"


def test_chainsaw_kick_back_hits_the_wielder_and_is_a_turnover() -> None:
    # D6 1: kick-back; armour 5+1 = 6, +3 = 9 breaks A's AV 9; injury 2+2.
    sc = Scenario(LINE, skills={"A": ["chainsaw"]}, dice=[1, 5, 1, 2, 2])
    sc.choose(*SAW)
    sc.choose("chainsaw", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("A"), 3, True)
    g = sc.match.state
    assert g.status[sc.p("A")] == STUNNED
    assert g.status[sc.p("b")] == STANDING
    assert [t.reason for t in sc.events(Turnover)] == ["chainsaw"]


def test_chainsaw_instead_of_the_block_of_a_blitz_ends_the_movement() -> None:
    sc = Scenario(
        """
        .......
        .A..b..
        .......
        """,
        skills={"A": ["chainsaw"]},
        dice=[4, 2, 2],
    )
    sc.act("A", "blitz", "b")
    sc.move(2, 1)
    sc.move(3, 1)
    opts = sc.match.pending.options
    assert ("block", sc.id("b")) in opts
    assert ("chainsaw", sc.id("b")) in opts
    sc.choose("chainsaw", sc.id("b"))
    assert sc.events(Armour)[0].modifier == 3
    # the Blitz's block cost a square; no moving on after the Chainsaw
    assert sc.match.state.act_ma_used == 3
    assert sc.match.pending.kind == "activate"


def test_armour_against_a_knocked_down_chainsaw_player_gets_plus_three() -> None:
    # A blocks the Chainsaw player b: POW; armour 4+2 = 6, +3 = 9 breaks.
    sc = Scenario(LINE, skills={"b": ["chainsaw"]}, dice=["pow", 4, 2, 3, 3])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("b"), 3, True)
    plain = Scenario(LINE, dice=["pow", 4, 2])
    plain.act("A", "block")
    plain.choose("block", plain.id("b"))
    plain.choose("square", plain.sq(3, 1))
    plain.choose("stay")
    assert plain.events(Armour)[0].broken is False


def test_player_down_against_a_chainsaw_player_adds_three_to_the_blockers_armour() -> (
    None
):
    sc = Scenario(LINE, skills={"b": ["chainsaw"]}, dice=["player_down", 4, 2, 3, 3])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("A"), 3, True)
    # ... but not when the Chainsaw player is the one blocking
    own = Scenario(LINE, skills={"A": ["chainsaw"]}, dice=["pow", 4, 2])
    own.act("A", "block")
    own.choose("block", own.id("b"))
    own.choose("square", own.sq(3, 1))
    own.choose("stay")
    a = own.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (own.id("b"), 0, False)


FOUL = """
    .....
    .Ab..
    .....
"""


def test_chainsaw_foul_adds_three_to_the_armour_roll() -> None:
    # D6 4 no kick-back; armour 3+4 = 7, +3 = 10 breaks; injury 2+4 = 6.
    sc = Scenario(FOUL, skills={"A": ["chainsaw"]}, prone="b", dice=[4, 3, 4, 2, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.info) == ("use_skill", ("chainsaw",))
    sc.choose("use", "chainsaw")
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("b"), 3, True)
    assert sc.match.state.status[sc.p("b")] == STUNNED


def test_chainsaw_foul_declined_is_a_plain_foul() -> None:
    sc = Scenario(FOUL, skills={"A": ["chainsaw"]}, prone="b", dice=[3, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("decline")
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)


def test_chainsaw_foul_kick_back_hits_the_fouler() -> None:
    sc = Scenario(FOUL, skills={"A": ["chainsaw"]}, prone="b", dice=[1, 2, 3])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("use", "chainsaw")
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("A"), 3, False)
    assert [t.reason for t in sc.events(Turnover)] == ["chainsaw"]
    assert sc.match.state.status[sc.p("b")] == PRONE


@pytest.mark.parametrize(
    ("armed", "modifier"),
    [(None, 0), ("chainsaw", -1), ("bombardier", -1), ("swoop", -1)],
)
def test_stunty_dodges_ignore_marking_unless_armed(
    armed: str | None, modifier: int
) -> None:
    skills = ["stunty"] + ([armed] if armed else [])
    sc = Scenario(
        """
        c....
        .Ab..
        .....
        """,
        skills={"A": skills},
        dice=[6],
    )
    sc.act("A", "move")
    sc.move(0, 1)  # into c's Tackle Zone only
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.modifier) == ("dodge", modifier)


# -- Ball & Chain -----------------------------------------------------------

FIELD = """
    .......
    .F.....
    .......
"""
CHAIN = {"F": ["ball-and-chain", "no-hands"]}
BC = ("activate", 1, "ball_and_chain")


def test_ball_and_chain_move_is_the_only_action() -> None:
    sc = Scenario(
        """
        .......
        .Fb....
        .......
        """,
        skills=CHAIN,
    )
    mine = [o for o in sc.match.pending.options if o[:2] == ("activate", 1)]
    assert mine == [BC]
    plain = Scenario(FIELD)
    assert BC not in plain.match.pending.options


def test_ball_and_chain_moves_by_the_throw_in_template() -> None:
    # facing the away End Zone (+x): 3-4 straight on; then facing down the
    # pitch (+y): 6 is the +x diagonal, 1 the -x diagonal.
    sc = Scenario(FIELD, skills=CHAIN, stats={"F": {"ma": 3}}, dice=[3, 6, 1])
    sc.choose(*BC)
    d = sc.match.pending
    assert d.kind == "ball_and_chain"
    assert set(d.options) == {
        ("facing", 1, 0),
        ("facing", -1, 0),
        ("facing", 0, 1),
        ("facing", 0, -1),
        ("end",),
    }
    sc.choose("facing", 1, 0)
    assert sc.xy("F") == (2, 1)
    sc.choose("facing", 0, 1)
    assert sc.xy("F") == (3, 2)
    sc.choose("facing", 0, -1)
    assert sc.xy("F") == (2, 1)
    # MA 3 used: the next square would be a Rush, still offered
    assert sc.match.pending.kind == "ball_and_chain"
    assert sc.match.state.act_ma_used == 3


def test_ball_and_chain_dodges_automatically() -> None:
    sc = Scenario(
        """
        ..c....
        .F.....
        .......
        """,
        skills=CHAIN,
        dice=[3],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.xy("F") == (2, 1)
    assert [r for r in sc.events(Roll) if r.purpose == "dodge"] == []


def test_ball_and_chain_must_block_and_follow_up() -> None:
    sc = Scenario(
        """
        .......
        .Fb....
        .......
        """,
        skills=CHAIN,
        dice=[4, "push"],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.events(Block)[0].attacker == sc.id("F")
    sc.choose("square", sc.sq(3, 1))
    # no follow-up decision: the follow-up is compulsory
    assert sc.xy("F") == (2, 1)
    assert sc.xy("b") == (3, 1)
    assert sc.match.pending.kind == "ball_and_chain"


def test_ball_and_chain_blocks_team_mates_too() -> None:
    sc = Scenario(
        """
        .......
        .FB....
        .......
        """,
        skills=CHAIN,
        dice=[4, "push"],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.events(Block)[0].defender == sc.id("B")


def test_ball_and_chain_pushes_a_prone_player_and_rolls_armour() -> None:
    # square 3: the prone b is pushed back (three free squares: the coach
    # picks), then armour 5+5 breaks AV 9, injury 3+4 = 7 Stunned.
    sc = Scenario(
        """
        .......
        .Fb....
        .......
        """,
        skills=CHAIN,
        prone="b",
        dice=[3, 5, 5, 3, 4],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    d = sc.match.pending
    assert d.kind == "chain_push"
    assert set(d.options) == {("push", sc.sq(3, s)) for s in (0, 1, 2)}
    sc.choose("push", sc.sq(3, 2))
    assert sc.xy("b") == (3, 2)
    assert sc.xy("F") == (2, 1)
    a = sc.events(Armour)[0]
    assert (a.player, a.broken) == (sc.id("b"), True)
    assert sc.match.state.status[sc.p("b")] == STUNNED


def test_ball_and_chain_falling_is_an_injury_roll_with_stunned_as_ko() -> None:
    # MA 1: one square, then a Rush (declared by the facing) fails on a 1;
    # no Armour roll, injury 3+3 = 6 (Stunned) counts as KO'd.
    sc = Scenario(FIELD, skills=CHAIN, stats={"F": {"ma": 1}}, dice=[3, 3, 1, 3, 3])
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    sc.choose("facing", 1, 0)
    g = sc.match.state
    assert sc.events(Armour) == []
    assert sc.events(Injury)[0].result == "ko"
    assert g.box[sc.p("F")] == KO
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert sc.events(KnockedDown)[0].square == sc.sq(3, 1)


def test_ball_and_chain_failed_rush_into_a_player_pushes_them_and_falls() -> None:
    # MA 0: a Rush at once. Facing +x, a 2 is the -y diagonal: b's square.
    # The Rush fails on a 1: b is pushed back (no Block), F Falls Over in
    # the vacated square; injury 4+4 = 8 KO'd.
    sc = Scenario(
        """
        .......
        ..b....
        .F.....
        """,
        skills=CHAIN,
        stats={"F": {"ma": 0}},
        dice=[2, 1, 4, 4],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.match.pending.kind == "chain_push"
    sc.choose("push", sc.sq(3, 0))
    assert sc.xy("b") == (3, 0)
    assert sc.match.state.status[sc.p("b")] == STANDING
    kd = sc.events(KnockedDown)[0]
    assert (kd.player, kd.square, kd.how) == (sc.id("F"), sc.sq(2, 1), "fall")
    assert sc.events(Block) == []
    assert sc.match.state.box[sc.p("F")] == KO


def test_ball_and_chain_off_the_pitch_is_injury_by_the_crowd() -> None:
    sc = Scenario("F..", skills=CHAIN, origin=(0, 3), dice=[3, 2, 2])
    sc.choose(*BC)
    sc.choose("facing", -1, 0)
    g = sc.match.state
    assert g.box[sc.p("F")] == RESERVES  # Stunned by the crowd: Reserves
    assert sc.events(Move)[-1].dst == -1


def test_ball_and_chain_into_the_ball_makes_it_bounce() -> None:
    # bounce D8 5: +x
    sc = Scenario(".F*...", skills=CHAIN, dice=[3, 5])
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    g = sc.match.state
    assert sc.xy("F") == (2, 0)
    assert g.ball == sc.sq(3, 0)
    assert g.carrier == -1


def test_ball_and_chain_may_stop() -> None:
    sc = Scenario(FIELD, skills=CHAIN, dice=[3])
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    sc.choose("end")
    assert sc.match.pending.kind == "activate"
    assert sc.match.state.box[sc.p("F")] == PITCH
