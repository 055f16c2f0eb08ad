"""The bots and BB2025's decisions: the scripted bot declares Secure the Ball
(a flat 2+) where the pick-up would be harder, and a normal pick-up where it
is easy; both bots answer the Prayers to Nuffle questions, deterministic
under a seed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import FixedDice, RandomDice
from engine.core.events import Reroll
from engine.match import Match
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025

SECURE = "secure_the_ball"

# A stands two squares from the loose ball; the nearest opponent, b, is
# five squares from it (Secure the Ball is offered).
LOOSE = """
    A.*....b
"""


def first_activation(**kw: object) -> tuple[Scenario, tuple[object, ...]]:
    sc = Scenario(LOOSE, ruleset="bb2025", **kw)  # type: ignore[arg-type]
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"
    assert ("activate", sc.id("A"), SECURE) in d.options
    return sc, make_bot("scripted", 1).choose(d, sc.match.state)


@pytest.mark.parametrize(
    "kw",
    [
        {"weather": "pouring_rain"},  # AG 3+ in the rain: a 4+ pick-up
        {"stats": {"A": {"ag": 4}}},  # AG 4+: a 4+ pick-up
    ],
)
def test_a_risky_pick_up_is_secured(kw: dict[str, object]) -> None:
    sc, choice = first_activation(**kw)
    assert choice == ("activate", sc.id("A"), SECURE)


@pytest.mark.parametrize(
    "kw",
    [
        {"stats": {"A": {"ag": 2}}},  # a 2+ pick-up: no better secured
        {"skills": {"A": ["sure-hands"]}},  # AG 3+ with a Sure Hands re-roll
    ],
)
def test_an_easy_pick_up_is_a_normal_one(kw: dict[str, object]) -> None:
    sc, choice = first_activation(**kw)
    assert choice[:2] == ("activate", sc.id("A"))
    assert choice[2] in ("move", "pass")


def test_a_ball_in_the_end_zone_it_scores_in_is_not_secured() -> None:
    """A ball secured scores no touchdown in that activation (bb2025.secure):
    in the End Zone the scripted coach picks it up in a Move and scores,
    even in the rain."""
    sc = Scenario("b.....A.*", ruleset="bb2025", weather="pouring_rain", origin=(17, 7))
    assert sc.pitch.xy(sc.sq(8, 0)) == (25, 7)
    d = sc.match.pending
    assert d is not None
    assert ("activate", sc.id("A"), SECURE) in d.options
    choice = make_bot("scripted", 1).choose(d, sc.match.state)
    assert choice[:2] == ("activate", sc.id("A"))
    assert choice[2] in ("move", "pass")


def test_the_secured_ball_is_picked_up_on_a_two() -> None:
    # In the rain A secures the ball: two squares, the pick-up 2.
    sc = Scenario(LOOSE, ruleset="bb2025", weather="pouring_rain", dice=[2])
    _play_home_until_held(sc)
    assert sc.match.state.carrier == sc.p("A")


def _play_home_until_held(sc: Scenario) -> None:
    """The scripted bot plays the home team until someone holds the ball
    (or the team turn ends)."""
    bot = make_bot("scripted", 1)
    g = sc.match.state
    while (d := sc.match.pending) is not None and d.team == "home":
        sc.match.apply(bot.choose(d, g))
        if g.carrier >= 0:
            break


def test_bb2020_offers_no_secure_the_ball() -> None:
    sc = Scenario(LOOSE, ruleset="bb2020", weather="pouring_rain")
    d = sc.match.pending
    assert all(o[-1] != SECURE for o in d.options)


def test_the_prayers_questions_answered_by_both_bots() -> None:
    for kind in ("random", "scripted"):
        # D16 4 Iron Man (a player to choose), D16 16 Intensive Training
        # (D16 7: a skill to choose)
        h = replace(default_team_sheet("human", BB2025, first_id=1), prayers=2)
        a = default_team_sheet("orc", BB2025, first_id=101)
        m = Match(BB2025, h, a, FixedDice([2, 3, 3, 4, 4, 16, 7, 6, 1]))
        bot = make_bot(kind, 3)
        seen = []
        while m.pending is not None and m.pending.kind != "kick_or_receive":
            seen.append(m.pending.kind)
            m.apply(bot.choose(m.pending, m.state))
        assert seen == ["prayer_player", "prayer_skill"]


def _game(seed: int) -> list[dict[str, object]]:
    h = replace(default_team_sheet("human", BB2025, first_id=1), prayers=3, mascot=True)
    a = replace(default_team_sheet("orc", BB2025, first_id=101), prayers=3)
    m = Match(BB2025, h, a, RandomDice(seed))
    play(m, make_bot("scripted", seed), make_bot("random", seed + 1))
    return [e.to_dict() for e in m.events]


def test_the_bots_stay_deterministic_under_a_seed() -> None:
    assert _game(11) == _game(11)


def test_the_scripted_bot_trains_block_first() -> None:
    # D16 16 Intensive Training; D16 7: a Human lineman (General skills).
    h = replace(default_team_sheet("human", BB2025, first_id=1), prayers=1)
    a = default_team_sheet("orc", BB2025, first_id=101)
    m = Match(BB2025, h, a, FixedDice([2, 3, 3, 4, 16, 7, 6, 1]))
    d = m.pending
    assert d is not None
    assert make_bot("scripted", 1).choose(d, m.state) == ("skill", "block")


def test_a_failed_secure_is_team_re_rolled() -> None:
    # In the rain A secures the ball and rolls a 1: the ball is lost unless
    # re-rolled, so the team re-roll is used (the 2 then picks it up).
    sc = Scenario(
        LOOSE, ruleset="bb2025", weather="pouring_rain", dice=[1, 2], rerolls=(1, 0)
    )
    _play_home_until_held(sc)
    assert [r.purpose for r in sc.events(Reroll)] == [SECURE]
    assert sc.match.state.carrier == sc.p("A")
