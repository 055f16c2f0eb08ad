"""Who is credited with a blocker's own casualty: post-game_sequence.md
"Casualty (CAS)": "If an opposition player is Knocked Down as the result of
a Block action and removed from play as a Casualty, regardless of which
player performed the action, your player is said to have caused a
Casualty. ... Star Player Points for causing a Casualty are earned even if
both players were Knocked Down" (BB2025 tables.md "Star Player Points":
"even if both went down"); "Casualty rolls caused by the crowd or by any
other type of action do not earn Star Player Points": the casualty record
names a Foul's or a Stab's cause too, but only a credited one is ``spp``."""

from __future__ import annotations

import pytest

from engine.rules.ball import N_STATS, STAT_CAS
from engine.tools.scenario import Scenario


def _block(ruleset: str, dice: list[int | str]) -> Scenario:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset=ruleset,
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    return sc


def _cas(sc: Scenario, who: str) -> int:
    return sc.match.state.stats[sc.p(who) * N_STATS + STAT_CAS]


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_the_target_is_credited_with_the_blockers_casualty(ruleset: str) -> None:
    # Player Down: A's armour 6+6 breaks, Injury 6+6 a Casualty, D16 1
    sc = _block(ruleset, ["player_down", 6, 6, 6, 6, 1])
    (record,) = sc.match.state.casualties
    assert (record.player_id, record.inflicted_by) == (sc.id("A"), sc.id("b"))
    assert record.spp is True
    assert record.to_dict()["spp"] is True
    assert (_cas(sc, "b"), _cas(sc, "A")) == (1, 0)


def test_both_down_credits_the_target_too() -> None:
    # Both Down: b's armour 1+1 holds, then A's 6+6 breaks, Injury 6+6, D16 1
    sc = _block("bb2020", ["both_down", 1, 1, 6, 6, 6, 6, 1])
    (record,) = sc.match.state.casualties
    assert record.player_id == sc.id("A")
    assert (_cas(sc, "b"), _cas(sc, "A")) == (1, 0)


def test_no_casualty_credits_nobody() -> None:
    # Player Down: A's armour 1+1 holds
    sc = _block("bb2020", ["player_down", 1, 1])
    assert sc.match.state.casualties == []
    assert (_cas(sc, "b"), _cas(sc, "A")) == (0, 0)


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_a_fouls_casualty_names_the_fouler_and_earns_no_spp(ruleset: str) -> None:
    # A fouls the Prone b: Armour 6+5 breaks AV 9+ (no doubles, A stays),
    # Injury 6+5 a Casualty, D16 1 Badly Hurt
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset=ruleset,
        prone="b",
        dice=[6, 5, 6, 5, 1],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    (record,) = sc.match.state.casualties
    assert (record.player_id, record.inflicted_by) == (sc.id("b"), sc.id("A"))
    assert record.spp is False
    assert record.to_dict()["spp"] is False
    assert _cas(sc, "A") == 0


def test_a_stabs_casualty_names_the_stabber_and_earns_no_spp() -> None:
    # A Stabs b: unmodified Armour 6+5 breaks AV 9+, Injury 6+5, D16 1
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        skills={"A": ["stab"]},
        dice=[6, 5, 6, 5, 1],
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    (record,) = sc.match.state.casualties
    assert (record.player_id, record.inflicted_by, record.spp) == (
        sc.id("b"),
        sc.id("A"),
        False,
    )
    assert _cas(sc, "A") == 0
