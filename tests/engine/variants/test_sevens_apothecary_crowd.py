"""Sevens "Patching-up Knocked-out Players" (blood_bowl_sevens.md): "If the
player was Knocked-out as a result of being pushed back into the crowd or
landing in the crowd, place them directly into the Reserves box rather than
the Knocked-out box." b, on the Sevens pitch's last row (y 10), is blocked
by A and pushed into the crowd: Injury by the Crowd, no Armour roll."""

from __future__ import annotations

from engine.core.events import Apothecary, Armour, Injury
from engine.core.state import KO, RESERVES
from engine.tools.scenario import Scenario


def crowd_ko(apothecary: bool) -> Scenario:
    """Injury 5+3 = 8: KO'd on the Sevens Injury table ("8-9 KO'd")."""
    sc = Scenario(
        """
        .A.
        .b.
    """,
        ruleset="sevens",
        origin=(10, 9),
        dice=["push", 5, 3],
        apothecary=(False, apothecary),
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("stay")
    return sc


def test_a_crowd_ko_patched_up_goes_to_the_reserves() -> None:
    sc = crowd_ko(True)
    assert sc.events(Armour) == []
    assert [e.result for e in sc.events(Injury)] == ["ko"]
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert sc.id("b") not in g.kos
    assert len(sc.events(Apothecary)) == 1


def test_a_crowd_ko_without_an_apothecary_goes_to_the_ko_box() -> None:
    sc = crowd_ko(False)
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert g.kos == [sc.id("b")]
