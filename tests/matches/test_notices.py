"""What the match services tell people: a report waiting for the other
coach and each step after it, a season scheduled, a player whose SPP first
buy an advancement, a Sevens team's post-game skill, and deadlines that are
near (each reminder once)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import League, LeagueMembership, Notification, Player
from matches.models import ReportSubmission, RoundSchedule
from matches.notices import deadlines_remind
from matches.postgame.sequence import postgame_run
from matches.reports.confirmation import (
    report_confirm,
    report_decide,
    report_dispute,
    report_stand,
)
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.matches.conftest import one_match, roster, score_report


def told(**filters) -> list[tuple[str, str, str]]:
    return list(
        Notification.objects.filter(**filters)
        .order_by("recipient__username", "pk")
        .values_list("recipient__username", "kind", "text")
    )


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob); alice commissions; the
    other coach has three days."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    return one_match(eleven, humans, orcs)


@pytest.fixture
def waiting(match, bob, django_capture_on_commit_callbacks):
    Notification.objects.all().delete()  # the season's own
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=bob
        )
    assert isinstance(sub, ReportSubmission)
    return sub


SCORE = "Reikland Reavers 1–2 Gouged Eye"


def test_a_report_waiting_tells_the_other_coach_with_its_deadline(waiting):
    assert told() == [
        ("charlie", "report_waiting", f"bob reported {SCORE}: confirm or dispute it")
    ]
    notification = Notification.objects.get()
    assert notification.due_at == waiting.deadline
    assert notification.url == f"/matches/{waiting.match_id}/#submissions"


def test_a_confirmed_report_tells_the_coach_who_sent_it(
    waiting, charlie, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=waiting.pk, actor=charlie)

    assert told(kind="report_confirmed") == [
        (
            "bob",
            "report_confirmed",
            f"charlie confirmed your report of {SCORE}: the result stands",
        )
    ]


def test_a_dispute_tells_the_commissioner_and_the_coach_who_sent_it(waiting, charlie):
    report_dispute(submission_id=waiting.pk, actor=charlie, reason="It was 2-1")

    text = f"charlie disputed the report of {SCORE}: “It was 2-1”"
    assert told(kind="report_disputed") == [
        ("alice", "report_disputed", text),
        ("bob", "report_disputed", text),
    ]


@pytest.mark.parametrize(
    ("accept", "text"),
    [
        (True, f"The commissioner let the report of {SCORE} stand: “Photos agree”"),
        (False, f"The commissioner rejected the report of {SCORE}: “Photos agree”"),
    ],
)
def test_a_decision_tells_both_coaches(
    waiting, alice, charlie, accept, text, django_capture_on_commit_callbacks
):
    report_dispute(submission_id=waiting.pk, actor=charlie, reason="It was 2-1")
    with django_capture_on_commit_callbacks(execute=True):
        report_decide(
            submission_id=waiting.pk, actor=alice, accept=accept, reason="Photos agree"
        )

    assert told(kind="report_decided") == [
        ("bob", "report_decided", text),
        ("charlie", "report_decided", text),
    ]


def test_a_report_past_its_deadline_stands_and_tells_both_coaches(
    waiting, django_capture_on_commit_callbacks
):
    ReportSubmission.objects.filter(pk=waiting.pk).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        report_stand(submission_id=waiting.pk)

    text = f"The report of {SCORE} stands: nobody answered by its deadline"
    assert told(kind="report_decided") == [
        ("bob", "report_decided", text),
        ("charlie", "report_decided", text),
    ]


def test_the_commissioners_report_replacing_one_tells_both_coaches(
    waiting, alice, django_capture_on_commit_callbacks
):
    match = waiting.match
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 0, 0), actor=alice
        )

    # with the result that stands now
    text = (
        f"The commissioner's own report replaced the report of {SCORE}: "
        "the result is Reikland Reavers 0–0 Gouged Eye"
    )
    assert told(kind="report_decided") == [
        ("bob", "report_decided", text),
        ("charlie", "report_decided", text),
    ]

    # and nothing more: the result is in that notice
    assert told(kind="result_recorded") == []


@pytest.mark.parametrize("days", [0, 3])
def test_a_report_that_stands_at_once_tells_the_coaches_who_did_not_send_it(
    match, alice, bob, days, django_capture_on_commit_callbacks
):
    # given a league asking no confirmation (days 0), or the commissioner's
    # own report with none waiting (days 3)
    League.objects.filter(pk=match.season.league_id).update(
        report_confirmation_days=days
    )
    Notification.objects.all().delete()
    actor = bob if days == 0 else alice

    # when the report is sent
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 2), actor=actor
        )

    # then each coach who did not send it is told the result that stands
    text = f"{actor.username} recorded {SCORE}: the result stands"
    coaches = ["charlie"] if days == 0 else ["bob", "charlie"]
    assert told(kind="result_recorded") == [
        (name, "result_recorded", text) for name in coaches
    ]
    url = Notification.objects.filter(kind="result_recorded").first().url
    assert url == f"/matches/{match.pk}/"


# --- a season scheduled ----------------------------------------------------------


def test_a_season_scheduled_tells_each_coach_their_first_match(
    sevens, alice, bob, charlie
):
    home = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    season = season_create(
        league=sevens, name="Spring", team_ids=[home.pk, away.pk], seed=3
    )

    season_schedule(season_id=season.pk)

    texts = {
        "bob": "Sevens Cup: Spring is scheduled, 1 round. Gouged Eye open against "
        "Reikland Reavers in round 1",
        "charlie": "Sevens Cup: Spring is scheduled, 1 round. Reikland Reavers open "
        "against Gouged Eye in round 1",
    }
    assert told() == [
        ("bob", "season_scheduled", texts["bob"]),
        ("charlie", "season_scheduled", texts["charlie"]),
    ]
    assert set(Notification.objects.values_list("url", flat=True)) == {
        f"/seasons/{season.pk}/"
    }


# --- SPP to spend --------------------------------------------------------------------


def test_a_player_whose_spp_first_buy_an_advancement_is_announced(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    # given: Humans' #1 has no SPP and scores (3 SPP: the cheapest first
    # advancement, a random Primary skill, costs 3); #2 already had 5 SPP
    # and is the named MVP (4 more); Orcs' #1, the other MVP, had none
    match = one_match(eleven, humans, orcs)
    scorer, veteran = roster(humans)[:2]
    orc = roster(orcs)[0]
    Player.objects.filter(pk=veteran.pk).update(spp=5, spp_earned=5)
    Notification.objects.all().delete()
    report = Report(
        1,
        0,
        players=[PlayerLine(scorer.pk, touchdowns=1)],
        mvps=[veteran.pk, orc.pk],
    )

    # when
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    postgame_run(match_id=match.pk)

    # then: #1 (0 -> 3) and the Orc (0 -> 4); not #2 (5 -> 9)
    assert told(kind="spp_to_spend") == [
        (
            "bob",
            "spp_to_spend",
            f"#{orc.number} {orc.name} of Gouged Eye has 4 SPP: enough for an "
            "advancement",
        ),
        (
            "charlie",
            "spp_to_spend",
            f"#{scorer.number} {scorer.name} of Reikland Reavers has 3 SPP: enough "
            "for an advancement",
        ),
    ]
    assert Notification.objects.get(
        recipient__username="charlie", kind="spp_to_spend"
    ).url == (f"/players/{scorer.pk}/advance/")


def test_a_sevens_match_without_spp_offers_each_team_its_post_game_skill(
    sevens, bob, charlie, alice, django_capture_on_commit_callbacks
):
    home = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    match = one_match(sevens, home, away)
    Notification.objects.all().delete()

    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
    postgame_run(match_id=match.pk)

    assert told(kind="spp_to_spend") == [
        (
            "bob",
            "spp_to_spend",
            "Gouged Eye may take a post-game skill for the match Gouged Eye v "
            "Reikland Reavers",
        ),
        (
            "charlie",
            "spp_to_spend",
            "Reikland Reavers may take a post-game skill for the match Gouged Eye "
            "v Reikland Reavers",
        ),
    ]


# --- deadlines near --------------------------------------------------------------------


def test_a_report_a_day_from_standing_reminds_the_other_coach_once(waiting):
    now = waiting.deadline - timedelta(hours=12)

    assert deadlines_remind(now) == 1
    assert deadlines_remind(now + timedelta(hours=1)) == 1  # kept, not doubled

    reminder = Notification.objects.get(kind="deadline_near")
    assert (reminder.recipient.username, reminder.text, reminder.due_at) == (
        "charlie",
        f"The report of {SCORE} stands unless you confirm or dispute it before "
        "its deadline",
        waiting.deadline,
    )


def test_a_report_further_off_is_not_yet_reminded(waiting):
    assert deadlines_remind(waiting.deadline - timedelta(hours=30)) == 0
    assert not Notification.objects.filter(kind="deadline_near").exists()


@pytest.mark.parametrize(("days", "reminded"), [(0, True), (2, True), (3, False)])
def test_a_rounds_report_deadline_reminds_both_coaches(match, days, reminded):
    today = timezone.localdate()
    RoundSchedule.objects.create(
        season=match.season,
        round=1,
        date=today,
        deadline=today + timedelta(days=days),
    )
    Notification.objects.all().delete()

    deadlines_remind()

    expected = (
        [
            ("bob", "deadline_near"),
            ("charlie", "deadline_near"),
        ]
        if reminded
        else []
    )
    assert [(u, k) for u, k, _ in told()] == expected
    if reminded:
        day = (today + timedelta(days=days)).strftime("%a %-d %b %Y")
        assert told()[0][2] == (
            f"Reports of Reikland Reavers v Gouged Eye are due on {day}"
        )


def test_a_match_with_a_report_waiting_gets_no_round_reminder(waiting):
    today = timezone.localdate()
    RoundSchedule.objects.create(
        season=waiting.match.season, round=1, date=today, deadline=today
    )
    Notification.objects.all().delete()

    deadlines_remind(timezone.now())

    assert told(kind="deadline_near") == []


def test_a_member_without_a_team_in_the_season_hears_nothing(
    sevens, alice, bob, charlie, dave
):
    make_member(sevens, dave)
    home = draft_team(sevens, bob, roster="orc", name="A")
    away = draft_team(sevens, charlie, roster="human", name="B")
    season = season_create(league=sevens, name="S", team_ids=[home.pk, away.pk], seed=1)
    season_schedule(season_id=season.pk)

    assert not Notification.objects.filter(recipient=dave).exists()
    assert not Notification.objects.filter(recipient=alice).exists()
    assert LeagueMembership.objects.filter(coach=dave).exists()
