"""The ball in BB2020, checked against the rulebook text
(the_rules_of_blood_bowl.md "Picking up the Ball", "Passing the Ball",
"Catching the Ball", "Hand-off", "Throw-ins", "Touchdown!";
rules_and_regulations.md "The Turnover", "Deviate, Scatter or Bounce";
skills_and_traits.md for the skills). Each expected value is worked out
from the quoted text; the default player is AG 3+, PA 4+."""

from __future__ import annotations

import pytest

from engine.core.events import (
    BallMove,
    Interference,
    Pass,
    Roll,
    Touchdown,
    Turnover,
)
from engine.tools.scenario import Scenario


def _pass(sc: Scenario, x: int, y: int) -> None:
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(x, y))


def _rolls(sc: Scenario) -> list[tuple[str, int, bool]]:
    return [(r.purpose, r.modifier, r.success) for r in sc.events(Roll)]


def _turnovers(sc: Scenario) -> list[str]:
    return [t.reason for t in sc.events(Turnover)]


# -- Test for accuracy ----------------------------------------------------------

BOMB = """
    A............
    .............
    .............
    ............c
"""


def test_long_bomb_minus_three_and_a_modified_one_is_wildly_inaccurate() -> None:
    """Rulebook: "If the player is attempting a Long bomb, apply a -3 modifier";
    "Wildly Inaccurate Passes": "If ... the dice roll is a 1 after
    modifiers have been applied, the ball will deviate from the square
    occupied by the player performing the Pass action". Twelve squares
    along a row is a Long bomb; a 4 - 3 = 1 deviates D8 5 (east) D6 3
    squares from A to (3, 0), empty: it bounces (D8 7, south)."""
    sc = Scenario(BOMB, ball="A", dice=[4, 5, 3, 7])
    _pass(sc, 12, 0)
    p = sc.events(Pass)[0]
    assert (p.range, p.result) == ("long_bomb", "wildly_inaccurate")
    assert _rolls(sc) == [("pass", -3, False)]
    moves = [(m.how, m.src, m.dst) for m in sc.events(BallMove)]
    assert moves == [
        ("deviate", sc.sq(0, 0), sc.sq(3, 0)),
        ("bounce", sc.sq(3, 0), sc.sq(3, 1)),
    ]
    assert _turnovers(sc) == ["pass"]


def test_a_failed_test_above_one_is_inaccurate_and_scatters_from_the_target() -> None:
    """Rulebook: "If the Passing Ability test is failed, the pass is inaccurate and
    the ball will scatter from the target square": 5 - 3 = 2 fails PA 4+
    but is no 1; three D8 (5, 5, 7) from (12, 0) to (14, 1)."""
    sc = Scenario(BOMB, ball="A", dice=[5, 5, 5, 7, 2])
    _pass(sc, 12, 0)
    assert sc.events(Pass)[0].result == "inaccurate"
    moves = [(m.how, m.dst) for m in sc.events(BallMove)][:3]
    assert moves == [
        ("scatter", sc.sq(13, 0)),
        ("scatter", sc.sq(14, 0)),
        ("scatter", sc.sq(14, 1)),
    ]


def test_a_natural_six_is_accurate_whatever_the_modifiers() -> None:
    """Rulebook: "If the Passing Ability test is passed, or if the roll is a natural
    6, the pass is accurate": a Long bomb (-3) by a thrower Marked once
    (-1): 6 - 4 = 2, still accurate and caught by B (a 3)."""
    sc = Scenario(
        """
        A...........B
        .b...........
        ............c
    """,
        ball="A",
        dice=[6, 3],
    )
    _pass(sc, 12, 0)
    if sc.match.pending is not None and sc.match.pending.kind == "interfere":
        sc.choose("none")
    assert sc.events(Pass)[0].result == "accurate"
    assert _rolls(sc)[0] == ("pass", -4, True)
    assert sc.match.state.carrier == sc.p("B")


def test_a_natural_one_fumbles_whatever_the_modifiers() -> None:
    """Rulebook: "If, when making the Passing Ability test, a natural 1 is rolled,
    the pass has been fumbled", even with Accurate's +1 on a Quick pass
    (1 + 1 = 2): the ball bounces from A's square, a Turnover."""
    sc = Scenario(
        """
        .....
        .A.B.
        ....c
    """,
        ball="A",
        skills={"A": ["accurate"]},
        dice=[1, 5],
    )
    _pass(sc, 3, 1)
    assert sc.events(Pass)[0].result == "fumble"
    assert [(m.how, m.src) for m in sc.events(BallMove)] == [("bounce", sc.sq(1, 1))]
    assert _turnovers(sc) == ["fumble"]


def test_a_player_with_pa_dash_fumbles_without_a_test() -> None:
    """Rulebook: "If the player has a PA of '-', the pass is automatically
    fumbled": no Passing Ability roll; the ball bounces from the thrower."""
    sc = Scenario(
        """
        .....
        .A.B.
        ....c
    """,
        ball="A",
        stats={"A": {"pa": None}},
        dice=[5],
    )
    _pass(sc, 3, 1)
    assert sc.events(Pass)[0].result == "fumble"
    assert _rolls(sc) == []
    assert [(m.how, m.src) for m in sc.events(BallMove)] == [("bounce", sc.sq(1, 1))]
    assert _turnovers(sc) == ["fumble"]


def test_a_fumble_is_a_turnover_even_when_a_team_mate_catches_the_bounce() -> None:
    """The Turnover: "If a player on the active team fumbles a Pass action,
    even if the bouncing ball is then caught by a player from the active
    team". The bounce (D8 5, east) reaches C, who catches a bouncing ball
    at -1 (a 4: 4 - 1 = 3)."""
    sc = Scenario(
        """
        .....
        .AC..
        ....c
    """,
        ball="A",
        dice=[1, 5, 4],
    )
    _pass(sc, 3, 1)
    assert _rolls(sc) == [("pass", 0, False), ("catch", -1, True)]
    assert sc.match.state.carrier == sc.p("C")
    assert _turnovers(sc) == ["fumble"]


def test_strong_arm_does_not_help_a_pass() -> None:
    """Strong Arm: "+1 modifier to any Passing Ability test rolls they make
    when performing a Throw Team-mate action" only: a Short pass stays at
    -1."""
    sc = Scenario(
        """
        A....B
        ......
        .....c
    """,
        ball="A",
        skills={"A": ["throw-team-mate", "strong-arm"]},
        dice=[5, 4],
    )
    _pass(sc, 5, 0)
    assert _rolls(sc)[0] == ("pass", -1, True)


# -- Passing interference -------------------------------------------------------

LANE = """
    ..C..
    A.b.B
    ..D..
    .....
"""


def test_interfering_with_an_inaccurate_pass_marked_twice() -> None:
    """Rulebook: "If the player is attempting to interfere with an inaccurate pass,
    apply a -2 modifier"; "Apply an additional -1 modifier if the player
    is being Marked" (one -1 however many Mark him: C and D). The Short
    pass (-1) rolls 3: 3 - 1 = 2 fails PA 4+ without being a 1, so it is
    inaccurate and scatters W, E, E to (5, 1); b interferes at -3 and
    fails (a 1)."""
    sc = Scenario(LANE, ball="A", dice=[3, 4, 5, 5, 1, 2])
    _pass(sc, 4, 1)
    assert sc.events(Pass)[0].result == "inaccurate"
    assert sc.match.pending.kind == "interfere"
    sc.choose("interfere", sc.id("b"))
    assert _rolls(sc)[1] == ("interference", -3, False)


def test_interfering_with_a_wildly_inaccurate_pass() -> None:
    """Rulebook: "... with a wildly inaccurate pass, apply a -1 modifier" (and -1
    Marked). 2 - 1 = 1 on a Short pass: the ball deviates D8 5 (east) D6 4
    squares from A into B's square; b fails (a 2: 2 - 2 = 0), and B
    catches the deviated ball at -1 (a 6)."""
    sc = Scenario(LANE, ball="A", dice=[2, 5, 4, 2, 6])
    _pass(sc, 4, 1)
    assert sc.events(Pass)[0].result == "wildly_inaccurate"
    sc.choose("interfere", sc.id("b"))
    assert _rolls(sc)[1:] == [("interference", -2, False), ("catch", -1, True)]
    assert sc.match.state.carrier == sc.p("B")
    assert _turnovers(sc) == []


def test_nerves_of_steel_ignores_being_marked_when_interfering() -> None:
    """Nerves of Steel: "ignore any modifier(s) for being Marked when they
    ... attempt to interfere with a pass": an accurate pass (5 - 1 = 4)
    -3 only."""
    sc = Scenario(LANE, ball="A", skills={"b": ["nerves-of-steel"]}, dice=[5, 3, 4])
    _pass(sc, 4, 1)
    sc.choose("interfere", sc.id("b"))
    assert _rolls(sc)[1] == ("interference", -3, False)


def test_converting_a_deflection_is_a_catch_at_minus_one_and_per_marker() -> None:
    """Rulebook: "If the player is attempting to convert a Deflection into an
    Interception, apply a -1 modifier", and "-1 modifier per player
    Marking them" (C and D: -3 in all); the interference itself -3 -1
    passes only on the natural 6."""
    sc = Scenario(LANE, ball="A", dice=[5, 6, 6])
    _pass(sc, 4, 1)
    sc.choose("interfere", sc.id("b"))
    assert _rolls(sc)[1:] == [("interference", -4, True), ("interception", -3, True)]
    assert [i.result for i in sc.events(Interference)] == [
        "deflection",
        "interception",
    ]
    assert _turnovers(sc) == ["interception"]


def test_a_deflection_caught_by_the_passing_team_is_no_turnover() -> None:
    """Rulebook: "Following any successful passing interference, ... If, however, the
    ball is caught by a player on the active team after scattering, no
    Turnover is caused": b deflects (6) but drops it (a 1); it scatters
    from b's square N, E, W back to C (2, 0), who catches a scattered ball
    at -1, and -1 more for b Marking him (a 6)."""
    sc = Scenario(LANE, ball="A", dice=[5, 6, 1, 2, 5, 4, 6])
    _pass(sc, 4, 1)
    sc.choose("interfere", sc.id("b"))
    assert [i.result for i in sc.events(Interference)] == ["deflection"]
    assert [(m.how, m.src) for m in sc.events(BallMove)][0] == ("scatter", sc.sq(2, 1))
    assert _rolls(sc)[-1] == ("catch", -2, True)
    assert sc.match.state.carrier == sc.p("C")
    assert _turnovers(sc) == []


def test_an_interception_in_the_interceptors_scoring_end_zone_is_a_touchdown() -> None:
    """Rulebook: "Scoring a Touchdown": "A touchdown can be scored by any player,
    even ... players ... that belong to the inactive team", when "A
    Standing player ... catches the ball whilst occupying a square within
    the opposing team's End Zone"; the Interception is such a catch
    ("Successful Passing Interference": "catching the ball as described
    opposite"). The away team scores at x = 0: b, there, intercepts A's
    pass along the touchline."""
    sc = Scenario(
        """
        A
        .
        b
        .
        B
    """,
        origin=(0, 4),
        ball="A",
        dice=[5, 6, 6],
    )
    _pass(sc, 0, 4)
    sc.choose("interfere", sc.id("b"))
    assert [i.result for i in sc.events(Interference)] == [
        "deflection",
        "interception",
    ]
    g = sc.match.state
    assert [(t.team, t.player) for t in sc.events(Touchdown)] == [("away", sc.id("b"))]
    assert list(g.score) == [0, 1]


# -- Catching ---------------------------------------------------------------


def test_a_scattered_pass_is_caught_at_minus_one_and_minus_one_per_marker() -> None:
    """Rulebook: "If the player is attempting to catch a ball that has scattered ...
    into the square they occupy, apply a -1 modifier", and "-1 modifier
    per player Marking them" (c and d): -3. The Quick pass to (2, 2) is
    inaccurate (a 2) and scatters E, W, E into B's square (3, 2)."""
    sc = Scenario(
        """
        A....
        ..c..
        ...B.
        ..d..
    """,
        ball="A",
        dice=[2, 5, 4, 5, 6],
    )
    _pass(sc, 2, 2)
    if sc.match.pending is not None and sc.match.pending.kind == "interfere":
        sc.choose("none")
    assert _rolls(sc)[-1] == ("catch", -3, True)
    assert sc.match.state.carrier == sc.p("B")


def test_an_accurate_pass_is_caught_with_no_modifier() -> None:
    """Rulebook: "If the player is attempting to catch an accurate pass or a
    Hand-off ..., there are no modifiers": a 3 is enough for AG 3+."""
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        dice=[4, 3],
    )
    _pass(sc, 3, 0)
    assert _rolls(sc) == [("pass", 0, True), ("catch", 0, True)]


def test_an_accurate_pass_to_an_empty_square_bounces_and_turns_over() -> None:
    """Rulebook: "Resolve Pass Action": "If no player on the active team catches the
    ball after a Pass action and the ball comes to rest on the ground ...,
    a Turnover is caused" (an accurate pass included)."""
    sc = Scenario(
        """
        A.....
        ......
        .....c
    """,
        ball="A",
        dice=[4, 5],
    )
    _pass(sc, 3, 0)
    assert sc.events(Pass)[0].result == "accurate"
    assert [(m.how, m.src, m.dst) for m in sc.events(BallMove)] == [
        ("bounce", sc.sq(3, 0), sc.sq(4, 0))
    ]
    assert _turnovers(sc) == ["pass"]


def test_a_pass_to_a_prone_team_mate_bounces() -> None:
    """Rulebook: "If the ball lands in a square occupied by a Standing player that has
    not lost their Tackle Zone, that player must attempt to catch it":
    Prone B cannot; the ball bounces on (D8 5) and a Turnover follows."""
    sc = Scenario(
        """
        A..B..
        ......
        .....c
    """,
        ball="A",
        prone="B",
        dice=[4, 5],
    )
    _pass(sc, 3, 0)
    assert [r.purpose for r in sc.events(Roll)] == ["pass"]
    assert sc.match.state.ball == sc.sq(4, 0)
    assert _turnovers(sc) == ["pass"]


@pytest.mark.parametrize(
    ("catcher", "mods", "turnovers"),
    [("C", (0, -1), []), ("c", (-1, -2), ["pass"])],
)
def test_after_a_failed_catch_only_a_team_mate_saves_the_turn(
    catcher: str, mods: tuple[int, int], turnovers: list[str]
) -> None:
    """The Turnover: "If no player on the active team catches the ball
    after a Pass action ... and the ball comes to rest on the ground or in
    the possession of a player from the opposing team". B drops an
    accurate pass (a 1); the bounce (D8 5, east) reaches the next square,
    where a team-mate (C) or an opponent (c) catches the bouncing ball at
    -1 (a 5). c and B Mark each other: -1 more to each catch."""
    sc = Scenario(
        f"""
        A..B{catcher}.
        ......
        ......
    """,
        ball="A",
        dice=[4, 1, 5, 5],
    )
    _pass(sc, 3, 0)
    assert _rolls(sc)[1:] == [("catch", mods[0], False), ("catch", mods[1], True)]
    assert sc.match.state.carrier == sc.p(catcher)
    assert _turnovers(sc) == turnovers


def test_only_players_between_thrower_and_landing_may_interfere() -> None:
    """Rulebook: "Passing Interference": an opposition player must be "Occupying a
    square that is between the square occupied by the player performing
    the Pass action and the square in which the ball will land": b behind
    A and c beyond B (on the ruler's line, neither Marking) are not
    offered; the accurate Quick pass is caught at once."""
    sc = Scenario(
        """
        b.A..B.c
        ........
        ........
    """,
        ball="A",
        dice=[4, 3],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(5, 0))
    assert not any(r.purpose == "interference" for r in sc.events(Roll))
    assert sc.match.state.carrier == sc.p("B")


# -- Hand-off ---------------------------------------------------------------


def test_a_hand_off_is_caught_with_no_modifier_but_marking() -> None:
    """Rulebook: "Hand-off": "The player receiving the ball ... must test against
    their Agility to catch it" with no modifier for the Hand-off itself
    (BB2020 has no +1), -1 per player Marking (c and d): a 5 is 5 - 2 = 3."""
    sc = Scenario(
        """
        ..c..
        .AB..
        ..d..
    """,
        ball="A",
        dice=[5],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert _rolls(sc) == [("hand_off", -2, True)]
    assert sc.match.state.carrier == sc.p("B")


def test_one_hand_off_a_turn() -> None:
    """Rulebook: "Once per team turn, a player on the active team may attempt to hand
    the ball off": after A's Hand-off, B (now holding the ball) is offered
    no Hand-off."""
    sc = Scenario(
        """
        .....
        .ABC.
        ....c
    """,
        ball="A",
        dice=[4],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == sc.p("B")
    opts = sc.match.pending.options
    assert ("activate", sc.id("B"), "hand_off") not in opts
    assert ("activate", sc.id("B"), "pass") in opts


def test_a_player_with_pa_dash_may_hand_off() -> None:
    """Rulebook: "Hand-off": "there is no test required to perform the action itself
    and even a player with a PA of '-' may perform a Hand-off action"."""
    sc = Scenario(
        """
        .....
        .AB..
        ....c
    """,
        ball="A",
        stats={"A": {"pa": None}},
        dice=[3],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert _rolls(sc) == [("hand_off", 0, True)]
    assert sc.match.state.carrier == sc.p("B")


# -- Picking up -----------------------------------------------------------------


@pytest.mark.parametrize(("skills", "modifier"), [([], -2), (["extra-arms"], -1)])
def test_pick_up_minus_one_per_marker(skills: list[str], modifier: int) -> None:
    """Rulebook: "If the player is being Marked, apply a -1 modifier per player Marking
    them" (b and c); Extra Arms: "+1 modifier when they attempt to pick
    up"."""
    sc = Scenario(
        """
        ..b..
        A*...
        ..c..
    """,
        skills={"A": skills},
        dice=[5],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    assert _rolls(sc)[0][:2] == ("pick_up", modifier)


def test_a_failed_pick_up_is_a_turnover_even_when_a_team_mate_catches() -> None:
    """The Turnover: "If a player on the active team attempts to pick up
    the ball from the ground and fails, even if the bouncing ball is then
    caught by a player from the active team": the bounce (D8 5) reaches B,
    who catches at -1 (a 6)."""
    sc = Scenario(
        """
        .....
        A*B..
        ....c
    """,
        dice=[1, 5, 6],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    assert _rolls(sc) == [("pick_up", 0, False), ("catch", -1, True)]
    assert sc.match.state.carrier == sc.p("B")
    assert _turnovers(sc) == ["pick_up"]


# -- Throw-ins ------------------------------------------------------------------


def test_a_thrown_in_ball_is_caught_at_minus_one() -> None:
    """Rulebook: "Throw-ins": the ball "travels 2D6 squares from the last square it
    occupied ... If the ball lands in a square that is occupied by a
    Standing player ..., that player must attempt to catch it", at -1
    ("a ball that has been thrown-in by the crowd"). A's pick-up fails,
    the bounce (D8 7) leaves the pitch from (12, 14); D6 3 is straight in,
    2D6 1 + 2 = 3 squares to B at (12, 11), who catches (a 5)."""
    sc = Scenario(
        """
        ..B..
        .....
        .....
        .A*..
    """,
        origin=(10, 11),
        dice=[1, 7, 3, 1, 2, 5],
    )
    sc.act("A", "move")
    sc.move(2, 3)
    assert [m.how for m in sc.events(BallMove)] == ["bounce", "throw_in"]
    assert _rolls(sc)[-1] == ("catch", -1, True)
    assert sc.match.state.carrier == sc.p("B")


def test_a_corner_throw_in_uses_a_d3() -> None:
    """Rulebook: "Corner Throw-ins": from a corner square the direction is a D3 on the
    Random Direction template placed in the corner, so the three results
    are the three directions into the pitch (along either edge and
    diagonally). The bounce (D8 1) leaves the pitch from the corner (0, 0);
    2D6 1 + 1 = 2 squares."""
    landings = set()
    for d3 in (1, 2, 3):
        sc = Scenario(
            """
            *....
            A....
            .....
            ....c
        """,
            origin=(0, 0),
            dice=[1, 1, d3, 1, 1, 5],
        )
        sc.act("A", "move")
        sc.move(0, 0)
        moves = [(m.how, m.src, m.dst) for m in sc.events(BallMove)]
        assert moves[:2] == [("bounce", sc.sq(0, 0), -1), moves[1]]
        assert moves[1][:2] == ("throw_in", sc.sq(0, 0))
        landings.add(moves[1][2])
    assert landings == {sc.sq(2, 0), sc.sq(2, 2), sc.sq(0, 2)}
