"""BB2025 passing under the weather, against an inaccurate pass and without PA
(tables.md "Weather"; changes_from_bb2020.md section 9 "Results" and
"Interference -> Interception only")."""

from __future__ import annotations

import pytest

from engine.core.events import Interference, Pass, Roll, Turnover
from engine.tools.scenario import Scenario

# A throws Short (4 squares, -1) to B; b stands beneath the range ruler.
LINE = """
    .....
    A.b.B
    .....
"""


def throw(
    ruleset: str, dice: list[int], weather: str = "perfect", diagram: str = LINE
) -> Scenario:
    sc = Scenario(diagram, ruleset=ruleset, ball="A", dice=dice, weather=weather)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 1))
    return sc


def rolls(sc: Scenario, purpose: str) -> list[tuple[tuple[int, ...], int, bool]]:
    return [
        (r.dice, r.modifier, r.success) for r in sc.events(Roll) if r.purpose == purpose
    ]


def test_an_inaccurate_pass_is_minus_two_to_intercept() -> None:
    # changes_from_bb2020.md: "one AG test: -3 vs an accurate pass, -2 vs an
    # inaccurate pass". The pass 3 (PA 4+, Short -1) is inaccurate; the
    # scatter E, W, E lands one square past B, so b is still beneath the
    # ruler; his 6 (AG 3+, -2) intercepts.
    sc = throw("bb2025", [3, 5, 4, 5, 6, 4, 4, 4])
    sc.choose("interfere", sc.id("b"))
    assert [p.result for p in sc.events(Pass)] == ["inaccurate"]
    assert rolls(sc, "interference") == [((6,), -2, True)]
    assert [e.result for e in sc.events(Interference)] == ["interception"]
    assert sc.match.state.carrier == sc.p("b")


def test_pouring_rain_is_minus_one_to_intercept() -> None:
    # tables.md "Weather" 11 Pouring Rain: "-1 to catch, pick-up and
    # interception tests". Accurate pass -3, rain -1.
    sc = throw("bb2025", [5, 6, 4, 4], weather="pouring_rain")
    sc.choose("interfere", sc.id("b"))
    assert rolls(sc, "pass") == [((5,), -1, True)]
    assert rolls(sc, "interference") == [((6,), -4, True)]


def test_pouring_rain_is_not_a_passing_ability_modifier() -> None:
    # tables.md "Weather" 11 Pouring Rain "(RL: not to PA tests)": the pass
    # keeps its Short -1 only.
    sc = throw(
        "bb2025", [3, *[4] * 8], weather="pouring_rain", diagram=LINE.replace("b", ".")
    )
    assert rolls(sc, "pass") == [((3,), -1, False)]


@pytest.mark.parametrize(
    ("ruleset", "result"), [("bb2025", "fumble"), ("bb2020", "wildly_inaccurate")]
)
def test_very_sunny_can_make_a_fumble(ruleset: str, result: str) -> None:
    # tables.md "Weather" 3 Very Sunny: "-1 to every Passing Ability test";
    # changes_from_bb2020.md "Results": "Fumbled (natural 1 or modified
    # result <= 1)". A 3, Short -1 and Very Sunny -1, is a modified 1: a
    # fumble and a Turnover in BB2025 (BB2020: wildly inaccurate).
    sc = throw(
        ruleset, [3, *[4] * 8], weather="very_sunny", diagram=LINE.replace("b", ".")
    )
    assert rolls(sc, "pass") == [((3,), -2, False)]
    assert [p.result for p in sc.events(Pass)] == [result]
    assert sc.events(Turnover)


def test_a_blizzard_allows_quick_and_short_passes_only() -> None:
    # tables.md "Weather" 12 Blizzard: "only Quick and Short passes
    # allowed": B (4 squares, Short) may be targeted, C (8 squares, Long)
    # only in other weather.
    diagram = """
        A...B...C
        .........
    """
    offered = {}
    for weather in ("blizzard", "perfect"):
        sc = Scenario(
            diagram, ruleset="bb2025", ball="A", weather=weather, dice=[4] * 5
        )
        sc.act("A", "pass")
        sc.choose("throw")
        opts = sc.match.pending.options
        offered[weather] = (
            ("square", sc.sq(4, 0)) in opts,
            ("square", sc.sq(8, 0)) in opts,
        )
    assert offered == {"blizzard": (True, False), "perfect": (True, True)}


def test_a_player_without_passing_ability_always_fumbles() -> None:
    # changes_from_bb2020.md "Results": "A player with no PA (-) always
    # fumbles": no test is rolled, the ball bounces from the thrower and it
    # is a Turnover.
    sc = Scenario(
        LINE.replace("b", "."),
        ruleset="bb2025",
        ball="A",
        stats={"A": {"pa": 0}},
        dice=[4] * 4,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 1))
    assert rolls(sc, "pass") == []
    assert [p.result for p in sc.events(Pass)] == ["fumble"]
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]
    assert sc.match.state.carrier == -1
