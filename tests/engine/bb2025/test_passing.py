"""BB2025 "Passing, catching, interceptions": no Wildly Inaccurate pass, a
modified result of 1 or less is a fumble (changes_from_bb2020.md
"Results"); bombs follow the pass rules (section 13)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.events import BallMove, Interference, Note, Pass, Roll, Turnover
from engine.core.state import PRONE
from engine.rules.ball import N_STATS, STAT_DEFL, STAT_INT
from engine.tools.scenario import Scenario


def long_pass(ruleset: str, dice: list[int]) -> Scenario:
    """A (PA 4+) throws Long (-2) to B, 8 squares away."""
    sc = Scenario(
        """
        A.......B
        .........
        ........c
    """,
        ruleset=ruleset,
        ball="A",
        dice=dice,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(8, 0))
    return sc


def test_a_modified_one_is_a_fumble() -> None:
    # 3 - 2 = 1, not a natural 1: fumbled; the ball bounces (D8 5) from A.
    sc = long_pass("bb2025", [3, 5, 4, 4])
    assert sc.events(Pass)[0].result == "fumble"
    assert sc.events(BallMove)[0].how == "bounce"
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


def test_bb2020_calls_it_wildly_inaccurate() -> None:
    sc = long_pass("bb2020", [3, 5, 2, 4, 4, 4])
    assert sc.events(Pass)[0].result == "wildly_inaccurate"


@pytest.mark.parametrize(("die", "result"), [(4, "inaccurate"), (6, "accurate")])
def test_a_modified_two_or_more_is_not_a_fumble(die: int, result: str) -> None:
    sc = long_pass("bb2025", [die, 5, 5, 5, 4, 4, 4])
    assert sc.events(Pass)[0].result == result


def _notes(sc: Scenario, what: str) -> list[Note]:
    return [e for e in sc.events(Note) if e.what == what]


def test_a_bomb_with_a_modified_one_explodes_in_the_throwers_hands() -> None:
    # Short (-1): 2 - 1 = 1; BB2020 deviates it (Wildly Inaccurate).
    sc = Scenario(
        "B...c",
        ruleset="bb2025",
        skills={"B": ["bombardier"]},
        stats={"B": {"pa": 4}},
        dice=[2, *[4] * 10],
    )
    sc.choose("activate", 1, "throw_bomb")
    sc.choose("square", sc.sq(4, 0))
    assert _notes(sc, "bomb_wildly_inaccurate") == []
    assert _notes(sc, "bomb_explodes_fumble")[0].value == sc.sq(0, 0)


def intercept(
    diagram: str,
    ruleset: str = "bb2025",
    dice: tuple[int, ...] = (5, 6, 4, 4),
    **kw: Any,
) -> Scenario:
    """A throws Quick to B (4 squares east); b, beneath the ruler, tries to
    intercept (pass 5: accurate)."""
    sc = Scenario(diagram, ruleset=ruleset, ball="A", dice=dice, **kw)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 1))
    sc.choose("interfere", sc.id("b"))
    return sc


LINE = """
    .....
    A.b.B
    .....
"""
# b is Marked by C and D.
MARKED = """
    ..C..
    A.b.B
    ..D..
"""


def test_one_agility_test_intercepts() -> None:
    # AG 3+, accurate pass -3: the 6 intercepts, with no deflection.
    sc = intercept(LINE)
    assert [e.result for e in sc.events(Interference)] == ["interception"]
    r = [x for x in sc.events(Roll) if x.purpose == "interference"]
    assert [(x.dice, x.modifier, x.success) for x in r] == [((6,), -3, True)]
    assert [x for x in sc.events(Roll) if x.purpose == "interception"] == []
    g = sc.match.state
    assert g.carrier == sc.p("b")
    assert [t.reason for t in sc.events(Turnover)] == ["interception"]
    assert (
        g.stats[sc.p("b") * N_STATS + STAT_INT],
        g.stats[sc.p("b") * N_STATS + STAT_DEFL],
    ) == (
        1,
        0,
    )


def test_bb2020_deflects_first() -> None:
    sc = intercept(LINE, "bb2020", dice=(5, 6, 6))
    assert [e.result for e in sc.events(Interference)] == ["deflection", "interception"]


def test_a_failed_interception_lets_the_pass_through() -> None:
    sc = intercept(LINE, dice=(5, 5, 4))
    assert sc.events(Interference) == []
    assert sc.match.state.carrier == sc.p("B")


@pytest.mark.parametrize(("ruleset", "modifier"), [("bb2025", -5), ("bb2020", -4)])
def test_each_player_marking_the_interceptor_is_minus_one(
    ruleset: str, modifier: int
) -> None:
    sc = intercept(MARKED, ruleset, dice=(5, 5, 4))
    r = [x for x in sc.events(Roll) if x.purpose == "interference"][0]
    assert r.modifier == modifier


def test_cloud_burster_passes_cannot_be_intercepted() -> None:
    sc = Scenario(LINE, ruleset="bb2025", ball="A", dice=[5, 4], skills=CLOUD)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 1))
    assert sc.events(Interference) == []
    assert sc.match.state.carrier == sc.p("B")


def test_but_by_a_player_with_very_long_legs() -> None:
    # Very Long Legs +2: 4 - 3 + 2 = 3 intercepts.
    skills = {**CLOUD, "b": ["very-long-legs"]}
    sc = intercept(LINE, dice=(5, 4), skills=skills)
    assert [e.result for e in sc.events(Interference)] == ["interception"]


CLOUD = {"A": ["cloud-burster"]}


@pytest.mark.parametrize(("die", "saved"), [(1, True), (3, False)])
def test_safe_pass_saves_only_a_natural_one(die: int, saved: bool) -> None:
    # Long (-2): the natural 1 and the modified 3 - 2 = 1 both fumble.
    sc = Scenario(
        """
        A.......B
        .........
        ........c
    """,
        ruleset="bb2025",
        ball="A",
        skills={"A": ["safe-pass"]},
        dice=[die, 5, 4, 4, 4],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(8, 0))
    assert sc.events(Pass)[0].result == "fumble"
    assert (sc.match.state.carrier == sc.p("A")) is saved
    assert [t.reason for t in sc.events(Turnover)] == ([] if saved else ["fumble"])


def test_a_catch_after_an_inaccurate_pass_is_minus_one() -> None:
    """Decision (DECIDE 3): the ball scattering from an inaccurate pass is
    caught at -1, as in BB2020. Quick pass 2 (< PA 4+, not 1 or less):
    inaccurate; scatter D8 5, 5, 5 from (2, 1) to B on (5, 1); catch 5."""
    sc = Scenario(
        """
        A.....
        .....B
        .....c
    """,
        ruleset="bb2025",
        ball="A",
        dice=[2, 5, 5, 5, 5],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(2, 1))
    assert sc.events(Pass)[0].result == "inaccurate"
    catch = [(r.dice, r.modifier) for r in sc.events(Roll) if r.purpose == "catch"]
    assert catch == [((5,), -2)]  # -1 the scatter, -1 c Marking B
    assert sc.match.state.carrier == sc.p("B")


def test_no_floor_on_a_modified_roll() -> None:
    """Decision (DECIDE 1): the May 2026 errata; a modified result may go
    below 1 and a natural 6 always succeeds: a Long Bomb from a Marked
    thrower (-4) is accurate on a natural 6 (6 - 4 = 2 misses PA 4+) and a
    fumble on a 4 (4 - 4 = 0)."""
    diagram = """
        Ab...........B
        ..............
    """
    for die, result in ((6, "accurate"), (4, "fumble")):
        sc = Scenario(diagram, ruleset="bb2025", ball="A", dice=[die, *[4] * 8])
        sc.act("A", "pass")
        sc.choose("throw")
        sc.choose("square", sc.sq(13, 0))
        p = sc.events(Pass)[0]
        assert (p.range, p.result) == ("long_bomb", result)


@pytest.mark.parametrize(("ruleset", "reasons"), [("bb2025", ["bomb"]), ("bb2020", [])])
def test_a_bomb_knocks_down_the_throwers_team_mate_a_turnover(
    ruleset: str, reasons: list[str]
) -> None:
    """Accurate (6) to the empty square (4, 1); the thrower's team-mate C
    above it rolls 4 (hit, armour 2 + 3 holds), d below it 3 (not hit):
    Knocked Down in BB2025, a Turnover (BB2020: Placed Prone, none)."""
    sc = Scenario(
        """
        ....C
        B....
        ....d
    """,
        ruleset=ruleset,
        skills={"B": ["bombardier"]},
        stats={"B": {"pa": 4}},
        dice=[6, 4, 3, 2, 3],
    )
    sc.choose("activate", sc.id("B"), "throw_bomb")
    sc.choose("square", sc.sq(4, 1))
    assert [n.player for n in _notes(sc, "bomb_hit")] == [sc.id("C")]
    assert sc.match.state.status[sc.p("C")] == PRONE
    assert [t.reason for t in sc.events(Turnover)] == reasons
