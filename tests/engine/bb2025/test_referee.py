"""BB2025 "Fouling and the referee" (changes_from_bb2020.md section 8,
tables.md "Argue the Call"): a coach who may no longer argue may still
bribe."""

from __future__ import annotations

from engine.core.events import ArgueTheCall, SentOff
from engine.core.state import PITCH, SENT_OFF
from engine.tools.scenario import Scenario

FOUL = """
    .....
    .Ab..
    .....
"""


def ejected_coach_fouls(dice: list[int]) -> Scenario:
    """Home's coach was ejected earlier; A fouls the Prone b: Armour 3 + 3,
    a double, and the referee sees it; home still has one Bribe."""
    sc = Scenario(FOUL, ruleset="bb2025", prone="b", dice=[3, 3, *dice])
    g = sc.match.state
    g.argue_banned[0] = 1
    g.bribes[0] = 1
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


def test_an_ejected_coach_may_not_argue_but_may_bribe() -> None:
    # changes_from_bb2020.md "Argue the Call": "FAQ: a coach who can no
    # longer argue may still use Bribes". The Bribe's 2 (2+) works.
    sc = ejected_coach_fouls([2])
    d = sc.match.pending
    assert d.kind == "argue_the_call"
    assert ("argue",) not in d.options
    assert ("bribe",) in d.options
    sc.choose("bribe")
    assert [e.result for e in sc.events(ArgueTheCall)] == ["bribed"]
    g = sc.match.state
    assert (g.bribes[0], g.box[sc.p("A")]) == (0, PITCH)
    assert not sc.events(SentOff)


def test_a_natural_one_wastes_the_ejected_coachs_bribe() -> None:
    # tables.md "Bribes": "D6 2+ cancels it and the Turnover; natural 1
    # wastes it".
    sc = ejected_coach_fouls([1])
    sc.choose("bribe")
    assert [e.result for e in sc.events(ArgueTheCall)] == ["bribe_failed"]
    g = sc.match.state
    assert (g.bribes[0], g.box[sc.p("A")]) == (0, SENT_OFF)
