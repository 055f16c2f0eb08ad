"""Two new people find their way in, in headless Chromium, on a desktop
and at 390 px, with no API or admin step: A signs up, verifies their
address by the mail in the outbox, creates a league and copies its invite
link; B opens the link, signs up through it, verifies and joins; both
draft a team. axe-core finds no serious or critical violation on any page
of the way in, and nothing sticks out sideways on the phone."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail

from league.models import League, LeagueMembership, Team
from tests.web import test_browser as base
from tests.web.test_accessibility import FAILING, axe_run, describe

browser = base.browser
DESKTOP, fits = base.DESKTOP, base.fits
PHONE = {"width": 390, "height": 844}
PASSWORD = "a long enough password"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Checked:
    """A tab that runs axe on each page it is asked to check."""

    def __init__(self, page, viewport) -> None:
        self.page = page
        self.viewport = viewport
        self.failing: list[str] = []

    def check(self, name: str) -> None:
        self.page.wait_for_load_state()
        if self.viewport["width"] < 600:
            fits(self.page)
        label = f"{self.viewport['width']}px"
        for violation in axe_run(self.page):
            if violation["impact"] in FAILING:
                self.failing.append(describe(_Named(name), label, violation))


class _Named:
    def __init__(self, name: str) -> None:
        self.name = name


def new_tab(browser, live_server, viewport) -> Checked:
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return Checked(page, viewport)


def mailed_link(to: str, part: str) -> str:
    [link] = [
        url
        for m in mail.outbox
        if to in m.to
        for url in re.findall(r"https?://\S+", m.body)
        if part in url
    ]
    return link


def sign_up(tab: Checked, username: str) -> None:
    page = tab.page
    tab.check("sign up")
    page.get_by_label("E-mail address").fill(f"{username}@example.org")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_selector(f"text=Log out {username}")


def verify(tab: Checked, username: str) -> None:
    page = tab.page
    page.goto(mailed_link(f"{username}@example.org", "/confirm-email/"))
    tab.check("confirm e-mail")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()


def draft(tab: Checked, league: League, team_name: str) -> None:
    page = tab.page
    page.goto(f"/leagues/{league.pk}/draft/")
    page.get_by_label("Roster").select_option("orc")
    page.wait_for_selector("[data-counter]")
    page.get_by_label("Team name").fill(team_name)
    lineman = page.get_by_role("button", name="One more Orc Lineman")
    for i in range(7):  # Sevens: seven players at least
        lineman.click()
        page.get_by_label(f"Name of Orc Lineman {i + 1}", exact=True).fill(
            f"{team_name} {i + 1}"
        )
    page.get_by_role("button", name="Draft Orc team").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390px"])
def test_two_new_people_sign_up_make_a_league_join_it_and_draft(
    browser, live_server, viewport, settings
):
    # the site's own address, which the invite link copied starts with
    settings.SITE_URL = live_server.url
    # A signs up from the leagues page and verifies by the mailed link
    a = new_tab(browser, live_server, viewport)
    a.page.goto("/leagues/")
    a.check("leagues")
    a.page.get_by_role("main").get_by_role("link", name="Sign up").click()
    sign_up(a, "ada")
    verify(a, "ada")

    # A creates a league from the navigation
    a.page.get_by_role("navigation", name="Main").get_by_role(
        "link", name="New league"
    ).click()
    a.check("new league")
    a.page.get_by_label("Name", exact=True).fill("Ada's Sevens")
    a.page.get_by_label("Blood Bowl Sevens").check()
    a.page.get_by_role("button", name="Create the league").click()
    a.page.wait_for_url(re.compile(r"/leagues/\d+/members/$"))
    a.check("members")
    league = League.objects.get(name="Ada's Sevens")
    assert league.commissioner.username == "ada"

    # A copies the invite link
    a.page.get_by_role("button", name="Copy").click()
    a.page.get_by_role("button", name="Copied").wait_for()
    invite = a.page.get_by_test_id("invite-link").input_value()
    assert re.fullmatch(rf"{live_server.url}/invite/[^/]+/", invite)

    # B opens it, signs up through it, verifies, comes back and joins
    b = new_tab(browser, live_server, viewport)
    b.page.goto(invite)
    b.check("invite (visitor)")
    b.page.get_by_role("link", name="Sign up to join").click()
    sign_up(b, "bea")
    assert b.page.url == invite
    b.page.get_by_text("Verify your e-mail address first").wait_for()
    b.check("invite (unverified)")
    verify(b, "bea")
    assert b.page.url == invite
    b.check("invite (verified)")
    b.page.get_by_role("button", name="Join Ada's Sevens").click()
    b.page.wait_for_url(re.compile(rf"/leagues/{league.pk}/draft/$"))
    assert (
        LeagueMembership.objects.get(league=league, coach__username="bea").status
        == "member"
    )

    # both draft a team
    draft(a, league, "Ada Orcs")
    draft(b, league, "Bea Orcs")

    teams = Team.objects.filter(league=league).order_by("name")
    assert [(t.name, t.coach.username) for t in teams] == [
        ("Ada Orcs", "ada"),
        ("Bea Orcs", "bea"),
    ]
    assert a.failing + b.failing == []
    assert a.page.errors + b.page.errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390px"])
def test_a_revoked_link_is_refused_with_a_clear_page(browser, live_server, viewport):
    from league.invites.services import invite_link_renew
    from league.invites.tokens import invite_token
    from tests.factories import LeagueFactory, UserFactory

    alice = UserFactory(username="alice")
    league = LeagueFactory(name="Closed Shop", commissioner=alice)
    old = invite_link_renew(league_id=league.pk, actor=alice)
    invite_link_renew(league_id=league.pk, actor=alice)
    tab = new_tab(browser, live_server, viewport)

    response = tab.page.goto(f"/invite/{invite_token(old)}/")

    assert response.status == 410
    tab.page.get_by_role("heading", name="This invitation no longer works").wait_for()
    assert "was revoked by the commissioner of Closed Shop" in (
        tab.page.get_by_test_id("invite-refused").inner_text()
    )
    tab.check("invite (revoked)")
    assert tab.failing == []


def test_each_format_is_named_by_its_label_and_described_by_its_summary(
    signed_in_tabs, alice
):
    from playwright.sync_api import expect

    from league.creation.forms import format_offers

    page = signed_in_tabs(DESKTOP, "alice")
    page.goto("/leagues/new/")

    for offer in format_offers():
        radio = page.get_by_role("radio", name=offer.label, exact=True)
        expect(radio).to_have_accessible_name(offer.label)
        expect(radio).to_have_accessible_description(offer.summary)
    # the summary is part of the click target all the same
    first = format_offers()[0]
    page.get_by_text(first.summary).click()
    expect(page.get_by_role("radio", name=first.label, exact=True)).to_be_checked()


def test_swagger_try_it_out_offers_a_league_a_commissioner_would_make(
    signed_in_tabs, alice
):
    page = signed_in_tabs(DESKTOP, "alice")
    page.goto("/api/docs/")
    create = page.locator("#operations-leagues-leagues_create")
    create.locator(".opblock-summary").click()
    create.get_by_role("button", name="Try it out").click()

    body = create.locator("textarea.body-param__text").input_value()

    # the first of the schema's examples, not a text drawn from the pattern
    assert json.loads(body) == {
        "name": "Sunday League",
        "format": "bb2020",
        "report_confirmation_days": 3,
    }
