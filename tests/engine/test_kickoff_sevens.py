"""The Blood Bowl Sevens Kick-off Event table, result by result, with
scripted dice (blood_bowl_sevens.md "Blood Bowl Sevens Kick-off Event
Table"; seed 004 "Kick-Off Event - 2D6", "Weather - 2D6").

``start`` (tests.engine.test_kickoff): home kicks; Fan Factor home 3, away
4; Perfect Conditions. The default Sevens formations put home 1 (6, 5), 3
(6, 4), 5 (6, 6) on its Line of Scrimmage, 6 (5, 1) and 7 (5, 9) in the
Wide Zones, 8 (4, 3), 9 (4, 7); away 102 (13, 3), 103 (13, 5), 105 (13, 7),
106 (15, 1), 107 (15, 9), 108 (14, 4), 109 (14, 6); 2, 4, 101 and 104 in the
Reserves. Six squares part the two Lines of Scrimmage, so every player is
Open. The kick at (16, 5) deviates D8 5 (east) D6 1 to the empty (17, 5);
the event's 2D6 follow, then its own dice, then the landing.
"""

from __future__ import annotations

import pytest

from engine import IllegalSetup, Match
from engine.core.dice import FixedDice
from engine.core.events import (
    ArgueTheCall,
    BallMove,
    KickoffEvent,
    Note,
    Prayer,
    Roll,
    SentOff,
    TurnMarker,
)
from engine.core.state import PITCH, SENT_OFF, STANDING, STUNNED
from engine.tools.teams import default_team_sheet
from engine.variants import SEVENS
from tests.engine.test_kickoff import start

PRE: list[int | str] = [2, 3, 3, 4, 6, 1]  # as tests.engine.test_kickoff.start
KICK_AT = (16, 5)
DEVIATE: list[int | str] = [5, 1]  # D8 east, D6 1: (17, 5)


class NamedDice(FixedDice):
    """Scripted dice that also record which die read each value."""

    __slots__ = ("dice",)

    def __init__(self, values: list[int | str]) -> None:
        super().__init__(values)
        self.dice: list[str] = []

    def _num(self, die: str, sides: int) -> int:
        self.dice.append(die)
        return super()._num(die, sides)


def kick(dice: list[int | str], setup: object = None) -> tuple[Match, NamedDice]:
    """Home kicks at ``KICK_AT``; ``dice`` after the deviation, then plenty
    of 4s. ``setup``(m) may change the state before the kick."""
    named = NamedDice([*PRE, *DEVIATE, *dice, *[4] * 30])
    m = Match(
        SEVENS,
        default_team_sheet("human", SEVENS, first_id=1),
        default_team_sheet("orc", SEVENS, first_id=101),
        named,
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    if callable(setup):
        setup(m)
    m.apply(("square", SEVENS.pitch.sq(*KICK_AT)))
    return m, named


def event(m: Match) -> str:
    (e,) = [e.result for e in m.events if type(e) is KickoffEvent]
    return e


def notes(m: Match, what: str) -> list[tuple[str, int]]:
    return [(e.team, e.value) for e in m.events if type(e) is Note and e.what == what]


def at(m: Match, pid: int) -> tuple[int, int]:
    g = m.state
    return SEVENS.pitch.xy(g.pos[g.idx[pid]])


def test_the_sevens_tables_read_as_the_texts() -> None:
    """The Sevens Kick-off Event table has the BB2020 results in the BB2020
    rows (fewer players, Time-out from turn 4: see below); seed 004
    "Weather - 2D6": 2 Sweltering Heat, 3 Very Sunny, 4-10 Perfect
    Conditions, 11 Pouring Rain, 12 Blizzard."""
    assert SEVENS.kickoff_table[2:] == (
        "get_the_ref",
        "time_out",
        "solid_defence",
        "high_kick",
        "cheering_fans",
        "brilliant_coaching",
        "changing_weather",
        "quick_snap",
        "blitz",
        "officious_ref",
        "pitch_invasion",
    )
    assert SEVENS.weather_table[2:] == (
        "sweltering_heat",
        "very_sunny",
        *["perfect"] * 7,
        "pouring_rain",
        "blizzard",
    )


def test_get_the_ref_a_free_bribe_each() -> None:
    """2 Get the Ref: "Each team gains a free Bribe Inducement"."""
    m, _ = kick([1, 1])
    assert event(m) == "get_the_ref"
    assert m.state.bribes == [1, 1]


@pytest.mark.parametrize(
    ("turns", "after"),
    [
        ((3, 3), (4, 4)),
        ((3, 4), (4, 5)),
        ((4, 4), (3, 3)),
        ((5, 4), (4, 3)),
        ((6, 5), (5, 4)),
    ],
)
def test_time_out_back_from_turn_4(
    turns: tuple[int, int], after: tuple[int, int]
) -> None:
    """3 Time-out: "If the kicking team's turn marker is on turn 4, 5 or 6
    for the half, both coaches move their turn marker back one space.
    Otherwise, both coaches move their turn marker forward one space." Home
    (kicking) first."""

    def markers(m: Match) -> None:
        m.state.turn[0], m.state.turn[1] = turns

    m, _ = kick([1, 2], markers)
    assert event(m) == "time_out"
    marked = [(e.team, e.turn) for e in m.events if type(e) is TurnMarker]
    assert marked == [("home", after[0]), ("away", after[1])]


def re_set(m: Match, pids: list[int]) -> list[list[int]]:
    """Home's set-up with ``pids`` moved deep into its third, off the Wide
    Zones (x 1-2, y 3-7)."""
    g = m.state
    free = [SEVENS.pitch.sq(x, y) for x in (1, 2) for y in range(3, 8)]
    out = []
    for p in g.on_pitch(0):
        pid = g.pid[p]
        out.append([pid, free.pop() if pid in pids else g.pos[p]])
    return out


@pytest.mark.parametrize(("d3", "n"), [(1, 2), (3, 4)])
def test_solid_defence_d3_plus_1_open_kicking_players(d3: int, n: int) -> None:
    """4 Solid Defence: "D3+1 Open players on the kicking team may be
    removed and set up again in different locations, following all of the
    usual set-up rules". One more than D3+1 is refused."""
    m, named = kick([1, 3, d3])
    assert event(m) == "solid_defence"
    assert named.dice[10] == "D3"
    assert notes(m, "solid_defence") == [("home", n)]
    d = m.pending
    assert d is not None
    assert (d.kind, d.team, d.info) == ("solid_defence", "home", (n,))
    back = [8, 9, 6, 7, 3]
    with pytest.raises(IllegalSetup):
        m.apply(("arrangement", re_set(m, back[: n + 1])))
    m.apply(("arrangement", re_set(m, back[:n])))
    assert m.pending is not None
    assert m.pending.kind == "activate"
    assert at(m, 8) != (4, 3)


def test_high_kick_into_the_middle_third() -> None:
    """5 High Kick: one Open receiver "placed in the same square the ball
    will land in"; a Sevens kick may come down in the middle third, where
    no touchback is caused. Kicked at (10, 5): D8 5, D6 1 to (11, 5); 103
    is placed there and catches it (a 6, with the -1 for a deviated
    ball)."""
    m = start(SEVENS, [*DEVIATE, 2, 3, 6])
    m.apply(("square", SEVENS.pitch.sq(10, 5)))
    assert event(m) == "high_kick"
    d = m.pending
    assert d is not None
    g = m.state
    offered = {o[1] for o in d.options if o[0] == "high_kick"}
    assert offered == {g.pid[p] for p in g.on_pitch(1)}
    m.apply(next(o for o in d.options if o[0] == "high_kick" and o[1] == 103))
    assert at(m, 103) == (11, 5)
    assert g.carrier == g.idx[103]
    catch = [e for e in m.events if type(e) is Roll and e.purpose == "catch"]
    assert [(e.player, e.dice, e.modifier) for e in catch] == [(103, (6,), -1)]


def test_cheering_fans_pray_on_the_sevens_d8_table() -> None:
    """6 Cheering Fans: D6 + cheerleaders each, the higher "may immediately
    roll once on the Prayers to Nuffle table": the Sevens table is a D8
    (blood_bowl_sevens.md "Blood Bowl Sevens Prayers to Nuffle Table").
    Home 5 against away 2; D8 8: Blessed Statue of Nuffle."""
    m, named = kick([3, 3, 5, 2, 8])
    assert event(m) == "cheering_fans"
    d = m.pending
    assert d is not None
    assert (d.kind, d.team, d.info) == (
        "prayer_player",
        "home",
        ("blessed_statue_of_nuffle",),
    )
    # after the pre-game (6 dice) and the deviation (2): the event 2D6,
    # the roll-off 2D6, the prayer D8
    assert named.dice[8:13] == ["D6", "D6", "D6", "D6", "D8"]


def test_cheering_fans_re_roll_a_prayer_in_effect() -> None:
    """Cheering Fans: "if you roll a result that is currently in effect,
    you must re-roll it". Home already has Friends with the Ref for the
    drive: D8 2 again is re-rolled, D8 1 Treacherous Trapdoor."""

    def friends(m: Match) -> None:
        m.state.effects["prayer_friends_with_the_ref_0_drive"] = True

    m, _ = kick([3, 3, 5, 2, 2, 1], friends)
    assert [(e.team, e.roll, e.result) for e in m.events if type(e) is Prayer] == [
        ("home", 1, "treacherous_trapdoor")
    ]


@pytest.mark.parametrize(
    ("rolls", "extra"), [((5, 2), [1, 0]), ((2, 5), [0, 1]), ((4, 4), [0, 0])]
)
def test_brilliant_coaching_a_re_roll_for_the_drive(
    rolls: tuple[int, int], extra: list[int]
) -> None:
    """7 Brilliant Coaching: D6 + assistant coaches each (none here); the
    higher "gains one extra team re-roll for the drive ahead"; a tie,
    neither."""
    m, _ = kick([3, 4, *rolls])
    assert event(m) == "brilliant_coaching"
    assert m.state.extra_rr == extra


def test_changing_weather_new_weather_no_scatter() -> None:
    """8 Changing Weather: "Make a new roll on the Weather table and apply
    that result"; 6+6 Blizzard: the ball lands at (17, 5) and bounces."""
    m, _ = kick([4, 4, 6, 6])
    assert event(m) == "changing_weather"
    assert m.state.weather == "blizzard"
    assert [e.how for e in m.events if type(e) is BallMove][:1] == ["bounce"]


def test_changing_weather_perfect_scatters_before_landing() -> None:
    """8 Changing Weather: on Perfect Conditions "the ball will scatter
    before landing": three D8 squares, 4 (west) each, from (17, 5) to the
    empty (14, 5), where it lands and bounces."""
    m, _ = kick([4, 4, 3, 4, 4, 4, 4])
    assert m.state.weather == "perfect"
    g = m.state
    moves = [(e.how, g.pitch.xy(e.dst)) for e in m.events if type(e) is BallMove]
    assert [h for h, _ in moves[:4]] == ["scatter"] * 3 + ["bounce"]
    assert [sq for _, sq in moves[:3]] == [(16, 5), (15, 5), (14, 5)]


@pytest.mark.parametrize(("d3", "n"), [(1, 2), (3, 4)])
def test_quick_snap_d3_plus_1_open_receivers(d3: int, n: int) -> None:
    """9 Quick Snap: "D3+1 Open players on the receiving team may
    immediately move one square in any direction"."""
    m, named = kick([4, 5, d3])
    assert event(m) == "quick_snap"
    assert named.dice[10] == "D3"
    assert notes(m, "quick_snap") == [("away", n)]
    g = m.state
    for _ in range(n):
        d = m.pending
        assert d is not None
        assert (d.kind, d.team) == ("quick_snap", "away")
        pid = next(o[1] for o in d.options if o[0] == "snap")
        src = g.pos[g.idx[pid]]
        m.apply(next(o for o in d.options if o[0] == "snap" and o[1] == pid))
        assert g.pos[g.idx[pid]] in g.pitch.neighbours[src]
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("activate", "away")


@pytest.mark.parametrize(("d3", "n"), [(1, 2), (3, 4)])
def test_blitz_d3_plus_1_open_kicking_players(d3: int, n: int) -> None:
    """10 Blitz: "D3+1 Open players on the kicking team may immediately
    activate to perform a Move action. One may perform a Blitz action and
    one may perform a Throw Team-mate action". Each of them moves nowhere
    and ends; after the D3+1-th the receivers' turn begins."""
    m, named = kick([4, 6, d3])
    assert event(m) == "blitz"
    assert named.dice[10] == "D3"
    assert notes(m, "blitz") == [("home", n)]
    for i in range(n):
        d = m.pending
        assert d is not None
        assert (d.kind, d.team) == ("activate", "home"), i
        assert {o[2] for o in d.options if o[0] == "activate"} <= {
            "move",
            "blitz",
            "throw_team_mate",
        }
        pid = next(o[1] for o in d.options if o[0] == "activate")
        m.apply(("activate", pid, "move"))
        m.apply(("end",))
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("activate", "away")


@pytest.mark.parametrize(
    ("rolls", "d6", "hit"),
    [((1, 6), 3, STUNNED), ((1, 6), 1, SENT_OFF)],
)
def test_officious_ref(rolls: tuple[int, int], d6: int, hit: int) -> None:
    """11 Officious Ref: D6 + Fan Factor each, the lower (home 1 + 3 against
    away 6 + 4) "randomly selects one of their players from among those on
    the pitch" (D16 1: home 1); "On a roll of 2+ ... Placed Prone and
    becomes Stunned. On a roll of 1 however, the player is immediately
    Sent-off" (the Sevens text says no more: no Argue the Call, no Bribe,
    though home has one)."""

    def bribe(m: Match) -> None:
        m.state.bribes[0] = 1

    m, _ = kick([5, 6, *rolls, 1, d6], bribe)
    assert event(m) == "officious_ref"
    g = m.state
    p = g.idx[1]
    if hit == SENT_OFF:
        assert g.box[p] == SENT_OFF
        assert [(e.player, e.reason) for e in m.events if type(e) is SentOff] == [
            (1, "officious_ref")
        ]
        assert [e for e in m.events if type(e) is ArgueTheCall] == []
        assert g.bribes[0] == 1
    else:
        assert (g.box[p], g.status[p]) == (PITCH, STUNNED)
    others = [q for q in g.on_pitch(0) + g.on_pitch(1) if q != p]
    assert all(g.status[q] == STANDING for q in others)
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("activate", "away")


def test_pitch_invasion_d3_players_of_the_lower_team() -> None:
    """12 Pitch Invasion: D6 + Fan Factor each; "The coach that rolls the
    lowest randomly selects D3 of their players from among those on the
    pitch ... Placed Prone and become Stunned". Away 2 + 4 against home
    5 + 3: away's D3 2 picks D16 3 (103) and D16 5 (105)."""
    m, named = kick([6, 6, 5, 2, 2, 3, 5])
    assert event(m) == "pitch_invasion"
    assert named.dice[10:13] == ["D6", "D6", "D3"]
    g = m.state
    stunned = {g.pid[p] for p in range(g.n) if g.status[p] == STUNNED}
    assert stunned == {103, 105}
