"""The loop a coach and a commissioner go through after they are in, in a
real headless Chromium on a desktop and a 390 px phone: the commissioner
invites a coach, who finds the invitation on his home page and accepts it,
drafts with "Suggest names", and reports a match of the season the
commissioner scheduled; the commissioner finds the report on her home page,
reads it in full and confirms it; the standings change; both were told, on
the site and by e-mail. axe-core finds no serious or critical violation on
any page they see. Same set-up as tests/web/test_browser.py."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from league.models import Notification, Team
from league.names.suggestions import name_book
from matches.models import Match, ReportSubmission
from matches.seasons.selectors import season_standings
from tests.factories import LeagueFactory, draft_team
from tests.web import test_browser as base
from tests.web.test_accessibility import AXE_SOURCE, FAILING
from tests.web.test_browser_phone import on_screen

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot, labelled = base.DESKTOP, base.fits, base.shot, base.labelled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
VIEWPORTS = [pytest.param(DESKTOP, id="1280"), pytest.param(PHONE, id="390")]


def serious(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SOURCE)
    found = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
    )
    return [
        f"{page.url} {v['id']} ({v['impact']}): {v['help']}"
        for v in found
        if v["impact"] in FAILING
    ]


def checked(page, findings: list[str]) -> None:
    """The page fits the screen, every input is labelled, and axe finds
    nothing serious (collected, asserted at the end)."""
    fits(page)
    labelled(page)
    findings += serious(page)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_invited_drafted_reported_confirmed(open_page, alice, bob, viewport):
    findings: list[str] = []
    for user in (alice, bob):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    league = LeagueFactory(
        name="Home League",
        format="bb2020",
        commissioner=alice,
        report_confirmation_days=3,
    )
    humans = draft_team(league, alice, roster="human", name="Alice's Humans")

    # the commissioner invites Bob from the members page
    boss = open_page(viewport, alice)
    boss.goto(f"/leagues/{league.pk}/members/")
    boss.get_by_label("Coach's username").fill("bob")
    boss.get_by_role("button", name="Invite", exact=True).click()
    boss.wait_for_selector("text=Invited, not yet answered")

    # Bob's home says so, and the navigation counts it
    coach = open_page(viewport, bob)
    coach.goto("/me/")
    assert coach.get_by_test_id("nav-home").inner_text().startswith("Home 1")
    waiting = coach.get_by_test_id("home-waiting")
    assert "You are invited to Home League" in waiting.inner_text()
    checked(coach, findings)
    shot(coach, f"home-invited-{viewport['width']}")
    waiting.get_by_role("link", name="Accept or decline").click()
    coach.get_by_role("button", name="Accept the invitation").click()
    coach.wait_for_selector("text=You are a member of Home League")

    # he drafts eleven Orc linemen, named in one click
    coach.get_by_label("Roster").select_option("orc")
    coach.wait_for_selector("[name=count-orc-lineman]")
    coach.get_by_label("Number of Orc Lineman players").fill("11")
    coach.get_by_label("Name of Orc Lineman 1", exact=True).fill("Grimbo")
    coach.evaluate("() => { window.samePage = true; }")
    coach.get_by_role("button", name="Suggest names").click()
    # filled in the page by its script: no round trip to the server
    assert coach.evaluate("() => window.samePage === true")
    names = [
        coach.get_by_label(f"Name of Orc Lineman {i}", exact=True).input_value()
        for i in range(1, 12)
    ]
    assert names[0] == "Grimbo"
    assert len(set(names)) == 11
    assert set(names[1:]) <= set(name_book().families["orc"])
    # the twelfth input, not counted, stays empty (and hidden)
    assert coach.locator("[name=name-orc-lineman-11]").input_value() == ""
    checked(coach, findings)
    coach.get_by_label("Team name").fill("Gouged Eye")
    coach.get_by_role("button", name="Draft Orc team").click()
    coach.wait_for_url(re.compile(r"/teams/\d+/$"))
    orcs = Team.objects.get(name="Gouged Eye")
    assert sorted(orcs.players.values_list("name", flat=True)) == sorted(names)

    # the commissioner creates and schedules a season of the two teams
    boss.goto(f"/leagues/{league.pk}/seasons/new/")
    boss.get_by_label("Name", exact=True).fill("Spring")
    boss.get_by_role("button", name="Create the season").click()
    boss.get_by_role("button", name="Generate the schedule").click()
    boss.wait_for_selector("text=Scheduled 1 match in 1 round.")
    match = Match.objects.get(season__league=league)

    # Bob reports a win: his first lineman scored
    scorer = orcs.players.get(number=1)
    coach.goto(f"/matches/{match.pk}/report/")
    home_goals, away_goals = (1, 0) if match.home_id == orcs.pk else (0, 1)
    coach.get_by_label(f"{match.home.name} score", exact=True).fill(str(home_goals))
    coach.get_by_label(f"{match.away.name} score", exact=True).fill(str(away_goals))
    coach.get_by_label(
        f"Touchdowns by #{scorer.number} {scorer.name}", exact=True
    ).fill("1")
    coach.get_by_role("button", name="Submit the report").click()
    coach.wait_for_selector("text=Report sent")
    sub = ReportSubmission.objects.get(match=match)

    # the commissioner finds it on her home page, waiting for her
    boss.goto("/")
    assert boss.get_by_test_id("nav-home").inner_text().startswith("Home 1")
    item = boss.get_by_test_id("home-waiting").locator("li", has_text="bob reported")
    assert "Stands on" in item.inner_text()
    on_screen(boss, item)
    checked(boss, findings)
    shot(boss, f"home-report-waiting-{viewport['width']}")
    item.get_by_role("link", name="Read it, then confirm or dispute").click()

    # she reads it in full: the scorer's 3 SPP, the MVPs still to draw
    facts = boss.get_by_test_id("report-facts")
    facts.wait_for()
    row = facts.locator("tr", has_text=f"#{scorer.number} {scorer.name}")
    assert row.get_by_test_id("spp").inner_text() == "3"
    assert boss.get_by_test_id("mvp-drawn").count() == 2
    confirm = boss.get_by_role("button", name="Confirm the report")
    checked(boss, findings)
    shot(boss, f"report-in-full-{viewport['width']}")
    confirm.click()
    boss.wait_for_selector("text=Report confirmed")

    # the standings change
    sub.refresh_from_db()
    assert sub.status == ReportSubmission.Status.CONFIRMED
    top = season_standings(match.season)[0]
    assert (top.team_id, top.won, top.points) == (orcs.pk, 1, 3)
    boss.goto(f"/seasons/{match.season_id}/")
    first_row = boss.locator("table.standings tbody tr").first
    assert "Gouged Eye" in first_row.inner_text()

    # both were told, on the site and by e-mail
    told = {
        (n.recipient.username, n.kind)
        for n in Notification.objects.select_related("recipient")
    }
    assert {
        ("bob", "invitation"),
        ("bob", "season_scheduled"),
        ("alice", "report_waiting"),
        ("bob", "report_confirmed"),
    } <= told
    subjects = {(m.to[0], m.subject) for m in mail.outbox}
    assert (
        "bob@example.org",
        "[Dugout] Home League: alice invites you to Home League: accept or decline "
        "the invitation",
    ) in subjects
    assert any(
        to == "alice@example.org"
        and subject.startswith("[Dugout] Home League: bob reported")
        for to, subject in subjects
    )
    assert any(
        to == "bob@example.org" and "confirmed your report" in subject
        for to, subject in subjects
    )
    coach.goto("/me/notifications/")
    listed = coach.get_by_test_id("notifications").inner_text()
    assert "alice confirmed your report" in listed
    checked(coach, findings)
    coach.goto("/me/preferences/")
    checked(coach, findings)
    assert {match.home_id, match.away_id} == {humans.pk, orcs.pk}

    assert findings == [], "\n".join(findings)
