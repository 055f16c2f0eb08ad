"""Details where layout and the keyboard matter, in headless
Chromium (the fixtures of tests/web/test_browser.py): radio buttons keep
their size, the event log takes the keyboard, the waiting team's
inducements form is disabled."""

from __future__ import annotations

import pytest

from tests.web import test_advancement_pages as advancement_pages
from tests.web import test_browser as base
from tests.web.test_inducement_pages import _match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# the shared fixtures, under their own names
browser = base.browser
open_page = base.open_page
lineman = advancement_pages.lineman


@pytest.mark.parametrize(
    "viewport", [base.PHONE, base.DESKTOP], ids=["phone", "desktop"]
)
def test_advancement_radios_keep_their_size_beside_their_labels(
    open_page, charlie, lineman, viewport
):
    page = open_page(viewport, charlie)
    page.goto(f"/players/{lineman.pk}/advance/")

    radios = page.locator("input[type=radio][name=option]")
    assert radios.count() == 4
    for i in range(4):
        radio = radios.nth(i)
        box = radio.bounding_box()
        label = page.locator(f"label[for='{radio.get_attribute('id')}']")
        text = label.bounding_box()
        # a radio is about 1.15rem wide, not the width of the form...
        assert box["width"] < 30, box
        # ...and sits on the line of its label's text, to its left
        assert box["x"] < text["x"] + 30
        assert (
            abs((box["y"] + box["height"] / 2) - (text["y"] + text["height"] / 2))
            < text["height"] / 2
        )
    base.shot(page, f"advance-{'phone' if viewport is base.PHONE else 'desktop'}")


def test_the_event_log_scrolls_by_keyboard(open_page, resolved_season):
    match = max(resolved_season.matches.all(), key=lambda m: m.events.count())
    page = open_page(base.DESKTOP)
    page.goto(f"/matches/{match.pk}/")
    log = page.locator("#event-log")
    assert page.evaluate(
        "() => { const l = document.getElementById('event-log');"
        " return l.scrollHeight > l.clientHeight; }"
    )

    # Tab from the log's filter reaches the log itself...
    page.get_by_label("Show", exact=True).focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "event-log"
    # ...which has an accessible name, and scrolls with the arrow keys
    # (its own name: "Event log" already names the section around it)
    assert page.get_by_role("region", name="Event log entries", exact=True).count() == 1
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('event-log').scrollTop > 0")
    assert log.evaluate("l => l.scrollTop") > 0


def test_the_waiting_team_cannot_press_buy(open_page, eleven, bob, charlie):
    match = _match(eleven, bob, charlie)  # Charlie's away team has the lower CTV
    page = open_page(base.DESKTOP, charlie)
    page.goto(f"/matches/{match.pk}/inducements/")

    button = page.get_by_role("button", name=f"Buy for {match.away.name}")
    assert button.is_disabled()
    assert page.get_by_label("Bloodweiser Kegs").is_disabled()
    assert page.get_by_test_id(f"wait-{match.away_id}").is_visible()
    base.shot(page, "inducements-waiting")
