"""What the layout check (``test_layout.py``) cannot see on its own: the
team sheet's buttons whole on a desktop, the box score's figures on a
phone, a Blitz Bowl team card's figures once picked, the report's
knocked-out and sent-off boxes in each player's row, and the replay's
markers big enough to see on a dungeon."""

from __future__ import annotations

import json
import re

import pytest

from league.models import Player, Team
from matches.event_text import STATS
from matches.models import Match, MatchResult
from matches.pages.selectors import match_view
from matches.postgame.retirement import team_retirement_candidates
from tests.web import test_browser as base
from tests.web.conftest import signed_in_tabs  # noqa: F401 (fixture)
from tests.web.layout_world import saved_layout_world  # noqa: F401 (fixture)
from tests.web.pages import COACH, saved_small_world  # noqa: F401 (fixture)
from tests.web.test_layout import DESKTOP, PHONE, worlds  # noqa: F401 (fixture)

browser = base.browser  # one Chromium for the module (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each element's box: [left, top, right, bottom] in CSS pixels.
BOXES = """els => els.map(e => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


# Each cell as it reads on a phone: its label (drawn by the stylesheet)
# and its text.
LABELLED = """els => els.map(e =>
  getComputedStyle(e, "::before").content.slice(1, -1) + e.innerText.trim())"""


# A roster row's buttons that are shown: [(text, box)].
BUTTONS = """row => [...row.querySelectorAll(
    "td.acts a.button, td.acts summary, td.acts button")]
  .filter(e => e.checkVisibility())
  .map(e => {
    const r = e.getBoundingClientRect();
    return [e.innerText.trim(), [r.left, r.top, r.right, r.bottom]];
  })"""


# The screen's width, all of the page's height.
SCREEN_390 = [0, float("-inf"), PHONE["width"], float("inf")]
SCREEN_1280 = [0, float("-inf"), DESKTOP["width"], float("inf")]


def inside(box, outer) -> bool:
    return (
        box[0] >= outer[0] - 0.5
        and box[2] <= outer[2] + 0.5
        and box[1] >= outer[1] - 0.5
        and box[3] <= outer[3] + 0.5
    )


def test_the_team_sheets_buttons_are_whole_on_a_desktop(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
):
    _, by_format = worlds
    tab = signed_in_tabs(DESKTOP, COACH)
    tab.goto(f"/teams/{by_format['bb2020'].team}/")
    wrap = tab.locator(".table-wrap:has(table.roster)")
    frame = wrap.bounding_box()
    shown = [
        frame["x"],
        frame["y"],
        frame["x"] + frame["width"],
        frame["y"] + frame["height"],
    ]
    rows = tab.locator("table.roster tr.player")
    assert rows.count() == 12

    # the roster fits its box (nothing to scroll to) ...
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    names = []
    for i in range(rows.count()):
        # (a closed "Retire…" keeps its confirming button out of sight)
        buttons = rows.nth(i).evaluate(BUTTONS)
        names += [name for name, _ in buttons]
        boxes = [box for _, box in buttons]
        # ... every button of a player is wholly on screen, inside it ...
        assert all(inside(b, shown) for b in boxes), buttons
        assert all(inside(b, SCREEN_1280) for b in boxes), buttons
        # ... and his buttons share one line
        assert len({round(b[1]) for b in boxes}) == 1, buttons
    # who has SPP can advance, who suffered a Lasting Injury in the last game
    # be retired, and anyone fired; the retired player has no way back
    team = Team.objects.select_related("league").get(pk=by_format["bb2020"].team)
    players = Player.objects.filter(team=team)
    assert names.count("Advance") == players.filter(spp__gt=0).count() >= 1
    assert names.count("Bring back") == 0
    assert names.count("Retire…") == len(team_retirement_candidates(team))
    assert names.count("Fire") == 12


def test_the_box_score_keeps_every_figure_on_a_phone(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
):
    _, by_format = worlds
    match = Match.objects.get(pk=by_format["bb2020"].resolved)
    view = match_view(match)
    tab = signed_in_tabs(PHONE, None)
    tab.goto(f"/matches/{match.pk}/")

    for side in ("home", "away"):
        table = tab.locator("section[aria-labelledby=box-title] table").nth(
            0 if side == "home" else 1
        )
        rows = table.locator("tbody tr")
        assert rows.count() == len(view.box[side])
        for i, line in enumerate(view.box[side]):
            row = rows.nth(i)
            # every figure the player earned is shown with its label (the
            # stylesheet's) ...
            earned = [
                *((short, line.stats[key]) for key, short, _ in STATS),
                ("BLK", line.blocks),
                ("SPP", line.spp),
            ]
            wanted = [f"{short} {value}" for short, value in earned if value]
            if line.casualty:
                wanted.append(f"Casualty {line.casualty}")
            shown = row.locator("td[data-label]:visible")
            assert shown.evaluate_all(LABELLED) == wanted
            # ... on screen, and a figure of nothing takes no room
            for box in shown.evaluate_all(BOXES):
                assert inside(box, SCREEN_390), box
            assert row.locator("td.zero:visible").count() == 0
    assert any(line.spp for lines in view.box.values() for line in lines)


def test_a_blitz_team_card_shows_its_figures_once_picked_on_a_phone(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
):
    _, by_format = worlds
    tab = signed_in_tabs(PHONE, COACH)
    tab.goto(by_format["blitz-bowl"].draft)
    human = tab.locator("li[data-card=human]")

    # each card is its name and its players in a line (blitz_bowl/teams.md,
    # "HUMAN TEAM": 6 players, one of each position and Linemen for the rest)
    assert tab.locator("table.card-table:visible").count() == 0
    assert human.locator(".card-sum").inner_text() == (
        "3 Lineman, 1 Thrower, 1 Catcher, 1 Blitzer"
    )

    tab.locator("#card-human").check()

    assert tab.locator("table.card-table:visible").count() == 1
    assert not human.locator(".card-sum").is_visible()
    thrower = human.locator("tbody tr").nth(1)
    cells = thrower.locator("th, td")
    # THROWER: Move 6, Block 1, Throw 3+, Armour 3+, Handling Skills
    assert [re.sub(r"\s+", " ", t).strip() for t in cells.all_inner_texts()] == [
        "Thrower",
        "1",
        "6",
        "1",
        "3+",
        "3+",
        "Handling Skills",
    ]
    for box in cells.evaluate_all(BOXES):
        assert inside(box, SCREEN_390), box


def test_a_coach_marks_who_was_knocked_out_and_sent_off_in_their_rows(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
):
    _, by_format = worlds
    match = Match.objects.select_related("home", "away").get(
        pk=by_format["bb2020"].scheduled
    )
    home = match.home.players.filter(status="active").order_by("number")[1]
    away = match.away.players.filter(status="active").order_by("number")[2]
    tab = signed_in_tabs(PHONE, COACH)
    tab.goto(f"/matches/{match.pk}/report/")
    knocked = tab.get_by_label(
        f"#{away.number} {away.name} knocked out during the game", exact=True
    )
    sent = tab.get_by_label(
        f"#{home.number} {home.name} sent off by the referee", exact=True
    )

    # the boxes stand on the player's own line, on screen
    for box, player in ((knocked, away), (sent, home)):
        row = tab.locator("table.statgrid tbody tr").filter(
            has=tab.get_by_role("rowheader", name=f"#{player.number} {player.name}")
        )
        name_box = row.locator("th").bounding_box()
        mark = box.bounding_box()
        assert mark["y"] < name_box["y"] + name_box["height"]
        assert inside(
            [mark["x"], mark["y"], mark["x"] + mark["width"], mark["y"]], SCREEN_390
        )

    knocked.check()
    sent.check()
    tab.get_by_label(f"{match.home.name} score", exact=True).fill("0")
    tab.get_by_label(f"{match.away.name} score", exact=True).fill("0")
    tab.get_by_role("button", name="Submit the report").click()
    tab.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))

    summary = MatchResult.objects.get(match=match).summary
    assert (summary["knocked_out"], summary["sent_off"]) == ([away.pk], [home.pk])


# Decision: a marker's smallest size on screen, in CSS pixels (replay.js,
# MARKS): 16 for what carries a number, 12 for the ball and a Chest.
TOKEN_MIN, CHEST_MIN = 16, 12

MEASURE = """() => {
  const seen = sel => [...document.querySelectorAll(sel)]
    .filter(e => e.getClientRects().length && getComputedStyle(e).display !== "none"
      && !e.closest("[style*='display: none']"))
    .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; });
  return {
    square: seen("#pitch rect.floor, #pitch rect.sq").slice(0, 1),
    tokens: seen("#pitch .token:not(.down) circle"),
    numbers: seen("#pitch .token:not(.down) text"),
    portals: seen("#pitch circle.portal"),
    chests: seen("#pitch rect.chest"),
    ball: seen("#pitch .ball"),
  };
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone-390", "desktop"])
def test_the_dungeon_replays_markers_are_big_enough_to_see(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
    viewport,
):
    _, by_format = worlds
    match = by_format["dungeon-bowl"].resolved
    tab = signed_in_tabs(viewport, None)
    data = json.loads(tab.request.get(f"/matches/{match}/replay.json").text())
    # the first moment a player holds the ball
    caught = [i for i, e in enumerate(data["events"]) if e["type"] == "ball_caught"]
    assert caught
    at = caught[0]
    tab.goto(f"/matches/{match}/")
    tab.wait_for_selector("#replay[data-ready=true]")
    tab.evaluate(
        "n => { const s = document.getElementById('replay-seek');"
        " s.value = n; s.dispatchEvent(new Event('input')); }",
        at + 1,
    )

    tab.wait_for_function("() => document.getAnimations().length === 0")
    sizes = tab.evaluate(MEASURE)

    # the dungeon's squares are drawn smaller than the markers' minimum
    assert sizes["square"][0][0] < TOKEN_MIN
    assert sizes["tokens"]
    assert sizes["chests"]
    assert len(sizes["portals"]) == 6
    for width, height in sizes["tokens"] + sizes["portals"]:
        assert min(width, height) >= TOKEN_MIN - 0.1, (width, height)
    for width, height in sizes["chests"] + sizes["ball"]:
        assert min(width, height) >= CHEST_MIN - 0.1, (width, height)
    assert len(sizes["ball"]) == 1
    # a shirt number is at least 9 px tall
    assert all(h >= 9 for _, h in sizes["numbers"]), sizes["numbers"]


def test_a_token_on_a_big_square_keeps_its_size_in_the_square(
    signed_in_tabs,  # noqa: F811
    worlds,  # noqa: F811
):
    """Where squares are big enough the markers scale with them: a player
    token is four fifths of its square across."""
    _, by_format = worlds
    tab = signed_in_tabs(DESKTOP, None)
    tab.goto(f"/matches/{by_format['sevens'].resolved}/")
    tab.wait_for_selector("#replay[data-ready=true]")
    tab.get_by_role("button", name="Next action").click()
    tab.wait_for_function("() => document.getAnimations().length === 0")

    sizes = tab.evaluate(MEASURE)

    square = sizes["square"][0][0]
    assert square > TOKEN_MIN / 0.8
    assert sizes["tokens"]
    for width, _ in sizes["tokens"]:
        assert width == pytest.approx(0.8 * square, abs=0.5)
