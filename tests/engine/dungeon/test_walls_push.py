"""Pushed into a wall, into the Crypt, into the Fiery Chasm (DB-rules
"Pushed into a wall"; DB-setup "The Crypt", "The Fiery Chasm")."""

from __future__ import annotations

from engine.core.events import (
    Armour,
    BallMove,
    Casualty,
    Injury,
    KnockedDown,
    Move,
    Note,
    Roll,
    Turnover,
)
from engine.core.state import CAS, PRONE, STANDING, STUNNED
from engine.match import run
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants.dungeon_bowl.wall_push import WallPush

# A blocks b straight down; the three squares behind b are all wall.
AGAINST_THE_WALL = """
    #####
    #.A.#
    #.b.#
    #####
"""


def _block(sc: DungeonScenario, attacker: str = "A", target: str = "b") -> None:
    sc.act(attacker, "block")
    sc.choose("block", sc.id(target))


def _rolls(sc: DungeonScenario, purpose: str) -> list[Roll]:
    return [e for e in sc.events(Roll) if e.purpose == purpose]


def test_a_wall_push_of_1_to_3_bounces_him_off_the_wall() -> None:
    # Push: no square behind b; D6 3 (1-3): he stays where he is, Standing.
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["push", 3])
    _block(sc)
    g = sc.match.state
    assert sc.pos("b") == sc.at(2, 2)
    assert g.status[sc.p("b")] == STANDING
    assert [r.dice for r in _rolls(sc, "wall_push")] == [(3,)]
    assert sc.events(Armour) == []
    assert sc.events(Move) == []  # nobody moved, no follow-up
    assert sc.dice.remaining == 0


def test_a_wall_push_of_4_makes_him_fall_over_with_an_armour_roll() -> None:
    # D6 4 (4+): he Falls Over in his square; Armour 2D6 = 3 + 3, not 9+.
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["push", 4, 3, 3])
    _block(sc)
    g = sc.match.state
    assert sc.pos("b") == sc.at(2, 2)
    assert g.status[sc.p("b")] == PRONE
    assert [k.how for k in sc.events(KnockedDown)] == ["fall"]
    (armour,) = sc.events(Armour)
    assert armour.dice == (3, 3)
    assert armour.modifier == 0
    assert not armour.broken
    assert g.turnover is None  # the defender falling is no Turnover


def test_after_pow_he_falls_without_the_d6() -> None:
    # POW!: no D6 at all; Knocked Down in his square, Armour 4 + 5 = 9 breaks
    # AV 9+, Injury 2 + 2 = 4 Stunned.
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["pow", 4, 5, 2, 2])
    _block(sc)
    g = sc.match.state
    assert _rolls(sc, "wall_push") == []
    assert sc.pos("b") == sc.at(2, 2)
    assert [k.how for k in sc.events(KnockedDown)] == ["knocked_down"]
    assert sc.events(Armour)[0].broken
    assert sc.events(Injury)[0].result == "stunned"
    assert [n.what for n in sc.events(Note)] == ["pushed_into_wall"]
    assert sc.dice.remaining == 0
    assert g.status[sc.p("b")] == STUNNED


def test_a_wall_is_simply_not_a_push_square() -> None:
    # b has one empty floor square behind him (3, 3); the other two are wall.
    sc = DungeonScenario(
        """
        ######
        #.A..#
        #.b..#
        ###.##
        ######
        """,
        dice=["push"],
    )
    _block(sc)
    # The only choice was (3, 3): pushed there without a question.
    assert sc.pos("b") == sc.at(3, 3)
    assert _rolls(sc, "wall_push") == []


def test_the_carrier_falling_off_the_wall_drops_the_ball_which_bounces() -> None:
    # b holds the ball, falls (D6 5), armour 2 + 2 holds, the ball bounces
    # D8 5 = (+1, 0) to (3, 2).
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["push", 5, 2, 2, 5], ball="b")
    _block(sc)
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.at(3, 2)
    assert g.turnover is None  # b is not on the active team


def test_chain_push_into_the_wall_moves_nobody() -> None:
    # The three squares behind b: (1,3) wall, (2,3) c, (3,3) wall; behind c
    # only walls. c (b's team-mate) is pushed into the wall: D6 2, stays;
    # b and c keep their squares, no follow-up.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        ##b##
        ##c##
        #####
        """,
        dice=["push", 2],
    )
    _block(sc)
    g = sc.match.state
    assert sc.pos("b") == sc.at(2, 2)
    assert sc.pos("c") == sc.at(2, 3)
    assert sc.events(Move) == []
    assert [(r.player, r.dice) for r in _rolls(sc, "wall_push")] == [(sc.id("c"), (2,))]
    assert g.status[sc.p("c")] == STANDING


# A blocks b straight down; behind b: wall, A's team-mate C, wall; behind C
# only walls. C's assist gives A two block dice.
TEAM_MATE_BEHIND = """
    #####
    #.A.#
    ##b##
    ##C##
    #####
"""


def test_a_team_mate_chain_pushed_into_the_wall_falling_is_no_turnover() -> None:
    # Rulebook "The Turnover": a Fall Over is a Turnover "during their own
    # activation"; C is not being activated. D6 4: he Falls Over (Armour
    # 1 + 1 holds) and the turn goes on: the coach activates another player.
    sc = DungeonScenario(TEAM_MATE_BEHIND, dice=["push", "push", 4, 1, 1])
    _block(sc)
    g = sc.match.state
    assert g.status[sc.p("C")] == PRONE
    assert [k.how for k in sc.events(KnockedDown)] == ["fall"]
    assert g.status[sc.p("b")] == STANDING
    assert sc.events(Turnover) == []
    assert g.turnover is None
    assert g.active == 0
    assert sc.match.pending.kind == "activate"
    assert sc.dice.remaining == 0


def test_a_team_mate_carrier_chain_pushed_into_the_wall_falling_is_a_turnover() -> None:
    # As above with C holding the ball: D6 4, Armour 1 + 1 holds; the ball
    # bounces from C's square, D8 2 = (0, -1) to (2, 2), where b catches
    # it (6). The active team's carrier went down: a Turnover.
    sc = DungeonScenario(
        TEAM_MATE_BEHIND, dice=["push", "push", 4, 1, 1, 2, 6], ball="C"
    )
    _block(sc)
    g = sc.match.state
    assert g.status[sc.p("C")] == PRONE
    assert [(m.how, m.src, m.dst) for m in sc.events(BallMove)] == [
        ("bounce", sc.at(2, 3), sc.at(2, 2))
    ]
    assert g.carrier == sc.p("b")
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert sc.dice.remaining == 0


def test_a_team_mate_bouncing_off_the_wall_is_no_turnover() -> None:
    # D6 3: C stays on his feet; nothing happens to the turn.
    sc = DungeonScenario(TEAM_MATE_BEHIND, dice=["push", "push", 3])
    _block(sc)
    g = sc.match.state
    assert g.status[sc.p("C")] == STANDING
    assert g.turnover is None
    assert sc.match.pending.kind == "activate"


def test_both_down_against_the_wall_knocks_the_blocker_down_a_turnover() -> None:
    # Both Down: nobody is pushed, so no wall D6; both are Knocked Down in
    # their squares (Armour 1 + 1 each holds); the blocker's Knock Down is
    # a Turnover ("Knocked Down during their team turn").
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["both_down", 1, 1, 1, 1])
    _block(sc)
    g = sc.match.state
    assert _rolls(sc, "wall_push") == []
    assert sorted(k.player for k in sc.events(KnockedDown)) == [
        sc.id("A"),
        sc.id("b"),
    ]
    assert sc.pos("A") == sc.at(2, 1)
    assert sc.pos("b") == sc.at(2, 2)
    assert g.status[sc.p("A")] == PRONE
    assert g.status[sc.p("b")] == PRONE
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]
    assert sc.dice.remaining == 0


def _wall_push_on(sc: DungeonScenario, letter: str, active: str) -> None:
    """Run a :class:`WallPush` on ``letter`` while ``active`` is the active
    player of the home team (no block puts the blocker himself against the
    wall, so the procedure is run on its own)."""
    g = sc.match.state
    g.active = 0
    g.act_player = sc.p(active)
    g.stack.append(WallPush(sc.p(letter)))
    run(g)


def test_the_active_player_falling_against_the_wall_is_a_turnover() -> None:
    # D6 4: A, the active player, Falls Over (Armour 2 + 2 holds): "If a
    # player on the active team Falls Over during their own activation".
    sc = DungeonScenario(AGAINST_THE_WALL, dice=[4, 2, 2], start=False)
    _wall_push_on(sc, "A", active="A")
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert g.turnover == "fall"


def test_the_same_fall_of_a_team_mate_of_the_active_player_is_no_turnover() -> None:
    sc = DungeonScenario(
        """
        #####
        #.AB#
        #.b.#
        #####
        """,
        dice=[4, 2, 2],
        start=False,
    )
    _wall_push_on(sc, "B", active="A")
    g = sc.match.state
    assert g.status[sc.p("B")] == PRONE
    assert g.turnover is None


CRYPT = {(2, 3): "C", (1, 3): "C"}


def test_pushed_into_the_crypt_is_knocked_down_with_plus_one_armour() -> None:
    # Behind b: (1,3) and (2,3) Crypt, (3,3) wall. Knocked Down in his own
    # square, Armour 4 + 4 + 1 = 9: broken against AV 9+ only thanks to the
    # +1; Injury 3 + 3 = 6 Stunned.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #...#
        #####
        """,
        features=CRYPT | {(3, 3): "#"},
        dice=["push", 4, 4, 3, 3],
    )
    _block(sc)
    g = sc.match.state
    assert sc.pos("b") == sc.at(2, 2)
    (armour,) = sc.events(Armour)
    assert armour.dice == (4, 4)
    assert armour.modifier == 1
    assert armour.broken
    assert sc.events(Injury)[0].result == "stunned"
    assert g.status[sc.p("b")] == STUNNED
    assert _rolls(sc, "wall_push") == []


def test_an_empty_floor_square_comes_before_the_crypt() -> None:
    # (3,3) is floor: b is pushed there, the Crypt does not count.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #...#
        #####
        """,
        features=CRYPT,
        dice=["push"],
    )
    _block(sc)
    assert sc.pos("b") == sc.at(3, 3)
    assert sc.events(Armour) == []


def test_pow_into_the_crypt_is_one_knock_down_with_plus_one() -> None:
    # POW!: one Knock Down (the block's), Armour 4 + 4 + 1.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #...#
        #####
        """,
        features=CRYPT | {(3, 3): "#"},
        dice=["pow", 4, 4, 1, 1],
    )
    _block(sc)
    assert len(sc.events(KnockedDown)) == 1
    (armour,) = sc.events(Armour)
    assert armour.modifier == 1
    assert armour.broken
    assert sc.dice.remaining == 0


CHASM = {(1, 3): "X", (2, 3): "X", (3, 3): "X"}


def test_pushed_into_the_fiery_chasm_is_a_casualty_at_once() -> None:
    # No Armour roll, no Injury roll: the Casualty D16 at once (12: Serious
    # Injury on the BB2020 table, 10-12).
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #...#
        #####
        """,
        features=CHASM,
        dice=["push", 12],
    )
    _block(sc)
    sc.choose("follow")  # A may follow up into the square b left
    g = sc.match.state
    assert sc.events(Armour) == []
    assert sc.events(Injury) == []
    (cas,) = sc.events(Casualty)
    assert cas.d16 == 12
    assert cas.result == "serious_injury"
    assert g.box[sc.p("b")] == CAS
    assert g.pos[sc.p("b")] == -1
    assert sc.pos("A") == sc.at(2, 2)


def test_a_carrier_pushed_into_the_chasm_drops_the_ball_which_scatters_out() -> None:
    # b holds the ball: Casualty D16 1 (Badly Hurt); the ball lands in the
    # first Chasm square next to (2,2) in D8 order, (1,3); D8 5 = (+1, 0)
    # to (2,3), Chasm again; D8 2 = (0, -1) to (2,2), the floor b left.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #...#
        #####
        """,
        features=CHASM,
        dice=["push", 1, 5, 2],
        ball="b",
    )
    _block(sc)
    sc.choose("stay")
    g = sc.match.state
    assert g.ball == sc.at(2, 2)
    assert g.carrier == -1
    assert sc.events(Casualty)[0].result == "badly_hurt"


def test_grab_squares_come_before_the_wall() -> None:
    # Decision (wall_push): with Grab the attacker may put the target in any
    # empty square next to him; no push into the wall, no D6.
    sc = DungeonScenario(AGAINST_THE_WALL, dice=["push"], skills={"A": ["grab"]})
    _block(sc)
    assert sc.match.pending.kind == "push"
    assert set(sc.match.pending.options) == {
        ("square", sc.at(1, 1)),
        ("square", sc.at(3, 1)),
        ("square", sc.at(1, 2)),
        ("square", sc.at(3, 2)),
    }
    sc.choose("square", sc.at(1, 2))
    assert sc.pos("b") == sc.at(1, 2)
    assert _rolls(sc, "wall_push") == []


def test_the_chasm_comes_before_a_chain_push() -> None:
    # Behind b: Chasm, c, Chasm. No empty floor square: into the Chasm, as
    # into the crowd in BB2020, not a chain-push into c. D16 7: Seriously
    # Hurt.
    sc = DungeonScenario(
        """
        #####
        #.A.#
        #.b.#
        #.c.#
        #####
        """,
        features={(1, 3): "X", (3, 3): "X"},
        dice=["push", 7],
    )
    _block(sc)
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == CAS
    assert sc.pos("c") == sc.at(2, 3)
    assert sc.events(Casualty)[0].result == "seriously_hurt"
