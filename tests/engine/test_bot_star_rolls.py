"""The bots and the Star Players' rules of the star's own rolls, moves and
throws: the scripted bot's policy (engine.bots.stars.rolls) on each kind
of decision, and seeded
whole matches in which each of these stars takes the field, with the
invariants holding at every decision."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Match, RandomDice, default_team_sheet
from engine.bots import RandomBot, ScriptedBot
from engine.campaign.stars import STAR_ID_BASE, star_sheets
from engine.core.events import SkillUsed
from engine.core.rules_data import rules_data
from engine.core.state import Option
from engine.skills.stars.specs import PLAYS, ROLLS
from engine.tools.invariants import check
from engine.tools.scenario import Scenario
from engine.variants import get_variant
from tests.engine.test_stars_moves_and_throws import CHAIN, HAIL, LEAP, THROWER, _blast
from tests.engine.test_stars_rerolls import DODGE_ONE, PICKUP, scenario


def _bot(sc: Scenario) -> Option:
    d = sc.match.pending
    assert d is not None
    return ScriptedBot(1).choose(d, sc.match.state)


def test_bot_uses_blind_rage_on_a_failed_dauntless() -> None:
    sc = scenario(".Ab.", "akhorne-the-squirrel", dice=[2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert _bot(sc) == ("star", "blind-rage")


def test_bot_spends_an_any_die_rule_on_the_ball_not_on_a_trifle() -> None:
    # A failed pick-up matters (level 3): Consummate Professional is used.
    sc = scenario(PICKUP, "griff-oberwald", dice=[1])
    sc.act("A", "move")
    sc.move(1, 0)
    assert _bot(sc) == ("star", "consummate-professional")
    # A failed Stand Up in the first half (level 1): kept for later.
    up = scenario(".A.", "griff-oberwald", prone="A", dice=[3])
    up.match.state.ma[up.p("A")] = 2  # below 3: standing up needs 4+
    up.act("A", "move")
    d = up.match.pending
    assert d.kind == "reroll"
    assert ("star", "consummate-professional") in d.options
    assert _bot(up) == ("no_reroll",)


def test_bot_adds_strength_to_a_failed_dodge() -> None:
    sc = scenario(DODGE_ONE, "gretchen-wachter-the-blood-bowl-widow", dice=[1, 2])
    sc.act("A", "move")
    sc.move(2, 1)
    assert _bot(sc) == ("use", "incorporeal")


def test_bot_old_pro_rerolls_the_lower_armour_die() -> None:
    sc = scenario(".Ab.", "helmut-wulf", dice=["pow", 5, 2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("no_reroll")
    sc.choose("square", sc.sq(3, 0))
    sc.choose("stay")
    assert _bot(sc) == ("use", "old-pro", 1)


def test_bot_bounding_leap_when_marked() -> None:
    sc = scenario(LEAP, "rowana-forestfoot")
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))
    assert _bot(sc) == ("use", "bounding-leap")
    free = scenario("A....", "rowana-forestfoot")
    free.act("A", "move")
    free.choose("leap", free.sq(2, 0))
    assert _bot(free) == ("decline",)


def test_bot_shot_to_nothing_only_in_the_last_turn() -> None:
    sc = scenario(THROWER, "gloriel-summerbloom", ball="A")
    sc.act("A", "pass")
    assert _bot(sc) == ("decline",)
    last = scenario(THROWER, "gloriel-summerbloom", ball="A", turn=8)
    last.act("A", "pass")
    assert _bot(last) == ("use", "shot-to-nothing")


def test_bot_blast_it_keeps_a_ball_on_a_team_mate() -> None:
    on_b = scenario(HAIL, "barik-farblast", ball="A", dice=[4, 5, 6, 2])
    _blast(on_b)
    assert _bot(on_b) == ("use", "blast-it", "keep")
    off = scenario(HAIL, "barik-farblast", ball="A", dice=[4, 4, 4, 4])
    _blast(off)
    assert _bot(off) == ("use", "blast-it", "reroll")


def test_bot_whirling_dervish_rerolls_a_step_onto_a_team_mate() -> None:
    sc = scenario(CHAIN.replace("A.", "AB", 1), "fungus-the-loon", dice=[3])
    sc.act("A", "ball_and_chain")
    sc.choose("facing", 1, 0)  # 3: straight on, onto B
    assert _bot(sc) == ("use", "whirling-dervish")
    ok = scenario(CHAIN, "fungus-the-loon", dice=[3])
    ok.act("A", "ball_and_chain")
    ok.choose("facing", 1, 0)
    assert _bot(ok) == ("decline",)


def test_bot_interferes_with_yoink() -> None:
    from tests.engine.test_stars_moves_and_throws import _yoink

    sc = _yoink([5])
    assert ScriptedBot(2).choose(sc.match.pending, sc.match.state) == (
        "interfere_yoink",
        sc.id("a"),
    )


MINE = {s.slug for s in ROLLS + PLAYS}
ROSTERS = ("human", "orc", "dwarf", "halfling", "wood-elf", "vampire", "goblin")


@pytest.mark.slow
def test_each_star_with_a_roll_or_throw_rule_plays_whole_matches() -> None:
    rs = get_variant("bb2020")
    sp = rules_data("bb2020").star_players
    stars = sorted(
        (s for s in sp.values() if s.rule_slug in MINE), key=lambda s: s.slug
    )
    assert {s.rule_slug for s in stars} == MINE
    used: set[str] = set()
    for i, star in enumerate(stars):
        seed = 700 + i
        other = stars[(i + 5) % len(stars)]
        home = default_team_sheet(ROSTERS[i % len(ROSTERS)], rs, first_id=1)
        away = default_team_sheet(ROSTERS[(i + 3) % len(ROSTERS)], rs, first_id=101)
        home = dataclasses.replace(
            home,
            # ten of the roster and the star: the set-up (11 strongest)
            # cannot leave him out
            players=star_sheets(star, first_id=STAR_ID_BASE + 1, first_number=40)
            + home.players[:10],
        )
        away = dataclasses.replace(
            away,
            players=star_sheets(other, first_id=STAR_ID_BASE + 50, first_number=41)
            + away.players[:10],
        )
        m = Match(rs, home, away, RandomDice(seed))
        bots = (
            (ScriptedBot(seed), RandomBot(seed + 1))
            if i % 2
            else (RandomBot(seed), ScriptedBot(seed + 1))
        )
        steps = 0
        while m.pending is not None:
            assert check(m.state) == [], (star.slug, seed)
            d = m.pending
            m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
            steps += 1
            assert steps < 30_000, (star.slug, seed)
        assert m.done
        used |= {e.skill for e in m.events if isinstance(e, SkillUsed)} & MINE
    assert len(used) >= 5  # the rules come up in play (7 with these seeds)
