"""The Blitz Bowl replay partial (templates/matches/_blitz_replay.html with
matches/static/matches/blitz_replay.js), on the data of a real engine game:
rendered by Django's template engine, then stepped through in headless
Chromium on a desktop and a 390 px phone, under the site's
Content-Security-Policy, and checked with axe-core.

No page of the site shows it yet (the lead puts it on the Blitz Bowl match
page): the browser test serves a tiny page holding the rendered partial
through Playwright's request routing, on the live server's own address, so
the static files come from the live server and no test-only URL is needed.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from typing import Any

import pytest
from django.template import engines
from django.template.loader import render_to_string

from engine.blitz.replay import replay_data
from engine.blitz.simulate import play
from engine.blitz.state import BlitzTeamSheet
from tests.web import conftest as web
from tests.web.test_accessibility import AXE_SOURCE, FAILING

browser = web.browser
DESKTOP = web.DESKTOP
PHONE = {"width": 390, "height": 844}

# Human v Orc, seed 3, the Three Trapdoors side: a game with touchdowns,
# claimed cards and Injuries (checked below, so a change of the bots that
# loses them fails here rather than leaving a jump button untested).
HOME = BlitzTeamSheet("Reavers", "human", ("Harald", "Sven"))
AWAY = BlitzTeamSheet("Grimjaws", "orc", ("Grak",))


@cache
def game_data() -> dict[str, Any]:
    g, _ = play("human", "orc", 3, "scripted", "multiple")
    return replay_data([e.to_dict() for e in g.events], HOME, AWAY, "multiple")


def partial(data: dict[str, Any]) -> str:
    return render_to_string("matches/_blitz_replay.html", {"blitz_replay": data})


def test_the_partial_renders_the_data_the_log_and_its_files():
    data = game_data()
    out = partial(data)
    found = re.search(
        r'<script id="blitz-replay-data" type="application/json">(.*?)</script>',
        out,
        re.S,
    )
    assert found is not None
    assert json.loads(found.group(1)) == json.loads(json.dumps(data))
    # one log line (a button) per frame, in order, with its caption
    frames = [int(n) for n in re.findall(r'data-frame="(\d+)"', out)]
    assert frames == list(range(len(data["frames"])))
    for f in data["frames"]:
        assert html.escape(f["caption"]) in out
    # one <details> per turn group, labelled as the data labels them
    assert out.count('<details class="br-turn') == len(data["log"])
    assert "<summary>Reavers turn 1</summary>" in out
    assert "/static/matches/blitz_replay.js" in out
    assert "/static/matches/blitz_replay.css" in out
    # the Content-Security-Policy refuses inline styles and scripts
    assert "style=" not in out
    assert re.findall(r"<script(?![^>]*(?:src=|application/json))", out) == []
    assert f'max="{len(data["frames"]) - 1}"' in out


def test_the_jumps_are_the_frames_of_their_events():
    data = game_data()
    by_type: dict[str, list[int]] = {}
    for n, f in enumerate(data["frames"]):
        by_type.setdefault(f["type"], []).append(n)
    m = data["marks"]
    assert m["touchdowns"] == by_type["touchdown"]
    assert m["claims"] == by_type["card_claimed"]
    assert m["injuries"] == by_type["injured"]
    assert m["turns"] == by_type["turn_start"]
    assert m["actions"] == by_type["action"]
    # this game has each kind, so the browser test below uses every button
    assert [len(m[k]) > 0 for k in ("touchdowns", "claims", "injuries")] == [
        True,
        True,
        True,
    ]


# --- in the browser -------------------------------------------------------------

PAGE = """{% load static %}<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reavers v Grimjaws · Dugout</title>
<link rel="stylesheet" href="{% static 'league/dugout.css' %}">
</head><body><main id="content"><h1>Reavers v Grimjaws</h1>
{% include "matches/_blitz_replay.html" %}
</main></body></html>"""
# The site's policy (config/settings.py SECURE_CSP), without the nonce the
# partial does not need.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'"
)


@pytest.fixture
def replay_tab(browser, live_server):
    data = game_data()
    body = engines["django"].from_string(PAGE).render({"blitz_replay": data})
    address = live_server.url + "/blitz-replay-check/"
    contexts = []
    errors: list[str] = []

    def opener(viewport):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on(
            "console",
            lambda msg: errors.append(msg.text) if msg.type == "error" else None,
        )
        page.route(
            address,
            lambda route: route.fulfill(
                status=200,
                body=body,
                headers={
                    "Content-Type": "text/html; charset=utf-8",
                    "Content-Security-Policy": CSP,
                },
            ),
        )
        page.goto(address)
        page.wait_for_selector("#blitz-replay[data-ready=true]")
        return page

    yield opener, data
    for context in contexts:
        context.close()
    assert errors == []


def at(page) -> int:
    return int(page.get_attribute("#blitz-replay", "data-at"))


def board_matches(page, frame: dict[str, Any]) -> None:
    """The tokens drawn are the Players on the board in the frame (the
    Dugout's hidden), the Prone ones flattened; the balls likewise."""
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#br-board .token')]
        .filter(g => g.style.display !== 'none')
        .map(g => g.classList.contains('down'))"""
    )
    on_board = [p for p in frame["players"] if p is not None]
    assert len(shown) == len(on_board)
    assert shown.count(True) == sum(1 for p in on_board if p[2])
    assert page.locator("#br-board .ball").count() == len(frame["balls"])


def axe_serious(page) -> list[str]:
    page.evaluate(AXE_SOURCE)
    found = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in FAILING
    ]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_stepping_through_a_game_on_a_desktop(replay_tab):
    opener, data = replay_tab
    page = opener(DESKTOP)
    frames, marks = data["frames"], data["marks"]
    assert page.get_attribute("#blitz-replay", "data-orientation") == "flat"
    assert at(page) == 0
    assert page.text_content("#br-caption") == frames[0]["caption"]
    # 12 Players drawn; none shown before they are set up
    assert page.locator("#br-board .token").count() == len(data["players"])
    assert page.locator("#br-board .trapdoor").count() == 3  # Three Trapdoors
    assert page.locator("#br-board .blocked").count() == 4

    page.click("#br-step")
    assert at(page) == 1
    assert page.text_content("#br-caption") == frames[1]["caption"]
    page.click("#br-back")
    assert at(page) == 0

    page.click("#br-next-turn")
    assert at(page) == marks["turns"][0]
    assert page.text_content("#br-turn") == frames[marks["turns"][0]]["turn"]
    page.click("#br-next-action")
    first_action = marks["actions"][0]
    assert at(page) == first_action
    assert page.text_content("#br-action") == frames[first_action]["action"]

    page.click("#br-next-td")
    td = marks["touchdowns"][0]
    assert at(page) == td
    f = frames[td]
    assert (
        page.text_content("#br-points")
        == f"{f['points']['home']}–{f['points']['away']}"
    )
    assert page.text_content("#br-caption").startswith("TOUCHDOWN!")
    board_matches(page, f)
    scorer_side = f["turn_team"] if f["turn_team"] else "home"
    assert page.locator(f"#br-scored-{scorer_side} li").count() >= 1

    page.click("#br-next-claim")
    claim = next(n for n in marks["claims"] if n > td)
    assert at(page) == claim
    hands = frames[claim]["hands"]
    for side in ("home", "away"):
        shown = page.locator(f"#br-hand-{side} li strong").all_text_contents()
        assert shown == [data["cards"][n - 1]["bonus_play"] for n in hands[side]]
    active = page.locator("#br-active li strong").all_text_contents()
    assert active == [
        data["cards"][n - 1]["challenge"] for n in frames[claim]["active"] if n
    ]

    page.click("#br-start")
    page.click("#br-next-injury")
    hurt = marks["injuries"][0]
    assert at(page) == hurt
    victim = data["frames"][hurt]["caption"]
    assert page.text_content("#br-caption") == victim
    board_matches(page, data["frames"][hurt])

    # the keyboard: a log line takes the focus; the arrows step
    line = page.locator('.br-line[data-frame="5"]')
    page.locator("details.br-turn").first.evaluate("d => d.open = true")
    line.focus()
    page.keyboard.press("Enter")
    assert at(page) == 5
    assert line.get_attribute("aria-current") == "step"
    page.keyboard.press("ArrowRight")
    assert at(page) == 6

    # a Knocked Down Player lies flat in the team's colour
    down = next(n for n, f in enumerate(frames) if f["type"] == "knocked_down")
    page.evaluate(
        "() => document.querySelectorAll('details.br-turn')"
        ".forEach(d => { d.open = true; })"
    )
    page.click(f'.br-line[data-frame="{down}"]')
    assert at(page) == down
    board_matches(page, frames[down])
    assert page.locator("#br-board .token.down").count() >= 1

    page.click("#br-end")
    assert at(page) == len(frames) - 1
    board_matches(page, frames[-1])
    assert page.is_disabled("#br-step")
    end = frames[-1]["points"]
    assert page.text_content("#br-points") == f"{end['home']}–{end['away']}"
    lead = end["home"] - end["away"]
    leader = "Reavers" if lead > 0 else "Grimjaws"
    n = abs(lead)
    assert page.text_content("#br-lead") == (
        "Level" if n == 0 else f"{leader} lead by {n} point{'s' if n != 1 else ''}"
    )
    web.shot(page, "blitz-replay-desktop")
    assert axe_serious(page) == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_stands_upright_on_a_390_px_phone(replay_tab):
    opener, data = replay_tab
    page = opener(PHONE)
    assert page.get_attribute("#blitz-replay", "data-orientation") == "upright"
    # 11 squares across, 17 down
    assert page.get_attribute("#br-board", "viewBox") == "0 0 352 544"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    box = page.locator("#br-board").bounding_box()
    assert box is not None
    assert box["width"] / 11 >= 28  # a square at least 28 px wide
    page.click("#br-next-td")
    assert at(page) == data["marks"]["touchdowns"][0]
    web.shot(page, "blitz-replay-phone")
    assert axe_serious(page) == []
