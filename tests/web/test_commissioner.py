"""The commissioner's pages: seasons, schedules, resolution with a progress
bar, and overriding a result; nobody else may use them."""

from __future__ import annotations

import re

import pytest

from matches.models import Match, MatchEvent, MatchResult, Season, TaskProgress
from matches.reports.report import match_submit_report
from tests.matches.conftest import db_state, score_report
from tests.web.conftest import scheduled_season

HX = {"HTTP_HX_REQUEST": "true"}


def test_the_commissioner_creates_a_season_with_chosen_teams(
    client, sevens, four_teams, alice
):
    client.force_login(alice)
    page = client.get(f"/leagues/{sevens.pk}/seasons/new/").content.decode()
    assert page.count('type="checkbox" name="teams"') == 4
    assert page.count("checked") == 4  # every ready team is ticked

    response = client.post(
        f"/leagues/{sevens.pk}/seasons/new/",
        {
            "name": "Spring",
            "teams": [t.pk for t in four_teams[:3]],
            "playoff_teams": 0,
            "seed": 11,
        },
    )

    season = Season.objects.get(name="Spring")
    assert response.status_code == 302
    assert response["Location"] == f"/seasons/{season.pk}/"
    assert sorted(season.teams.values_list("pk", flat=True)) == sorted(
        t.pk for t in four_teams[:3]
    )
    assert season.seed == 11


def test_the_season_form_offers_only_members_teams(
    client, sevens, four_teams, alice, charlie
):
    # given Charlie, who coaches two of the four teams, was removed
    from league.services.membership import membership_remove

    membership_remove(league_id=sevens.pk, coach_id=charlie.pk, actor=alice)
    client.force_login(alice)

    page = client.get(f"/leagues/{sevens.pk}/seasons/new/").content.decode()

    assert page.count('type="checkbox" name="teams"') == 2
    for team in four_teams:
        assert (team.name in page) == (team.coach_id != charlie.pk)


def test_season_refusals_are_shown_on_the_form(client, sevens, four_teams, alice):
    client.force_login(alice)
    scheduled_season(sevens, four_teams)  # "Season 1"

    response = client.post(
        f"/leagues/{sevens.pk}/seasons/new/",
        {"name": "Season 1", "teams": [four_teams[0].pk], "playoff_teams": 0},
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["name"] == ["Sevens Cup already has a season 'Season 1'"]
    assert Season.objects.count() == 1


def test_generating_the_schedule(client, sevens, four_teams, alice):
    client.force_login(alice)
    season = Season.objects.create(
        league=sevens, name="Spring", seed=1, settings={"tiebreakers": ["points"]}
    )
    season.teams.set(four_teams)

    response = client.post(f"/seasons/{season.pk}/schedule/", follow=True)

    assert season.matches.count() == 6
    assert "Scheduled 6 matches in 3 rounds." in response.content.decode()
    again = client.post(f"/seasons/{season.pk}/schedule/", follow=True)
    assert "already scheduled" in again.content.decode()
    assert season.matches.count() == 6


def test_a_schedule_of_one_match_is_told_in_the_singular(
    client, sevens, four_teams, alice
):
    # given a season of two teams: one match, one round
    client.force_login(alice)
    season = Season.objects.create(
        league=sevens, name="Spring", seed=1, settings={"tiebreakers": ["points"]}
    )
    season.teams.set(four_teams[:2])

    # when
    response = client.post(f"/seasons/{season.pk}/schedule/", follow=True)

    # then
    assert season.matches.count() == 1
    assert "Scheduled 1 match in 1 round." in response.content.decode()


def test_resolving_a_round_with_the_progress_bar(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given
    client.force_login(alice)
    season = scheduled_season(sevens, four_teams)
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Resolve the next round" in page

    # when the commissioner starts the round (as htmx does)
    start = client.post(f"/seasons/{season.pk}/resolve/", {"scope": "round"}, **HX)

    # then the bar starts at 0 of 2 and asks to be polled
    progress = TaskProgress.objects.get()
    html = start.content.decode()
    assert '<progress id="progress-bar" max="2" value="0">' in html
    assert f'hx-post="/progress/{progress.pk}/"' in html

    # each poll plays one match (eager tasks, as in the embedded default)
    polls = []
    for _ in range(5):
        with django_capture_on_commit_callbacks(execute=True):
            polls.append(client.post(f"/progress/{progress.pk}/", **HX))
        if "finished" in polls[-1].content.decode():
            break
    values = [
        int(re.search(r'max="2" value="(\d)"', p.content.decode()).group(1))
        for p in polls
    ]
    assert values == sorted(values)
    assert values[-1] == 2
    assert len(values) >= 2
    last = polls[-1]
    assert '<progress id="progress-bar" max="2" value="2">' in last.content.decode()
    assert last["HX-Trigger"] == "season-updated"
    assert "hx-post" not in last.content.decode().split("</div>")[0]
    # the next round can be started from the finished bar
    assert "Resolve the next round" in last.content.decode()
    progress.refresh_from_db()
    assert progress.finished_at is not None
    round_one = season.matches.filter(round=1)
    assert all(m.status == Match.Status.COMPLETE for m in round_one)
    assert not season.matches.filter(round=2).exclude(status="scheduled").exists()


def test_the_playoffs_are_offered_once_the_league_stage_is_over(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    from matches.seasons.services import season_create, season_schedule
    from tests.web.conftest import resolve_all

    season = season_create(
        league=sevens,
        name="Cup",
        team_ids=[t.pk for t in four_teams],
        seed=3,
        playoff_teams=2,
    )
    season_schedule(season_id=season.pk)
    client.force_login(alice)
    assert (
        "Schedule the playoffs"
        not in client.get(f"/seasons/{season.pk}/").content.decode()
    )
    resolve_all(season, django_capture_on_commit_callbacks)
    assert (
        "Schedule the playoffs" in client.get(f"/seasons/{season.pk}/").content.decode()
    )

    response = client.post(f"/seasons/{season.pk}/playoffs/", follow=True)

    html = response.content.decode()
    assert "Playoffs scheduled: 1 match in playoff round 1." in html
    assert "Playoff round 1" in html
    assert "Schedule the playoffs" not in html
    assert season.matches.filter(stage=Match.Stage.PLAYOFF).count() == 1


def test_a_visitor_sees_the_bar_but_does_not_drive_it(
    client, sevens, four_teams, alice, bob
):
    season = scheduled_season(sevens, four_teams)
    client.force_login(alice)
    client.post(f"/seasons/{season.pk}/resolve/", {"scope": "season"})
    progress = TaskProgress.objects.get()
    client.force_login(bob)

    page = client.get(f"/seasons/{season.pk}/").content.decode()
    poll = client.get(f"/progress/{progress.pk}/")

    assert f'hx-get="/progress/{progress.pk}/"' in page
    assert "Resolve the next round" not in page
    assert poll.status_code == 200
    # a count of matches seen that is not a whole number (or one past any
    # count) counts none
    for seen in ("x", "-1", "²", "1" + "0" * 5000):
        odd = client.get(f"/progress/{progress.pk}/", {"seen": seen})
        assert odd.status_code == 200
        assert odd.content == poll.content
    assert client.post(f"/progress/{progress.pk}/", **HX).status_code == 403
    assert not Match.objects.exclude(status="scheduled").exists()


def test_overriding_a_result_with_a_reason(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    from tests.web.conftest import resolve_all

    season = scheduled_season(sevens, four_teams)
    resolve_all(season, django_capture_on_commit_callbacks)
    match = season.matches.order_by("pk").first()
    client.force_login(alice)
    assert "Override the result" in client.get(f"/matches/{match.pk}/").content.decode()

    blank = client.post(
        f"/matches/{match.pk}/override/",
        {"home_score": 3, "away_score": 0, "reason": ""},
    )
    assert blank.status_code == 400
    response = client.post(
        f"/matches/{match.pk}/override/",
        {"home_score": 3, "away_score": 0, "reason": "wrong score typed"},
        follow=True,
    )

    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (3, 0)
    event = MatchEvent.objects.get(match=match, type="result_override")
    assert event.payload["reason"] == "wrong score typed"
    html = response.content.decode()
    assert "Result overridden by alice" in html
    assert "wrong score typed" in html


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/leagues/{league}/seasons/new/"),
        ("post", "/seasons/{season}/schedule/"),
        ("post", "/seasons/{season}/playoffs/"),
        ("post", "/seasons/{season}/resolve/"),
        ("get", "/matches/{match}/override/"),
        ("post", "/matches/{match}/override/"),
    ],
)
def test_coaches_may_not_use_the_commissioner_pages(
    client, sevens, four_teams, bob, method, path
):
    season = scheduled_season(sevens, four_teams)
    client.force_login(bob)
    url = path.format(
        league=sevens.pk, season=season.pk, match=season.matches.first().pk
    )

    response = getattr(client, method)(
        url, {"home_score": 1, "away_score": 1, "reason": "x"}
    )

    assert response.status_code == 403
    assert not TaskProgress.objects.exists()
    assert not MatchResult.objects.exists()


def test_the_commissioner_of_another_league_is_refused(
    client, sevens, four_teams, dave
):
    from tests.factories import LeagueFactory

    LeagueFactory(name="Dave's", commissioner=dave)
    client.force_login(dave)
    assert client.get(f"/leagues/{sevens.pk}/seasons/new/").status_code == 403


def test_a_season_whose_team_waits_on_a_report_is_not_resolved(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given: a coach's report of round 1's first match waits for the other
    # coach (its teams play on until it stands)
    season = scheduled_season(sevens, four_teams)
    type(sevens).objects.filter(pk=sevens.pk).update(report_confirmation_days=3)
    first = season.matches.order_by("round", "id").first()
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=first.pk,
            report=score_report(first, 1, 0),
            actor=first.home.coach,
        )
    client.force_login(alice)
    before = db_state()

    # when
    response = client.post(
        f"/seasons/{season.pk}/resolve/", {"scope": "season"}, follow=True
    )

    # then
    assert response.redirect_chain == [(f"/seasons/{season.pk}/", 302)]
    assert (
        f"{first.home.name} is still playing another match: the engine plays "
        "its next one once that result stands"
    ) in response.content.decode()
    assert not TaskProgress.objects.exists()
    assert db_state() == before
