"""Friends with the Ref, how long it lasts in each format.

BB2020 Prayers to Nuffle table, 2: "Until the end of this drive, you may
treat a roll of 5 or 6 on the Argue the Call table as a 'Well, When You
Put It Like That...' result". The Blood Bowl Sevens table, 2 (and seed
004, "2 until end of next drive"): "Until the end of the next drive".
Decision (engine/variants/sevens.py): "the next drive" is the one after
the drive under way; before the first drive, the first.

A home player is Sent-off for a Foul and his coach Argues the Call with a
5: "Well, When You Put It Like That..." with the Friends, "I Don't Care!"
without.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import ArgueTheCall, Prayer
from engine.core.state import GameState
from engine.rules.fouls import OPT_ARGUE, SendOff
from engine.rules.prayers import PrayerProc
from engine.rules.turns import EndDrive
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, SEVENS
from engine.variants.base import Variant
from tests.engine import test_kickoff, test_kickoff_sevens

WELL = "well_when_you_put_it_like_that"
DONT_CARE = "i_dont_care"


def argue_a_five(m: Match) -> str:
    """Home's player 1 is Sent-off for a Foul; his coach Argues the Call
    and rolls a 5: the result."""
    g = m.state
    g.dice = FixedDice([5])
    send_off = SendOff(g.idx[1], "foul", False)
    g.stack.append(send_off)
    d = send_off.step(g)
    assert d is not None
    assert d.kind == "argue_the_call"
    before = len(m.events)
    send_off.receive(g, OPT_ARGUE)
    assert send_off not in g.stack
    (result,) = [e.result for e in m.events[before:] if type(e) is ArgueTheCall]
    return result


def end_drive(g: GameState) -> None:
    """The drive under way ends (turns.EndDrive), and the next begins
    (game.Drive counts it)."""
    end = EndDrive()
    g.stack.append(end)
    while g.stack[-1] is end:
        assert end.step(g) is None
    g.drive += 1


def cheering_fans_friends(rs: Variant) -> Match:
    """The first drive's kick-off: Cheering Fans (2D6 3 + 3), home wins the
    roll-off 5 to 2 and rolls 2 on the Prayers table: Friends with the
    Ref."""
    if rs is SEVENS:
        m, _ = test_kickoff_sevens.kick([3, 3, 5, 2, 2])
    else:
        m = test_kickoff.kick(rs, [5, 1, 3, 3, 5, 2, 2])
    assert [(e.team, e.roll, e.result) for e in m.events if type(e) is Prayer] == [
        ("home", 2, "friends_with_the_ref")
    ]
    assert m.state.drive == 1
    return m


@pytest.mark.parametrize(("rs", "second_drive"), [(BB2020, DONT_CARE), (SEVENS, WELL)])
def test_friends_prayed_for_at_a_kick_off(rs: Variant, second_drive: str) -> None:
    """Prayed for at the first drive's kick-off: BB2020's Friends end with
    that drive ("this drive"); the Sevens Friends last to the end of the
    second ("the next drive"), not the third."""
    m = cheering_fans_friends(rs)
    assert argue_a_five(m) == WELL
    end_drive(m.state)
    assert argue_a_five(m) == second_drive
    end_drive(m.state)
    assert argue_a_five(m) == DONT_CARE


@pytest.mark.parametrize("rs", [BB2020, SEVENS])
def test_friends_prayed_for_before_the_game(rs: Variant) -> None:
    """The underdog's prayer, rolled in the pre-game before any drive: "the
    next drive" (Sevens) is the first, as "this drive" (BB2020) is, so the
    Friends end with the first drive in both formats. Dice: Fan Factor D3s
    2 and 3, Weather 3 + 4, the prayer 2, the toss 6 and 1."""
    home = replace(default_team_sheet("human", rs, first_id=1), prayers=1)
    away = default_team_sheet("orc", rs, first_id=101)
    m = Match(rs, home, away, FixedDice([2, 3, 3, 4, 2, 6, 1, *[4] * 10]))
    assert [(e.team, e.roll, e.result) for e in m.events if type(e) is Prayer] == [
        ("home", 2, "friends_with_the_ref")
    ]
    m.apply(("kick",))
    assert m.state.drive == 1
    assert argue_a_five(m) == WELL
    end_drive(m.state)
    assert argue_a_five(m) == DONT_CARE


@pytest.mark.parametrize(("rs", "reroll"), [(BB2020, []), (SEVENS, [8])])
def test_friends_in_effect_in_the_next_drive_are_re_rolled(
    rs: Variant, reroll: list[int]
) -> None:
    """Cheering Fans: "if you roll a result that is currently in effect,
    you must re-roll it. However, if you roll a result that has been rolled
    previously but has since expired, there is no need to re-roll it".
    Home prays again in the second drive and rolls 2: the Sevens Friends
    are still in effect, so it is re-rolled (8, Blessed Statue of Nuffle);
    BB2020's have expired, so home has Friends with the Ref again."""
    m = cheering_fans_friends(rs)
    g = m.state
    end_drive(g)
    g.dice = FixedDice([2, *reroll])
    before = len(m.events)
    proc = PrayerProc(0)
    g.stack.append(proc)
    d = proc.step(g)
    prayed = [(e.roll, e.result) for e in m.events[before:] if type(e) is Prayer]
    if reroll:
        assert d is not None
        assert (d.kind, d.info) == ("prayer_player", ("blessed_statue_of_nuffle",))
        assert prayed == [(8, "blessed_statue_of_nuffle")]
    else:
        assert d is None
        assert prayed == [(2, "friends_with_the_ref")]
