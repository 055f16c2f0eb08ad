"""Live play of every format in a real headless Chromium, over an ASGI
server (tests/web/asgi_server.py) so the pages get their states on the
match's websocket: a Blood Bowl 2020 match against the bot, a Dungeon Bowl
match against the bot, and a Blitz Bowl game between two coaches in two
browser contexts, whose every page, HTTP answer and websocket frame is
recorded and searched for the other coach's hand and the deck's order.

Each match is played to its end by clicking among the options the page
offers, and ends with the result, the standings, the post-game and the
replay checked against what was played.

Decision: the coaches' scripts choose quickly. Against the bot, the coach
ends his turn whenever the page offers it and otherwise clicks the first
option (the bot plays its own side in full), so a whole match is a few
dozen clicks to the final whistle. In the Blitz Bowl game each coach
clicks the option the engine's scripted bot would choose (read from the
stored game, then clicked on the page by its index), so that cards are
claimed and both hands fill: a test of secret hands needs hands."""

from __future__ import annotations

import re

import pytest

from engine.facade import get_variant
from league.services.leagues import league_create
from matches.live.games import game_bot_choice, game_new
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine
from tests.factories import draft_team, make_member
from tests.format_world import _draft
from tests.matches.conftest import one_match
from tests.web import conftest as web
from tests.web.asgi_server import asgi_server  # noqa: F401 - a fixture
from tests.web.conftest import DESKTOP
from tests.web.live_checks import league_follows, pitch_replay_is_what_was_played

browser = web.browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVER = ("finished", "conceded")
# Blitz Bowl, Humans v Orcs: the game (the live match's seed) in which the
# scripted bot's choices fill both hands.
BLITZ_SEED = 13


@pytest.fixture
def open_page(browser, asgi_server):  # noqa: F811 - the fixture above
    """``open_page(user)``: a fresh browser context on the ASGI server,
    logged in as ``user``. Page errors fail the test."""
    contexts = []
    errors: list[str] = []

    def opener(user, viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, base_url=asgi_server)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill("password")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_selector(f"text=Log out {user.username}")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert errors == []


class Recorder:
    """Everything one browser context receives: every HTTP answer's body
    (the pages' HTML, the JSON of polls and decisions, scripts) and every
    websocket frame."""

    def __init__(self, page) -> None:
        self.pending: list = []
        self.bodies: list[str] = []
        self.frames: list[str] = []
        self.no_body: list[int] = []
        page.context.on("response", lambda r: self.pending.append(r))
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def drain(self) -> None:
        while self.pending:
            response = self.pending.pop(0)
            try:
                self.bodies.append(response.text())
            except Exception:  # noqa: BLE001 - a redirect has no body
                self.no_body.append(response.status)


def at(page) -> int:
    return int(page.locator("#live").get_attribute("data-at") or -1)


def phase(page) -> str:
    return page.locator("#live").get_attribute("data-phase") or ""


def click_option(page, index: int, end_turn: bool) -> None:
    """Click option ``index`` of the page's decision (End turn is its own
    button) and wait for the board after it."""
    before = at(page)
    if end_turn:
        page.locator("#live-end-turn").click()
    else:
        page.locator(f'#live-options button[data-option="{index}"]').click()
    page.wait_for_function(
        "n => +document.getElementById('live').dataset.at > n", arg=before
    )


# The page offers the decision after ``n`` decisions.
DECIDING = """n => +document.getElementById('live').dataset.at === n
  && !document.getElementById('live-actions').hidden"""


def wait_over(page) -> None:
    page.wait_for_function(
        "() => ['finished', 'conceded'].includes("
        "document.getElementById('live').dataset.phase)"
    )


def play_against_the_bot(page) -> int:
    """The coach ends each turn when offered, else takes the first option."""
    clicks = 0
    while True:
        page.wait_for_function(
            "() => !document.getElementById('live-actions').hidden"
            " || ['finished', 'conceded'].includes("
            "document.getElementById('live').dataset.phase)"
        )
        if phase(page) in OVER:
            return clicks
        end = page.locator("#live-end-turn")
        if end.is_visible():
            click_option(page, -1, end_turn=True)
        else:
            first = page.locator("#live-options button").first
            click_option(page, int(first.get_attribute("data-option")), False)
        clicks += 1
        assert clicks < 500


def test_a_blood_bowl_2020_match_against_the_bot_to_the_final_whistle(
    open_page, eleven, bob, charlie
):
    eleven.live_bot_allowed = True
    eleven.save()
    home = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    away = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    match = one_match(eleven, home, away, seed=2020)
    page = open_page(bob)
    page.goto(f"/matches/{match.pk}/live/")
    page.get_by_role("button", name="Play the bot").click()

    play_against_the_bot(page)

    assert page.locator("#live-status").inner_text() == "Full time."
    game = live_engine(LiveMatch.objects.get(match=match))
    # the final whistle: both teams' eighth turn of the second half
    assert (game.state.half, game.result.turns_played) == (2, (8, 8))
    league_follows(page, match, "Gouged Eye")
    pitch_replay_is_what_was_played(match)


def test_a_dungeon_bowl_match_against_the_bot_in_its_dungeon(
    open_page, alice, bob, charlie
):
    league = league_create(commissioner=alice, name="Deep Halls", format="dungeon-bowl")
    league.live_bot_allowed = True
    league.save()
    make_member(league, bob, charlie)
    home = _draft(league, bob, "college-of-fire", "Fire Hazards")
    away = _draft(league, charlie, "college-of-shadows", "Shade Runners")
    match = one_match(league, home, away)
    page = open_page(bob)
    page.goto(f"/matches/{match.pk}/live/")
    page.get_by_role("button", name="Play the bot").click()
    page.wait_for_selector("#pitch .wall")
    # the dungeon drawn: its walls, Portals and both End Zones
    assert page.locator("#pitch.dungeon").count() == 1
    picture = live_engine(LiveMatch.objects.get(match=match)).state.pitch.picture()
    walls = sum(row.count("#") for row in picture["rows"])
    assert page.locator("#pitch rect.wall").count() == walls
    assert page.locator("#pitch .portal").count() == len(picture["portals"])
    assert page.locator("#pitch .endzone.home").count() == len(picture["zones"][0])
    web.shot(page, "live-dungeon")

    play_against_the_bot(page)

    assert page.locator("#live-status").inner_text() == "Full time."
    league_follows(page, match, "Fire Hazards")
    pitch_replay_is_what_was_played(match)


def _secrets(live: LiveMatch) -> list[tuple[set, set, set]]:
    """(home hand, away hand, deck) after each number of decisions."""
    game = game_new(live)
    out = []
    for choice in [*live.decisions, None]:
        g = game.state
        out.append((set(g.hands[0]), set(g.hands[1]), set(g.deck)))
        if choice is not None:
            game.apply(choice)
    return out


def _leaks(text: str, side: int, secrets) -> tuple[set, set]:
    """(the cards of the other hand or the deck, the cards of its own hand)
    that ``text``, received by coach ``side`` (0 home), names."""
    named = {int(n) for n in re.findall(r"card-(\d+)", text)}
    if not named:
        return set(), set()
    ats = {int(n) for n in re.findall(r'"at": (\d+)', text)}
    assert len(ats) == 1, text[:300]  # one state, at one decision
    hands_home, hands_away, deck = secrets[ats.pop()]
    other, own = (hands_away, hands_home) if side == 0 else (hands_home, hands_away)
    return named & (other | deck), named & own


def test_a_blitz_bowl_game_between_two_browsers_keeps_each_hand_secret(
    open_page, alice, bob, charlie
):
    league = league_create(commissioner=alice, name="Blitz Night", format="blitz-bowl")
    make_member(league, bob, charlie)
    home = _draft(league, bob, "human", "Altdorf Arrows")
    away = _draft(league, charlie, "orc", "Gutrippers")
    match = one_match(league, home, away)
    pages = (open_page(bob), open_page(charlie))
    records = [Recorder(p) for p in pages]
    pages[0].goto(f"/matches/{match.pk}/")
    pages[0].get_by_role("link", name="Play live").click()
    pages[0].get_by_role("button", name="Invite the other coach").click()
    # the game this test plays: its seed (drawn in secret) set before it starts
    LiveMatch.objects.filter(match=match).update(seed=BLITZ_SEED)
    pages[1].goto(f"/matches/{match.pk}/live/")
    pages[1].get_by_role("button", name="Accept and play").click()
    pages[0].wait_for_function("() => document.getElementById('live').dataset.at >= 0")

    # Both coaches are this script: the game it keeps is the one stored.
    live = LiveMatch.objects.get(match=match)
    game = game_new(live)
    clicks = 0
    while not game.done:
        d = game.pending
        page = pages[0 if d.team == "home" else 1]
        page.wait_for_function(DECIDING, arg=len(game.decisions))
        choice = tuple(game_bot_choice(live, game))
        if choice == ("end_turn",):
            page.locator("#live-end-turn").click()
        else:
            i = d.options.index(choice)
            page.locator(f'#live-options button[data-option="{i}"]').click()
        game.apply(choice)
        clicks += 1
        assert clicks < 600
        if clicks == 120:
            web.shot(pages[0], "live-blitz")
        if clicks % 10 == 0:
            for record in records:
                record.drain()
    for page in pages:
        wait_over(page)
    for record in records:
        record.drain()

    live = LiveMatch.objects.get(match=match)
    secrets = _secrets(live)
    # both hands held cards during the game, and the deck was shuffled
    assert any(s[0] for s in secrets)
    assert any(s[1] for s in secrets)
    for side, record in enumerate(records):
        assert record.frames, "the page got its states on the websocket"
        # no body: the socket's handshake (101) and redirects alone
        assert all(100 < status < 400 for status in record.no_body), record.no_body
        own_seen = set()
        for text in record.bodies + record.frames:
            leaked, own = _leaks(text, side, secrets)
            assert leaked == set(), text[:300]
            own_seen |= own
        # each coach was shown his own cards (the check above had cards to miss)
        held = set().union(*(s[side] for s in secrets))
        assert own_seen == held

    assert live.decisions == [list(c) for c in game.decisions]
    result = league_follows(pages[0], match, "Altdorf Arrows")
    assert (result.home_score, result.away_score) == game.score
    # the replay: the engine's events, hands and all, revealed now
    replay = pages[0].request.get(f"/matches/{match.pk}/replay.json").json()
    played = [e.to_dict() for e in game.events]
    assert replay["events"][: len(played)] == played
    assert replay["events"][len(played)]["type"].startswith("postgame")
    sheets = replay["summary"]["sheets"]
    frames = get_variant("blitz-bowl").card_replay(
        played,
        *(
            (sheets[s]["name"], sheets[s]["card"], sheets[s]["players"])
            for s in ("home", "away")
        ),
    )
    assert frames is not None
