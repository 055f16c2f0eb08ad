"""BB2025 Plague Ridden (changes_from_bb2020.md section 7): the plague takes
an opponent killed by a Block of the player with the trait, whatever his
Strength, but never a Big Guy nor a player with Decay, Regeneration or
Stunty, and a Foul's death no longer counts (BB2020: ST 4 or less, Block or
Foul)."""

from __future__ import annotations

import pytest

from engine.core.events import Casualty, SkillUsed
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def used(sc: Scenario) -> bool:
    return any(e.skill == "plague-ridden" for e in sc.events(SkillUsed))


@pytest.mark.parametrize(
    ("ruleset", "position", "st", "skills", "taken"),
    [
        ("bb2025", "orc-lineman", 3, [], True),
        # no Strength limit any more
        ("bb2025", "orc-lineman", 5, [], True),
        ("bb2020", "orc-lineman", 5, [], False),
        # a Big Guy is spared (his keywords), whatever his Strength
        ("bb2025", "orc-troll", 4, [], False),
        ("bb2025", "orc-lineman", 3, ["stunty"], False),
    ],
)
def test_a_block_kills(ruleset, position, st, skills, taken) -> None:
    # POW; armour 6+6 breaks; injury 6+6 Casualty; D16 15: DEAD.
    # (ST 4 or more against A's 3: two dice, both POW, the defender picks.)
    dice: list[int | str] = ["pow"] * (2 if st > 3 else 1) + [6, 6, 6, 6, 15]
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        skills={"A": ["plague-ridden"], "b": skills},
        positions={"b": position},
        stats={"b": {"st": st}},
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.events(Casualty)[0].result == "dead"
    assert used(sc) is taken
    sc.choose("end_turn")
    extra = sc.match.result.extra
    if taken:
        assert extra["plague_ridden"] == [["home", sc.id("b"), sc.id("A")]]
    else:
        assert "plague_ridden" not in extra


@pytest.mark.parametrize(("ruleset", "taken"), [("bb2025", False), ("bb2020", True)])
def test_a_foul_kills(ruleset, taken) -> None:
    # Armour 6 + 5 breaks AV 9+; Injury 6 + 5 Casualty (no double); D16 15.
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        prone="b",
        skills={"A": ["plague-ridden"]},
        positions={"b": "orc-lineman"},
        dice=[6, 5, 6, 5, 15],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.events(Casualty)[0].result == "dead"
    assert used(sc) is taken
