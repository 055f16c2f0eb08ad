"""A season scheduled or closed and a match postponed are lines of the
league's audit log whichever way the commissioner does it (the
commissioner's guide, *The audit log*): the admin and the season page with
the reason they ask for, the API and the *Generate the schedule* button
without one."""

from __future__ import annotations

from league.models import LeagueEvent
from matches.models import Match
from matches.seasons.services import season_create, season_schedule
from tests.matches.conftest import play_recorded
from tests.world import api_as


def _audit(league, type_):
    return list(
        LeagueEvent.objects.filter(league=league, type=type_).values_list(
            "payload", "created_by__username", "match_id"
        )
    )


def test_scheduling_a_season_through_the_api_is_in_the_audit_log(
    sevens, four_teams, alice
):
    season = season_create(league=sevens, name="Logged", seed=2)

    response = api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")

    assert response.status_code == 201
    assert _audit(sevens, "season_scheduled") == [
        ({"season_id": season.pk, "matches": 6}, "alice", None)
    ]


def test_a_refused_schedule_writes_no_audit_line(sevens, four_teams, alice, bob):
    season = season_create(league=sevens, name="Logged", seed=2)

    assert api_as(bob).post(f"/api/seasons/{season.pk}/schedule/").status_code == 403
    api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")
    again = api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")

    assert again.json()["errors"][0]["code"] == "already_scheduled"
    assert len(_audit(sevens, "season_scheduled")) == 1


def test_generate_the_schedule_on_the_season_page_is_in_the_audit_log(
    sevens, four_teams, alice, client
):
    season = season_create(league=sevens, name="Logged", seed=2)
    client.force_login(alice)

    client.post(f"/seasons/{season.pk}/schedule/")

    assert Match.objects.filter(season=season).count() == 6
    assert _audit(sevens, "season_scheduled") == [
        ({"season_id": season.pk, "matches": 6}, "alice", None)
    ]


def test_postponing_through_the_api_is_in_the_audit_log(sevens, four_teams, alice):
    season = season_create(league=sevens, name="Logged", seed=2)
    season_schedule(season_id=season.pk)
    match = Match.objects.filter(season=season, round=1).first()

    response = api_as(alice).post(
        f"/api/matches/{match.pk}/postpone/", {}, format="json"
    )

    assert response.status_code == 200
    assert _audit(sevens, "match_postponed") == [
        ({"from_round": 1, "to_round": 4}, "alice", match.pk)
    ]


def test_closing_through_the_api_is_in_the_audit_log(
    sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    a, b = four_teams[:2]
    season = season_create(league=sevens, name="Duel", seed=2, team_ids=[a.pk, b.pk])
    (match,) = season_schedule(season_id=season.pk)
    play_recorded(match, 0, 2, actor=alice, capture=django_capture_on_commit_callbacks)

    closed = api_as(alice).post(f"/api/seasons/{season.pk}/close/")
    again = api_as(alice).post(f"/api/seasons/{season.pk}/close/")

    assert closed.status_code == 200
    assert [t["team"] for t in closed.json()["teams"]] != []
    assert again.json()["errors"][0]["code"] == "already_closed"
    assert _audit(sevens, "season_closed") == [
        ({"season_id": season.pk, "teams": 2}, "alice", None)
    ]
