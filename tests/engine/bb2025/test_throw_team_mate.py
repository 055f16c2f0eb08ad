"""BB2025 "Throw Team-mate and Kick Team-mate" (changes_from_bb2020.md
section 12): its own once-per-turn action (not the team's Pass action), no
Strength requirements, three results (a modified 1 or less is a fumble: no
Terrible Throw), and a safe landing counted for the thrown player as well
as the superb throw's Throwing Completion for the thrower; the new skills
Bullseye and Lethal Flight (skills.md)."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, Landing, ThrowTeamMate
from engine.core.state import CAS, PITCH
from engine.rules.ball import N_STATS, STAT_CAS, STAT_LAND
from engine.tools.scenario import Scenario

# T throws G; C holds the ball, D is his receiver.
DIAGRAM = """
    TG.......
    .........
    C..D.....
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff"]}


def scenario(ruleset: str, stats: dict[str, dict[str, int]], **kw: object) -> Scenario:
    return Scenario(
        DIAGRAM,
        ruleset=ruleset,
        skills=SKILLS,
        stats=stats,
        ball="C",
        **kw,  # type: ignore[arg-type]
    )


def offered(sc: Scenario) -> bool:
    return ("activate", sc.id("T"), "throw_team_mate") in sc.match.pending.options


@pytest.mark.parametrize(("ruleset", "offer"), [("bb2025", True), ("bb2020", False)])
def test_no_strength_requirements(ruleset: str, offer: bool) -> None:
    # A ST 3 thrower and a ST 4 team-mate (BB2020: ST 5+ and ST 3 or less).
    sc = scenario(ruleset, {"T": {"st": 3}, "G": {"st": 4}})
    assert offered(sc) is offer


@pytest.mark.parametrize(("ruleset", "offer"), [("bb2025", True), ("bb2020", False)])
def test_its_own_action_not_the_teams_pass(ruleset: str, offer: bool) -> None:
    sc = scenario(ruleset, {"T": {"st": 5}, "G": {"st": 2}})
    assert offered(sc)
    sc.act("C", "pass")
    sc.choose("end")
    assert offered(sc) is offer


def test_once_per_turn() -> None:
    sc = Scenario(
        """
        TG.......
        .........
        SH.......
    """,
        ruleset="bb2025",
        skills={**SKILLS, "S": ["throw-team-mate"], "H": ["right-stuff"]},
        stats={"G": {"st": 2}, "H": {"st": 2}},
    )
    assert ("activate", sc.id("S"), "throw_team_mate") in sc.match.pending.options
    sc.act("T", "throw_team_mate")
    sc.choose("end")
    assert ("activate", sc.id("S"), "throw_team_mate") not in sc.match.pending.options


@pytest.mark.parametrize(
    ("ruleset", "quality"), [("bb2025", "fumble"), ("bb2020", "terrible")]
)
def test_a_modified_one_is_a_fumble(ruleset: str, quality: str) -> None:
    # Short throw (-1): 2 - 1 = 1, not a natural 1.
    sc = scenario(
        ruleset, {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}, dice=[2, *[4] * 12]
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == [quality]


def test_the_thrown_player_counts_a_safe_landing_after_any_throw() -> None:
    # Subpar (Short: 3 - 1 = 2 fails PA 3+); scatter D8 5, 4, 7: (5, 1);
    # the landing AG 3+ at -1 with a 4 (changes_from_bb2020.md: SPP for the
    # thrown player's safe landing after any throw).
    sc = scenario(
        "bb2025", {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}, dice=[3, 5, 4, 7, 4]
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["subpar"]
    assert [e.ok for e in sc.events(Landing)] == [True]
    assert sc.xy("G") == (5, 1)
    assert sc.match.state.stats[sc.p("G") * N_STATS + STAT_LAND] == 1
    assert sc.match.state.stats[sc.p("T") * N_STATS + STAT_LAND] == 0


def test_a_superb_throw_landing_safely_counts_for_both() -> None:
    # Superb (Short: 4 - 1 = 3, PA 3+); scatter D8 5, 4, 7: (5, 1); the
    # landing AG 3+ with a 3: the thrower's Throwing Completion (kept from
    # BB2020) and the thrown player's safe landing, 1 each.
    sc = scenario(
        "bb2025", {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}, dice=[4, 5, 4, 7, 3]
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["superb"]
    assert [e.ok for e in sc.events(Landing)] == [True]
    stats = sc.match.state.stats
    assert stats[sc.p("T") * N_STATS + STAT_LAND] == 1
    assert stats[sc.p("G") * N_STATS + STAT_LAND] == 1


@pytest.mark.parametrize(("skills", "square"), [(["bullseye"], (5, 0)), ([], (5, 1))])
def test_bullseye_lands_a_superb_throw_on_target(
    skills: list[str], square: tuple[int, int]
) -> None:
    # Superb (Short: 4 - 1 = 3, PA 3+) aimed at (5, 0). Bullseye: no
    # scatter, the landing AG 3+ with a 3. Without it: scatter D8 5, 4, 7
    # to (5, 1), then the landing with a 3.
    dice = [4, 3] if skills else [4, 5, 4, 7, 3]
    sc = Scenario(
        DIAGRAM,
        ruleset="bb2025",
        skills={**SKILLS, "T": ["throw-team-mate", *skills]},
        stats={"T": {"st": 5, "pa": 3}, "G": {"st": 2}},
        ball="C",
        dice=dice,
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.ok for e in sc.events(Landing)] == [True]
    assert sc.xy("G") == square


@pytest.mark.parametrize(("skills", "broken"), [(["lethal-flight"], True), ([], False)])
def test_lethal_flight_hurts_the_opponent_landed_on(
    skills: list[str], broken: bool
) -> None:
    # Superb throw at (5, 0), scatter D8 5, 4, 7 onto z at (5, 1); G bounces
    # (D8 1) and z is Knocked Down: Armour 4 + 4 = 8, +1 with Lethal Flight
    # breaks AV 9+; Injury 6 + 4 = 10, a Casualty (D16 1, Badly Hurt)
    # credited to G. G's own Armour 2 + 2 holds.
    sc = Scenario(
        """
        TG.......
        .....z...
        C..D.....
        """,
        ruleset="bb2025",
        skills={**SKILLS, "G": ["right-stuff", *skills]},
        stats={"T": {"st": 5, "pa": 3}, "G": {"st": 2}},
        ball="C",
        dice=[4, 5, 4, 7, 1, 4, 4, *([6, 4, 1] if broken else []), 2, 2],
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (
        sc.id("z"),
        (4, 4),
        1 if broken else 0,
        broken,
    )
    g = sc.match.state
    assert g.box[sc.p("z")] == (CAS if broken else PITCH)
    assert g.stats[sc.p("G") * N_STATS + STAT_CAS] == (1 if broken else 0)
