"""BB2025 "Passing, catching, interceptions": no Wildly Inaccurate pass, a
modified result of 1 or less is a fumble (changes_from_bb2020.md
"Results"); bombs follow the pass rules (section 13)."""

from __future__ import annotations

import pytest

from engine.core.events import BallMove, Note, Pass, Turnover
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
