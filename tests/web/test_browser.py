"""The pages in a real headless Chromium against a live server: drafting a
team, recording a report on a phone, resolving a round while the progress
bar fills, stepping the replay viewer, printing a team sheet.

Needs Chromium at /usr/bin/chromium (Debian: ``apt-get install chromium``)
and Playwright for Python (``pip install playwright``; its own browser
download, ``playwright install``, is not needed). Screenshots of every page
go to tests/artifacts/.
"""

from __future__ import annotations

import json
import re

import pytest

from league.models import Team
from matches.models import Match, MatchResult
from tests.conftest import ARTIFACTS
from tests.factories import draft_team
from tests.web import conftest as web
from tests.web.conftest import DESKTOP, PHONE, scheduled_season, sevens_teams

# The browser (one Chromium per pytest process, shared by every browser
# test: tests/web/conftest.py) and the logged-in tab, which the other browser
# files take from here (``browser = base.browser``, ``open_page = ...``).
browser = web.browser
open_page = web.open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every form control a person can reach must have a label of some kind.
UNLABELLED = """() => [...document.querySelectorAll(
    'input:not([type=hidden]), select, textarea')]
  .filter(el => el.offsetParent !== null)
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby'))
  .map(el => el.name || el.id)"""


shot = web.shot  # a screenshot when asked (DUGOUT_SCREENSHOTS=1)


def fits(page) -> None:
    """Nothing sticks out sideways: no horizontal scrolling of the page."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def labelled(page) -> None:
    page.wait_for_load_state()
    assert page.evaluate(UNLABELLED) == []


def test_a_coach_drafts_a_team_with_a_live_budget(open_page, sevens, bob, alice):
    # given a team name already taken in the league
    draft_team(sevens, alice, roster="human", name="Taken")
    page = open_page(DESKTOP, bob)
    page.goto(f"/leagues/{sevens.pk}/draft/")

    # when the coach picks a roster, the form arrives without a reload
    page.get_by_label("Roster").select_option("orc")
    page.wait_for_selector("[name=count-orc-lineman]")
    assert "roster=orc" in page.url
    labelled(page)

    # and the budget follows the counters as they are set and names typed
    page.get_by_label("Number of Orc Lineman players").fill("5")
    for i in range(5):
        page.get_by_label(f"Name of Orc Lineman {i + 1}", exact=True).fill(f"Ug {i}")
    page.get_by_role("button", name="One more Blitzer").click()
    page.get_by_label("Name of Blitzer 1").fill("Grak")
    page.get_by_role("button", name="One more Goblin").click()
    page.get_by_label("Name of Goblin 1").fill("Snik")
    spent = page.get_by_test_id("spent")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=spent]').textContent === '370,000'"
    )
    page.get_by_label("Team re-rolls").fill("1")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=spent]').textContent === '490,000'"
    )
    assert page.get_by_test_id("remaining").inner_text() == "110,000"
    assert spent.is_visible()
    shot(page, "draft")

    # a refusal from the service appears next to the team name
    page.get_by_label("Team name").fill("Taken")
    page.get_by_role("button", name="Draft Orc team").click()
    error = page.locator(".field:has(#id_name) .errorlist")
    assert "already has a team called 'Taken'" in error.inner_text()
    assert page.input_value("[name=name-goblin-0]") == "Snik"

    # when the name is fixed, the team is drafted
    page.get_by_label("Team name").fill("Da Boyz")
    page.get_by_role("button", name="Draft Orc team").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))
    assert page.get_by_role("heading", name="Da Boyz").is_visible()
    assert page.get_by_test_id("treasury").inner_text() == "110,000"
    team = Team.objects.get(name="Da Boyz")
    assert team.players.count() == 7
    assert team.rerolls == 1
    shot(page, "team")

    # the coach hires a player, then fires one (after confirming)
    page.get_by_label("Position").select_option("orc-lineman")
    page.get_by_label("Name", exact=True).fill("Nog")
    page.get_by_role("button", name="Hire", exact=True).click()
    page.wait_for_selector("text=Hired #8 Nog.")
    assert page.get_by_test_id("treasury").inner_text() == "60,000"
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Fire #6 Snik").click()
    page.wait_for_selector("text=Fired #6 Snik.")
    assert page.get_by_text("Former players").is_visible()
    assert team.players.filter(status="active").count() == 7


def test_the_draft_budget_stays_in_view_on_a_phone(open_page, sevens, bob):
    page = open_page(PHONE, bob)
    page.goto(f"/leagues/{sevens.pk}/draft/?roster=orc")
    page.get_by_role("button", name="One more Orc Lineman").click()
    # the budget is swapped in by htmx: measure it once the swap has settled
    page.wait_for_function(
        "() => document.querySelector('[data-testid=spent]').textContent === '50,000'"
        " && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )

    page.get_by_role("button", name="Draft Orc team").scroll_into_view_if_needed()

    box = page.locator("#budget").bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 5
    fits(page)
    shot(page, "draft-phone")


def test_a_coach_records_a_report_on_a_phone(open_page, sevens, bob, charlie):
    home, away = sevens_teams(sevens, [bob, charlie], 2)
    match = scheduled_season(sevens, [home, away]).matches.get()
    scorer = Team.objects.get(pk=match.home_id).players.order_by("number").first()
    page = open_page(PHONE, bob)
    page.goto(f"/matches/{match.pk}/")
    page.get_by_role("link", name="Record the report").click()
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/report/$"))
    fits(page)
    labelled(page)

    # a half-done report is saved as a draft and survives a reload
    page.get_by_label(f"{match.home.name} score", exact=True).fill("1")
    page.get_by_label(f"Touchdowns by #{scorer.number} {scorer.name}", exact=True).fill(
        "1"
    )
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_selector("text=Draft saved")
    page.reload()
    assert (
        page.get_by_label(f"{match.home.name} score", exact=True).input_value() == "1"
    )
    shot(page, "report-phone")

    # submitting an incomplete report shows what is missing
    page.get_by_role("button", name="Submit the report").click()
    assert (
        "Enter the score."
        in page.locator(".field:has(#id_away_score) .errorlist").inner_text()
    )

    page.get_by_label(f"{match.away.name} score", exact=True).fill("0")
    page.get_by_role("button", name="Submit the report").click()
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))
    assert page.get_by_test_id("score").inner_text() == "1–0"
    result = MatchResult.objects.get(match=match)
    assert result.player_stats[str(scorer.pk)]["touchdowns"] == 1
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETE
    fits(page)
    shot(page, "match-recorded-phone")


def test_the_commissioner_resolves_a_round_and_watches_the_bar_fill(
    open_page, sevens, four_teams, alice
):
    season = scheduled_season(sevens, four_teams)
    page = open_page(DESKTOP, alice)
    page.goto(f"/seasons/{season.pk}/")
    seen: list[str] = []
    page.on(
        "response",
        lambda r: seen.append(r.url) if "/progress/" in r.url else None,
    )

    page.get_by_role("button", name="Resolve the next round").click()

    bar = page.locator("#progress-bar")
    bar.wait_for()
    assert bar.get_attribute("max") == "2"
    page.wait_for_selector("#progress.finished", timeout=60_000)
    assert bar.get_attribute("value") == "2"
    assert "2 of 2" in page.get_by_test_id("progress-count").inner_text()
    assert len(seen) >= 2  # the bar was polled while the matches were played
    # the standings refresh by themselves, and the next round is offered
    page.wait_for_function(
        "() => [...document.querySelectorAll('.fixture .score')]"
        ".filter(s => !s.classList.contains('vs')).length === 2"
    )
    assert page.get_by_role("button", name="Resolve the next round").is_visible()
    shot(page, "season-resolving")
    assert season.matches.filter(status=Match.Status.COMPLETE).count() == 2


def test_the_replay_viewer_steps_through_a_resolved_match(
    open_page, resolved_season, live_server
):
    match = max(
        resolved_season.matches.all(),
        key=lambda m: m.events.filter(type="block").count(),
    )
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")
    total = len(data["events"])
    assert page.locator("#replay-pos").inner_text() == f"0 / {total}"
    width, height = data["pitch"]["width"], data["pitch"]["height"]
    assert page.locator("#pitch rect.sq").count() == width * height

    # stepping applies one event at a time, and says what happened
    for n in range(1, 8):
        page.get_by_role("button", name="Step forward").click()
        assert page.locator("#replay").get_attribute("data-at") == str(n)
        assert (
            page.locator("#replay-caption").inner_text()
            == data["events"][n - 1]["text"]
        )
    page.get_by_role("button", name="Step back").click()
    assert page.locator("#replay").get_attribute("data-at") == "6"

    # jumping to a turn shows both teams set up on the pitch
    turn = data["turns"][2]
    page.select_option("#replay-jump", str(turn["index"]))
    assert page.locator("#replay-turn").inner_text().startswith(turn["label"])
    # ... and the weather, as the Weather table names it
    weather = [e["weather"] for e in data["events"][: turn["index"]] if "weather" in e]
    assert page.locator("#replay-turn").inner_text().endswith(f" · {weather[-1]}")
    assert page.locator("#pitch .token:visible").count() >= 10
    shot(page, "replay")

    # a block shows its dice, the chosen one marked
    events = data["events"]
    block = next(i for i, e in enumerate(events) if e["type"] == "block")
    chosen = next(
        i for i in range(block, len(events)) if events[i]["type"] == "block_result"
    )
    page.evaluate(
        "n => { const s = document.getElementById('replay-seek');"
        " s.value = n; s.dispatchEvent(new Event('input')); }",
        chosen + 1,
    )
    dice = page.locator("#replay-dice .die")
    assert dice.count() == len(data["events"][block]["faces"])
    assert page.locator("#replay-dice .die.chosen").count() == 1
    assert page.locator("#pitch .arrow").count() == 1
    shot(page, "replay-block")

    # a declared Blitz names its target: the caption says so, the pitch
    # rings the target
    named = next(i for i, e in enumerate(events) if e["type"] == "nomination")
    page.evaluate(
        "n => { const s = document.getElementById('replay-seek');"
        " s.value = n; s.dispatchEvent(new Event('input')); }",
        named + 1,
    )
    assert page.locator("#replay-caption").inner_text() == events[named]["text"]
    target = events[named]["p"]["target"]
    ringed = page.locator("#pitch .token.target")
    assert ringed.count() == 1
    assert ringed.get_attribute("data-player") == str(target)

    # at the final whistle the score is the match's
    page.get_by_role("button", name="To the final whistle").click()
    result = MatchResult.objects.get(match=match)
    assert page.locator("#replay-score").inner_text() == (
        f"{result.home_score}–{result.away_score}"
    )

    # play runs by itself until paused; the keyboard steps too
    page.get_by_role("button", name="Back to the start").click()
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(
        "() => Number(document.getElementById('replay').dataset.at) > 3"
    )
    page.get_by_role("button", name="Pause", exact=True).click()
    at = int(page.locator("#replay").get_attribute("data-at"))
    page.wait_for_timeout(500)
    assert int(page.locator("#replay").get_attribute("data-at")) == at
    page.get_by_role("button", name="Step forward").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    assert int(page.locator("#replay").get_attribute("data-at")) == at + 2

    # the event log filters by type without a reload
    page.get_by_label("Show", exact=True).select_option("block")
    page.wait_for_function(
        "() => document.getElementById('event-log').dataset.kind === 'block'"
    )
    assert page.locator("#event-log li").count() == len(
        [e for e in data["events"] if e["type"] == "block"]
    )
    shot(page, "match")


def test_the_team_sheet_prints_on_one_a4_page(open_page, eleven, bob):
    # the largest team sheet: 16 players of an 11-a-side roster
    extra = [("blitzer", f"Blitzer {i}") for i in range(4)] + [
        ("orc-lineman", "Lineman 12")
    ]
    team = draft_team(eleven, bob, roster="orc", name="Big Orcs", extra=extra)
    assert team.players.count() == 16
    page = open_page(DESKTOP)
    page.goto(f"/teams/{team.pk}/")

    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True)

    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "web-team-sheet.pdf").write_bytes(pdf)
    shot(page, "team-print")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_fits_the_screen_and_labels_its_fields(
    open_page, resolved_season, alice, viewport
):
    match = resolved_season.matches.order_by("pk").first()
    team = Team.objects.get(pk=match.home_id)
    page = open_page(viewport, alice)
    suffix = "phone" if viewport is PHONE else "desktop"
    for name, url in (
        ("league", f"/leagues/{resolved_season.league_id}/"),
        ("team-manage", f"/teams/{team.pk}/"),
        ("match-page", f"/matches/{match.pk}/"),
        ("season-new", f"/leagues/{resolved_season.league_id}/seasons/new/"),
        ("override", f"/matches/{match.pk}/override/"),
        ("leagues", "/leagues/"),
    ):
        page.goto(url)
        fits(page)
        labelled(page)
        shot(page, f"{name}-{suffix}")
    page.context.clear_cookies()
    page.goto("/accounts/login/")
    fits(page)
    labelled(page)
    shot(page, f"login-{suffix}")
