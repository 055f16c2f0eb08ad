"""axe-core on every page, in headless Chromium, on a desktop and a 390 px
phone: no violation of impact "serious" or "critical" anywhere.

The pages are those of ``tests/web/pages.py`` (the site's and the
commissioner's admin), on the small world built there, each seen by the
person it names. axe-core comes from the ``axe-playwright-python`` package
(pinned in pyproject.toml; it ships axe.min.js, MPL-2.0): ``make venv``
installs it from PyPI with the rest, so the check needs no download of its
own, and CI installs only Chromium.

Decision: axe-core's default rules (WCAG 2.0-2.2 A and AA plus its best
practices), failing on the two worst impacts only (serious and critical); the
moderate and minor findings are printed, not failed.
"""

from __future__ import annotations

import json
from pathlib import Path

import axe_playwright_python
import pytest

from tests.conftest import ARTIFACTS
from tests.web import test_browser as base
from tests.web.pages import (
    EXCLUDED,
    PAGES,
    Page,
    World,
    admin_pages,
    all_pages,
    all_routes,
    excluded_by,
    saved_small_world,  # noqa: F401 (fixture)
)

browser = base.browser  # one Chromium for the module (fixture)

AXE_SOURCE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
AXE_VERSION = "4.12.1"
FAILING = ("serious", "critical")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# Posts ``fields`` (and the page's CSRF token) as a form to the page's own
# address: the page that answers is the one checked.
POST_FORM = """fields => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = location.pathname;
  const token = document.querySelector("[name=csrfmiddlewaretoken]");
  const all = Object.assign({csrfmiddlewaretoken: token ? token.value : ""}, fields);
  for (const [name, value] of Object.entries(all)) {
    for (const one of [].concat(value)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = String(one);
      form.appendChild(input);
    }
  }
  document.body.appendChild(form);
  form.submit();
}"""


def test_every_page_route_is_checked():
    """A route of the URL conf is either checked here (a line in
    tests/web/pages.py) or excluded there with its reason."""
    routes = all_routes()
    by_name = {r.name: r.path for r in routes if r.name}
    checked: set[str] = set()
    for page in all_pages():
        if page.route is None:
            continue
        assert page.route in by_name, f"{page.name}: no route named {page.route}"
        if page.axe:
            checked.add(by_name[page.route])

    unchecked = [
        r.name or r.path
        for r in routes
        if r.path not in checked and excluded_by(r) is None
    ]
    assert unchecked == [], (
        "pages without an accessibility check: add them to PAGES in "
        f"tests/web/pages.py (or to EXCLUDED, with the reason): {unchecked}"
    )
    checked_and_excluded = [
        r.name or r.path for r in routes if r.path in checked and excluded_by(r)
    ]
    assert checked_and_excluded == []
    used = {excluded_by(r) for r in routes if r.path not in checked}
    assert sorted(set(EXCLUDED) - used) == [], "exclusions that match no route"


def test_the_route_check_sees_a_page_left_out(monkeypatch):
    """The check above can fail: drop the team page from the list and it
    names the team page's route."""
    from tests.web import pages

    monkeypatch.setattr(
        pages, "PAGES", [p for p in pages.PAGES if p.route != "web:team"]
    )
    with pytest.raises(AssertionError, match=r"\['web:team'\]"):
        test_every_page_route_is_checked()


def test_the_bundled_axe_core_is_the_pinned_one():
    assert f"axe v{AXE_VERSION}" in AXE_SOURCE[:100]


# --- the browser check -----------------------------------------------------------


@pytest.fixture
def small_world(saved_small_world, transactional_db) -> World:  # noqa: F811
    return saved_small_world.load()


def open_checked(tab, page: Page, world: World):
    """Open ``page`` and wait until it is drawn; its response status must be
    the one the list says."""
    address = page.path(world)
    response = tab.goto(address)
    if page.post is not None:
        with tab.expect_navigation() as navigation:
            tab.evaluate(POST_FORM, page.post(world))
        response = navigation.value
    assert response is not None, page.name
    assert response.status == page.status, (page.name, address, response.status)
    if page.ready is not None:
        page.ready(tab)
    return tab


def axe_run(tab) -> list[dict]:
    if not tab.evaluate("() => typeof window.axe !== 'undefined'"):
        tab.evaluate(AXE_SOURCE)
    results = tab.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
    )
    return results


def describe(page: Page, viewport: str, violation: dict) -> str:
    nodes = "; ".join(
        f"{' '.join(n['target'])} {n['html'][:120]!r}" for n in violation["nodes"][:4]
    )
    more = len(violation["nodes"]) - 4
    return (
        f"{page.name} [{viewport}] {violation['id']} ({violation['impact']}): "
        f"{violation['help']} — {nodes}" + (f" (+{more} more)" if more > 0 else "")
    )


def check_pages(signed_in_tabs, world: World, pages: list[Page], viewport) -> None:
    label = f"{viewport['width']}px"
    failing: list[str] = []
    minor: list[str] = []
    for page in pages:
        if not page.axe:
            continue
        tab = open_checked(signed_in_tabs(viewport, page.user), page, world)
        for violation in axe_run(tab):
            line = describe(page, label, violation)
            (failing if violation["impact"] in FAILING else minor).append(line)
            if violation["impact"] in FAILING:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                name = "".join(c if c.isalnum() else "-" for c in page.name)
                tab.screenshot(path=str(ARTIFACTS / f"axe-{name}-{label}.png"))
    if minor:
        print("axe, moderate and minor:\n" + "\n".join(minor))
    assert failing == [], "\n".join(failing)


VIEWPORTS = pytest.mark.parametrize(
    "viewport", [DESKTOP, PHONE], ids=["desktop", "phone-390"]
)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@VIEWPORTS
def test_the_site_has_no_serious_accessibility_violation(
    signed_in_tabs, small_world, settings, viewport
):
    settings.LOGIN_FAILURES_MAX = 0  # the 429 page: the first failure is refused
    check_pages(signed_in_tabs, small_world, PAGES, viewport)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@VIEWPORTS
def test_the_commissioners_admin_has_no_serious_accessibility_violation(
    signed_in_tabs, small_world, viewport
):
    check_pages(signed_in_tabs, small_world, admin_pages(), viewport)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_check_finds_a_serious_violation(signed_in_tabs, small_world):
    """The check can fail: an image without a text alternative put on the
    league page is a critical violation."""
    league = next(p for p in PAGES if p.route == "web:league")
    tab = open_checked(signed_in_tabs(DESKTOP, None), league, small_world)
    tab.evaluate(
        "() => { const i = document.createElement('img'); i.src = 'data:,';"
        " document.querySelector('main').appendChild(i); }"
    )
    found = {(v["id"], v["impact"]) for v in axe_run(tab)}
    assert ("image-alt", "critical") in found, json.dumps(sorted(found))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_that_scrolls_sideways_takes_the_keyboard_focus(
    signed_in_tabs, small_world
):
    """On a phone a table wider than the screen that holds no link: dugout.js
    makes its box a named region that takes the focus (so the arrow keys
    scroll it), and undoes it when the window is wide enough. (The team
    sheet's own wide tables now fold into rows on a phone, so the test adds
    such a table to the page and lets the script see it on a resize.)"""
    team = next(p for p in PAGES if p.name == "team (visitor)")
    tab = open_checked(signed_in_tabs(PHONE, None), team, small_world)
    tab.evaluate(
        """() => {
        const section = document.createElement("section");
        section.setAttribute("aria-labelledby", "wide-title");
        section.innerHTML = '<h2 id="wide-title">Wide figures</h2>'
          + '<div class="table-wrap"><table><tr><td><div>a row of figures'
          + '</div></td></tr></table></div>';
        // Set through the CSSOM: the Content-Security-Policy refuses style
        // attributes in markup.
        section.querySelector("td div").style.width = "1600px";
        document.querySelector("main").appendChild(section);
        window.dispatchEvent(new Event("resize"));
    }"""
    )
    wrap = "section[aria-labelledby=wide-title] .table-wrap"
    tab.wait_for_function(f"() => document.querySelector('{wrap}').tabIndex === 0")
    box = tab.locator(wrap)

    assert box.get_attribute("tabindex") == "0"
    assert box.get_attribute("role") == "region"
    assert box.get_attribute("aria-label") == "Wide figures (scrolls sideways)"
    box.focus()
    assert box.evaluate("e => e === document.activeElement")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")

    tab.evaluate(
        f"() => {{ document.querySelector('{wrap} td div').style.width = '10px';"
        " window.dispatchEvent(new Event('resize')); }"
    )
    tab.wait_for_function(
        f"() => !document.querySelector('{wrap}').hasAttribute('tabindex')"
    )
    assert box.get_attribute("role") is None
