"""A Blitz Bowl league in a real headless Chromium, on a desktop
and at 390 px: a coach drafts a team by picking a team card, then records
a match from the report form, and the match page shows points, touchdowns
and the cards claimed. Same set-up as tests/web/test_browser.py."""

from __future__ import annotations

import pytest

from league.models import Team
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from matches.models import MatchResult
from tests.factories import make_member
from tests.web import test_browser as base
from tests.web.conftest import DESKTOP, PHONE, scheduled_season

browser = base.browser
open_page = base.open_page
fits, labelled, shot = base.fits, base.labelled, base.shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390px"])
def test_a_coach_drafts_a_card_and_records_a_report(
    open_page, alice, bob, charlie, viewport
):
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob, charlie)
    rival = team_draft_card(league=league, coach=charlie, name="Gouged Eye", card="orc")
    tag = "desktop" if viewport is DESKTOP else "390px"

    page = open_page(viewport, bob)
    page.goto(f"/leagues/{league.pk}/draft/")
    # the 23 team cards of teams.md, each a choice
    assert page.locator("input[name=card]").count() == 23
    labelled(page)
    fits(page)
    shot(page, f"blitz-draft-{tag}")
    page.get_by_label("Team name").fill("Grudgebearers")
    page.locator("#card-dwarf").check()
    page.get_by_label("Player names (optional)").fill("Grim\nBorin")
    page.get_by_role("button", name="Draft the team").click()
    page.wait_for_selector("text=Grudgebearers drafted.")
    team = Team.objects.get(league=league, name="Grudgebearers")
    # the team page: the card and its six players (teams.md "DWARF TEAM")
    assert page.get_by_test_id("card-players").locator("tbody tr").count() == 6
    assert page.get_by_role("rowheader", name="Grim").is_visible()
    assert page.get_by_role("rowheader", name="Troll Slayer 6").is_visible()
    fits(page)
    shot(page, f"blitz-team-{tag}")

    match = scheduled_season(league, [team, rival], seed=4).matches.get()
    home = match.home.name
    away = match.away.name
    page.goto(f"/matches/{match.pk}/report/")
    labelled(page)
    fits(page)
    # home: 2 touchdowns (8) + card 1, Break Some Bones! (3) = 11;
    # away: 1 touchdown (4)
    page.get_by_label(f"{home}: points").fill("11")
    page.get_by_label(f"{home}: touchdowns").fill("2")
    page.locator("[name=home_cards][value='1']").check()
    page.get_by_label(f"{away}: points").fill("4")
    page.get_by_label(f"{away}: touchdowns").fill("1")
    shot(page, f"blitz-report-{tag}")
    page.get_by_role("button", name="Submit the result").click()
    page.wait_for_selector("text=Result recorded.")
    assert page.get_by_test_id("score").inner_text() == "11–4"
    result = page.get_by_test_id("card-result")
    assert "card 1: Break Some Bones! (3)" in result.inner_text()
    assert page.get_by_test_id("how-it-ended").inner_text().startswith(f"{home} win")
    fits(page)
    shot(page, f"blitz-match-{tag}")
    saved = MatchResult.objects.get(match=match)
    assert (saved.home_score, saved.away_score) == (11, 4)


def test_an_impossible_report_shows_the_reason_in_the_form(open_page, alice, bob):
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob)
    teams = [
        team_draft_card(league=league, coach=bob, name="Grudgebearers", card="dwarf"),
        team_draft_card(league=league, coach=alice, name="Gouged Eye", card="orc"),
    ]
    match = scheduled_season(league, teams, seed=4).matches.get()
    page = open_page(PHONE, bob)
    page.goto(f"/matches/{match.pk}/report/")
    # 1 touchdown scores 4 points (5 with Generous Coaches), not 3
    page.get_by_label(f"{match.home.name}: points").fill("3")
    page.get_by_label(f"{match.home.name}: touchdowns").fill("1")
    page.get_by_label(f"{match.away.name}: points").fill("0")
    page.get_by_role("button", name="Submit the result").click()
    assert "score 4 to 5 points, not 3" in page.locator(".errorlist").first.inner_text()
    assert not MatchResult.objects.filter(match=match).exists()
    fits(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "390px"])
def test_the_commissioner_lets_the_engine_play_and_the_replay_steps(
    open_page, alice, bob, viewport
):
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob)
    teams = [
        team_draft_card(league=league, coach=bob, name="Grudgebearers", card="dwarf"),
        team_draft_card(league=league, coach=alice, name="Gouged Eye", card="orc"),
    ]
    match = scheduled_season(league, teams, seed=6).matches.get()
    page = open_page(viewport, alice)
    page.goto(f"/matches/{match.pk}/")
    page.get_by_role("button", name="Let the engine play this match").click()
    page.wait_for_selector("#blitz-replay")
    result = MatchResult.objects.get(match=match)
    assert page.get_by_test_id("score").inner_text() == (
        f"{result.home_score}–{result.away_score}"
    )
    # the replay opens on the first step (the game begins) and steps on
    first = page.text_content("#br-caption")
    assert first.startswith(f"{match.home.name} v {match.away.name}")
    page.click("#br-step")
    assert page.text_content("#br-caption") != first
    # the last step: the points track ends on the result
    page.click("#br-end")
    assert page.text_content("#br-points") == (
        f"{result.home_score}–{result.away_score}"
    )
    fits(page)
