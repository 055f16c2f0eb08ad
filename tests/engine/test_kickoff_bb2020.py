"""The BB2020 start of a drive, outside-in against the rulebook text:
set-up legality, the kick and its deviation, the ball coming down
(catches, bounces, touchbacks), the Weather table and its effects in play
(the_rules_of_blood_bowl.md "The Weather", "The Start of a Drive", "The
Kick-off Event Table"; rules_and_regulations.md "Deviate, Scatter or
Bounce"). The Kick-off Event table's results one by one are in
tests/engine/test_kickoff.py.

``start`` (tests.engine.test_kickoff): home kicks; Fan Factor home 3, away
4; Perfect Conditions. The default formations put home 1 (12, 7), 2 (12, 6),
5 (12, 8) on its Line of Scrimmage, 6 (11, 3), 11 (11, 2) in the low Wide
Zone, 7 (11, 11), 12 (11, 12) in the high one, 8 (10, 5), 9 (10, 9),
10 (9, 7), 13 (7, 7); away 106 (13, 5), 105 (13, 7), 103 (13, 9) on its Line
of Scrimmage, 104 (15, 3), 107 (15, 11), 108 (14, 6), 109 (14, 8),
110 (16, 7), 111 (17, 4), 112 (17, 10), 113 (20, 7). Home's half is x 0-12,
away's x 13-25. D8 directions: 2 north, 4 west, 5 east, 7 south.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import (
    BallCaught,
    BallMove,
    Kick,
    KickoffEvent,
    Roll,
    Touchback,
    TurnStart,
    Weather,
)
from engine.core.state import KO, PF_HEAT, PITCH, PRONE, STANDING
from engine.match import run
from engine.rules.setup import available_players, validate_setup
from engine.rules.turns import EndDrive, Turn
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020
from tests.engine.test_kickoff import start

P = BB2020.pitch
GET_THE_REF = [1, 1]  # the Kick-off event with no dice of its own


def kick(
    at: tuple[int, int],
    dice: list[int | str],
    setup: Callable[[Match], None] | None = None,
) -> Match:
    """Home kicks at ``at`` with ``dice`` (D8, D6, the event's 2D6, ...),
    then plenty of 4s; ``setup``(m) may change the state first."""
    m = start(BB2020, [*dice, *[4] * 30])
    if setup is not None:
        setup(m)
    m.apply(("square", P.sq(*at)))
    return m


def rolls(m: Match, purpose: str) -> list[Roll]:
    return [e for e in m.events if type(e) is Roll and e.purpose == purpose]


def index(m: Match, kind: type) -> int:
    return next(i for i, e in enumerate(m.events) if type(e) is kind)


# -- the tables ---------------------------------------------------------------


def test_the_tables_read_as_the_rulebook() -> None:
    """ "The Kick-off Event Table" 2-12 and "Weather Table": 2 Sweltering
    Heat, 3 Very Sunny, 4-10 Perfect Conditions, 11 Pouring Rain, 12
    Blizzard."""
    assert BB2020.kickoff_table[2:] == (
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
    assert BB2020.weather_table[2:] == (
        "sweltering_heat",
        "very_sunny",
        *["perfect"] * 7,
        "pouring_rain",
        "blizzard",
    )


@pytest.mark.parametrize(
    ("d1", "d2", "weather"),
    [
        (1, 1, "sweltering_heat"),
        (1, 2, "very_sunny"),
        (2, 2, "perfect"),
        (4, 6, "perfect"),
        (5, 6, "pouring_rain"),
        (6, 6, "blizzard"),
    ],
)
def test_pregame_weather_is_two_d6_added(d1: int, d2: int, weather: str) -> None:
    """ "The Weather": "Each coach rolls a D6. Add the results together and
    refer to the Weather table"."""
    m = Match(
        BB2020,
        default_team_sheet("human", BB2020, first_id=1),
        default_team_sheet("orc", BB2020, first_id=101),
        FixedDice([2, 3, d1, d2, 6, 1]),
    )
    assert [(e.dice, e.result) for e in m.events if type(e) is Weather] == [
        ((d1, d2), weather)
    ]
    assert m.state.weather == weather


# -- set-up -------------------------------------------------------------------

# A legal home set-up: three on the centre of the Line of Scrimmage, two in
# each Wide Zone, four behind.
LEGAL: dict[int, tuple[int, int]] = {
    1: (12, 6),
    2: (12, 7),
    3: (12, 8),
    4: (10, 1),
    5: (10, 2),
    6: (10, 12),
    7: (10, 13),
    8: (8, 5),
    9: (8, 7),
    10: (8, 9),
    11: (5, 7),
}


def problems(
    changes: dict[int, tuple[int, int]],
    ko: tuple[int, ...] = (),
    left_out: tuple[int, ...] = (),
) -> list[str]:
    """What is wrong with ``LEGAL`` with ``changes``, the players ``ko``
    Knocked-out and the players ``left_out`` not set up."""
    m = Match(
        BB2020,
        default_team_sheet("human", BB2020, first_id=1),
        default_team_sheet("orc", BB2020, first_id=101),
        FixedDice([]),
        start=False,
    )
    g = m.state
    for pid in ko:
        g.box[g.idx[pid]] = KO
    squares = {**LEGAL, **changes}
    placement = tuple(
        (pid, P.sq(*xy))
        for pid, xy in squares.items()
        if pid not in ko and pid not in left_out
    )
    return validate_setup(g, 0, placement)


def test_a_legal_setup() -> None:
    assert problems({}) == []


def test_no_more_than_eleven_players() -> None:
    """ "A team may not set up more than 11 players at the start of a
    drive." """
    assert problems({12: (3, 7)}) == ["12 players set up, 11 required"]


def test_fewer_than_eleven_available_all_must_set_up() -> None:
    """ "If you are unable to set up 11 players ... you must set up all
    available players - no players can be placed in the Reserves box if
    fewer than 11 players are available": 13 players, 3 Knocked-out, all
    10 to set up."""
    assert problems({}, ko=(11, 12, 13)) == []
    assert problems({}, ko=(11, 12, 13), left_out=(10,)) == [
        "9 players set up, 10 required"
    ]
    assert problems({}, left_out=(11,)) == ["10 players set up, 11 required"]


def test_no_more_than_two_players_in_a_wide_zone() -> None:
    """ "Each team can set up a maximum of two players in each Wide
    Zone"."""
    assert problems({8: (8, 3)}) == ["more than 2 players in a wide zone"]


def test_three_on_the_line_of_scrimmage_in_the_centre_field() -> None:
    """ "A team must set up a minimum of three players in squares within the
    Centre Field, directly adjacent to the Line of Scrimmage": one on the
    Line of Scrimmage in a Wide Zone does not count."""
    assert problems({3: (11, 8), 4: (12, 1)}) == [
        "only 2 players on the Line of Scrimmage in the centre, 3 required"
    ]


def test_nobody_beyond_the_line_of_scrimmage() -> None:
    """ "Neither team may set up any players beyond the Line of Scrimmage in
    the opposition's half." """
    assert problems({11: (13, 7)}) == ["player 11 at (13, 7) is outside their own half"]


# -- the kick -----------------------------------------------------------------


def test_the_kick_is_placed_anywhere_in_the_receiving_half() -> None:
    """ "Place the Kick": "in any square they wish, occupied or unoccupied,
    in the receiving team's half of the pitch" (x 13-25)."""
    m = start(BB2020, [])
    d = m.pending
    assert (d.kind, d.team) == ("kick_target", "home")
    assert set(d.options) == {
        ("square", P.sq(x, y)) for x in range(13, 26) for y in range(15)
    }


def test_the_kick_deviates_d8_and_d6_squares() -> None:
    """ "The Kick Deviates": D8 direction, D6 squares (D8 7 south, D6 4:
    (18, 5) to (18, 9))."""
    m = kick((18, 5), [7, 4, *GET_THE_REF])
    (k,) = [e for e in m.events if type(e) is Kick]
    assert (k.target, k.direction, k.distance, k.landing) == (
        P.sq(18, 5),
        7,
        4,
        P.sq(18, 9),
    )


@pytest.mark.parametrize(
    ("weather", "modifier"), [("perfect", -1), ("pouring_rain", -2)]
)
def test_a_kick_landing_on_a_standing_player_is_caught_after_the_event(
    weather: str, modifier: int
) -> None:
    """ "No attempts can be made to catch it until after the 'kick-off
    event' has been resolved"; a Standing player in the square "must attempt
    to catch the ball", at -1 for a ball that "deviated into the square"
    ("Catching the Ball"), -1 more in Pouring Rain. (15, 7) east 1: 110,
    Open, AG 3+, rolls a 4: caught at -1, dropped at -2."""

    def rain(m: Match) -> None:
        m.state.weather = weather

    m = kick((15, 7), [5, 1, *GET_THE_REF, 4], rain)
    (c,) = rolls(m, "catch")
    assert (c.player, c.dice, c.target, c.modifier) == (110, (4,), 3, modifier)
    assert index(m, KickoffEvent) < m.events.index(c)
    g = m.state
    assert (c.success, g.carrier) == (
        modifier == -1,
        g.idx[110] if modifier == -1 else -1,
    )


def test_a_kick_landing_on_a_prone_player_bounces() -> None:
    """ "Deviate": a ball landing in a square occupied "by a Prone or Stunned
    player ... will bounce" (D8 2, north: (16, 7) to the empty (16, 6))."""

    def prone(m: Match) -> None:
        m.state.status[m.state.idx[110]] = PRONE

    m = kick((15, 7), [5, 1, *GET_THE_REF, 2], prone)
    assert rolls(m, "catch") == []
    moves = [(e.how, e.src, e.dst) for e in m.events if type(e) is BallMove]
    assert moves == [("bounce", P.sq(16, 7), P.sq(16, 6))]
    g = m.state
    assert (g.ball, g.carrier, g.ball_air) == (P.sq(16, 6), -1, False)


def test_a_kick_off_the_pitch_is_a_touchback_after_the_event() -> None:
    """ "Touchbacks": a ball that "deviates ... off the pitch": "after the
    Kick-off event has been resolved as normal, the coach of the receiving
    team gives possession of the ball to one of their players. No Agility
    test is required". (25, 7) east 1 is off the pitch; Quick Snap (4+5, D3
    1) is played out first."""
    m = kick((25, 7), [5, 1, 4, 5, 1])
    assert [e.landing for e in m.events if type(e) is Kick] == [-1]
    assert (m.pending.kind, m.pending.team) == ("quick_snap", "away")
    m.apply(("done",))
    d = m.pending
    assert (d.kind, d.team) == ("touchback", "away")
    g = m.state
    assert {o[1] for o in d.options} == {g.pid[p] for p in g.on_pitch(1)}
    m.apply(("touchback", 113))
    assert [(e.team, e.player) for e in m.events if type(e) is Touchback] == [
        ("away", 113)
    ]
    assert g.carrier == g.idx[113]
    assert rolls(m, "catch") == []
    assert [e.team for e in m.events if type(e) is TurnStart] == ["away"]


def test_a_kick_into_the_kicking_half_is_a_touchback() -> None:
    """ "Touchbacks": "across the Line of Scrimmage into the kicking team's
    half": (13, 1) west 2 is (11, 1), home's half."""
    m = kick((13, 1), [4, 2, *GET_THE_REF])
    assert [e.landing for e in m.events if type(e) is Kick] == [P.sq(11, 1)]
    assert (m.pending.kind, m.pending.team) == ("touchback", "away")


def test_a_failed_catch_bouncing_into_the_kicking_half_is_a_touchback() -> None:
    """ "If the ball ... bounces ... across the Line of Scrimmage into the
    kicking team's half of the pitch for any reason at all, a 'touchback' is
    caused": (14, 7) west 1 lands on 105 (Marked by 1, 2 and 5: -1 -3),
    who drops it (a 1); the bounce D8 4 (west) crosses to (12, 7)."""
    m = kick((14, 7), [4, 1, *GET_THE_REF, 1, 4])
    (c,) = rolls(m, "catch")
    assert (c.player, c.modifier, c.success) == (105, -4, False)
    assert [(e.how, e.dst) for e in m.events if type(e) is BallMove] == [
        ("bounce", P.sq(12, 7))
    ]
    assert (m.pending.kind, m.pending.team) == ("touchback", "away")


def test_a_touchback_with_nobody_standing_goes_to_a_prone_player_and_bounces() -> None:
    """ "Should it ever occur that there is no Standing player on the
    receiving team to take possession of the ball, the ball is given to a
    Prone or Stunned player and will bounce": 110 at (16, 7), D8 2 north to
    the empty (16, 6)."""

    def all_prone(m: Match) -> None:
        g = m.state
        for p in g.on_pitch(1):
            g.status[p] = PRONE

    m = kick((25, 7), [5, 1, *GET_THE_REF, 2], all_prone)
    d = m.pending
    assert (d.kind, d.team) == ("touchback", "away")
    g = m.state
    assert {o[1] for o in d.options} == {g.pid[p] for p in g.on_pitch(1)}
    m.apply(("touchback", 110))
    assert [(e.how, e.src, e.dst) for e in m.events if type(e) is BallMove] == [
        ("bounce", P.sq(16, 7), P.sq(16, 6))
    ]
    assert (g.ball, g.carrier) == (P.sq(16, 6), -1)
    assert not [e for e in m.events if type(e) is BallCaught]


def test_high_kick_places_the_player_where_the_ball_lands() -> None:
    """5 High Kick: "One Open player on the receiving team may be moved any
    number of squares, regardless of their MA, and placed in the same square
    the ball will land in": 113 from (20, 7) to (17, 5), where he must try to
    catch it (a 4)."""
    m = kick((16, 5), [5, 1, 2, 3, 4])
    assert m.pending.kind == "high_kick"
    m.apply(("high_kick", 113))
    g = m.state
    assert P.xy(g.pos[g.idx[113]]) == (17, 5)
    assert [c.player for c in rolls(m, "catch")] == [113]
    assert g.carrier == g.idx[113]


def test_brilliant_coaching_re_roll_is_lost_at_the_end_of_the_drive() -> None:
    """7 Brilliant Coaching: "If this team re-roll is not used before the end
    of this drive, it is lost"."""
    sc = Scenario("A.a", start=False)
    g = sc.match.state
    g.extra_rr[0] = 1
    g.stack.append(EndDrive())
    run(g)
    assert g.extra_rr == [0, 0]


def test_blitz_ends_when_a_player_falls_over() -> None:
    """10 Blitz: D3+3 (D3 1: four) players may activate; "If a player Falls
    Over ... no further players can be activated and the Blitz ends
    immediately". 13 Rushes a seventh square and falls (a 1, no re-roll);
    the receivers' first turn follows, and the Blitz moved no turn marker.
    The ball then comes down at (17, 7): a bounce (D8 4, west) to 110 at
    (16, 7), who catches (a 4)."""
    m = kick((16, 7), [5, 1, 4, 6, 1, 1, 4, 4, 4, 4])
    assert (m.pending.kind, m.pending.team) == ("activate", "home")
    m.apply(("activate", 13, "move"))
    for y in range(8, 15):
        m.apply(("move", P.sq(7, y)))
    if m.pending.kind == "reroll":
        m.apply(("no_reroll",))
    g = m.state
    assert [r.success for r in rolls(m, "rush")] == [False]
    assert g.status[g.idx[13]] == PRONE
    assert (m.pending.kind, m.pending.team) == ("activate", "away")
    assert g.turn == [0, 1]
    assert g.carrier == g.idx[110]


# -- the weather in play ------------------------------------------------------

PASS = """
    A..B..
    ......
    .....c
"""


@pytest.mark.parametrize(("weather", "modifier"), [("perfect", 0), ("very_sunny", -1)])
def test_very_sunny_passing_ability_tests_at_minus_one(
    weather: str, modifier: int
) -> None:
    """Very Sunny: "Apply a -1 modifier every time a player tests against
    their Passing Ability" (a Quick pass: no modifier otherwise)."""
    sc = Scenario(PASS, ball="A", dice=[5, 4], weather=weather)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    assert [(r.purpose, r.modifier) for r in sc.events(Roll)] == [
        ("pass", modifier),
        ("catch", 0),
    ]


def test_pouring_rain_catch_at_minus_one() -> None:
    """Pouring Rain: "Apply a -1 modifier every time a player makes an
    Agility test to catch ... the ball"; not to the pass."""
    sc = Scenario(PASS, ball="A", dice=[4, 4], weather="pouring_rain")
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    assert [(r.purpose, r.modifier) for r in sc.events(Roll)] == [
        ("pass", 0),
        ("catch", -1),
    ]
    assert sc.match.state.carrier == sc.p("B")


def test_pouring_rain_pick_up_at_minus_one() -> None:
    """Pouring Rain: "... or pick-up the ball"."""
    sc = Scenario("A*...\n.....\n....b", dice=[4], weather="pouring_rain")
    sc.act("A", "move")
    sc.move(1, 0)
    assert [(r.purpose, r.modifier) for r in sc.events(Roll)] == [("pick_up", -1)]
    assert sc.match.state.carrier == sc.p("A")


def test_pouring_rain_interference_at_minus_one() -> None:
    """Pouring Rain: "... or to attempt to interfere with a pass": an
    accurate pass -3, the rain -1."""
    sc = Scenario(
        "A.b.B\n.....\n.....", ball="A", dice=[5, 3, 4], weather="pouring_rain"
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("b"))
    (r,) = [x for x in sc.events(Roll) if x.purpose == "interference"]
    assert r.modifier == -4


def test_blizzard_rush_at_minus_one() -> None:
    """Blizzard: "Apply a -1 modifier every time a player attempts to Rush an
    extra square" (MA 1: the second square is a Rush, 2+ at -1)."""
    sc = Scenario(
        "A....\n.....\n....b", stats={"A": {"ma": 1}}, dice=[3], weather="blizzard"
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)
    assert [(r.purpose, r.target, r.modifier, r.success) for r in sc.events(Roll)] == [
        ("rush", 2, -1, True)
    ]


def test_blizzard_only_quick_and_short_passes() -> None:
    """Blizzard: "only Quick and Short passes can be attempted": six squares
    away is Short, seven is Long."""
    diagram = "A......\n.......\n......b"
    for weather, long_ok in (("perfect", True), ("blizzard", False)):
        sc = Scenario(diagram, ball="A", weather=weather)
        sc.act("A", "pass")
        sc.choose("throw")
        targets = {o[1] for o in sc.match.pending.options if o[0] == "square"}
        assert sc.sq(6, 0) in targets
        assert (sc.pitch.sq(sc.origin[0] + 7, sc.origin[1]) in targets) is long_ok


def test_sweltering_heat_d3_players_of_each_team() -> None:
    """Sweltering Heat: "D3 randomly selected players from each team that are
    on the pitch when a drive ends are placed in the Reserves box. They must
    miss the next drive." Home D3 2 (D16 1, 2: A, B), away D3 3 (D16 1, 2,
    3: a, b, c)."""
    sc = Scenario("ABCD\nabcd", weather="sweltering_heat", start=False)
    sc.match.state.dice = FixedDice([2, 1, 2, 3, 1, 2, 3])
    g = sc.match.state
    g.stack.append(EndDrive())
    run(g)
    out = {g.pid[p] for p in range(g.n) if g.pflags[p] & PF_HEAT}
    assert out == {sc.id(c) for c in "ABabc"}
    assert [g.pid[p] for p in available_players(g, 0)] == [sc.id("C"), sc.id("D")]
    assert [g.pid[p] for p in available_players(g, 1)] == [sc.id("d")]
    assert all(g.box[p] != PITCH for p in range(g.n))


def blitz_event(diagram: str, n: int, **kw: object) -> Scenario:
    """A Blitz kick-off event of home's (``n`` activations) in the
    position ``diagram``."""
    sc = Scenario(diagram, start=False, **kw)  # type: ignore[arg-type]
    g = sc.match.state
    g.stack.append(Turn(0, "blitz", n))
    run(g)
    return sc


TTM = "TG.......\n.........\nA.......c"
TTM_SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
TTM_STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


@pytest.mark.parametrize(("landing", "goes_on"), [(4, True), (1, False)])
def test_blitz_ends_when_a_thrown_player_falls_over(
    landing: int, goes_on: bool
) -> None:
    """10 Blitz: "If a player Falls Over or is Knocked Down, no further
    players can be activated and the Blitz ends immediately". A thrown
    player who fails to land "will Fall Over" (the_rules_of_blood_bowl.md
    "Landing"), no Turnover without the ball, but the Blitz is over: A may
    not activate. A superb throw (a 4), scatter D8 5, 4, 7 to (5, 1), the
    landing AG 3+ (armour 1 + 1 after a 1)."""
    sc = blitz_event(
        TTM, 4, skills=TTM_SKILLS, stats=TTM_STATS, dice=[4, 5, 4, 7, landing, 1, 1]
    )
    assert (sc.match.pending.kind, sc.match.pending.team) == ("activate", "home")
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    g = sc.match.state
    assert g.status[sc.p("G")] == (STANDING if goes_on else PRONE)
    d = sc.match.pending
    if goes_on:
        assert d is not None
        assert ("activate", sc.id("A"), "move") in d.options
    else:
        assert d is None or d.kind != "activate"
        assert g.active == -1
