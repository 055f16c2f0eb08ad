"""Inducements in the match (inducements_in_detail.md), scripted dice:
Bloodweiser Kegs, Halfling Master Chef, Biased Referee, Weather Mage,
Mortuary Assistant, Plague Doctor."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import ArgueTheCall, Induced, KORecovery, SentOff
from engine.core.state import CAS, KO, PITCH, RESERVES, SENT_OFF, STUNNED
from engine.match import run
from engine.rules.inducements import master_chef
from engine.rules.injuries import Harm
from engine.rules.turns import Turn, ko_recovery
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    .Ab..
    ..C..
"""


def _induce(sc: Scenario, home: dict[str, Any], away: dict[str, Any] | None = None):
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], **home), replace(g.sheets[1], **(away or {})))
    return g


def _start(sc: Scenario) -> None:
    g = sc.match.state
    g.stack.append(Turn(0))
    run(g)


def _induced(sc: Scenario) -> list[tuple[str, str, tuple[int, ...], str]]:
    return [(e.what, e.team, e.dice, e.result) for e in sc.events(Induced)]


# --- Bloodweiser Kegs -----------------------------------------------------------


def _ko_roll(kegs: int, die: int) -> tuple[Scenario, bool]:
    sc = Scenario(DIAGRAM, dice=[die], start=False)
    g = _induce(sc, {"kegs": kegs})
    a = sc.p("A")
    g.lift(a)
    g.box[a] = KO
    ko_recovery(g)
    return sc, g.box[a] == RESERVES


def test_each_keg_adds_one_to_the_ko_recovery_roll() -> None:
    # 4+ recovers: a 3 with one keg is 4, a 2 with two kegs is 4.
    sc, back = _ko_roll(1, 3)
    assert back
    assert _induced(sc) == [("keg_bonus", "home", (3,), "+1")]
    assert [(e.roll, e.recovered) for e in sc.events(KORecovery)] == [(3, True)]
    assert _ko_roll(2, 2)[1]
    assert not _ko_roll(1, 2)[1]
    assert not _ko_roll(0, 3)[1]


# --- Halfling Master Chef -------------------------------------------------------


def test_master_chef_gains_and_steals_a_reroll_per_four_plus() -> None:
    sc = Scenario(DIAGRAM, dice=[4, 6, 1], start=False)
    g = _induce(sc, {"master_chef": True})
    g.rerolls = [1, 3]
    master_chef(g)
    # two 4+: home 1 + 2 = 3, away 3 - 2 = 1
    assert g.rerolls == [3, 1]
    assert _induced(sc) == [("master_chef", "home", (4, 6, 1), "gains 2, steals 2")]


def test_master_chef_cannot_steal_below_zero() -> None:
    sc = Scenario(DIAGRAM, dice=[5, 5, 5], start=False)
    g = _induce(sc, {}, {"master_chef": True})
    g.rerolls = [1, 0]
    master_chef(g)
    assert g.rerolls == [0, 3]


# --- Biased Referee ----------------------------------------------------------


def _foul(dice: list[int], home: dict[str, Any], away: dict[str, Any]) -> Scenario:
    sc = Scenario(DIAGRAM, prone="b", dice=dice, start=False)
    _induce(sc, home, away)
    _start(sc)
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


def test_close_scrutiny_spots_a_foul_on_five_plus() -> None:
    # Armour 4+2 (+1 assist from C) = 7, not broken, no double; scrutiny 5.
    sc = _foul([4, 2, 5], {}, {"biased_referee": True})
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("accept")
    assert sc.match.state.box[sc.p("A")] == SENT_OFF
    assert _induced(sc) == [("biased_referee", "away", (5,), "foul_spotted")]


def test_close_scrutiny_misses_on_four_and_without_a_referee() -> None:
    sc = _foul([4, 2, 4], {}, {"biased_referee": True})
    assert sc.match.state.box[sc.p("A")] == PITCH
    assert _induced(sc) == [("biased_referee", "away", (4,), "foul_unseen")]
    plain = _foul([4, 2], {}, {})
    assert plain.match.state.box[plain.p("A")] == PITCH
    assert not plain.events(Induced)
    # the home team's own referee does not watch the home team
    own = _foul([4, 2], {"biased_referee": True}, {})
    assert own.match.state.box[own.p("A")] == PITCH


def test_biased_referee_adds_one_to_argue_the_call() -> None:
    # A double (3, 3) on the Armour roll; Argue the Call 5 + 1 = 6.
    sc = _foul([3, 3, 5], {"biased_referee": True}, {})
    sc.choose("argue")
    assert sc.match.state.box[sc.p("A")] == PITCH
    assert not sc.events(SentOff)
    assert [e.result for e in sc.events(ArgueTheCall)] == [
        "well_when_you_put_it_like_that"
    ]
    plain = _foul([3, 3, 5], {}, {})
    plain.choose("argue")
    assert plain.match.state.box[plain.p("A")] == SENT_OFF


# --- Weather Mage -----------------------------------------------------------------


def test_weather_mage_turns_a_blizzard_nice_until_the_opponents_turn_ends() -> None:
    # 6+6 = 12: -2 gives 10, Nice ("perfect"); -1 (11) and 0 (12) do not.
    sc = Scenario(DIAGRAM, dice=[6, 6], weather="blizzard", start=False)
    g = _induce(sc, {"weather_mage": True})
    _start(sc)
    assert g.weather == "perfect"
    assert _induced(sc) == [("weather_mage", "home", (6, 6), "-2 perfect")]
    sc.choose("end_turn")
    assert g.weather == "perfect"  # still the home team's spell
    g.done = False
    g.stack.append(Turn(1))
    run(g)
    sc.choose("end_turn")
    assert g.weather == "blizzard"
    assert _induced(sc)[-1] == ("weather_mage", "home", (), "ends blizzard")


def test_weather_mage_keeps_a_nice_roll_as_it_is() -> None:
    # 3+4 = 7 is Nice: no modifier needed (every one of -2..+2 would do).
    sc = Scenario(DIAGRAM, dice=[3, 4], weather="pouring_rain", start=False)
    _induce(sc, {"weather_mage": True})
    _start(sc)
    assert _induced(sc) == [("weather_mage", "home", (3, 4), "+0 perfect")]


def test_weather_mage_is_not_called_in_nice_weather() -> None:
    sc = Scenario(DIAGRAM, start=False)
    _induce(sc, {"weather_mage": True})
    _start(sc)
    assert not sc.events(Induced)


# --- Mortuary Assistant and Plague Doctor -------------------------------------------


def _casualty(inducement: str, dice: list[int], **extra: Any) -> Scenario:
    """C (Regeneration) suffers a Casualty: Injury 5+5 = 10, D16 1 (Badly
    Hurt), Regeneration roll, then the doctor's re-roll."""
    sc = Scenario(
        DIAGRAM, skills={"C": ["regeneration"]}, dice=[5, 5, 1, *dice], start=False
    )
    g = _induce(sc, {inducement: True, **extra})
    g.stack.append(Harm(sc.p("C"), injury_only=True))
    run(g)
    return sc


def test_mortuary_assistant_rerolls_a_failed_regeneration() -> None:
    sc = _casualty("mortuary_assistant", [3, 4])
    assert sc.match.state.box[sc.p("C")] == RESERVES
    assert _induced(sc) == [("mortuary_assistant", "home", (4,), "regenerated")]
    again = _casualty("mortuary_assistant", [3, 3])
    assert again.match.state.box[again.p("C")] == CAS


def test_the_doctor_does_not_treat_hired_players() -> None:
    sc = Scenario(
        DIAGRAM, skills={"C": ["regeneration"]}, dice=[5, 5, 1, 3], start=False
    )
    g = _induce(sc, {"plague_doctor": True, "hired": (sc.id("C"),)})
    g.stack.append(Harm(sc.p("C"), injury_only=True))
    run(g)
    assert g.box[sc.p("C")] == CAS
    assert not sc.events(Induced)


def test_plague_doctor_treats_a_ko_once() -> None:
    # Injury 4+4 = 8: Knocked-out; the Plague Doctor acts as an apothecary.
    sc = Scenario(DIAGRAM, dice=[4, 4, 4, 4], start=False)
    g = _induce(sc, {"plague_doctor": True})
    g.stack.append(Harm(sc.p("C"), injury_only=True))
    run(g)
    assert sc.match.pending.kind == "apothecary"
    sc.choose("apothecary")
    assert (g.box[sc.p("C")], g.status[sc.p("C")]) == (PITCH, STUNNED)
    assert _induced(sc) == [("plague_doctor", "home", (), "ko_treated")]
    g.done = False
    g.stack.append(Harm(sc.p("A"), injury_only=True))
    run(g)
    assert g.box[sc.p("A")] == KO  # used: no second offer


# --- Josef Bugman -------------------------------------------------------------------


def test_bugmans_xxxxxx_rerolls_a_one_on_ko_recovery() -> None:
    sc = Scenario(DIAGRAM, dice=[1, 4], start=False)
    g = _induce(sc, {"bugman": sc.id("C")})
    a = sc.p("A")
    g.lift(a)
    g.box[a] = KO
    ko_recovery(g)
    assert g.box[a] == RESERVES
    assert _induced(sc) == [("bugman_xxxxxx", "home", (1, 4), "re-roll")]
    plain = Scenario(DIAGRAM, dice=[1], start=False)
    g = plain.match.state
    g.lift(plain.p("A"))
    g.box[plain.p("A")] = KO
    ko_recovery(g)
    assert g.box[plain.p("A")] == KO


def _bugman_match(home_players: int) -> tuple[Any, int]:
    from engine.core.dice import RandomDice
    from engine.match import Match
    from engine.rules.inducements import bugman_sheet
    from engine.tools.teams import default_team_sheet

    home = default_team_sheet("human", "bb2020", first_id=1)
    away = default_team_sheet("orc", "bb2020", first_id=100)
    bugman = bugman_sheet(999, 99)
    home = replace(home, players=(*home.players[:home_players], bugman), bugman=999)
    return Match("bb2020", home, away, RandomDice(3)), 999


def test_bugman_joins_a_team_that_cannot_field_eleven_for_one_drive() -> None:
    from engine.bots import make_bot
    from engine.bots.driver import play

    match, pid = _bugman_match(10)
    play(match, make_bot("scripted", 1), make_bot("scripted", 2))
    bugman_events = [
        e.result for e in match.events if isinstance(e, Induced) and e.what == "bugman"
    ]
    # once: he joins for the first drive and is sent off at its end
    assert bugman_events == ["joins (10 ready)", "sent_off"]
    assert match.state.box[match.state.idx[pid]] in (SENT_OFF, CAS)


def test_bugman_stays_out_when_eleven_can_play() -> None:
    from engine.bots import make_bot
    from engine.core.events import DriveEnd

    match, pid = _bugman_match(11)
    assert match.state.box[match.state.idx[pid]] == SENT_OFF
    match.apply(match.pending.options[0])
    # through the first drive, with all eleven fit to start it, he stays
    # out at every decision (after it, a team-mate hurt in the drive may
    # bring him in: the bots' play decides that, not this test)
    bots = (make_bot("scripted", 1), make_bot("scripted", 2))
    while not any(isinstance(e, DriveEnd) for e in match.events):
        assert match.state.box[match.state.idx[pid]] == SENT_OFF
        d = match.pending
        match.apply(bots[d.team == "away"].choose(d, match.state))
    first_drive = match.events[
        : next(i for i, e in enumerate(match.events) if isinstance(e, DriveEnd))
    ]
    # he never joins (his brew may still help a Knocked-out
    # player recover: it is his team's from the start)
    assert not [e for e in first_drive if isinstance(e, Induced) and e.what == "bugman"]


def test_bugman_joins_when_sweltering_heat_leaves_fewer_than_eleven() -> None:
    """Keen Player: "If Bugman's team cannot set up 11 players at the start
    of a drive, Bugman may decide to join in"; a player who fainted in the
    Sweltering Heat "must miss the next drive", so eleven players with one
    of them out make ten who can set up."""
    from engine.core.dice import FixedDice
    from engine.core.state import PF_HEAT
    from engine.match import Match
    from engine.rules.inducements import bugman_sheet
    from engine.tools.teams import default_team_sheet

    home = default_team_sheet("human", "bb2020", first_id=1)
    away = default_team_sheet("orc", "bb2020", first_id=100)
    home = replace(
        home, players=(*home.players[:11], bugman_sheet(999, 99)), bugman=999
    )
    match = Match("bb2020", home, away, FixedDice([2, 3, 3, 4, 6, 1]))
    g = match.state
    g.pflags[g.idx[11]] |= PF_HEAT
    match.apply(("kick",))
    joined = [e.result for e in match.events if isinstance(e, Induced)]
    assert joined == ["joins (10 ready)"]
    assert g.box[g.idx[999]] == RESERVES
