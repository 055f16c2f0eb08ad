"""BB2025's "targeting Special Actions" (skills.md): Foul Appearance,
Trickster and Dump-off act against every Special action aimed at a player
(Chomp and Hypnotic Gaze too), a Chomp made instead of a Blitz's Block
costs that Block's square; Pick-me-up and Really Stupid's help need a
player who is not Distracted; Steady Footing stands against every "Knocked
Down" (the crowd's on a stalling carrier, a Fireball's); several On the
Ball players may move before one pass; Swoop re-rolls a failed landing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Armour, Roll, Turnover
from engine.core.state import PF_NOTZ, PRONE, STANDING
from engine.match import run
from engine.rules.bloodlust import pick_me_up
from engine.rules.turns import Turn
from engine.rules.wizard import TURN_ENDED, WizardCast
from engine.skills.chomp import chomped_by
from engine.tools.scenario import Scenario

PAIR = """
    .....
    .Ab..
    .....
"""


def _rolls(sc: Scenario) -> list[tuple[str, tuple[int, ...]]]:
    return [(r.purpose, r.dice) for r in sc.events(Roll)]


# -- Foul Appearance: "declaring a Block or a targeting Special Action" ------


@pytest.mark.parametrize(("die", "chomped"), [(1, False), (2, True)])
def test_foul_appearance_is_rolled_before_a_chomp(die: int, chomped: bool) -> None:
    # skills.md "Foul Appearance": on a 1 the Chomp is lost and A's
    # activation ends; on a 2 the Chomp's own D6 (3+) follows.
    sc = Scenario(
        PAIR,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"], "b": ["foul-appearance"]},
        dice=[die, 3],
    )
    sc.act("A", "chomp")
    sc.choose("chomp", sc.id("b"))
    expected = [("foul_appearance", (die,))] + ([("chomp", (3,))] if chomped else [])
    assert _rolls(sc) == expected
    assert chomped_by(sc.match.state, sc.p("b")) == (sc.p("A") if chomped else -1)
    assert sc.match.pending.kind == "activate"


def test_foul_appearance_is_rolled_before_a_blitz_chomp() -> None:
    sc = Scenario(
        PAIR,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"], "b": ["foul-appearance"]},
        dice=[1],
    )
    sc.act("A", "blitz", "b")
    sc.choose("chomp", sc.id("b"))
    assert _rolls(sc) == [("foul_appearance", (1,))]
    assert chomped_by(sc.match.state, sc.p("b")) == -1
    assert sc.match.state.act_ma_used == 0  # wasted before the square is paid


@pytest.mark.parametrize("ruleset", ["bb2025", "bb2020"])
@pytest.mark.parametrize(("die", "gazed"), [(1, False), (2, True)])
def test_foul_appearance_is_rolled_before_a_hypnotic_gaze(
    ruleset: str, die: int, gazed: bool
) -> None:
    # BB2020's Foul Appearance: "or any Special action that targets this
    # player"; BB2025's: "a targeting Special Action". A's gaze (AG 2+ in
    # BB2020, a flat 3+ in BB2025) follows a passed roll with a 6.
    sc = Scenario(
        PAIR,
        ruleset=ruleset,
        skills={"A": ["hypnotic-gaze"], "b": ["foul-appearance"]},
        stats={"A": {"ag": 2}},
        dice=[die, 6],
    )
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    expected = [("foul_appearance", (die,))] + (
        [("hypnotic_gaze", (6,))] if gazed else []
    )
    assert _rolls(sc) == expected
    assert bool(sc.match.state.pflags[sc.p("b")] & PF_NOTZ) is gazed


# -- a Chomp instead of a Blitz's Block pays the Block's square ---------------


@pytest.mark.parametrize(("rush", "chomped"), [(2, True), (1, False)])
def test_a_blitz_chomp_costs_the_blocks_square(rush: int, chomped: bool) -> None:
    # A (MA 1) steps next to b, his whole Movement: the Chomp instead of
    # the Block is a Rush (2+), as a Block there would be.
    sc = Scenario(
        """
        ......
        A.b...
        ......
        """,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"]},
        stats={"A": {"ma": 1}},
        dice=[rush, 4] if chomped else [rush, 4, 4],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    sc.choose("chomp", sc.id("b"))
    g = sc.match.state
    assert _rolls(sc) == [("rush", (rush,))] + ([("chomp", (4,))] if chomped else [])
    assert g.act_ma_used == 2
    assert chomped_by(g, sc.p("b")) == (sc.p("A") if chomped else -1)
    assert g.status[sc.p("A")] == (STANDING if chomped else PRONE)


# -- Trickster and Dump-off: "targeted by a Block or targeting Special Action"


def test_trickster_against_a_hypnotic_gaze() -> None:
    sc = Scenario(
        PAIR,
        ruleset="bb2025",
        skills={"A": ["hypnotic-gaze"], "b": ["trickster"]},
        dice=[3],
    )
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team) == ("trickster", "away")
    sc.choose("square", sc.sq(1, 0))
    assert sc.xy("b") == (1, 0)
    assert _rolls(sc) == [("hypnotic_gaze", (3,))]
    assert sc.match.state.pflags[sc.p("b")] & PF_NOTZ


def test_bb2020_trickster_only_against_a_block_or_its_replacement() -> None:
    # BB2020's Trickster: "a Block action or a Special action that replaces
    # a Block action" - not a Hypnotic Gaze.
    sc = Scenario(
        PAIR,
        skills={"A": ["hypnotic-gaze"], "b": ["trickster"]},
        stats={"A": {"ag": 2}},
        dice=[3],
    )
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    assert _rolls(sc) == [("hypnotic_gaze", (3,))]


@pytest.mark.parametrize("action", ["chomp", "hypnotic_gaze"])
def test_dump_off_against_a_targeting_special_action(action: str) -> None:
    verb = "chomp" if action == "chomp" else "gaze"
    skill = "monstrous-mouth" if action == "chomp" else "hypnotic-gaze"
    sc = Scenario(
        PAIR,
        ruleset="bb2025",
        skills={"A": [skill], "b": ["dump-off"]},
        ball="b",
    )
    sc.act("A", action)
    sc.choose(verb, sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("dump-off",))


# -- Distracted players (changes_from_bb2020.md "Distracted") -----------------


@pytest.mark.parametrize(("ruleset", "rolled"), [("bb2025", False), ("bb2020", True)])
def test_a_distracted_player_picks_nobody_up(ruleset: str, rolled: bool) -> None:
    # skills.md "Pick-me-up" (FAQ): not while Distracted. The home team's
    # turn ends: b, Prone, is two squares from his team-mate c, Standing
    # but Distracted (BB2020 has no such condition).
    sc = Scenario(
        """
        .....
        .b.c.
        .....
        """,
        ruleset=ruleset,
        skills={"c": ["pick-me-up"]},
        prone="b",
        active="home",
        dice=[6],
        start=False,
    )
    g = sc.match.state
    g.pflags[sc.p("c")] |= PF_NOTZ
    pick_me_up(g, 1)
    assert bool([r for r in sc.events(Roll) if r.purpose == "pick_me_up"]) is rolled
    assert g.status[sc.p("b")] == (STANDING if rolled else PRONE)


@pytest.mark.parametrize(("ruleset", "modifier"), [("bb2025", 0), ("bb2020", 2)])
def test_really_stupid_gets_no_help_from_a_distracted_team_mate(
    ruleset: str, modifier: int
) -> None:
    # skills.md "Really Stupid": +2 for an adjacent Standing, non-Distracted
    # team-mate without the trait (BB2020: any Standing one).
    sc = Scenario(
        """
        .....
        .AB..
        .....
        """,
        ruleset=ruleset,
        skills={"A": ["really-stupid"]},
        dice=[3],
        start=False,
    )
    g = sc.match.state
    g.pflags[sc.p("B")] |= PF_NOTZ
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    r = [x for x in sc.events(Roll) if x.purpose == "really_stupid"][0]
    assert (r.dice, r.modifier) == ((3,), modifier)
    assert r.success is (modifier == 2)


# -- Steady Footing: "whenever it would be Knocked Down" ----------------------


@pytest.mark.parametrize(("die", "stays"), [(6, True), (5, False)])
def test_steady_footing_against_the_crowd_of_a_stalling_carrier(
    die: int, stays: bool
) -> None:
    # changes_from_bb2020.md "Stalling": the crowd's hit Knocks the carrier
    # Down; skills.md "Steady Footing": a 6 keeps him Standing (no Turnover).
    # Turn 3, the stalling D6 3 hits; then the Steady Footing D6.
    sc = Scenario(
        """
        A....
        .....
        b....
        """,
        ruleset="bb2025",
        origin=(20, 7),
        ball="A",
        turn=3,
        skills={"A": ["steady-footing"]},
        dice=[3, die, 4, 4, 4, 4, 4, 4],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    sc.choose("end")
    assert _rolls(sc)[:2] == [("stalling", (3,)), ("steady_footing", (die,))]
    g = sc.match.state
    assert g.status[sc.p("A")] == (STANDING if stays else PRONE)
    assert (g.carrier == sc.p("A")) is stays
    assert bool(sc.events(Turnover)) is not stays


@pytest.mark.parametrize(("die", "stays"), [(6, True), (5, False)])
def test_steady_footing_against_a_fireball(die: int, stays: bool) -> None:
    # tables.md "Wizard": a Standing player the Fireball hits (D6 4+) is
    # Knocked Down - unless Steady Footing's 6 keeps him Standing.
    sc = Scenario(
        """
        .....
        .Abc.
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["steady-footing"]},
        dice=[4, die, 2, 2],
        start=False,
    )
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], wizard=True), g.sheets[1])
    g.effects[TURN_ENDED] = True
    g.stack.append(WizardCast(0, zap=True, fireball=True))
    run(g)
    sc.choose("fireball", sc.sq(0, 1))
    assert _rolls(sc)[-1] == ("steady_footing", (die,))
    assert g.status[sc.p("A")] == (STANDING if stays else PRONE)
    assert bool(sc.events(Armour)) is not stays


# -- On the Ball: "several players may, one at a time" ------------------------


@pytest.mark.parametrize(("ruleset", "again"), [("bb2025", True), ("bb2020", False)])
def test_on_the_ball_several_players_one_at_a_time(ruleset: str, again: bool) -> None:
    # skills.md "On the Ball": when an opponent declares a pass target,
    # several players with the skill may move, one at a time. A throws to
    # (3, 0); o moves a square, then p is offered his move (BB2020: one
    # player per Pass action, a Decision of that format).
    sc = Scenario(
        """
        A.....o
        .......
        ......p
        """,
        ruleset=ruleset,
        ball="A",
        skills={"o": ["on-the-ball"], "p": ["on-the-ball"]},
        dice=[4, 2],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))
    d = sc.match.pending
    assert (d.kind, d.team) == ("on_the_ball", "away")
    assert d.options == (
        ("on_the_ball", sc.id("o")),
        ("on_the_ball", sc.id("p")),
        ("decline",),
    )
    sc.choose("on_the_ball", sc.id("o"))
    sc.choose("move", sc.sq(5, 0))
    sc.choose("end")
    d = sc.match.pending
    if again:
        assert (d.kind, d.options) == (
            "on_the_ball",
            (("on_the_ball", sc.id("p")), ("decline",)),
        )
        sc.choose("on_the_ball", sc.id("p"))
        sc.choose("move", sc.sq(5, 2))
        sc.choose("end")
        assert sc.xy("p") == (5, 2)
    assert sc.xy("o") == (5, 0)
    assert [r.purpose for r in sc.events(Roll)][:1] == ["pass"]


# -- Swoop: "may re-roll the landing test" -------------------------------------


@pytest.mark.parametrize(("ruleset", "rerolled"), [("bb2025", True), ("bb2020", False)])
def test_swoop_rerolls_a_failed_landing(ruleset: str, rerolled: bool) -> None:
    # Superb throw (4 - 1 = 3) at (5, 0); Swoop faces +x, D6 3 straight on,
    # 1 square (BB2025's D6 1; BB2020's D3 1): (6, 0). The landing's 1
    # fails; BB2025's Swoop re-rolls it (5 lands), BB2020 has no re-roll:
    # G Falls Over, Armour 2 + 2 holds.
    sc = Scenario(
        """
        TG.......
        .........
        """,
        ruleset=ruleset,
        skills={"T": ["throw-team-mate"], "G": ["right-stuff", "swoop"]},
        stats={"T": {"st": 5, "pa": 3}, "G": {"st": 2}},
        dice=[4, 3, 1, 1, 5] if rerolled else [4, 3, 1, 1, 2, 2],
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    sc.choose("facing", 1, 0)
    landings = [(r.dice, r.rerolled) for r in sc.events(Roll) if r.purpose == "landing"]
    assert landings == ([((1,), False), ((5,), True)] if rerolled else [((1,), False)])
    assert sc.xy("G") == (6, 0)
    status = sc.match.state.status[sc.p("G")]
    assert status == (STANDING if rerolled else PRONE)
