"""The whole way from nothing to a confirmed result, in headless Chromium,
at 1280 px and at 390 px, by two new people in two browsers, with no API
or admin step: A signs up, verifies by the mail in the outbox, creates a
league and copies its invite link from the members page; B opens the link,
signs up, verifies and joins; both draft (B with "Suggest names"); A
schedules a season; B reports the match (a scorer and a casualty); A finds
the report on their home page, reads it in full and confirms it; the
standings change; both were told, on the site and by e-mail. axe-core finds
no serious or critical violation on any page either of them sees.

Past the mailed and the shared links, which a person opens from their
mail, each step follows the links and buttons of the page before rather
than a typed address, so that a missing link fails here."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from league.models import League, LeagueMembership, Team
from league.names.suggestions import name_book
from league.notifications.models import Notification
from matches.models import Match, MatchResult, ReportSubmission
from tests.web import test_browser as base
from tests.web.conftest import shot
from tests.web.test_browser_first_league import Checked, mailed_link
from tests.web.test_browser_first_league import new_tab as checked_tab

browser = base.browser
DESKTOP = base.DESKTOP
PHONE = {"width": 390, "height": 844}
PASSWORD = "a long enough password"
LEAGUE = "Ada's Open"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Seen(Checked):
    """A tab that runs axe on each page it is asked to check, and takes a
    screenshot of it when asked (DUGOUT_SCREENSHOTS=1)."""

    def __init__(self, page, viewport, who: str) -> None:
        super().__init__(page, viewport)
        self.who = who

    def check(self, name: str) -> None:
        super().check(f"{self.who}: {name}")
        slug = re.sub(r"\W+", "-", name).strip("-")
        shot(self.page, f"flow-{self.viewport['width']}-{self.who}-{slug}")


def new_tab(browser, live_server, viewport, who: str) -> Seen:
    """A fresh browser context of its own (cookies, clipboard) for ``who``."""
    return Seen(checked_tab(browser, live_server, viewport).page, viewport, who)


def nav(tab: Checked, name):
    return tab.page.get_by_role("navigation", name="Main").get_by_role(
        "link", name=name
    )


def sign_up(tab: Checked, username: str) -> None:
    page = tab.page
    tab.check("sign up")
    page.get_by_label("E-mail address").fill(f"{username}@example.org")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_selector(f"text=Log out {username}")
    tab.check("signed up")


def verify(tab: Checked, username: str) -> None:
    page = tab.page
    page.goto(mailed_link(f"{username}@example.org", "/confirm-email/"))
    tab.check("confirm e-mail")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()
    tab.check("confirmed")


def create_league(a: Checked) -> League:
    # from their home, where a newcomer is offered to start a league
    a.page.get_by_test_id("home-new-league").click()
    a.check("new league")
    a.page.get_by_label("Name", exact=True).fill(LEAGUE)
    a.page.get_by_label("Blood Bowl", exact=True).check()
    a.page.get_by_label("Days to confirm a report").fill("3")
    a.page.get_by_role("button", name="Create the league").click()
    a.page.wait_for_url(re.compile(r"/leagues/\d+/members/$"))
    a.check("members")
    return League.objects.get(name=LEAGUE)


def join(b: Checked, invite: str, league: League) -> None:
    b.page.goto(invite)
    b.check("invite (visitor)")
    b.page.get_by_role("link", name="Sign up to join").click()
    sign_up(b, "bea")
    b.page.get_by_text("Verify your e-mail address first").wait_for()
    b.check("invite (unverified)")
    verify(b, "bea")
    assert b.page.url == invite
    b.check("invite (verified)")
    b.page.get_by_role("button", name=f"Join {LEAGUE}").click()
    b.page.wait_for_url(re.compile(rf"/leagues/{league.pk}/draft/$"))
    b.check("draft (empty)")


def pick_roster(tab: Checked, roster: str, count: int) -> None:
    page = tab.page
    page.get_by_label("Roster").select_option(roster)
    page.wait_for_selector(f"[name=count-{roster}-lineman]")
    position = f"{roster.capitalize()} Lineman"
    page.get_by_label(f"Number of {position} players").fill(str(count))


def draft_by_hand(a: Checked, league: League) -> list[str]:
    """A types every name."""
    page = a.page
    page.get_by_test_id("nav-home").click()
    a.check("home (drafting)")
    page.get_by_role("link", name=f"in {LEAGUE}").click()
    pick_roster(a, "human", 11)
    names = [f"Ada Human {i}" for i in range(1, 12)]
    for i, name in enumerate(names, start=1):
        page.get_by_label(f"Name of Human Lineman {i}", exact=True).fill(name)
    page.get_by_label("Team name").fill("Ada's Humans")
    a.check("draft (humans)")
    page.get_by_role("button", name="Draft Human team").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))
    a.check("team (humans)")
    return names


def draft_with_suggestions(b: Checked) -> list[str]:
    """B types one name and lets the page suggest the other ten."""
    page = b.page
    pick_roster(b, "orc", 11)
    page.get_by_label("Name of Orc Lineman 1", exact=True).fill("Grimbo")
    page.get_by_role("button", name="Suggest names").click()
    names = [
        page.get_by_label(f"Name of Orc Lineman {i}", exact=True).input_value()
        for i in range(1, 12)
    ]
    assert names[0] == "Grimbo"
    assert len(set(names)) == 11
    assert set(names[1:]) <= set(name_book().families["orc"])
    page.get_by_label("Team name").fill("Bea's Orcs")
    b.check("draft (orcs, named)")
    page.get_by_role("button", name="Draft Orc team").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))
    b.check("team (orcs)")
    return names


def schedule(a: Checked, league: League) -> Match:
    page = a.page
    nav(a, "Leagues").click()
    a.check("leagues")
    page.get_by_role("main").get_by_role("link", name=LEAGUE).click()
    a.check("league")
    page.get_by_role("link", name="New season").click()
    a.check("new season")
    page.get_by_label("Name", exact=True).fill("Spring")
    page.get_by_role("button", name="Create the season").click()
    page.get_by_role("button", name="Generate the schedule").click()
    page.get_by_text("Scheduled 1 match in 1 round.").wait_for()
    a.check("season scheduled")
    # nothing played yet: P W D L, TD+ TD- TD±, CAS+ CAS- CAS±, Pts
    zeros = ["0", "0", "0", "0", "0", "0", "+0", "0", "0", "+0", "0"]
    for team in ("Ada's Humans", "Bea's Orcs"):
        assert standings_row(a, team)[1:13] == [team, *zeros]
    return Match.objects.get(season__league=league)


def report(b: Checked, match: Match, orcs: Team, humans: Team) -> None:
    """B reports a 1-0 win for the Orcs: #1 scored, #2 hurt Human #3 (a
    Casualty roll of 4: Badly Hurt, 1-6 on the rules' D16 Casualty table),
    the MVPs Orc #3 and Human #5."""
    page = b.page
    nav(b, "Home").click()
    b.check("home (fixture)")
    fixture = page.get_by_test_id("home-fixtures")
    fixture.get_by_role(
        "link", name=re.compile(r"^Bea's Orcs (v|at) Ada's Humans$")
    ).click()
    b.check("match (scheduled)")
    page.get_by_role("link", name="Record the report").click()
    b.check("report form")
    orc = {n: orcs.players.get(number=n) for n in (1, 2, 3)}
    human = {n: humans.players.get(number=n) for n in (3, 5)}
    home_goals, away_goals = (1, 0) if match.home_id == orcs.pk else (0, 1)
    page.get_by_label(f"{match.home.name} score", exact=True).fill(str(home_goals))
    page.get_by_label(f"{match.away.name} score", exact=True).fill(str(away_goals))
    page.get_by_label(f"Touchdowns by #1 {orc[1].name}", exact=True).fill("1")
    page.get_by_label(f"Casualties inflicted by #2 {orc[2].name}", exact=True).fill("1")
    page.get_by_label("Bea's Orcs MVP").select_option(label=f"#3 {orc[3].name}")
    page.get_by_label("Ada's Humans MVP").select_option(label=f"#5 {human[5].name}")
    casualty = page.locator("#casualties")
    casualty.get_by_label("Player hurt").first.select_option(
        label=f"#3 {human[3].name}"
    )
    casualty.get_by_label("Inflicted by").first.select_option(label=f"#2 {orc[2].name}")
    casualty.get_by_label("Casualty roll").first.fill("4")
    b.check("report form (filled)")
    page.get_by_role("button", name="Submit the report").click()
    page.get_by_text("Report sent").wait_for()
    b.check("report sent")


def confirm(a: Checked, orcs: Team, humans: Team) -> None:
    """A finds the report at home, reads it in full and confirms it."""
    page = a.page
    nav(a, "Leagues").click()  # any page: the navigation counts what waits
    a.check("leagues (report waiting)")
    assert page.get_by_test_id("nav-home").inner_text().startswith("Home 1")
    page.get_by_test_id("nav-home").click()
    item = page.get_by_test_id("home-waiting").locator("li", has_text="bea reported")
    assert "Stands on" in item.inner_text()
    a.check("home (report waiting)")
    item.get_by_role("link", name="Read it, then confirm or dispute").click()
    facts = page.get_by_test_id("report-facts")
    facts.wait_for()
    # SPP (BB2020 post-game sequence): 3 a touchdown, 2 a casualty
    # caused, 4 the MVP
    expected = {
        f"#1 {orcs.players.get(number=1).name}": "3",
        f"#2 {orcs.players.get(number=2).name}": "2",
        f"#3 {orcs.players.get(number=3).name}": "4",
        f"#5 {humans.players.get(number=5).name}": "4",
    }
    lines = facts.get_by_test_id("report-lines").locator("tbody tr")
    assert lines.count() == len(expected)
    for player, spp in expected.items():
        row = lines.filter(has_text=player)
        assert row.get_by_test_id("spp").inner_text() == spp
    assert page.get_by_test_id("mvp-drawn").count() == 0
    hurt, by = humans.players.get(number=3), orcs.players.get(number=2)
    assert facts.get_by_test_id("report-casualties").inner_text() == (
        f"#3 {hurt.name} (Ada's Humans), caused by #2 {by.name}: Badly Hurt "
        "(casualty roll 4; entered in the report)"
    )
    a.check("report in full")
    page.get_by_role("button", name="Confirm the report").click()
    page.get_by_text(re.compile(r"^Report confirmed: ")).wait_for()
    a.check("report confirmed")


def standings_row(tab: Checked, team: str) -> list[str]:
    row = tab.page.locator("table.standings tbody tr", has_text=team)
    return [c.strip() for c in row.locator("td, th").all_inner_texts()]


def notifications_listed(tab: Checked) -> str:
    nav(tab, re.compile("^Notifications")).click()
    tab.check("notifications")
    return tab.page.get_by_test_id("notifications").inner_text()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_two_new_people_from_sign_up_to_a_confirmed_result(
    browser, live_server, viewport, settings
):
    # the site's own address, which the invite link copied starts with
    settings.SITE_URL = live_server.url
    # A signs up from the front page and verifies by the mailed link
    a = new_tab(browser, live_server, viewport, "ada")
    a.page.goto("/")
    a.check("front page")
    nav(a, "Sign up").click()
    sign_up(a, "ada")
    verify(a, "ada")

    # A creates a league and copies its invite link from the members page
    league = create_league(a)
    assert league.commissioner.username == "ada"
    a.page.get_by_role("button", name="Copy").click()
    a.page.get_by_role("button", name="Copied").wait_for()
    invite = a.page.evaluate("() => navigator.clipboard.readText()")
    assert re.fullmatch(rf"{live_server.url}/invite/[^/]+/", invite)

    # B opens it, signs up, verifies and joins
    b = new_tab(browser, live_server, viewport, "bea")
    join(b, invite, league)
    assert (
        LeagueMembership.objects.get(league=league, coach__username="bea").status
        == "member"
    )

    # both draft: B with suggested names, A by hand
    orc_names = draft_with_suggestions(b)
    human_names = draft_by_hand(a, league)
    orcs = Team.objects.get(league=league, coach__username="bea")
    humans = Team.objects.get(league=league, coach__username="ada")
    assert sorted(orcs.players.values_list("name", flat=True)) == sorted(orc_names)
    assert sorted(humans.players.values_list("name", flat=True)) == sorted(human_names)

    # A schedules a season; B reports its match
    match = schedule(a, league)
    assert {match.home_id, match.away_id} == {orcs.pk, humans.pk}
    report(b, match, orcs, humans)
    submission = ReportSubmission.objects.get(match=match)
    assert submission.status == ReportSubmission.Status.AWAITING

    # A finds it at home, reads it in full and confirms it
    confirm(a, orcs, humans)
    submission.refresh_from_db()
    assert submission.status == ReportSubmission.Status.CONFIRMED
    orcs_home = match.home_id == orcs.pk
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == ((1, 0) if orcs_home else (0, 1))

    # the standings change: 3 points a win, 0 a loss (the league's
    # defaults, as the rulebook's league play gives them), the touchdown
    # and the casualty counted for the Orcs
    a.page.locator(".crumbs").get_by_role("link", name="Spring").click()
    a.check("season (standings)")
    assert standings_row(a, "Bea's Orcs") == [
        "1", "Bea's Orcs", "1", "1", "0", "0", "1", "0", "+1", "1", "0", "+1",
        "3", "",
    ]  # fmt: skip
    assert standings_row(a, "Ada's Humans") == [
        "2", "Ada's Humans", "1", "0", "0", "1", "0", "1", "-1", "0", "1", "-1",
        "0", "",
    ]  # fmt: skip

    # both were told, on the site and by e-mail
    score = (
        f"{match.home.name} {result.home_score}–{result.away_score} {match.away.name}"
    )
    scheduled = f"{LEAGUE}: Spring is scheduled, 1 round."
    player = {
        (team.pk, n): team.players.get(number=n).name
        for team, n in ((orcs, 1), (orcs, 3), (humans, 5))
    }
    told = {
        "ada": [
            ("member_joined", f"bea joined {LEAGUE} through its invite link"),
            (
                "season_scheduled",
                f"{scheduled} Ada's Humans open against Bea's Orcs in round 1",
            ),
            ("report_waiting", f"bea reported {score}: confirm or dispute it"),
            (
                "spp_to_spend",
                f"#5 {player[humans.pk, 5]} of Ada's Humans has 4 SPP: "
                "enough for an advancement",
            ),
        ],
        "bea": [
            (
                "season_scheduled",
                f"{scheduled} Bea's Orcs open against Ada's Humans in round 1",
            ),
            (
                "report_confirmed",
                f"ada confirmed your report of {score}: the result stands",
            ),
            (
                "spp_to_spend",
                f"#1 {player[orcs.pk, 1]} of Bea's Orcs has 3 SPP: "
                "enough for an advancement",
            ),
            (
                "spp_to_spend",
                f"#3 {player[orcs.pk, 3]} of Bea's Orcs has 4 SPP: "
                "enough for an advancement",
            ),
        ],
    }
    for who, tab in (("ada", a), ("bea", b)):
        rows = Notification.objects.filter(recipient__username=who)
        assert sorted(rows.values_list("kind", "text")) == sorted(told[who])
        listed = notifications_listed(tab)
        for _, text in told[who]:
            assert text in listed
    assert sorted((m.to, m.subject) for m in mail.outbox) == sorted(
        [
            (
                [f"{who}@example.org"],
                f"[Dugout] {LEAGUE}: {text.removeprefix(f'{LEAGUE}: ')}",
            )
            for who in told
            for _, text in told[who]
        ]
        + [
            ([f"{who}@example.org"], "[Dugout] Please Confirm Your Email Address")
            for who in told
        ]
    )

    assert a.failing + b.failing == []
    assert a.page.errors + b.page.errors == []
