"""BB2025 Infamous Coaching Staff: Josef Bugman (tables.md "Inducements",
0-1 at 100,000): "once per game after set-up re-set-up D3 of your players"
(engine/variants/bb2025/bugman.py). After both set-ups and before the kick
is placed, his coach may use him: a D3, then up to that many of his players
on the pitch set up again, one by one, the set-up legal after each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.bots import make_bot
from engine.core.dice import FixedDice, RandomDice
from engine.core.errors import IllegalChoice
from engine.core.events import Induced, SetUp
from engine.core.model import TeamSheet
from engine.core.pitch import F_WIDE_HIGH, F_WIDE_LOW
from engine.core.state import PITCH, GameState
from engine.rules.inducements import bugman_sheet
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025, Variant
from engine.variants.bb2025.bugman import BUGMAN_SETUP_USED, may_re_set_up

BUGMAN_HOME, BUGMAN_AWAY = 999, 998


def sheets(rs: Variant, home: bool, away: bool) -> tuple[TeamSheet, TeamSheet]:
    """Humans (home) and Orcs (away), with Josef Bugman where asked."""
    h = default_team_sheet("human", rs, first_id=1)
    a = default_team_sheet("orc", rs, first_id=101)
    if home:
        h = replace(
            h, players=(*h.players, bugman_sheet(BUGMAN_HOME, 99)), bugman=BUGMAN_HOME
        )
    if away:
        a = replace(
            a, players=(*a.players, bugman_sheet(BUGMAN_AWAY, 98)), bugman=BUGMAN_AWAY
        )
    return h, a


def start(
    dice: list[int | str],
    *,
    home: bool = True,
    away: bool = False,
    rs: Variant = BB2025,
) -> Match:
    """Home kicks; home sets up in the defence formation, away in the
    offence one (fans, weather 3+4, the toss; then ``dice``)."""
    m = Match(rs, *sheets(rs, home, away), FixedDice([2, 3, 3, 4, 6, 1, *dice]))
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    return m


def on_pitch(g: GameState, t: int) -> dict[int, int]:
    """Team ``t``'s players on the pitch: player id -> square."""
    return {
        g.pid[p]: g.pos[p] for p in range(g.n) if g.team[p] == t and g.box[p] == PITCH
    }


def at(g: GameState, x: int, y: int) -> int:
    """The player id on square (x, y)."""
    return g.pid[g.board[g.pitch.sq(x, y)]]


def induced(m: Match) -> list[tuple[str, int, tuple[int, ...], str]]:
    return [
        (e.team, e.player, e.dice, e.result)
        for e in m.events
        if isinstance(e, Induced) and e.what == "bugman_setup"
    ]


def test_offered_after_both_set_ups_only_to_the_team_with_bugman() -> None:
    m = start([])
    d = m.pending
    assert (d.team, d.kind, d.options) == (
        "home",
        "bugman_setup",
        (("use",), ("decline",)),
    )
    m.apply(("decline",))
    assert m.pending.kind == "kick_target"
    # Away has him (the receiving team): offered to away, not to home.
    m = start([], home=False, away=True)
    assert (m.pending.team, m.pending.kind) == ("away", "bugman_setup")
    m.apply(("decline",))
    assert m.pending.kind == "kick_target"
    # Nobody has him: straight to the kick.
    assert start([], home=False).pending.kind == "kick_target"


def test_both_have_him_the_kicking_team_first() -> None:
    m = start([1], away=True)
    assert (m.pending.team, m.pending.kind) == ("home", "bugman_setup")
    m.apply(("use",))
    m.apply(("done",))
    assert (m.pending.team, m.pending.kind) == ("away", "bugman_setup")
    m.apply(("decline",))
    assert m.pending.kind == "kick_target"


def test_the_d3_limits_the_count() -> None:
    m = start([2])  # the D3: 2
    g = m.state
    los = g.pitch.home_los_x
    m.apply(("use",))
    assert induced(m) == [("home", -1, (2,), "re-set-up")]
    d = m.pending
    assert (d.kind, d.info) == ("bugman_player", (2,))
    # eleven players and "done"
    assert len(d.options) == 12
    assert d.options[-1] == ("done",)
    # Two backfield players move one square towards the own end zone.
    first, second = at(g, los - 3, 7), at(g, los - 5, 7)
    m.apply(("player", first))
    assert m.pending.kind == "bugman_square"
    assert m.pending.player == first
    m.apply(("square", g.pitch.sq(los - 4, 7)))
    assert m.pending.info == (1,)
    assert ("player", first) not in m.pending.options  # each player once
    m.apply(("player", second))
    m.apply(("square", g.pitch.sq(los - 6, 7)))
    # two of two: the kick is next, no third player
    assert m.pending.kind == "kick_target"
    assert on_pitch(g, 0)[first] == g.pitch.sq(los - 4, 7)
    assert on_pitch(g, 0)[second] == g.pitch.sq(los - 6, 7)
    sq = g.pitch.sq
    assert induced(m)[1:] == [
        ("home", first, (), f"square {sq(los - 3, 7)} to {sq(los - 4, 7)}"),
        ("home", second, (), f"square {sq(los - 5, 7)} to {sq(los - 6, 7)}"),
    ]
    last = [e for e in m.events if isinstance(e, SetUp)][-1]
    assert last.team == "home"
    assert dict(last.placement) == on_pitch(g, 0)


def test_a_d3_of_one_re_sets_up_one_player() -> None:
    m = start([1])
    g = m.state
    los = g.pitch.home_los_x
    m.apply(("use",))
    assert m.pending.info == (1,)
    m.apply(("player", at(g, los - 3, 7)))
    m.apply(("square", g.pitch.sq(los - 4, 7)))
    assert m.pending.kind == "kick_target"


def test_an_illegal_set_up_is_refused() -> None:
    m = start([3])
    g = m.state
    los = g.pitch.home_los_x
    before = on_pitch(g, 0)
    m.apply(("use",))
    # A Line of Scrimmage player (the defence sets up three there, the
    # minimum) may not leave it...
    lineman = at(g, los, 7)
    m.apply(("player", lineman))
    with pytest.raises(IllegalChoice):
        m.apply(("square", g.pitch.sq(los - 2, 7)))
    # ... nor go into the other half; he may step along the Line.
    with pytest.raises(IllegalChoice):
        m.apply(("square", g.pitch.sq(los + 1, 7)))
    assert ("square", g.pitch.sq(los, 5)) in m.pending.options
    # his own square is always offered: putting him back changes nothing
    m.apply(("square", g.pitch.sq(los, 7)))
    assert on_pitch(g, 0) == before
    # Both wide zones hold two (the maximum): a centre player may not go in.
    wide = [g.pitch.flags[sq] & (F_WIDE_LOW | F_WIDE_HIGH) for sq in before.values()]
    assert wide.count(F_WIDE_LOW) == 2
    assert wide.count(F_WIDE_HIGH) == 2
    back = at(g, los - 3, 7)
    m.apply(("player", back))
    for y in (0, 1, 2, 3, 11, 12, 13, 14):
        with pytest.raises(IllegalChoice):
            m.apply(("square", g.pitch.sq(los - 3, y)))
    m.apply(("square", g.pitch.sq(los - 3, 4)))  # just outside the wide zone
    assert on_pitch(g, 0)[back] == g.pitch.sq(los - 3, 4)


def test_declining_changes_nothing_and_keeps_it_for_later() -> None:
    m = start([])
    g = m.state
    before = on_pitch(g, 0), on_pitch(g, 1)
    events = len(m.events)
    m.apply(("decline",))
    assert (on_pitch(g, 0), on_pitch(g, 1)) == before
    assert len(m.events) == events  # nothing happened
    assert may_re_set_up(g, 0)  # offered again after the next set-up


def test_once_per_game() -> None:
    m = start([2])
    m.apply(("use",))
    m.apply(("done",))  # used, even with nobody moved
    g = m.state
    assert g.effects[BUGMAN_SETUP_USED.format(0)] is True
    assert not may_re_set_up(g, 0)
    assert not may_re_set_up(g, 1)  # away has no Bugman


def offers(rs: Variant, seed: int, bot: str) -> list[tuple[str, str]]:
    """A whole game of two bots, both teams with Bugman: the Bugman
    decisions each coach got, in order, and the re-set-up events."""
    m = Match(rs, *sheets(rs, True, True), RandomDice(seed))
    bots = (make_bot(bot, seed), make_bot(bot, seed + 1))
    seen: list[tuple[str, str]] = []
    while m.pending is not None:
        d = m.pending
        if d.kind == "bugman_setup":
            seen.append((d.team, "offered"))
        choice = bots[d.team == "away"].choose(d, m.state)
        if d.kind == "bugman_setup":
            seen.append((d.team, str(choice[0])))
        m.apply(choice)
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_random_bot_uses_it_at_most_once_a_game(seed: int) -> None:
    seen = offers(BB2025, seed, "random")
    for team in ("home", "away"):
        mine = [what for who, what in seen if who == team]
        assert mine.count("use") <= 1
        if "use" in mine:  # never offered again once used
            assert mine[-1] == "use"
    assert offers(BB2025, seed, "random") == seen  # deterministic


def test_the_scripted_bot_declines_every_drive() -> None:
    seen = offers(BB2025, 4, "scripted")
    assert seen
    assert {what for _, what in seen} == {"offered", "decline"}


def test_bb2020_bugman_has_no_re_set_up() -> None:
    m = start([], away=True, rs=BB2020)
    assert m.pending.kind == "kick_target"
    assert offers(BB2020, 5, "random") == []
