"""The turn clock with no page open: beat's sweep finds the live matches
whose coach is out of time and ends each such turn once."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from matches.live.models import LiveMatch
from matches.live.selectors import live_clocks_due, live_engine, side_coach_id
from matches.live.services import live_match_accept, live_match_decide, live_match_open
from matches.tasks import live_clocks_sweep_task
from tests.factories import draft_team
from tests.matches.conftest import one_match
from tests.matches.live.conftest import quick_choice


def _at_end_of_turn(match, home_coach, away_coach) -> LiveMatch:
    """A live match between two coaches, played until the coach to decide
    may end his turn."""
    live = live_match_open(match_id=match.pk, user=home_coach)
    live = live_match_accept(live_id=live.pk, user=away_coach)
    users = {home_coach.pk: home_coach, away_coach.pk: away_coach}
    while ("end_turn",) not in (d := live_engine(live).pending).options:
        live = live_match_decide(
            live_id=live.pk,
            user=users[side_coach_id(live, d.team)],
            option_index=quick_choice(d.options),
        )
    return live


def _started(live: LiveMatch, seconds_ago: int) -> None:
    LiveMatch.objects.filter(pk=live.pk).update(
        clock_started_at=timezone.now() - timedelta(seconds=seconds_ago)
    )


def test_a_clock_is_due_once_its_turn_seconds_have_passed(fixture_match, bob, charlie):
    live = _at_end_of_turn(fixture_match, bob, charlie)
    start = LiveMatch.objects.get(pk=live.pk).clock_started_at
    assert live.turn_seconds == 240

    assert live_clocks_due(start + timedelta(seconds=239)) == []
    assert live_clocks_due(start + timedelta(seconds=240)) == [live.pk]
    # a match not being played has no clock running
    LiveMatch.objects.filter(pk=live.pk).update(state=LiveMatch.State.CONCEDED)
    assert live_clocks_due(start + timedelta(seconds=240)) == []


def test_beat_ends_exactly_the_overdue_turn_with_no_page_open(
    sevens, fixture_match, bob, charlie, dave
):
    assert (
        settings.CELERY_BEAT_SCHEDULE["live-turn-clocks"]["task"]
        == live_clocks_sweep_task.name
    )
    late = _at_end_of_turn(fixture_match, bob, charlie)
    other = one_match(
        sevens,
        draft_team(sevens, dave, roster="orc", name="Dave's Orcs"),
        draft_team(sevens, charlie, roster="human", name="Charlie's Seconds"),
        seed=32,
    )
    in_time = _at_end_of_turn(other, dave, charlie)
    _started(late, 241)  # out of time by one second
    _started(in_time, 200)
    before = {
        pk: list(LiveMatch.objects.get(pk=pk).decisions) for pk in (late.pk, in_time.pk)
    }
    side = live_engine(late).pending.team

    live_clocks_sweep_task()  # what beat runs (eager in the tests)

    late.refresh_from_db()
    added = late.decisions[len(before[late.pk]) :]
    assert added == [["end_turn"]]  # one turn ended, by its clock
    d = live_engine(late).pending
    assert d.team != side  # the other coach decides now, on a fresh clock
    assert timezone.now() - late.clock_started_at < timedelta(seconds=5)
    assert LiveMatch.objects.get(pk=in_time.pk).decisions == before[in_time.pk]

    # idempotent: the sweep again ends nothing more
    live_clocks_sweep_task()
    assert LiveMatch.objects.get(pk=late.pk).decisions == late.decisions
    assert LiveMatch.objects.get(pk=in_time.pk).decisions == before[in_time.pk]


def test_against_the_bot_each_of_the_coachs_turns_gets_a_fresh_clock(
    sevens, fixture_match, bob
):
    # given a game against the bot, at Bob's turn, his clock started 200 s ago
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    while ("end_turn",) not in (d := live_engine(live).pending).options:
        live = live_match_decide(
            live_id=live.pk, user=bob, option_index=quick_choice(d.options)
        )
    _started(live, 200)
    turn = tuple(live_engine(live).state.turn)

    # when he ends his turn and the bot plays its own
    live = live_match_decide(
        live_id=live.pk, user=bob, option_index=d.options.index(("end_turn",))
    )

    # then his next turn starts on a fresh clock (it used to run on from
    # the first, and beat ended every turn of his once it had run out)
    m = live_engine(live)
    assert m.pending.team == d.team == "home"
    assert tuple(m.state.turn) != turn
    stored = LiveMatch.objects.get(pk=live.pk).clock_started_at
    assert timezone.now() - stored < timedelta(seconds=5)
    assert live_clocks_due(timezone.now() + timedelta(seconds=200)) == []
