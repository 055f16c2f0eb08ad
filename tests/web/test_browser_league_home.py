"""The league page's top and the pre-match page in a real headless Chromium,
on a desktop and at 390 px: the next round and the latest results come
first, on screen; the pre-match page shows the TV gap. Same set-up as
tests/web/test_browser.py."""

from __future__ import annotations

import pytest

from tests.factories import draft_team
from tests.matches.conftest import one_match, play_recorded
from tests.web import test_browser as base
from tests.web.conftest import scheduled_season

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot = base.DESKTOP, base.fits, base.shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def within_width(page, locator) -> dict:
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["width"] > 0
    assert box["height"] > 0
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= page.viewport_size["width"] + 0.5, box
    return box


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390"])
def test_the_league_page_opens_on_the_next_round_and_latest_results(
    open_page, viewport, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    season = scheduled_season(sevens, four_teams)
    first = list(season.matches.filter(round=1).order_by("id"))
    for match in first:
        play_recorded(
            match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks
        )
    page = open_page(viewport)

    page.goto(f"/leagues/{sevens.pk}/")

    upcoming = page.get_by_test_id("next-round")
    latest = page.get_by_test_id("latest-results")
    top = within_width(page, upcoming)
    below = within_width(page, latest)
    # the next round opens the page: it starts in the first screenful,
    # and the latest results come right after it (beside it on a wide
    # screen, under it on a phone, inside the first screenful either way),
    # before the standings
    assert top["y"] < viewport["height"] / 2, top
    assert below["y"] < viewport["height"], below
    if viewport is DESKTOP:
        assert abs(top["y"] - below["y"]) < 2
        assert top["x"] + top["width"] <= below["x"]
    else:
        assert top["y"] + top["height"] <= below["y"]
    standings = page.locator("#standings-title").bounding_box()
    assert below["y"] + below["height"] < standings["y"]
    assert upcoming.get_by_role("heading").inner_text() == "Next: Round 2"
    assert latest.locator(".score").all_inner_texts() == ["1–0"] * len(first)
    fits(page)
    shot(page, f"league-now-{viewport['width']}")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390"])
def test_the_pre_match_page_shows_the_tv_gap(open_page, viewport, eleven, bob, charlie):
    # BB2020: 11 Human Linemen (550K) v 11 Orc Linemen and a 60K Re-roll
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye", rerolls=1)
    match = one_match(eleven, humans, orcs)
    page = open_page(viewport)

    page.goto(f"/matches/{match.pk}/")
    page.get_by_role("link", name="Pre-match").click()

    gap = page.get_by_test_id("tv-gap")
    within_width(page, gap)
    assert "CTV gap: 60,000." in gap.inner_text()
    assert "Reikland Reavers are the underdogs and get 60,000 petty cash" in (
        gap.inner_text()
    )
    within_width(page, page.get_by_test_id("ctv-away"))
    fits(page)
    shot(page, f"prematch-{viewport['width']}")
