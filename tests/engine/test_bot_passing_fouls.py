"""The scripted bot's passing game and Fouls: the odds it weighs them by
(from the rulebook's tables) and when it plays them."""

from __future__ import annotations

import pytest

from engine.bots.context import Ctx
from engine.bots.fouls import break_chance, try_foul
from engine.bots.passplay import interceptors, pass_odds
from engine.bots.scripted import ScriptedBot
from engine.core.events import Foul
from engine.tools.scenario import Scenario
from engine.variants.base import match_variant


def _ctx(sc: Scenario) -> Ctx:
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"
    return Ctx(sc.match.state, 0, d.options)


def test_break_chance_is_2d6_plus_assists_reaching_armour() -> None:
    # BB2020 AV is a target number: AV 8+ breaks on 8 or more, 15 of 36;
    # one assist: 7 or more, 21 of 36
    bb2020 = match_variant("bb2020").armour_broken
    assert break_chance(8, 0, bb2020) == pytest.approx(15 / 36)
    assert break_chance(8, 1, bb2020) == pytest.approx(21 / 36)
    assert break_chance(7, 0, bb2020) == pytest.approx(21 / 36)
    assert break_chance(9, -1, bb2020) == pytest.approx(6 / 36)
    assert break_chance(2, 0, bb2020) == 1.0
    assert break_chance(13, 0, bb2020) == 0.0


def test_break_chance_follows_the_formats_armour_rule() -> None:
    # the classic game: the total must beat its AV, one less than BB2020's
    # target number: an AV 9+ player (classic AV 8) breaks on 9 or more,
    # as in BB2020
    classic = match_variant("classic").armour_broken
    assert break_chance(9, 0, classic) == pytest.approx(10 / 36)
    assert break_chance(8, 1, classic) == pytest.approx(21 / 36)


def test_pass_odds_are_the_test_the_interception_and_the_catch() -> None:
    # A (PA 3+) to B five squares away: a Short pass, 3+ at -1 = 4+ (1/2);
    # B catches an accurate pass on 3+ (AG 3+: 4/6): 1/3 in all
    sc = Scenario(
        """
        .......
        .A....B
        .......
    """,
        stats={"A": {"pa": 3}},
        ball="A",
    )
    c = _ctx(sc)
    a, b = sc.p("A"), sc.p("B")
    g = sc.match.state
    assert pass_odds(c, a, g.pos[a], b, g.pos[b]) == pytest.approx(1 / 3)
    assert interceptors(c, g.pos[a], g.pos[b]) == []


def test_an_opponent_in_the_way_may_intercept() -> None:
    # c on the line, marking neither: intercepts on a 6 (AG 3+ at -3)
    sc = Scenario(
        """
        .......
        .A..c.B
        .......
    """,
        stats={"A": {"pa": 3}},
        ball="A",
    )
    c = _ctx(sc)
    g = sc.match.state
    a, b = sc.p("A"), sc.p("B")
    assert interceptors(c, g.pos[a], g.pos[b]) == [sc.p("c")]
    assert pass_odds(c, a, g.pos[a], b, g.pos[b]) == pytest.approx(1 / 3 * 5 / 6)


@pytest.mark.parametrize(("av", "fouls"), [(9, False), (8, True)])
def test_a_foul_only_when_the_armour_likely_breaks(av: int, fouls: bool) -> None:
    # C assists (+1): AV 9+ breaks on 2D6 of 8+ (15/36 < 1/2), AV 8+ on 7+
    # (21/36)
    sc = Scenario(
        """
        .....
        .Ab..
        ..C..
    """,
        prone="b",
        stats={"b": {"av": av}},
    )
    it = try_foul(_ctx(sc))
    if not fouls:
        assert it is None
        return
    assert it is not None
    assert (it.action, it.after) == ("foul", ("foul", sc.p("b")))


def test_the_bot_fouls_the_planned_victim() -> None:
    # armour 4 + 5 + 1 beats 7 (no double: not sent off); injury 1 + 2
    sc = Scenario(
        """
        .....
        .Ab..
        ..C..
    """,
        prone="b",
        stats={"b": {"av": 7}},
        dice=[4, 5, 1, 2],
    )
    bot = ScriptedBot(1)
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))
    fouls = sc.events(Foul)
    assert len(fouls) == 1
    assert fouls[0].victim == sc.id("b")
