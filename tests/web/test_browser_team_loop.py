"""The coach's season loop in a real headless Chromium, on a desktop and a
390 px phone: re-draft with its preview, hire a journeyman for good, retire
a player after his Lasting Injury (with the confirmation), and the ledger in words on screen. Same
set-up as tests/web/test_browser.py."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from engine.core.rules_data import rules_data
from league.models import Player, Team
from league.services.journeymen import team_take_journeymen
from matches.models import SeasonTeamArchive
from matches.reports.lines import CasualtyLine
from matches.seasons.rollover import season_close
from tests.factories import draft_team
from tests.matches.retirement_support import play_reported
from tests.web import test_browser as base
from tests.web.test_browser_phone import PHONE, on_screen
from tests.web.test_team_loop import played  # noqa: F401 (a fixture)

browser = base.browser
open_page = base.open_page
DESKTOP, fits, shot, labelled = base.DESKTOP, base.fits, base.shot, base.labelled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = pytest.mark.parametrize(
    "viewport", [DESKTOP, PHONE], ids=["desktop", "phone"]
)


def _name(viewport) -> str:
    return "phone" if viewport == PHONE else "desktop"


@VIEWPORTS
def test_a_coach_redrafts_with_the_preview(open_page, played, alice, bob, viewport):  # noqa: F811
    # given a closed season
    season_close(season_id=played["season"].pk, actor=alice)
    cache.clear()
    orcs = played["orcs"]
    players = list(orcs.players.order_by("number"))
    page = open_page(viewport, bob)
    page.goto(f"/teams/{orcs.pk}/")

    # when the coach opens the re-draft: the preview of keeping everyone
    page.get_by_role("link", name="Re-draft for the next season").click()
    page.wait_for_selector("[data-testid=redraft-preview]")
    labelled(page)
    total = page.get_by_test_id("redraft-total")
    on_screen(page, total)
    # each back for his value and an agent's fee of 20,000 for the season played
    assert total.inner_text() == f"{sum(p.value + 20_000 for p in players):,}"
    assert page.get_by_test_id("redraft-player").count() == len(players)
    fits(page)
    shot(page, f"redraft-preview-{_name(viewport)}")

    # and lets the last player go for a Goblin, and previews again: the
    # Sevens minimum of 7 holds, and nothing is written
    last = players[-1]
    goblin = rules_data().rosters["orc"].position("goblin").cost
    page.get_by_label(f"#{last.number} {last.name} ({last.value:,})").uncheck()
    page.get_by_label("Position of new player 1").select_option("goblin")
    page.get_by_label("Name of new player 1").fill("Snik")
    page.get_by_role("button", name="Preview").click()
    page.wait_for_selector("[data-testid=redraft-preview]")
    kept = players[:-1]
    assert page.get_by_test_id("redraft-total").inner_text() == (
        f"{sum(p.value + 20_000 for p in kept) + goblin:,}"
    )
    assert page.get_by_test_id("redraft-player").count() == len(kept)
    assert SeasonTeamArchive.objects.get(team=orcs).redraft is None

    # then commits it
    page.get_by_role("button", name="Re-draft", exact=True).click()
    page.wait_for_selector("text=re-drafted for the next season")
    fits(page)
    assert set(
        Team.objects.get(pk=orcs.pk)
        .players.filter(status="active")
        .values_list("pk", flat=True)
    ) == {p.pk for p in kept} | {orcs.players.get(name="Snik").pk}
    line = page.get_by_test_id("ledger-line").filter(
        has_text="Received a re-draft budget of"
    )
    line.scroll_into_view_if_needed()
    on_screen(page, line)


@VIEWPORTS
def test_a_coach_hires_a_journeyman_and_retires_a_player(
    open_page, eleven, alice, bob, charlie, viewport, django_capture_on_commit_callbacks
):
    # given BB2020 Orcs whose #2 suffered a Lasting Injury in their last game
    # (the_rules_of_blood_bowl.md "Casualty Table" D16 13, D6 3 Smashed
    # Knee): he misses the next one, and a journeyman joins for it
    team = draft_team(eleven, bob, roster="orc", name="Short Handed")
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    victim = team.players.get(number=2)
    play_reported(
        eleven,
        team,
        humans,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[CasualtyLine(victim.pk, casualty_roll=13, lasting_roll=3)],
    )
    team = Team.objects.select_related("league").get(pk=team.pk)
    (journeyman,) = team_take_journeymen(team, minimum=11)
    cache.clear()
    cost = rules_data().rosters["orc"].position(journeyman.position).cost
    page = open_page(viewport, bob)
    page.goto(f"/teams/{team.pk}/")
    fits(page)
    if viewport == DESKTOP:
        # the whole roster, actions included, without scrolling sideways
        wrap = page.locator("table.roster").locator("xpath=..")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")

    # hire the journeyman for good
    hire = page.get_by_role(
        "button", name=f"Hire #{journeyman.number} {journeyman.name} for good"
    )
    hire.scroll_into_view_if_needed()
    on_screen(page, hire)
    hire.click()
    page.wait_for_selector("text=for good: he is on the Team Draft list now")
    journeyman.refresh_from_db()
    assert not journeyman.journeyman
    line = page.get_by_test_id("ledger-line").filter(
        has_text=f"Hired journeyman {journeyman.name} (Orc Lineman) for {cost:,}"
    )
    line.scroll_into_view_if_needed()
    on_screen(page, line)

    # retire #2: the button asks first
    page.locator(f'summary[aria-label="Retire #2 {victim.name}…"]').click()
    confirm = page.get_by_role("button", name=f"Confirm: retire #2 {victim.name}")
    on_screen(page, confirm)
    assert page.get_by_text(
        f"Retire #2 {victim.name} to recover from his Lasting Injury?"
    ).is_visible()
    confirm.click()
    page.wait_for_selector("text=is temporarily retired")
    victim.refresh_from_db()
    assert victim.status == Player.Status.RETIRED
    why = page.get_by_test_id("value-why")
    assert f"#2 {victim.name} temporarily retired: −{victim.value:,}" in (
        why.inner_text()
    )
    on_screen(page, why)
    fits(page)
    shot(page, f"team-loop-{_name(viewport)}")


@VIEWPORTS
def test_the_ledger_in_words_is_on_screen(open_page, played, viewport):  # noqa: F811
    orcs, humans = played["orcs"], played["humans"]
    page = open_page(viewport)
    page.goto(f"/teams/{orcs.pk}/")
    lines = page.get_by_test_id("ledger-line")
    assert lines.first.inner_text() == "Received a draft budget of 600,000"
    round_no = played["match"].round
    winnings = lines.filter(
        has_text=f"in winnings against {humans.name} (round {round_no})"
    )
    winnings.scroll_into_view_if_needed()
    on_screen(page, winnings)
    # every column of the ledger and of the matches on screen, none
    # scrolled away sideways
    for table in ("table.ledger-words", "table.team-matches"):
        wrap = page.locator(table).locator("xpath=..")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), table
    record = page.get_by_test_id("record")
    on_screen(page, record)
    fits(page)
    shot(page, f"team-ledger-{_name(viewport)}")
