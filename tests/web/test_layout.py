"""Every page fits the screen, on a 390 px phone and on a 1280 px desktop:
the page never scrolls sideways, and nothing of it is cut off, each element
being inside the viewport or inside a box that scrolls sideways and says so
(dugout.js marks such a box, dugout.css writes "Scroll sideways for more"
above its table).

One page of each kind a commissioner, a coach and a spectator reach, for
each format (``tests/web/layout_world.py``), and the pages no format owns;
one JavaScript call per page does the whole check (``CHECK``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.web import test_browser as base
from tests.web.conftest import signed_in_tabs  # noqa: F401 (fixture)
from tests.web.layout_world import (
    FormatWorld,
    format_worlds,
    saved_layout_world,  # noqa: F401 (fixture)
)
from tests.web.pages import (
    ANON,
    COACH,
    COMMISSIONER,
    OTHER_COACH,
    OUTSIDER,
    World,
    _draft_ready,
    _replay_stepped,
    saved_small_world,  # noqa: F401 (fixture)
)

browser = base.browser  # one Chromium for the module (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
VIEWPORTS = pytest.mark.parametrize(
    "viewport", [PHONE, DESKTOP], ids=["phone-390", "desktop-1280"]
)

# The check, in the page: a list of what sticks out, empty when all fits.
# An element (or a run of text) is cut off when it reaches past a box that
# clips its overflow (overflow other than visible) and that box is not one
# that scrolls sideways with its cue shown (dugout.js's data-overflows,
# dugout.css's line above the table); then what is left of it must be
# inside the viewport. Hidden things are skipped: what is not drawn (display
# none, a closed <details>' content), zero size, visually hidden (clip, as
# .sr-only), an SVG's insides (its box counts).
# Only the outermost of a cut-off subtree is reported.
CHECK = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide`);
  }
  const styles = new Map();
  const style = (el) => {
    if (!styles.has(el)) styles.set(el, getComputedStyle(el));
    return styles.get(el);
  };
  const hidden = new Map();
  const isHidden = (el) => {
    if (!el || el === document.body) return false;
    if (!hidden.has(el)) {
      const s = style(el);
      hidden.set(el, s.clip !== "auto" || s.clipPath !== "none"
        || s.visibility === "hidden" || isHidden(el.parentElement));
    }
    return hidden.get(el);
  };
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = typeof el.className === "string" ? el.className.trim() : "";
    if (cls) s += "." + cls.split(/\\s+/).join(".");
    const text = (el.getAttribute("aria-label") || el.textContent || "")
      .trim().replace(/\\s+/g, " ").slice(0, 50);
    return text ? `${s} "${text}"` : s;
  };
  const scrollsWithCue = (box) => {
    const ox = style(box).overflowX;
    return (ox === "auto" || ox === "scroll") && box.hasAttribute("data-overflows")
      && getComputedStyle(box, "::before").content !== "none";
  };
  // why the box ``r`` (of something inside ``from``) is cut off, or null
  const cut = (r, from) => {
    let left = r.left, right = r.right;
    for (let box = from; box && box !== document.documentElement; box = box.parentElement) {
      if (style(box).overflowX === "visible") continue;
      const b = box.getBoundingClientRect();
      if ((left < b.left - 1 || right > b.right + 1) && !scrollsWithCue(box)) {
        return `cut off by ${name(box)}`;
      }
      left = Math.max(left, b.left);
      right = Math.min(right, b.right);
    }
    if (left < -1 || right > width + 1) return `off the screen (${Math.round(left)} to ${Math.round(right)} px)`;
    return null;
  };
  const bad = new Set();
  for (const root of document.querySelectorAll("header.site, main, footer.site")) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
      if (bad.has(el) || (el.parentElement && bad.has(el.parentElement))) {
        if (node === el) bad.add(el);
        continue;
      }
      if (el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
      let r;
      if (node === el) {
        if (!el.getClientRects().length) continue;
        r = el.getBoundingClientRect();
      } else {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        r = range.getBoundingClientRect();
      }
      if (r.width === 0 || r.height === 0 || !el.checkVisibility() || isHidden(el)) continue;
      const why = cut(r, node === el ? el.parentElement : el);
      if (why) {
        bad.add(el);
        found.push(`${node === el ? name(el) : "text of " + name(el)}: ${why}`);
      }
    }
  }
  return found;
}"""


@dataclass(frozen=True)
class Kind:
    """A kind of page: who looks at it, its address in a format's world,
    what to wait for (or do) once it is loaded, the formats it exists in."""

    name: str
    user: str | None
    path: Callable[[FormatWorld], str]
    ready: Callable[[Any], None] | None = None
    formats: tuple[str, ...] | None = None  # None: every format


FORMATS = ("sevens", "bb2020", "classic", "dungeon-bowl", "blitz-bowl")
TABLETOP = ("sevens", "bb2020", "classic", "dungeon-bowl")


def _blitz_replay_stepped(page: Any) -> None:
    page.wait_for_selector("#blitz-replay[data-ready=true]")
    page.get_by_role("button", name="Step forward").click()


def _match_ready(page: Any) -> None:
    """The replay part-way through, whichever viewer the format has."""
    if page.locator("#blitz-replay").count():
        _blitz_replay_stepped(page)
    else:
        _replay_stepped(page)


def _card_picked(page: Any) -> None:
    """A team card picked: its positions' figures are shown."""
    page.locator("input[name=card]").first.check()


KINDS = (
    Kind("league", COMMISSIONER, lambda w: f"/leagues/{w.league}/"),
    Kind("season", COMMISSIONER, lambda w: f"/seasons/{w.season}/"),
    Kind("leaders", ANON, lambda w: f"/leagues/{w.league}/leaders/"),
    Kind("team sheet", COACH, lambda w: f"/teams/{w.team}/"),
    Kind("player", ANON, lambda w: f"/players/{w.player}/"),
    Kind(
        "match and its replay", ANON, lambda w: f"/matches/{w.resolved}/", _match_ready
    ),
    Kind("match recorded", ANON, lambda w: f"/matches/{w.recorded}/"),
    Kind("match to play", COACH, lambda w: f"/matches/{w.scheduled}/"),
    Kind("report form", COACH, lambda w: f"/matches/{w.scheduled}/report/"),
    Kind("draft", COACH, lambda w: w.draft, _draft_ready, TABLETOP),
    Kind("draft (team cards)", COACH, lambda w: w.draft, _card_picked, ("blitz-bowl",)),
    Kind("members", COMMISSIONER, lambda w: f"/leagues/{w.league}/members/"),
    Kind("new season", COMMISSIONER, lambda w: f"/leagues/{w.league}/seasons/new/"),
    Kind("close the season", COMMISSIONER, lambda w: f"/seasons/{w.season}/close/"),
    Kind("round dates", COMMISSIONER, lambda w: f"/seasons/{w.season}/round-dates/"),
    Kind("override", COMMISSIONER, lambda w: f"/matches/{w.resolved}/override/"),
    Kind("postpone", COMMISSIONER, lambda w: f"/matches/{w.scheduled}/postpone/"),
    Kind(
        "pre-match", COACH, lambda w: f"/matches/{w.scheduled}/preview/", None, TABLETOP
    ),
    Kind(
        "inducements",
        COACH,
        lambda w: f"/matches/{w.scheduled}/inducements/",
        None,
        TABLETOP,
    ),
    Kind(
        "advancement", COACH, lambda w: f"/players/{w.player}/advance/", None, TABLETOP
    ),
)


@dataclass(frozen=True)
class SitePage:
    """A page no format owns, its address in the small world."""

    name: str
    user: str | None
    path: Callable[[World], str]
    status: int = 200


SITE = (
    SitePage("home", ANON, lambda w: "/"),
    SitePage("leagues", ANON, lambda w: "/leagues/"),
    SitePage("my teams", COACH, lambda w: "/me/"),
    SitePage("login", ANON, lambda w: "/accounts/login/"),
    SitePage(
        "advancement taken (confirmation)",
        OTHER_COACH,
        lambda w: f"/players/{w.veteran}/advancements/{w.advancement}/",
    ),
    SitePage(
        "post-game skill (Sevens)",
        OTHER_COACH,
        lambda w: f"/players/{w.sevens_player}/advance/",
    ),
    SitePage("re-draft", OTHER_COACH, lambda w: f"/teams/{w.redraft}/redraft/"),
    SitePage(
        "match, the whole log", ANON, lambda w: f"/matches/{w.resolved}/?type=all"
    ),
    SitePage("not allowed", OUTSIDER, lambda w: f"/players/{w.rookie}/advance/", 403),
    SitePage("not found", ANON, lambda w: "/leagues/999999/", 404),
)


@pytest.fixture
def worlds(saved_small_world, saved_layout_world, transactional_db):  # noqa: F811
    """(the small world, every format's ids)."""
    small = saved_small_world.load()
    return small, format_worlds(small, saved_layout_world.load())


def check(tab, address: str, status: int = 200, ready=None) -> list[str]:
    response = tab.goto(address)
    assert response is not None, address
    assert response.status == status, (address, response.status)
    if ready is not None:
        ready(tab)
    return tab.evaluate(CHECK)


@VIEWPORTS
@pytest.mark.parametrize("fmt", FORMATS)
def test_no_page_of_a_format_scrolls_sideways_or_cuts_anything_off(
    signed_in_tabs,  # noqa: F811
    worlds,
    fmt,
    viewport,
):
    _, by_format = worlds
    world = by_format[fmt]
    found = []
    for kind in KINDS:
        if kind.formats is not None and fmt not in kind.formats:
            continue
        tab = signed_in_tabs(viewport, kind.user)
        for problem in check(tab, kind.path(world), ready=kind.ready):
            found.append(f"{kind.name} [{fmt}, {viewport['width']}px] {problem}")
    assert found == []


@VIEWPORTS
def test_no_page_of_the_site_scrolls_sideways_or_cuts_anything_off(
    signed_in_tabs,  # noqa: F811
    worlds,
    viewport,
):
    small, _ = worlds
    found = []
    for page in SITE:
        tab = signed_in_tabs(viewport, page.user)
        for problem in check(tab, page.path(small), page.status):
            found.append(f"{page.name} [{viewport['width']}px] {problem}")
    assert found == []


def test_the_check_finds_what_sticks_out(signed_in_tabs, worlds):  # noqa: F811
    """The check can fail: a table wider than its box that does not say it
    scrolls, a button or a word cut off by a box that clips, a box wider
    than the phone; and a table that scrolls under its cue passes."""
    _, by_format = worlds
    tab = signed_in_tabs(PHONE, COMMISSIONER)
    assert check(tab, f"/leagues/{by_format['bb2020'].league}/members/") == []

    # a table wider than its .table-wrap: dugout.js marks the box on a
    # resize, dugout.css writes the cue, and the table may scroll
    tab.evaluate(
        """() => {
        const wrap = document.createElement("div");
        wrap.className = "table-wrap";
        wrap.id = "wide";
        wrap.innerHTML = '<table><caption>Wide</caption><tr><td><div>cell</div></td></tr></table>';
        wrap.querySelector("td div").style.width = "900px";
        document.querySelector("main").appendChild(wrap);
        window.dispatchEvent(new Event("resize"));
    }"""
    )
    tab.wait_for_function(
        "() => document.getElementById('wide').dataset.overflows === ''"
    )
    assert tab.evaluate(
        "() => getComputedStyle(document.getElementById('wide'), '::before').content"
    ).startswith('"Scroll sideways for more')
    assert tab.evaluate(CHECK) == []
    # without the mark (and so without the cue), the same table is cut off
    tab.evaluate(
        "() => document.getElementById('wide').removeAttribute('data-overflows')"
    )
    assert tab.evaluate(CHECK) == [
        'table "Widecell": cut off by div#wide.table-wrap "Wide (scrolls sideways)"'
    ]
    tab.evaluate("() => document.getElementById('wide').remove()")

    # a button half outside a box that hides its overflow
    tab.evaluate(
        """() => {
        const box = document.createElement("div");
        box.id = "clip";
        box.style.width = "100px";
        box.style.overflow = "hidden";
        box.innerHTML = '<button type="button">A button far too wide</button>';
        box.querySelector("button").style.width = "200px";
        document.querySelector("main").appendChild(box);
    }"""
    )
    assert tab.evaluate(CHECK) == [
        'button "A button far too wide": cut off by div#clip "A button far too wide"'
    ]
    tab.evaluate("() => document.getElementById('clip').remove()")

    # a word too long for a box that hides its overflow
    tab.evaluate(
        """() => {
        const box = document.createElement("p");
        box.id = "word";
        box.style.width = "100px";
        box.style.overflow = "hidden";
        box.textContent = "Blitzerlinemanthrowercatcherrunner";
        document.querySelector("main").appendChild(box);
    }"""
    )
    assert tab.evaluate(CHECK) == [
        'text of p#word "Blitzerlinemanthrowercatcherrunner": '
        'cut off by p#word "Blitzerlinemanthrowercatcherrunner"'
    ]
    tab.evaluate("() => document.getElementById('word').remove()")

    # a box wider than the phone: the page scrolls sideways
    tab.evaluate(
        """() => {
        const box = document.createElement("p");
        box.id = "broad";
        box.textContent = "broad";
        box.style.width = "600px";
        document.querySelector("main").appendChild(box);
    }"""
    )
    found = tab.evaluate(CHECK)
    assert found[0] == "the page scrolls sideways: 616px wide"
    assert found[1:] == ['p#broad "broad": off the screen (16 to 616 px)']
