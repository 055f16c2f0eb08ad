"""Playing a league match live in a real headless Chromium: a coach plays a
whole Sevens match against the bot by clicking among the options the page
offers, and the standings count it; two coaches in two browser contexts play
one against each other to the end (the result, the post-game, the
standings and the replay checked).

The test server (pytest-django's live_server) speaks HTTP only, so the pages
run on their fallback: they poll the state's JSON (the websocket is tested
in tests/matches/live/test_consumers.py).

Decision: the coaches' script ends every turn as soon as the page offers it
and otherwise clicks the first option: a whole Sevens match then takes a few
dozen clicks (the bot makes the rest of its side's decisions), which keeps
the test to seconds. What it does not cover: long turns of a coach's own
moves and blocks (the services' tests play those)."""

from __future__ import annotations

import time

import pytest

from matches.live.models import LiveMatch
from matches.models import Match, MatchResult
from tests.factories import draft_team
from tests.matches.conftest import one_match
from tests.web import test_browser as base
from tests.web.conftest import PHONE
from tests.web.live_checks import league_follows, pitch_replay_is_what_was_played

browser = base.browser
open_page = base.open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVER = ("finished", "conceded")


def at(page) -> int:
    return int(page.locator("#live").get_attribute("data-at") or -1)


def my_turn(page) -> bool:
    return page.locator("#live-actions").is_visible()


def click_an_option(page, keyboard: bool = False) -> None:
    """End the turn when the page offers it, else the first option shown;
    with the mouse, or from the keyboard (focus the button, press Enter)."""
    before = at(page)
    end = page.locator("#live-end-turn")
    button = end if end.is_visible() else page.locator("#live-options button").first
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_function(
        "n => +document.getElementById('live').dataset.at > n", arg=before
    )


def phase(page) -> str:
    return page.locator("#live").get_attribute("data-phase") or ""


@pytest.fixture
def fixture_match(sevens, bob, charlie):
    home = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    return one_match(sevens, home, away, seed=31)


def test_a_coach_plays_a_whole_sevens_match_against_the_bot(
    open_page, sevens, fixture_match, bob
):
    sevens.live_bot_allowed = True
    sevens.save()
    page = open_page(user=bob)
    page.goto(f"/matches/{fixture_match.pk}/")
    page.get_by_role("link", name="Play live").click()
    page.get_by_role("button", name="Play the bot").click()

    clicks = 0
    while phase(page) not in OVER:
        page.wait_for_function(
            "() => !document.getElementById('live-actions').hidden"
            " || ['finished', 'conceded'].includes("
            "document.getElementById('live').dataset.phase)"
        )
        if phase(page) in OVER:
            break
        if clicks == 6:
            base.shot(page, "live-board")
        click_an_option(page)
        clicks += 1
        assert clicks < 400

    assert page.locator("#live-status").inner_text() == "Full time."
    live = LiveMatch.objects.get(match=fixture_match)
    assert live.state == LiveMatch.State.FINISHED
    result = MatchResult.objects.get(match=fixture_match)
    score = f"{result.home_score}–{result.away_score}"
    assert page.get_by_test_id("live-score").inner_text() == score
    # the league counts it: the standings show the match played
    page.get_by_role("link", name="The result and the post-game").click()
    assert page.get_by_test_id("score").inner_text() == score
    page.goto(f"/seasons/{fixture_match.season_id}/")
    row = page.locator("table.standings tr", has_text="Gouged Eye")
    assert row.locator("td").nth(1).inner_text() == "1"  # played
    assert Match.objects.get(pk=fixture_match.pk).status != Match.Status.IN_PROGRESS


def test_two_coaches_play_each_other_in_two_browsers(
    open_page, fixture_match, bob, charlie, dave
):
    home = open_page(user=bob)
    # the away coach plays on a phone, from the keyboard
    away = open_page(PHONE, user=charlie)
    home.goto(f"/matches/{fixture_match.pk}/live/")
    home.get_by_role("button", name="Invite the other coach").click()
    away.goto(f"/matches/{fixture_match.pk}/live/")
    away.get_by_role("button", name="Accept and play").click()
    away.wait_for_function("() => document.querySelectorAll('#pitch .sq').length > 0")
    base.fits(away)
    spectator = open_page(user=dave)
    spectator.goto(f"/matches/{fixture_match.pk}/live/")

    pages = (home, away)
    clicks = 0
    deadline = time.monotonic() + 180
    while phase(away) not in OVER:
        # whichever page offers a decision acts; the other waits and polls
        ready = [p for p in pages if my_turn(p)]
        if not ready:
            assert time.monotonic() < deadline, "neither page offers a decision"
            away.wait_for_timeout(100)
            continue
        click_an_option(ready[0], keyboard=ready[0] is away)
        clicks += 1
        assert clicks < 600
        if clicks == 20:
            # a coach's browser closes and opens again: the page carries on
            # from the decision stored on the server
            seen = at(ready[0])
            ready[0].reload()
            assert at(ready[0]) == seen

    for page in (*pages, spectator):
        page.wait_for_function(
            "() => ['finished', 'conceded'].includes("
            "document.getElementById('live').dataset.phase)"
        )
    assert (
        home.get_by_test_id("live-score").inner_text()
        == away.get_by_test_id("live-score").inner_text()
    )
    # to the end: the result, the post-game, the standings and the replay
    league_follows(away, fixture_match, "Reikland Reavers")
    pitch_replay_is_what_was_played(fixture_match)
