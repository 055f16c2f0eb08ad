"""The draft page in a real headless Chromium, on a desktop and at
390 px: the − / + counters change the count, the name inputs and the budget
left; a skill's description shows on hover, on keyboard focus and on a tap,
and Escape hides it; a draft made with the counters completes. Same set-up
as tests/web/test_browser.py."""

from __future__ import annotations

import re

import pytest

from engine.core.rules_data import rules_data
from league.models import Team
from tests.web import test_browser as base

browser = base.browser
open_page = base.open_page
DESKTOP, fits, labelled, shot = base.DESKTOP, base.fits, base.labelled, base.shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SKILLS = rules_data("bb2020").skills
SETTLED = "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def budget_is(page, spent: str) -> None:
    page.wait_for_function(
        "spent => document.querySelector('[data-testid=spent]').textContent"
        " === spent && " + SETTLED,
        arg=spent,
    )


def visible_tips(page) -> list[str]:
    return page.locator(".skill-tip:visible").all_inner_texts()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390px"])
def test_plus_and_minus_change_the_count_the_names_and_the_budget_left(
    open_page, eleven, bob, viewport
):
    page = open_page(viewport, bob)
    page.goto(f"/leagues/{eleven.pk}/draft/?roster=orc")
    count = page.get_by_label("Number of Blitzer players")
    more = page.get_by_role("button", name="One more Blitzer")
    fewer = page.get_by_role("button", name="One Blitzer fewer")
    names = page.locator("[data-position=blitzer] [data-name-row]:visible")
    assert names.count() == 0

    for _ in range(3):
        more.click()
    # 3 × 80,000 of the 1,000,000 budget
    budget_is(page, "240,000")
    assert count.input_value() == "3"
    assert page.get_by_test_id("remaining").inner_text() == "760,000"
    assert names.count() == 3
    assert page.get_by_label("Name of Blitzer 3").is_visible()

    fewer.click()
    budget_is(page, "160,000")
    assert count.input_value() == "2"
    assert page.get_by_test_id("remaining").inner_text() == "840,000"
    assert names.count() == 2

    # the counter stays within 0 and the roster's limit (4 Blitzers)
    for _ in range(6):
        more.click()
    assert count.input_value() == "4"
    for _ in range(6):
        fewer.click()
    assert count.input_value() == "0"
    budget_is(page, "0")
    assert names.count() == 0
    labelled(page)
    fits(page)


def test_a_skills_description_shows_on_hover_and_on_focus(open_page, eleven, bob):
    page = open_page(DESKTOP, bob)
    page.goto(f"/leagues/{eleven.pk}/draft/?roster=orc")
    troll = page.locator("[data-position=untrained-troll]")
    mighty_blow = troll.get_by_role("button", name="Mighty Blow (+1)")
    assert visible_tips(page) == []

    # hover
    mighty_blow.hover()
    assert visible_tips(page) == [
        "Strength skill. " + SKILLS["mighty-blow"].description
    ]
    tip = page.locator(".skill-tip:visible").bounding_box()
    assert tip is not None
    assert tip["x"] >= 0
    assert tip["x"] + tip["width"] <= DESKTOP["width"]
    page.mouse.move(0, 0)
    assert visible_tips(page) == []

    # keyboard: Tab from the skill before it; the description is the
    # button's accessible description
    loner = troll.get_by_role("button", name="Loner (4+)")
    troll.get_by_role("button", name="Always Hungry").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Loner (4+)"
    assert visible_tips(page) == ["Trait. " + SKILLS["loner"].description]
    described = loner.get_attribute("aria-describedby")
    assert page.locator(f"#{described}").inner_text() == (
        "Trait. " + SKILLS["loner"].description
    )
    # Escape hides it, the focus stays
    page.keyboard.press("Escape")
    assert visible_tips(page) == []
    assert page.evaluate("document.activeElement.textContent") == "Loner (4+)"
    shot(page, "draft-skill-focus")


def test_a_tap_shows_a_skills_description_on_a_phone_and_a_second_hides_it(
    open_page, eleven, bob
):
    page = open_page(PHONE, bob)
    page.goto(f"/leagues/{eleven.pk}/draft/?roster=orc")
    dodge = page.locator("[data-position=goblin]").get_by_role("button", name="Dodge")

    dodge.click()
    assert visible_tips(page) == ["Agility skill. " + SKILLS["dodge"].description]
    tip = page.locator(".skill-tip:visible").bounding_box()
    assert tip is not None
    assert tip["x"] >= 0
    assert tip["x"] + tip["width"] <= PHONE["width"]
    shot(page, "draft-skill-tap-390")

    dodge.click()
    assert visible_tips(page) == []
    page.mouse.move(0, 0)
    assert visible_tips(page) == []
    # a tap elsewhere moves the focus away; the next tap shows it again
    page.get_by_role("heading", name="Goblin").click()
    dodge.click()
    assert len(visible_tips(page)) == 1
    fits(page)


def test_a_draft_made_with_the_counters_completes_on_a_phone(open_page, eleven, bob):
    page = open_page(PHONE, bob)
    page.goto(f"/leagues/{eleven.pk}/draft/?roster=orc")
    page.get_by_label("Team name").fill("Counted Boyz")
    lineman = page.get_by_role("button", name="One more Orc Lineman")
    for i in range(11):
        lineman.click()
        page.get_by_label(f"Name of Orc Lineman {i + 1}", exact=True).fill(f"Ug {i}")
    page.get_by_role("button", name="One more Untrained Troll").click()
    page.get_by_label("Name of Untrained Troll 1").fill("Lump")
    # 11 × 50,000 + 115,000
    budget_is(page, "665,000")
    shot(page, "draft-counters-390")

    page.get_by_role("button", name="Draft Orc team").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))

    team = Team.objects.get(name="Counted Boyz")
    assert team.players.filter(position="orc-lineman").count() == 11
    assert team.players.get(position="untrained-troll").name == "Lump"
    assert team.treasury == 1_000_000 - 665_000
    assert page.get_by_test_id("treasury").inner_text() == "335,000"
    # the team sheet describes the Troll's skills too
    page.get_by_role("button", name="Really Stupid").click()
    assert visible_tips(page) == ["Trait. " + SKILLS["really-stupid"].description]
