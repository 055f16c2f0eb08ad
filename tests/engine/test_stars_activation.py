"""Star Players' special rules a star uses as his activation begins
(engine.skills.stars.activation; scripted dice). Each is shown
acting, limited to its scope, and offered only to the star who has it."""

from __future__ import annotations

from engine.core.events import Armour, BallCaught, KnockedDown, Move, Roll, SkillUsed
from engine.core.events import Turnover as TurnoverEv
from engine.core.state import PF_NOTZ, PF_USED, PRONE, STANDING
from engine.match import run
from engine.tools.scenario import Scenario

LIME = "look-into-my-eyes"


def _star_offer(sc: Scenario) -> tuple[object, ...] | None:
    d = sc.match.pending
    assert d is not None
    if d.info and d.kind == str(d.info[0]).replace("-", "_"):
        return d.options
    return None


def _again(sc: Scenario, letter: str, action: str = "move") -> None:
    """Let ``letter`` be activated a second time this turn (to test a
    limit without playing on)."""
    g = sc.match.state
    if sc.match.pending.kind == "move":
        sc.choose("end")
    g.pflags[sc.p(letter)] &= ~PF_USED
    run(g)  # the Turn offers its activations again
    sc.act(letter, action)


# -- Look Into My Eyes (Boa) -----------------------------------------------

BOA = """
    .....
    .Ab..
    .....
"""


def test_look_into_my_eyes_takes_the_ball_on_two_and_ends_activation() -> None:
    sc = Scenario(BOA, skills={"A": [LIME]}, ball="b", dice=[2])
    sc.act("A", "move")
    assert _star_offer(sc) == (("use", LIME), ("decline",))
    sc.choose("use", LIME)
    g = sc.match.state
    assert g.carrier == sc.p("A")
    caught = sc.events(BallCaught)[-1]
    assert (caught.player, caught.how) == (sc.id("A"), LIME)
    assert sc.match.pending.kind == "activate"  # his activation is over
    assert [e.skill for e in sc.events(SkillUsed)] == [LIME]


def test_look_into_my_eyes_one_does_nothing() -> None:
    sc = Scenario(BOA, skills={"A": [LIME]}, ball="b", dice=[1])
    sc.act("A", "move")
    sc.choose("use", LIME)
    g = sc.match.state
    assert g.carrier == sc.p("b")
    assert sc.events(Roll)[-1].dice == (1,)
    assert sc.match.pending.kind == "move"  # the activation goes on


def test_look_into_my_eyes_needs_him_marking_the_carrier() -> None:
    away = Scenario(
        """
        ......
        .A.b..
        ......
        """,
        skills={"A": [LIME]},
        ball="b",
    )
    away.act("A", "move")
    assert _star_offer(away) is None
    no_ball = Scenario(BOA, skills={"A": [LIME]})
    no_ball.act("A", "move")
    assert _star_offer(no_ball) is None


def test_look_into_my_eyes_once_per_game() -> None:
    sc = Scenario(BOA, skills={"A": [LIME]}, ball="b", dice=[1])
    sc.act("A", "move")
    sc.choose("use", LIME)
    sc.match.state.half = 2
    _again(sc, "A")
    assert _star_offer(sc) is None


def test_look_into_my_eyes_only_for_the_star() -> None:
    sc = Scenario(BOA, ball="b")
    sc.act("A", "move")
    assert _star_offer(sc) is None


# -- Catch of the Day (Rodney) ---------------------------------------------

ROD = """
    A..*..
    ......
"""


def test_catch_of_the_day_three_puts_the_ball_in_his_hands() -> None:
    sc = Scenario(ROD, skills={"A": ["catch-of-the-day"]}, dice=[3])
    sc.act("A", "move")
    assert _star_offer(sc) == (("use", "catch-of-the-day"), ("decline",))
    sc.choose("use", "catch-of-the-day")
    g = sc.match.state
    assert (g.carrier, g.ball) == (sc.p("A"), -1)
    assert sc.events(BallCaught)[-1].how == "catch-of-the-day"
    assert sc.match.pending.kind == "move"  # he goes on moving


def test_catch_of_the_day_two_fails() -> None:
    sc = Scenario(ROD, skills={"A": ["catch-of-the-day"]}, dice=[2])
    sc.act("A", "move")
    sc.choose("use", "catch-of-the-day")
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.sq(3, 0)


def test_catch_of_the_day_reach_is_three_squares_and_needs_standing() -> None:
    far = Scenario("A...*.", skills={"A": ["catch-of-the-day"]})
    far.act("A", "move")
    assert _star_offer(far) is None
    prone = Scenario(ROD, skills={"A": ["catch-of-the-day"]}, prone="A")
    prone.act("A", "move")
    assert _star_offer(prone) is None


def test_catch_of_the_day_once_per_half() -> None:
    sc = Scenario(ROD, skills={"A": ["catch-of-the-day"]}, dice=[2])
    sc.act("A", "move")
    sc.choose("use", "catch-of-the-day")
    _again(sc, "A")
    assert _star_offer(sc) is None
    sc.choose("end")
    sc.match.state.half = 2  # a new half: ready again
    _again(sc, "A")
    assert _star_offer(sc) == (("use", "catch-of-the-day"), ("decline",))


def test_catch_of_the_day_only_for_the_star() -> None:
    sc = Scenario(ROD)
    sc.act("A", "move")
    assert _star_offer(sc) is None


# -- Baleful Hex (Estelle) -------------------------------------------------

HEX_LINE = """
    A....bc
"""


def test_baleful_hex_two_takes_the_tackle_zone_and_the_activation() -> None:
    sc = Scenario(HEX_LINE, skills={"A": ["baleful-hex"]}, dice=[2])
    sc.act("A", "move")
    b = sc.id("b")
    # b is 5 squares away, c is 6: only b may be picked
    assert _star_offer(sc) == (("use", "baleful-hex", b), ("decline",))
    sc.choose("use", "baleful-hex", b)
    g = sc.match.state
    pb = sc.p("b")
    assert g.pflags[pb] & PF_NOTZ
    assert not g.has_tz(pb)
    from engine.rules.activation import activation_options

    opts = activation_options(g, 1)
    assert all(o[1] != b for o in opts)
    assert any(o[1] == sc.id("c") for o in opts)


def test_baleful_hex_lasts_until_the_opposition_turn_ends() -> None:
    from engine.skills.stars.activation import hex_expires

    sc = Scenario(HEX_LINE, skills={"A": ["baleful-hex"]}, dice=[6])
    sc.act("A", "move")
    sc.choose("use", "baleful-hex", sc.id("b"))
    g = sc.match.state
    pb = sc.p("b")
    hex_expires(g, 0)  # the end of Estelle's own turn: still hexed
    assert g.pflags[pb] & PF_NOTZ
    hex_expires(g, 1)  # the end of b's team's next turn: over
    assert not g.pflags[pb] & PF_NOTZ
    from engine.rules.activation import activation_options

    assert any(o[1] == sc.id("b") for o in activation_options(g, 1))


def test_baleful_hex_ends_with_the_opposition_team_turn_in_play() -> None:
    from engine.rules.turns import Turn

    sc = Scenario(HEX_LINE, skills={"A": ["baleful-hex"]}, dice=[6])
    sc.act("A", "move")
    sc.choose("use", "baleful-hex", sc.id("b"))
    sc.choose("end")
    sc.choose("end_turn")  # Estelle's turn ends: b stays hexed
    g = sc.match.state
    pb = sc.p("b")
    assert g.pflags[pb] & PF_NOTZ
    g.done = False
    g.stack.append(Turn(1))
    run(g)
    acts = sc.match.pending.options
    assert all(o[1] != sc.id("b") for o in acts if len(o) > 1)
    sc.choose("end_turn")  # the opposition's turn ends: the hex is over
    assert not g.pflags[pb] & PF_NOTZ


def test_baleful_hex_one_fails() -> None:
    sc = Scenario(HEX_LINE, skills={"A": ["baleful-hex"]}, dice=[1])
    sc.act("A", "move")
    sc.choose("use", "baleful-hex", sc.id("b"))
    assert sc.match.state.has_tz(sc.p("b"))


def test_baleful_hex_once_per_game_and_only_for_the_star() -> None:
    sc = Scenario(HEX_LINE, skills={"A": ["baleful-hex"]}, dice=[1])
    sc.act("A", "move")
    sc.choose("use", "baleful-hex", sc.id("b"))
    sc.match.state.half = 2
    sc.match.state.drive = 5
    _again(sc, "A")
    assert _star_offer(sc) is None
    plain = Scenario(HEX_LINE)
    plain.act("A", "move")
    assert _star_offer(plain) is None


# -- Black Ink (Kiroth) ----------------------------------------------------


def test_black_ink_takes_a_marked_opponents_tackle_zone() -> None:
    sc = Scenario(
        """
        .b...
        .Ac..
        """,
        skills={"A": ["black-ink"]},
        prone="c",
    )
    sc.act("A", "move")
    b = sc.id("b")
    assert _star_offer(sc) == (("use", "black-ink", b), ("decline",))  # not Prone c
    sc.choose("use", "black-ink", b)
    g = sc.match.state
    assert not g.has_tz(sc.p("b"))
    # A is no longer Marked: moving away needs no Dodge roll
    sc.move(0, 1)
    assert sc.events(Roll) == []
    assert sc.events(Move)[-1].how == "step"


def test_black_ink_once_per_game_and_only_for_the_star() -> None:
    sc = Scenario(".Ab..\n.c...", skills={"A": ["black-ink"]})
    sc.act("A", "move")
    sc.choose("use", "black-ink", sc.id("b"))
    sc.match.state.half = 2
    _again(sc, "A")
    assert _star_offer(sc) is None
    plain = Scenario(".Ab..")
    plain.act("A", "move")
    assert _star_offer(plain) is None


# -- Beer Barrel Bash! (Thorsson) ------------------------------------------

KEG = """
    A..b.c
"""


def test_beer_barrel_bash_three_knocks_the_target_down() -> None:
    sc = Scenario(KEG, skills={"A": ["beer-barrel-bash"]}, dice=[3, 2, 2])
    sc.act("A", "move")
    b = sc.id("b")
    assert _star_offer(sc) == (("use", "beer-barrel-bash", b), ("decline",))
    sc.choose("use", "beer-barrel-bash", b)
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(KnockedDown)[0].player == b
    assert sc.events(Armour)[0].dice == (2, 2)
    assert sc.events(TurnoverEv) == []
    assert sc.match.pending.kind == "move"


def test_beer_barrel_bash_two_does_nothing_one_knocks_thorsson_down() -> None:
    two = Scenario(KEG, skills={"A": ["beer-barrel-bash"]}, dice=[2])
    two.act("A", "move")
    two.choose("use", "beer-barrel-bash", two.id("b"))
    assert two.match.state.status[two.p("b")] == STANDING
    assert two.events(KnockedDown) == []
    one = Scenario(KEG, skills={"A": ["beer-barrel-bash"]}, dice=[1, 2, 2])
    one.act("A", "move")
    one.choose("use", "beer-barrel-bash", one.id("b"))
    assert one.events(KnockedDown)[0].player == one.id("A")
    assert one.events(TurnoverEv)[0].reason == "knocked_down"


def test_beer_barrel_bash_once_per_drive_and_only_for_the_star() -> None:
    sc = Scenario(KEG, skills={"A": ["beer-barrel-bash"]}, dice=[2])
    sc.act("A", "move")
    sc.choose("use", "beer-barrel-bash", sc.id("b"))
    _again(sc, "A")
    assert _star_offer(sc) is None
    sc.choose("end")
    sc.match.state.drive += 1
    _again(sc, "A")
    assert _star_offer(sc) is not None
    plain = Scenario(KEG)
    plain.act("A", "move")
    assert _star_offer(plain) is None


# -- Then I Started Blastin'! (Zzharg) -------------------------------------

BLAST = "then-i-started-blastin"
BLAST_POS = """
    A..b.c
"""


def test_blastin_three_hits_the_target_unmodified() -> None:
    # Armour 5+4 = 9 breaks AV 9+ (unmodified even with Mighty Blow);
    # Injury 3+3 = 6: Stunned.
    sc = Scenario(
        BLAST_POS,
        skills={"A": [BLAST, ("mighty-blow", "+1")]},
        dice=[3, 5, 4, 3, 3],
    )
    sc.act("A", "move")
    sc.choose("use", BLAST, sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("b"), (5, 4), 0, True)
    assert sc.match.state.status[sc.p("b")] == 2  # STUNNED
    assert sc.events(KnockedDown)[0].how == "blunderbuss"
    assert sc.events(TurnoverEv) == []


def test_blastin_armour_holding_means_no_effect() -> None:
    sc = Scenario(BLAST_POS, skills={"A": [BLAST]}, dice=[4, 4, 4])
    sc.act("A", "move")
    sc.choose("use", BLAST, sc.id("b"))
    assert sc.events(Armour)[0].broken is False
    assert sc.match.state.status[sc.p("b")] == STANDING


def test_blastin_two_lets_the_opposing_coach_pick_another_player() -> None:
    sc = Scenario(BLAST_POS, skills={"A": [BLAST]}, dice=[2, 1, 1])
    sc.act("A", "move")
    sc.choose("use", BLAST, sc.id("b"))
    d = sc.match.pending
    # c is 2 squares from b; Zzharg (3 away) may not be picked
    assert (d.kind, d.team, d.options) == (
        "blastin_target",
        "away",
        (("hit", sc.id("c")),),
    )
    sc.choose("hit", sc.id("c"))
    assert sc.events(Armour)[0].player == sc.id("c")


def test_blastin_one_hits_zzharg_and_ends_his_activation() -> None:
    sc = Scenario(BLAST_POS, skills={"A": [BLAST]}, dice=[1, 5, 4, 3, 3])
    sc.act("A", "move")
    sc.choose("use", BLAST, sc.id("b"))
    assert sc.events(Armour)[0].player == sc.id("A")
    assert sc.match.state.status[sc.p("A")] == 2
    assert sc.match.pending.kind == "activate"


def test_blastin_once_per_half_and_only_for_the_star() -> None:
    sc = Scenario(BLAST_POS, skills={"A": [BLAST]}, dice=[3, 1, 1])
    sc.act("A", "move")
    sc.choose("use", BLAST, sc.id("b"))
    sc.match.state.drive += 1
    _again(sc, "A")
    assert _star_offer(sc) is None
    sc.choose("end")
    sc.match.state.half = 2
    _again(sc, "A")
    assert _star_offer(sc) is not None
    plain = Scenario(BLAST_POS)
    plain.act("A", "move")
    assert _star_offer(plain) is None


# -- Treacherous (Hakflem) -------------------------------------------------

TREACH = """
    .AB..
    ...c.
"""


def test_treacherous_knocks_the_carrier_down_and_takes_the_ball() -> None:
    sc = Scenario(TREACH, skills={"A": ["treacherous"]}, ball="B", dice=[2, 2])
    sc.act("A", "move")
    bb = sc.id("B")
    assert _star_offer(sc) == (("use", "treacherous", bb), ("decline",))
    sc.choose("use", "treacherous", bb)
    g = sc.match.state
    assert g.carrier == sc.p("A")
    assert g.status[sc.p("B")] == PRONE
    assert sc.events(Armour)[0].player == bb
    assert sc.events(TurnoverEv) == []
    assert sc.match.pending.kind == "move"


def test_treacherous_once_per_game_and_only_for_the_star() -> None:
    sc = Scenario(TREACH, skills={"A": ["treacherous"]}, ball="B", dice=[2, 2])
    sc.act("A", "move")
    sc.choose("decline")
    _again(sc, "A")  # declined: still there
    sc.choose("use", "treacherous", sc.id("B"))
    g = sc.match.state
    g.carrier = sc.p("B")
    g.status[sc.p("B")] = STANDING
    g.half = 2
    _again(sc, "A")
    assert _star_offer(sc) is None
    plain = Scenario(TREACH, ball="B")
    plain.act("A", "move")
    assert _star_offer(plain) is None


# -- Raiding Party (Ivar) --------------------------------------------------

RAID = """
    A.....
    ....B.
    ......
    ......
    .....c
"""


def test_raiding_party_needs_a_step_that_ends_marking() -> None:
    # B at (4,1) can reach row 2 at most; c at (5,4) stays out of reach.
    sc = Scenario(RAID, skills={"A": ["raiding-party"]})
    sc.act("A", "move")
    assert _star_offer(sc) is None


def test_raiding_party_reaches_five_squares() -> None:
    sc = Scenario(
        """
        A.......
        .....B..
        .......c
        """,
        skills={"A": ["raiding-party"]},
    )
    sc.act("A", "move")  # B is 5 squares away: offered
    assert _star_offer(sc) is not None
    far = Scenario(
        """
        A........
        ......B..
        ........c
        """,
        skills={"A": ["raiding-party"]},
    )
    far.act("A", "move")  # 6 squares: not
    assert _star_offer(far) is None


def test_raiding_party_move_and_limit() -> None:
    sc = Scenario(
        """
        A.....
        ....B.
        ......
        .....c
        """,
        skills={"A": ["raiding-party"]},
    )
    sc.act("A", "move")
    bb = sc.id("B")
    opts = _star_offer(sc)
    # B (4,1) may step to (4,2) or (5,2), each next to c (5,3)
    assert opts is not None
    assert set(opts) == {
        ("use", "raiding-party", bb, sc.sq(4, 2)),
        ("use", "raiding-party", bb, sc.sq(5, 2)),
        ("decline",),
    }
    sc.choose("use", "raiding-party", bb, sc.sq(5, 2))
    assert sc.xy("B") == (5, 2)
    mv = sc.events(Move)[-1]
    assert (mv.player, mv.how) == (bb, "raiding_party")
    assert sc.events(Roll) == []  # no Dodge, ignoring Tackle Zones
    _again(sc, "A")
    assert _star_offer(sc) is None  # once per drive
    sc.choose("end")
    sc.match.state.drive += 1
    _again(sc, "A")
    assert _star_offer(sc) is None  # B is Marked now: not Open
    plain = Scenario(
        """
        A.....
        ....B.
        ......
        .....c
        """
    )
    plain.act("A", "move")
    assert _star_offer(plain) is None


def test_raiding_party_team_mate_needs_its_tackle_zone() -> None:
    # star_players.md, Raiding Party: the team-mate "must finish that step
    # Marking an opponent"; without its Tackle Zone (a Hypnotic Gaze from
    # the opposing turn) it Marks no one, so it is not offered.
    diagram = """
        A.....
        ....B.
        ......
        .....c
        """
    sc = Scenario(diagram, skills={"A": ["raiding-party"]})
    sc.match.state.pflags[sc.p("B")] |= PF_NOTZ
    sc.act("A", "move")
    assert _star_offer(sc) is None


def test_black_ink_lasts_until_the_opponent_is_next_activated() -> None:
    from engine.rules.turns import Turn

    sc = Scenario(".Ab..", skills={"A": ["black-ink"]})
    sc.act("A", "move")
    sc.choose("use", "black-ink", sc.id("b"))
    sc.choose("end")
    sc.choose("end_turn")
    g = sc.match.state
    assert not g.has_tz(sc.p("b"))  # still without it after Kiroth's turn
    g.done = False
    g.stack.append(Turn(1))
    run(g)
    sc.act("b", "move")
    assert g.has_tz(sc.p("b"))
