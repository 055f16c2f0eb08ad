"""Classic set-up (seed 003 "Setting Up the Game"), KO recovery at the next
kick-off (seed 001 "KO'd"), the forfeit, and standing up (seed 001)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import (
    Concede,
    DriveEnd,
    GameEnd,
    HalfTime,
    KORecovery,
    Roll,
    SetUp,
    StandUp,
)
from engine.core.state import CAS, KO, PITCH, RESERVES, STANDING, GameState
from engine.match import run
from engine.rules.game import Drive
from engine.rules.setup import FORMATIONS, formation, validate_setup
from engine.rules.turns import EndDrive
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, CLASSIC, Variant
from tests.engine.rosters import PLAYABLE_ROSTERS
from tests.engine.variants.classic_helpers import (
    PRE,
    SCATTER,
    away_sheet,
    end_turns_until_half_time,
    kick,
    remaining,
    sq,
    start,
)

WEATHER_EVENT = [3, 4, 3, 4]  # Kick-Off 7 Weather, rolled 7: still perfect


def bare(rs: Variant, dice: list[int | str]) -> tuple[Match, GameState]:
    m = Match(
        rs,
        default_team_sheet("human", rs, first_id=1),
        default_team_sheet("orc", rs, first_id=101),
        FixedDice(dice),
        start=False,
    )
    g = m.state
    g.half = 1
    g.kicking = 0
    return m, g


def knock_out(g: GameState, pid: int, box: int = KO) -> None:
    p = g.idx[pid]
    g.lift(p)
    g.box[p] = box


# -- KO recovery ----------------------------------------------------------------


@pytest.mark.parametrize(("d6", "recovered"), [(3, False), (4, True)])
def test_ko_recovery_at_the_start_of_the_drive_before_set_up(
    d6: int, recovered: bool
) -> None:
    m, g = bare(CLASSIC, [d6])
    knock_out(g, 3)
    g.stack = [Drive()]
    run(g)
    assert [(e.player, e.roll, e.recovered) for e in m.events] == [(3, d6, recovered)]
    assert g.box[g.idx[3]] == (RESERVES if recovered else KO)
    assert m.pending is not None
    assert m.pending.kind == "setup"


def test_bb2020_drive_start_rolls_nothing() -> None:
    m, g = bare(BB2020, [])
    knock_out(g, 3)
    g.stack = [Drive()]
    run(g)
    assert m.events == []
    assert m.pending is not None


def test_no_ko_recovery_at_the_end_of_a_classic_drive() -> None:
    m, g = bare(CLASSIC, [])
    knock_out(g, 3)
    g.stack = [EndDrive()]
    run(g)  # no dice: FixedDice would raise if a D6 were asked for
    assert [type(e) for e in m.events] == [DriveEnd]
    assert g.box[g.idx[3]] == KO
    # BB2020 rolls there
    m, g = bare(BB2020, [4])
    knock_out(g, 3)
    g.stack = [EndDrive()]
    run(g)
    assert [type(e) for e in m.events] == [KORecovery, DriveEnd]


def test_ko_recovery_at_half_time_is_the_second_halfs_kick_off() -> None:
    # Catcher 3 is KO'd in the first half; nobody rolls when the half ends;
    # he rolls 4 before the second half's set-up and is back.
    m = start([*WEATHER_EVENT, *SCATTER, 4])
    knock_out(m.state, 3)
    kick(m)
    end_turns_until_half_time(m)
    kinds = [type(e) for e in m.events]
    assert kinds.count(KORecovery) == 1
    assert kinds.index(DriveEnd) < kinds.index(HalfTime) < kinds.index(KORecovery)
    assert m.state.box[m.state.idx[3]] == RESERVES
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == (
        "setup",
        "away",
    )
    assert remaining(m) == 0


def test_no_ko_recovery_after_the_last_drive() -> None:
    # 3 stays KO'd at the second half's kick-off (D6 3) and is not rolled
    # for again when the game ends.
    m = start([*WEATHER_EVENT, *SCATTER, 3])
    knock_out(m.state, 3)
    kick(m)
    end_turns_until_half_time(m)
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    # away kicks at (1, 1); D8 1 (up-left), D6 3: off the pitch, touchback
    m.state.dice.extend([*WEATHER_EVENT, 1, 3])  # type: ignore[attr-defined]
    kick(m, 1, 1)
    m.apply(m.pending.options[0])  # type: ignore[union-attr]
    while m.pending is not None:
        m.apply(("end_turn",))
    kinds = [type(e) for e in m.events]
    assert kinds[-1] is GameEnd
    assert kinds.count(KORecovery) == 1
    assert m.state.box[m.state.idx[3]] == KO
    assert remaining(m) == 0


# -- set-up -----------------------------------------------------------------------


def test_must_field_eleven_when_able() -> None:
    m, g = bare(CLASSIC, [])
    players = [p for p in range(g.n) if g.team[p] == 0]
    full = formation(g, 0, "defence", players)
    assert len(full) == 11
    assert validate_setup(g, 0, full) == []
    assert "10 players set up, 11 required" in validate_setup(g, 0, full[:10])


def test_fewer_than_eleven_fit_players_must_all_play() -> None:
    m, g = bare(CLASSIC, [])
    for pid in range(6, 14):
        knock_out(g, pid)
    players = [p for p in range(g.n) if g.team[p] == 0 and g.box[p] == RESERVES]
    pl = formation(g, 0, "defence", players)
    assert len(pl) == 5
    assert validate_setup(g, 0, pl) == []
    assert "4 players set up, 5 required" in validate_setup(g, 0, pl[:4])


def test_line_of_scrimmage_and_wide_zones() -> None:
    m, g = bare(CLASSIC, [])
    pl = list(formation(g, 0, "defence", [p for p in range(g.n) if g.team[p] == 0]))
    # three wide players on one flank (y 0-3 is a wide zone)
    wide = [(pl[i][0], sq(8, i)) for i in range(3)]
    bad = validate_setup(g, 0, tuple(wide + pl[3:]))
    assert any("wide zone" in p for p in bad)
    # two on the Line of Scrimmage
    moved = [(pl[0][0], sq(5, 7))] + pl[1:]
    assert any("Line of Scrimmage" in p for p in validate_setup(g, 0, tuple(moved)))


@pytest.mark.parametrize("roster", PLAYABLE_ROSTERS)
def test_formations_field_everyone_available(roster: str) -> None:
    m = Match(
        CLASSIC,
        default_team_sheet(roster, CLASSIC, first_id=1),
        default_team_sheet(roster, CLASSIC, first_id=101),
        FixedDice([]),
        start=False,
    )
    g = m.state
    squad = [p for p in range(g.n) if g.team[p] == 0]
    for fit in range(3, len(squad) + 1):
        for p in squad:
            g.box[p] = RESERVES if p < fit else KO
        for name in FORMATIONS:
            pl = formation(g, 0, name, squad[:fit])
            assert len(pl) == min(fit, 11), (roster, fit, name)
            assert validate_setup(g, 0, pl) == [], (roster, fit, name)


# -- the forfeit --------------------------------------------------------------------


def two_man_away(n: int) -> Match:
    away = away_sheet()
    m = Match(
        CLASSIC,
        default_team_sheet("human", CLASSIC, first_id=1),
        replace(away, players=away.players[:n]),
        FixedDice(PRE),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    return m


def test_fewer_than_three_players_forfeit() -> None:
    m = two_man_away(2)
    assert m.done
    assert [(e.team, e.penalty) for e in m.events if type(e) is Concede] == [
        ("away", False)
    ]
    r = m.result
    assert (r.conceded, r.score, r.winner) == ("away", (1, 0), "home")
    assert r.extra["concession_penalty"] is False


def test_three_players_play_on() -> None:
    m = two_man_away(3)
    assert not m.done
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == (
        "setup",
        "away",
    )
    m.apply(("formation", "offence"))
    g = m.state
    assert len(g.on_pitch(1)) == 3
    assert all(g.pitch.xs[g.pos[p]] == 13 for p in g.on_pitch(1))


def test_bb2020_two_players_play_on() -> None:
    m = Match(
        BB2020,
        default_team_sheet("human", BB2020, first_id=1),
        replace(
            default_team_sheet("orc", BB2020, first_id=101),
            players=default_team_sheet("orc", BB2020, first_id=101).players[:2],
        ),
        FixedDice(PRE),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    assert not m.done
    assert m.pending is not None


@pytest.mark.parametrize(("d6", "forfeit"), [(4, False), (3, True)])
def test_ko_recovery_comes_before_the_forfeit(d6: int, forfeit: bool) -> None:
    # Away is down to 105 and 106 (and 113 KO'd) by half-time; 113's roll at
    # the second half's kick-off decides whether away can field three.
    m = start([*WEATHER_EVENT, *SCATTER, d6])
    g = m.state
    for p in g.on_pitch(1) + [p for p in range(g.n) if g.box[p] == RESERVES]:
        if g.team[p] == 1 and g.pid[p] not in (105, 106):
            knock_out(g, g.pid[p], KO if g.pid[p] == 113 else CAS)
    kick(m)
    end_turns_until_half_time(m)
    assert [e.recovered for e in m.events if type(e) is KORecovery] == [not forfeit]
    assert m.done is forfeit
    if forfeit:
        assert m.result.conceded == "away"
    else:
        assert m.pending is not None
        assert (m.pending.kind, m.pending.team) == (
            "setup",
            "away",
        )
    # only the first half's two set-ups were made
    assert len([e for e in m.events if type(e) is SetUp]) == 2


# -- standing up ----------------------------------------------------------------


def test_low_ma_stands_up_without_a_roll() -> None:
    sc = Scenario(".A.", ruleset=CLASSIC, prone="A", stats={"A": {"ma": 2}})
    sc.act("A", "move")
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert sc.events(StandUp)
    assert not sc.events(Roll)
    assert g.act_ma_used == 2  # all of his MA; Rushes remain
    assert sc.match.pending is not None
    assert sc.match.pending.kind == "move"


def test_bb2020_low_ma_still_rolls() -> None:
    sc = Scenario(".A.", prone="A", stats={"A": {"ma": 2}}, dice=[4])
    sc.act("A", "move")
    assert [r.purpose for r in sc.events(Roll)] == ["stand_up"]
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_classic_standing_up_costs_three() -> None:
    sc = Scenario(".A.", ruleset=CLASSIC, prone="A")
    sc.act("A", "move")
    assert sc.match.state.act_ma_used == 3
    assert sc.match.state.box[sc.p("A")] == PITCH


def test_three_players_may_concede_without_penalty() -> None:
    """Decision (classic.py): the BB2020 concession before a set-up is kept
    for a team of exactly three (below three it forfeits, seed 003)."""
    m = two_man_away(3)
    assert m.pending is not None
    assert ("concede",) in m.pending.options
    m.apply(("concede",))
    assert (m.result.conceded, m.result.extra["concession_penalty"]) == ("away", False)


@pytest.mark.parametrize(("rs", "legal"), [(CLASSIC, True), (BB2020, False)])
def test_a_wide_zone_player_next_to_the_half_way_line_is_on_the_line(
    rs: Variant, legal: bool
) -> None:
    # Seed 003: "At least three players must be set up next to the half-way
    # line, on the Line of Scrimmage" (BB2020: in the Centre Field).
    m, g = bare(rs, [])
    los_x = g.pitch.home_los_x
    pl = list(formation(g, 0, "defence", [p for p in range(g.n) if g.team[p] == 0]))
    on_line = [i for i, (_, s) in enumerate(pl) if g.pitch.xs[s] == los_x]
    assert len(on_line) >= 3
    # keep two on the line in the centre, put one on the line in a wide zone
    # (y 0-3) and the rest back in the centre (y 4-10), behind the line
    keep, wide = on_line[:2], on_line[2]
    others = [i for i in range(len(pl)) if i not in keep and i != wide]
    placement = [pl[i] for i in keep] + [(pl[wide][0], sq(los_x, 0))]
    placement += [
        (pl[i][0], sq(los_x - 3 - j // 7, 4 + j % 7)) for j, i in enumerate(others)
    ]
    problems = validate_setup(g, 0, tuple(placement))
    assert (problems == []) is legal, problems
    if not legal:
        assert problems == [
            "only 2 players on the Line of Scrimmage in the centre, 3 required"
        ]
