"""A commissioner in the admin, in headless Chromium (desktop and 390 px): logs in with their own
password, schedules a season through the action's confirmation page (the
reason required), and finds the audit row in their league's log."""

from __future__ import annotations

import pytest

from league.models import LeagueEvent
from matches.models import Match
from matches.seasons.services import season_create
from tests.commissioner_world import build_league
from tests.web.test_browser import DESKTOP, browser, shot  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_390 = {"width": 390, "height": 844}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE_390], ids=["desktop", "phone-390"])
def test_a_commissioner_schedules_a_season_in_the_admin(browser, live_server, viewport):  # noqa: F811
    north = build_league("nora", "bob", "Northern Cup", ("orc", "human"))
    build_league("sam", "carl", "Southern Cup", ("human", "dwarf"))
    spring = season_create(league=north.league, name="Spring", seed=1)
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto("/admin/login/?next=/admin/matches/season/")
        page.get_by_label("Username").fill("nora")
        page.get_by_label("Password").fill("password")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/admin/matches/season/")
        listing = page.locator("#result_list").inner_text()
        assert "Northern Cup" in listing
        assert "Southern Cup" not in listing

        page.locator(f"input[name=_selected_action][value='{spring.pk}']").check()
        page.select_option("select[name=action]", "schedule")
        page.get_by_role("button", name="Run").click()
        # the browser will not send the form without a reason (the server's
        # own refusal is tested with the test client)
        reason = page.get_by_label("Reason")
        assert reason.get_attribute("required") is not None
        assert not Match.objects.filter(season=spring).exists()
        reason.fill("spring starts")
        shot(page, f"admin-schedule-confirm-{viewport['width']}")
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_selector("text=1 match scheduled")
        shot(page, f"admin-schedule-done-{viewport['width']}")
    finally:
        context.close()
    assert Match.objects.filter(season=spring).count() == 1
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.SEASON_SCHEDULED)
    assert (event.league_id, event.payload["reason"]) == (
        north.league.pk,
        "spring starts",
    )
