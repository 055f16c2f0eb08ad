"""Classic play on the pitch against seed 001 ("Blocks", "Push Backs",
"Knock Downs and Injuries", "Table: Injuries") and seed 003 ("Setting Up
the Game", "The Kick Off", "Scatter Diagram", "Riot"): the block die, the
push into the crowd, Stunned players turning over, standing up, the kick's
target and scatter, and the length of a half."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Match
from engine.core.dice import BLOCK_FACE_NAMES, FixedDice, RandomDice
from engine.core.events import Armour, BallMove, Injury, Kick, KnockedDown, Move
from engine.core.state import CAS, KO, PITCH, PRONE, RESERVES, STUNNED
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants import CLASSIC
from tests.engine.variants.classic_helpers import (
    PRE,
    SCATTER,
    away_sheet,
    home_sheet,
    kick,
    remaining,
    start,
)

# -- the block die (seed 001 "Table: Blocks") ---------------------------------

# D6 1 Attacker Down, 2 Both Down, 3-4 Pushed, 5 Defender Stumbles, 6
# Defender Down, by the engine's names for the faces.
SEED_BLOCK_TABLE = {
    1: "player_down",
    2: "both_down",
    3: "push",
    4: "push",
    5: "stumble",
    6: "pow",
}


def test_the_block_die_is_the_seeds_d6_table() -> None:
    # The same random stream read as D6s and as block dice: each block die
    # is the seed's result for the D6 it replaces.
    faces = RandomDice(11)
    blocks = RandomDice(11)
    seen = set()
    for _ in range(300):
        d6 = faces.d6()
        seen.add(d6)
        assert BLOCK_FACE_NAMES[blocks.block()] == SEED_BLOCK_TABLE[d6]
    assert seen == set(SEED_BLOCK_TABLE)


# -- pushed off the pitch (seed 001 "Push Backs") -------------------------------

SIDELINE = """
    .A.
    .b.
"""
ON_THE_SIDELINE = (10, 13)  # b stands on the bottom row, y = 14


def crowd(dice: list[int | str], **kw: Any) -> Scenario:
    """A blocks b on the sideline straight down: b goes into the crowd."""
    sc = Scenario(SIDELINE, ruleset=CLASSIC, origin=ON_THE_SIDELINE, dice=dice, **kw)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    return sc


@pytest.mark.parametrize(
    ("injury", "result", "box"),
    [
        ((3, 4), "stunned", RESERVES),  # 7: "placed in the Reserves box"
        ((4, 4), "ko", KO),  # 8
        ((5, 4), "ko", KO),  # 9
        ((5, 5), "cas", CAS),  # 10
    ],
)
def test_the_crowd_makes_one_injury_roll_and_no_armour_roll(
    injury: tuple[int, int], result: str, box: int
) -> None:
    """ "A player pushed off the pitch, even if Knocked Down, is beaten up
    only by the crowd and receives one roll on the Injury Table ... no
    Armor roll ... The crowd does not have any injury modifying skills": a
    Defender Down result and A's Mighty Blow change nothing."""
    extra = [1] if result == "cas" else []  # D100 1: Badly Hurt
    sc = crowd(["pow", *injury, *extra], skills={"A": ["mighty-blow"]})
    g = sc.match.state
    assert sc.events(Armour) == []
    assert sc.events(KnockedDown) == []
    assert [(e.player, e.dice, e.modifier, e.result) for e in sc.events(Injury)] == [
        (sc.id("b"), injury, 0, result)
    ]
    assert g.box[sc.p("b")] == box
    assert sc.dice.remaining == 0


def test_a_niggling_injury_adds_one_to_the_crowds_injury_roll() -> None:
    """Seed 001: "Each Niggling Injury adds 1 to any subsequent Injury roll
    made against this player"; the crowd's roll is one: 3+4+1 = 8 KO'd."""
    sc = crowd(["push", 3, 4], niggling={"b": 1})
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(1, "ko")]
    assert sc.match.state.box[sc.p("b")] == KO


def test_the_ball_is_thrown_in_from_the_carriers_last_square() -> None:
    """ "The throw-in is centered on the last square the player was in
    before he was pushed off the pitch": Injury 3+4 Stunned, then the
    throw-in from b's square (D6 1, 2D6 3+3) and its bounce (D8 3)."""
    sc = crowd(["push", 3, 4, 1, 3, 3, 3], ball="b")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    throw = sc.events(BallMove)[0]
    assert (throw.how, throw.src) == ("throw_in", sc.sq(1, 1))
    assert sc.dice.remaining == 0


def test_with_no_empty_square_on_the_pitch_the_player_goes_off_not_on() -> None:
    """ "Players must be pushed off the pitch if there are no eligible empty
    squares on the pitch": b, pushed along the bottom sideline with c and d
    in the two squares on the pitch, goes into the crowd (2+2 Stunned), not
    into a chain-push; c and d stay where they are."""
    sc = Scenario(
        """
        ....
        ..c.
        Abd.
    """,
        ruleset=CLASSIC,
        origin=(10, 12),
        dice=["push", 2, 2],
    )
    before = (sc.pos("c"), sc.pos("d"))
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert d is not None
    assert d.kind == "follow_up"  # no push square was asked for
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert (sc.pos("c"), sc.pos("d")) == before
    assert sc.events(Move) == []
    assert [e.result for e in sc.events(Injury)] == ["stunned"]


# -- Stunned (seed 001 "Table: Injuries", 2-7) -----------------------------------


def turn(sc: Scenario, t: int) -> None:
    g = sc.match.state
    g.done = False  # the scenario's last turn ended the match
    g.stack.append(Turn(t))
    run(g)


def test_stunned_in_his_own_turn_he_turns_at_the_end_of_the_next_one() -> None:
    """ "All face-down players are turned face up at the end of their team's
    next turn, even if a turnover takes place. Note that a player may not
    turn face up on the turn they are Stunned." A dodges out of b's Tackle
    Zone and falls (D6 1), Armour 5+5, Injury 1+1: Stunned. He is still
    face-down after that turn and away's; home's next turn ends in a
    turnover (C falls: D6 1, Armour 1+2), and A is turned face up."""
    sc = Scenario(
        """
        .....
        AbC..
        .....
    """,
        ruleset=CLASSIC,
        dice=[1, 5, 5, 1, 1],
        start=False,
    )
    g = sc.match.state
    a = sc.p("A")
    turn(sc, 0)
    sc.act("A", "move")
    sc.move(0, 0)
    assert g.status[a] == STUNNED  # the turnover ended the turn
    turn(sc, 1)
    sc.choose("end_turn")
    assert g.status[a] == STUNNED
    turn(sc, 0)
    sc.dice.extend([1, 1, 2])
    sc.act("C", "move")
    sc.move(3, 0)
    assert g.status[sc.p("C")] == PRONE
    assert g.status[a] == PRONE
    assert sc.dice.remaining == 0


def test_stunned_in_the_opponents_turn_he_turns_at_the_end_of_his_own() -> None:
    # b blocks A: Defender Down (A has no room to fall back: pushed to the
    # left), Armour 5+5, Injury 2+2 Stunned. Home's turn: A stays face-down
    # during it and is turned face up at its end.
    sc = Scenario(
        """
        ...
        .Ab
        ...
    """,
        ruleset=CLASSIC,
        dice=["pow", 5, 5, 2, 2],
        active="away",
    )
    sc.choose("activate", sc.id("b"), "block")
    sc.choose("block", sc.id("A"))
    sc.choose("square", sc.sq(0, 1))
    sc.choose("stay")
    sc.choose("end_turn")
    g = sc.match.state
    a = sc.p("A")
    assert g.status[a] == STUNNED
    turn(sc, 0)
    assert g.status[a] == STUNNED
    sc.choose("end_turn")
    assert g.status[a] == PRONE


# -- standing up (seed 001 "Knock Downs and Injuries") ------------------------------


def test_a_prone_player_may_take_any_action_but_a_block() -> None:
    """ "a player who stands up may not take a Block Action ... The player
    may take any Action other than a Block Action": Prone A next to b is
    offered Move and Blitz, not Block."""
    sc = Scenario(".Ab.", ruleset=CLASSIC, prone="A")
    d = sc.match.pending
    assert d is not None
    mine = {o[2] for o in d.options if o[0] == "activate" and o[1] == sc.id("A")}
    assert mine == {"move", "blitz"}
    standing = Scenario(".Ab.", ruleset=CLASSIC).match.pending
    assert standing is not None
    assert ("activate", 1, "block") in standing.options


# -- the kick (seed 003 "The Kick Off") ------------------------------------------------


def test_the_kick_may_be_placed_anywhere_in_the_opponents_half() -> None:
    """ "places the football in any square in the opponents half of the
    field, including the End Zone": home kicks, so every square of x 13-25
    (25 the away End Zone), and none of home's half."""
    m = start()
    d = m.pending
    assert d is not None
    squares = {CLASSIC.pitch.xy(o[1]) for o in d.options}
    assert squares == {(x, y) for x in range(13, 26) for y in range(15)}


@pytest.mark.parametrize(
    ("d8", "landing"),
    [
        (1, (21, 2)),
        (2, (22, 2)),
        (3, (23, 2)),
        (4, (21, 3)),
        (5, (23, 3)),
        (6, (21, 4)),
        (7, (22, 4)),
        (8, (23, 4)),
    ],
)
def test_the_kick_scatters_as_the_seeds_diagram(
    d8: int, landing: tuple[int, int]
) -> None:
    """Seed 003's Scatter Diagram: 1 2 3 above the ball, 4 and 5 beside it,
    6 7 8 below. Kick-Off 3+4 Weather (3+4: still perfect), D8 ``d8``, D6
    1 from (22, 3); the ball bounces on (D8 7) and nobody is there."""
    m = start([3, 4, 3, 4, d8, 1, 7])
    kick(m)
    k = [e for e in m.events if type(e) is Kick][0]
    assert (k.direction, k.distance) == (d8, 1)
    assert CLASSIC.pitch.xy(k.landing) == landing
    assert remaining(m) == 0


def test_the_team_that_sets_up_first_is_the_kicking_team() -> None:
    """Seed 003: "The team that sets up first is called the kicking team
    ... The kicking team always sets up first." Home wins the toss (6 v 1,
    after Fan Factor and Weather) and kicks, or receives."""
    for choice, first in (("kick", "home"), ("receive", "away")):
        m = Match(CLASSIC, home_sheet(), away_sheet(), FixedDice(PRE))
        m.apply((choice,))
        d = m.pending
        assert d is not None
        assert (d.kind, d.team) == ("setup", first)
        assert m.state.kicking == (0 if first == "home" else 1)


def test_a_player_stunned_on_the_pitch_by_a_pitch_invasion_stays_there() -> None:
    """Seed 003: "Roll for the effects of the injuries straight away (no
    armour roll is required)"; seed 001's Stunned: "Leave the player on the
    pitch, but turn them face-down" (the Decision in classic_kickoff: the
    crowd's Reserves box is for players already off the pitch). 6+6 Pitch
    Invasion; home 1+1 + 3 v away 6+6 + 4: home loses D6 1 player, D16 1 ->
    1, Injury 1+1 Stunned."""
    m = start([6, 6, 1, 1, 6, 6, 1, 1, 1, 1, *SCATTER])
    kick(m)
    g = m.state
    p = g.idx[1]
    assert [(e.player, e.dice, e.modifier) for e in m.events if type(e) is Injury] == [
        (1, (1, 1), 0)
    ]
    assert (g.box[p], g.status[p]) == (PITCH, STUNNED)
    assert len(g.on_pitch(0)) == 11
    assert remaining(m) == 0


# -- the game's length and the teams' size (seed 003) ----------------------------------


def test_eleven_a_side_and_eight_turns_a_half() -> None:
    # "Each coach may set up 11 players", "No more than two players ... in
    # each wide zone", "At least three ... on the Line of Scrimmage"; Riot:
    # "If this takes the number of turns to 8 or more for both teams, the
    # half ends".
    assert CLASSIC.players_on_pitch == 11
    assert CLASSIC.max_per_wide_zone == 2
    assert CLASSIC.min_on_los == 3
    assert CLASSIC.turns_per_half == 8
