"""Classic armour, injuries and casualties (seed 001 "Injuries", "Table:
Injuries", "Table: Casualties"), scripted with a failed dodge: A dodges out
of b's Tackle Zone, rolls a 1 and Falls Over; then the Armour roll (2D6),
the Injury roll (2D6) and the D100 Casualty roll."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.campaign.casualty import CLASSIC_TABLE
from engine.core.events import Apothecary, Armour, Casualty, Injury
from engine.core.model import PlayerSheet
from engine.core.state import CAS, KO, PF_DEAD, PITCH, RESERVES, STUNNED
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants import BB2020, CLASSIC

DIAGRAM = """
    .....
    Ab...
    .....
"""


def fall(dice: list[int | str], niggling: int = 0, **kw: Any) -> Scenario:
    """A (AV 9+, classic AV 8) Falls Over; ``niggling`` Niggling Injuries."""
    sc = Scenario(DIAGRAM, ruleset=CLASSIC, dice=[1, *dice], start=False, **kw)
    g = sc.match.state
    home = g.sheets[0]
    a: PlayerSheet = replace(home.players[0], niggling=niggling)
    g.sheets = (replace(home, players=(a, *home.players[1:])), g.sheets[1])
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


# -- armour -----------------------------------------------------------------


def test_armour_must_beat_the_classic_value() -> None:
    # AV 9+ is classic AV 8: 8 does not beat it, 9 does.
    assert not CLASSIC.armour_broken(8, 9)
    assert CLASSIC.armour_broken(9, 9)
    # AV 8+ (classic 7)
    assert not CLASSIC.armour_broken(7, 8)
    assert CLASSIC.armour_broken(8, 8)


@pytest.mark.parametrize(
    ("armour", "broken"), [((4, 4), False), ((5, 4), True), ((6, 6), True)]
)
def test_armour_roll_in_play(armour: tuple[int, int], broken: bool) -> None:
    sc = fall([*armour, 1, 1] if broken else list(armour))
    a = sc.events(Armour)[0]
    assert (a.av, a.broken) == (9, broken)


# -- the Injury table -----------------------------------------------------------


@pytest.mark.parametrize(
    ("injury", "result", "box"),
    [
        ((1, 1), "stunned", PITCH),
        ((3, 4), "stunned", PITCH),  # 7
        ((4, 4), "ko", KO),  # 8
        ((5, 4), "ko", KO),  # 9
        ((5, 5), "cas", CAS),  # 10
        ((6, 6), "cas", CAS),  # 12
    ],
)
def test_injury_table(injury: tuple[int, int], result: str, box: int) -> None:
    extra = [1] if result == "cas" else []  # D100 1: Badly Hurt
    sc = fall([5, 5, *injury, *extra])
    assert sc.events(Injury)[0].result == result
    g = sc.match.state
    assert g.box[sc.p("A")] == box
    if box == PITCH:
        assert g.status[sc.p("A")] == STUNNED


@pytest.mark.parametrize(
    ("niggling", "injury", "result"),
    [
        (0, (3, 4), "stunned"),  # 7
        (1, (3, 4), "ko"),  # 7 + 1 = 8
        (2, (3, 4), "ko"),  # 9
        (3, (3, 4), "cas"),  # 10
        (2, (6, 5), "cas"),  # 13: the top of the table
    ],
)
def test_each_niggling_injury_adds_one(
    niggling: int, injury: tuple[int, int], result: str
) -> None:
    extra = [1] if result == "cas" else []
    sc = fall([5, 5, *injury, *extra], niggling=niggling)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (niggling, result)


def test_niggling_does_not_touch_bb2020() -> None:
    g = Scenario(DIAGRAM, start=False).match.state
    g.sheets = (
        replace(
            g.sheets[0],
            players=(replace(g.sheets[0].players[0], niggling=2),),
        ),
        g.sheets[1],
    )
    assert BB2020.injury_modifier(g, 0) == 0
    assert CLASSIC.injury_modifier(g, 0) == 2


def test_niggling_does_not_touch_the_classic_d100() -> None:
    """Seed 001 puts Niggling Injuries on the Injury roll only: D100 89
    stays Smashed Collar Bone with two of them (89 + 2 would be DEAD)."""
    sc = fall([5, 5, 5, 5, 89], niggling=2)
    c = sc.events(Casualty)[0]
    assert (c.d100, c.result) == (89, "smashed_collar_bone")


def test_thick_skull_with_a_niggling_injury() -> None:
    # 7 + 1 = 8: KO'd, which Thick Skull turns into Stunned; 8 + 1 = 9: KO'd.
    sc = fall([5, 5, 3, 4], niggling=1, skills={"A": ["thick-skull"]})
    assert sc.events(Injury)[0].result == "stunned"
    sc = fall([5, 5, 4, 4], niggling=1, skills={"A": ["thick-skull"]})
    assert sc.events(Injury)[0].result == "ko"


@pytest.mark.parametrize(
    ("injury", "result"),
    [
        ((3, 3), "stunned"),  # 6 + 1 = 7 (BB2020 Stunty: 6 Stunned)
        ((3, 4), "ko"),  # 7 + 1 = 8 (BB2020 Stunty: 7 KO'd too)
        ((4, 5), "cas"),  # 9 + 1 = 10: a Casualty roll (BB2020: Badly Hurt)
    ],
)
def test_stunty_same_table_plus_one(injury: tuple[int, int], result: str) -> None:
    extra = [58] if result == "cas" else []
    sc = fall([5, 5, *injury, *extra], skills={"A": ["stunty"]})
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (1, result)
    if extra:
        assert sc.events(Casualty)[0].d100 == 58


# -- the D100 Casualty table --------------------------------------------------

# Seed 001 "Table: Casualties", every row at both ends of its band.
BANDS: list[tuple[int, int, str]] = [
    (1, 58, "badly_hurt"),
    (59, 60, "broken_ribs"),
    (61, 62, "groin_strain"),
    (63, 64, "gouged_eye"),
    (65, 66, "broken_jaw"),
    (67, 68, "fractured_arm"),
    (69, 70, "fractured_leg"),
    (71, 72, "smashed_hand"),
    (73, 74, "pinched_nerve"),
    (75, 76, "damaged_back"),
    (77, 78, "smashed_knee"),
    (79, 80, "smashed_hip"),
    (81, 82, "smashed_ankle"),
    (83, 84, "serious_concussion"),
    (85, 86, "fractured_skull"),
    (87, 88, "torn_ligament"),  # the seed's "Torned Ligament"
    (89, 90, "smashed_collar_bone"),
    (91, 100, "dead"),
]
ENDS = [(roll, result) for lo, hi, result in BANDS for roll in (lo, hi)]
# The rows that reduce a characteristic themselves (seed 001: Smashed Hip
# "-1 MA" ... Smashed Collar Bone "-1 ST"); every other row reduces none.
REDUCES = {
    "smashed_hip": "ma",
    "smashed_ankle": "ma",
    "serious_concussion": "av",
    "fractured_skull": "av",
    "torn_ligament": "ag",
    "smashed_collar_bone": "st",
}


@pytest.mark.parametrize(("d100", "result"), ENDS)
def test_casualty_table_band(d100: int, result: str) -> None:
    # Armour 5+5, Injury 6+5 = 11: Casualty; then the D100 (no Lasting
    # Injury D6 follows, whatever the row).
    sc = fall([5, 5, 6, 5, d100])
    c = sc.events(Casualty)[0]
    assert (c.d100, c.d16, c.result, c.lasting_d6) == (d100, 0, result, 0)
    # the event and the record name what the row reduces (the log's "-1 MA")
    assert c.characteristic == REDUCES.get(result, "")
    rec = sc.match.state.casualties[0]
    assert (rec.d100, rec.d16, rec.result) == (d100, None, result)
    assert rec.lasting_d6 is None
    assert rec.characteristic == REDUCES.get(result)
    g = sc.match.state
    assert g.box[sc.p("A")] == CAS
    assert bool(g.pflags[sc.p("A")] & PF_DEAD) == (result == "dead")
    assert sc.dice.remaining == 0


def test_casualty_table_is_read_from_the_campaign_table() -> None:
    table = CLASSIC.casualty_table
    assert table is not None
    assert len(table) == 101
    assert [table[r] for r in range(1, 101)] == [
        result for lo, hi, result in BANDS for _ in range(lo, hi + 1)
    ]
    assert CLASSIC.casualty_die == 100
    assert CLASSIC.league_casualty_table() is CLASSIC_TABLE


def test_severity_follows_the_row_order() -> None:
    sev = [CLASSIC.casualty_severity(result) for _, _, result in BANDS]
    assert sev == list(range(1, 19))
    assert not any(CLASSIC.rolls_lasting_injury(r) for _, _, r in BANDS)
    assert CLASSIC.dead("dead")
    assert not CLASSIC.dead("smashed_hip")


@pytest.mark.parametrize(
    ("d100", "result"), [(58, "broken_ribs"), (90, "dead"), (100, "dead")]
)
def test_decay_adds_one_up_to_100(d100: int, result: str) -> None:
    sc = fall([5, 5, 6, 5, d100], skills={"A": ["decay"]})
    c = sc.events(Casualty)[0]
    assert (c.d100, c.result) == (d100, result)


def test_apothecary_rolls_the_d100_again_and_keeps_the_less_severe() -> None:
    # 95 DEAD, re-rolled 40 Badly Hurt: kept, and back to the Reserves.
    sc = fall([5, 5, 6, 5, 95], apothecary=(True, False))
    d = sc.match.pending
    assert d is not None
    assert (d.kind, d.team) == ("apothecary", "home")
    sc.dice.extend([40])
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == RESERVES
    assert [e.outcome for e in sc.events(Apothecary)] == ["badly_hurt"]
    rec = g.casualties[0]
    assert (rec.result, rec.d100, rec.apothecary_used) == ("badly_hurt", 40, True)
    assert not g.pflags[sc.p("A")] & PF_DEAD


def test_apothecary_keeps_the_first_roll_when_the_second_is_worse() -> None:
    # 60 Broken Ribs, re-rolled 95 DEAD: Broken Ribs stands.
    sc = fall([5, 5, 6, 5, 60], apothecary=(True, False))
    sc.dice.extend([95])
    sc.choose("apothecary")
    g = sc.match.state
    assert g.box[sc.p("A")] == CAS
    assert (g.casualties[0].result, g.casualties[0].d100) == ("broken_ribs", 60)


def test_dead_is_reported() -> None:
    sc = fall([5, 5, 6, 6, 91])
    m = sc.match
    g = m.state
    g.done = True  # (the scenario stops mid-turn)
    assert m.result.extra["dead"] == [sc.id("A")]
    assert m.result.casualties[0].to_dict()["d100"] == 91
