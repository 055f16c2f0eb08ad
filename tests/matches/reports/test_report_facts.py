"""A report waiting for the other coach is shown in full before the confirm
and dispute buttons: scorers, completions, interceptions, deflections,
casualties with their dice and what they do, the MVPs, the SPP each player
would earn (TD 3, CAS 2, interception 2, completion 1, deflection 1, MVP 4:
post-game_sequence.md "Earning Star Player Points"), and the inducements
bought; its deadline in words, in the viewer's time zone. The figures are
the ones that stand once it is confirmed."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from league.models import League
from league.preferences.services import preferences_save
from matches.models import MatchEvent, MatchResult, ReportSubmission
from matches.pages.confirm_facts import submission_facts
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.reports.confirmation import report_confirm
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.matches.conftest import one_match, roster

DEADLINE = datetime(2030, 3, 1, 17, 0, tzinfo=UTC)  # a Friday


@pytest.fixture
def sides(eleven, humans, orcs):
    """Humans (charlie) at home against Orcs (bob); three days to confirm."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    match = one_match(eleven, humans, orcs)
    return match, roster(humans), roster(orcs)


@pytest.fixture
def waiting(sides, bob, django_capture_on_commit_callbacks):
    """Bob reports 1-2 after buying a keg: Humans' #1 scored and passed,
    their #2 was named MVP, their #3 hurt by Orcs' #2 (casualty roll 13,
    lasting-injury roll 3, entered); Orcs' #1 scored twice and is the other
    MVP, #2 intercepted and caused a casualty, #3 deflected; Orcs' #5 hurt
    by the crowd, dice left to Dugout."""
    match, humans, orcs = sides
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        items=[Purchase("bloodweiser_kegs")],
        actor=bob,
    )
    report = Report(
        1,
        2,
        players=[
            PlayerLine(humans[0].pk, touchdowns=1, completions=1),
            PlayerLine(orcs[0].pk, touchdowns=2),
            PlayerLine(orcs[1].pk, interceptions=1, casualties_inflicted=1),
            PlayerLine(orcs[2].pk, deflections=1),
        ],
        casualties=[
            CasualtyLine(
                humans[2].pk, casualty_roll=13, lasting_roll=3, inflicted_by=orcs[1].pk
            ),
            CasualtyLine(orcs[4].pk),
        ],
        mvps=[humans[1].pk, orcs[0].pk],
        fan_factor_rolls=(2, 3),
        notes="Rain all game",
    )
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(match_id=match.pk, report=report, actor=bob)
    assert isinstance(sub, ReportSubmission)
    ReportSubmission.objects.filter(pk=sub.pk).update(deadline=DEADLINE)
    sub.refresh_from_db()
    return sub


def lines(facts) -> list[tuple]:
    return [
        (f.side, f.label, {k: v for k, v in f.stats.items() if v}, f.mvp, f.spp)
        for f in facts.lines
    ]


def test_a_bb2020_report_lists_every_stat_deflections_included(waiting):
    facts = submission_facts(waiting)
    assert [key for key, _, _ in facts.stats] == [
        "touchdowns",
        "completions",
        "interceptions",
        "deflections",
        "casualties_inflicted",
        "successful_landings",
    ]


def test_every_player_line_with_the_spp_it_earns(sides, waiting):
    _, humans, orcs = sides

    facts = submission_facts(waiting)

    label = lambda p: f"#{p.number} {p.name}"  # noqa: E731
    assert lines(facts) == [
        # TD 3 + completion 1
        ("home", label(humans[0]), {"touchdowns": 1, "completions": 1}, False, 4),
        ("home", label(humans[1]), {}, True, 4),  # MVP 4
        # 2 TD 6 + MVP 4
        ("away", label(orcs[0]), {"touchdowns": 2}, True, 10),
        # interception 2 + casualty 2
        (
            "away",
            label(orcs[1]),
            {"interceptions": 1, "casualties_inflicted": 1},
            False,
            4,
        ),
        ("away", label(orcs[2]), {"deflections": 1}, False, 1),  # deflection 1
    ]
    assert facts.mvp_drawn == ()
    assert (facts.home_score, facts.away_score, facts.fan_factor_rolls) == (
        1,
        2,
        (2, 3),
    )
    assert facts.notes == "Rain all game"


def test_casualties_with_their_dice_and_what_they_do(sides, waiting):
    _, humans, orcs = sides

    facts = submission_facts(waiting)

    entered, crowd = facts.casualties
    # the BB2020 Casualty table: 13-14 a Lasting Injury; the lasting-injury
    # roll 3 a Smashed Knee, -1 MA; the player misses the next game
    assert (entered.victim, entered.side, entered.by) == (
        f"#{humans[2].number} {humans[2].name}",
        "home",
        f"#{orcs[1].number} {orcs[1].name}",
    )
    assert (entered.casualty_roll, entered.lasting_roll, entered.entered) == (
        13,
        3,
        True,
    )
    assert (entered.result, entered.effects) == (
        "Lasting Injury",
        ("Smashed Knee", "−1 MA", "misses the next game"),
    )
    assert (crowd.side, crowd.by, crowd.entered) == ("away", "", False)
    assert 1 <= crowd.casualty_roll <= 16


def test_the_figures_shown_are_the_ones_that_stand(
    sides, waiting, charlie, django_capture_on_commit_callbacks
):
    facts = submission_facts(waiting)
    match, humans, orcs = sides
    shown = {f.label: f.spp for f in facts.lines}
    rolled = [(c.casualty_roll, c.lasting_roll) for c in facts.casualties]

    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=waiting.pk, actor=charlie)

    result = MatchResult.objects.get(match=match)
    assert [(c["casualty_roll"], c["lasting_roll"]) for c in result.casualties] == (
        rolled
    )
    players = {p.pk: f"#{p.number} {p.name}" for p in humans + orcs}
    earned = {
        players[e["player_id"]]: e["earned"]
        for e in MatchEvent.objects.filter(
            match=match, type="postgame_spp"
        ).values_list("payload", flat=True)
    }
    assert earned == shown


def test_a_side_without_a_named_mvp_is_told_one_is_drawn(
    sides, bob, django_capture_on_commit_callbacks
):
    match, humans, _ = sides
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk,
            report=Report(1, 0, players=[PlayerLine(humans[0].pk, touchdowns=1)]),
            actor=bob,
        )

    facts = submission_facts(sub)

    assert facts.mvp_drawn == ("home", "away")
    assert [(f.label, f.spp) for f in facts.lines] == [
        (f"#{humans[0].number} {humans[0].name}", 3)
    ]


def test_the_match_page_shows_the_report_in_full_before_the_buttons(
    client, sides, waiting, charlie
):
    _, humans, orcs = sides
    client.force_login(charlie)

    html = client.get(f"/matches/{waiting.match_id}/").content.decode()

    box = html[html.index('data-testid="waiting"') :]
    facts = box[
        box.index('data-testid="report-facts"') : box.index('data-testid="confirm"')
    ]
    assert "Reikland Reavers 1–2 Gouged Eye" in facts
    assert re.findall(r'data-testid="spp"><strong>(\d+)</strong>', facts) == [
        "4",
        "4",
        "10",
        "4",
        "1",
    ]
    assert (
        f"#{humans[2].number} {humans[2].name} (Reikland Reavers), caused by "
        f"#{orcs[1].number} {orcs[1].name}: <strong>Lasting Injury</strong>, "
        "Smashed Knee, −1 MA, misses the next game" in facts
    )
    assert "casualty roll 13, lasting injury roll 3; entered in the report" in facts
    assert "rolled by Dugout" in facts
    assert "Gouged Eye bought: Bloodweiser Kegs (50,000) · 50,000 gold in all" in facts
    assert facts.count("MVP</span>") == 2
    assert "Notes: Rain all game" in facts


@pytest.mark.parametrize(
    ("cookie", "saved", "shown"),
    [
        ("Europe/Paris", "", "Fri 1 Mar 2030, 18:00 CET"),
        ("Europe/Paris", "America/New_York", "Fri 1 Mar 2030, 12:00 EST"),
        (None, "", "Fri 1 Mar 2030, 17:00 UTC"),
    ],
)
def test_the_deadline_is_in_words_in_the_viewers_zone(
    client, waiting, charlie, cookie, saved, shown
):
    if saved:
        preferences_save(person=charlie, time_zone=saved, site_off=[], email_off=[])
    if cookie:
        client.cookies["tz"] = cookie
    client.force_login(charlie)

    html = client.get(f"/matches/{waiting.match_id}/").content.decode()

    waiting_box = html[html.index('data-testid="waiting"') :]
    assert re.search(
        rf'confirm or dispute it by <time datetime="2030-03-01T17:00:00\+00:00">'
        rf"{shown}</time> \(in \d+\s(years?|months?)",
        waiting_box,
    )


def test_the_event_log_gives_the_deadline_in_words(client, waiting, charlie):
    client.cookies["tz"] = "Europe/Paris"
    client.force_login(charlie)
    stored = MatchEvent.objects.get(match=waiting.match, type="report_submitted")

    html = client.get(
        f"/matches/{waiting.match_id}/?type=report_submitted"
    ).content.decode()

    assert stored.payload["deadline"] not in html  # never the stored ISO text
    # the deadline in the viewer's zone (Paris), as a coach writes it
    due = datetime.fromisoformat(stored.payload["deadline"]).astimezone(
        ZoneInfo("Europe/Paris")
    )
    words = f"{due:%A} {due.day} {due:%B}, {due:%H:%M}"
    assert f"waits for the other coach to confirm or dispute it by {words}" in html


def test_a_side_that_conceded_has_no_mvp_to_draw(
    sides, bob, django_capture_on_commit_callbacks
):
    # "You are unable to award an MVP to any of your players" (Conceding)
    match, humans, orcs = sides
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=match.pk,
            report=Report(
                0,
                1,
                players=[PlayerLine(orcs[0].pk, touchdowns=1)],
                conceded_by=match.home_id,
            ),
            actor=bob,
        )

    facts = submission_facts(sub)

    assert facts.conceded_by == "Reikland Reavers"
    assert facts.mvp_drawn == ("away",)
