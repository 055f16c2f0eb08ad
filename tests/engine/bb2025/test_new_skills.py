"""BB2025's new General skills and traits (skills.md), with scripted dice:
Hatred, Taunt, Steady Footing, Saboteur, No Ball, Pogo, Unsteady,
Insignificant."""

from __future__ import annotations

import pytest

from engine.campaign.drafting import squad_violations
from engine.core.events import (
    Armour,
    Block,
    BlockResult,
    KnockedDown,
    Reroll,
    Roll,
    SkillUsed,
    Turnover,
)
from engine.core.model import PlayerSheet, TeamSheet
from engine.core.rules_data import rules_data
from engine.core.state import KO, PITCH, PRONE, STANDING, STUNNED
from engine.match import Match
from engine.tools.scenario import Scenario
from engine.variants import BB2025

LINE = """
    .....
    .Ab..
    .....
"""


@pytest.mark.parametrize(
    ("position", "offered"), [("orc-lineman", True), ("orc-goblin-lineman", False)]
)
def test_hatred_rerolls_a_player_down_against_its_keyword(
    position: str, offered: bool
) -> None:
    # Hatred (Orc): an Orc Lineman has the Orc keyword, a Goblin Lineman of
    # the same roster does not.
    sc = Scenario(
        LINE,
        ruleset="bb2025",
        skills={"A": [("hatred", "Orc")]},
        positions={"b": position},
        dice=["player_down", "push" if offered else 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    if not offered:
        assert d is None  # a Turnover: A is down, no re-roll was offered
        assert sc.events(Reroll) == []
        assert sc.match.state.status[sc.p("A")] == PRONE
        return
    assert (d.kind, d.options) == ("reroll", (("hatred",), ("no_reroll",)))
    sc.choose("hatred")
    assert [r.source for r in sc.events(Reroll)] == ["hatred"]
    assert [r.result for r in sc.events(BlockResult)] == ["push"]


@pytest.mark.parametrize("answer", ["use", "decline"])
def test_taunt_forces_the_follow_up(answer: str) -> None:
    sc = Scenario(LINE, ruleset="bb2025", skills={"b": ["taunt"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    d = sc.match.pending
    assert (d.team, d.kind, d.options) == (
        "away",
        "use_skill",
        (("use", "taunt"), ("decline",)),
    )
    sc.choose(answer, "taunt") if answer == "use" else sc.choose("decline")
    if answer == "use":
        assert sc.xy("A") == (2, 1)
        assert [e.skill for e in sc.events(SkillUsed)] == ["taunt"]
    else:
        # the attacker's own choice, as usual
        assert sc.match.pending.kind == "follow_up"


def test_without_taunt_the_attacker_chooses() -> None:
    sc = Scenario(LINE, ruleset="bb2025", dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "follow_up"


@pytest.mark.parametrize(("die", "stays"), [(6, True), (5, False)])
def test_steady_footing_keeps_a_blocked_player_standing(die: int, stays: bool) -> None:
    # POW: b would be Knocked Down; a 6 keeps him Standing (no Armour roll).
    sc = Scenario(
        LINE,
        ruleset="bb2025",
        skills={"b": ["steady-footing"]},
        dice=["pow", die, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    r = [x for x in sc.events(Roll) if x.purpose == "steady_footing"][0]
    assert (r.dice, r.target, r.success) == ((die,), 6, stays)
    g = sc.match.state
    assert g.status[sc.p("b")] == (STANDING if stays else PRONE)
    assert bool(sc.events(Armour)) is not stays


def test_steady_footing_after_a_failed_dodge_goes_on_moving() -> None:
    # A dodges away from z: the Dodge fails (1), Steady Footing rolls 6:
    # no fall, no Turnover, and A may move on.
    sc = Scenario(
        """
        .....
        .Az..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["steady-footing"]},
        dice=[1, 6],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert sc.events(Turnover) == []
    assert sc.events(KnockedDown) == []
    assert sc.xy("A") == (0, 1)
    assert sc.match.pending.kind == "move"


@pytest.mark.parametrize(("die", "sabotaged"), [(4, True), (3, False)])
def test_saboteur_takes_the_blocker_down(die: int, sabotaged: bool) -> None:
    # POW knocks b down; Saboteur's D6 4+: A is Knocked Down (Armour 2 + 2
    # against AV 9+, no Turnover without the ball) and b is KO'd with no
    # Armour roll. On 3: b's own Armour roll (2 + 2).
    sc = Scenario(
        LINE,
        ruleset="bb2025",
        skills={"b": ["saboteur", "secret-weapon"]},
        dice=["pow", die, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    g = sc.match.state
    armour = [(a.player, a.dice) for a in sc.events(Armour)]
    if sabotaged:
        assert g.box[sc.p("b")] == KO
        assert g.status[sc.p("A")] == PRONE
        assert armour == [(sc.id("A"), (2, 2))]
        assert sc.events(Turnover) == []
    else:
        assert g.box[sc.p("b")] == PITCH
        assert g.status[sc.p("A")] == STANDING
        assert armour == [(sc.id("b"), (2, 2))]


def test_no_ball_cannot_pick_the_ball_up() -> None:
    # A walks onto the ball: No Ball fails the pick-up as a natural 1 would
    # (no roll is made), a Turnover.
    sc = Scenario(
        """
        .....
        .A*..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["no-ball"]},
        dice=[3],  # the bounce's D8
    )
    sc.act("A", "move")
    sc.move(2, 1)
    r = [x for x in sc.events(Roll) if x.purpose == "pick_up"][0]
    assert (r.dice, r.success) == ((), False)
    assert sc.match.state.carrier != sc.p("A")
    assert [t.reason for t in sc.events(Turnover)] == ["pick_up"]


def test_pogo_leaps_ignoring_the_marking_players() -> None:
    # A leaps from (1, 1) over z to (3, 1); y and x Mark both squares: the
    # Agility test (3+) has no modifier.
    sc = Scenario(
        """
        ..y..
        .Az.x
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["pogo"]},
        dice=[3],
    )
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))
    r = [x for x in sc.events(Roll) if x.purpose == "leap"][0]
    assert (r.dice, r.target, r.modifier, r.success) == ((3,), 3, 0, True)
    assert sc.xy("A") == (3, 1)


@pytest.mark.parametrize(("skills", "offered"), [(["unsteady"], False), ([], True)])
def test_unsteady_may_not_secure_the_ball(skills: list[str], offered: bool) -> None:
    sc = Scenario(
        """
        .....
        .A*..
        .....
        """,
        ruleset="bb2025",
        skills={"A": skills},
    )
    opts = sc.match.pending.options
    assert (("activate", sc.id("A"), "secure_the_ball") in opts) is offered


@pytest.mark.parametrize(
    ("snotlings", "others", "refused"), [(6, 5, True), (5, 5, False)]
)
def test_insignificant_players_may_not_outnumber_the_others(
    snotlings: int, others: int, refused: bool
) -> None:
    # skills.md "Insignificant": no more of them than players without it.
    # Underworld Denizens: Snotling Linemen (Insignificant), Goblin Linemen.
    roster = rules_data("bb2025").rosters["underworld-denizens"]
    squad = ["underworld-denizens-snotling-lineman"] * snotlings + [
        "underworld-denizens-goblin-lineman"
    ] * others
    codes = [v.code for v in squad_violations(BB2025, roster, squad, "players")]
    assert ("too_many_insignificant" in codes) is refused


@pytest.mark.parametrize("small", [1, 2, 6])
def test_a_line_up_with_more_insignificant_players_still_plays(small: int) -> None:
    """Decision (``BB2025.check_sheet``): Insignificant limits the roster
    (the draft and a hire, above), not the line-up: injuries, deaths and
    journeymen may leave more Insignificant players than others on the
    pitch, and the match is played."""

    def player(i: int, skills: tuple[tuple[str, str | None], ...]) -> PlayerSheet:
        return PlayerSheet(i, f"P{i}", i, "lineman", 6, 3, 3, 4, 9, skills)

    home = TeamSheet(
        "Home",
        "snotling",
        tuple(player(i, (("insignificant", None),)) for i in range(1, small + 1))
        + (player(50, ()),),
        0,
        False,
        1,
    )
    away = TeamSheet("Away", "orc", (player(101, ()),), 0, False, 1)
    game = Match(BB2025, home, away)
    assert len(game.g.pid) == small + 2


@pytest.mark.parametrize(
    ("position", "rolls"), [("orc-goblin-lineman", True), ("orc-lineman", False)]
)
def test_animosity_names_a_keyword(position: str, rolls: bool) -> None:
    # Animosity (Goblin): a Hand-off to a team-mate with the Goblin keyword
    # (an Orc team's Goblin Lineman) needs a D6 2+ (a 1: refused); to an Orc
    # Lineman it does not.
    sc = Scenario(
        LINE.replace("Ab", "ab"),
        ruleset="bb2025",
        active="away",
        skills={"a": [("animosity", "Goblin")]},
        positions={"a": "orc-lineman", "b": position},
        ball="a",
        dice=[1] if rolls else [4],
    )
    sc.act("a", "hand_off")
    sc.choose("hand_off", sc.id("b"))
    assert [r.dice for r in sc.events(Roll) if r.purpose == "animosity"] == (
        [(1,)] if rolls else []
    )
    g = sc.match.state
    assert g.carrier == (sc.p("a") if rolls else sc.p("b"))


def test_a_distracted_player_cannot_use_an_active_skill() -> None:
    # Hypnotic Gaze (3+ with a 3) leaves b Distracted; C then blocks him
    # (two dice, both Both Down): C's Block keeps C up, b's Block (ACTIVE)
    # does not work while Distracted: b is Knocked Down (Armour 2 + 2 holds).
    sc = Scenario(
        """
        .....
        .Ab..
        ..C..
        """,
        ruleset="bb2025",
        skills={"A": ["hypnotic-gaze"], "b": ["block"], "C": ["block"]},
        dice=[3, "both_down", "both_down", 2, 2],
    )
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    g = sc.match.state
    assert not g.has_tz(sc.p("b"))
    sc.act("C", "block")
    sc.choose("block", sc.id("b"))
    # b has no Tackle Zone: A, not Marked by him, assists C (ST 4 against 3).
    block = sc.events(Block)[0]
    assert (block.st_attacker, block.st_defender) == (4, 3)
    assert g.status[sc.p("b")] == PRONE
    assert g.status[sc.p("C")] == STANDING
    assert [e.player for e in sc.events(SkillUsed) if e.skill == "block"] == [
        sc.id("C")
    ]


def test_steady_footing_in_the_balls_square_picks_it_up() -> None:
    # A dodges away from z into the loose ball's square: the Dodge fails
    # (1), Steady Footing rolls 6, and A, Standing there, tries to pick the
    # ball up (6: he has it) and may move on.
    sc = Scenario(
        """
        .....
        .Az..
        *....
        """,
        ruleset="bb2025",
        skills={"A": ["steady-footing"]},
        dice=[1, 6, 6],
    )
    sc.act("A", "move")
    sc.move(0, 2)
    g = sc.match.state
    assert [r.purpose for r in sc.events(Roll)] == [
        "dodge",
        "steady_footing",
        "pick_up",
    ]
    assert g.carrier == sc.p("A")
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"


def test_no_steady_footing_against_a_chainsaw_kick_back() -> None:
    """skills.md "Steady Footing", FAQ: only where a rule says Knocked Down
    or Falls Over, not a Chainsaw kick-back. A (Chainsaw, Steady Footing)
    kicks back on the D6 1 and goes down: no Steady Footing roll; his
    Armour roll 6 + 1 + 3 = 10 breaks AV 9+, Injury 2 + 2 Stunned."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset="bb2025",
        skills={"A": ["chainsaw", "steady-footing"]},
        dice=[1, 6, 1, 2, 2],
    )
    sc.choose("activate", sc.id("A"), "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    assert [r for r in sc.events(Roll) if r.purpose == "steady_footing"] == []
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("A"), (6, 1), 3, True)
    assert sc.match.state.status[sc.p("A")] == STUNNED
