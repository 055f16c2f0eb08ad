"""Pre-game, set-up, the kick-off and the Kick-off Event table (BB2020
the_rules_of_blood_bowl.md "The Kick-off Event Table"; Sevens
blood_bowl_sevens.md "Blood Bowl Sevens Kick-off Event Table")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalSetup, Match
from engine.core.dice import FixedDice
from engine.core.events import (
    ArgueTheCall,
    BallMove,
    Concede,
    FanFactor,
    KickoffEvent,
    Note,
    Prayer,
    SentOff,
    Touchback,
    TurnMarker,
    Weather,
)
from engine.core.state import PF_HEAT, PITCH, SENT_OFF, STANDING, STUNNED
from engine.match import run
from engine.rules.setup import (
    FORMATIONS,
    available_players,
    formation,
    validate_setup,
)
from engine.rules.turns import EndDrive
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025, SEVENS, Variant


def start(rs: Variant, dice: list[int | str]) -> Match:
    """Home wins the toss and kicks; default formations; then ``dice``."""
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


def test_pregame_fan_factor_weather_and_toss() -> None:
    m = start(SEVENS, [])
    ff = [e for e in m.events if type(e) is FanFactor]
    assert [(e.d3, e.fan_factor) for e in ff] == [(2, 3), (3, 4)]
    assert [e.result for e in m.events if type(e) is Weather] == ["perfect"]
    assert m.state.first_kicker == 0
    assert m.pending.kind == "kick_target"


@pytest.mark.parametrize("rs", [BB2020, SEVENS])
def test_formations_are_legal_for_every_roster(rs: Variant) -> None:
    from tests.engine.rosters import PLAYABLE_ROSTERS

    for slug in PLAYABLE_ROSTERS:
        m = Match(
            rs,
            default_team_sheet(slug, rs, first_id=1),
            default_team_sheet(slug, rs, first_id=101),
            FixedDice([]),
            start=False,
        )
        g = m.state
        for t in (0, 1):
            players = [p for p in range(g.n) if g.team[p] == t]
            for name in FORMATIONS:
                pl = formation(g, t, name, players)
                assert validate_setup(g, t, pl) == [], (slug, name)


def test_illegal_arrangement_rejected() -> None:
    m = Match(
        SEVENS,
        default_team_sheet("human", SEVENS, first_id=1),
        default_team_sheet("orc", SEVENS, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1]),
    )
    m.apply(("kick",))
    g = m.state
    # everyone in one wide zone, nobody on the Line of Scrimmage
    bad = [(pid, g.pitch.sq(1, i % 2)) for i, pid in enumerate([1, 2, 3, 4, 5, 6, 7])]
    with pytest.raises(IllegalSetup):
        m.apply(("arrangement", bad))
    good = formation(g, 0, "spread", [g.idx[i] for i in range(1, 10)])
    m.apply(("arrangement", [list(x) for x in good]))
    assert m.pending.kind == "setup"
    assert m.pending.team == "away"


def test_kick_deviates_and_lands_or_touchback() -> None:
    rs = SEVENS
    # kick at (16,5): D8 5 (east) D6 6 -> off the pitch => touchback
    m = start(rs, [5, 6, 3, 4])  # event 7 brilliant coaching: dice then
    m.state.dice.extend([3, 3])  # type: ignore[attr-defined]
    m.apply(("square", rs.pitch.sq(16, 5)))
    assert m.pending.kind == "touchback"
    m.apply(m.pending.options[0])
    assert [e for e in m.events if type(e) is Touchback]
    assert m.state.carrier >= 0


def test_time_out_moves_turn_markers() -> None:
    m = start(SEVENS, [5, 1, 1, 2, 4])  # kick lands (17,5): bounce D8=4
    m.apply(("square", SEVENS.pitch.sq(16, 5)))
    assert [e.result for e in m.events if type(e) is KickoffEvent] == ["time_out"]
    assert [e.turn for e in m.events if type(e) is TurnMarker] == [1, 1]


def test_pitch_invasion_stuns_random_players() -> None:
    # event 12; roll-off home 1 away 6: home loses; D3=1 player: D16=2
    m = start(SEVENS, [5, 1, 6, 6, 1, 6, 1, *range(1, 10), 4])
    m.apply(("square", SEVENS.pitch.sq(16, 5)))
    g = m.state
    stunned = [p for p in range(g.n) if g.box[p] == 0 and g.status[p] == STUNNED]
    assert len(stunned) == 1
    assert g.team[stunned[0]] == 0


def test_high_kick_moves_receiver_under_the_ball() -> None:
    m = start(SEVENS, [5, 1, 2, 3, 6])
    m.apply(("square", SEVENS.pitch.sq(16, 5)))
    assert m.pending.kind == "high_kick"
    opt = m.pending.options[0]
    m.apply(opt)
    g = m.state
    p = g.idx[opt[1]]
    assert g.pos[p] == SEVENS.pitch.sq(17, 5)
    assert g.carrier == p  # caught with the 6


def test_brilliant_coaching_extra_reroll() -> None:
    m = start(SEVENS, [5, 1, 3, 4, 5, 2, 4])
    m.apply(("square", SEVENS.pitch.sq(16, 5)))
    assert m.state.extra_rr == [1, 0]


def test_sevens_setup_rules() -> None:
    m = Match(
        SEVENS,
        default_team_sheet("human", SEVENS, first_id=1),
        default_team_sheet("orc", SEVENS, first_id=101),
        FixedDice([]),
        start=False,
    )
    g = m.state
    pitch = SEVENS.pitch
    # two players in one wide zone is illegal in Sevens (max 1)
    pl = (
        (1, pitch.sq(6, 4)),
        (2, pitch.sq(6, 5)),
        (3, pitch.sq(6, 6)),
        (4, pitch.sq(3, 0)),
        (5, pitch.sq(3, 1)),
        (6, pitch.sq(2, 5)),
        (7, pitch.sq(2, 6)),
    )
    problems = validate_setup(g, 0, pl)
    assert any("wide zone" in p for p in problems)


def short_handed(rs: Variant, n: int) -> Match:
    """Home kicks and sets up; away has only ``n`` players."""
    away = default_team_sheet("orc", rs, first_id=101)
    m = Match(
        rs,
        default_team_sheet("human", rs, first_id=1),
        replace(away, players=away.players[:n]),
        FixedDice([2, 3, 3, 4, 6, 1]),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    return m


@pytest.mark.parametrize("rs", [SEVENS, BB2020])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_three_players_or_fewer_may_concede_without_penalty(
    rs: Variant, n: int
) -> None:
    """blood_bowl_sevens.md and the_rules_of_blood_bowl.md "Set-up": "should
    a team find itself reduced to only three players or fewer, it may
    concede without penalty before setting up"."""
    m = short_handed(rs, n)
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("setup", "away")
    assert ("concede",) in m.pending.options
    m.apply(("concede",))
    assert m.done
    assert [(e.team, e.penalty) for e in m.events if type(e) is Concede] == [
        ("away", False)
    ]
    r = m.result
    assert (r.conceded, r.winner) == ("away", "home")
    assert r.extra["concession_penalty"] is False


@pytest.mark.parametrize("rs", [SEVENS, BB2020])
def test_three_players_may_still_play_on_on_the_line(rs: Variant) -> None:
    """Set-up: "Should you wish to play on, the available players should be
    set up on the Line of Scrimmage"; four players have no such choice."""
    m = short_handed(rs, 3)
    m.apply(("formation", "offence"))
    g = m.state
    assert not m.done
    assert [g.pitch.xs[g.pos[p]] for p in g.on_pitch(1)] == [rs.pitch.away_los_x] * 3
    m = short_handed(rs, 4)
    assert m.pending is not None
    assert ("concede",) not in m.pending.options


# -- BB2020: the Kick-off Event table, result by result -------------------------
#
# ``start`` above: home kicks, default formations (home in x 0-12, away in
# x 13-25 of the 26x15 pitch), fans 3 and 4, Perfect Conditions. The kick
# at (16, 5) deviates D8 5 (east) D6 1 to the empty (17, 5); the 2D6 event
# follows, then its own dice, then the ball comes down (a D8 bounce).

KICK_AT = (16, 5)


def kick(rs: Variant, dice: list[int | str], setup: object = None) -> Match:
    """``start``, then (``setup``(m) may change the state) the kick at
    ``KICK_AT`` with ``dice`` (D8, D6, the event 2D6, ...) and plenty of 4s
    after them."""
    m = start(rs, [*dice, *[4] * 30])
    if callable(setup):
        setup(m)
    m.apply(("square", rs.pitch.sq(*KICK_AT)))
    return m


def event(m: Match) -> str:
    (e,) = [e.result for e in m.events if type(e) is KickoffEvent]
    return e


def notes(m: Match, what: str) -> list[tuple[str, int]]:
    return [(e.team, e.value) for e in m.events if type(e) is Note and e.what == what]


def is_open(m: Match, p: int) -> bool:
    """No Standing opponent next to ``p`` (rulebook "Open Players")."""
    g = m.state
    return all(
        g.board[s] < 0
        or g.team[g.board[s]] == g.team[p]
        or g.status[g.board[s]] != STANDING
        for s in g.pitch.neighbours[g.pos[p]]
    )


def test_get_the_ref_gives_each_team_a_bribe() -> None:
    """2 Get the Ref: "Each team gains a free Bribe Inducement"."""
    m = kick(BB2020, [5, 1, 1, 1])
    assert event(m) == "get_the_ref"
    assert m.state.bribes == [1, 1]


@pytest.mark.parametrize(
    ("turns", "after"),
    [((5, 5), (6, 6)), ((6, 5), (5, 4)), ((7, 7), (6, 6)), ((0, 0), (1, 1))],
)
def test_time_out(turns: tuple[int, int], after: tuple[int, int]) -> None:
    """3 Time-out: "If the kicking team's turn marker is on turn 6, 7 or 8
    for the half, both coaches move their turn marker back one space.
    Otherwise, both coaches move their turn marker forward one space." Home
    kicks."""

    def markers(m: Match) -> None:
        m.state.turn[0], m.state.turn[1] = turns

    m = kick(BB2020, [5, 1, 1, 2], markers)
    assert event(m) == "time_out"
    marked = [(e.team, e.turn) for e in m.events if type(e) is TurnMarker]
    assert marked == [("home", after[0]), ("away", after[1])]


def moved_back(m: Match, players: list[int]) -> list[list[int]]:
    """Home's set-up with ``players`` moved to empty squares deep in its
    half (x 1-5, y 5-9: no Wide Zone, no Line of Scrimmage)."""
    g = m.state
    free = [g.pitch.sq(x, y) for x in range(1, 6) for y in range(5, 10)]
    free = [s for s in free if g.board[s] < 0]
    out = []
    for p in range(g.n):
        if g.team[p] == 0 and g.box[p] == PITCH:
            out.append([g.pid[p], free.pop() if p in players else g.pos[p]])
    return out


def test_solid_defence_d3_plus_3_open_kicking_players() -> None:
    """4 Solid Defence: "D3+3 Open players on the kicking team may be
    removed and set up again in different locations, following all of the
    usual set-up rules." D3 1: four players; not a Marked one."""
    m = kick(BB2020, [5, 1, 1, 3, 1])
    assert event(m) == "solid_defence"
    assert notes(m, "solid_defence") == [("home", 4)]
    d = m.pending
    assert (d.kind, d.team, d.info) == ("solid_defence", "home", (4,))
    g = m.state
    home = [p for p in g.on_pitch(0)]
    marked = [p for p in home if not is_open(m, p)]
    open_ = [p for p in home if is_open(m, p)]
    assert marked
    assert len(open_) >= 5
    with pytest.raises(IllegalSetup):
        m.apply(("arrangement", moved_back(m, open_[:5])))
    with pytest.raises(IllegalSetup):
        m.apply(("arrangement", moved_back(m, [marked[0]])))
    m.apply(("arrangement", moved_back(m, open_[:4])))
    assert m.pending.kind == "activate"


def test_solid_defence_after_sweltering_heat() -> None:
    """Sweltering Heat: the players who faint "must miss the next drive";
    a Solid Defence in that drive sets up again the ten players on the
    pitch ("removed and set up again"), not eleven."""
    m = Match(
        BB2020,
        default_team_sheet("human", BB2020, first_id=1),
        default_team_sheet("orc", BB2020, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, 5, 1, 1, 3, 1, *[4] * 30]),
    )
    g = m.state
    home = [p for p in range(g.n) if g.team[p] == 0]
    for p in home[-3:]:  # thirteen players, three fainted: ten left
        g.pflags[p] |= PF_HEAT
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    m.apply(("square", BB2020.pitch.sq(*KICK_AT)))
    assert len(g.on_pitch(0)) == 10
    assert m.pending.kind == "solid_defence"
    open_ = [p for p in g.on_pitch(0) if is_open(m, p)]
    m.apply(("arrangement", moved_back(m, open_[:2])))
    assert m.pending.kind == "activate"
    assert all(g.box[p] != PITCH for p in home[-3:])


def test_sweltering_heat_players_miss_one_drive_only() -> None:
    """Sweltering Heat: "D3 randomly selected players from each team that
    are on the pitch when a drive ends are placed in the Reserves box. They
    must miss the next drive": out for the next drive, able to set up for
    the one after. D3 1 each (home D16 1 picks id 1; away has one)."""
    sc = Scenario("AB.\n...\na..", weather="sweltering_heat", start=False)
    sc.match.state.dice = FixedDice([1, 1, 1])
    g = sc.match.state
    g.stack.append(EndDrive())
    run(g)
    assert [g.pid[p] for p in available_players(g, 0)] == [2]
    assert [g.pid[p] for p in available_players(g, 1)] == []
    g.weather = "perfect"
    for p in range(g.n):  # the next drive, then its end
        g.place(p, g.pitch.sq(p, 3))
        g.box[p] = PITCH
    g.done = False
    g.stack.append(EndDrive())
    run(g)
    assert [g.pid[p] for p in available_players(g, 0)] == [1, 2]
    assert [g.pid[p] for p in available_players(g, 1)] == [101]


def test_high_kick_offers_only_open_receivers() -> None:
    """5 High Kick: "One Open player on the receiving team may be moved ...
    and placed in the same square the ball will land in"."""
    m = kick(BB2020, [5, 1, 2, 3])
    assert event(m) == "high_kick"
    g = m.state
    offered = {o[1] for o in m.pending.options if o[0] != "decline"}
    away = g.on_pitch(1)
    assert offered == {g.pid[p] for p in away if is_open(m, p)}
    assert offered != {g.pid[p] for p in away}  # the Line of Scrimmage is Marked


def with_staff(m: Match, **home: int) -> None:
    g = m.state
    g.sheets = (replace(g.sheets[0], **home), g.sheets[1])


@pytest.mark.parametrize(
    ("rolls", "cheerleaders", "prayer"),
    [((5, 2), 0, "home"), ((2, 5), 0, "away"), ((3, 3), 0, None), ((2, 4), 2, None)],
)
def test_cheering_fans(
    rolls: tuple[int, int], cheerleaders: int, prayer: str | None
) -> None:
    """6 Cheering Fans: "Both coaches roll a D6 and add the number of
    cheerleaders ... The coach with the highest total may immediately roll
    once on the Prayers to Nuffle table. In the case of a tie, neither
    coach rolls". The prayer: D16 9, Moles under the Pitch."""
    m = kick(
        BB2020,
        [5, 1, 3, 3, *rolls, *([9] if prayer else [])],
        lambda m: with_staff(m, cheerleaders=cheerleaders),
    )
    assert event(m) == "cheering_fans"
    prayers = [(e.team, e.result) for e in m.events if type(e) is Prayer]
    assert prayers == ([(prayer, "moles_under_the_pitch")] if prayer else [])


@pytest.mark.parametrize(
    ("coaches", "ejected", "extra"),
    [(1, 0, [1, 0]), (0, 0, [0, 0]), (1, 1, [0, 0])],
)
def test_brilliant_coaching(coaches: int, ejected: int, extra: list[int]) -> None:
    """7 Brilliant Coaching: D6 + assistant coaches, the higher gains one
    extra team re-roll, a tie neither; Argue the Call "You're Outta Here!":
    "-1 modifier when rolling for Brilliant Coaching". Both roll 4."""

    def staff(m: Match) -> None:
        with_staff(m, assistant_coaches=coaches)
        m.state.argue_banned[0] = ejected

    m = kick(BB2020, [5, 1, 3, 4, 4, 4], staff)
    assert event(m) == "brilliant_coaching"
    assert m.state.extra_rr == extra


def test_changing_weather_new_weather_no_scatter() -> None:
    """8 Changing Weather: "Make a new roll on the Weather table and apply
    that result"; only Perfect Conditions scatter the ball (6+6:
    Blizzard)."""
    m = kick(BB2020, [5, 1, 4, 4, 6, 6])
    assert event(m) == "changing_weather"
    assert m.state.weather == "blizzard"
    assert [e.how for e in m.events if type(e) is BallMove][0] == "bounce"


def test_changing_weather_perfect_scatters_three_times() -> None:
    """Perfect Conditions: "the ball will scatter ... before landing"
    (rules_and_regulations.md "Scatter": three D8 squares)."""
    m = kick(BB2020, [5, 1, 4, 4, 3, 4, 5, 5, 3])
    g = m.state
    moves = [(e.how, g.pitch.xy(e.dst)) for e in m.events if type(e) is BallMove]
    assert moves[:3] == [
        ("scatter", (18, 5)),
        ("scatter", (19, 5)),
        ("scatter", (20, 4)),
    ]


@pytest.mark.parametrize("rs", [BB2020, BB2025])
def test_a_kick_deviated_into_the_kicking_half_stays_a_touchback(rs: Variant) -> None:
    """ "Touchbacks": "If the ball deviates ... across the Line of Scrimmage
    into the kicking team's half of the pitch for any reason at all, a
    'touchback' is caused ... after the Kick-off event has been resolved".
    The kick at (14, 1) deviates D8 4 (west) D6 3 to (11, 1), home's half;
    Changing Weather (4+4) brings Perfect Conditions (3+4), and a scatter
    D8 5, 5, 5 would carry it back to (14, 1): still a touchback. (BB2025
    shares the procedure: tables.md "Changing Weather ... same".)"""
    m = start(rs, [4, 3, 4, 4, 3, 4, 5, 5, 5, *[4] * 20])
    m.apply(("square", rs.pitch.sq(14, 1)))
    assert event(m) == "changing_weather"
    assert [e for e in m.events if type(e) is BallMove] == []
    assert (m.pending.kind, m.pending.team) == ("touchback", "away")


def test_quick_snap_d3_plus_3_open_receivers_one_square() -> None:
    """9 Quick Snap: "D3+3 Open players on the receiving team may
    immediately move one square in any direction." D3 1: four."""
    m = kick(BB2020, [5, 1, 4, 5, 1])
    assert event(m) == "quick_snap"
    assert notes(m, "quick_snap") == [("away", 4)]
    g = m.state
    movers = {o[1] for o in m.pending.options if o[0] == "snap"}
    assert movers == {g.pid[p] for p in g.on_pitch(1) if is_open(m, p)}
    for _ in range(4):
        d = m.pending
        assert (d.kind, d.team) == ("quick_snap", "away")
        pid = next(o[1] for o in d.options if o[0] == "snap")
        src = g.pos[g.idx[pid]]
        m.apply(next(o for o in d.options if o[0] == "snap" and o[1] == pid))
        assert g.pos[g.idx[pid]] in g.pitch.neighbours[src]
    assert m.pending.kind == "activate"  # the fifth may not move


def test_blitz_d3_plus_3_open_kicking_players() -> None:
    """10 Blitz: "D3+3 Open players on the kicking team may immediately
    activate to perform a Move action. One may perform a Blitz action and
    one may perform a Throw Team-mate action." D3 3: six."""
    m = kick(BB2020, [5, 1, 4, 6, 3])
    assert event(m) == "blitz"
    assert notes(m, "blitz") == [("home", 6)]
    d = m.pending
    assert (d.kind, d.team) == ("activate", "home")
    g = m.state
    acts = {(o[1], o[2]) for o in d.options if o[0] == "activate"}
    assert {a for _, a in acts} <= {"move", "blitz", "throw_team_mate"}
    assert {pid for pid, _ in acts} == {
        g.pid[p] for p in g.on_pitch(0) if is_open(m, p)
    }


# Officious Ref and Pitch Invasion: D6 + Fan Factor (home 3, away 4); the
# random player is a D16 on the team list (home ids 1-13, pid 1 is on the
# pitch; away ids 101-113, the D16 3 picks 103, on the pitch).


@pytest.mark.parametrize(
    ("rolls", "picks", "d6", "hit"),
    [
        ((1, 6), [1], [3], {1: STUNNED}),  # home 4 against away 10
        ((6, 1), [3], [2], {103: STUNNED}),  # home 9 against away 5
        ((4, 3), [1, 3], [5, 6], {1: STUNNED, 103: STUNNED}),  # 7 all
        ((1, 6), [1], [1], {1: SENT_OFF}),
    ],
)
def test_officious_ref(
    rolls: tuple[int, int], picks: list[int], d6: list[int], hit: dict[int, int]
) -> None:
    """11 Officious Ref: "Both coaches roll a D6 and add their Fan Factor
    ... The coach that rolls the lowest randomly selects one of their
    players from among those on the pitch. In the case of a tie, both ...
    On a roll of 2+ ... Placed Prone and becomes Stunned. On a roll of 1
    however, the player is immediately Sent-off". Not for a Foul: no Argue
    the Call ("Sent-off by the referee for committing a Foul") and no Bribe
    ("Sent-off for committing a Foul or using a Secret Weapon"), though
    home has one."""

    def bribe(m: Match) -> None:
        m.state.bribes[0] = 1

    m = kick(BB2020, [5, 1, 5, 6, *rolls, picks[0], *picks[1:], *d6], bribe)
    assert event(m) == "officious_ref"
    g = m.state
    if SENT_OFF in hit.values():
        assert [(e.player, e.reason) for e in m.events if type(e) is SentOff] == [
            (1, "officious_ref")
        ]
        assert not [e for e in m.events if type(e) is ArgueTheCall]
        assert g.bribes[0] == 1
    assert m.pending.kind == "activate"
    for pid, what in hit.items():
        p = g.idx[pid]
        assert (g.box[p] if what == SENT_OFF else g.status[p]) == what
    others = [p for p in range(g.n) if g.box[p] == PITCH and g.pid[p] not in hit]
    assert all(g.status[p] == STANDING for p in others)


def test_pitch_invasion_tie_d3_players_each() -> None:
    """12 Pitch Invasion: "In the case of a tie, both coaches randomly
    select D3 of their players from among those on the pitch. All ... are
    Placed Prone and become Stunned." 4+3 against 3+4; home D3 1 (D16 1),
    away D3 2 (D16 3, 4)."""
    m = kick(BB2020, [5, 1, 6, 6, 4, 3, 1, 1, 2, 3, 4])
    assert event(m) == "pitch_invasion"
    g = m.state
    stunned = {g.pid[p] for p in range(g.n) if g.status[p] == STUNNED}
    assert stunned == {1, 103, 104}
