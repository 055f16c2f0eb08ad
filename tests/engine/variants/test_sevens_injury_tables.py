"""The Sevens Injury tables, every 2D6 total, scripted (a failed dodge: the
falling player is the victim; armour 5+5 breaks, then the Injury roll).

blood_bowl_sevens.md "Blood Bowl Sevens Injury Table": "2-7 Stunned",
"8-9 KO'd", "10 Badly Hurt", "11 Seriously Hurt", "12 DEAD".
"Blood Bowl Sevens Stunty Injury Table": "2-6 Stunned", "7-8 KO'd",
"9-10 Badly Hurt", "11 Seriously Hurt", "12 DEAD"."""

from __future__ import annotations

import pytest

from engine.core.events import Casualty, Injury
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    Ab...
    .....
"""

# Two dice for each total 2..12.
DICE = {t: (1, t - 1) if t <= 7 else (6, t - 6) for t in range(2, 13)}

SEVENS = {t: "stunned" for t in range(2, 8)} | {
    8: "ko",
    9: "ko",
    10: "badly_hurt",
    11: "seriously_hurt",
    12: "dead",
}
SEVENS_STUNTY = {t: "stunned" for t in range(2, 7)} | {
    7: "ko",
    8: "ko",
    9: "badly_hurt",
    10: "badly_hurt",
    11: "seriously_hurt",
    12: "dead",
}


def fall(total: int, skills: list[str]) -> Scenario:
    sc = Scenario(
        DIAGRAM, ruleset="sevens", dice=[1, 5, 5, *DICE[total]], skills={"A": skills}
    )
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


@pytest.mark.parametrize("total", range(2, 13))
def test_the_sevens_injury_table(total: int) -> None:
    sc = fall(total, [])
    assert [e.result for e in sc.events(Injury)] == [SEVENS[total]]


@pytest.mark.parametrize("total", range(2, 13))
def test_the_sevens_stunty_injury_table(total: int) -> None:
    sc = fall(total, ["stunty"])
    assert [e.result for e in sc.events(Injury)] == [SEVENS_STUNTY[total]]


@pytest.mark.parametrize("total", [10, 11, 12])
def test_a_sevens_casualty_is_the_injury_result_with_no_casualty_roll(
    total: int,
) -> None:
    """The Sevens tables give the casualty itself: no D16 Casualty roll and
    no Lasting Injury follow (the dice script holds nothing more)."""
    sc = fall(total, [])
    (cas,) = sc.events(Casualty)
    assert (cas.result, cas.d16, cas.lasting_d6) == (SEVENS[total], 0, 0)


@pytest.mark.parametrize(
    ("skills", "total", "result"),
    [
        (["thick-skull"], 8, "stunned"),
        (["thick-skull"], 9, "ko"),
        (["stunty", "thick-skull"], 7, "stunned"),
        (["stunty", "thick-skull"], 8, "ko"),
    ],
)
def test_thick_skull_on_the_sevens_tables(
    skills: list[str], total: int, result: str
) -> None:
    """skills_and_traits.md Thick Skull: "they can only be KO'd on a roll
    of 9, and will treat a roll of 8 as a Stunned result. If this player
    also has the Stunty trait, they can only be KO'd on a roll of 8, and
    will treat a roll of 7 as a Stunned result": on the Sevens tables too
    (KO'd 8-9, Stunty 7-8)."""
    sc = fall(total, skills)
    assert [e.result for e in sc.events(Injury)] == [result]
