"""Any error the engine raises while it plays a match refuses that match
with a machine-readable reason (code, field, message), as a skill it does
not implement does: nothing of the attempt is written (no kick-off, no
result, no events but the refusal, no post-game), the rest of the round is
played, the progress counts it as refused, and the task is not retried."""

import dataclasses
import logging

import pytest
from django.db import OperationalError
from drf_spectacular.generators import SchemaGenerator

from engine.facade import CampaignError, IllegalSetup
from league.errors import ServiceError
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot, TaskProgress
from matches.prematch.kickoff import TeamNotReady
from matches.resolution import resolve
from matches.resolution.progress import (
    match_resolve_start,
    progress_counts,
    progress_refusals,
)
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, draft_team
from tests.league.conftest import api_as
from tests.matches.conftest import db_state, one_match

TOO_FEW = CampaignError(
    "too_few_players", "Gouged Eye cannot field 3 players", field="away.players"
)
BUG = "the match engine failed (KeyError); the server log has the details"


def _engine_raises(monkeypatch, exc: Exception, *, team_id: int | None = None):
    """The engine raises ``exc`` when it plays a match of ``team_id`` (any
    match when None); it plays the others."""
    real = resolve.engine_play

    def play(**inputs):
        sides = (inputs["home"]["team_id"], inputs["away"]["team_id"])
        if team_id is None or team_id in sides:
            raise exc
        return real(**inputs)

    monkeypatch.setattr(resolve, "engine_play", play)


def _refusal_events(match: Match) -> list[tuple[str, dict]]:
    return list(MatchEvent.objects.filter(match=match).values_list("type", "payload"))


def _unchanged_but_the_refusal(before, after, match: Match) -> bool:
    """The database as it was, but for the one refusal event of ``match``
    (and the progress records, which a test compares itself)."""
    refusal = MatchEvent.objects.get(match=match, type="resolve_refused")
    added = [e for e in after.events if e not in before.events]
    assert added == [(refusal.pk, match.pk, refusal.seq)]
    rest = dataclasses.replace(after, events=before.events, progress=before.progress)
    return rest == before


# --- the service --------------------------------------------------------------


def test_a_rule_error_of_the_engine_refuses_the_match_with_its_code(
    eleven, humans, orcs, monkeypatch
):
    # given a scheduled match the engine refuses with one of its rule errors
    match = one_match(eleven, humans, orcs, seed=7)
    _engine_raises(monkeypatch, TOO_FEW)
    before = db_state()

    # when the worker resolves it
    assert match_resolve(match_id=match.pk) is False

    # then nothing of the attempt stays (the kick-off undone: no snapshots,
    # teams ready again), and one event says why, machine-readable
    assert _unchanged_but_the_refusal(before, db_state(), match)
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED
    assert _refusal_events(match) == [
        (
            "resolve_refused",
            {
                "code": "too_few_players",
                "field": "away.players",
                "reason": "Gouged Eye cannot field 3 players",
            },
        )
    ]


def test_a_second_delivery_refused_for_the_same_reason_writes_nothing(
    eleven, humans, orcs, monkeypatch
):
    # given a match already refused once
    match = one_match(eleven, humans, orcs, seed=7)
    _engine_raises(monkeypatch, TOO_FEW)
    assert match_resolve(match_id=match.pk) is False
    before = db_state()

    # when the same task is delivered again and refused for the same reason
    assert match_resolve(match_id=match.pk) is False

    # then the database is as it was: one refusal on record
    assert db_state() == before
    assert len(_refusal_events(match)) == 1


def test_a_refusal_for_another_reason_is_recorded_after_the_first(
    eleven, humans, orcs, monkeypatch
):
    match = one_match(eleven, humans, orcs, seed=7)
    _engine_raises(monkeypatch, TOO_FEW)
    assert match_resolve(match_id=match.pk) is False

    _engine_raises(monkeypatch, IllegalSetup("only 2 players on the line of scrimmage"))
    assert match_resolve(match_id=match.pk) is False

    assert [p["code"] for _, p in _refusal_events(match)] == [
        "too_few_players",
        "illegal_setup",
    ]


def test_a_rule_error_without_a_code_is_named_by_its_kind(
    eleven, humans, orcs, monkeypatch
):
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, IllegalSetup("only 2 players on the line of scrimmage"))

    assert match_resolve(match_id=match.pk) is False

    assert _refusal_events(match) == [
        (
            "resolve_refused",
            {
                "code": "illegal_setup",
                "field": None,
                "reason": "only 2 players on the line of scrimmage",
            },
        )
    ]


def test_a_league_refusal_while_playing_keeps_its_code_and_field(
    eleven, humans, orcs, monkeypatch
):
    # a refusal of the league's own checks on the way (not a busy team)
    match = one_match(eleven, humans, orcs)
    _engine_raises(
        monkeypatch, ServiceError.one("invalid", "home.players", "no such player")
    )

    assert match_resolve(match_id=match.pk) is False

    assert _refusal_events(match) == [
        (
            "resolve_refused",
            {"code": "invalid", "field": "home.players", "reason": "no such player"},
        )
    ]


def test_a_busy_team_is_no_refusal(eleven, humans, orcs, monkeypatch):
    # a team still in its previous post-game: the task tries again soon
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, TeamNotReady("Gouged Eye is playing"))

    with pytest.raises(TeamNotReady):
        match_resolve(match_id=match.pk)

    assert MatchEvent.objects.filter(match=match).count() == 0


def test_a_bug_in_the_engine_is_refused_as_engine_error_and_logged(
    eleven, humans, orcs, monkeypatch, caplog
):
    # given an engine that breaks with an exception it does not mean
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, KeyError("secret internals"))
    before = db_state()

    # when the worker resolves the match
    with caplog.at_level(logging.ERROR, logger="matches.resolution.resolve"):
        assert match_resolve(match_id=match.pk) is False

    # then it is refused with the generic code, its reason naming only the
    # kind of error, and the log has the traceback
    assert _unchanged_but_the_refusal(before, db_state(), match)
    assert _refusal_events(match) == [
        ("resolve_refused", {"code": "engine_error", "field": None, "reason": BUG})
    ]
    (record,) = [r for r in caplog.records if r.name == "matches.resolution.resolve"]
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None
    assert record.exc_info[0] is KeyError


def test_an_error_saving_the_result_leaves_nothing_half_written(
    eleven, humans, orcs, monkeypatch
):
    # given an engine that plays the match, and a save that breaks after
    # the result and the events are written
    match = one_match(eleven, humans, orcs)
    real_save = resolve.match_engine_result_save

    def save_then_break(*args, **kwargs):
        real_save(*args, **kwargs)
        raise KeyError("after the save")

    monkeypatch.setattr(resolve, "match_engine_result_save", save_then_break)
    before = db_state()

    # when the worker resolves it
    assert match_resolve(match_id=match.pk) is False

    # then the result, the engine's events and the kick-off are undone
    assert _unchanged_but_the_refusal(before, db_state(), match)
    assert MatchResult.objects.filter(match=match).count() == 0
    assert RosterSnapshot.objects.filter(match=match).count() == 0
    assert [t for t, _ in _refusal_events(match)] == ["resolve_refused"]


def test_a_database_error_is_no_refusal(eleven, humans, orcs, monkeypatch):
    # a database failing is no fault of the match: the task tries again
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, OperationalError("connection lost"))

    with pytest.raises(OperationalError):
        match_resolve(match_id=match.pk)

    assert MatchEvent.objects.filter(match=match).count() == 0


# --- the API: one match, a round ------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_match_api_answers_the_engine_refusal(
    eleven, humans, orcs, alice, monkeypatch
):
    # given a scheduled match the engine breaks on
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, TOO_FEW)
    before = db_state()

    # when the commissioner asks the API to resolve it (eager: played in
    # the request)
    response = api_as(alice).post(f"/api/matches/{match.pk}/resolve/")

    # then 400 with the refusal, as a refusal up front answers, and the
    # database as it was but for the refusal and a finished progress
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "too_few_players",
            "field": "away.players",
            "message": "Gouged Eye cannot field 3 players",
        }
    ]
    assert _unchanged_but_the_refusal(before, db_state(), match)
    progress = TaskProgress.objects.get(kind="resolve_match")
    assert progress.finished_at is not None
    body = api_as(alice).get(f"/api/tasks/{progress.pk}/").json()
    assert (body["done"], body["total"], body["finished"]) == (0, 1, True)
    assert body["refused"] == [
        {
            "match": match.pk,
            "code": "too_few_players",
            "field": "away.players",
            "reason": "Gouged Eye cannot field 3 players",
        }
    ]
    # and the schema documents the answer as it is, refusals included
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    assert set(components["TaskOutput"]["properties"]) == set(body)
    assert set(components["TaskRefusalOutput"]["properties"]) == set(body["refused"][0])


@pytest.mark.django_db(transaction=True)
def test_a_round_resolve_plays_the_others_of_the_round(
    alice, bob, charlie, monkeypatch
):
    # given a four-team Sevens season, its first round two matches, the
    # engine breaking (a bug) on every match of one team
    league = LeagueFactory(name="Errors", format="sevens", commissioner=alice)
    teams = [
        draft_team(league, coach, roster=r, name=f"E{i}")
        for i, (coach, r) in enumerate(
            [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
        )
    ]
    season = season_create(league=league, name="S", seed=3)
    season_schedule(season_id=season.pk)
    _engine_raises(monkeypatch, KeyError("boom"), team_id=teams[0].pk)

    # when the commissioner resolves the round through the API
    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/resolve/", {"scope": "round"}, format="json"
    )

    # then the answer lists the refusal, the other match of the round was
    # played through its post-game, and the resolution finished
    assert response.status_code == 202
    progress = TaskProgress.objects.get(pk=response.json()["id"])
    refused, other = sorted(
        Match.objects.filter(pk__in=progress.match_ids),
        key=lambda m: teams[0].pk not in (m.home_id, m.away_id),
    )
    assert len(progress.match_ids) == 2
    expected = [
        {"match": refused.pk, "code": "engine_error", "field": None, "reason": BUG}
    ]
    assert response.json()["refused"] == expected
    assert progress_refusals(progress) == expected
    assert progress_counts(progress) == (1, 2)
    progress.refresh_from_db()
    assert progress.finished_at is not None
    refused.refresh_from_db()
    other.refresh_from_db()
    assert refused.status == Match.Status.SCHEDULED
    assert other.status == Match.Status.COMPLETE
    assert MatchResult.objects.filter(match=refused).count() == 0
    assert RosterSnapshot.objects.filter(match=refused).count() == 0
    assert [t for t, _ in _refusal_events(refused)] == ["resolve_refused"]
    body = api_as(alice).get(f"/api/tasks/{progress.pk}/").json()
    assert (body["done"], body["total"], body["finished"]) == (1, 2, True)


# --- the task ---------------------------------------------------------------------


def test_the_task_of_a_match_the_engine_breaks_on_is_not_retried(
    eleven, humans, orcs, monkeypatch
):
    # given a resolution of one match on workers (not eager), the engine
    # breaking on it
    from matches import tasks

    match = one_match(eleven, humans, orcs)
    progress, _ = match_resolve_start(match_id=match.pk)
    _engine_raises(monkeypatch, KeyError("boom"))
    queued = []
    monkeypatch.setattr(tasks, "_eager", lambda: False)
    monkeypatch.setattr(tasks.season_resolve_task, "delay", queued.append)

    def no_retry(*args, **kwargs):
        raise AssertionError("a refused match is not retried")

    monkeypatch.setattr(tasks.match_resolve_task, "retry", no_retry)
    before = db_state()

    # when the worker's task runs it
    tasks.match_resolve_task(match.pk)

    # then the task ends without an error or a retry, the match is refused
    # and nothing else written, and the driver finds the resolution finished
    assert _unchanged_but_the_refusal(before, db_state(), match)
    assert queued == [str(progress.pk)]
    assert tasks.season_resolve_next(progress_id=str(progress.pk)) == []
    progress.refresh_from_db()
    assert progress.finished_at is not None
    assert progress_refusals(progress) == [
        {"match": match.pk, "code": "engine_error", "field": None, "reason": BUG}
    ]
    # and the sweep has nothing to re-queue for it
    from datetime import timedelta

    from matches.resolution.sweep import matches_stuck

    stuck = matches_stuck(older_than=timedelta(seconds=-60))
    assert match.pk not in stuck.to_resolve
    assert str(progress.pk) not in stuck.progresses


# --- the page ---------------------------------------------------------------------


def test_the_match_page_says_why_the_engine_did_not_play(
    client, eleven, humans, orcs, alice, monkeypatch
):
    match = one_match(eleven, humans, orcs)
    _engine_raises(monkeypatch, TOO_FEW)
    client.force_login(alice)

    response = client.post(f"/matches/{match.pk}/resolve/", follow=True)

    assert response.status_code == 200
    page = response.content.decode()
    assert "Not played by the engine: Gouged Eye cannot field 3 players" in page
    # and the match log tells it, with the code
    assert (
        "The engine cannot play this match (too_few_players): Gouged Eye cannot "
        "field 3 players; the coaches report the result"
    ) in page
