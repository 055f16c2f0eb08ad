"""Armour, injury, casualties, apothecaries (scripted with a failed dodge:
the falling player is the victim)."""

from __future__ import annotations

import pytest

from engine.core.events import Apothecary, Armour, Casualty, Injury, Roll
from engine.core.state import CAS, KO, PITCH, PRONE, RESERVES, STUNNED
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    Ab...
    .....
"""


def fall(dice: list[int | str], **kw: object) -> Scenario:
    """A dodges out of b's Tackle Zone and fails (first die 1)."""
    sc = Scenario(DIAGRAM, dice=[1, *dice], **kw)  # type: ignore[arg-type]
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


@pytest.mark.parametrize(
    ("armour", "broken"), [((4, 4), False), ((5, 4), True), ((6, 3), True)]
)
def test_armour_broken_on_av_or_more(armour: tuple[int, int], broken: bool) -> None:
    sc = fall([*armour, 2, 2] if broken else list(armour))
    a = sc.events(Armour)[0]
    assert (a.av, a.broken) == (9, broken)


@pytest.mark.parametrize(
    ("injury", "result", "status", "box"),
    [
        ((3, 4), "stunned", STUNNED, PITCH),
        ((4, 4), "ko", PRONE, KO),
        ((5, 4), "ko", PRONE, KO),
        ((5, 5), "cas", PRONE, CAS),
    ],
)
def test_injury_table(
    injury: tuple[int, int], result: str, status: int, box: int
) -> None:
    extra = [1] if result == "cas" else []
    sc = fall([5, 5, *injury, *extra])
    assert sc.events(Injury)[0].result == result
    g = sc.match.state
    assert g.box[sc.p("A")] == box
    if box == PITCH:
        assert g.status[sc.p("A")] == status


def test_thick_skull_turns_an_eight_into_stunned() -> None:
    sc = fall([5, 5, 4, 4], skills={"A": ["thick-skull"]})
    assert sc.events(Injury)[0].result == "stunned"
    sc = fall([5, 5, 5, 4], skills={"A": ["thick-skull"]})
    assert sc.events(Injury)[0].result == "ko"


def test_stunty_injury_table() -> None:
    sc = fall([1, 1, 4, 3], skills={"A": ["stunty"]})  # dodge at 0 mod... armour 2
    assert sc.events(Armour)[0].broken is False
    sc = fall([5, 5, 4, 3], skills={"A": ["stunty"]})
    assert sc.events(Injury)[0].result == "ko"  # 7 is KO'd for Stunty
    sc = fall([5, 5, 5, 4], skills={"A": ["stunty"]})
    assert sc.events(Injury)[0].result == "badly_hurt"  # 9: Badly Hurt, no D16


def test_stunty_and_thick_skull() -> None:
    sc = fall([5, 5, 4, 3], skills={"A": ["stunty", "thick-skull"]})
    assert sc.events(Injury)[0].result == "stunned"


@pytest.mark.parametrize(
    ("d16", "result"),
    [
        (1, "badly_hurt"),
        (6, "badly_hurt"),
        (7, "seriously_hurt"),
        (10, "serious_injury"),
        (13, "lasting_injury"),
        (15, "dead"),
        (16, "dead"),
    ],
)
def test_casualty_table(d16: int, result: str) -> None:
    extra = [3] if result == "lasting_injury" else []
    sc = fall([5, 5, 6, 5, d16, *extra])
    c = sc.events(Casualty)[0]
    assert (c.d16, c.result) == (d16, result)
    rec = sc.match.state.casualties[0]
    assert rec.result == result
    if extra:
        assert (rec.lasting_d6, rec.characteristic) == (3, "ma")


def test_decay_adds_one_to_casualty_roll() -> None:
    sc = fall([5, 5, 6, 5, 6], skills={"A": ["decay"]})
    assert sc.events(Casualty)[0].result == "seriously_hurt"


@pytest.mark.parametrize(
    ("niggling", "d16", "result"),
    [
        (0, 12, "serious_injury"),
        (1, 12, "lasting_injury"),  # 13
        (2, 12, "lasting_injury"),  # 14
        (3, 12, "dead"),  # 15
        (2, 6, "seriously_hurt"),  # 8
        (2, 16, "dead"),  # 18 is off the table: DEAD
    ],
)
def test_each_niggling_injury_adds_one_to_the_casualty_roll(
    niggling: int, d16: int, result: str
) -> None:
    """the_rules_of_blood_bowl.md "NI (Niggling Injury)": every Niggling
    Injury the player carries adds +1 to Casualty rolls against him. The
    record keeps the natural D16 (the post-game adds the Niggling Injuries
    to it again on the league's table)."""
    extra = [3] if result == "lasting_injury" else []
    sc = fall([5, 5, 6, 5, d16, *extra], niggling={"A": niggling})
    assert sc.events(Casualty)[0].result == result
    rec = sc.match.state.casualties[0]
    assert (rec.d16, rec.result) == (d16, result)
    assert rec.lasting_d6 == (3 if extra else None)
    assert sc.dice.remaining == 0


def test_niggling_and_decay_add_up() -> None:
    sc = fall([5, 5, 6, 5, 12], niggling={"A": 2}, skills={"A": ["decay"]})
    assert sc.events(Casualty)[0].result == "dead"  # 12 + 2 + 1


def test_the_apothecarys_casualty_reroll_counts_niggling_injuries() -> None:
    """The second Casualty roll is a roll against the player too: 13 + 2 is
    DEAD, 11 + 2 a Lasting Injury, which is kept (D6 5: Neck Injury)."""
    sc = fall([5, 5, 6, 5, 13], niggling={"A": 2}, apothecary=(True, False))
    sc.dice.extend([11, 5])
    sc.choose("apothecary")
    rec = sc.match.state.casualties[0]
    assert (rec.d16, rec.result, rec.characteristic) == (11, "lasting_injury", "ag")
    assert sc.match.state.box[sc.p("A")] == CAS


def test_regeneration_sends_casualty_to_reserves() -> None:
    sc = fall([5, 5, 6, 5, 9, 4], skills={"A": ["regeneration"]})
    g = sc.match.state
    assert g.box[sc.p("A")] == RESERVES
    assert g.casualties[0].regenerated is True


def test_apothecary_rerolls_casualty_and_keeps_better() -> None:
    sc = fall([5, 5, 6, 5, 15], apothecary=(True, False))
    d = sc.match.pending
    assert (d.kind, d.team) == ("apothecary", "home")
    sc.dice.extend([2])
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == RESERVES  # Badly Hurt after the apothecary
    assert g.casualties[0].apothecary_used is True
    assert g.casualties[0].result == "badly_hurt"
    assert g.apo[0] == 0


def test_apothecary_on_ko_leaves_player_stunned() -> None:
    sc = fall([5, 5, 4, 4], apothecary=(True, False))
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == PITCH
    assert g.status[sc.p("A")] == STUNNED
    assert sc.events(Apothecary)[0].outcome == "ko_to_stunned"


def test_sevens_injury_table_and_apothecary() -> None:
    sc = Scenario(
        DIAGRAM, ruleset="sevens", dice=[1, 5, 5, 6, 6], apothecary=(True, False)
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.events(Injury)[0].result == "dead"
    sc.dice.extend([4])
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == RESERVES
    assert [r.purpose for r in sc.events(Roll)][-1] == "apothecary"


@pytest.mark.parametrize(
    ("injury", "d6", "result", "box"),
    [
        ((6, 6), 4, "badly_hurt", RESERVES),  # DEAD patched up
        ((6, 5), 6, "badly_hurt", RESERVES),  # Seriously Hurt patched up
        ((6, 6), 3, "dead", CAS),  # "the original Injury table result stands"
        ((6, 5), 1, "seriously_hurt", CAS),
    ],
)
def test_a_sevens_casualty_patched_up_does_not_stand(
    injury: tuple[int, int], d6: int, result: str, box: int
) -> None:
    # blood_bowl_sevens.md "Patching-up Casualties": on 4+ the player is
    # patched up and goes to the Reserves; on 1-3 the result stands.
    sc = Scenario(
        DIAGRAM, ruleset="sevens", dice=[1, 5, 5, *injury], apothecary=(True, False)
    )
    sc.act("A", "move")
    sc.move(0, 0)
    sc.dice.extend([d6])
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == box
    (record,) = g.casualties
    assert (record.result, record.apothecary_used) == (result, True)


@pytest.mark.parametrize(
    ("roll", "result"), [((5, 5), "badly_hurt"), ((6, 5), "seriously_hurt")]
)
def test_sevens_injury_results(roll: tuple[int, int], result: str) -> None:
    sc = Scenario(DIAGRAM, ruleset="sevens", dice=[1, 5, 5, *roll])
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.state.casualties[0].result == result
    assert sc.match.state.casualties[0].d16 is None
