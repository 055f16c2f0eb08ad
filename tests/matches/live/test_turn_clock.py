"""The turn clock is one budget per coach for each team turn and each set-up
(docs/coach.md "Play live": "started afresh for each of his turns and
set-ups"): it runs only while that coach decides, waits while the other
coach (or the bot) decides within the turn, and starts again only with a
new team turn or set-up. A coach out of time on the coin toss still sets up
himself ("the next set-up is still yours")."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.live.games import game_bot_choice
from matches.live.models import LiveMatch
from matches.live.selectors import live_clocks_due, live_engine, live_state_now
from matches.live.services import (
    LiveRefused,
    live_match_accept,
    live_match_clock,
    live_match_decide,
    live_match_open,
)
from matches.tasks import live_clocks_sweep_task
from tests.factories import make_member
from tests.matches.conftest import db_state, one_match
from tests.matches.live.conftest import refused_code

SECONDS = timedelta(seconds=1)
# The live game of the Sevens fixture (its own dice: seed 31) five decisions
# in, at the start of the Humans' (Charlie's, away) first turn: a Human
# Lineman Blitzes an Orc and walks up beside him, where two more Orcs
# assist: the Orc side is the stronger, so two block dice are rolled and
# Bob, the defender's coach, picks one (BB2020 "Block Actions": "the coach
# of the stronger player chooses"). The players by their place in the game
# (home's seven, then away's): the Blitzer, away's second; the Orc, home's
# first. The squares the Blitzer walks.
BLITZER, ORC = 8, 0
WALK = (52, 31, 30, 49, 68, 87)


def _to_the_block(pid: list[int]) -> list[tuple]:
    """The Blitz up to the Block, with the players' ids."""
    return [
        ("activate", pid[BLITZER], "blitz"),
        ("nominate", pid[ORC]),
        *(("move", square) for square in WALK),
    ]


def _block(m) -> tuple:
    return ("block", m.state.pid[ORC])


class Clock:
    """``timezone.now`` held at ``self.now``, moved by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = timezone.now().replace(microsecond=0)
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def advance(self, seconds: int) -> datetime:
        self.now += seconds * SECONDS
        return self.now


def _at_the_blitz(live: LiveMatch, clock: Clock, used: int) -> LiveMatch:
    """``live`` stored just before Charlie's Block, his clock having run
    ``used`` seconds of his turn."""
    m = live_engine(live)
    while len(m.decisions) < 5:
        m.apply(game_bot_choice(live, m))
    for choice in _to_the_block(m.state.pid):
        m.apply(choice)
    assert (m.pending.team, m.pending.kind) == ("away", "move")
    assert _block(m) in m.pending.options
    LiveMatch.objects.filter(pk=live.pk).update(
        decisions=[list(c) for c in m.decisions],
        clock_started_at=clock.now - used * SECONDS,
    )
    live.refresh_from_db()
    return live


def _blocks(live: LiveMatch, coach) -> LiveMatch:
    m = live_engine(live)
    return live_match_decide(
        live_id=live.pk, user=coach, option_index=m.pending.options.index(_block(m))
    )


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def _charlie_blocks_and_bob_picks_the_die(live, clock, bob, charlie):
    """Charlie (100 s of his turn used) Blocks at ``clock.now``; Bob takes
    30 s to pick the die. Returns the live match and the time of the
    Block."""
    live = _at_the_blitz(live, clock, used=100)
    blocked_at = clock.now
    turn = tuple(live_engine(live).state.turn)
    live = _blocks(live, charlie)
    d = live_engine(live).pending
    assert (d.team, d.kind) == ("home", "block_die")
    # Bob's own clock for Charlie's turn runs while he picks
    assert live.clock_started_at == blocked_at
    clock.advance(30)
    live = live_match_decide(
        live_id=live.pk, user=bob, option_index=d.options.index(("die", "push"))
    )
    m = live_engine(live)
    assert m.pending.team == "away"  # still Charlie's turn: he pushes
    assert tuple(m.state.turn) == turn
    return live, blocked_at


def test_the_defender_picking_the_block_dice_pauses_the_attackers_clock(
    fixture_match, bob, charlie, clock
):
    """BB2020 "Block Actions": the stronger defender's coach chooses the
    die, within the attacker's turn. Charlie had used 100 s of his 240 when
    he Blocked; Bob's 30 s on the die are not Charlie's: 140 s are left to
    him, and the page counts them down (not a new 240 s)."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)

    live, blocked_at = _charlie_blocks_and_bob_picks_the_die(live, clock, bob, charlie)

    live.refresh_from_db()
    # 140 s left at blocked_at + 30 s: as if started 70 s before the Block
    assert live.clock_started_at == blocked_at - 70 * SECONDS
    # and Bob's clock for Charlie's turn waits, 30 s used
    assert live.paused_clock_used == 30 * SECONDS
    state = live_state_now(live.pk)
    assert state["clock"] == {
        "started": (blocked_at - 70 * SECONDS).isoformat(),
        "seconds": 240,
    }


def test_the_sweep_ends_the_turn_exactly_when_the_budget_is_spent(
    fixture_match, bob, charlie, clock
):
    """Charlie's 240 s: 100 s before the Block, none while Bob picks the
    die (30 s), so they run out 140 s after Bob picked, not earlier and not
    240 s after. The sweep then ends his turn and Bob's starts on a whole
    clock, though Bob used 30 s of his in Charlie's turn."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    live, blocked_at = _charlie_blocks_and_bob_picks_the_die(live, clock, bob, charlie)
    out_of_time = blocked_at + 170 * SECONDS

    assert live_clocks_due(out_of_time - timedelta(microseconds=1)) == []
    assert live_clocks_due(out_of_time) == [live.pk]
    clock.now = out_of_time - SECONDS
    assert live_match_clock(live_id=live.pk) is False  # one second left
    n = len(live.decisions)

    clock.now = out_of_time
    live_clocks_sweep_task()

    live.refresh_from_db()
    assert len(live.decisions) > n
    assert live.decisions[-1] == ["end_turn"]
    m = live_engine(live)
    assert (m.pending.team, m.state.tname(m.state.active)) == ("home", "home")
    # a new team turn: Bob's whole 240 s from now
    assert live.clock_started_at == out_of_time
    assert live_clocks_due(out_of_time + 239 * SECONDS) == []


def test_a_bot_reaction_does_not_restart_the_coachs_clock(
    sevens, fixture_match, charlie, clock
):
    """Against the bot, the bot (the Orcs) picks the die of Charlie's Block
    within Charlie's turn: his clock goes on with the 100 s he had used."""
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=charlie, against_bot=True)
    assert (live.home_bot, live.away_bot) == (True, False)
    live = _at_the_blitz(live, clock, used=100)
    blocked_at = clock.now
    turn = tuple(live_engine(live).state.turn)
    n = len(live.decisions)
    block = _block(live_engine(live))

    live = _blocks(live, charlie)

    live.refresh_from_db()
    m = live_engine(live)
    assert live.decisions[n] == list(block)
    assert live.decisions[n + 1][0] == "die"  # the bot's pick
    assert m.pending.team == "away"
    assert tuple(m.state.turn) == turn
    assert live.clock_started_at == blocked_at - 100 * SECONDS


def test_a_new_team_turn_starts_a_whole_clock(fixture_match, bob, charlie, clock):
    """Once Charlie's turn ends (he ends it 60 s after Bob picked the die),
    Bob's team turn begins on a whole 240 s, and so does Charlie's next."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    live, _ = _charlie_blocks_and_bob_picks_the_die(live, clock, bob, charlie)
    users = {"home": bob, "away": charlie}

    for team in ("home", "away"):
        ended_at = clock.advance(60)
        while (m := live_engine(live)).state.tname(m.state.active) != team:
            d = m.pending
            end = ("end_turn",)
            live = live_match_decide(
                live_id=live.pk,
                user=users[d.team],
                option_index=d.options.index(end) if end in d.options else 0,
            )
        assert m.pending.team == team
        live.refresh_from_db()
        assert live.clock_started_at == ended_at


def _dungeon_team(league, coach, college, lineman, name):
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=college,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


def test_out_of_time_on_the_coin_toss_the_set_up_is_still_the_coachs(
    alice, bob, charlie, clock
):
    """Dungeon Bowl's coin toss winner chooses his End Zone and deploys
    first. Out of time on that choice, the clock chooses it and no more:
    "the next set-up is still yours", on a clock of its own."""
    league = league_create(
        commissioner=alice, name="Deep Dungeon", format="dungeon-bowl"
    )
    home = _dungeon_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Shadows"
    )
    away = _dungeon_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Fire"
    )
    match = one_match(league, home, away, seed=777)
    live = live_match_open(match_id=match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    d = live_engine(live).pending
    assert d.kind == "end_zone"
    clock.advance(240)

    assert live_match_clock(live_id=live.pk) is True

    live.refresh_from_db()
    assert len(live.decisions) == 1  # the End Zone, chosen by the clock
    m = live_engine(live)
    assert (m.pending.team, m.pending.kind) == (d.team, "setup")
    assert live.clock_started_at == clock.now


def _live_row(live: LiveMatch) -> tuple:
    return tuple(
        LiveMatch.objects.filter(pk=live.pk).values_list(
            "state", "decisions", "clock_started_at", "paused_clock_used", "updated_at"
        )[0]
    )


def test_a_coach_out_of_time_cannot_decide_until_the_clock_ends_his_turn(
    client, fixture_match, bob, charlie, clock
):
    """docs/coach.md "Play live": when the clock runs out, "the turn ends".
    Charlie wins the coin toss and receives with 1 s of his 240 left; Bob's
    set-up then runs on a clock of its own. Once its 240 s are spent, Bob's
    set-up (a formation or one placed by hand) is refused (``out_of_time``,
    nothing written) until the clock ends it, however soon he clicks after
    the clock ran out and before the sweep comes round."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    assert (live_engine(live).pending.team, live.clock_started_at) == (
        "away",
        clock.now,
    )
    clock.advance(239)
    live = live_match_decide(live_id=live.pk, user=charlie, option_index=1, at=0)
    assert live.decisions == [["receive"]]
    d = live_engine(live).pending
    assert (d.team, d.kind) == ("home", "setup")
    assert live.clock_started_at == clock.now
    clock.advance(240)
    before = (db_state(), _live_row(live))

    with pytest.raises(LiveRefused) as exc:
        live_match_decide(live_id=live.pk, user=bob, option_index=0, at=1)
    assert exc.value.code == "out_of_time"
    client.force_login(bob)
    for name, body in (
        ("web:live:decide", {"option": 0, "at": 1}),
        ("web:live:setup", {"placement": [[1, 1]], "at": 1}),
    ):
        response = client.post(
            reverse(name, args=[live.pk]),
            json.dumps(body),
            content_type="application/json",
        )
        assert response.status_code == 409, name
        assert refused_code(response) == "out_of_time", name
    assert (db_state(), _live_row(live)) == before

    # the clock sets Bob up (the bot's set-up) and Charlie's set-up begins
    assert live_match_clock(live_id=live.pk) is True
    live.refresh_from_db()
    assert len(live.decisions) == 2
    d = live_engine(live).pending
    assert (d.team, d.kind) == ("away", "setup")
