"""Passing skills (Accurate, Cannoneer, Cloud Burster, Dump-off,
Fumblerooskie, Hail Mary Pass, Nerves of Steel, On the Ball, Running Pass,
Safe Pass) and Kick: each scripted scenario is run with and without the
skill and gives different outcomes."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.events import (
    BallMove,
    Block,
    Interference,
    Kick,
    Pass,
    Roll,
    SkillUsed,
    Turnover,
)
from engine.match import run
from engine.rules.kickoff import Kickoff
from engine.tools.scenario import Scenario


def _skills(on: bool, letter: str, *slugs: str) -> dict[str, list[str]]:
    return {letter: list(slugs)} if on else {}


def _pass(sc: Scenario, x: int, y: int) -> None:
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(x, y))


def _roll(sc: Scenario, purpose: str) -> Roll:
    return next(r for r in sc.events(Roll) if r.purpose == purpose)


@pytest.mark.parametrize("skill", [True, False])
def test_accurate_adds_one_to_quick_and_short_passes(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A..B.
        .....
        ....c
    """,
        ball="A",
        skills=_skills(skill, "A", "accurate"),
        dice=[3, 4] if skill else [3, 2, 2, 2, 2],
    )
    _pass(sc, 3, 1)
    r = _roll(sc, "pass")
    assert (r.modifier, r.success) == ((1, True) if skill else (0, False))
    assert sc.events(Pass)[0].result == ("accurate" if skill else "inaccurate")


def test_accurate_does_not_help_a_long_pass() -> None:
    sc = Scenario(
        """
        A.......B
        .........
        ........c
    """,
        ball="A",
        skills={"A": ["accurate"]},
        dice=[6, 4],
    )
    _pass(sc, 8, 0)
    assert _roll(sc, "pass").modifier == -2


@pytest.mark.parametrize("skill", [True, False])
def test_cannoneer_adds_one_to_long_passes(skill: bool) -> None:
    sc = Scenario(
        """
        A.......B
        .........
        ........c
    """,
        ball="A",
        skills=_skills(skill, "A", "cannoneer"),
        dice=[5, 4] if skill else [5, 2, 2, 2, 2],
    )
    _pass(sc, 8, 0)
    r = _roll(sc, "pass")
    assert (r.modifier, r.success) == ((-1, True) if skill else (-2, False))


@pytest.mark.parametrize("skill", [True, False])
def test_cloud_burster_makes_the_interference_be_rerolled(skill: bool) -> None:
    sc = Scenario(
        """
        ....c....
        A.......B
        .........
    """,
        ball="A",
        skills=_skills(skill, "A", "cloud-burster"),
        dice=[6, 6, 2, 4] if skill else [6, 6, 4],
    )
    _pass(sc, 8, 1)
    sc.choose("interfere", sc.id("c"))
    g = sc.match.state
    rolls = [(r.purpose, r.dice) for r in sc.events(Roll)]
    if skill:
        assert rolls[1:3] == [("interference", (6,)), ("interference", (2,))]
        assert g.carrier == sc.p("B")
        assert sc.events(Interference) == []
    else:
        assert [i.result for i in sc.events(Interference)] == [
            "deflection",
            "interception",
        ]
        assert g.carrier == sc.p("c")


def test_cloud_burster_is_ignored_by_very_long_legs() -> None:
    sc = Scenario(
        """
        ....c....
        A.......B
        .........
    """,
        ball="A",
        skills={"A": ["cloud-burster"], "c": ["very-long-legs"]},
        dice=[6, 6, 4],
    )
    _pass(sc, 8, 1)
    sc.choose("interfere", sc.id("c"))
    assert sc.match.state.carrier == sc.p("c")


@pytest.mark.parametrize("skill", [True, False])
def test_dump_off_passes_before_the_block(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        .Abc.
        .....
    """,
        ball="b",
        skills=_skills(skill, "b", "dump-off"),
        dice=[5, 4, "push"] if skill else ["push"],  # b is Marked: -1
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    if skill:
        d = sc.match.pending
        assert (d.kind, d.team, d.info) == ("use_skill", "away", ("dump-off",))
        sc.choose("use", "dump-off")
        d = sc.match.pending
        assert d.kind == "pass_target"
        assert ("square", sc.sq(4, 1)) in d.options  # quick passes only
        assert ("square", sc.sq(4 + 3, 1)) not in d.options
        sc.choose("square", sc.sq(3, 1))
        assert g.carrier == sc.p("c")
    else:
        assert g.carrier == sc.p("b")
    assert sc.match.pending.kind == "push"  # then the block goes on
    assert sc.events(Turnover) == []


def test_dump_off_fumble_causes_no_turnover() -> None:
    sc = Scenario(
        """
        .....
        .Abc.
        .....
    """,
        ball="b",
        skills={"b": ["dump-off"]},
        dice=[1, 7, "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("use", "dump-off")
    sc.choose("square", sc.sq(3, 1))
    assert sc.events(Pass)[0].result == "fumble"
    assert sc.events(Turnover) == []
    assert sc.match.state.ball == sc.sq(2, 2)
    assert sc.match.pending.kind == "push"  # home's block goes on


@pytest.mark.parametrize("skill", [True, False])
def test_fumblerooskie_leaves_the_ball_behind(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A....
        ....b
    """,
        ball="A",
        skills=_skills(skill, "A", "fumblerooskie"),
    )
    sc.act("A", "move")
    opt = ("fumblerooskie", sc.sq(1, 1))
    assert (opt in sc.match.pending.options) is skill
    if not skill:
        with pytest.raises(IllegalChoice):
            sc.choose(*opt)
        return
    sc.choose(*opt)
    g = sc.match.state
    assert sc.xy("A") == (1, 1)
    assert (g.carrier, g.ball, g.ball_air) == (-1, sc.sq(0, 1), False)
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"


@pytest.mark.parametrize("skill", [True, False])
def test_hail_mary_pass_targets_anywhere(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A.c..
        .....
    """,
        ball="A",
        skills=_skills(skill, "A", "hail-mary-pass"),
        dice=[6, 4, 4, 4, 4],
    )
    g = sc.match.state
    far = g.pitch.sq(25, 6)  # 15 squares away: out of range
    sc.act("A", "pass")
    sc.choose("throw")
    opts = sc.match.pending.options
    assert (("hail_mary", far) in opts) is skill
    assert ("square", far) not in opts
    if not skill:
        return
    sc.choose("hail_mary", far)
    p = sc.events(Pass)[0]
    assert (p.range, p.result) == ("hail_mary", "inaccurate")  # never accurate
    r = _roll(sc, "pass")
    assert (r.target, r.modifier) == (2, 0)  # no range modifier
    # c was under the path, but a Hail Mary cannot be interfered with
    assert [b.how for b in sc.events(BallMove)] == ["scatter"] * 3 + ["bounce"]
    assert g.ball == g.pitch.sq(21, 6)


def test_hail_mary_pass_not_in_a_blizzard() -> None:
    sc = Scenario(
        """
        .....
        A.c..
        .....
    """,
        ball="A",
        skills={"A": ["hail-mary-pass"]},
        weather="blizzard",
    )
    sc.act("A", "pass")
    sc.choose("throw")
    assert not any(o[0] == "hail_mary" for o in sc.match.pending.options)


def test_hail_mary_pass_wildly_inaccurate_deviates_from_the_thrower() -> None:
    sc = Scenario(
        """
        .c...
        A....
        .....
    """,
        ball="A",
        skills={"A": ["hail-mary-pass"]},
        dice=[2, 5, 3, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("hail_mary", sc.match.state.pitch.sq(25, 6))
    r = _roll(sc, "pass")
    assert (r.dice, r.target, r.modifier, r.success) == ((2,), 2, -1, False)
    assert sc.events(Pass)[0].result == "wildly_inaccurate"
    assert [(b.how, b.dst) for b in sc.events(BallMove)][0] == ("deviate", sc.sq(3, 1))


@pytest.mark.parametrize("skill", [True, False])
def test_nerves_of_steel_ignores_marking_when_passing(skill: bool) -> None:
    sc = Scenario(
        """
        .c...
        A..B.
        .....
        ....d
    """,
        ball="A",
        skills=_skills(skill, "A", "nerves-of-steel"),
        dice=[4, 4] if skill else [4, 7, 7, 7, 7],
    )
    _pass(sc, 3, 1)
    r = _roll(sc, "pass")
    assert (r.modifier, r.success) == ((0, True) if skill else (-1, False))


@pytest.mark.parametrize("skill", [True, False])
def test_nerves_of_steel_ignores_marking_when_catching(skill: bool) -> None:
    sc = Scenario(
        """
        A..B.
        ...c.
        .....
    """,
        ball="A",
        skills=_skills(skill, "B", "nerves-of-steel"),
        dice=[4, 3, 2],
    )
    _pass(sc, 3, 0)
    r = _roll(sc, "catch")
    assert (r.modifier, r.success) == ((0, True) if skill else (-1, False))


@pytest.mark.parametrize("skill", [True, False])
def test_on_the_ball_moves_into_the_passing_lane(skill: bool) -> None:
    sc = Scenario(
        """
        .......
        A.....o
        .......
    """,
        ball="A",
        skills=_skills(skill, "o", "on-the-ball"),
        dice=[4, 4] if skill else [4, 2],
    )
    _pass(sc, 3, 1)
    g = sc.match.state
    if skill:
        d = sc.match.pending
        assert (d.kind, d.team) == ("on_the_ball", "away")
        sc.choose("on_the_ball", sc.id("o"))
        for x in (5, 4, 3):
            assert sc.match.pending.kind == "on_the_ball_move"
            sc.choose("move", sc.sq(x, 1))
        # three squares used: the pass goes on, onto o's head
        assert sc.xy("o") == (3, 1)
        assert g.carrier == sc.p("o")
        assert [t.reason for t in sc.events(Turnover)] == ["pass"]
    else:
        assert g.ball == sc.sq(3, 0)


def test_on_the_ball_may_stop_early_and_be_declined() -> None:
    sc = Scenario(
        """
        .......
        A.....o
        .......
    """,
        ball="A",
        skills={"o": ["on-the-ball"]},
        dice=[4, 2],
    )
    _pass(sc, 3, 1)
    sc.choose("on_the_ball", sc.id("o"))
    sc.choose("move", sc.sq(5, 1))
    sc.choose("end")
    assert sc.xy("o") == (5, 1)
    assert sc.match.state.ball == sc.sq(3, 0)
    assert sc.match.state.act_player == -1  # A's activation ended normally


def _kickoff(diagram: str, skills: dict[str, list[str]], dice: list[int]) -> Scenario:
    sc = Scenario(diagram, origin=(4, 5), skills=skills, dice=dice, start=False)
    sc.match.state.stack.append(Kickoff())
    run(sc.match.state)
    return sc


@pytest.mark.parametrize("skill", [True, False])
def test_on_the_ball_at_the_kick_off(skill: bool) -> None:
    # Away (k) kicks to (6,5) -> deviates 1 east to (7,5); R may run there.
    sc = _kickoff(
        "R.........k",
        _skills(skill, "R", "on-the-ball"),
        [5, 1, 1, 1, 4] if skill else [5, 1, 1, 1, 5],
    )
    g = sc.match.state
    sc.choose("square", g.pitch.sq(6, 5))
    if skill:
        d = sc.match.pending
        assert (d.kind, d.team) == ("on_the_ball", "home")
        sc.choose("on_the_ball", sc.id("R"))
        opts = sc.match.pending.options
        assert ("move", g.pitch.sq(3, 5)) in opts
        for x in (5, 6, 7):
            sc.choose("move", g.pitch.sq(x, 5))
        assert g.carrier == sc.p("R")
    else:
        assert g.ball == g.pitch.sq(8, 5)


def test_on_the_ball_at_the_kick_off_stays_in_own_half() -> None:
    sc = _kickoff("........R.k", {"R": ["on-the-ball"]}, [4, 1, 1, 1, 2])
    g = sc.match.state
    sc.choose("square", g.pitch.sq(6, 5))
    sc.choose("on_the_ball", sc.id("R"))
    # R at x=12 (home Line of Scrimmage) cannot step to x=13
    assert all(g.pitch.xs[o[1]] <= 12 for o in sc.match.pending.options[:-1])


@pytest.mark.parametrize("skill", [True, False])
def test_kick_halves_the_deviation(skill: bool) -> None:
    sc = _kickoff(
        "R..........k",
        _skills(skill, "k", "kick"),
        [5, 4, 1, 1, 2],
    )
    g = sc.match.state
    sc.choose("square", g.pitch.sq(5, 7))
    if skill:
        d = sc.match.pending
        assert (d.kind, d.team, d.info) == ("use_skill", "away", ("kick",))
        sc.choose("use", "kick")
    kick = sc.events(Kick)[0]
    assert (kick.distance, kick.landing) == (
        (2, g.pitch.sq(7, 7)) if skill else (4, g.pitch.sq(9, 7))
    )


def test_kick_not_from_the_line_of_scrimmage() -> None:
    sc = _kickoff(
        "R........k.a.b.c",
        {"k": ["kick"]},
        [5, 4, 1, 1, 2],
    )
    g = sc.match.state
    sc.choose("square", g.pitch.sq(5, 7))
    assert sc.events(Kick)[0].distance == 4  # k on the LoS (x=13): no Kick


@pytest.mark.parametrize("skill", [True, False])
def test_running_pass_moves_on_after_a_quick_pass(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A.B..
        ....c
    """,
        ball="A",
        skills=_skills(skill, "A", "running-pass"),
        dice=[4, 4],
    )
    _pass(sc, 2, 1)
    d = sc.match.pending
    assert sc.match.state.carrier == sc.p("B")
    if skill:
        assert (d.kind, d.player) == ("move", sc.id("A"))
        assert ("throw",) not in d.options
        sc.move(1, 0)
        assert sc.xy("A") == (1, 0)
    else:
        assert d.kind == "activate"


def test_running_pass_not_after_a_short_pass() -> None:
    sc = Scenario(
        """
        .......
        A....B.
        ......c
    """,
        ball="A",
        skills={"A": ["running-pass"]},
        dice=[5, 4],
    )
    _pass(sc, 5, 1)
    assert sc.match.pending.kind == "activate"


@pytest.mark.parametrize("skill", [True, False])
def test_safe_pass_keeps_the_ball_on_a_fumble(skill: bool) -> None:
    sc = Scenario(
        """
        .....
        A.B..
        ....c
    """,
        ball="A",
        skills=_skills(skill, "A", "safe-pass"),
        dice=[1, 2],
    )
    _pass(sc, 2, 1)
    g = sc.match.state
    assert sc.events(Pass)[0].result == "fumble"
    if skill:
        assert g.carrier == sc.p("A")
        assert sc.events(Turnover) == []
        assert sc.match.pending.kind == "activate"  # activation over
        assert [e.skill for e in sc.events(SkillUsed)] == ["safe-pass"]
    else:
        assert g.ball == sc.sq(0, 0)
        assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


def test_kick_halves_a_one_to_no_deviation() -> None:
    sc = _kickoff("R..........k", {"k": ["kick"]}, [5, 1, 1, 1, 2])
    g = sc.match.state
    sc.choose("square", g.pitch.sq(5, 7))
    sc.choose("use", "kick")
    kick = sc.events(Kick)[0]
    assert (kick.distance, kick.landing) == (0, g.pitch.sq(5, 7))


@pytest.mark.parametrize("use", [True, False])
def test_a_kick_kept_on_target_is_caught_without_the_deviation_modifier(
    use: bool,
) -> None:
    """Catching: -1 for "a ball that has scattered or deviated into the
    square they occupy"; Kick halves the D6 of the deviation, and a 1 halved
    is 0: the ball comes down where it was placed, on R, not having
    deviated, and R's catch has no modifier. Declined, it deviates one
    square east onto S, who drops it at -1 (it bounces D8 1, up-left).
    The event is 1 + 1, Get the Ref; then a catch roll of 3."""
    sc = _kickoff("RS.........k", {"k": ["kick"]}, [5, 1, 1, 1, 3, 1, 1])
    g = sc.match.state
    sc.choose("square", g.pitch.sq(4, 5))
    sc.choose("use", "kick") if use else sc.choose("decline")
    catch = [e for e in sc.events(Roll) if e.purpose == "catch"]
    catcher = "R" if use else "S"
    assert [(e.player, e.dice, e.modifier) for e in catch][:1] == [
        (sc.id(catcher), (3,), 0 if use else -1)
    ]
    assert (g.carrier == sc.p(catcher)) is use


def test_on_the_ball_player_falling_during_a_dump_off_turns_over() -> None:
    # Home A blocks b, who dumps off to c; home O (On the Ball) dodges away
    # from d and Falls Over: a Turnover, so A's block never happens.
    sc = Scenario(
        """
        .......
        .Ab.c..
        .......
        ....Od.
    """,
        ball="b",
        skills={"b": ["dump-off"], "O": ["on-the-ball"]},
        dice=[1, 1, 1, 5, 4],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("use", "dump-off")
    sc.choose("square", sc.sq(4, 1))
    assert (sc.match.pending.kind, sc.match.pending.team) == ("on_the_ball", "home")
    sc.choose("on_the_ball", sc.id("O"))
    sc.choose("move", sc.sq(4, 2))  # dodge: 1 fails
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert sc.match.state.carrier == sc.p("c")
    assert sc.events(Block) == []
    assert sc.match.done  # the home turn ended
