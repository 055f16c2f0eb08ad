"""The replay of a Dungeon Bowl match the engine played: the
dungeon drawn from the match's seed (walls, rooms, doors, End Zones, the six
numbered Portals, the Chests, hidden once opened), the teleports, and turn
labels without halves; in data and in a headless Chromium."""

from __future__ import annotations

import json

import pytest

from engine.variants import get_variant
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.pages.selectors import replay_data
from matches.resolution.resolve import match_resolve
from tests.factories import make_member
from tests.matches.conftest import one_match
from tests.web import test_browser as base

browser = base.browser
open_page = base.open_page
DESKTOP, shot = base.DESKTOP, base.shot


def _team(league, coach, college, lineman, name):
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=college,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


def _played(alice, bob, charlie, capture):
    league = league_create(
        commissioner=alice, name="Deep Dungeon", format="dungeon-bowl"
    )
    home = _team(league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Shadows")
    away = _team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Fire"
    )
    match = one_match(league, home, away, seed=777)
    with capture(execute=True):
        assert match_resolve(match_id=match.pk)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_the_replay_data_draws_the_dungeon_of_the_matchs_seed(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    match = _played(alice, bob, charlie, django_capture_on_commit_callbacks)

    data = replay_data(match)

    board = get_variant("dungeon-bowl").match_pitch(match.seed)
    dungeon = data["dungeon"]
    assert (data["pitch"]["width"], data["pitch"]["height"]) == (
        board.width,
        board.height,
    )
    assert dungeon == board.picture()
    assert sorted(dungeon["portals"]) == ["1", "2", "3", "4", "5", "6"]
    assert len(dungeon["chests"]) == 6
    assert "#" in "".join(dungeon["rows"])
    kinds = [e["type"] for e in data["events"]]
    assert kinds.count("first_turn") == 1
    assert "kick" not in kinds
    first = data["turns"][0]["label"]
    assert first.endswith("turn 1 (time limit 20)")
    assert "Half" not in first


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_replay_shows_walls_portals_and_chests(
    open_page, alice, bob, charlie, django_capture_on_commit_callbacks
):
    match = _played(alice, bob, charlie, django_capture_on_commit_callbacks)
    page = open_page(DESKTOP)
    data = json.loads(page.request.get(f"/matches/{match.pk}/replay.json").text())
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-ready=true]")

    assert "dungeon" in page.locator("#pitch").get_attribute("class")
    walls = "".join(data["dungeon"]["rows"]).count("#")
    assert page.locator("#pitch rect.wall").count() == walls
    assert sorted(page.locator("#pitch .portal-n").all_text_contents()) == list(
        "123456"
    )
    assert page.locator("#pitch rect.chest:visible").count() == 6
    assert page.locator("#pitch .endzone.home").count() > 0
    assert page.locator("#pitch .endzone.away").count() > 0

    # at the end every opened Chest is gone from the board
    page.get_by_role("button", name="To the final whistle").click()
    opened = {e["p"]["square"] for e in data["events"] if e["type"] == "chest_opened"}
    assert page.locator("#pitch rect.chest:visible").count() == 6 - len(opened)
    assert "time limit 20" in page.locator("#replay-turn").inner_text()
    shot(page, "dungeon-replay")


@pytest.mark.django_db
def test_captions_name_the_dungeons_places_not_halves(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    from matches.event_text import Describer, describe
    from matches.pages.selectors import match_players

    match = _played(alice, bob, charlie, django_capture_on_commit_callbacks)
    words = Describer(match, match_players(match))
    board = get_variant("dungeon-bowl").match_pitch(match.seed)
    d = board.dungeon
    zone = next(sq for sq in range(d.size) if d.end_zone[sq] >= 0)
    room = next(
        sq
        for sq in range(d.size)
        if d.room[sq] and d.end_zone[sq] < 0 and d.kind[sq] == 1
    )
    corridor = next(
        sq
        for sq in range(d.size)
        if d.kind[sq] == 1 and not d.room[sq] and d.end_zone[sq] < 0
    )

    assert words.sq(zone) == "in an End Zone"
    assert words.sq(room) == f"in the {d.room[room].replace('_', ' ').title()}"
    assert words.sq(corridor) == "in a corridor"
    assert describe(words, "turn_start", {"half": 1, "team": "home", "turn": 3}) == (
        "Shadows turn 3"
    )
    start = {"home": "Shadows", "away": "Fire", "ruleset": "dungeon-bowl"}
    assert describe(words, "game_start", start).startswith("Into the dungeon")
