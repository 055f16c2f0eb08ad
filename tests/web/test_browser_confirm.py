"""Reports the other coach confirms, and the forecast of a fixture, in a
real headless Chromium on a desktop and a 390 px phone. Same
set-up as tests/web/test_browser.py."""

from __future__ import annotations

import pytest

from league.models import League
from matches.forecasts.services import match_forecast_refresh
from matches.models import MatchResult, ReportSubmission
from matches.reports.report import match_submit_report
from tests.factories import draft_team
from tests.matches.conftest import one_match, score_report
from tests.web import test_browser as base
from tests.web.test_browser_phone import on_screen

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot, labelled = base.DESKTOP, base.fits, base.shot, base.labelled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
VIEWPORTS = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


def _name(viewport) -> str:
    return "390" if viewport == PHONE else "desktop"


@pytest.fixture
def humans(charlie_humans):
    return charlie_humans


@pytest.fixture
def orcs(eleven, bob):
    return draft_team(eleven, bob, roster="orc", name="Gouged Eye")


@pytest.fixture
def waiting(eleven, humans, orcs, bob):
    """Bob (Orcs, away) reported 0-0; Charlie (Humans) has three days."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    match = one_match(eleven, humans, orcs)
    sub = match_submit_report(
        match_id=match.pk, report=score_report(match, 0, 0), actor=bob
    )
    assert isinstance(sub, ReportSubmission)
    return sub


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_other_coach_confirms_a_report(open_page, waiting, charlie, viewport):
    page = open_page(viewport, charlie)
    page.goto(f"/matches/{waiting.match_id}/")

    box = page.get_by_test_id("waiting")
    assert "reported by bob" in box.inner_text()
    confirm = page.get_by_role("button", name="Confirm the report")
    on_screen(page, confirm)
    labelled(page)
    fits(page)
    shot(page, f"report-waiting-{_name(viewport)}")
    confirm.click()

    page.wait_for_url(f"**/matches/{waiting.match_id}/")
    assert "Report confirmed" in page.content()
    waiting.refresh_from_db()
    assert waiting.status == ReportSubmission.Status.CONFIRMED
    assert MatchResult.objects.filter(match_id=waiting.match_id).exists()
    assert page.get_by_test_id("score").inner_text() == "0–0"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_dispute_goes_to_the_commissioner_who_decides(
    open_page, waiting, alice, charlie, viewport
):
    page = open_page(viewport, charlie)
    page.goto(f"/matches/{waiting.match_id}/")
    page.get_by_label("What is wrong with it?").fill("We scored twice")
    page.get_by_role("button", name="Dispute the report").click()
    page.wait_for_url(f"**/matches/{waiting.match_id}/")
    assert "We scored twice" in page.get_by_test_id("waiting").inner_text()

    page = open_page(viewport, alice)
    page.goto(f"/matches/{waiting.match_id}/")
    page.get_by_label("The reason for your decision").fill("No photo of the second")
    reject = page.get_by_role("button", name="Reject the report")
    on_screen(page, reject)
    fits(page)
    shot(page, f"report-disputed-{_name(viewport)}")
    reject.click()
    page.wait_for_url(f"**/matches/{waiting.match_id}/")

    waiting.refresh_from_db()
    assert (waiting.status, waiting.decision_reason) == (
        ReportSubmission.Status.REJECTED,
        "No photo of the second",
    )
    assert (
        "No photo of the second"
        in page.get_by_test_id("submission-rejected").inner_text()
    )
    assert not MatchResult.objects.filter(match_id=waiting.match_id).exists()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_fixture_shows_its_forecast(
    open_page, settings, eleven, humans, orcs, bob, viewport
):
    settings.FORECAST_GAMES = 4
    match = one_match(eleven, humans, orcs)
    forecast = match_forecast_refresh(match_id=match.pk)
    home, draw, away = forecast.percents

    page = open_page(viewport, bob)
    page.goto(f"/matches/{match.pk}/")

    section = page.get_by_test_id("forecast")
    on_screen(page, page.get_by_test_id("forecast-home"))
    assert page.get_by_test_id("forecast-home").inner_text() == f"{home}%"
    assert page.get_by_test_id("forecast-draw").inner_text() == f"{draw}%"
    assert page.get_by_test_id("forecast-away").inner_text() == f"{away}%"
    assert "played this fixture 4 times" in section.inner_text()
    fits(page)
    shot(page, f"forecast-{_name(viewport)}")
    page.goto(f"/seasons/{match.season_id}/")
    chip = page.get_by_test_id("fixture-forecast")
    # read aloud: "Forecast: home win 25%, draw 50%, away win 25%"
    spoken = " ".join(chip.inner_text().replace("·", " ").split())
    assert spoken == f"Forecast: home win {home}% , draw {draw}% , away win {away}%"
