"""Throw Team-mate, Right Stuff, Always Hungry."""

from __future__ import annotations

import pytest

from engine.core.events import Landing, ThrowTeamMate, Turnover
from engine.core.state import CAS, PITCH, STANDING
from engine.rules.ball import N_STATS, STAT_LAND
from engine.tools.scenario import Scenario

DIAGRAM = """
    TG.......
    .........
    ........c
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def test_superb_throw_and_safe_landing() -> None:
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[4, 5, 4, 7, 3])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.events(ThrowTeamMate)[0].quality == "superb"
    assert sc.xy("G") == (5, 1)
    assert sc.events(Landing)[0].ok is True
    g = sc.match.state
    assert g.status[sc.p("G")] == STANDING
    assert sc.events(Turnover) == []


def landings(sc: Scenario) -> tuple[int, int]:
    """The Throwing Completions (``successful_landings``) of T and G."""
    g = sc.match.state
    return (
        g.stats[sc.p("T") * N_STATS + STAT_LAND],
        g.stats[sc.p("G") * N_STATS + STAT_LAND],
    )


def test_a_superb_throw_landing_safely_is_the_throwers_completion() -> None:
    """post-game_sequence.md "Throwing Completions": a superb throw (4 - 1
    for Short = 3, PA 3+), scatter D8 5, 4, 7 to (5, 1), the landing AG 3+
    with a 3: 1 for the thrower T, none for the thrown G."""
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[4, 5, 4, 7, 3])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.ok for e in sc.events(Landing)] == [True]
    assert landings(sc) == (1, 0)


def test_a_subpar_throw_landing_safely_earns_nothing() -> None:
    """A successful (not superb) throw, 3 - 1 = 2 against PA 3+, the
    landing at -1 with a 4: safe, but no Throwing Completion."""
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[3, 5, 4, 7, 4])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["successful"]
    assert [e.ok for e in sc.events(Landing)] == [True]
    assert sc.xy("G") == (5, 1)
    assert landings(sc) == (0, 0)


def test_a_superb_throw_failing_the_landing_earns_nothing() -> None:
    """Superb, but the landing roll is a 1: G Falls Over (armour 1 + 1)."""
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[4, 5, 4, 7, 1, 1, 1])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["superb"]
    assert [e.ok for e in sc.events(Landing)] == [False]
    assert landings(sc) == (0, 0)


def test_cannot_throw_without_right_stuff() -> None:
    sc = Scenario(DIAGRAM, skills={"T": ["throw-team-mate"]}, stats=STATS)
    assert ("activate", sc.id("T"), "throw_team_mate") not in sc.match.pending.options
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS)
    assert ("activate", sc.id("T"), "throw_team_mate") in sc.match.pending.options


HUNGRY = {**SKILLS, "T": ["throw-team-mate", "always-hungry"]}


def throw(
    dice: list[int], *, ball: str | None = None, hungry: bool = False
) -> Scenario:
    sc = Scenario(
        DIAGRAM,
        skills=HUNGRY if hungry else SKILLS,
        stats=STATS,
        dice=dice,
        ball=ball,
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    return sc


def test_always_hungry_eats_team_mate_without_a_turnover() -> None:
    """Always Hungry, 1 then 1: the team-mate is eaten. "The Turnover" names
    an eaten player only when he held the ball, so the turn goes on."""
    sc = throw([1, 1], hungry=True)
    g = sc.match.state
    assert g.box[sc.p("G")] == CAS
    assert g.casualties[0].result == "dead"
    assert sc.events(Turnover) == []
    assert not sc.match.done
    assert sc.match.pending.kind == "activate"
    assert ("activate", sc.id("T"), "move") not in sc.match.pending.options


def test_always_hungry_eating_the_ball_carrier_turns_over() -> None:
    """Eaten with the ball: a Turnover, and the ball bounces from the
    thrower's square (D8 8: south-east, from (0,0) to (1,1))."""
    sc = throw([1, 1, 8], ball="G", hungry=True)
    g = sc.match.state
    assert [t.reason for t in sc.events(Turnover)] == ["eaten"]
    assert (g.carrier, g.ball) == (-1, sc.sq(1, 1))
    assert sc.match.done


def test_fumbled_throw_without_the_ball_is_no_turnover() -> None:
    """A natural 1 fumbles: the thrower's activation ends and the team-mate
    is dropped, bouncing from the thrower's square (D8 7: south, to (0,1)),
    then lands (3 passes AG 3+ at -1). "The Turnover" lists a fumbled Pass,
    not a fumbled throw: with no ball held, the turn goes on."""
    sc = throw([1, 7, 4])
    g = sc.match.state
    assert sc.events(ThrowTeamMate)[0].quality == "fumble"
    assert sc.xy("G") == (0, 1)
    assert sc.events(Landing)[0].ok is True
    assert g.status[sc.p("G")] == STANDING
    assert sc.events(Turnover) == []
    assert not sc.match.done
    assert ("activate", sc.id("T"), "move") not in sc.match.pending.options
    assert ("activate", sc.id("G"), "move") in sc.match.pending.options


def test_fumbled_throw_with_the_ball_landing_safely_is_no_turnover() -> None:
    sc = throw([1, 7, 4], ball="G")
    assert sc.match.state.carrier == sc.p("G")
    assert sc.events(Turnover) == []
    assert not sc.match.done


def test_fumbled_throw_with_the_ball_landing_badly_turns_over() -> None:
    """Landing 3 fails at -1: he Falls Over holding the ball (armour 2+2
    holds), a Turnover, and the ball bounces (D8 5: east, to (1,1))."""
    sc = throw([1, 7, 3, 2, 2, 5], ball="G")
    g = sc.match.state
    assert sc.events(Landing)[0].ok is False
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert (g.carrier, g.ball) == (-1, sc.sq(1, 1))
    assert sc.match.done


def test_always_hungry_squirming_free_fumbles_without_a_turnover() -> None:
    """Always Hungry 1, then 2+: the team-mate squirms free and the throw is
    fumbled (dropped south, lands on a 4)."""
    sc = throw([1, 2, 7, 4], hungry=True)
    assert sc.events(ThrowTeamMate)[0].quality == "fumble"
    assert sc.events(Turnover) == []
    assert not sc.match.done


def test_failed_landing_falls_over_without_turnover() -> None:
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[4, 5, 4, 7, 1, 2, 2])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.events(Landing)[0].ok is False
    assert sc.match.state.box[sc.p("G")] == PITCH
    assert sc.events(Turnover) == []


def test_always_hungry_roll_may_use_a_team_reroll() -> None:
    """rules_and_regulations.md "Team Re-rolls": a team re-roll may re-roll
    any roll of the active team except deviation, scatter and bounce rolls
    and Armour, Injury and Casualty rolls; the Always Hungry D6 is none of
    those. A 1 is re-rolled into a 4 and the throw goes on as in
    test_superb_throw_and_safe_landing (PA 4, D8 5, 4, 7, landing 3)."""
    sc = Scenario(
        DIAGRAM,
        skills=HUNGRY,
        stats=STATS,
        dice=[1, 4, 4, 5, 4, 7, 3],
        rerolls=(1, 0),
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert sc.events(ThrowTeamMate)[0].quality == "superb"
    assert sc.xy("G") == (5, 1)
    assert sc.match.state.box[sc.p("G")] == PITCH


def test_always_hungry_eating_roll_may_use_a_team_reroll() -> None:
    """The second D6 (1: eaten, 2+: squirms free) is an ordinary roll of
    the active team too: its 1 is re-rolled into a 2, the team-mate
    squirms free and the throw is fumbled (dropped south, lands on a 4)."""
    sc = Scenario(
        DIAGRAM,
        skills=HUNGRY,
        stats=STATS,
        dice=[1, 1, 2, 7, 4],
        rerolls=(1, 0),
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.match.pending.kind == "reroll"
    sc.choose("no_reroll")  # the Always Hungry 1 stands
    assert sc.match.pending.kind == "reroll"
    sc.choose("team_reroll")
    assert sc.events(ThrowTeamMate)[0].quality == "fumble"
    assert sc.match.state.box[sc.p("G")] == PITCH
    assert sc.match.state.casualties == []


@pytest.mark.parametrize("ruleset", ["sevens", "classic"])
def test_very_sunny_takes_one_from_the_throw(ruleset: str) -> None:
    """the_rules_of_blood_bowl.md "Weather", Very Sunny (the table Sevens
    and the classic game play): "Apply a -1 modifier every time a player
    tests against their Passing Ability" - and a Throw Team-mate's quality
    is a Passing Ability test ("Test for Quality"). A 4 for a Short throw
    at PA 3+ is superb in Perfect Conditions (4 - 1 = 3); under the sun it
    is 4 - 1 - 1 = 2, only successful, and the landing takes its -1 (a 3
    against AG 3+ fails)."""
    dice = [4, 5, 4, 7, 3, 1, 1]
    sc = Scenario(
        DIAGRAM,
        ruleset=ruleset,
        skills=SKILLS,
        stats=STATS,
        dice=dice,
        weather="very_sunny",
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["successful"]
    assert [e.ok for e in sc.events(Landing)] == [False]
    # the same dice in Perfect Conditions: superb, and the 3 lands safely
    sc = Scenario(DIAGRAM, ruleset=ruleset, skills=SKILLS, stats=STATS, dice=dice)
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["superb"]
    assert [e.ok for e in sc.events(Landing)] == [True]
