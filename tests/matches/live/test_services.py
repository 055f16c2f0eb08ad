"""Live play through the services: opening, accepting, deciding, refusals
that write nothing, the bot's side, the clock, the result and the replay."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from league.errors import ServiceError
from league.models import Team
from matches.commissioner.unplayed import match_record_unplayed
from matches.engine_bridge import engine_match
from matches.live import selectors, services
from matches.live.games import game_bot_choice, game_inputs
from matches.live.models import LiveMatch
from matches.live.referee import live_format_problem, replay_events
from matches.live.selectors import live_engine, live_state_now, side_coach_id
from matches.live.services import (
    LiveRefused,
    live_match_accept,
    live_match_clock,
    live_match_decide,
    live_match_open,
    live_match_withdraw,
)
from matches.models import Match, MatchEvent, MatchResult
from matches.resolution.resolve import match_resolve
from matches.seasons.rollover import season_close
from matches.seasons.selectors import season_standings
from matches.seasons.services import match_postpone
from tests.factories import draft_team
from tests.matches.conftest import db_state, one_match
from tests.matches.live.conftest import LIVE_SEED, play_out, quick_choice


def live_row(live: LiveMatch) -> tuple:
    return tuple(
        LiveMatch.objects.filter(pk=live.pk).values_list(
            "state", "decisions", "clock_started_at", "paused_clock_used", "updated_at"
        )[0]
    )


def refused(code: str, call, **kwargs) -> None:
    with pytest.raises(LiveRefused) as exc:
        call(**kwargs)
    assert exc.value.code == code


def test_a_coach_invites_the_other_who_accepts_and_the_rosters_freeze(
    fixture_match, bob, charlie
):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    assert live.state == LiveMatch.State.INVITED
    # its own dice, from a seed drawn in secret (the fixture's is public)
    assert live.seed == LIVE_SEED != fixture_match.seed
    assert live.turn_seconds == 240  # the league's default clock
    fixture_match.refresh_from_db()
    assert fixture_match.status == Match.Status.SCHEDULED

    live = live_match_accept(live_id=live.pk, user=charlie)

    assert live.state == LiveMatch.State.ACCEPTED
    fixture_match.refresh_from_db()
    assert fixture_match.status == Match.Status.IN_PROGRESS
    assert fixture_match.snapshots.count() == 2
    assert set(Team.objects.values_list("status", flat=True)) == {"playing"}
    # the first decision: the coin toss's winner kicks or receives
    d = live_engine(live).pending
    assert d.kind == "kick_or_receive"
    assert side_coach_id(live, "home") == bob.pk
    assert side_coach_id(live, "away") == charlie.pk


def test_the_opener_cannot_accept_and_an_outsider_cannot_open(fixture_match, bob, dave):
    refused("not_a_coach", live_match_open, match_id=fixture_match.pk, user=dave)
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    refused("not_invited", live_match_accept, live_id=live.pk, user=bob)
    refused("already_open", live_match_open, match_id=fixture_match.pk, user=bob)


def test_playing_the_bot_needs_the_league_option(fixture_match, sevens, bob):
    refused(
        "no_bot", live_match_open, match_id=fixture_match.pk, user=bob, against_bot=True
    )
    assert not LiveMatch.objects.exists()
    sevens.live_bot_allowed = True
    sevens.save()

    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)

    # Bob coaches the home side, the bot the away side: whatever the bot had
    # to decide first is decided and stored, and the next decision is Bob's.
    assert (live.home_bot, live.away_bot) == (False, True)
    m = engine_match(**game_inputs(live))
    for choice in live.decisions:
        assert m.pending.team == "away"
        m.apply(choice)
    assert m.pending.team == "home"
    assert live_engine(live).pending.team == "home"


def test_a_postponed_match_is_still_played_live(fixture_match, bob, charlie):
    # given the match postponed to a later round (it is still to be played)
    moved = match_postpone(match_id=fixture_match.pk)
    assert (moved.round, moved.postponed) == (2, True)

    # when Bob invites Charlie, who accepts
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)

    # then the match is played live in its new round
    assert live.state == LiveMatch.State.ACCEPTED
    fixture_match.refresh_from_db()
    assert (fixture_match.status, fixture_match.round) == (
        Match.Status.IN_PROGRESS,
        2,
    )


def test_an_invitation_survives_the_postponement_of_its_match(
    fixture_match, bob, charlie
):
    # given Bob's invitation, then the match postponed before Charlie answered
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    match_postpone(match_id=fixture_match.pk)

    # when Charlie accepts
    live = live_match_accept(live_id=live.pk, user=charlie)

    # then the match is under way
    assert live.state == LiveMatch.State.ACCEPTED
    fixture_match.refresh_from_db()
    assert fixture_match.status == Match.Status.IN_PROGRESS


def test_the_inviting_coach_withdraws_and_may_then_play_the_bot(
    fixture_match, sevens, bob
):
    # given a league that lets coaches play the bot, and Bob's invitation
    # that Charlie never answers (a no-show)
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    refused(
        "already_open",
        live_match_open,
        match_id=fixture_match.pk,
        user=bob,
        against_bot=True,
    )

    # when Bob withdraws the invitation
    match_id = live_match_withdraw(live_id=live.pk, user=bob)

    # then it is gone, the fixture still waits to be played, and Bob plays
    # the bot
    assert match_id == fixture_match.pk
    assert not LiveMatch.objects.exists()
    fixture_match.refresh_from_db()
    assert fixture_match.status == Match.Status.SCHEDULED
    against_bot = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    assert (against_bot.home_bot, against_bot.away_bot) == (False, True)
    assert LiveMatch.objects.get().pk == against_bot.pk


def test_only_the_inviting_coach_withdraws_an_invitation_waiting_for_an_answer(
    fixture_match, bob, charlie, dave
):
    # given Bob's invitation
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    before = (db_state(), live_row(live))

    # then an outsider and the invited coach may not withdraw it
    refused("not_a_coach", live_match_withdraw, live_id=live.pk, user=dave)
    refused("not_yours", live_match_withdraw, live_id=live.pk, user=charlie)
    refused("not_found", live_match_withdraw, live_id=live.pk + 1, user=bob)
    assert (db_state(), live_row(live)) == before

    # nor Bob once Charlie has accepted: the match is in play
    live = live_match_accept(live_id=live.pk, user=charlie)
    before = (db_state(), live_row(live))
    refused("not_invited", live_match_withdraw, live_id=live.pk, user=bob)
    assert (db_state(), live_row(live)) == before
    assert LiveMatch.objects.get().state == LiveMatch.State.ACCEPTED


def test_refusals_write_nothing(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    before = (db_state(), live_row(live))
    # not accepted yet
    refused("not_started", live_match_decide, live_id=live.pk, user=bob, option_index=0)
    assert (db_state(), live_row(live)) == before
    live = live_match_accept(live_id=live.pk, user=charlie)
    before = (db_state(), live_row(live))
    # the toss's winner decides first: the other coach may not, and the
    # winner must pick an option that exists on the board he saw
    users = {bob.pk: bob, charlie.pk: charlie}
    first = live_engine(live).pending.team
    decider = users[side_coach_id(live, first)]
    other = charlie if decider == bob else bob
    refused(
        "not_your_turn", live_match_decide, live_id=live.pk, user=other, option_index=0
    )
    refused(
        "bad_option", live_match_decide, live_id=live.pk, user=decider, option_index=2
    )
    refused(
        "bad_option", live_match_decide, live_id=live.pk, user=decider, option_index=-1
    )
    refused(
        "stale", live_match_decide, live_id=live.pk, user=decider, option_index=0, at=3
    )
    assert (db_state(), live_row(live)) == before

    live = live_match_decide(live_id=live.pk, user=decider, option_index=1, at=0)
    assert live.decisions == [["receive"]]


def test_a_whole_match_against_the_bot_feeds_the_league_and_replays(
    fixture_match, sevens, bob, django_capture_on_commit_callbacks
):
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)

    with django_capture_on_commit_callbacks(execute=True):
        made = play_out(live, {bob.pk: bob})

    live.refresh_from_db()
    assert live.state == LiveMatch.State.FINISHED
    assert live.clock_started_at is None
    # the hurried coach ends every turn at once: his decisions are few, the
    # bot's many (and all stored)
    assert 0 < made < len(live.decisions) / 4
    result = MatchResult.objects.get(match=fixture_match)
    m = live_engine(live)
    assert m.done
    assert (result.home_score, result.away_score) == m.result.score
    assert result.mode == Match.Mode.RESOLVED
    fixture_match.refresh_from_db()
    assert fixture_match.status in (Match.Status.POST_GAME, Match.Status.COMPLETE)
    # the standings count it
    rows = {row.team_id: row for row in season_standings(fixture_match.season)}
    assert rows[fixture_match.home_id].played == 1
    # the stored match replays to the events the league stored
    replayed = replay_events(game_inputs(live), live.decisions)
    stored = list(
        MatchEvent.objects.filter(match=fixture_match)
        .exclude(type="casualty_roll")
        .order_by("seq")
        .values_list("type", flat=True)
    )
    # (the post-game's own events follow the match's)
    assert stored[: len(replayed)] == [e["type"] for e in replayed]
    assert stored[len(replayed)].startswith("postgame")
    refused("finished", live_match_decide, live_id=live.pk, user=bob, option_index=0)


def test_a_coach_who_concedes_loses_the_match(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    users = {bob.pk: bob, charlie.pk: charlie}
    while True:
        d = live_engine(live).pending
        if ("concede",) in d.options:
            break
        live = live_match_decide(
            live_id=live.pk,
            user=users[side_coach_id(live, d.team)],
            option_index=quick_choice(d.options),
        )
    side = d.team
    live = live_match_decide(
        live_id=live.pk,
        user=users[side_coach_id(live, side)],
        option_index=d.options.index(("concede",)),
    )
    assert live.state == LiveMatch.State.CONCEDED
    result = MatchResult.objects.get(match=fixture_match)
    loser = fixture_match.home if side == "home" else fixture_match.away
    assert result.conceded_by == loser
    # Conceding: the other team gets one touchdown more than the conceder's.
    scores = (result.home_score, result.away_score)
    assert scores[0 if side == "home" else 1] == 0
    assert scores[1 if side == "home" else 0] >= 1


def test_the_clock_ends_the_turn_of_a_coach_out_of_time(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    users = {bob.pk: bob, charlie.pk: charlie}
    while ("end_turn",) not in (d := live_engine(live).pending).options:
        live = live_match_decide(
            live_id=live.pk,
            user=users[side_coach_id(live, d.team)],
            option_index=quick_choice(d.options),
        )
    assert not live_match_clock(live_id=live.pk)  # still in time
    n = len(live.decisions)
    LiveMatch.objects.filter(pk=live.pk).update(
        clock_started_at=timezone.now() - timedelta(seconds=241)
    )

    assert live_match_clock(live_id=live.pk)

    live.refresh_from_db()
    assert live.decisions[n] == ["end_turn"]
    assert live_engine(live).pending.team != d.team or len(live.decisions) > n + 1


def _one_move_before_scoring(fixture_match, bob, charlie, monkeypatch):
    """A game (its own dice: seed 2) stored one decision before a coach
    scores in his own turn, in the middle of a Move (his team, kicking
    next, sets up first), with 10 seconds left on his clock: the engine's
    game, the move that scores and the coach."""
    monkeypatch.setattr(services, "_secret_seed", lambda: 2)
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    m = live_engine(live)
    while True:
        choice = game_bot_choice(live, m)
        ahead = m.clone()
        ahead.apply(choice)
        new = [e.to_dict()["type"] for e in ahead.events[len(m.events) :]]
        if "touchdown" in new and ahead.pending.team == m.pending.team:
            break
        m = ahead
    assert m.pending.kind == "move"
    assert ("end_turn",) not in m.pending.options
    LiveMatch.objects.filter(pk=live.pk).update(
        decisions=[list(c) for c in m.decisions],
        clock_started_at=timezone.now() - timedelta(seconds=230),
    )
    live.refresh_from_db()
    coach = {bob.pk: bob, charlie.pk: charlie}[side_coach_id(live, m.pending.team)]
    return live, m, choice, coach


def test_a_coach_who_scores_gets_a_fresh_clock_to_set_up_the_next_drive(
    fixture_match, bob, charlie, monkeypatch
):
    live, m, choice, scorer = _one_move_before_scoring(
        fixture_match, bob, charlie, monkeypatch
    )
    started = timezone.now()

    # when he scores
    live = live_match_decide(
        live_id=live.pk,
        user=scorer,
        option_index=m.pending.options.index(choice),
        at=len(m.decisions),
    )

    # then his set-up is his next decision, with a clock of its own (it
    # went on from his turn's: the server set him up ten seconds later)
    live.refresh_from_db()
    assert live.decisions == [list(c) for c in (*m.decisions, choice)]
    d = live_engine(live).pending
    assert (d.team, d.kind) == (m.pending.team, "setup")
    assert live.clock_started_at >= started


def test_the_clock_ends_a_turn_and_leaves_the_next_set_up_to_its_coach(
    fixture_match, bob, charlie, monkeypatch
):
    # given a coach out of time in the middle of the Move that scores
    live, m, choice, _ = _one_move_before_scoring(
        fixture_match, bob, charlie, monkeypatch
    )
    LiveMatch.objects.filter(pk=live.pk).update(
        clock_started_at=timezone.now() - timedelta(seconds=241)
    )
    started = timezone.now()

    # when the clock ends his turn
    assert live_match_clock(live_id=live.pk) is True

    # then the bot finishes the Move (the touchdown) and no more: the set-up
    # of the next drive is the coach's, on a fresh clock
    live.refresh_from_db()
    assert live.decisions == [list(c) for c in (*m.decisions, choice)]
    d = live_engine(live).pending
    assert (d.team, d.kind) == (m.pending.team, "setup")
    assert live.clock_started_at >= started


def test_no_bot_resolves_a_match_the_coaches_are_playing(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live_match_accept(live_id=live.pk, user=charlie)

    assert match_resolve(match_id=fixture_match.pk) is False
    assert not MatchResult.objects.filter(match=fixture_match).exists()


def test_reports_and_resolution_name_the_live_states_in_play():
    # reports and resolution read a live match through the match's reverse
    # relation, by the states' values: the live match's accepted and playing
    from matches.prematch.kickoff import LIVE_IN_PLAY

    assert LIVE_IN_PLAY == (LiveMatch.State.ACCEPTED, LiveMatch.State.PLAYING)


def test_the_state_a_page_is_sent_names_who_decides(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    state = live_state_now(live.pk)
    assert (state["state"], state["board"]) == ("invited", None)
    live_match_accept(live_id=live.pk, user=charlie)

    state = live_state_now(live.pk)

    side = state["waiting_for"]
    assert state["waiting_coach_id"] == side_coach_id(LiveMatch.objects.get(), side)
    assert state["sides"]["home"]["coach"] == bob.username
    labels = [o["label"] for o in state["board"]["pending"]["options"]]
    assert labels == ["kick", "receive"]
    assert (state["board"]["width"], state["board"]["height"]) == (20, 11)


def test_the_match_a_process_keeps_is_the_one_the_database_rebuilds(
    fixture_match, sevens, bob, django_capture_on_commit_callbacks
):
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    for _ in range(5):
        d = live_engine(live).pending
        with django_capture_on_commit_callbacks(execute=True):
            live = live_match_decide(
                live_id=live.pk, user=bob, option_index=quick_choice(d.options)
            )

    kept = live_engine(live)
    selectors._SEEN.clear()
    rebuilt = live_engine(live)

    assert len(rebuilt.decisions) == len(live.decisions) == len(kept.decisions)
    assert [e.to_dict() for e in kept.events] == [e.to_dict() for e in rebuilt.events]
    assert kept.pending == rebuilt.pending
    # a copy: what a caller applies to it is not kept
    kept.apply(kept.pending.options[0])
    assert len(live_engine(live).decisions) == len(live.decisions)


def test_every_format_can_be_played_live():
    formats = ("bb2020", "sevens", "classic", "dungeon-bowl", "blitz-bowl")
    assert [live_format_problem(f) for f in formats] == [None] * 5


def test_a_blood_bowl_2020_match_against_the_bot_plays_to_the_end(
    eleven, bob, charlie, django_capture_on_commit_callbacks
):
    eleven.live_bot_allowed = True
    eleven.save()
    home = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    away = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    match = one_match(eleven, home, away, seed=2020)
    live = live_match_open(match_id=match.pk, user=bob, against_bot=True)

    with django_capture_on_commit_callbacks(execute=True):
        play_out(live, {bob.pk: bob})

    live.refresh_from_db()
    assert live.state == LiveMatch.State.FINISHED
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == live_engine(live).result.score
    # played to the final whistle: each team's eighth turn of the second half
    assert live_engine(live).state.half == 2
    assert live_engine(live).result.turns_played == (8, 8)


def test_a_live_game_under_way_is_neither_recorded_unplayed_nor_closed(
    fixture_match, alice, bob, charlie
):
    """A fixture "not played by the end of the time limit" is recorded
    unplayed (league_and_exhibition_play.md "League Fixtures"): one played
    live is being played, so the commissioner can neither record it unplayed
    nor close its season; both are refused, nothing is written, and the
    coaches play on."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    before = (db_state(), live_row(live))

    with pytest.raises(ServiceError) as unplayed:
        match_record_unplayed(match_id=fixture_match.pk, actor=alice)
    with pytest.raises(ServiceError) as closed:
        season_close(season_id=fixture_match.season_id, actor=alice)

    assert unplayed.value.violations[0].code == "in_progress"
    assert closed.value.violations[0].code == "season_unfinished"
    assert (db_state(), live_row(live)) == before
    d = live_engine(live).pending
    users = {bob.pk: bob, charlie.pk: charlie}
    live = live_match_decide(
        live_id=live.pk, user=users[side_coach_id(live, d.team)], option_index=1, at=0
    )
    assert live.decisions == [["receive"]]


def test_an_invitation_lapses_once_its_match_is_recorded_unplayed(
    fixture_match, alice, bob, charlie
):
    """An invitation not yet accepted does not stop the commissioner
    recording the fixture unplayed; it can then no longer be accepted nor
    played, and nothing is written by those refusals."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    match_record_unplayed(match_id=fixture_match.pk, actor=alice)
    before = (db_state(), live_row(live))

    refused("not_scheduled", live_match_accept, live_id=live.pk, user=charlie)
    refused("not_started", live_match_decide, live_id=live.pk, user=bob, option_index=0)

    assert (db_state(), live_row(live)) == before
    assert MatchResult.objects.get(match=fixture_match).mode == Match.Mode.UNPLAYED
