"""Both bots play the special decisions (Stab, Breathe Fire, Hypnotic Gaze,
Trickster, Hit and Run, Bloodlust): the scripted bot's small policy
(engine.bots.special), and seeded whole matches of the rosters that have
these traits, with the invariants holding at every decision."""

from __future__ import annotations

import pytest

from engine import Match, RandomDice, default_team_sheet
from engine.bots import RandomBot, ScriptedBot
from engine.bots.special import refine
from engine.core.events import SkillUsed
from engine.tools.invariants import check
from engine.tools.scenario import Scenario
from engine.variants import get_variant

LINE = """
    .....
    .Ab..
    .....
"""


def test_scripted_bot_stabs_rather_than_a_risky_one_die_block() -> None:
    # ST 3 v ST 3, no assists: one die, a third of it knocks A down; Stab
    # breaks AV 7+ 58% of the time and never hurts A.
    sc = Scenario(LINE, skills={"A": ["stab"]}, stats={"b": {"av": 7}})
    sc.act("A", "block")
    d = sc.match.pending
    b = sc.id("b")
    assert ScriptedBot(1).choose(d, sc.match.state) == ("stab", b)


def test_scripted_bot_blocks_with_two_dice_of_its_choice() -> None:
    # ST 4 v ST 3 (AV 10+): two dice, the attacker's choice, are better
    # than a 1-in-6 Stab.
    sc = Scenario(
        LINE,
        skills={"A": ["stab"]},
        stats={"A": {"st": 4}, "b": {"av": 10}},
    )
    sc.act("A", "block")
    d = sc.match.pending
    assert ScriptedBot(1).choose(d, sc.match.state) == ("block", sc.id("b"))


def test_scripted_bot_breathes_fire_on_a_stronger_target_only_when_worth_it() -> None:
    # ST 3 v ST 3: one die (a third knocks A down): Breathe Fire instead
    # (half the time the target goes down, a sixth A does).
    sc = Scenario(LINE, skills={"A": ["breathe-fire"]})
    sc.act("A", "block")
    d = sc.match.pending
    assert ScriptedBot(1).choose(d, sc.match.state) == ("breathe_fire", sc.id("b"))
    # ST 6 v ST 5: two dice of A's choice beat a fire at -1.
    sc = Scenario(
        LINE, skills={"A": ["breathe-fire"]}, stats={"A": {"st": 6}, "b": {"st": 5}}
    )
    sc.act("A", "block")
    d = sc.match.pending
    assert ScriptedBot(1).choose(d, sc.match.state) == ("block", sc.id("b"))


def test_scripted_bot_bites_a_thrall_who_is_down_and_not_the_carrier() -> None:
    sc = Scenario(
        """
        .BC..
        .AD..
        .....
        """,
        skills={"A": [("bloodlust", "3+")]},
        prone="C",
        ball="D",
        dice=[2],
    )
    sc.act("A", "move")
    sc.choose("end")
    d = sc.match.pending
    assert d.kind == "bloodlust_bite"
    assert ScriptedBot(1).choose(d, sc.match.state) == ("bite", sc.id("C"))


def test_scripted_bot_gazes_at_the_player_marking_its_carrier() -> None:
    sc = Scenario(
        """
        .....
        .AbC.
        .....
        """,
        skills={"A": ["hypnotic-gaze"]},
        ball="C",
    )
    g = sc.match.state
    d = sc.match.pending
    assert refine(d, g, ("end_turn",)) == ("activate", sc.id("A"), "hypnotic_gaze")
    sc.act("A", "hypnotic_gaze")
    d = sc.match.pending
    assert ScriptedBot(1).choose(d, g) == ("gaze", sc.id("b"))


def test_scripted_bot_runs_out_of_reach_after_a_block() -> None:
    sc = Scenario(LINE, skills={"A": ["hit-and-run"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    d = sc.match.pending
    assert d.kind == "hit_and_run"
    # b at (3,1): the squares two columns away are the furthest
    assert ScriptedBot(1).choose(d, sc.match.state)[1] in (
        sc.sq(0, 0),
        sc.sq(0, 1),
        sc.sq(0, 2),
    )


ROSTERS = ("chaos-dwarf", "dark-elf", "vampire", "gnome", "amazon", "norse", "nurgle")
SPECIAL = {
    "stab",
    "breathe-fire",
    "hypnotic-gaze",
    "trickster",
    "hit-and-run",
    "bloodlust",
}


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_the_rosters_with_these_traits_play_whole_matches(fmt: str) -> None:
    rs = get_variant(fmt)
    used: set[str] = set()
    for i, home in enumerate(ROSTERS):
        away = ROSTERS[(i + 3) % len(ROSTERS)]
        seed = 500 + i
        m = Match(
            rs,
            default_team_sheet(home, rs, first_id=1),
            default_team_sheet(away, rs, first_id=101),
            RandomDice(seed),
        )
        bots = (
            (ScriptedBot(seed), RandomBot(seed + 1))
            if i % 2
            else (RandomBot(seed), ScriptedBot(seed + 1))
        )
        steps = 0
        while m.pending is not None:
            assert check(m.state) == [], (home, away, seed)
            d = m.pending
            m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
            steps += 1
            assert steps < 20_000, (home, away, seed)
        assert m.done
        used |= {e.skill for e in m.events if isinstance(e, SkillUsed)}
    assert used & SPECIAL  # the traits were actually used


def test_scripted_bot_walks_a_hungry_vampire_to_a_thrall() -> None:
    # A failed Bloodlust (2 < 3) and is about to stop; B is three squares
    # away: the bot steps towards B instead of starving.
    sc = Scenario(
        """
        ......
        .A..B.
        ......
        """,
        skills={"A": [("bloodlust", "3+")]},
        dice=[2],
    )
    sc.act("A", "move")
    d = sc.match.pending
    g = sc.match.state
    step = refine(d, g, ("end",))
    assert step in {("move", sc.sq(2, y)) for y in range(3)}  # one closer
    far = Scenario(
        """
        .A.........B
        """,
        skills={"A": [("bloodlust", "3+")]},
        stats={"A": {"ma": 3}},
        dice=[2],
    )
    far.act("A", "move")
    # ten squares away with MA 3: out of reach, it stops
    assert refine(far.match.pending, far.match.state, ("end",)) == ("end",)
