"""BB2025 skills and traits that changed (skills.md): Hypnotic Gaze a flat
3+; Mighty Blow without a value, a flat +1; a Chainsaw kick-back knocks the
wielder down."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, Roll, Turnover
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario

# A (AG 4+) gazes at b; c Marks A too.
GAZE = """
    .....
    .Ab..
    .c...
"""


@pytest.mark.parametrize(
    ("ruleset", "target", "modifier"), [("bb2025", 3, 0), ("bb2020", 4, -1)]
)
def test_hypnotic_gaze_is_a_flat_three_plus(
    ruleset: str, target: int, modifier: int
) -> None:
    sc = Scenario(
        GAZE,
        ruleset=ruleset,
        skills={"A": ["hypnotic-gaze"]},
        stats={"A": {"ag": 4}},
        dice=[3, 4, 4],
    )
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    r = [x for x in sc.events(Roll) if x.purpose == "hypnotic_gaze"][0]
    assert (r.dice, r.target, r.modifier) == ((3,), target, modifier)
    assert r.success is (ruleset == "bb2025")


def test_mighty_blow_without_a_value_is_plus_one() -> None:
    # A (Mighty Blow, as the edition's rosters write it: no value) knocks b
    # down; Armour 4 + 4 = 8, +1 breaks AV 9+.
    sc = Scenario(
        ".Ab.",
        ruleset="bb2025",
        skills={"A": ["mighty-blow"]},
        dice=["pow", 4, 4, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    while (
        (d := sc.match.pending) is not None
        and d.kind != "activate"
        and not sc.events(Armour)
    ):
        sc.choose(*d.options[0])
    a = sc.events(Armour)[0]
    assert (a.dice, a.modifier, a.broken) == ((4, 4), 1, True)


@pytest.mark.parametrize(
    ("ruleset", "status"), [("bb2025", PRONE), ("bb2020", STANDING)]
)
def test_a_chainsaw_kick_back_knocks_the_wielder_down(
    ruleset: str, status: int
) -> None:
    # D6 1: kick-back; Armour 4 + 1 = 5, +3 = 8 does not break AV 9+.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset=ruleset,
        skills={"A": ["chainsaw"]},
        dice=[1, 4, 1],
    )
    sc.choose("activate", sc.id("A"), "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("A"), (4, 1), 3, False)
    assert sc.match.state.status[sc.p("A")] == status
    assert [t.reason for t in sc.events(Turnover)] == ["chainsaw"]
