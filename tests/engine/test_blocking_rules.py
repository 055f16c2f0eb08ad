"""Blocks and the Blitz action against the rulebook text
(shared/rules/bb2020/core_rules/the_rules_of_blood_bowl.md "Blocking" and
"Blitz Actions", rules_and_regulations.md "The Turnover" and "Bounce"):
the effects test_blocking.py leaves unasserted."""

from __future__ import annotations

from engine.core.events import (
    Armour,
    BallMove,
    Block,
    Injury,
    KnockedDown,
    Move,
    PlayerOff,
    Roll,
    SkillUsed,
    Touchdown,
    Turnover,
)
from engine.core.state import KO, PITCH, PRONE, RESERVES, STANDING
from engine.tools.scenario import Scenario

LINE = """
    .......
    ..Ab...
    .......
"""


def _block(sc: Scenario, att: str = "A", dfn: str = "b") -> None:
    sc.act(att, "block")
    sc.choose("block", sc.id(dfn))


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


# -- Strength and assists ("Strength", "Assisting a Block") -----------------


def test_more_than_double_strength_after_assists_rolls_three_dice() -> None:
    # A (ST 5) with two offensive assists (C, D Mark b and nobody else
    # Marks them): 7 against 3 is more than double, three dice; with one
    # assist 6 is exactly double, two dice.
    three = Scenario(
        """
        ..C..
        .Ab..
        ..D..
    """,
        stats={"A": {"st": 5}},
        dice=["push"] * 3,
    )
    _block(three)
    blk = three.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender, len(blk.dice)) == (7, 3, 3)
    two = Scenario(
        """
        ..C..
        .Ab..
        .....
    """,
        stats={"A": {"st": 5}},
        dice=["push"] * 2,
    )
    _block(two)
    blk = two.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender, len(blk.dice)) == (6, 3, 2)


def test_a_prone_player_neither_assists_nor_cancels_an_assist() -> None:
    # "To offer an offensive assist, a player must be Marking the target":
    # Prone C Marks nobody. e, Prone next to D, Marks nobody, so D (Marked
    # only by b) assists.
    sc = Scenario(
        """
        ..C..
        .Ab..
        ..De.
    """,
        prone="Ce",
        dice=["push", "push"],
    )
    _block(sc)
    assert sc.events(Block)[0].st_attacker == 4


def test_defensive_assist_cancelled_by_another_marker_unless_guard() -> None:
    # d Marks A (a defensive assist for b) but is Marked by D too: no
    # assist; with Guard it assists "regardless of how many opposition
    # players are Marking them".
    diagram = """
        .....
        .Ab..
        .d...
        .D...
    """
    sc = Scenario(diagram, dice=["push"])
    _block(sc)
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender) == (3, 3)
    sc = Scenario(diagram, skills={"d": ["guard"]}, dice=["push", "push"])
    _block(sc)
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender, blk.chooser) == (3, 4, "away")


# -- Block dice results ("Block Dice") -------------------------------------


def test_player_down_knocks_down_only_the_attacker() -> None:
    sc = Scenario(LINE, dice=["player_down", 4, 4])
    _block(sc)
    g = sc.match.state
    assert (g.status[sc.p("A")], g.status[sc.p("b")]) == (PRONE, STANDING)
    assert [a.player for a in sc.events(Armour)] == [sc.id("A")]
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]


def test_both_down_defender_with_block_knocks_down_only_the_attacker() -> None:
    sc = Scenario(LINE, skills={"b": ["block"]}, dice=["both_down", 4, 4])
    _block(sc)
    g = sc.match.state
    assert (g.status[sc.p("A")], g.status[sc.p("b")]) == (PRONE, STANDING)
    assert [a.player for a in sc.events(Armour)] == [sc.id("A")]
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]


def test_both_down_both_with_block_nothing_happens() -> None:
    # "nothing else really happens": nobody down, nobody pushed, no
    # Turnover, and (not pushed back) no Frenzy second block.
    sc = Scenario(
        LINE, skills={"A": ["block", "frenzy"], "b": ["block"]}, dice=["both_down"]
    )
    _block(sc)
    g = sc.match.state
    assert (g.status[sc.p("A")], g.status[sc.p("b")]) == (STANDING, STANDING)
    assert (sc.xy("A"), sc.xy("b")) == ((2, 1), (3, 1))
    assert len(sc.events(Block)) == 1
    assert sc.events(Turnover) == []
    assert not _used(sc, "frenzy")


def test_wrestle_by_the_carrier_bounces_the_ball_and_turns_over() -> None:
    # Wrestle: both Placed Prone; "If a player on the active team that is in
    # possession of the ball is Placed Prone during their team turn, a
    # Turnover is caused" and the ball bounces (D8 2: up).
    sc = Scenario(LINE, skills={"A": ["wrestle"]}, ball="A", dice=["both_down", 2])
    _block(sc)
    sc.choose("use", "wrestle")
    g = sc.match.state
    assert (g.status[sc.p("A")], g.status[sc.p("b")]) == (PRONE, PRONE)
    assert sc.events(Armour) == []
    assert [t.reason for t in sc.events(Turnover)] == ["placed_prone"]
    bounce = sc.events(BallMove)[0]
    assert (bounce.how, bounce.src, bounce.dst) == ("bounce", sc.sq(2, 1), sc.sq(2, 0))


def test_stumble_without_dodge_is_a_pow_and_the_attacker_may_follow_up() -> None:
    sc = Scenario(LINE, dice=["stumble", 4, 4])
    _block(sc)
    sc.choose("square", sc.sq(4, 1))
    assert sc.match.pending.kind == "follow_up"
    sc.choose("follow")
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert (sc.xy("A"), sc.xy("b")) == ((3, 1), (4, 1))
    assert [a.player for a in sc.events(Armour)] == [sc.id("b")]


def test_stand_firm_against_a_pow_is_knocked_down_where_he_stands() -> None:
    sc = Scenario(LINE, skills={"b": ["stand-firm"]}, dice=["pow", 4, 4])
    _block(sc)
    sc.choose("use", "stand-firm")
    g = sc.match.state
    assert sc.xy("b") == (3, 1)
    assert g.status[sc.p("b")] == PRONE
    assert [k.square for k in sc.events(KnockedDown)] == [sc.sq(3, 1)]
    assert sc.events(Move) == []


# -- Pushed players, chain-pushes, the crowd -------------------------------


def test_a_diagonal_push_offers_the_three_squares_away_from_the_blocker() -> None:
    sc = Scenario(
        """
        .....
        .A...
        ..b..
        .....
    """,
        dice=["push"],
    )
    _block(sc)
    d = sc.match.pending
    assert d.kind == "push"
    assert {o[1] for o in d.options} == {sc.sq(3, 3), sc.sq(3, 2), sc.sq(2, 3)}


def test_a_push_goes_to_the_one_unoccupied_square_without_a_choice() -> None:
    # c and d hold two of the three squares: "The square the pushed back
    # player is moved into must be an unoccupied square".
    sc = Scenario(
        """
        ...c.
        .Abd.
        .....
    """,
        dice=["push"],
    )
    _block(sc)
    assert sc.match.pending.kind == "follow_up"
    assert sc.xy("b") == (3, 2)
    assert (sc.xy("c"), sc.xy("d")) == ((3, 0), (3, 1))


def test_chain_push_moves_the_occupant_away_from_the_push() -> None:
    # All three squares held: the blocker's coach picks d's square and then
    # d's square, away from b: d's straight-on square is taken by g, so d
    # goes to one of the other two.
    sc = Scenario(
        """
        ...c...
        .Abdg..
        ...e...
    """,
        dice=["push"],
    )
    _block(sc)
    assert {o[1] for o in sc.match.pending.options} == {
        sc.sq(3, 0),
        sc.sq(3, 1),
        sc.sq(3, 2),
    }
    sc.choose("square", sc.sq(3, 1))
    assert {o[1] for o in sc.match.pending.options} == {sc.sq(4, 0), sc.sq(4, 2)}
    sc.choose("square", sc.sq(4, 2))
    sc.choose("stay")
    assert (sc.xy("b"), sc.xy("d"), sc.xy("g")) == ((3, 1), (4, 2), (4, 1))
    moves = [(m.player, m.how) for m in sc.events(Move)]
    assert moves == [(sc.id("d"), "push"), (sc.id("b"), "push")]


_SIDELINE = (10, 12)  # a 3-row diagram whose last row is the bottom row (y=14)


def test_a_prone_player_is_chain_pushed_into_the_crowd() -> None:
    # "A player can be chain-pushed even if they are Prone or Stunned ... and
    # may result in a player being pushed into the crowd": f, Prone on the
    # sideline, goes off; Injury by the Crowd (no Armour roll), 4+4 = KO'd.
    sc = Scenario(
        """
        .A.
        CbD
        efh
    """,
        origin=_SIDELINE,
        prone="f",
        dice=["push", 4, 4],
    )
    _block(sc)
    sc.choose("square", sc.sq(1, 2))
    sc.choose("stay")
    g = sc.match.state
    assert sc.xy("b") == (1, 2)
    assert g.box[sc.p("f")] == KO
    assert sc.events(Armour) == []
    assert [(i.player, i.result) for i in sc.events(Injury)] == [(sc.id("f"), "ko")]
    assert sc.events(Turnover) == []


def test_the_active_teams_carrier_chain_pushed_into_the_crowd_turns_over() -> None:
    # "if a player on the active team that is in possession of the ball is
    # pushed into the crowd, a Turnover is caused"; the ball is thrown in
    # from his square (D6 1, then 2D6 3+3 for the distance).
    sc = Scenario(
        """
        .A.
        CbD
        eBh
    """,
        origin=_SIDELINE,
        ball="B",
        dice=["push", 2, 2, 1, 3, 3, 3],
    )
    _block(sc)
    sc.choose("square", sc.sq(1, 2))
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("B")] == RESERVES
    assert sc.events(Injury)[0].result == "stunned"
    assert [t.reason for t in sc.events(Turnover)] == ["pushed_into_crowd"]
    throw = sc.events(BallMove)[0]
    assert (throw.how, throw.src) == ("throw_in", sc.sq(1, 2))


def test_the_targets_ball_pushed_into_the_crowd_is_thrown_in_without_turnover() -> None:
    sc = Scenario(
        """
        .A.
        .b.
    """,
        origin=(10, 13),
        ball="b",
        dice=["push", 2, 2, 1, 3, 3, 3],
    )
    _block(sc)
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert sc.events(Turnover) == []
    throw = sc.events(BallMove)[0]
    assert (throw.how, throw.src) == ("throw_in", sc.sq(1, 1))


def test_a_stunty_player_pushed_into_the_crowd_rolls_on_the_stunty_table() -> None:
    # "If an Injury roll is ever made against a player with the Stunty
    # trait, roll on this table instead": 7 is KO'd (Stunned on the Injury
    # table).
    sc = Scenario(
        """
        .A.
        .b.
    """,
        origin=(10, 13),
        skills={"b": ["stunty"]},
        dice=["push", 4, 3],
    )
    _block(sc)
    sc.choose("stay")
    assert sc.events(Injury)[0].result == "ko"
    assert [p.box for p in sc.events(PlayerOff)] == ["reserves", "ko"]


# -- Follow-up -------------------------------------------------------------


def test_follow_up_is_decided_before_the_armour_roll_and_is_free() -> None:
    # A Blitz: one step (1 square), the block (1 square), then the follow-up
    # into a square Marked by c: no Dodge, no Rush, no square used.
    sc = Scenario(
        """
        .......
        A.b....
        ...c...
    """,
        stats={"A": {"ma": 3}},
        dice=["pow", 4, 4],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "follow_up"
    assert sc.events(Armour) == []
    sc.choose("follow")
    g = sc.match.state
    assert sc.xy("A") == (2, 1)
    assert g.act_ma_used == 2
    assert sc.events(Roll) == []
    assert [a.player for a in sc.events(Armour)] == [sc.id("b")]


def test_a_block_action_ends_after_the_follow_up() -> None:
    # "A player performing a Block action cannot move before or after".
    sc = Scenario(LINE, dice=["push"])
    _block(sc)
    sc.choose("square", sc.sq(4, 1))
    sc.choose("follow")
    d = sc.match.pending
    assert d.kind == "activate"
    assert not any(o[0] == "move" for o in d.options)


# -- Blitz actions ---------------------------------------------------------


def test_a_prone_player_may_blitz_but_not_block() -> None:
    sc = Scenario(LINE, prone="A")
    opts = sc.match.pending.options
    assert ("activate", sc.id("A"), "blitz") in opts
    assert ("activate", sc.id("A"), "block") not in opts


def test_rush_to_block_after_standing_up_with_the_whole_allowance() -> None:
    # MA 3: standing up uses it all; the block's square is a Rush (2+).
    sc = Scenario(LINE, stats={"A": {"ma": 3}}, prone="A", dice=[2, "push"])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    rush = sc.events(Roll)[0]
    assert (rush.purpose, rush.target, rush.success) == ("rush", 2, True)
    assert len(sc.events(Block)) == 1


def test_a_failed_rush_to_block_falls_over_and_no_block_is_made() -> None:
    sc = Scenario(LINE, stats={"A": {"ma": 3}}, prone="A", dice=[1, 4, 4])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block) == []
    assert [k.how for k in sc.events(KnockedDown)] == ["fall"]
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]


def test_no_block_without_a_square_or_a_rush_left() -> None:
    # MA 1, one step and two Rushes: nothing left for the block.
    sc = Scenario(
        """
        A...b..
        .......
    """,
        stats={"A": {"ma": 1}},
        dice=[2, 2],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 0)
    sc.move(2, 0)
    sc.move(3, 0)
    assert sc.xy("A") == (3, 0)
    assert ("block", sc.id("b")) not in sc.match.pending.options


# -- Frenzy ----------------------------------------------------------------


def test_frenzy_second_blitz_block_rushes_for_its_square() -> None:
    # MA 2: a step and the first block use it; the second block needs a
    # Rush (2+), then the Blitz goes on with one Rush left.
    sc = Scenario(
        """
        ........
        A.......
        ..b.....
        ........
    """,
        stats={"A": {"ma": 2}},
        skills={"A": ["frenzy"]},
        dice=["push", 2, "push"],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 2))
    assert sc.xy("A") == (2, 2)  # the compulsory follow-up
    rush = sc.events(Roll)[0]
    assert (rush.purpose, rush.success) == ("rush", True)
    sc.choose("square", sc.sq(4, 3))
    assert (sc.xy("A"), sc.xy("b")) == ((3, 2), (4, 3))
    assert len(sc.events(Block)) == 2
    g = sc.match.state
    assert (g.act_ma_used, g.act_rushes) == (3, 1)
    assert sc.match.pending.kind == "move"


def test_frenzy_blocks_a_stand_firm_target_again() -> None:
    # Stand Firm: "does not prevent an opposition player with the Frenzy
    # skill from performing a second Block action".
    sc = Scenario(
        LINE, skills={"A": ["frenzy"], "b": ["stand-firm"]}, dice=["push", "push"]
    )
    _block(sc)
    sc.choose("use", "stand-firm")
    assert len(sc.events(Block)) == 2
    assert _used(sc, "frenzy")


def test_no_frenzy_second_block_after_a_push_into_the_crowd() -> None:
    sc = Scenario(
        """
        .A.
        .b.
    """,
        origin=(10, 13),
        skills={"A": ["frenzy"]},
        dice=["push", 2, 2],
    )
    _block(sc)
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert sc.xy("A") == (1, 1)  # followed up (compulsory)
    assert len(sc.events(Block)) == 1


def test_no_frenzy_second_block_once_the_pushed_carrier_scores() -> None:
    # "if an opposition player in possession of the ball is pushed back into
    # your End Zone and is still Standing, a touchdown will be scored ... the
    # second Block action is not performed." (away scores at x = 0)
    sc = Scenario(
        """
        ....
        .bA.
        ....
    """,
        origin=(0, 5),
        ball="b",
        skills={"A": ["frenzy"]},
        dice=["push"],
    )
    _block(sc)
    sc.choose("square", sc.sq(0, 1))
    assert [t.team for t in sc.events(Touchdown)] == ["away"]
    assert len(sc.events(Block)) == 1


# -- A defender Knocked Down with the ball ---------------------------------


def test_knocked_down_carrier_bounce_dropped_by_the_active_team_no_turnover() -> None:
    # b (with the ball) is POWed to (4,1) and Knocked Down: the ball bounces
    # (D8 7: down) to C, who fails the catch (1) and it bounces on (2: up,
    # onto Prone b, then 2 again): the active team dropped a bounce, which is
    # no Turnover.
    sc = Scenario(
        """
        .......
        ..Ab...
        ....C..
        .......
    """,
        ball="b",
        dice=["pow", "pow", 4, 4, 7, 1, 2, 2],
    )
    _block(sc)
    sc.choose("square", sc.sq(4, 1))
    sc.choose("stay")
    bounces = [(b.src, b.dst) for b in sc.events(BallMove)]
    assert bounces == [
        (sc.sq(4, 1), sc.sq(4, 2)),
        (sc.sq(4, 2), sc.sq(4, 1)),
        (sc.sq(4, 1), sc.sq(4, 0)),
    ]
    assert sc.events(Turnover) == []
    g = sc.match.state
    assert (g.carrier, g.ball) == (-1, sc.sq(4, 0))
    assert g.box[sc.p("C")] == PITCH
    assert sc.match.pending.kind == "activate"


def test_along_the_sideline_with_both_squares_held_the_target_goes_off() -> None:
    # Pushed along the sideline: of its three squares one is off the pitch
    # and c, d hold the other two. Decision (docs/formats/bb2020.md): with
    # no unoccupied square, the crowd comes before a chain-push.
    sc = Scenario(
        """
        ...c
        .Abd
    """,
        origin=(10, 13),
        dice=["push", 2, 2],
    )
    _block(sc)
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert (sc.xy("c"), sc.xy("d")) == ((3, 0), (3, 1))
    assert sc.events(Armour) == []


# -- Grab and Sidestep -------------------------------------------------------


def test_grab_stops_sidestep_on_a_block_and_in_a_blitz() -> None:
    # Grab: "When this player performs a Block action (on its own or as part
    # of a Blitz action), using this Skill prevents the target of the Block
    # action from using the Sidestep skill." On its own the blocker picks
    # any unoccupied square next to b; in a Blitz one of the three.
    skills = {"A": ["grab"], "b": ["sidestep"]}
    block = Scenario(LINE, skills=skills, dice=["push"])
    _block(block)
    d = block.match.pending
    assert (d.kind, d.team) == ("push", "home")
    assert len(d.options) == 7
    assert not _used(block, "sidestep")
    blitz = Scenario(LINE, skills=skills, dice=["push"])
    blitz.act("A", "blitz", "b")
    blitz.choose("block", blitz.id("b"))
    d = blitz.match.pending
    assert (d.kind, d.team) == ("push", "home")
    assert {o[1] for o in d.options} == {
        blitz.sq(4, 0),
        blitz.sq(4, 1),
        blitz.sq(4, 2),
    }
    assert not _used(blitz, "sidestep")
    plain = Scenario(LINE, skills={"b": ["sidestep"]}, dice=["push"])
    _block(plain)
    assert plain.match.pending.team == "away"
    assert _used(plain, "sidestep")
