"""The live match's websocket: a page gets the state on connecting and the
new state after every decision (the in-memory channel layer)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from matches.live.consumers import LiveMatchConsumer
from matches.live.games import game_bot_choice
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, side_coach_id
from matches.live.services import live_match_accept, live_match_decide, live_match_open
from tests.matches.live.conftest import quick_choice
from tests.matches.live.test_card_games import blitz_opened, league_match

# A browser's page sends its origin; the server refuses another site's.
ORIGIN = [(b"origin", b"http://localhost")]


def test_every_page_gets_the_new_state_after_a_decision(
    fixture_match, bob, charlie, django_capture_on_commit_callbacks
):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    d = live_engine(live).pending
    decider = bob if side_coach_id(live, d.team) == bob.pk else charlie

    def decide():
        with django_capture_on_commit_callbacks(execute=True):
            live_match_decide(
                live_id=live.pk, user=decider, option_index=quick_choice(d.options)
            )

    async def scenario():
        pages = [
            WebsocketCommunicator(application, f"/ws/live/{live.pk}/", ORIGIN)
            for _ in range(2)
        ]
        first = []
        for page in pages:
            connected, _ = await page.connect()
            assert connected
            first.append(await page.receive_json_from(timeout=5))
        await sync_to_async(decide)()
        after = [await page.receive_json_from(timeout=5) for page in pages]
        for page in pages:
            await page.disconnect()
        return first, after

    first, after = async_to_sync(scenario)()

    assert [m["state"]["at"] for m in first] == [0, 0]
    assert [m["state"]["at"] for m in after] == [1, 1]
    assert after[0] == after[1]


def test_a_socket_for_no_live_match_is_closed(db):
    async def scenario():
        page = WebsocketCommunicator(application, "/ws/live/999999/", ORIGIN)
        connected, code = await page.connect()
        return connected, code

    assert async_to_sync(scenario)() == (False, 4404)


def test_a_page_of_another_site_is_refused(fixture_match, bob):
    live = live_match_open(match_id=fixture_match.pk, user=bob)

    async def scenario():
        page = WebsocketCommunicator(
            application, f"/ws/live/{live.pk}/", [(b"origin", b"http://evil.example")]
        )
        connected, _ = await page.connect()
        return connected

    assert async_to_sync(scenario)() is False


@pytest.mark.django_db(transaction=True)
def test_each_page_of_a_blitz_bowl_game_gets_the_state_its_viewer_may_see(
    alice, bob, charlie, dave, django_capture_on_commit_callbacks
):
    """A card game's hands are secret: after a decision each socket sends
    its own viewer's state (a coach's own hand, a spectator's none)."""
    _, match = league_match("blitz-bowl", ("human", "orc"), alice, bob, charlie)
    live = blitz_opened(match, bob, charlie)
    users = {bob.pk: bob, charlie.pk: charlie}

    def decide():
        nonlocal live
        game = live_engine(live)
        d = game.pending
        with django_capture_on_commit_callbacks(execute=True):
            live = live_match_decide(
                live_id=live.pk,
                user=users[side_coach_id(live, d.team)],
                option_index=list(d.options).index(tuple(game_bot_choice(live, game))),
            )

    # on until the home coach holds a card
    while not live_engine(live).state.hands[0]:
        decide()
    hand = live_engine(live).state.hands[0]

    async def scenario():
        pages = {}
        for name, user in (("home", bob), ("away", charlie), ("spectator", dave)):
            page = WebsocketCommunicator(
                LiveMatchConsumer.as_asgi(), f"/ws/live/{live.pk}/"
            )
            page.scope["user"] = user
            page.scope["url_route"] = {"kwargs": {"live_id": live.pk}}
            connected, _ = await page.connect()
            assert connected
            await page.receive_json_from(timeout=5)
            pages[name] = page
        await sync_to_async(decide)()
        after = {n: await p.receive_json_from(timeout=5) for n, p in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return after

    after = async_to_sync(scenario)()

    state = live_engine(live).state
    hands = {name: frame["state"]["board"]["hands"] for name, frame in after.items()}
    assert [c["card"] for c in hands["home"]["home"]["cards"]] == [
        f"card-{n}" for n in state.hands[0]
    ]
    assert hands["away"]["home"] == {"count": len(state.hands[0]), "cards": []}
    assert hands["spectator"]["home"] == {"count": len(state.hands[0]), "cards": []}
    for name in ("away", "spectator"):
        assert not [n for n in hand if f'"card-{n}"' in json.dumps(after[name])]
    assert {frame["state"]["at"] for frame in after.values()} == {len(live.decisions)}


@pytest.mark.django_db(transaction=True)
def test_whatever_a_page_sends_is_ignored_and_the_socket_stays_open(
    fixture_match, bob, charlie, django_capture_on_commit_callbacks
):
    """Pages only listen: a frame that is not JSON, bytes or
    a JSON decision are ignored (no crash, nothing written), and the page
    still gets the next state."""
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    d = live_engine(live).pending
    decider = bob if side_coach_id(live, d.team) == bob.pk else charlie

    def decide():
        with django_capture_on_commit_callbacks(execute=True):
            live_match_decide(
                live_id=live.pk, user=decider, option_index=quick_choice(d.options)
            )

    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/live/{live.pk}/", ORIGIN)
        connected, _ = await page.connect()
        assert connected
        await page.receive_json_from(timeout=5)
        await page.send_to(text_data="not json{")
        await page.send_to(bytes_data=b"\x00\xff")
        await page.send_json_to({"option": 0, "at": 0})
        quiet = await page.receive_nothing(timeout=0.5)
        await sync_to_async(decide)()
        after = await page.receive_json_from(timeout=5)
        await page.disconnect()
        return quiet, after

    quiet, after = async_to_sync(scenario)()

    assert quiet is True
    assert after["state"]["at"] == 1
    assert LiveMatch.objects.get(pk=live.pk).decisions == [
        list(d.options[quick_choice(d.options)])
    ]
