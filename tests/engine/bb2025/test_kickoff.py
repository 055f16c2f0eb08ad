"""BB2025 "Start of drive, set-up and kick-off": the Kick-off Event table
(tables.md "Kick-off event") and catching the kick-off without a modifier
(changes_from_bb2020.md "Catching the kick-off")."""

from __future__ import annotations

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.errors import RuleError
from engine.core.events import KickoffEvent, Roll
from engine.core.state import PITCH
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025, Variant


def start(rs: Variant, dice: list[int | str]) -> Match:
    """Home kicks; default formations; fans, weather 3+4 (Perfect
    Conditions), the toss; then ``dice``."""
    m = Match(
        rs,
        default_team_sheet("human", rs, first_id=1),
        default_team_sheet("orc", rs, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, *dice]),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    return m


def receiver_square(m: Match) -> int:
    """The square of a receiving player with an empty square west of it
    in the receiving half (the kick lands on him after a D6 1 east)."""
    g = m.state
    for p in range(g.n):
        if g.team[p] == 1 and g.box[p] == PITCH:
            x, y = g.pitch.xy(g.pos[p])
            west = g.pitch.sq(x - 1, y)
            if g.board[west] < 0 and g.variant.in_receiving_area(g, west):
                return g.pos[p]
    raise AssertionError("no receiver to kick to")


def test_the_table_names_the_edition_events() -> None:
    assert BB2025.kickoff_table[2:] == (
        "get_the_ref",
        "time_out",
        "solid_defence",
        "high_kick",
        "cheering_fans",
        "brilliant_coaching",
        "changing_weather",
        "quick_snap",
        "charge",
        "dodgy_snack",
        "pitch_invasion",
    )


@pytest.mark.parametrize(
    ("rolls", "extra"),
    [
        ((5, 2), [1, 0]),
        ((2, 5), [0, 1]),
        ((4, 4), [1, 1]),  # a tie: both teams (BB2020: neither)
    ],
)
def test_brilliant_coaching(rolls: tuple[int, int], extra: list[int]) -> None:
    # Kick: D8 5 (east) D6 1; event 3+4 = 7; the roll-off; the landing.
    m = start(BB2025, [5, 1, 3, 4, *rolls, *[4] * 20])
    m.apply(("square", receiver_square(m) - 1))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == [
        "brilliant_coaching"
    ]
    assert m.state.extra_rr == extra


def test_bb2020_brilliant_coaching_tie_gives_nobody_the_reroll() -> None:
    m = start(BB2020, [5, 1, 3, 4, 4, 4, *[4] * 20])
    m.apply(("square", receiver_square(m) - 1))
    assert m.state.extra_rr == [0, 0]


@pytest.mark.parametrize(("rs", "modifier"), [(BB2025, 0), (BB2020, -1)])
def test_catching_the_kick_off(rs: Variant, modifier: int) -> None:
    """Event 1+1 Get the Ref (nothing to place); the kick lands on an
    unmarked receiver in Perfect Conditions: BB2025 adds nothing to the
    catch, BB2020 -1."""
    m = start(rs, [5, 1, 1, 1, 6])
    target = receiver_square(m)
    m.apply(("square", target - 1))
    catch = [e for e in m.events if type(e) is Roll and e.purpose == "catch"]
    assert [(c.dice, c.modifier, c.success) for c in catch] == [((6,), modifier, True)]
    assert m.state.carrier == m.state.board[target]


@pytest.mark.parametrize(
    ("d1", "d2", "name"), [(4, 6, "charge"), (5, 6, "dodgy_snack")]
)
def test_an_event_not_played_yet_is_refused(d1: int, d2: int, name: str) -> None:
    m = start(BB2025, [5, 1, d1, d2, *[4] * 20])
    with pytest.raises(RuleError, match=name):
        m.apply(("square", receiver_square(m) - 1))
