"""Bloodlust, Drunkard, Pick-me-up, Plague Ridden, and the refusal of a
match with a skill the engine does not implement (scripted dice)."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Match, RandomDice, UnimplementedSkill, default_team_sheet
from engine.core.events import Casualty, Roll, SkillUsed, StandUp, Touchdown, Turnover
from engine.core.rules_data import rules_data
from engine.core.state import PF_HUNGRY, PF_NOTZ, PRONE, STANDING, STUNNED
from engine.skills.registry import IMPLEMENTED
from engine.tools.scenario import Scenario
from engine.variants import BB2020
from tests.engine.rosters import PLAYABLE_ROSTERS


def _rolls(sc: Scenario, purpose: str) -> list[Roll]:
    return [r for r in sc.events(Roll) if r.purpose == purpose]


# -- Bloodlust -------------------------------------------------------------

FEED = """
    .....
    .AB..
    .....
"""


def test_bloodlust_passed_changes_nothing() -> None:
    # Bloodlust (3+): a Move action rolls 3, no modifier: passed.
    sc = Scenario(FEED, skills={"A": [("bloodlust", "3+")]}, dice=[3])
    sc.act("A", "move")
    r = _rolls(sc, "bloodlust")[0]
    assert (r.target, r.modifier, r.success) == (3, 0, True)
    sc.choose("end")
    assert sc.match.pending.kind == "activate"  # no bite asked
    assert sc.events(Turnover) == []


def test_bloodlust_plus_one_for_a_block() -> None:
    # Bloodlust (3+) declaring a Block: 2 + 1 = 3 passes.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        skills={"A": [("bloodlust", "3+")]},
        dice=[2],
    )
    sc.act("A", "block")
    r = _rolls(sc, "bloodlust")[0]
    assert (r.modifier, r.success) == (1, True)
    assert sc.match.pending.kind == "block_target"


def test_bloodlust_natural_one_fails_even_at_two_plus() -> None:
    # a Blitz (+1) needs a Standing opponent to name: b
    sc = Scenario(
        """
        .....
        .AB..
        ....b
        """,
        skills={"A": [("bloodlust", "2+")]},
        dice=[1],
    )
    sc.act("A", "blitz", "b")
    assert _rolls(sc, "bloodlust")[0].success is False
    d = sc.match.pending
    assert (d.kind, d.options) == ("bloodlust_action", (("keep",), ("move",)))
    sc.choose("move")
    assert sc.match.state.act_action == "move"
    assert sc.match.state.pflags[sc.p("A")] & PF_HUNGRY


def test_failed_bloodlust_bites_a_thrall_at_the_end() -> None:
    # Failed (2 < 3); at the end A bites B: Injury 6+5 = 11, a Casualty,
    # treated as Badly Hurt (no Casualty roll); no Turnover.
    sc = Scenario(FEED, skills={"A": [("bloodlust", "3+")]}, dice=[2, 6, 5])
    sc.act("A", "move")
    sc.choose("end")
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "bloodlust_bite",
        (("bite", sc.id("B")), ("decline",)),
    )
    sc.choose("bite", sc.id("B"))
    cas = sc.events(Casualty)[0]
    assert (cas.player, cas.result, cas.d16) == (sc.id("B"), "badly_hurt", 0)
    assert sc.events(Turnover) == []
    g = sc.match.state
    assert not g.pflags[sc.p("A")] & (PF_HUNGRY | PF_NOTZ)
    assert sc.match.pending.kind == "activate"


def test_failed_bloodlust_without_a_bite_is_a_turnover() -> None:
    # Nobody to bite: Turnover, A loses their Tackle Zone and drops the
    # ball (it bounces: D8 3 goes up-right).
    sc = Scenario(
        """
        .....
        .A...
        .....
        """,
        skills={"A": [("bloodlust", "3+")]},
        ball="A",
        dice=[2, 3],
    )
    sc.act("A", "move")
    sc.choose("end")
    assert sc.events(Turnover)[0].reason == "bloodlust"
    g = sc.match.state
    assert g.pflags[sc.p("A")] & PF_NOTZ
    assert g.carrier == -1
    assert sc.match.done or sc.match.pending.kind != "activate"


def test_hungry_carrier_scores_only_after_biting() -> None:
    # A (hungry) steps into the End Zone with the ball: no touchdown yet;
    # biting B there scores (injury 2+2 Stunned).
    sc = Scenario(
        """
        ..B
        .A.
        """,
        skills={"A": [("bloodlust", "3+")]},
        ball="A",
        dice=[1, 2, 2],
        origin=(23, 5),
    )
    sc.act("A", "move")
    sc.move(2, 1)  # x = 25: the End Zone home scores in
    assert sc.events(Touchdown) == []
    opts = sc.match.pending.options
    assert ("bite", sc.id("B")) in opts
    sc.choose("bite", sc.id("B"))
    assert sc.match.state.status[sc.p("B")] == STUNNED
    assert len(sc.events(Touchdown)) == 1


def test_hungry_player_may_not_hand_off_before_biting() -> None:
    sc = Scenario(FEED, skills={"A": [("bloodlust", "3+")]}, ball="A", dice=[2])
    sc.act("A", "hand_off")
    sc.choose("keep")
    b = sc.id("B")
    opts = sc.match.pending.options
    assert ("hand_off", b) not in opts
    assert ("bite", b) in opts


# -- Drunkard ----------------------------------------------------------------


@pytest.mark.parametrize(("skills", "falls"), [([], False), (["drunkard"], True)])
def test_drunkard_minus_one_to_rush(skills: list[str], falls: bool) -> None:
    # MA 1: the second square is a Rush; 2 passes 2+, 2 - 1 = 1 fails.
    sc = Scenario(
        ".A....", skills={"A": skills}, stats={"A": {"ma": 1}}, dice=[2, 3, 3, 3, 3]
    )
    sc.act("A", "move")
    sc.move(2, 0)
    sc.move(3, 0)
    rush = _rolls(sc, "rush")[0]
    assert rush.modifier == (-1 if falls else 0)
    assert rush.success is not falls


# -- Pick-me-up ----------------------------------------------------------------

PICK = """
    .......A
    .b.c....
    .....d..
    ........
    ........
    .......e
"""


def test_pick_me_up_stands_prone_team_mates_within_three_squares() -> None:
    # At the end of home's turn: b (prone, 2 squares from the boar c) rolls
    # 5 and stands; d (prone, 2 away) rolls 4 and stays down; e (prone, 4
    # away from c) does not roll; the stunned ones never.
    sc = Scenario(PICK, skills={"c": ["pick-me-up"]}, prone="bde", dice=[5, 4])
    sc.choose("end_turn")
    g = sc.match.state
    rolls = _rolls(sc, "pick_me_up")
    assert [(r.player, r.dice, r.success) for r in rolls] == [
        (sc.id("b"), (5,), True),
        (sc.id("d"), (4,), False),
    ]
    assert g.status[sc.p("b")] == STANDING
    assert g.status[sc.p("d")] == PRONE
    assert g.status[sc.p("e")] == PRONE
    assert [e.player for e in sc.events(StandUp)] == [sc.id("b")]


def test_pick_me_up_needs_a_standing_trait_holder() -> None:
    sc = Scenario(PICK, skills={"c": ["pick-me-up"]}, prone="bcde", dice=[])
    sc.choose("end_turn")
    assert _rolls(sc, "pick_me_up") == []


# -- Plague Ridden -------------------------------------------------------------

LINE = """
    .....
    .Ab..
    .....
"""


@pytest.mark.parametrize(
    ("victim_skills", "st", "used"),
    [([], 3, True), (["regeneration"], 3, False), ([], 5, False)],
)
def test_plague_ridden_takes_a_killed_opponent(
    victim_skills: list[str], st: int, used: bool
) -> None:
    # POW; armour 6+6 breaks; injury 6+6 Casualty; D16 15: DEAD.
    # (ST 5: two dice, both POW, the defender's choice.)
    dice: list[int | str] = ["pow"] * (2 if st > 3 else 1) + [6, 6, 6, 6, 15]
    if "regeneration" in victim_skills:
        dice.append(1)  # fails to regenerate
    sc = Scenario(
        LINE,
        skills={"A": ["plague-ridden"], "b": victim_skills},
        stats={"b": {"st": st}},
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.events(Casualty)[0].result == "dead"
    assert any(e.skill == "plague-ridden" for e in sc.events(SkillUsed)) is used
    sc.choose("end_turn")
    extra = sc.match.result.extra
    if used:
        assert extra["plague_ridden"] == [["home", sc.id("b"), sc.id("A")]]
    else:
        assert "plague_ridden" not in extra


# -- refusing unimplemented skills ---------------------------------------------


def test_a_match_with_an_unimplemented_skill_is_refused() -> None:
    assert "made-up-skill" not in IMPLEMENTED
    home = default_team_sheet("human", BB2020, first_id=1)
    p = home.players[2]
    bad = dataclasses.replace(p, skills=p.skills + (("made-up-skill", None),))
    home = dataclasses.replace(
        home, players=home.players[:2] + (bad,) + home.players[3:]
    )
    away = default_team_sheet("orc", BB2020, first_id=101)
    with pytest.raises(UnimplementedSkill) as err:
        Match(BB2020, home, away, RandomDice(1))
    e = err.value
    assert (e.player_id, e.player, e.skill) == (p.id, p.name, "made-up-skill")
    assert str(e) == (
        f"{home.name}: player {p.name!r} (id {p.id}) has the skill "
        "'made-up-skill', which the match engine does not implement"
    )
    with pytest.raises(UnimplementedSkill):
        Match(BB2020, away, home, RandomDice(1))  # on either side


NEW = ("chaos-dwarf", "dark-elf", "vampire", "gnome", "amazon", "norse", "nurgle")


@pytest.mark.parametrize("slug", NEW)
def test_the_rosters_of_these_traits_are_accepted(slug: str) -> None:
    home = default_team_sheet(slug, BB2020, first_id=1)
    away = default_team_sheet(slug, BB2020, first_id=101)
    Match(BB2020, home, away, RandomDice(1), start=False)
    assert slug in PLAYABLE_ROSTERS


def test_only_rosters_with_the_other_missing_traits_are_refused() -> None:
    # Only Goblin, Ogre and Snotling can be refused: theirs are the secret
    # weapons and swarms (Ball & Chain, Bombardier, Chainsaw, Kick Team-mate,
    # Pogo Stick, Swarming, Swoop); with every trait implemented the list is
    # empty.
    refused = sorted(set(rules_data().rosters) - set(PLAYABLE_ROSTERS))
    assert set(refused) <= {"goblin", "ogre", "snotling"}
    for slug in refused:
        home = default_team_sheet(slug, BB2020, first_id=1)
        away = default_team_sheet("human", BB2020, first_id=101)
        with pytest.raises(UnimplementedSkill):
            Match(BB2020, home, away, RandomDice(1))
