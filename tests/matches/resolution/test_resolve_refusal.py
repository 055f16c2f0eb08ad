"""A team fielding a skill the engine does not implement is refused,
never played with the skill ignored: up front when a resolution is asked
for (HTTP 400), and on the worker (a recorded reason, the match left
scheduled, the resolution going on without it)."""

import pytest

from league.errors import ServiceError
from league.models import Player
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.resolution.progress import (
    match_resolve_start,
    progress_counts,
    progress_refusals,
    progresses_waiting_on,
    season_resolve_start,
)
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create, season_schedule
from matches.tasks import season_resolve_task
from tests.factories import LeagueFactory, draft_team
from tests.league.conftest import api_as
from tests.matches.conftest import codes, db_state, one_match, roster

MADE_UP = "made-up-skill"  # no such skill: the engine implements none of it


def _give_made_up_skill(team) -> Player:
    player = roster(team)[2]
    player.gained_skills = [{"skill": MADE_UP, "param": None}]
    player.save(update_fields=["gained_skills"])
    return player


def _reason(team, player) -> str:
    return (
        f"{team.name}: player {player.name!r} (id {player.pk}) has the skill "
        f"'{MADE_UP}', which the match engine does not implement"
    )


def test_the_worker_refuses_a_match_with_an_unimplemented_skill(eleven, humans, orcs):
    # given a scheduled match whose away team gained a skill the engine
    # does not know
    match = one_match(eleven, humans, orcs, seed=7)
    player = _give_made_up_skill(orcs)

    # when the worker resolves it
    assert match_resolve(match_id=match.pk) is False

    # then nothing was played: the match is still scheduled, without
    # snapshots or a result, and one event says why
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED
    assert RosterSnapshot.objects.filter(match=match).count() == 0
    assert MatchResult.objects.filter(match=match).count() == 0
    event = MatchEvent.objects.get(match=match)
    assert event.type == "resolve_refused"
    assert event.payload == {
        "code": "unimplemented_skill",
        "field": None,
        "reason": _reason(orcs, player),
        "team": orcs.name,
        "player_id": player.pk,
        "player": player.name,
        "skill": MADE_UP,
    }


def test_resolving_a_match_with_an_unimplemented_skill_is_refused_up_front(
    eleven, humans, orcs
):
    match = one_match(eleven, humans, orcs)
    player = _give_made_up_skill(humans)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_resolve_start(match_id=match.pk)

    assert codes(exc) == [("unimplemented_skill", None)]
    assert exc.value.violations[0].message == _reason(humans, player)
    assert db_state() == before


def test_the_api_answers_400_not_500(eleven, humans, orcs, alice):
    match = one_match(eleven, humans, orcs)
    player = _give_made_up_skill(orcs)

    response = api_as(alice).post(f"/api/matches/{match.pk}/resolve/")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "unimplemented_skill",
            "field": None,
            "message": _reason(orcs, player),
        }
    ]


@pytest.mark.django_db(transaction=True)
def test_a_season_resolution_goes_on_without_a_refused_match(alice, bob, charlie):
    # given a four-team Sevens season (six matches, three rounds) asked for
    # while every team is playable
    league = LeagueFactory(name="Refusals", format="sevens", commissioner=alice)
    teams = [
        draft_team(league, coach, roster=r, name=f"T{i}")
        for i, (coach, r) in enumerate(
            [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
        )
    ]
    season = season_create(league=league, name="S", seed=5)
    season_schedule(season_id=season.pk)
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    # and then one team's player gains a skill the engine does not know
    player = _give_made_up_skill(teams[0])

    # when the workers resolve it (eager)
    season_resolve_task(str(progress.pk))

    # then every match of that team was refused with the reason, the
    # others were played, and the resolution finished
    progress.refresh_from_db()
    theirs = Match.objects.filter(season=season).filter(
        home=teams[0]
    ) | Match.objects.filter(season=season, away=teams[0])
    refused_ids = sorted(m.pk for m in theirs)
    assert len(refused_ids) == 3
    assert progress_refusals(progress) == [
        {
            "match": pk,
            "code": "unimplemented_skill",
            "field": None,
            "reason": _reason(teams[0], player),
        }
        for pk in refused_ids
    ]
    assert progress_counts(progress) == (3, 6)
    assert progress.finished_at is not None
    statuses = dict(Match.objects.filter(season=season).values_list("pk", "status"))
    assert {pk for pk, s in statuses.items() if s == "scheduled"} == set(refused_ids)
    assert {s for pk, s in statuses.items() if pk not in refused_ids} == {"complete"}
    body = api_as(alice).get(f"/api/tasks/{progress.pk}/").json()
    assert (body["done"], body["total"], body["finished"]) == (3, 6, True)
    assert [r["match"] for r in body["refused"]] == refused_ids


def test_a_refusal_on_a_worker_calls_the_resolution_driver_again(
    eleven, humans, orcs, monkeypatch
):
    # given a resolution of one match whose team became unplayable, run by
    # workers (not eager): no post-game will follow to call the driver
    from matches import tasks

    match = one_match(eleven, humans, orcs)
    progress, _ = match_resolve_start(match_id=match.pk)
    _give_made_up_skill(humans)
    queued = []
    monkeypatch.setattr(tasks, "_eager", lambda: False)
    monkeypatch.setattr(tasks.season_resolve_task, "delay", queued.append)

    # when the worker's task refuses the match
    tasks.match_resolve_task(match.pk)

    # then the driver is queued, and finds the resolution finished
    assert queued == [str(progress.pk)]
    assert tasks.season_resolve_next(progress_id=str(progress.pk)) == []
    progress.refresh_from_db()
    assert progress.finished_at is not None


def test_a_refused_match_does_not_hold_up_its_round(alice, bob, charlie):
    # given a round of two matches, one of them refused by the engine
    league = LeagueFactory(name="Round", format="sevens", commissioner=alice)
    teams = [
        draft_team(league, coach, roster=r, name=f"R{i}")
        for i, (coach, r) in enumerate(
            [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
        )
    ]
    season = season_create(league=league, name="R", seed=9)
    season_schedule(season_id=season.pk)
    progress, _ = season_resolve_start(season_id=season.pk, scope="round")
    _give_made_up_skill(teams[0])
    refused, other = sorted(
        Match.objects.filter(pk__in=progress.match_ids),
        key=lambda m: teams[0].pk not in (m.home_id, m.away_id),
    )
    assert match_resolve(match_id=refused.pk) is False

    # when the other match of the round has finished its post-game
    Match.objects.filter(pk=other.pk).update(status=Match.Status.COMPLETE)

    # then its resolution moves on (the refused match holds nothing up)
    assert progresses_waiting_on(other) == [str(progress.pk)]


def test_a_second_delivery_of_a_resolved_match_does_not_call_the_driver(
    eleven, humans, orcs, monkeypatch
):
    # given a match resolved and through its post-game, on workers (not
    # eager), the last of its round: its resolution could move on
    from matches import tasks

    match = one_match(eleven, humans, orcs)
    progress, _ = match_resolve_start(match_id=match.pk)
    assert match_resolve(match_id=match.pk) is True
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETE)
    assert progresses_waiting_on(match) == [str(progress.pk)]
    queued = []
    monkeypatch.setattr(tasks, "_eager", lambda: False)
    monkeypatch.setattr(tasks.season_resolve_task, "delay", queued.append)

    # when a stray second delivery of its task runs
    tasks.match_resolve_task(match.pk)

    # then it queues nothing: the post-game called the driver; a call per
    # stray delivery queued the next round again and again (a task storm)
    assert queued == []
