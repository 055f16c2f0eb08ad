"""Player pages and leaders boards in a real headless Chromium, on a
desktop and at a 390 px phone width: from the team sheet to a player page,
and the leaders board with its links. Same set-up as
tests/web/test_browser.py."""

from __future__ import annotations

import pytest

from league.models import Team
from matches.pages.player_selectors import league_leaders_board
from tests.web import test_browser as base
from tests.web.test_browser_phone import PHONE, on_screen

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot = base.DESKTOP, base.fits, base.shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])


@SIZES
def test_from_the_team_sheet_to_a_player_page(open_page, resolved_season, viewport):
    # given: the team of the season's top scorer
    (top,) = league_leaders_board(
        resolved_season.league_id, season_id=resolved_season.pk, top=1
    )["touchdowns"]
    team = Team.objects.get(pk=top.player.team_id)
    page = open_page(viewport)
    page.goto(f"/teams/{team.pk}/")

    # when
    page.get_by_role("link", name=top.player.name, exact=True).first.click()

    # then
    page.wait_for_url(f"**/players/{top.player.pk}/")
    heading = page.get_by_role("heading", level=1)
    assert heading.inner_text() == f"#{top.player.number} {top.player.name}"
    on_screen(page, heading)
    assert page.get_by_test_id("touchdowns").inner_text() == str(top.value)
    on_screen(page, page.get_by_test_id("touchdowns"))
    rows = page.locator("table.player-matches tbody tr")
    assert rows.count() >= 1
    # the match column stays on screen when the table is scrolled to its end
    page.evaluate(
        "() => { const w = document.querySelector('table.player-matches')"
        ".closest('.table-wrap'); w.scrollLeft = w.scrollWidth; }"
    )
    on_screen(page, rows.first.locator("th.when"))
    fits(page)
    shot(page, f"player-{viewport['width']}")


@SIZES
def test_the_leaders_board_is_on_screen_and_links_to_players(
    open_page, resolved_season, viewport
):
    # given
    league_id = resolved_season.league_id
    board = league_leaders_board(league_id, top=10)
    first = board["touchdowns"][0]
    page = open_page(viewport)

    # when: from the league page's leaders to the full board
    page.goto(f"/leagues/{league_id}/")
    page.get_by_role("link", name="all seasons").click()
    page.wait_for_url(f"**/leagues/{league_id}/leaders/")

    # then
    for title in ("Touchdowns", "Casualties inflicted", "Games played"):
        box = page.locator(".leader-box", has=page.get_by_role("heading", name=title))
        on_screen(page, box.get_by_role("heading", name=title))
    scorers = page.locator(
        ".leader-box", has=page.get_by_role("heading", name="Touchdowns")
    ).locator("li")
    assert scorers.count() == len(board["touchdowns"])
    assert first.player.name in scorers.first.inner_text()
    on_screen(page, scorers.first)
    fits(page)
    shot(page, f"leaders-{viewport['width']}")
    scorers.first.get_by_role("link", name=first.player.name, exact=True).click()
    page.wait_for_url(f"**/players/{first.player.pk}/")
