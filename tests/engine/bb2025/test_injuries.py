"""BB2025 "Armour, injury, casualties": the Casualty table (D16) and the
Lasting Injury table (D6), where a result on a characteristic already at its
minimum is a Seriously Hurt instead (tables.md "Casualty", "Lasting
injury"). Scripted with a failed dodge: the falling player is the victim."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.events import Casualty, Roll
from engine.core.rules_data import rules_data
from engine.tools.scenario import Scenario
from engine.variants import BB2025

DIAGRAM = """
    .....
    Ab...
    .....
"""


def casualty(d16: int, *lasting: int, ruleset: str = "bb2025", **kw: Any) -> Scenario:
    """A dodges out of b's Tackle Zone and fails (1); armour 5+5 breaks AV
    9+, injury 6+5 is a Casualty, then the D16 and any Lasting Injury D6."""
    sc = Scenario(DIAGRAM, ruleset=ruleset, dice=[1, 5, 5, 6, 5, d16, *lasting], **kw)
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


@pytest.mark.parametrize(
    ("d16", "result"),
    [
        (1, "badly_hurt"),
        (7, "badly_hurt"),  # BB2020: Seriously Hurt
        (8, "badly_hurt"),  # BB2020: Seriously Hurt
        (9, "seriously_hurt"),  # BB2020: Seriously Hurt
        (10, "seriously_hurt"),  # BB2020: Serious Injury
        (11, "serious_injury"),
        (12, "serious_injury"),
        (13, "lasting_injury"),
        (14, "lasting_injury"),
        (15, "dead"),
        (16, "dead"),
    ],
)
def test_casualty_table(d16: int, result: str) -> None:
    sc = casualty(d16, 3)  # a Lasting Injury rolls D6 3: Smashed Knee
    c = sc.events(Casualty)[0]
    assert (c.d16, c.result) == (d16, result)
    assert sc.match.state.casualties[0].result == result


def test_bb2020_keeps_its_table() -> None:
    assert casualty(7, ruleset="bb2020").events(Casualty)[0].result == "seriously_hurt"
    assert casualty(10, ruleset="bb2020").events(Casualty)[0].result == "serious_injury"


def test_the_tables_match_the_edition_data() -> None:
    data = rules_data("bb2025").tables
    for row in data["casualty"]["rows"]:
        low, high = row["roll"]
        assert set(BB2025.casualty_table[low : high + 1]) == {row["result"]}
    for row in data["lasting_injury"]["rows"]:
        low, high = row["roll"]
        for d6 in range(low, high + 1):
            assert BB2025.lasting_injury[d6] == (row["result"], row["characteristic"])


@pytest.mark.parametrize(
    ("d6", "injury", "char"),
    [
        (1, "head_injury", "av"),
        (2, "head_injury", "av"),
        (3, "smashed_knee", "ma"),
        (4, "broken_arm", "pa"),
        (5, "dislocated_hip", "ag"),  # BB2020: Neck Injury
        (6, "dislocated_shoulder", "st"),
    ],
)
def test_lasting_injury_table(d6: int, injury: str, char: str) -> None:
    sc = casualty(13, d6)
    c = sc.events(Casualty)[0]
    assert (c.result, c.lasting_d6, c.characteristic) == ("lasting_injury", d6, char)
    rec = sc.match.state.casualties[0]
    assert (rec.lasting_injury, rec.characteristic) == (injury, char)


@pytest.mark.parametrize(
    ("d6", "stats"),
    [
        (1, {"av": 3}),
        (3, {"ma": 1}),
        (4, {"pa": 6}),
        (4, {"pa": None}),  # no PA ("-") is at its minimum
        (5, {"ag": 6}),
        (6, {"st": 1}),
    ],
)
def test_at_its_minimum_a_lasting_injury_is_seriously_hurt(
    d6: int, stats: dict[str, int | None]
) -> None:
    # AV 3+ breaks on any armour roll; the other players keep AV 9+.
    sc = casualty(14, d6, stats={"A": stats})
    c = sc.events(Casualty)[0]
    assert (c.result, c.lasting_d6, c.characteristic) == ("seriously_hurt", d6, "")
    rec = sc.match.state.casualties[0]
    assert (rec.result, rec.lasting_injury, rec.characteristic) == (
        "seriously_hurt",
        None,
        None,
    )


@pytest.mark.parametrize(
    ("d6", "stats", "char"),
    [
        (1, {"av": 4}, "av"),
        (3, {"ma": 2}, "ma"),
        (4, {"pa": 5}, "pa"),
        (5, {"ag": 5}, "ag"),
        (6, {"st": 2}, "st"),
    ],
)
def test_one_above_the_minimum_is_still_reduced(
    d6: int, stats: dict[str, int], char: str
) -> None:
    c = casualty(14, d6, stats={"A": stats}).events(Casualty)[0]
    assert (c.result, c.characteristic) == ("lasting_injury", char)


def test_bb2020_reduces_a_characteristic_at_its_minimum() -> None:
    c = casualty(14, 6, ruleset="bb2020", stats={"A": {"st": 1}}).events(Casualty)[0]
    assert (c.result, c.characteristic) == ("lasting_injury", "st")


def test_regeneration_comes_after_the_casualty_roll_and_the_apothecary() -> None:
    """Decision (DECIDE 12): the casualty is rolled, the apothecary offered
    and used, then Regeneration (4+) is rolled on the result kept."""
    sc = casualty(15, skills={"A": ["regeneration"]}, apothecary=(True, False))
    assert sc.match.pending.kind == "apothecary"
    assert [r.purpose for r in sc.events(Roll) if r.purpose == "regeneration"] == []
    sc.dice.extend([11, 4])  # the apothecary's D16: Serious Injury; Regeneration 4
    sc.choose("apothecary")
    rec = sc.match.state.casualties[0]
    assert (rec.result, rec.apothecary_used, rec.regenerated) == (
        "serious_injury",
        True,
        True,
    )
    regen = [r for r in sc.events(Roll) if r.purpose == "regeneration"]
    assert [(r.dice, r.target, r.success) for r in regen] == [((4,), 4, True)]
