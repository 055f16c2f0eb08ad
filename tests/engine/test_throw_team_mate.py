"""Throw Team-mate, Right Stuff, Always Hungry."""

from __future__ import annotations

from engine.events import Landing, ThrowTeamMate, Turnover
from engine.state import CAS, PITCH, STANDING
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
    assert g.stats[sc.p("G") * 8 + 5] == 1  # successful landings
    assert sc.events(Turnover) == []


def test_cannot_throw_without_right_stuff() -> None:
    sc = Scenario(DIAGRAM, skills={"T": ["throw-team-mate"]}, stats=STATS)
    assert ("activate", sc.id("T"), "throw_team_mate") not in sc.match.pending.options
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS)
    assert ("activate", sc.id("T"), "throw_team_mate") in sc.match.pending.options


def test_always_hungry_eats_team_mate() -> None:
    sc = Scenario(
        DIAGRAM,
        skills={**SKILLS, "T": ["throw-team-mate", "always-hungry"]},
        stats=STATS,
        dice=[1, 1],
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    g = sc.match.state
    assert g.box[sc.p("G")] == CAS
    assert g.casualties[0].result == "dead"
    assert [t.reason for t in sc.events(Turnover)] == ["eaten"]


def test_failed_landing_falls_over_without_turnover() -> None:
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=[4, 5, 4, 7, 1, 2, 2])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.events(Landing)[0].ok is False
    assert sc.match.state.box[sc.p("G")] == PITCH
    assert sc.events(Turnover) == []
