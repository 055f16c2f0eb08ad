"""BB2025 Prayers to Nuffle (tables.md "Prayers to Nuffle", changes_from_bb2020.md
sections 2 and 14): an inducement, one D16 each on the edition's table in the
pre-game (a result the team already has rolled again), every result lasting the
whole game; no Star Player is picked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import skillbits as S
from engine.core.dice import FixedDice
from engine.core.errors import RuleError
from engine.core.events import ArgueTheCall, Induced, Note, Roll
from engine.core.events import Prayer as PrayerEv
from engine.core.model import TeamSheet
from engine.core.rules_data import rules_data
from engine.core.state import PITCH, PRONE, RESERVES, STANDING
from engine.match import Match, run
from engine.rules.game import GameProc
from engine.rules.movement import rush_modifier
from engine.rules.rolls import spend_team_reroll
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025
from engine.variants.bb2025.prayers import (
    BAD_HABITS,
    PRAYED,
    ROCK_USED,
    grant,
    prayer_spp,
)


def sheets(home: int, away: int = 0) -> tuple[TeamSheet, TeamSheet]:
    return (
        replace(default_team_sheet("human", BB2025, first_id=1), prayers=home),
        replace(default_team_sheet("orc", BB2025, first_id=101), prayers=away),
    )


def pregame(
    dice: list[int], home: int = 1, away: int = 0, sheet: TeamSheet | None = None
) -> Match:
    """Fans (D3 2 and 3), weather 3+4 (Perfect Conditions), then the
    prayers' ``dice``, then the coin toss (6, 1)."""
    h, a = sheets(home, away)
    return Match(BB2025, sheet or h, a, FixedDice([2, 3, 3, 4, *dice, 6, 1]))


def prayers(m: Match) -> list[tuple[str, int, str, int]]:
    return [
        (e.team, e.roll, e.result, e.player) for e in m.events if type(e) is PrayerEv
    ]


def at(m: Match, pid: int) -> int:
    return m.state.idx[pid]


def test_the_table_is_the_editions() -> None:
    rows = rules_data("bb2025").tables["prayers_to_nuffle"]["rows"]
    assert BB2025.prayers[1:] == tuple(r["result"] for r in rows)
    assert len(BB2025.prayers) == 17  # a D16


def test_up_to_three_prayers_a_team() -> None:
    home, away = sheets(4)
    with pytest.raises(RuleError, match="at most 3"):
        Match(BB2025, home, away)
    Match(BB2025, replace(home, prayers=3), away)


def test_a_result_the_team_has_is_rolled_again_before_the_toss() -> None:
    # Two prayers: 2 Friends with the Ref, 2 again (re-rolled), 9 Moles.
    m = pregame([2, 2, 9], home=2)
    assert prayers(m) == [
        ("home", 2, "friends_with_the_ref", -1),
        ("home", 9, "moles_under_the_pitch", -1),
    ]
    assert m.pending.kind == "kick_or_receive"


def test_each_team_may_have_the_same_result() -> None:
    m = pregame([9, 9], home=1, away=1)
    g = m.state
    assert (g.effects["moles_1_game"], g.effects["moles_0_game"]) == (1, 1)


def test_treacherous_trapdoor_lasts_the_game() -> None:
    # The trapdoor at (6, 1): A steps in from (5, 1); D6 1 drops him through
    # (into the crowd: Injury 2 + 2, Stunned, to the Reserves).
    sc = Scenario("A", ruleset="bb2025", origin=(5, 1), dice=[1, 2, 2], start=False)
    g = sc.match.state
    grant(g, 0, 1, "treacherous_trapdoor")
    GameProc._new_period(g)  # half-time: still live
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(1, 0)
    trap = [r for r in sc.events(Roll) if r.purpose == "trapdoor"]
    assert [(r.player, r.dice, r.target, r.success) for r in trap] == [
        (sc.id("A"), (1,), 2, False)
    ]
    assert g.box[sc.p("A")] == RESERVES


FOUL = """
    .....
    .Ab..
    ..C..
"""


def foul(
    dice: list[int | str], home: tuple[str, ...] = (), away: tuple[str, ...] = ()
) -> Scenario:
    """A fouls the Prone b (C assists, +1) with the teams' prayers."""
    sc = Scenario(FOUL, ruleset="bb2025", prone="b", dice=dice, start=False)
    g = sc.match.state
    g.effects[PRAYED.format(0)] = home
    g.effects[PRAYED.format(1)] = away
    for name in home:
        grant(g, 0, 0, name)
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


@pytest.mark.parametrize(
    ("home", "result", "box"),
    [
        (("friends_with_the_ref",), "well_when_you_put_it_like_that", PITCH),
        ((), "i_dont_care", 6),
    ],
)
def test_friends_with_the_ref_a_five_counts_as_six(
    home: tuple[str, ...], result: str, box: int
) -> None:
    # Armour 3 + 3 + 1 = 7 holds, but a double: sent off; Argue the Call 5.
    sc = foul([3, 3, 5], home=home)
    sc.choose("argue")
    assert [e.result for e in sc.events(ArgueTheCall)] == [result]
    assert (sc.match.state.box[sc.p("A")] == PITCH) is (box == PITCH)


def test_stiletto_gives_a_random_player_stab() -> None:
    # D16 3 Stiletto; D16 7: the seventh player on the home list.
    m = pregame([3, 7])
    assert prayers(m) == [("home", 3, "stiletto", 7)]
    assert m.state.skills[at(m, 7)] & S.STAB
    assert not m.state.skills[at(m, 8)] & S.STAB


def test_no_star_player_is_picked() -> None:
    home, _ = sheets(1)
    star = replace(home.players[6], position="star:akhorne-the-squirrel")
    sheet = replace(home, players=(*home.players[:6], star, *home.players[7:]))
    # D16 7 is the Star Player: drawn again, 8.
    m = pregame([3, 7, 8], sheet=sheet)
    assert prayers(m) == [("home", 3, "stiletto", 8)]


@pytest.mark.parametrize(("av", "after"), [(9, 10), (11, 11)])
def test_iron_man_a_chosen_player_one_more_av(av: int, after: int) -> None:
    home, _ = sheets(1)
    seventh = replace(home.players[6], av=av)
    sheet = replace(home, players=(*home.players[:6], seventh, *home.players[7:]))
    m = pregame([4], sheet=sheet)
    assert m.pending.kind == "prayer_player"
    assert len(m.pending.options) == 13
    m.apply(("prayer", 7))
    assert m.state.av[at(m, 7)] == after
    assert prayers(m) == [("home", 4, "iron_man", -1), ("home", 0, "iron_man", 7)]
    assert m.pending.kind == "kick_or_receive"


def test_knuckle_dusters_a_chosen_player_mighty_blow_for_the_game() -> None:
    m = pregame([5])
    m.apply(("prayer", 9))
    g = m.state
    assert g.skills[at(m, 9)] & S.MIGHTY_BLOW
    g.stack.clear()
    GameProc._new_period(g)
    assert g.skills[at(m, 9)] & S.MIGHTY_BLOW  # no drive or half undoes it


def test_bad_habits_d3_opponents_gain_loner_two_plus() -> None:
    # D16 6; D3 2; D16 10 and 11: the away list's tenth and eleventh.
    m = pregame([6, 2, 10, 11])
    assert prayers(m) == [
        ("home", 6, "bad_habits", 110),
        ("home", 6, "bad_habits", 111),
    ]
    g = m.state
    p = at(m, 110)
    assert g.skills[p] & S.LONER
    assert g.effects[BAD_HABITS] == (p, at(m, 111))
    # Using a team re-roll: Loner 2+ (a 2 passes).
    g.rerolls[1] = 1
    g.dice = FixedDice([2])
    assert spend_team_reroll(g, 1, p, "dodge") is True
    loner = [r for r in m.events if type(r) is Roll and r.purpose == "loner"]
    assert [(r.player, r.dice, r.target) for r in loner] == [(110, (2,), 2)]


def test_greasy_cleats_a_random_opponent_minus_one_ma() -> None:
    m = pregame([7, 7])
    assert prayers(m) == [("home", 7, "greasy_cleats", 107)]
    assert m.state.ma[at(m, 107)] == 4  # an Orc lineman, MA 5


def test_greasy_cleats_not_below_one() -> None:
    m = pregame([], home=0)
    g = m.state
    g.ma[at(m, 107)] = 1
    g.dice = FixedDice([7])
    grant(g, 0, 7, "greasy_cleats")
    assert g.ma[at(m, 107)] == 1


def test_blessing_of_nuffle_a_random_player_pro() -> None:
    m = pregame([8, 2])
    assert prayers(m) == [("home", 8, "blessing_of_nuffle", 2)]
    assert m.state.skills[at(m, 2)] & S.PRO


def test_moles_under_the_pitch_the_opposition_rushes_at_minus_one() -> None:
    m = pregame([9])
    g = m.state
    assert rush_modifier(g, at(m, 107)) == -1
    assert rush_modifier(g, at(m, 7)) == 0
    g.stack.clear()
    GameProc._new_period(g)
    assert rush_modifier(g, at(m, 107)) == -1  # the whole game


def pass_to_b(home: tuple[str, ...]) -> Scenario:
    """A throws a Quick pass to B (two squares): pass 5 (accurate), catch 5."""
    sc = Scenario("A.B", ruleset="bb2025", ball="A", dice=[5, 5], start=False)
    g = sc.match.state
    g.effects[PRAYED.format(0)] = home
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(2, 0))
    return sc


def spp_notes(sc: Scenario) -> list[tuple[str, int, int]]:
    return [(n.what, n.player, n.value) for n in sc.events(Note)]


def test_perfect_passing_a_completion_earns_two_spp() -> None:
    sc = pass_to_b(("perfect_passing",))
    assert spp_notes(sc) == [("perfect_passing", sc.id("A"), 1)]
    g = sc.match.state
    assert BB2025.result_extra(g)["prayer_spp"] == [[sc.id("A"), 1]]


def test_dazzling_catching_the_catcher_earns_one_spp() -> None:
    sc = pass_to_b(("dazzling_catching",))
    assert spp_notes(sc) == [("dazzling_catching", sc.id("B"), 1)]
    assert prayer_spp(sc.match.state) == [[sc.id("B"), 1]]


def test_no_prayer_no_spp() -> None:
    sc = pass_to_b(())
    assert spp_notes(sc) == []
    assert prayer_spp(sc.match.state) == []


def test_fan_interaction_a_crowd_casualty_earns_the_pusher_two_spp() -> None:
    # A blocks b into the crowd: Push; Injury 6 + 5 = 11, D16 1 Badly Hurt.
    sc = Scenario(
        ".b.\n.A.",
        origin=(10, 0),
        ruleset="bb2025",
        dice=["push", 6, 5, 1],
        start=False,
    )
    g = sc.match.state
    g.effects[PRAYED.format(0)] = ("fan_interaction",)
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    while (d := sc.match.pending) is not None and d.kind != "activate":
        sc.choose(*d.options[-1])
    assert g.casualties[0].player_id == sc.id("b")
    assert [n for n in spp_notes(sc) if n[0] == "fan_interaction"] == [
        ("fan_interaction", sc.id("A"), 2)
    ]
    assert prayer_spp(g) == [[sc.id("A"), 2]]


def test_fouling_frenzy_a_foul_casualty_earns_two_spp() -> None:
    # Armour 5 + 4 + 1 = 10 breaks AV 9+; Injury 6 + 5 = 11, D16 1.
    sc = foul([5, 4, 6, 5, 1], home=("fouling_frenzy",))
    assert [n for n in spp_notes(sc) if n[0] == "fouling_frenzy"] == [
        ("fouling_frenzy", sc.id("A"), 2)
    ]
    assert prayer_spp(sc.match.state) == [[sc.id("A"), 2]]


@pytest.mark.parametrize(
    ("dice", "sent_off"),
    [
        ([5, 4, 2, 3], True),  # 10 breaks AV 9+ (Injury 5: Stunned), no double
        ([4, 3], False),  # 8 holds
    ],
)
def test_under_scrutiny_an_opposing_fouler_who_breaks_armour_is_sent_off(
    dice: list[int | str], sent_off: bool
) -> None:
    sc = foul(dice, away=("under_scrutiny",))
    pending = sc.match.pending
    assert (pending is not None and pending.kind == "argue_the_call") is sent_off
    notes = [n for n in spp_notes(sc) if n[0] == "under_scrutiny"]
    assert notes == ([("under_scrutiny", sc.id("A"), 0)] if sent_off else [])


def test_under_scrutiny_is_the_opposition_prayer() -> None:
    # The fouler's own team prayed: no send-off without a double.
    sc = foul([5, 4, 2, 3], home=("under_scrutiny",))
    assert sc.match.pending is None or sc.match.pending.kind != "argue_the_call"


def rock(dice: list[int | str], ball: str) -> Scenario:
    """Home's turn starts with Throw a Rock unused; b is the only away
    player on the pitch."""
    sc = Scenario("A.b", ruleset="bb2025", ball=ball, dice=dice, start=False)
    g = sc.match.state
    g.effects[PRAYED.format(0)] = ("throw_a_rock",)
    g.stack.append(Turn(0))
    run(g)
    return sc


def rock_rolls(sc: Scenario) -> list[tuple[int, tuple[int, ...], int, bool]]:
    return [
        (r.player, r.dice, r.target, r.success)
        for r in sc.events(Roll)
        if r.purpose == "throw_a_rock"
    ]


def test_throw_a_rock_knocks_the_opponent_down_on_a_four() -> None:
    # b holds the ball: the rock (D6 4); Armour 2 + 2 holds; the ball bounces.
    sc = rock([4, 2, 2, 1, 1], ball="b")
    assert rock_rolls(sc) == [(sc.id("b"), (4,), 4, True)]
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert g.effects[ROCK_USED.format(0)] is True


def test_throw_a_rock_misses_on_a_three_and_is_gone() -> None:
    sc = rock([3], ball="b")
    assert rock_rolls(sc) == [(sc.id("b"), (3,), 4, False)]
    g = sc.match.state
    assert g.status[sc.p("b")] == STANDING
    assert g.effects[ROCK_USED.format(0)] is True


def test_throw_a_rock_waits_while_the_team_has_the_ball() -> None:
    sc = rock([], ball="A")
    assert rock_rolls(sc) == []
    assert ROCK_USED.format(0) not in sc.match.state.effects


def test_intensive_training_a_random_player_a_primary_skill_of_choice() -> None:
    # D16 16; D16 7: a Human lineman (Primary: General).
    m = pregame([16, 7])
    d = m.pending
    assert (d.kind, d.player) == ("prayer_skill", 7)
    assert ("skill", "block") in d.options
    assert ("skill", "dodge") not in d.options  # Agility is not his Primary
    m.apply(("skill", "block"))
    assert m.state.skills[at(m, 7)] & S.BLOCK
    assert [(e.what, e.player, e.result) for e in m.events if type(e) is Induced] == [
        ("intensive_training", 7, "block")
    ]


def test_bb2020_prayers_are_the_underdogs_table() -> None:
    assert BB2020.prayers[8] == "blessed_statue_of_nuffle"
    assert BB2025.prayers[8] == "blessing_of_nuffle"


def test_stiletto_stab_is_offered_in_a_block() -> None:
    # A, the team's only player, is Stiletto's pick (no die needed).
    sc = Scenario("Ab", ruleset="bb2025", start=False)
    g = sc.match.state
    grant(g, 0, 3, "stiletto")
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    assert ("stab", sc.id("b")) in sc.match.pending.options


def test_throw_a_rock_never_hits_a_star_player() -> None:
    # b, the only away player and the ball carrier, is a Star Player.
    sc = Scenario(
        "A.b",
        ruleset="bb2025",
        ball="b",
        positions={"b": "star:akhorne-the-squirrel"},
        start=False,
    )
    g = sc.match.state
    g.effects[PRAYED.format(0)] = ("throw_a_rock",)
    g.stack.append(Turn(0))
    run(g)
    assert rock_rolls(sc) == []
    assert ROCK_USED.format(0) not in g.effects
