"""BB2025 "Start of drive, set-up and kick-off": the Kick-off Event table
(tables.md "Kick-off event") and catching the kick-off without a modifier
(changes_from_bb2020.md "Catching the kick-off")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import Block, Kick, KickoffEvent, Note, Roll, TurnMarker
from engine.core.events import Prayer as PrayerEv
from engine.core.model import TeamSheet
from engine.core.state import PITCH, RESERVES
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025, Variant
from engine.variants.bb2025.kickoff import (
    CHARGE_ACTIONS,
    CHEERING_FANS,
    CHEERING_NOW,
    DODGY_SNACK,
    drive_ends,
)


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


@pytest.mark.parametrize(
    ("turns", "after"),
    [
        ((5, 5), [6, 6]),  # the kicking team's marker on 5: both forward
        ((6, 5), [5, 4]),  # on 6, 7 or 8: both back one
        ((8, 8), [7, 7]),
    ],
)
def test_time_out(turns: tuple[int, int], after: list[int]) -> None:
    """tables.md "Kick-off events" 3 Time-out: "If the kicking team's turn
    marker is on 6, 7 or 8 both markers move back one; otherwise both move
    forward one." Home kicks; kick: D8 5 (east) D6 1; event 1+2 = 3."""
    m = start(BB2025, [5, 1, 1, 2, *[4] * 20])
    m.state.turn[:] = list(turns)
    m.apply(("square", receiver_square(m) - 1))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == ["time_out"]
    assert [e.turn for e in m.events if type(e) is TurnMarker] == after


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


# -- Kick: chosen before the deviation is rolled, a D3 ---------------------------


def kicker_sheet(rs: Variant) -> TeamSheet:
    """The default Human team, every player with Kick (one of them stands
    where a kicking player may)."""
    sheet = default_team_sheet("human", rs, first_id=1)
    players = tuple(
        replace(p, skills=(*p.skills, ("kick", None))) for p in sheet.players
    )
    return replace(sheet, players=players)


def start_kicking(rs: Variant, dice: list[int | str]) -> Match:
    m = Match(
        rs,
        kicker_sheet(rs),
        default_team_sheet("orc", rs, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, *dice]),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    return m


@pytest.mark.parametrize(("use", "distance"), [(True, 3), (False, 5)])
def test_kick_is_chosen_before_rolling_and_deviates_a_d3(
    use: bool, distance: int
) -> None:
    # Kick: D8 5 (east), then a D3 3 (Kick) or the D6 5; event 1+1.
    d = [3] if use else [5]
    m = start_kicking(BB2025, [5, *d, 1, 1, *[4] * 20])
    target = BB2025.pitch.sq(15, 7)
    m.apply(("square", target))
    assert m.pending.kind == "use_skill"
    assert [e for e in m.events if type(e) is Kick] == []  # nothing rolled yet
    m.apply(m.pending.options[0 if use else 1])
    kick = [e for e in m.events if type(e) is Kick][0]
    assert (kick.direction, kick.distance) == (5, distance)
    assert m.state.pitch.xy(kick.landing) == (15 + distance, 7)


def test_bb2020_kick_halves_the_d6_it_has_seen() -> None:
    m = start_kicking(BB2020, [5, 5, 1, 1, *[4] * 20])
    m.apply(("square", BB2020.pitch.sq(15, 7)))
    assert m.pending.kind == "use_skill"
    m.apply(m.pending.options[0])
    kick = [e for e in m.events if type(e) is Kick][0]
    assert kick.distance == 2  # 5 halved, rounding down


# -- Cheering Fans: an extra offensive assist ----------------------------------


@pytest.mark.parametrize(
    ("rolls", "teams"), [((5, 2), (0,)), ((2, 5), (1,)), ((3, 3), (0, 1))]
)
def test_cheering_fans_roll_off(rolls: tuple[int, int], teams: tuple[int, ...]) -> None:
    # Event 3+3 = 6; D6 + cheerleaders (none) each; both on a tie. The
    # receiving team's (away's) first turn may have started.
    m = start(BB2025, [5, 1, 3, 3, *rolls, *[4] * 20])
    m.apply(("square", receiver_square(m) - 1))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == ["cheering_fans"]
    g = m.state
    pending = g.effects.get(CHEERING_FANS, ())
    now = g.effects.get(CHEERING_NOW)
    assert set(pending) | ({now[0]} if now else set()) == set(teams)
    assert [e for e in m.events if type(e) is PrayerEv] == []  # no Prayer (BB2020)


# A blocks b and B blocks c, each 3 against 3: one die without an assist.
BLOCK = """
    ........
    .Ab.....
    ........
    .....Bc.
"""


def cheered(teams: tuple[int, ...], dice: list[int | str]) -> Scenario:
    """A home turn starts after a Cheering Fans won by ``teams``."""
    sc = Scenario(BLOCK, ruleset="bb2025", dice=dice, start=False)
    g = sc.match.state
    g.effects[CHEERING_FANS] = teams
    g.stack.append(Turn(0))
    run(g)
    return sc


def test_the_first_block_of_the_turn_has_one_more_assist() -> None:
    sc = cheered((0,), ["push", "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    b = sc.events(Block)[0]
    assert (b.st_attacker, b.st_defender, len(b.dice)) == (4, 3, 2)  # + the Fans


def test_only_the_first_block() -> None:
    sc = cheered((0,), ["push", "push", "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    while sc.match.pending.kind != "activate":
        sc.choose(*sc.match.pending.options[-1])
    sc.act("B", "block")
    sc.choose("block", sc.id("c"))
    assert [e.st_attacker for e in sc.events(Block)] == [4, 3]


def test_not_for_the_other_team() -> None:
    sc = cheered((1,), ["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_attacker == 3


def test_bb2020_has_no_such_assist() -> None:
    sc = Scenario(BLOCK, ruleset="bb2020", dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_attacker == 3


# -- Charge! and Dodgy Snack ------------------------------------------------------


def test_charge_frees_d3_plus_three_open_kicking_players() -> None:
    # Event 4+6 = 10; D3 2: five activations.
    m = start(BB2025, [5, 1, 4, 6, 2, *[4] * 20])
    m.apply(("square", receiver_square(m) - 1))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == ["charge"]
    assert [(e.what, e.value) for e in m.events if type(e) is Note] == [("charge", 5)]
    d = m.pending
    assert (d.kind, d.team) == ("activate", "home")
    actions = {o[2] for o in d.options if o[0] == "activate"}
    assert actions <= set(CHARGE_ACTIONS)
    assert "move" in actions


def ktm_turn(ruleset: str) -> Scenario:
    """A Charge! (Blitz!) free turn of four players: K may kick G."""
    sc = Scenario(
        "KG.",
        ruleset=ruleset,
        skills={"K": ["kick-team-mate"], "G": ["right-stuff"]},
        stats={"G": {"st": 2}},
        start=False,
    )
    g = sc.match.state
    g.stack.append(Turn(0, "blitz", 4))
    run(g)
    return sc


@pytest.mark.parametrize(("ruleset", "offer"), [("bb2025", True), ("bb2020", False)])
def test_charge_offers_kick_team_mate(ruleset: str, offer: bool) -> None:
    sc = ktm_turn(ruleset)
    assert (
        ("activate", sc.id("K"), "kick_team_mate") in sc.match.pending.options
    ) is offer


@pytest.mark.parametrize(
    ("rolls", "teams"), [((2, 5), {0}), ((5, 2), {1}), ((3, 3), {0, 1})]
)
def test_dodgy_snack_hits_the_lower_roll(
    rolls: tuple[int, int], teams: set[int]
) -> None:
    # Event 5+6 = 11; the roll-off; per losing team a D16 picks the player
    # and a D6 2 weakens him: -1 MA, AV one lower.
    m = start(BB2025, [5, 1, 5, 6, *rolls, *[1, 2] * len(teams), *[4] * 20])
    g = m.state
    before = (list(g.ma), list(g.av))
    m.apply(("square", receiver_square(m) - 1))
    hit = [e for e in m.events if type(e) is Roll and e.purpose == "dodgy_snack_effect"]
    assert len(hit) == len(teams)
    for r in hit:
        p = g.idx[r.player]
        assert g.team[p] in teams
        assert (g.ma[p], g.av[p]) == (before[0][p] - 1, before[1][p] - 1)
    assert g.effects[DODGY_SNACK] == tuple(g.idx[r.player] for r in hit)


@pytest.mark.parametrize(
    ("ma", "av", "eaten", "after_drive"),
    [(1, 3, (1, 3), (1, 3)), (1, 9, (1, 8), (1, 9)), (5, 3, (4, 3), (5, 3))],
    ids=["both at the limit", "MA at the limit", "AV at the limit"],
)
def test_dodgy_snack_lowers_no_characteristic_past_its_limit(
    ma: int, av: int, eaten: tuple[int, int], after_drive: tuple[int, int]
) -> None:
    # tables.md "Characteristic limits": "MA 1-9 ... AV 3+ to 11+"; the
    # home team loses the roll-off (2 v 5), the D16 1 picks, the D6 2 weakens
    m = start(BB2025, [5, 1, 5, 6, 2, 5, 1, 2, *[4] * 20])
    g = m.state
    for p in range(g.n):
        if g.team[p] == 0:
            g.ma[p], g.av[p] = ma, av
    m.apply(("square", receiver_square(m) - 1))
    (hit,) = [
        e for e in m.events if type(e) is Roll and e.purpose == "dodgy_snack_effect"
    ]
    p = g.idx[hit.player]
    assert (g.team[p], g.ma[p], g.av[p]) == (0, *eaten)
    drive_ends(g)
    assert (g.ma[p], g.av[p]) == after_drive


def test_dodgy_snack_one_sends_the_player_to_the_reserves() -> None:
    # the D16 3 picks the third Human (a Catcher, set up; the BB2025
    # Halfling Hopefuls listed first start in the Reserves), the D6 1
    m = start(BB2025, [5, 1, 5, 6, 2, 5, 3, 1, *[4] * 20])
    m.apply(("square", receiver_square(m) - 1))
    hit = [e for e in m.events if type(e) is Roll and e.purpose == "dodgy_snack_effect"]
    p = m.state.idx[hit[0].player]
    assert (m.state.team[p], m.state.box[p]) == (0, RESERVES)
    assert DODGY_SNACK not in m.state.effects


def test_dodgy_snack_lasts_for_the_drive() -> None:
    sc = Scenario("A.b", ruleset="bb2025", start=False)
    g = sc.match.state
    p = sc.p("A")
    g.ma[p] -= 1
    g.av[p] -= 1
    g.effects[DODGY_SNACK] = (p,)
    drive_ends(g)
    assert (g.ma[p], g.av[p]) == (6, 9)
    assert DODGY_SNACK not in g.effects
    assert drive_ends in BB2025.hooks.drive_ends
