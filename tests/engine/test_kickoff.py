"""Pre-game, set-up, the kick-off and the Kick-off Event table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalSetup, Match
from engine.core.dice import FixedDice
from engine.core.events import (
    Concede,
    FanFactor,
    KickoffEvent,
    Touchback,
    TurnMarker,
    Weather,
)
from engine.core.state import STUNNED
from engine.rules.setup import FORMATIONS, formation, validate_setup
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, SEVENS, Variant


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
