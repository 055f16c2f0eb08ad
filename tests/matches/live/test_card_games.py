"""Live play of the formats beyond the pitch: Blitz Bowl, whose hands of
Bonus Plays are secret (each coach is sent only his own hand, and the
deck's order to no one), and Dungeon Bowl's dungeon."""

from __future__ import annotations

import json

import pytest

from engine.facade import get_variant
from league.services.leagues import league_create
from matches.live.games import game_bot_choice, game_view
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, live_state_now, side_coach_id
from matches.live.services import (
    LiveRefused,
    live_match_accept,
    live_match_decide,
    live_match_open,
)
from matches.models import Match, MatchEvent, MatchResult
from matches.prematch.kickoff import match_snapshots
from matches.resolution.resolve_cards import card_sheet
from tests.factories import make_member
from tests.format_world import _draft
from tests.matches.conftest import db_state, one_match

# A Blitz Bowl game (the live match's seed) that, played by the scripted
# bot for both coaches, puts cards in both hands.
BLITZ_SEED = 12


def card_tokens(text: str, numbers) -> list[str]:
    """The cards of ``numbers`` that ``text`` names (a projection names a
    card only as ``card-<number>``)."""
    return [n for n in numbers if f'"card-{n}"' in text]


def league_match(fmt, rosters, alice, bob, charlie):
    league = league_create(commissioner=alice, name=f"{fmt} live", format=fmt)
    make_member(league, bob, charlie)
    home = _draft(league, bob, rosters[0], "Home")
    away = _draft(league, charlie, rosters[1], "Away")
    return league, one_match(league, home, away)


def blitz_opened(match, bob, charlie) -> LiveMatch:
    """Opened by Bob, its seed set to BLITZ_SEED, accepted by Charlie."""
    live = live_match_open(match_id=match.pk, user=bob)
    LiveMatch.objects.filter(pk=live.pk).update(seed=BLITZ_SEED)
    return live_match_accept(live_id=live.pk, user=charlie)


@pytest.fixture
def blitz(alice, bob, charlie):
    return league_match("blitz-bowl", ("human", "orc"), alice, bob, charlie)[1]


def test_blitz_bowl_is_played_live_and_no_coach_ever_sees_the_other_hand(
    blitz, bob, charlie, dave, client, django_capture_on_commit_callbacks
):
    live = blitz_opened(blitz, bob, charlie)
    users = {bob.pk: bob, charlie.pk: charlie}
    coach = {"home": bob, "away": charlie}
    held = {"home": 0, "away": 0}
    replay_checked = False
    made = 0
    while not live.over:
        game = live_engine(live)
        g = game.state
        views = {side: live_state_now(live.pk, coach[side].pk) for side in coach}
        views["spectator"] = live_state_now(live.pk, dave.pk)
        views["anonymous"] = live_state_now(live.pk, None)
        for t, side in enumerate(("home", "away")):
            hand, other = g.hands[t], g.hands[1 - t]
            held[side] = max(held[side], len(hand))
            mine = json.dumps(views[side])
            # his own hand, every card of it; the other's only as a count
            assert card_tokens(mine, hand) == list(hand)
            assert card_tokens(mine, other) == []
            assert (
                views[side]["board"]["hands"]["away" if t == 0 else "home"]["cards"]
                == []
            )
            assert views[side]["board"]["hands"]["away" if t == 0 else "home"][
                "count"
            ] == len(other)
        for seen in views.values():
            text = json.dumps(seen)
            # the deck is face down: how many cards, never which
            assert card_tokens(text, g.deck) == []
            assert seen["board"]["deck"] == len(g.deck)
        for outsider in ("spectator", "anonymous"):
            assert (
                card_tokens(json.dumps(views[outsider]), g.hands[0] + g.hands[1]) == []
            )
        if g.hands[0] and g.hands[1] and not replay_checked:
            # while it runs, the replay has nothing to show: no event yet
            client.force_login(dave)
            replay = client.get(f"/matches/{blitz.pk}/replay.json").json()
            assert replay["events"] == []
            assert card_tokens(json.dumps(replay), g.hands[0] + g.hands[1]) == []
            replay_checked = True
        d = game.pending
        # the decider alone is shown the options
        other_side = "away" if d.team == "home" else "home"
        assert views[d.team]["board"]["pending"]["options"]
        assert views[other_side]["board"]["pending"] == {
            "team": d.team,
            "kind": "",
            "player": None,
            "info": [],
            "options": [],
        }
        choice = game_bot_choice(live, game)
        with django_capture_on_commit_callbacks(execute=True):
            live = live_match_decide(
                live_id=live.pk,
                user=users[side_coach_id(live, d.team)],
                option_index=list(d.options).index(tuple(choice)),
                at=len(live.decisions),
            )
        made += 1
        assert made < 2000
    # the secrecy above was tested on real hands
    assert replay_checked
    assert held["home"] > 0
    assert held["away"] > 0

    live.refresh_from_db()
    assert live.state == LiveMatch.State.FINISHED
    game = live_engine(live)
    result = MatchResult.objects.get(match=blitz)
    assert (result.home_score, result.away_score) == game.score
    assert result.summary["how"] == game.state.how
    assert Match.objects.get(pk=blitz.pk).status != Match.Status.IN_PROGRESS
    # the replay: the events stored are the game played, hands and all
    stored = [
        {"type": e.type, **e.payload}
        for e in MatchEvent.objects.filter(match=blitz).order_by("seq")
        if not e.type.startswith("postgame_")
    ]
    assert stored == [e.to_dict() for e in game.events]
    home, away = match_snapshots(blitz)
    replay = get_variant("blitz-bowl").card_replay(
        stored, card_sheet(home), card_sheet(away)
    )
    assert replay is not None


def test_a_blitz_bowl_decision_by_the_wrong_coach_or_stale_writes_nothing(
    blitz, bob, charlie
):
    live = live_match_open(match_id=blitz.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    d = live_engine(live).pending
    waiting = bob if side_coach_id(live, d.team) == charlie.pk else charlie
    deciding = charlie if waiting is bob else bob
    before = db_state()
    row = LiveMatch.objects.filter(pk=live.pk).values_list("decisions", "updated_at")[0]

    for code, user, at in (
        ("not_your_turn", waiting, 0),
        ("stale", deciding, 3),
    ):
        with pytest.raises(LiveRefused) as exc:
            live_match_decide(live_id=live.pk, user=user, option_index=0, at=at)
        assert exc.value.code == code
    with pytest.raises(LiveRefused) as exc:
        live_match_decide(
            live_id=live.pk, user=deciding, option_index=len(d.options), at=0
        )
    assert exc.value.code == "bad_option"

    assert db_state() == before
    assert (
        LiveMatch.objects.filter(pk=live.pk).values_list("decisions", "updated_at")[0]
        == row
    )


def test_a_dungeon_bowl_match_against_the_bot_is_played_in_its_dungeon(
    alice, bob, charlie
):
    league, match = league_match(
        "dungeon-bowl", ("college-of-fire", "college-of-shadows"), alice, bob, charlie
    )
    league.live_bot_allowed = True
    league.save()
    live = live_match_open(match_id=match.pk, user=bob, against_bot=True)
    state = live_state_now(live.pk, bob.pk)
    board = state["board"]
    picture = live_engine(live).state.pitch.picture()
    assert board["kind"] == "dungeon"
    assert board["dungeon"] == picture
    assert (board["width"], board["height"]) == (
        len(picture["rows"][0]),
        len(picture["rows"]),
    )
    made = 0
    while not live.over:
        d = live_engine(live).pending
        end = [i for i, o in enumerate(d.options) if o == ("end_turn",)]
        live = live_match_decide(
            live_id=live.pk,
            user=bob,
            option_index=end[0] if end else 0,
            at=len(live.decisions),
        )
        made += 1
        assert made < 2000
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == live_engine(live).result.score


def test_the_dungeon_coin_toss_names_each_end_zone(alice, bob, charlie):
    league, match = league_match(
        "dungeon-bowl", ("college-of-fire", "college-of-shadows"), alice, bob, charlie
    )
    live = live_match_open(match_id=match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    game = live_engine(live)
    while game.pending.kind != "end_zone":
        game.apply(game.pending.options[0])
    board = game_view(live, game, None)
    assert [o["label"] for o in board["pending"]["options"]] == [
        "end zone 1",
        "end zone 2",
    ]
