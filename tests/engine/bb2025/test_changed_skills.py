"""BB2025 skills whose text changed (skills.md, changes_from_bb2020.md),
each against BB2020 with the same scripted dice: Break Tackle +1/+2/+3 by
Strength, Shadowing a flat 4+, Very Long Legs +1 to Jump and Leap, Grab
only on a Block action (a Blitz's target may Sidestep), Brawler once per
activation."""

from __future__ import annotations

import pytest

from engine.core.events import Block, KnockedDown, Reroll, Roll, SkillUsed, Turnover
from engine.core.state import CAS, PRONE, STANDING
from engine.rules.ball import N_STATS, STAT_CAS
from engine.tools.scenario import Scenario


def _roll(sc: Scenario, purpose: str) -> Roll:
    return [r for r in sc.events(Roll) if r.purpose == purpose][0]


@pytest.mark.parametrize(
    ("ruleset", "st", "markers", "passes"),
    [
        # one marker (b): 2 - 1 + bonus passes AG 3+ with a bonus of 2
        ("bb2025", 3, 1, False),  # +1
        ("bb2025", 4, 1, True),  # +2
        ("bb2020", 4, 1, False),  # +1
        # two markers (b, c): 2 - 2 + bonus needs a bonus of 3
        ("bb2025", 5, 2, True),  # +3
        ("bb2020", 5, 2, False),  # +2
    ],
)
def test_break_tackle_by_strength(
    ruleset: str, st: int, markers: int, passes: bool
) -> None:
    # A dodges from b's Tackle Zone to (1, 2) and rolls a 2; Break Tackle
    # is added when it turns the failure into a success.
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
        """
        if markers == 2
        else """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        stats={"A": {"st": st}},
        skills={"A": ["break-tackle"]},
        dice=[2, 2, 2],
    )
    sc.act("A", "move")
    sc.move(1, 2)
    r = _roll(sc, "dodge")
    assert (r.dice, r.modifier) == ((2,), -markers)
    status = STANDING if passes else PRONE
    assert sc.match.state.status[sc.p("A")] == status
    used = [e.skill for e in sc.events(SkillUsed)]
    assert used == (["break-tackle"] if passes else [])


@pytest.mark.parametrize(
    ("ruleset", "target", "modifier", "follows"),
    [("bb2025", 4, 0, True), ("bb2020", 6, -2, False)],
)
def test_shadowing_is_a_flat_four_plus(
    ruleset: str, target: int, modifier: int, follows: bool
) -> None:
    # A (MA 8) dodges away from b (MA 6); the Dodge 4 passes; Shadowing
    # rolls a 4: BB2025 4+ follows; BB2020 4 + 6 - 8 = 2 does not reach 6.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        stats={"A": {"ma": 8}},
        skills={"b": ["shadowing"]},
        dice=[4, 4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "shadowing", sc.id("b"))
    r = _roll(sc, "shadowing")
    assert (r.target, r.modifier, r.success) == (target, modifier, follows)
    assert sc.xy("b") == ((1, 1) if follows else (2, 1))


@pytest.mark.parametrize(
    ("ruleset", "modifier", "jumped"),
    [("bb2025", -1, True), ("bb2020", -1, True)],
)
def test_very_long_legs_on_a_jump(ruleset: str, modifier: int, jumped: bool) -> None:
    # A jumps over the Prone b from (1, 1) to (3, 1); c and d Mark A's
    # square: -2. BB2025: -2 + 1 = -1; BB2020: reduced by 1 to -1.
    sc = Scenario(
        """
        .c...
        .Ab..
        .d...
        """,
        ruleset=ruleset,
        prone="b",
        skills={"A": ["very-long-legs"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    r = _roll(sc, "jump")
    assert (r.modifier, r.success) == (modifier, jumped)


@pytest.mark.parametrize(("ruleset", "modifier"), [("bb2025", 0), ("bb2020", -1)])
def test_very_long_legs_adds_one_where_nothing_is_to_reduce(
    ruleset: str, modifier: int
) -> None:
    # A jumps over the Prone b; only c Marks A's square: -1. BB2025: +1,
    # so 0; BB2020: -1 is already the least it reduces to.
    sc = Scenario(
        """
        .c...
        .Ab..
        .....
        """,
        ruleset=ruleset,
        prone="b",
        skills={"A": ["very-long-legs"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.choose("jump", sc.sq(3, 1))
    assert _roll(sc, "jump").modifier == modifier


@pytest.mark.parametrize(("ruleset", "sidestep"), [("bb2025", True), ("bb2020", False)])
def test_a_grab_players_blitz_target_may_sidestep(ruleset: str, sidestep: bool) -> None:
    sc = Scenario(
        """
        ......
        A.b...
        ......
        """,
        ruleset=ruleset,
        skills={"A": ["grab"], "b": ["sidestep"]},
        dice=["push"],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert d.kind == "push"
    assert (d.team == "away") is sidestep
    assert (("square", sc.sq(2, 0)) in d.options) is sidestep


@pytest.mark.parametrize(
    ("ruleset", "defence", "dice"), [("bb2025", 3, 1), ("bb2020", 4, 2)]
)
def test_multiple_block_targets_do_not_assist_each_other(
    ruleset: str, defence: int, dice: int
) -> None:
    # A (ST 5, -2 for Multiple Block: 3) blocks b and c, who both Mark A.
    # DECIDE 4, BB2025: neither assists the other (3 against 3, one die);
    # BB2020: each gives the other its assist (3 against 4, two dice).
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
        """,
        ruleset=ruleset,
        skills={"A": ["multiple-block"]},
        stats={"A": {"st": 5}},
        dice=["push"] * 4,
    )
    sc.act("A", "block")
    sc.choose("multiple_block", sc.id("b"), sc.id("c"))
    blocks = [(e.st_attacker, e.st_defender, len(e.dice)) for e in sc.events(Block)]
    assert blocks == [(3, defence, dice), (3, defence, dice)]


def test_swoop_flies_d6_squares() -> None:
    # Superb throw (4 - 1 = 3) at (5, 0); Swoop faces +x, D6 3 straight on,
    # D6 4 squares (BB2020: a D3, at most 3): (9, 0); landing 3 passes.
    sc = Scenario(
        """
        TG.......
        .........
        """,
        ruleset="bb2025",
        skills={"T": ["throw-team-mate"], "G": ["right-stuff", "swoop"]},
        stats={"T": {"st": 5, "pa": 3}, "G": {"st": 2}},
        dice=[4, 3, 4, 3],
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    sc.choose("facing", 1, 0)
    assert _roll(sc, "swoop").dice == (3, 4)
    assert sc.xy("G") == (9, 0)


@pytest.mark.parametrize(("ruleset", "runs"), [("bb2025", True), ("bb2020", False)])
def test_hit_and_run_after_a_stab(ruleset: str, runs: bool) -> None:
    # A stabs b (Armour 2 + 2 holds) and, in BB2025, then takes Hit and
    # Run's free square.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"A": ["stab", "hit-and-run"]},
        dice=[2, 2],
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    assert (sc.match.pending.kind == "hit_and_run") is runs


@pytest.mark.parametrize(("ruleset", "credited"), [("bb2025", 1), ("bb2020", 0)])
def test_an_arm_bar_casualty_is_the_arm_bar_players(
    ruleset: str, credited: int
) -> None:
    # A dodges away from b (Arm Bar) and fails (2); Armour 4 + 4 + 1 breaks
    # AV 9+; Injury 6 + 4 = 10, a Casualty (D16 1, Badly Hurt).
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"b": ["arm-bar"]},
        dice=[2, 4, 4, 6, 4, 1],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    g = sc.match.state
    assert g.box[sc.p("A")] == CAS
    assert g.stats[sc.p("b") * N_STATS + STAT_CAS] == credited
    assert g.casualties[0].inflicted_by == (sc.id("b") if credited else None)
    assert g.casualties[0].spp is bool(credited)


@pytest.mark.parametrize(("ruleset", "goes_on"), [("bb2025", True), ("bb2020", False)])
def test_give_and_go_after_a_quick_pass(ruleset: str, goes_on: bool) -> None:
    # A's Quick Pass to B (PA 4+ with a 4, the catch 4): caught, no Turnover;
    # BB2025's Give and Go lets A move on (Dungeon Bowl's: after a Hand-off
    # only).
    sc = Scenario(
        """
        .....
        A.B..
        ....c
        """,
        ruleset=ruleset,
        ball="A",
        skills={"A": ["give-and-go"]},
        dice=[4, 4],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(2, 1))
    assert sc.match.state.carrier == sc.p("B")
    d = sc.match.pending
    assert (d.kind == "move" and d.player == sc.id("A")) is goes_on
    if goes_on:
        sc.move(1, 0)
        assert sc.xy("A") == (1, 0)


@pytest.mark.parametrize(("ruleset", "again"), [("bb2025", False), ("bb2020", True)])
def test_brawler_once_per_activation_even_with_frenzy(
    ruleset: str, again: bool
) -> None:
    # skills.md "Brawler": "re-roll one Both Down die; once per activation
    # even with Frenzy". BB2020 skills_and_traits.md "Brawler": "may re-roll
    # a single Both Down result" when performing a Block action on its own;
    # a Frenzy's second block is a Block action of its own (Decision).
    # A's first block: Both Down, Brawler re-rolls it to a Push; b is pushed
    # to (3, 1), A follows and must block again: Both Down once more.
    sc = Scenario(
        """
        ......
        .Ab...
        ......
        """,
        ruleset=ruleset,
        skills={"A": ["brawler", "frenzy"]},
        dice=["both_down", "push", "both_down", 2, 2, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.options == (("brawler",), ("no_reroll",))
    sc.choose("brawler")
    sc.choose("square", sc.sq(3, 1))
    assert [e.dice for e in sc.events(Block)] == [(2,), (3,), (2,)]
    d = sc.match.pending
    if again:
        assert (d.kind, d.options) == ("reroll", (("brawler",), ("no_reroll",)))
        return
    # The Both Down stands: both players are Knocked Down (neither has
    # Block), A's fall a Turnover; armour 2 + 2 each, not broken.
    assert [k.player for k in sc.events(KnockedDown)] == [sc.id("b"), sc.id("A")]
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]
    assert [r.source for r in sc.events(Reroll)] == ["brawler"]
