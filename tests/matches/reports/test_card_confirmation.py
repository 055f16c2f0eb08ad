"""A card format's report (Blitz Bowl) in a league that asks the other coach
to confirm it: it waits like a roster format's report, stands once
confirmed (or at the deadline), goes to the commissioner when disputed, and
the commissioner's own report stands at once. Points: a touchdown 4, card 1
Break Some Bones! 3, card 7 Get The Ball! 1, Free Up The Ball! 2
(tests/e2e/test_blitz_season.py derives them from the rules)."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import dateformat, timezone

from league.models import League, LeagueEvent
from matches.models import Match, MatchEvent, MatchResult, ReportSubmission
from matches.reports.confirmation import report_stand
from tests.factories import UserFactory
from tests.matches.conftest import db_state
from tests.world import api_as, invite_members

S = ReportSubmission.Status
BLITZ = "blitz-bowl"
HOME = {"points": 12, "touchdowns": 2, "cards": [1, 7]}  # 8 + 3 + 1
AWAY = {"points": 6, "touchdowns": 1, "challenges": ["free_up_the_ball"]}  # 4 + 2


@pytest.fixture
def blitz_match(db):
    """A scheduled Blitz Bowl match between two coaches' teams, in a league
    that gives the other coach three days."""
    commish = UserFactory(username="card-commish")
    coaches = [UserFactory(username=n) for n in ("card-a", "card-b")]
    league = api_as(commish).post(
        "/api/leagues/", {"name": "Card League", "format": BLITZ}, format="json"
    )
    assert league.status_code == 201, league.json()
    lid = league.json()["id"]
    League.objects.filter(pk=lid).update(report_confirmation_days=3)
    invite_members(commish, lid, coaches)
    for coach, card in zip(coaches, ("dwarf", "human"), strict=True):
        drafted = api_as(coach).post(
            "/api/teams/card/",
            {"league": lid, "name": f"{card} team", "card": card},
            format="json",
        )
        assert drafted.status_code == 201, drafted.json()
    season = api_as(commish).post(
        "/api/seasons/", {"league": lid, "name": "S", "seed": 3}, format="json"
    )
    sid = season.json()["id"]
    assert api_as(commish).post(f"/api/seasons/{sid}/schedule/").status_code == 201
    match = Match.objects.select_related("home__coach", "away__coach").get(
        season_id=sid
    )
    return match, commish


def unchanged() -> tuple:
    """What a refused request must leave as it was: the league's rows (teams,
    players, matches, results, events ...), the submissions and the audit log."""
    return (
        db_state(),
        list(
            ReportSubmission.objects.order_by("pk").values_list(
                "pk", "status", "dispute_reason", "decision_reason", "closed_at"
            )
        ),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
    )


def report(user, match, home=HOME, away=AWAY):
    return api_as(user).post(
        f"/api/matches/{match.pk}/card-report/",
        {"home": home, "away": away},
        format="json",
    )


def test_a_coachs_card_report_waits_and_stands_once_the_other_coach_confirms(
    blitz_match, django_capture_on_commit_callbacks
):
    match, _ = blitz_match
    home_coach, away_coach = match.home.coach, match.away.coach

    with django_capture_on_commit_callbacks(execute=True):
        sent = report(home_coach, match)

    assert sent.status_code == 202, sent.json()
    body = sent.json()
    assert body["status"] == "awaiting"
    sub = ReportSubmission.objects.get(pk=body["id"])
    assert (sub.team_id, sub.report["home_score"], sub.report["away_score"]) == (
        match.home_id,
        12,
        6,
    )
    assert not MatchResult.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert list(
        LeagueEvent.objects.filter(match_id=match.pk).values_list("type", flat=True)
    ) == ["report_submitted"]

    # the submitter cannot confirm his own report
    before = unchanged()
    own = api_as(home_coach).post(
        f"/api/matches/{match.pk}/submissions/{sub.pk}/confirm/"
    )
    assert own.status_code == 403
    assert unchanged() == before

    with django_capture_on_commit_callbacks(execute=True):
        confirmed = api_as(away_coach).post(
            f"/api/matches/{match.pk}/submissions/{sub.pk}/confirm/"
        )
    assert confirmed.status_code == 200, confirmed.json()
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (12, 6)
    assert result.summary["cards_claimed"]["home"] == [
        {"card": 1, "challenge": "break_some_bones", "points": 3},
        {"card": 7, "challenge": "get_the_ball", "points": 1},
    ]
    assert result.summary["cards_claimed"]["away"] == [
        {"card": None, "challenge": "free_up_the_ball", "points": 2}
    ]
    assert result.submitted_by_id == home_coach.pk
    sub.refresh_from_db()
    assert sub.status == S.CONFIRMED
    assert MatchEvent.objects.filter(match=match, type="report").count() == 1


def test_a_disputed_card_report_is_rejected_by_the_commissioner_and_another_stands(
    blitz_match, django_capture_on_commit_callbacks
):
    match, commish = blitz_match
    sub_id = report(match.home.coach, match).json()["id"]
    url = f"/api/matches/{match.pk}/submissions/{sub_id}"

    before = unchanged()
    no_reason = api_as(match.away.coach).post(f"{url}/dispute/", {}, format="json")
    assert no_reason.status_code == 400
    assert unchanged() == before
    assert ReportSubmission.objects.get(pk=sub_id).status == S.AWAITING

    disputed = api_as(match.away.coach).post(
        f"{url}/dispute/",
        {"reason": "we claimed Free Up The Ball twice"},
        format="json",
    )
    assert disputed.status_code == 200, disputed.json()
    # while it waits for the commissioner, a coach cannot send another
    before = unchanged()
    again = report(match.away.coach, match)
    assert again.status_code == 400
    assert [e["code"] for e in again.json()["errors"]] == ["report_waiting"]
    assert unchanged() == before

    rejected = api_as(commish).post(
        f"{url}/decide/",
        {"decision": "reject", "reason": "the away side is right"},
        format="json",
    )
    assert rejected.status_code == 200, rejected.json()
    assert ReportSubmission.objects.get(pk=sub_id).status == S.REJECTED
    assert not MatchResult.objects.filter(match=match).exists()

    # the commissioner's own report stands at once
    with django_capture_on_commit_callbacks(execute=True):
        own = report(commish, match, away={"points": 8, "touchdowns": 2})
    assert own.status_code == 201, own.json()
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (12, 8)


def test_the_commissioners_card_report_supersedes_one_waiting(
    blitz_match, django_capture_on_commit_callbacks
):
    match, commish = blitz_match
    sub_id = report(match.away.coach, match).json()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        own = report(commish, match, home={"points": 4, "touchdowns": 1})
    assert own.status_code == 201, own.json()
    assert ReportSubmission.objects.get(pk=sub_id).status == S.SUPERSEDED
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (4, 6)


def test_a_card_report_nobody_answers_stands_and_only_once(
    blitz_match, django_capture_on_commit_callbacks
):
    match, _ = blitz_match
    sub_id = report(match.home.coach, match).json()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        report_stand(submission_id=sub_id)  # not yet due: nothing happens
    assert ReportSubmission.objects.get(pk=sub_id).status == S.AWAITING
    assert not MatchResult.objects.filter(match=match).exists()
    ReportSubmission.objects.filter(pk=sub_id).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        report_stand(submission_id=sub_id)
        report_stand(submission_id=sub_id)
    assert ReportSubmission.objects.get(pk=sub_id).status == S.STOOD
    assert MatchResult.objects.filter(match=match).count() == 1
    assert MatchEvent.objects.filter(match=match, type="report").count() == 1


def test_the_card_match_page_offers_the_other_coach_confirm_and_dispute(blitz_match):
    match, commish = blitz_match
    report(match.home.coach, match)

    def page(user) -> str:
        client = Client()
        if user is not None:
            client.force_login(user)
        response = client.get(f"/matches/{match.pk}/")
        assert response.status_code == 200
        return response.content.decode()

    other = page(match.away.coach)
    assert 'data-testid="waiting"' in other
    assert 'data-testid="confirm"' in other
    assert 'data-testid="dispute"' in other
    assert "12–6" in other
    sender = page(match.home.coach)
    assert 'data-testid="waiting"' in sender
    assert 'data-testid="confirm"' not in sender
    assert "Record the report" not in sender  # one report waits already
    boss = page(commish)
    assert 'data-testid="accept"' in boss
    assert 'data-testid="confirm"' not in page(None)


def test_the_card_report_form_says_the_report_waits_for_the_other_coach(blitz_match):
    match, _ = blitz_match
    client = Client()
    client.force_login(match.home.coach)
    form = {
        "home_points": 12,
        "home_touchdowns": 2,
        "home_clean_sweeps": 0,
        "home_cards": ["1", "7"],
        "away_points": 4,
        "away_touchdowns": 1,
        "away_clean_sweeps": 0,
        "how": "points",
    }

    response = client.post(f"/matches/{match.pk}/report/", form, follow=True)

    assert response.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    page = response.content.decode()
    assert "Report sent: it stands once the other coach confirms it" in page
    sub = ReportSubmission.objects.get(match=match)
    assert (sub.status, sub.report["home_score"], sub.report["away_score"]) == (
        S.AWAITING,
        12,
        4,
    )
    assert sub.report["home"]["cards"] == [1, 7]
    assert not MatchResult.objects.filter(match=match).exists()


def test_the_report_sent_message_gives_the_deadline_in_the_coachs_time_zone(
    blitz_match,
):
    # given a coach whose browser is fourteen hours ahead of UTC
    match, _ = blitz_match
    client = Client()
    client.force_login(match.home.coach)
    client.cookies["tz"] = "Pacific/Kiritimati"
    form = {
        "home_points": 12,
        "home_touchdowns": 2,
        "home_clean_sweeps": 0,
        "home_cards": ["1", "7"],
        "away_points": 4,
        "away_touchdowns": 1,
        "away_clean_sweeps": 0,
        "how": "points",
    }

    page = client.post(f"/matches/{match.pk}/report/", form, follow=True)

    # then the day and hour it stands are his, with his zone named
    sub = ReportSubmission.objects.get(match=match)
    local = timezone.localtime(sub.deadline, zoneinfo.ZoneInfo("Pacific/Kiritimati"))
    due = dateformat.format(local, "D j M Y, H:i T")
    assert f"or on {due} if they do not answer" in page.content.decode()
