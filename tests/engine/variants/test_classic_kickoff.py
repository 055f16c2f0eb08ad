"""The classic kick-off (seed 003): place, Kick-Off table, scatter, land,
and every row of the classic Kick-Off table with scripted dice.

Dice after the kick target, in order: the Kick-Off table (2D6), the event's
own dice, the scatter (D8 direction, D6 squares), the bounce (D8). See
classic_helpers for the formations and the standard scatter.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalSetup
from engine.core.events import (
    BallMove,
    Casualty,
    HalfTime,
    Injury,
    Kick,
    KickoffEvent,
    Move,
    Note,
    Roll,
    SentOff,
    TurnEnd,
    TurnMarker,
    Turnover,
    TurnStart,
    Weather,
)
from engine.core.state import CAS, KO, PF_PLAYED, PITCH, RESERVES, STANDING, STUNNED
from engine.match import run
from engine.rules.turns import EndDrive, Turn
from engine.tools.scenario import Scenario
from engine.variants import CLASSIC
from engine.variants.classic import KICKOFF_TABLE
from engine.variants.classic_kickoff import ref_bought
from tests.engine.variants.classic_helpers import (
    SCATTER,
    at,
    away_sheet,
    end_turns_until_half_time,
    home_sheet,
    kick,
    remaining,
    sq,
    start,
)


def events(m: object, kind: type) -> list[object]:
    return [e for e in m.events if type(e) is kind]  # type: ignore[attr-defined]


def test_the_table_reads_as_seed_003() -> None:
    assert KICKOFF_TABLE[2:] == (
        "riot",
        "get_da_ref",
        "perfect_defence",
        "cheering_fans",
        "bad_kick",
        "weather",
        "quick_snap",
        "brilliant_coaching",
        "blitz",
        "throw_a_rock",
        "pitch_invasion",
    )


def test_event_is_rolled_before_the_scatter() -> None:
    # 7 Weather: its own 2D6 (3+4 perfect) come before the D8/D6 scatter.
    m = start([3, 4, 3, 4, *SCATTER])
    kick(m)
    order = [type(e) for e in m.events if type(e) in (KickoffEvent, Weather, Kick)]
    assert order[-3:] == [KickoffEvent, Weather, Kick]
    k = events(m, Kick)[0]
    assert (k.target, k.direction, k.distance, k.landing) == (
        sq(22, 3),
        7,
        2,
        sq(22, 5),
    )
    g = m.state
    assert g.ball == sq(22, 6)
    assert g.carrier == -1
    assert m.pending is not None
    assert m.pending.kind == "activate"
    assert m.pending.team == "away"
    assert remaining(m) == 0


def test_on_the_ball_after_the_scatter_before_the_landing() -> None:
    # Away 113 at (20, 7), Open, has On the Ball: offered once the kick has
    # scattered to (22, 5), after the Kick-Off event.
    away = away_sheet()
    players = list(away.players)
    players[12] = replace(players[12], skills=(("on-the-ball", None),))
    m = start([3, 4, 3, 4, 7, 2], away=replace(away, players=tuple(players)))
    kick(m)
    d = m.pending
    assert d is not None
    assert (d.kind, d.team) == ("on_the_ball", "away")
    assert [type(e) for e in m.events][-2:] == [Weather, Kick]
    m.state.dice.extend([7])  # type: ignore[attr-defined]
    m.apply(("decline",))
    assert m.state.ball == sq(22, 6)
    assert remaining(m) == 0


def test_scatter_off_the_pitch_is_a_touchback() -> None:
    # 6+1 = 7 Weather (perfect again); D8 3 (up-right) D6 5 from (22, 3):
    # (23, 2), (24, 1), (25, 0), then off the pitch.
    m = start([6, 1, 3, 4, 3, 5])
    kick(m)
    assert events(m, Kick)[0].landing == -1
    assert m.pending is not None
    assert m.pending.kind == "touchback"


def test_scatter_into_the_kicking_half_is_a_touchback() -> None:
    # Aimed at (13, 1); D8 4 (left) D6 3: (10, 1) is in the home half.
    m = start([3, 4, 3, 4, 4, 3])
    kick(m, 13, 1)
    assert events(m, Kick)[0].landing == sq(10, 1)
    assert m.pending is not None
    assert m.pending.kind == "touchback"


def test_a_failed_catch_bouncing_into_the_kicking_half_is_a_touchback() -> None:
    """Seed 003 [JJ]: "If a ball bounces out of bounds or into the other
    half because a player failed to catch the kickoff, this is a
    touchback." 7 Weather (perfect again); aimed at (14, 5), D8 4 (left) D6
    1 onto 106 at (13, 5), Marked by home 2: a 1 fails, and the bounce D8 4
    takes the ball to the empty (12, 5) in the home half."""
    m = start([3, 4, 3, 4, 4, 1, 1, 4])
    kick(m, 14, 5)
    catch = [e for e in events(m, Roll) if e.purpose == "catch"]
    assert [(e.player, e.dice, e.modifier) for e in catch] == [(106, (1,), -2)]
    assert [(e.how, e.dst) for e in events(m, BallMove)] == [("bounce", sq(12, 5))]
    assert m.pending is not None
    assert (m.pending.kind, m.pending.team) == ("touchback", "away")
    assert remaining(m) == 0


# -- 2 Riot ---------------------------------------------------------------


def test_riot_at_the_start_of_the_half_moves_both_markers() -> None:
    # Riot D6 4: both markers 0 -> 4, so the receivers play turn 5 first.
    m = start([1, 1, 4, *SCATTER])
    kick(m)
    assert [(e.team, e.turn) for e in events(m, TurnMarker)] == [
        ("home", 4),
        ("away", 4),
    ]
    assert [e.turn for e in events(m, TurnStart)] == [5]
    assert m.state.turn == [4, 5]
    assert remaining(m) == 0


def test_riot_taking_both_teams_to_eight_ends_the_half() -> None:
    # Home (kicking) has played 6 turns, away 5; Riot D6 3: 9 -> 8 and 8.
    m = start([1, 1, 3])
    g = m.state
    g.turn[0], g.turn[1] = 6, 5
    kick(m)
    assert g.turn == [0, 0]  # reset at half-time
    assert [e.turn for e in events(m, TurnMarker)] == [8, 8]
    assert events(m, Kick) == []  # the kick is never taken
    assert [e.what for e in events(m, Note)][-1] == "riot_ends_half"
    assert len(events(m, HalfTime)) == 1
    assert g.half == 2
    # second half: away kicks, so away sets up first
    assert m.pending is not None
    assert m.pending.kind == "setup"
    assert m.pending.team == "away"
    assert remaining(m) == 0


def test_riot_taking_only_the_kicking_team_to_eight() -> None:
    # 6 and 5, Riot D6 2: 8 and 7. The receivers play their turn 8, then
    # the half is over.
    m = start([1, 1, 2, *SCATTER])
    g = m.state
    g.turn[0], g.turn[1] = 6, 5
    kick(m)
    assert g.turn == [8, 8]
    assert g.active == 1
    assert g.half == 1
    m.apply(("end_turn",))
    assert g.half == 2
    assert len(events(m, HalfTime)) == 1


# -- 3 Get Da Ref ---------------------------------------------------------


def test_get_da_ref_the_higher_side_gets_no_penalties() -> None:
    # home 3+3 + FF 3 = 9, away 1+1 + FF 4 = 6: home's fans get the ref.
    m = start([1, 2, 3, 3, 1, 1, *SCATTER])
    kick(m)
    r = [e for e in events(m, Roll) if e.purpose == "get_da_ref"]
    assert [(e.dice, e.modifier) for e in r] == [((3, 3, 1, 1), -1)]
    g = m.state
    assert g.effects.get(ref_bought(0)) is True
    assert ref_bought(1) not in g.effects
    assert not CLASSIC.referee_penalises(g, 0)
    assert CLASSIC.referee_penalises(g, 1)
    assert remaining(m) == 0


def test_get_da_ref_tie_no_penalties_against_either_team() -> None:
    # home 2+2 + 3 = 7, away 1+2 + 4 = 7
    m = start([1, 2, 2, 2, 1, 2, *SCATTER])
    kick(m)
    g = m.state
    assert not CLASSIC.referee_penalises(g, 0)
    assert not CLASSIC.referee_penalises(g, 1)


def test_get_da_ref_lasts_until_half_time() -> None:
    m = start([1, 2, 3, 3, 1, 1, *SCATTER])
    kick(m)
    g = m.state
    assert not CLASSIC.referee_penalises(g, 0)
    end_turns_until_half_time(m)
    assert g.half == 2
    assert ref_bought(0) not in g.effects
    assert CLASSIC.referee_penalises(g, 0)


# -- 4 Perfect Defence -----------------------------------------------------


def test_perfect_defence_re_sets_up_the_whole_kicking_team() -> None:
    m = start([1, 3])
    kick(m)
    d = m.pending
    assert d is not None
    assert (d.kind, d.team) == ("perfect_defence", "home")
    assert ("keep",) in d.options
    assert d.accepts_arrangement
    g = m.state
    away_before = {g.pid[p]: g.pos[p] for p in g.on_pitch(1)}
    cur = {g.pid[p]: g.pos[p] for p in g.on_pitch(0)}
    # Home 1 on the Line of Scrimmage is Marked by 105: a Solid Defence
    # could not move him; Perfect Defence swaps him with 10 at (9, 7).
    assert g.markers(cur[1], 0) > 0
    cur[1], cur[10] = cur[10], cur[1]
    g.dice.extend(SCATTER)  # type: ignore[attr-defined]
    m.apply(("arrangement", [[pid, s] for pid, s in cur.items()]))
    assert at(g, 1) == (9, 7)
    assert at(g, 10) == (12, 7)
    assert {g.pid[p]: g.pos[p] for p in g.on_pitch(1)} == away_before
    assert m.pending is not None
    assert m.pending.kind == "activate"
    assert remaining(m) == 0


def test_perfect_defence_keeps_the_same_players() -> None:
    m = start([1, 3])
    kick(m)
    g = m.state
    cur = {g.pid[p]: g.pos[p] for p in g.on_pitch(0)}
    cur[3] = cur.pop(13)  # Catcher 3 from the Reserves instead of 13
    with pytest.raises(IllegalSetup):
        m.apply(("arrangement", [[pid, s] for pid, s in cur.items()]))


# -- 5 Cheering Fans --------------------------------------------------------


def test_cheering_fans_bonus_reroll_for_the_half() -> None:
    # FF + cheerleaders: home 3 + 2 = 5, away 4 + 0 = 4. 2+2+5 = 9 v 3+2+4 =
    # 9: re-rolled; 1+1+5 = 7 v 1+1+4 = 6: home.
    m = start([2, 3, 2, 2, 3, 2, 1, 1, 1, 1, *SCATTER], home=home_sheet(cheerleaders=2))
    kick(m)
    r = [e for e in events(m, Roll) if e.purpose == "cheering_fans"]
    assert [(e.dice, e.modifier, e.success, e.rerolled) for e in r] == [
        ((2, 2, 3, 2), 1, False, False),
        ((1, 1, 1, 1), 1, True, True),
    ]
    g = m.state
    assert g.extra_rr == [1, 0]
    # it outlives the drive ...
    g2 = g.clone()
    g2.stack = [EndDrive()]
    run(g2)
    assert g2.extra_rr == [1, 0]
    # ... and ends with the half
    end_turns_until_half_time(m)
    assert g.half == 2
    assert g.extra_rr == [0, 0]
    assert remaining(m) == 0


# -- 6 Bad Kick -------------------------------------------------------------


def test_bad_kick_scatters_2d6() -> None:
    # D8 7, 2D6 2+3 = 5: (22, 3) -> (22, 8); bounce D8 7 to (22, 9).
    m = start([3, 3, 7, 2, 3, 7])
    kick(m)
    k = events(m, Kick)[0]
    assert (k.direction, k.distance, k.landing) == (7, 5, sq(22, 8))
    assert m.state.ball == sq(22, 9)
    assert remaining(m) == 0


def test_kick_halves_the_bad_kick() -> None:
    # Home 13 at (7, 7) has Kick: 5 // 2 = 2 squares, to (22, 5).
    players = list(home_sheet().players)
    players[12] = replace(players[12], skills=(("kick", None),))
    m = start([3, 3, 7, 2, 3, 7], home=home_sheet(players=tuple(players)))
    kick(m)
    d = m.pending
    assert d is not None
    assert d.kind == "use_skill"
    assert d.player == 13
    m.apply(("use", "kick"))
    k = events(m, Kick)[0]
    assert (k.distance, k.landing) == (2, sq(22, 5))
    assert m.state.ball == sq(22, 6)


def test_a_kick_kept_on_target_is_caught_without_the_scatter_modifier() -> None:
    """Seed 003: "If the ball lands on a square occupied by a player, the
    player may try to catch the ball"; the catch is Blood Bowl 2020's, whose
    -1 is for "a ball that has scattered or deviated into the square". Kick
    halves a scatter of 1 to 0: the ball comes down on its target, the Open
    113 at (20, 7), who catches it with a 3 and no modifier. 7 Weather
    (perfect again), D8 7, D6 1."""
    players = list(home_sheet().players)
    players[12] = replace(players[12], skills=(("kick", None),))
    m = start([3, 4, 3, 4, 7, 1, 3], home=home_sheet(players=tuple(players)))
    kick(m, 20, 7)
    m.apply(("use", "kick"))
    k = events(m, Kick)[0]
    assert (k.distance, k.landing) == (0, sq(20, 7))
    catch = [e for e in events(m, Roll) if e.purpose == "catch"]
    assert [(e.player, e.dice, e.modifier) for e in catch] == [(113, (3,), 0)]
    g = m.state
    assert g.carrier == g.idx[113]
    assert remaining(m) == 0


# -- 7 Weather ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "weather"),
    [((5, 6), "pouring_rain"), ((6, 6), "blizzard"), ((1, 1), "sweltering_heat")],
)
def test_weather_rolls_the_weather_table_again(
    dice: tuple[int, int], weather: str
) -> None:
    m = start([3, 4, *dice, *SCATTER])
    kick(m)
    assert [e.result for e in events(m, Weather)] == ["perfect", weather]
    assert m.state.weather == weather
    assert remaining(m) == 0


def test_weather_perfect_does_not_scatter_the_ball_again() -> None:
    # BB2020's Changing Weather scatters the ball on Perfect Conditions;
    # the classic result does not: no more dice than the standard scatter.
    m = start([3, 4, 3, 4, *SCATTER])
    kick(m)
    assert m.state.ball == sq(22, 6)
    assert remaining(m) == 0


# -- 8 Quick Snap -------------------------------------------------------------


def test_quick_snap_every_receiver_may_move_marked_or_not() -> None:
    m = start([4, 4])
    kick(m)
    d = m.pending
    assert d is not None
    assert (d.kind, d.team) == ("quick_snap", "away")
    g = m.state
    # 106 at (13, 5) is Marked by home 2 at (12, 6): he may still move, and
    # into the home half.
    assert g.markers(sq(13, 5), 1) > 0
    assert ("snap", 106, sq(12, 4)) in d.options
    m.apply(("snap", 106, sq(12, 4)))
    assert m.pending is not None
    assert all(o[1] != 106 for o in m.pending.options if o[0] == "snap")
    m.apply(("snap", 105, sq(14, 7)))
    g.dice.extend(SCATTER)  # type: ignore[attr-defined]
    m.apply(("done",))
    assert at(g, 106) == (12, 4)
    assert at(g, 105) == (14, 7)
    assert [(e.player, e.how) for e in events(m, Move)] == [
        (106, "quick_snap"),
        (105, "quick_snap"),
    ]
    assert m.pending is not None
    assert m.pending.kind == "activate"
    assert remaining(m) == 0


def test_quick_snap_allows_all_eleven() -> None:
    m = start([4, 4])
    kick(m)
    assert [e.value for e in events(m, Note) if e.what == "quick_snap"] == [11]
    movers = {o[1] for o in m.pending.options if o[0] == "snap"}  # type: ignore[union-attr]
    assert movers == {m.state.pid[p] for p in m.state.on_pitch(1)}


# -- 9 Brilliant Coaching ---------------------------------------------------


def test_brilliant_coaching_counts_head_and_assistant_coaches() -> None:
    # home 1 + 2 assistants = 3, away 1 + 0 = 1. D6 3+3 = 6 v 5+1 = 6:
    # re-rolled; 1+3 = 4 v 2+1 = 3: home.
    m = start([4, 5, 3, 5, 1, 2, *SCATTER], home=home_sheet(assistant_coaches=2))
    kick(m)
    r = [e for e in events(m, Roll) if e.purpose == "brilliant_coaching"]
    assert [(e.dice, e.modifier, e.success) for e in r] == [
        ((3, 5), 2, False),
        ((1, 2), 2, True),
    ]
    assert m.state.extra_rr == [1, 0]
    assert remaining(m) == 0


def test_brilliant_coaching_without_an_ejected_head_coach() -> None:
    # Home's head coach was sent off: home 0 + 2 = 2, away 1. 3+2 = 5 v 5+1.
    m = start([4, 5, 3, 5, *SCATTER], home=home_sheet(assistant_coaches=2))
    m.state.argue_banned[0] = 1
    kick(m)
    assert m.state.extra_rr == [0, 1]


# -- 10 Blitz! ----------------------------------------------------------------


def test_blitz_is_a_full_bonus_turn_without_a_turn_marker() -> None:
    m = start([4, 6, *SCATTER])
    kick(m)
    g = m.state
    d = m.pending
    assert d is not None
    assert (d.kind, d.team) == ("activate", "home")
    assert g.turn == [0, 0]
    assert events(m, TurnStart) == []
    assert g.ball == sq(22, 6)  # after the ball has come down
    # A full turn: home 1 may Block 105 (the BB2020 Blitz allows only
    # Move, Blitz and Throw Team-mate); no conceding in a bonus turn.
    assert ("activate", 1, "block") in d.options
    assert ("activate", 1, "blitz") in d.options
    assert ("concede",) not in d.options
    m.apply(("end_turn",))
    assert [e.team for e in events(m, TurnEnd)] == ["home"]
    assert [(e.team, e.turn) for e in events(m, TurnStart)] == [("away", 1)]
    assert g.turn == [0, 1]
    assert remaining(m) == 0


# -- 11 Throw a Rock ----------------------------------------------------------


def test_throw_a_rock_injures_a_random_opponent_without_armour() -> None:
    # home 6+6 + 3 = 15 v away 1+1 + 4 = 6: home's fans throw at away.
    # D16 5: the fifth away player, 105; Injury 4+5 = 9: KO'd.
    m = start([5, 6, 6, 6, 1, 1, 5, 4, 5])
    kick(m)
    d = m.pending
    assert d is not None
    assert (d.kind, d.player) == ("apothecary", 105)
    m.state.dice.extend(SCATTER)  # type: ignore[attr-defined]
    m.apply(("decline",))
    g = m.state
    assert [(e.player, e.result) for e in events(m, Injury)] == [(105, "ko")]
    assert [(e.what, e.player) for e in events(m, Note)][-1] == ("throw_a_rock", 105)
    assert g.box[g.idx[105]] == KO
    assert remaining(m) == 0


def test_throw_a_rock_tie_hits_both_teams_dugout_included() -> None:
    # 3+3 + 3 = 9 v 2+3 + 4 = 9: a rock each. Home: D16 1 -> 1 (on the
    # pitch), Injury 1+2 = 3 Stunned. Away: D16 1 -> 101 (in the Reserves),
    # Injury 1+1 = 2 Stunned: he stays in the Reserves.
    m = start([5, 6, 3, 3, 2, 3, 1, 1, 1, 2, 1, 1, *SCATTER])
    kick(m)
    g = m.state
    assert [(e.player, e.result) for e in events(m, Injury)] == [
        (1, "stunned"),
        (101, "stunned"),
    ]
    p1, p101 = g.idx[1], g.idx[101]
    assert (g.box[p1], g.status[p1]) == (PITCH, STUNNED)
    assert (g.box[p101], g.status[p101]) == (RESERVES, STANDING)
    assert remaining(m) == 0


# -- 12 Pitch Invasion --------------------------------------------------------


def test_pitch_invasion_d6_players_of_the_losers_no_apothecary() -> None:
    # home 1+1 + 3 = 5 v away 6+6 + 4 = 16: home loses D6 2 players.
    # D16 1 -> 1 (pitch), D16 3 -> 3 (Reserves). 1: Injury 5+5 = 10,
    # Casualty, D100 30 Badly Hurt; 3: Injury 4+4 = 8 KO'd. Human has an
    # apothecary but it is never offered.
    m = start([6, 6, 1, 1, 6, 6, 2, 1, 3, 5, 5, 30, 4, 4, *SCATTER])
    kick(m)
    g = m.state
    assert [(e.player, e.result) for e in events(m, Injury)] == [
        (1, "cas"),
        (3, "ko"),
    ]
    assert [(e.player, e.result, e.d100) for e in events(m, Casualty)] == [
        (1, "badly_hurt", 30)
    ]
    assert g.box[g.idx[1]] == CAS
    assert g.box[g.idx[3]] == KO
    assert g.apo == [1, 1]
    assert "no_apothecary_drive" not in g.effects
    assert m.pending is not None
    assert m.pending.kind == "activate"
    assert remaining(m) == 0


def test_pitch_invasion_tie_hurts_both_teams() -> None:
    # 3+3 + 3 = 9 v 2+3 + 4 = 9. Home D6 1: D16 1 -> 1, Injury 1+1 Stunned;
    # away D6 1: D16 1 -> 101, Injury 1+2 Stunned.
    m = start([6, 6, 3, 3, 2, 3, 1, 1, 1, 1, 1, 1, 1, 2, *SCATTER])
    kick(m)
    assert [(e.player, e.result) for e in events(m, Injury)] == [
        (1, "stunned"),
        (101, "stunned"),
    ]
    assert remaining(m) == 0


def test_pitch_invasion_more_players_than_the_team_has() -> None:
    # away loses with D6 6 but only 3 fit players left: all 3 are hurt.
    # 6+6 + 3 = 15 v 1+1 + 4 = 6; D6 6; D16 1 -> 101, D16 5 -> 105, and 113
    # is the last one left (no roll); three Injury rolls 1+1 Stunned.
    m = start([6, 6, 6, 6, 1, 1, 6, 1, 5, 1, 1, 1, 1, 1, 1, *SCATTER])
    g = m.state
    for p in range(g.n):
        if g.team[p] == 1 and g.pid[p] not in (105, 101, 113):
            g.lift(p)
            g.box[p] = KO
    kick(m)
    assert [e.player for e in events(m, Injury)] == [101, 105, 113]
    assert remaining(m) == 0


# -- Get Da Ref and the referee's calls --------------------------------------

FOUL = """
    .....
    .Ab..
    ..C..
"""


def foul_scenario(bought: tuple[int, ...], dice: list[int | str]) -> Scenario:
    """Home A fouls the Prone b (C assists) with the ref bought by
    ``bought``; home has a Bribe."""
    sc = Scenario(FOUL, ruleset=CLASSIC, prone="b", dice=dice, start=False)
    g = sc.match.state
    for t in bought:
        g.effects[ref_bought(t)] = True
    g.bribes[0] = 1
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


def test_a_bought_ref_ignores_the_fouls_he_spots() -> None:
    # Armour 3+3 + 1 = 7, not broken, but a double: seen.
    sc = foul_scenario((0,), [3, 3])
    g = sc.match.state
    assert g.box[sc.p("A")] == PITCH
    assert not sc.events(SentOff)
    assert not sc.events(Turnover)
    assert [e.what for e in sc.events(Note)] == ["ref_ignores"]
    assert g.bribes[0] == 1  # no Bribe needed
    assert sc.match.pending is not None
    assert sc.match.pending.kind == "activate"


def test_the_other_team_is_still_penalised() -> None:
    sc = foul_scenario((1,), [3, 3])
    assert sc.match.pending is not None
    assert sc.match.pending.kind == "argue_the_call"


def test_a_bought_ref_lets_secret_weapons_stay_at_the_end_of_the_drive() -> None:
    for bought, sent_off in (((0,), False), ((), True)):
        sc = Scenario(
            FOUL, ruleset=CLASSIC, skills={"A": ["secret-weapon"]}, start=False
        )
        g = sc.match.state
        for t in bought:
            g.effects[ref_bought(t)] = True
        g.pflags[sc.p("A")] |= PF_PLAYED
        g.stack = [EndDrive()]
        run(g)
        if sent_off:
            assert sc.match.pending is not None
            assert sc.match.pending.kind == "argue_the_call"
        else:
            assert g.box[sc.p("A")] == RESERVES
            assert [e.what for e in sc.events(Note)] == ["ref_ignores"]
