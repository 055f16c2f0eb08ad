"""A match whose result something else gives is not the engine's to play:
a live game under way in the browser, or a coach's report waiting for the
other coach (or the commissioner). Asking for it is refused up front with
a code, writing nothing (before, a live game's resolution never finished,
and played on the spot it replayed the match for ever; a waiting report
was overtaken by the engine's result and could no longer stand)."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from league.models import League
from matches.live.services import live_match_accept, live_match_open
from matches.models import Match, MatchResult, ReportSubmission, TaskProgress
from matches.reports.confirmation import report_confirm
from matches.reports.report import match_submit_report
from matches.resolution.progress import match_resolve_start, season_resolve_start
from matches.resolution.resolve import match_resolve
from tests.factories import draft_team
from tests.matches.conftest import codes, db_state, one_match, score_report
from tests.world import api_as


@pytest.fixture
def match(sevens, bob, charlie):
    home = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    return one_match(sevens, home, away, seed=31)


@pytest.fixture
def waiting(match, sevens, bob, django_capture_on_commit_callbacks):
    """Bob's report of the match, waiting for Charlie to answer it."""
    League.objects.filter(pk=sevens.pk).update(report_confirmation_days=3)
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 0), actor=bob
        )
    assert isinstance(sub, ReportSubmission)
    return sub


def test_a_match_played_live_is_not_resolved_by_the_engine(match, alice, bob, charlie):
    # given a live game under way
    live = live_match_open(match_id=match.pk, user=bob)
    live_match_accept(live_id=live.pk, user=charlie)
    before = db_state()

    # when the commissioner asks the engine to play it
    with pytest.raises(ServiceError) as exc:
        match_resolve_start(match_id=match.pk, actor=alice)

    # then it is refused, and no progress waits on the game
    assert codes(exc) == [("live_match", None)]
    assert db_state() == before
    assert not TaskProgress.objects.exists()


def test_the_api_refuses_a_match_played_live_in_its_error_shape(
    match, alice, bob, charlie
):
    live = live_match_open(match_id=match.pk, user=bob)
    live_match_accept(live_id=live.pk, user=charlie)
    before = db_state()

    # played on the spot (eager tasks), this request used to never return
    response = api_as(alice).post(f"/api/matches/{match.pk}/resolve/", format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("live_match", None)
    ]
    assert db_state() == before


def test_a_match_with_a_report_waiting_is_not_resolved_by_the_engine(
    match, waiting, alice, charlie
):
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_resolve_start(match_id=match.pk, actor=alice)

    assert codes(exc) == [("report_waiting", None)]
    assert db_state() == before
    # and the report still stands once the other coach confirms it
    result = report_confirm(submission_id=waiting.pk, actor=charlie)
    assert (result.home_score, result.away_score) == (2, 0)


def test_a_report_sent_after_the_resolution_started_is_not_overtaken(
    match, sevens, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a resolution asked for (its task not run yet), then a coach's
    # report of the match waiting for the other coach
    progress, _ = season_resolve_start(
        season_id=match.season_id, scope="season", actor=alice
    )
    assert progress.match_ids == [match.pk]
    League.objects.filter(pk=sevens.pk).update(report_confirmation_days=3)
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 0), actor=bob
        )

    # when the worker gets to the match
    assert match_resolve(match_id=match.pk) is False

    # then the engine left it to the report, which stands once confirmed
    assert not MatchResult.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    result = report_confirm(submission_id=sub.pk, actor=charlie)
    assert (result.home_score, result.away_score) == (2, 0)
