"""The underdog's Prayers to Nuffle on the Sevens D8 table, scripted.

the_rules_of_blood_bowl.md "5. The Prayers to Nuffle Table": the Underdog
"may roll once on the Prayers to Nuffle table for every full 50,000 gold
pieces of difference in CTV ... re-rolling any duplicate results" (seed 004
"Underdog": the same for Sevens). blood_bowl_sevens.md "Blood Bowl Sevens
Prayers to Nuffle Table" has eight results (a D8): a ninth prayer (450,000
or more of difference) has no result left to roll, and neither has a
Cheering Fans prayer while all eight are in effect.
"""

from __future__ import annotations

from dataclasses import replace

from engine import Match
from engine.core import skillbits as S
from engine.core.dice import FixedDice
from engine.core.events import Note, Prayer
from engine.rules.prayers import PrayerProc, undo_drive_changes
from engine.tools.teams import default_team_sheet
from engine.variants import SEVENS

FANS_AND_WEATHER = [2, 3, 3, 4]  # D3 2 and 3; 2D6 7, Perfect Conditions
# The eight results, each with the dice it rolls itself: Treacherous
# Trapdoor, Friends with the Ref, Greasy Cleats (D16 1: the first away
# player), Stiletto (D16 1: home 1), Bad Habits (D3 1, D16 1), then Iron
# Man, Knuckle Dusters and Blessed Statue, each on a player the coach names.
EIGHT = [1, 2, 7, 1, 3, 1, 6, 1, 1, 4, 5, 8]
COIN_TOSS = [6, 1]  # home wins the toss


def pregame(prayers: int, dice: list[int]) -> Match:
    home = replace(default_team_sheet("human", SEVENS, first_id=1), prayers=prayers)
    m = Match(
        SEVENS,
        home,
        default_team_sheet("orc", SEVENS, first_id=101),
        FixedDice(dice),
    )
    while m.pending is not None and m.pending.kind == "prayer_player":
        m.apply(m.pending.options[0])
    return m


def test_eight_prayers_give_the_eight_results() -> None:
    m = pregame(8, [*FANS_AND_WEATHER, *EIGHT, *COIN_TOSS])
    results = [e.result for e in m.events if type(e) is Prayer and e.roll]
    assert sorted(results) == sorted(SEVENS.prayers[1:])
    assert m.pending is not None
    assert m.pending.kind == "kick_or_receive"


def test_a_ninth_prayer_has_no_result_left_and_rolls_no_die() -> None:
    """Nine prayers (450,000 of difference): the eight results, then
    nothing: no D8 is rolled (the next dice are the coin toss's)."""
    m = pregame(9, [*FANS_AND_WEATHER, *EIGHT, *COIN_TOSS])
    assert len([e for e in m.events if type(e) is Prayer and e.roll]) == 8
    notes = [(e.what, e.team) for e in m.events if type(e) is Note]
    assert notes == [("prayer_nothing_left", "home")]
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("kick_or_receive", "home")


def test_a_prayer_while_every_result_is_in_effect_rolls_nothing() -> None:
    """Cheering Fans "if you roll a result that is currently in effect,
    you must re-roll it": with all eight in effect for the team, there is
    nothing to roll (the away team's results do not count)."""
    m = pregame(0, [*FANS_AND_WEATHER, *COIN_TOSS])
    g = m.state
    for name in SEVENS.prayers[1:]:
        g.effects[f"prayer_{name}_0_drive"] = True
    g.stack.append(PrayerProc(0))
    proc = g.stack[-1]
    assert proc.step(g) is None  # no die is scripted: a roll would raise
    assert proc not in g.stack
    assert [(e.what, e.team) for e in m.events if type(e) is Note][-1] == (
        "prayer_nothing_left",
        "home",
    )


def test_stiletto_gives_a_random_player_the_stab_trait_for_the_drive() -> None:
    """3 Stiletto: "Randomly select one player on your team ... that player
    gains the Stab trait" (the BB2020 table's Stiletto is the same). D8 3,
    then D16 1: home #1, a Human Lineman without Loner; the trait goes
    with the drive's other changes when it ends."""
    m = pregame(1, [*FANS_AND_WEATHER, 3, 1, *COIN_TOSS])
    g = m.state
    (prayer,) = [e for e in m.events if type(e) is Prayer]
    assert (prayer.team, prayer.roll, prayer.result, prayer.player) == (
        "home",
        3,
        "stiletto",
        1,
    )
    p = g.idx[1]
    assert g.skills[p] & S.STAB
    assert not any(g.skills[q] & S.STAB for q in range(g.n) if q != p)
    undo_drive_changes(g)
    assert not g.skills[p] & S.STAB
