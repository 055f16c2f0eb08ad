"""The commissioner's season loop in a real headless Chromium, on a desktop
and a 390 px phone: closing a season and seeing its champion, the playoff
bracket on screen, setting a round's date and postponing a match. Same
set-up as tests/web/test_browser.py."""

from __future__ import annotations

import pytest

from matches.models import Match, Season
from matches.seasons.selectors import season_standings
from matches.seasons.services import (
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.matches.conftest import play_recorded
from tests.web import test_browser as base
from tests.web.conftest import scheduled_season
from tests.web.test_browser_phone import on_screen

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot, labelled = base.DESKTOP, base.fits, base.shot, base.labelled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
VIEWPORTS = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


def _name(viewport) -> str:
    return "390" if viewport == PHONE else "desktop"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_commissioner_closes_a_season_and_sees_the_champion(
    open_page, resolved_season, alice, viewport
):
    # given the finished season; the top of its table will be champion
    top = season_standings(resolved_season)[0].team_id
    champion = resolved_season.teams.get(pk=top)
    page = open_page(viewport, alice)
    page.goto(f"/seasons/{resolved_season.pk}/")

    # when she asks to close it, reads who wins, and confirms with a reason
    page.get_by_role("link", name="Close the season…").click()
    page.wait_for_url(f"**/seasons/{resolved_season.pk}/close/")
    assert page.get_by_test_id("champion-to-be").inner_text() == champion.name
    labelled(page)
    fits(page)
    page.get_by_label("Reason").fill("every match is played")
    page.get_by_role("button", name="Close the season").click()

    # then the season page names the champion, on screen
    page.wait_for_url(f"**/seasons/{resolved_season.pk}/")
    banner = page.get_by_test_id("champion")
    assert banner.inner_text().startswith(f"🏆 Champion: {champion.name}")
    on_screen(page, banner)
    fits(page)
    shot(page, f"season-closed-{_name(viewport)}")
    resolved_season.refresh_from_db()
    assert (resolved_season.status, resolved_season.champion_id) == (
        Season.Status.CLOSED,
        top,
    )
    # and so does the league page
    page.goto(f"/leagues/{resolved_season.league_id}/")
    assert (
        page.get_by_test_id("champion")
        .inner_text()
        .startswith(f"🏆 Champion: {champion.name}")
    )


def test_the_bracket_is_on_screen_on_a_phone_and_in_columns_on_a_desktop(
    open_page, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given four teams in the playoffs, the first semi-final played
    season = season_create(league=sevens, name="Cup", seed=5, playoff_teams=4)
    season_schedule(season_id=season.pk)
    for m in season.matches.filter(stage=Match.Stage.LEAGUE).order_by("round", "id"):
        play_recorded(m, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    semis = season_schedule_playoffs(season_id=season.pk)
    play_recorded(
        semis[0], 2, 1, actor=alice, capture=django_capture_on_commit_callbacks
    )

    # when a coach opens the season on a phone
    page = open_page(PHONE)
    page.goto(f"/seasons/{season.pk}/")

    # then both rounds and the third-place match are there, stacked, every
    # tie and team on screen
    rounds = page.locator(".bracket-round")
    assert rounds.count() == 3
    assert rounds.nth(0).locator("h4").inner_text() == "Semi-finals"
    assert rounds.nth(1).locator("h4").inner_text() == "Final"
    assert rounds.nth(2).locator("h4").inner_text() == "Third-place match"
    ties = page.locator(".bracket .tie")
    assert ties.count() == 4
    for i in range(4):
        ties.nth(i).scroll_into_view_if_needed()
        on_screen(page, ties.nth(i))
        sides = ties.nth(i).locator(".side")
        for j in range(sides.count()):
            on_screen(page, sides.nth(j))
    semi_box = rounds.nth(0).bounding_box()
    final_box = rounds.nth(1).bounding_box()
    assert final_box["y"] >= semi_box["y"] + semi_box["height"]
    winner = page.locator(".tie .side.winner")
    assert winner.count() == 1
    assert semis[0].home.name in winner.inner_text()
    fits(page)
    shot(page, "bracket-390")

    # and on a desktop the rounds stand side by side
    desk = open_page(DESKTOP)
    desk.goto(f"/seasons/{season.pk}/")
    left = desk.locator(".bracket-round").nth(0).bounding_box()
    right = desk.locator(".bracket-round").nth(1).bounding_box()
    assert right["x"] >= left["x"] + left["width"]
    assert abs(right["y"] - left["y"]) < 1
    shot(desk, "bracket-desktop")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_commissioner_sets_a_round_date_and_postpones_a_match(
    open_page, sevens, four_teams, alice, viewport
):
    season = scheduled_season(sevens, four_teams)
    first = season.matches.filter(round=1).order_by("id").first()
    page = open_page(viewport, alice)
    page.goto(f"/seasons/{season.pk}/")

    # when she sets round 1's date and deadline
    page.get_by_role("link", name="Set round dates").click()
    page.wait_for_url(f"**/seasons/{season.pk}/round-dates/")
    labelled(page)
    fits(page)
    page.get_by_label("Round 1: date").fill("2026-12-01")
    page.get_by_label("Round 1: reports due").fill("2026-12-04")
    page.get_by_role("button", name="Save the dates").click()

    # then round 1 shows them, and so does the next round line
    page.wait_for_url(f"**/seasons/{season.pk}/")
    dates = page.locator("#round-league-1 ~ .round-dates")
    assert dates.inner_text() == "Played Tue 1 Dec 2026 · reports due Fri 4 Dec 2026"
    on_screen(page, page.get_by_test_id("next-round"))
    assert page.get_by_test_id("next-round").inner_text() == (
        "Next: Round 1, played Tue 1 Dec 2026; reports due Fri 4 Dec 2026."
    )

    # when she postpones round 1's first match
    page.get_by_role(
        "link", name=f"Postpone {first.home.name} v {first.away.name}"
    ).click()
    page.wait_for_url(f"**/matches/{first.pk}/postpone/")
    labelled(page)
    fits(page)
    page.get_by_label("Reason").fill("the pitch is frozen")
    page.get_by_role("button", name="Postpone").click()

    # then it is in a new round 4, marked postponed
    page.wait_for_url(f"**/seasons/{season.pk}/")
    round_4 = page.locator("section.round", has=page.locator("#round-league-4"))
    assert round_4.locator(".fixture").count() == 1
    assert "postponed" in round_4.locator(".fixture").inner_text()
    round_4.scroll_into_view_if_needed()
    on_screen(page, round_4)
    fits(page)
    shot(page, f"season-postponed-{_name(viewport)}")
    first.refresh_from_db()
    assert (first.round, first.postponed) == (4, True)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_commissioner_approves_a_request_on_the_members_page(
    open_page, sevens, alice, dave, viewport
):
    from league.models import LeagueMembership
    from league.services.membership import league_set_open, membership_request

    # given Dave asked to join the open league
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    page = open_page(viewport, alice)
    page.goto(f"/leagues/{sevens.pk}/")

    # when she opens the members page and approves him
    page.get_by_role("link", name="Members").click()
    page.wait_for_url(f"**/leagues/{sevens.pk}/members/")
    labelled(page)
    fits(page)
    page.get_by_role("button", name="Approve dave").click()

    # then he is a member, listed with the others
    page.wait_for_selector("text=dave is a member: they may draft a team.")
    names = page.locator("section[aria-labelledby=members-title] li > strong")
    assert names.all_inner_texts() == ["alice", "bob", "charlie", "dave"]
    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == "member"
    fits(page)
    shot(page, f"members-{_name(viewport)}")
