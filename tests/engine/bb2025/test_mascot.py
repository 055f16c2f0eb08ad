"""BB2025 Team Mascot (tables.md "Inducements", 0-1 at 25,000): one extra team
re-roll each half that works only on a D6 4+ (on 1-3 it is lost for the half and
another team re-roll may be used), and a re-roll of a natural 1 on the Cheering
Fans D6 (tables.md "Kick-off event" 6)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.dice import FixedDice
from engine.core.events import Induced, KickoffEvent, Reroll, Roll
from engine.match import Match, run
from engine.rules.game import GameProc
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025
from engine.variants.bb2025.kickoff import CHEERING_FANS, CHEERING_NOW
from engine.variants.bb2025.mascot import mascot_left

# A dodges out of b's Tackle Zone.
DIAGRAM = """
    .....
    Ab...
    .....
"""


def dodge(dice: list[int | str], rerolls: int = 0, mascot: bool = True) -> Scenario:
    """A fails the dodge (a 1); the coach is offered a team re-roll."""
    sc = Scenario(
        DIAGRAM, ruleset="bb2025", rerolls=(rerolls, 0), dice=dice, start=False
    )
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], mascot=mascot), g.sheets[1])
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


def mascot_rolls(sc: Scenario) -> list[tuple[tuple[int, ...], str]]:
    return [(e.dice, e.result) for e in sc.events(Induced) if e.what == "team_mascot"]


def dodges(sc: Scenario) -> list[tuple[int, ...]]:
    return [r.dice for r in sc.events(Roll) if r.purpose == "dodge"]


def test_the_mascot_re_rolls_on_a_four() -> None:
    # Dodge 1; the Mascot's D6 4; the dodge again, 4.
    sc = dodge([1, 4, 4])
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert mascot_rolls(sc) == [((4,), "mascot_rerolls")]
    assert [e.source for e in sc.events(Reroll)] == ["mascot"]
    assert dodges(sc) == [(1,), (4,)]
    assert not mascot_left(sc.match.state, 0)


def test_on_a_three_it_is_lost_and_the_roll_stands() -> None:
    # Dodge 1; the Mascot's D6 3: no other team re-roll, A falls.
    sc = dodge([1, 3, 2, 2])
    sc.choose("team_reroll")
    assert mascot_rolls(sc) == [((3,), "mascot_lost")]
    assert [e.source for e in sc.events(Reroll)] == []
    assert dodges(sc) == [(1,)]
    assert not mascot_left(sc.match.state, 0)


def test_on_a_three_another_team_reroll_is_used() -> None:
    # Dodge 1; the Mascot's D6 3; the team's own re-roll: dodge 4.
    sc = dodge([1, 3, 4], rerolls=1)
    sc.choose("team_reroll")
    assert mascot_rolls(sc) == [((3,), "mascot_lost")]
    assert [e.source for e in sc.events(Reroll)] == ["team"]
    assert dodges(sc) == [(1,), (4,)]
    assert sc.match.state.rerolls[0] == 0


def test_no_mascot_no_team_reroll() -> None:
    sc = dodge([1, 2, 2], mascot=False)
    assert sc.match.pending is None or sc.match.pending.kind != "reroll"


def test_one_each_half() -> None:
    sc = dodge([1, 4, 4])
    sc.choose("team_reroll")
    g = sc.match.state
    assert not mascot_left(g, 0)
    GameProc._new_period(g)  # half-time
    assert mascot_left(g, 0)


def start(dice: list[int | str], mascot: tuple[bool, bool]) -> Match:
    """Home kicks; default formations; fans, weather 3+4, the toss; then
    ``dice`` (the kick: D8 5, D6 1; the event 3+3 = 6, Cheering Fans)."""
    m = Match(
        BB2025,
        replace(default_team_sheet("human", BB2025, first_id=1), mascot=mascot[0]),
        replace(default_team_sheet("orc", BB2025, first_id=101), mascot=mascot[1]),
        FixedDice([2, 3, 3, 4, 6, 1, 5, 1, 3, 3, *dice, *[4] * 20]),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    g = m.state
    for p in range(g.n):  # kick to a receiver with an empty square west of him
        if g.team[p] == 1 and g.pos[p] >= 0:
            x, y = g.pitch.xy(g.pos[p])
            west = g.pitch.sq(x - 1, y)
            if g.board[west] < 0 and g.variant.in_receiving_area(g, west):
                m.apply(("square", west))
                return m
    raise AssertionError("no receiver to kick to")


def cheered(m: Match) -> set[int]:
    g = m.state
    now = g.effects.get(CHEERING_NOW)
    return set(g.effects.get(CHEERING_FANS, ())) | ({now[0]} if now else set())


def test_cheering_fans_a_natural_one_is_re_rolled() -> None:
    # Home rolls 1, re-rolled with the Mascot: 5; away 3. Home wins.
    m = start([1, 5, 3], (True, False))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == ["cheering_fans"]
    rolls = [
        r.dice for r in m.events if type(r) is Roll and r.purpose == "cheering_fans"
    ]
    assert rolls == [(5, 3)]
    assert [
        (e.team, e.dice)
        for e in m.events
        if type(e) is Induced and e.what == "team_mascot"
    ] == [("home", (1, 5))]
    assert cheered(m) == {0}


def test_without_a_mascot_the_one_stands() -> None:
    m = start([1, 3], (False, True))
    rolls = [
        r.dice for r in m.events if type(r) is Roll and r.purpose == "cheering_fans"
    ]
    assert rolls == [(1, 3)]
    assert cheered(m) == {1}


def test_only_a_natural_one() -> None:
    m = start([2, 3], (True, False))
    rolls = [
        r.dice for r in m.events if type(r) is Roll and r.purpose == "cheering_fans"
    ]
    assert rolls == [(2, 3)]


def test_a_team_captains_six_gives_the_mascot_back() -> None:
    # C, the captain, is on the pitch: dodge 1, the Mascot 4, the captain's
    # D6 6, the dodge again 4.
    sc = Scenario(
        DIAGRAM + "    ...C.\n", ruleset="bb2025", dice=[1, 4, 6, 4], start=False
    )
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], mascot=True, captain=sc.id("C")), g.sheets[1])
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    sc.choose("team_reroll")
    assert mascot_rolls(sc) == [((4,), "mascot_rerolls")]
    assert mascot_left(g, 0)
