"""The live board in a real headless Chromium draws the pending decision
with the engine's numbers: a moving player's squares with the rolls each
needs (the Rushes of the far squares), reachable from the keyboard, at 1280 px and on a phone.

The numbers themselves are checked against the rulebook in
tests/matches/live/test_annotate.py; here the page must draw exactly what
the server sent, on the square it names."""

from __future__ import annotations

import pytest

from engine.facade import PITCH
from matches.live.selectors import live_engine, live_state_now
from matches.live.services import live_match_decide, live_match_open
from tests.matches.live.conftest import fixture_match, quick_choice
from tests.web import test_browser as base
from tests.web.conftest import DESKTOP, PHONE
from tests.web.test_accessibility import FAILING, axe_run

browser = base.browser
open_page = base.open_page
__all__ = ["browser", "fixture_match", "open_page"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _a_player_moving(live, bob):
    """Play (the bot's side by itself) until Bob may activate a player on
    the pitch, and activate him to Move."""
    for _ in range(300):
        m = live_engine(live)
        d, g = m.pending, m.state
        for i, option in enumerate(d.options):
            if option[0] == "activate" and option[2] == "move":
                if g.box[g.idx[option[1]]] == PITCH:
                    return live_match_decide(live_id=live.pk, user=bob, option_index=i)
        live = live_match_decide(
            live_id=live.pk, user=bob, option_index=quick_choice(d.options)
        )
    raise AssertionError("no player to move")


def _drawn(page) -> dict[int, str]:
    """The squares the board marks for the decision, and the numbers on them."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#pitch .pick')]
             .map(g => [g.dataset.square,
                        (g.querySelector('.need') || {}).textContent || '']))"""
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "phone"])
def test_the_board_draws_the_rolls_of_each_square_and_plays_from_the_keyboard(
    open_page, sevens, fixture_match, bob, viewport
):
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    live = _a_player_moving(live, bob)
    sent = live_state_now(live.pk)["board"]["pending"]
    assert sent["kind"] == "move"

    page = open_page(viewport, user=bob)
    page.goto(f"/matches/{fixture_match.pk}/live/")
    page.wait_for_selector("#pitch .pick")
    base.fits(page)
    # the board with its marks has no serious accessibility fault (axe-core)
    serious = [v["id"] for v in axe_run(page) if v["impact"] in FAILING]
    assert serious == []
    drawn = _drawn(page)

    # every square the server annotated shows its numbers
    steps = {o["square"]: o["mark"] for o in sent["options"] if o["square"] is not None}
    assert {int(k): v for k, v in drawn.items() if int(k) in steps} == steps
    routes = {r["square"]: r for r in sent["routes"]}
    assert {int(k): v for k, v in drawn.items() if int(k) in routes} == {
        sq: r["dice"] for sq, r in routes.items()
    }
    # the farthest squares are Rushes, 2+ each (Sevens plays BB2020's Rush),
    # 3+ in a Blizzard ("-1 modifier to Rush rolls": the live match's
    # weather is its own seed's)
    far = [r for r in routes.values() if "rush" in r["hint"]]
    assert far
    rush = "3+" if live_engine(live).state.weather == "blizzard" else "2+"
    assert {r["dice"] for r in far} <= {rush, f"{rush} {rush}"} | {
        r["dice"] for r in far if "dodge" in r["hint"]
    }
    assert rush in drawn.values()

    # from the keyboard: Tab reaches a square of the board, Enter moves there
    before = int(page.locator("#live").get_attribute("data-at"))
    page.locator("#live-options button").first.focus()
    for _ in range(len(drawn) + 40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.classList.contains('pick')"):
            break
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("move")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => +document.getElementById('live').dataset.at > n", arg=before
    )
    live.refresh_from_db()
    assert live.decisions[before][0] == "move"


def test_a_coach_places_his_set_up_by_hand(open_page, sevens, fixture_match, bob):
    sevens.live_bot_allowed = True
    sevens.save()
    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=True)
    while not live_engine(live).pending.accepts_arrangement:
        d = live_engine(live).pending
        live = live_match_decide(
            live_id=live.pk, user=bob, option_index=quick_choice(d.options)
        )
    sent = live_state_now(live.pk)["board"]["pending"]
    placement = next(o["placement"] for o in sent["options"] if o.get("placement"))
    g = live_engine(live).state
    home = live_engine(live).pending.team == "home"
    # the player deepest in his half goes one square further back
    pid, sq = max(placement, key=lambda p: abs(g.pitch.xs[p[1]] - g.pitch.width // 2))
    back = sq - 1 if home else sq + 1

    page = open_page(DESKTOP, user=bob)
    page.goto(f"/matches/{fixture_match.pk}/live/")
    page.get_by_role("button", name="Place by hand from").first.click()
    page.locator(f"#pitch .token[data-id='{pid}']").click()
    page.locator("#pitch .sq").nth(back).click()
    assert page.locator(f"#pitch .token[data-id='{pid}']").count() == 1
    before = int(page.locator("#live").get_attribute("data-at"))
    page.get_by_role("button", name="Send this set-up").click()
    page.wait_for_function(
        "n => +document.getElementById('live').dataset.at > n", arg=before
    )

    live.refresh_from_db()
    choice = live.decisions[before]
    assert choice[0] == "arrangement"
    assert [pid, back] in choice[1]
