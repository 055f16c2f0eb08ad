"""Give and Go (dungeon_bowl/skills_and_traits.md "Passing Skills"): "If
this player performs a Hand-off action, their activation does not have to
end once the Hand-off is resolved ... if this player has not used their full
Movement Allowance, they may continue to move after resolving the
Hand-off." Catching a Hand-off is an AG 3+ test (no Marking here)."""

from __future__ import annotations

from engine.core.events import SkillUsed, Turnover
from engine.skills.__main__ import coverage
from engine.skills.registry import IMPLEMENTED
from engine.tools.dungeon_scenario import DungeonScenario

BOARD = """
##########
#........#
#A..B....#
#........#
##########
"""


def hand_off(
    ma: int = 6,
    skills: tuple[str, ...] = ("give-and-go",),
    dice: list[int | str] | None = None,
) -> DungeonScenario:
    """A carries the ball two squares to B and hands it off."""
    sc = DungeonScenario(
        BOARD,
        ball="A",
        skills={"A": list(skills)},
        stats={"A": {"ma": ma}},
        dice=[3] if dice is None else dice,
    )
    sc.act("A", "hand_off")
    sc.move(2, 2)
    sc.move(3, 2)
    sc.choose("hand_off", sc.id("B"))
    return sc


def test_after_the_hand_off_the_player_moves_on_with_the_ma_left() -> None:
    sc = hand_off()
    g = sc.match.state
    assert g.carrier == sc.p("B")
    pending = sc.match.pending
    assert pending is not None
    assert (pending.kind, pending.player) == ("move", sc.id("A"))
    assert ("end",) in pending.options
    assert all(o[0] != "hand_off" for o in pending.options)  # one Hand-off
    assert [e.skill for e in sc.events(SkillUsed)] == ["give-and-go"]
    sc.move(3, 1)
    sc.move(4, 1)
    assert sc.pos("A") == sc.at(4, 1)
    assert g.act_ma_used == 4
    sc.choose("end")
    assert sc.match.pending is not None
    assert sc.match.pending.kind == "activate"


def test_without_the_skill_the_activation_ends_with_the_hand_off() -> None:
    sc = hand_off(skills=())
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert ("activate", sc.id("A"), "move") not in pending.options
    assert sc.events(SkillUsed) == []


def test_with_its_whole_movement_allowance_used_it_stops() -> None:
    # MA 2: both squares are used before the Hand-off (no Rush after it).
    sc = hand_off(ma=2)
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "activate"
    assert sc.events(SkillUsed) == []


def test_a_dropped_hand_off_is_a_turnover_and_ends_the_activation() -> None:
    # B fails the catch (1); the ball bounces (D8 2).
    sc = hand_off(dice=[1, 2])
    assert [t.reason for t in sc.events(Turnover)] == ["hand_off"]
    assert sc.match.pending is None  # the scenario's one turn is over
    assert sc.events(SkillUsed) == []


def test_the_engine_knows_give_and_go() -> None:
    assert IMPLEMENTED["give-and-go"].category == "passing"
    report = coverage("dungeon_bowl")
    assert "give-and-go" in report["implemented"]  # type: ignore[operator]
    assert "give-and-go" not in report["missing"]  # type: ignore[operator]
