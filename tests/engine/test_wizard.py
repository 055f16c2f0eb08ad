"""The Hireling Sports-Wizard: Fireball and Zap!, scripted dice."""

from __future__ import annotations

from dataclasses import replace

from engine.core.events import Induced
from engine.core.state import PITCH, PRONE, STANDING, STUNNED
from engine.match import run
from engine.rules.wizard import FROG_SKILLS, TURN_ENDED, WizardCast, unfrog
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    .Abc.
    .....
"""


def _cast(dice: list[int], *choice: object) -> Scenario:
    sc = Scenario(DIAGRAM, dice=dice, start=False)
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], wizard=True), g.sheets[1])
    g.effects[TURN_ENDED] = True
    g.stack.append(WizardCast(0, zap=True, fireball=True))
    run(g)
    assert sc.match.pending.kind == "wizard"
    sc.choose(*choice)
    return sc


def test_fireball_knocks_down_on_four_plus_with_plus_one_armour() -> None:
    # Target b's square: A, b and c stand on or next to it. Rolls in player
    # order: A 3 (avoids), b 4 (hit), c 2 (avoids). b's Armour 4+4 = 8 +1
    # = 9 breaks AV 9+; Injury 2+2 = 4: Stunned.
    sc = _cast([3, 4, 2, 4, 4, 2, 2], "fireball", sc_square(1, 0))
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert g.status[sc.p("A")] == STANDING
    assert g.status[sc.p("c")] == STANDING
    assert g.turnover is None
    assert [(e.what, e.dice, e.result) for e in sc.events(Induced)][:2] == [
        ("wizard_fireball", (3, 4, 2), f"square {sc.sq(2, 1)}: 1 hit"),
        ("wizard_fireball", (3,), "avoided"),
    ]


def sc_square(dx: int, dy: int) -> int:
    """b's square on the default origin (diagram (2, 1))."""
    return Scenario(DIAGRAM, start=False).sq(1 + dx, 1 + dy)


def test_fireball_without_the_plus_one_would_not_break_armour() -> None:
    # Same dice against A (own player, no +1): 8 < 9, Prone only.
    sc = _cast([4, 1, 1, 4, 4], "fireball", sc_square(0, 0))
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE


def test_zap_turns_the_target_into_a_frog_until_the_end_of_the_drive() -> None:
    # ST 3: a 3 is enough.
    sc = _cast([3], "zap", Scenario(DIAGRAM, start=False).id("c"))
    g = sc.match.state
    c = sc.p("c")
    assert (g.ma[c], g.st[c], g.ag[c], g.av[c], g.skills[c]) == (
        5,
        1,
        2,
        5,
        FROG_SKILLS,
    )
    assert g.box[c] == PITCH
    unfrog(g)
    assert (g.ma[c], g.st[c], g.ag[c], g.av[c]) == (6, 3, 3, 9)


def test_zap_below_strength_only_gives_warts() -> None:
    sc = _cast([2], "zap", Scenario(DIAGRAM, start=False).id("c"))
    g = sc.match.state
    assert g.st[sc.p("c")] == 3
    assert [e.result for e in sc.events(Induced)] == ["warts"]


def test_the_wizard_casts_once_per_game() -> None:
    sc = _cast([2], "zap", Scenario(DIAGRAM, start=False).id("c"))
    from engine.rules.wizard import wizard_proc

    assert wizard_proc(sc.match.state, 1) is None
