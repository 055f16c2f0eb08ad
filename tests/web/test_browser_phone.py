"""In a real headless Chromium, the pages at a 390 px phone width
keep what matters on screen (standings' Team and Pts, the team sheet as
player cards, an upright replay pitch), and the replay's controls (turns,
drives, touchdowns, casualties, every die, re-rolls left, downed players in
their team's colour). Same set-up as tests/web/test_browser.py."""

from __future__ import annotations

import json

import pytest

from matches.models import MatchEvent
from matches.resolution.resolve import match_resolve
from tests.factories import draft_team
from tests.web import test_browser as base
from tests.web.conftest import scheduled_season

# The Chromium and the logged-in tab of tests/web/test_browser.py.
browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot = base.DESKTOP, base.fits, base.shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def on_screen(page, locator) -> None:
    """Shown, and wholly inside the viewport's width (and not zero-sized)."""
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["width"] > 0
    assert box["height"] > 0
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= page.viewport_size["width"] + 0.5, box


def seek(page, n: int) -> None:
    page.evaluate(
        "n => { const s = document.getElementById('replay-seek');"
        " s.value = n; s.dispatchEvent(new Event('input')); }",
        n,
    )


def at(page) -> int:
    return int(page.locator("#replay").get_attribute("data-at"))


def test_the_standings_keep_team_and_points_on_a_phone(open_page, resolved_season):
    page = open_page(PHONE)
    page.goto(f"/seasons/{resolved_season.pk}/")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 4
    # every column is there (none hidden on a phone), the table scrolls
    assert page.locator("table.standings thead th:visible").count() == 14

    for i in range(4):
        on_screen(page, rows.nth(i).locator("th.team"))
        on_screen(page, rows.nth(i).locator("td.pts"))
    # scrolled to its far end, Team and Pts are still on screen
    page.evaluate(
        "() => { const w = document.querySelector('table.standings')"
        ".closest('.table-wrap'); w.scrollLeft = w.scrollWidth; }"
    )
    for i in range(4):
        on_screen(page, rows.nth(i).locator("th.team"))
        on_screen(page, rows.nth(i).locator("td.pts"))
    assert page.locator("table.standings thead th.pts").is_visible()
    fits(page)
    shot(page, "standings-390")


def test_the_team_sheet_is_player_cards_on_a_phone(open_page, eleven, bob):
    extra = [("blitzer", f"Blitzer {i}") for i in range(4)]
    team = draft_team(eleven, bob, roster="orc", name="Big Orcs", extra=extra)
    page = open_page(PHONE, bob)
    page.goto(f"/teams/{team.pk}/")
    cards = page.locator("table.roster tr.player")
    assert cards.count() == team.players.count()

    for i in range(cards.count()):
        card = cards.nth(i)
        card.scroll_into_view_if_needed()
        on_screen(page, card)
        on_screen(page, card.locator("th.name"))
        stats = card.locator("td.stat")
        assert stats.count() == 5
        for j in range(5):
            on_screen(page, stats.nth(j))
    # each characteristic is labelled on the card
    first = cards.nth(0).locator("td.stat").nth(0)
    label = first.evaluate("el => getComputedStyle(el, '::before').content")
    assert label == '"MA"'
    fits(page)
    shot(page, "team-cards-390")


def test_the_replay_pitch_stands_upright_on_a_phone(open_page, resolved_season):
    match = resolved_season.matches.order_by("pk").first()
    page = open_page(PHONE)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")

    assert page.locator("#replay").get_attribute("data-orientation") == "upright"
    on_screen(page, page.locator("#pitch"))
    pitch = page.locator("#pitch").bounding_box()
    # the Sevens pitch is 11 squares across when upright, 20 lying flat
    assert pitch["height"] > pitch["width"]
    square = page.locator("#pitch rect.sq").first.bounding_box()
    assert square["width"] >= 26  # lying flat it would be under 19 px
    seek(page, data["turns"][1]["index"] + 1)
    tokens = page.locator("#pitch .token:visible")
    assert tokens.count() >= 6
    for i in range(tokens.count()):
        on_screen(page, tokens.nth(i))
    fits(page)
    shot(page, "replay-390")

    # turned wide, the pitch lies flat again
    page.set_viewport_size(DESKTOP)
    page.wait_for_function(
        "() => document.getElementById('replay').dataset.orientation === 'flat'"
    )
    pitch = page.locator("#pitch").bounding_box()
    assert pitch["width"] > pitch["height"]


def test_the_replay_steps_by_turn_drive_touchdown_and_casualty(
    open_page, resolved_season
):
    match = max(
        resolved_season.matches.all(),
        key=lambda m: m.events.filter(type__in=("touchdown", "casualty")).count(),
    )
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    events = data["events"]
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")
    turns = [t["index"] for t in data["turns"]]

    # by turn: the turn line says which of the half's six turns it is
    page.get_by_role("button", name="Next turn").click()
    assert at(page) == turns[0] + 1
    page.get_by_role("button", name="Next turn").click()
    assert at(page) == turns[1] + 1
    first = events[turns[1]]["p"]
    assert f"turn {first['turn']} of 6" in page.locator("#replay-turn").inner_text()
    page.get_by_role("button", name="Previous turn").click()
    assert at(page) == turns[0] + 1

    # by action: the next activation
    page.get_by_role("button", name="Next action").click()
    assert events[at(page) - 1]["type"] == "activation"

    # by drive: the second drive's first set-up
    page.get_by_role("button", name="Next drive").click()
    assert at(page) == data["drives"][1] + 1
    assert events[at(page) - 1]["type"] == "setup"

    # to the next touchdown and casualty, from the start
    page.get_by_role("button", name="Back to the start").click()
    if data["touchdowns"]:
        page.get_by_role("button", name="Next touchdown").click()
        assert at(page) == data["touchdowns"][0] + 1
        assert page.locator("#replay-caption").inner_text().startswith("TOUCHDOWN")
    else:
        assert page.get_by_role("button", name="Next touchdown").is_disabled()
    page.get_by_role("button", name="Back to the start").click()
    if data["casualties"]:
        page.get_by_role("button", name="Next casualty").click()
        assert at(page) == data["casualties"][0] + 1
        assert events[at(page) - 1]["type"] == "casualty"
    # at the final whistle there is nothing further to jump to
    page.get_by_role("button", name="To the final whistle").click()
    for name in ("Next turn", "Next drive", "Next touchdown", "Next casualty"):
        assert page.get_by_role("button", name=name).is_disabled()
    assert page.get_by_role("button", name="Previous turn").is_enabled()


def _has_rolls(events: list[dict]) -> bool:
    """An armour roll, a dodge and a catch: the dice the test looks at."""
    kinds = {e["type"] for e in events}
    purposes = {e["p"]["purpose"] for e in events if e["type"] == "roll"}
    return "armour" in kinds and {"dodge", "catch"} <= purposes


def test_the_replay_shows_every_die(open_page, resolved_season):
    page = open_page(DESKTOP)
    # the season's first match whose replay holds each kind of roll
    for match in resolved_season.matches.order_by("pk"):
        url = f"/matches/{match.pk}/replay.json"
        events = json.loads(page.request.get(url).text())["events"]
        if _has_rolls(events):
            break
    else:
        pytest.fail("no resolved match with an armour roll, a dodge and a catch")
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")

    # an armour roll shows both its dice
    armour = next(i for i, e in enumerate(events) if e["type"] == "armour")
    seek(page, armour + 1)
    faces = page.locator("#replay-dice .die")
    assert [faces.nth(i).inner_text() for i in range(faces.count())] == [
        str(d) for d in events[armour]["p"]["dice"]
    ]
    assert page.locator("#replay-dice .die-label").inner_text().startswith("Armour 2D6")

    # a test roll (dodge, rush, pick-up, catch...) shows its die and outcome
    for purpose in ("dodge", "catch"):
        roll = next(
            i
            for i, e in enumerate(events)
            if e["type"] == "roll" and e["p"]["purpose"] == purpose
        )
        seek(page, roll + 1)
        faces = page.locator("#replay-dice .die")
        assert [faces.nth(i).inner_text() for i in range(faces.count())] == [
            str(d) for d in events[roll]["p"]["dice"]
        ]
        verdict = "success" if events[roll]["p"]["success"] else "failed"
        label = page.locator("#replay-dice .die-label").inner_text()
        assert label == (
            f"{purpose.capitalize()}, needs {events[roll]['p']['target']}+"
            + (
                f" ({events[roll]['p']['modifier']:+d})"
                if events[roll]["p"]["modifier"]
                else ""
            )
            + (" (re-roll)" if events[roll]["p"]["rerolled"] else "")
            + f": {verdict}"
        )


def test_the_replay_counts_the_team_rerolls_left(
    open_page, sevens, bob, charlie, django_capture_on_commit_callbacks
):
    home = draft_team(sevens, bob, roster="human", name="Reavers", rerolls=2)
    away = draft_team(sevens, charlie, roster="orc", name="Gouged Eye", rerolls=1)
    match = scheduled_season(sevens, [home, away]).matches.get()
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve(match_id=match.pk)
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    events = data["events"]
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")
    shown = page.locator("#replay-rerolls")
    assert shown.inner_text() == "Team re-rolls left: Reavers 2 · Gouged Eye 1"

    # after each team re-roll of the first half, one fewer for that team
    left = [2, 1]
    half_time = next(i for i, e in enumerate(events) if e["type"] == "half_time")
    used = [
        i
        for i, e in enumerate(events[:half_time])
        if e["type"] == "reroll" and e["p"]["source"] == "team"
    ]
    assert used  # the scripted bots use their team re-rolls
    for i in used:
        left[0 if events[i]["p"]["team"] == "home" else 1] -= 1
        seek(page, i + 1)
        assert shown.inner_text() == (
            f"Team re-rolls left: Reavers {left[0]} · Gouged Eye {left[1]}"
        )
    # and the track is full again for the second half
    seek(page, half_time + 1)
    assert shown.inner_text() == "Team re-rolls left: Reavers 2 · Gouged Eye 1"


def test_a_downed_player_keeps_his_team_colour(open_page, resolved_season):
    down = (
        MatchEvent.objects.filter(match__season=resolved_season, type="knocked_down")
        .order_by("match_id", "seq")
        .first()
    )
    match = down.match
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    index = next(
        i
        for i, e in enumerate(data["events"])
        if e["type"] == "knocked_down" and e["seq"] == down.seq
    )
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")
    seek(page, index + 1)
    player = str(down.payload["player"])
    side = data["players"][player]["side"]
    token = page.locator(f"#pitch .token[data-player='{player}']")
    assert "down" in token.get_attribute("class").split()

    colour = token.locator("circle").evaluate(
        "c => [getComputedStyle(c).fill, getComputedStyle(c).fillOpacity]"
    )
    team_colour = page.evaluate(
        "side => getComputedStyle(document.querySelector('.chip.' + side))"
        ".backgroundColor",
        side,
    )
    assert colour == [team_colour, "1"]
    shot(page, "replay-down")


def test_the_dugout_line_names_the_boxes_in_words(open_page, resolved_season):
    off = (
        MatchEvent.objects.filter(
            match__season=resolved_season, type="player_off", payload__box="cas"
        )
        .order_by("match_id", "seq")
        .first()
    )
    match = off.match
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    index = next(
        i
        for i, e in enumerate(data["events"])
        if e["type"] == "player_off" and e["seq"] == off.seq
    )
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")
    seek(page, index + 1)
    info = data["players"][str(off.payload["player"])]
    team = data[info["side"]]["name"]

    line = page.locator("#replay-dugouts").inner_text()

    assert f"{team} dugout: " in line
    assert f"#{info['number']} casualty" in line


def test_the_player_in_action_leaves_a_movement_trail(open_page, resolved_season):
    match = resolved_season.matches.order_by("pk").first()
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    events = data["events"]
    # the first action in which the player moves at least three squares
    start = last = None
    for i, e in enumerate(events):
        if e["type"] == "activation":
            start, steps = i, []
        elif e["type"] == "move" and start is not None:
            if e["p"]["player"] == events[start]["p"]["player"]:
                steps.append(i)
        elif e["type"] == "activation_end" and start is not None and len(steps) >= 3:
            last = steps[-1]
            break
    assert last is not None
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")

    seek(page, start + 1)
    assert page.locator("#pitch .trail").count() == 0  # not moved yet
    seek(page, last + 1)
    trail = page.locator("#pitch .trail")
    assert trail.count() == 1
    # the square he started from, then one point per square moved into
    points = trail.get_attribute("points").split(" ")
    assert len(points) == len(steps) + 1
    # it ends at the centre of the square he moved into last (32 units a
    # square, the pitch lying flat on a desktop)
    width = data["pitch"]["width"]
    dst = events[last]["p"]["dst"]
    centre = [(dst % width) * 32 + 16, (dst // width) * 32 + 16]
    assert [float(v) for v in points[-1].split(",")] == centre
    # a new turn starts without one
    seek(
        page,
        next(i for i in range(last, len(events)) if events[i]["type"] == "turn_start")
        + 1,
    )
    assert page.locator("#pitch .trail").count() == 0
