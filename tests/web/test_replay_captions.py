"""Replay captions in plain words: places on the pitch named as a
coach names them, never as coordinates; post-game dice and rule notes as
sentences; no stored record dumped as it is."""

from __future__ import annotations

import re

import pytest

from engine.core import events as engine_events
from league.models import League, Team
from matches.event_text import Describer, PlayerInfo, describe
from matches.models import Match, MatchEvent, Season
from matches.pages.selectors import match_page_qs, match_players

# The Sevens pitch (death_zone/blood_bowl_sevens.md): 20 squares long, 11
# wide; an End Zone at each end, seven squares from each Line of Scrimmage to
# its End Zone (End Zone included: x 0..6 and 13..19), six between the Lines
# (x 7..12); two rows in each Wide Zone (y 0-1 and 9-10). Square = y*20 + x.
W = 20


def square(x: int, y: int) -> int:
    return y * W + x


@pytest.fixture(scope="module")
def sevens():
    league = League(name="L", format="sevens")
    home, away = Team(pk=1, name="Home Team"), Team(pk=2, name="Away Team")
    match = Match(season=Season(league=league), home=home, away=away)
    players = {
        3: PlayerInfo(3, "home", 7, "Ug", "Orc Lineman"),
        4: PlayerInfo(4, "away", 2, "Bob", "Human Lineman"),
    }
    return Describer(match, players)


@pytest.mark.parametrize(
    ("x", "y", "words"),
    [
        (0, 5, "in the Home Team end zone"),
        (19, 5, "in the Away Team end zone"),
        (6, 5, "in the Home Team half"),  # the home Line of Scrimmage
        (7, 5, "in the middle third"),
        (12, 5, "in the middle third"),
        (13, 5, "in the Away Team half"),  # the away Line of Scrimmage
        (3, 0, "in the Home Team half, by the sideline"),
        (3, 10, "in the Home Team half, by the sideline"),
        (3, 1, "in the Home Team half, wide"),
        (15, 9, "in the Away Team half, wide"),
        (3, 2, "in the Home Team half"),  # the first Centre Field row
        (3, 8, "in the Home Team half"),  # the last Centre Field row
    ],
)
def test_a_square_is_named_by_its_part_of_the_pitch(sevens, x, y, words):
    assert sevens.sq(square(x, y)) == words


def test_off_the_pitch(sevens):
    assert sevens.sq(-1) == "off the pitch"


def test_a_move_says_how_and_where_to(sevens):
    payload = {"player": 3, "src": square(3, 2), "dst": square(4, 2), "how": "rush"}

    assert (
        describe(sevens, "move", payload) == "#7 Ug rushes, now in the Home Team half"
    )


def test_a_push_reads_as_a_sentence(sevens):
    payload = {"player": 4, "src": square(14, 5), "dst": square(15, 0), "how": "push"}

    assert (
        describe(sevens, "move", payload)
        == "#2 Bob is pushed back, now in the Away Team half, by the sideline"
    )


def test_the_ball_bounces_into_an_end_zone(sevens):
    payload = {"src": square(1, 5), "dst": square(0, 5), "how": "bounce"}

    assert (
        describe(sevens, "ball", payload)
        == "The ball bounces, now in the Home Team end zone"
    )


def test_a_kick_names_the_half_it_lands_in(sevens):
    payload = {
        "team": "away",
        "target": square(3, 5),
        "direction": 2,
        "distance": 4,
        "landing": square(9, 5),
    }

    assert describe(sevens, "kick", payload) == (
        "Away Team kick in the Home Team half; the ball lands in the middle third"
    )


SQUARE_FIELDS = ("src", "dst", "square", "target", "landing")
# Their ``target`` is a number needed or a player, not a square.
NOT_SQUARES = (engine_events.Roll, engine_events.Nomination)
# Dungeon Bowl: a teleport's ``src``/``dst`` are Portal numbers and its
# square is that Portal's, named by its number; a Chest is named as a Chest.
# A dungeon has no halves to place them in (tested below: no coordinates).
DUNGEON_PLACES = (
    engine_events.Teleport,
    engine_events.BallTeleport,
    engine_events.ChestOpened,
)


def engine_event_classes() -> list[type]:
    return [
        cls
        for cls in vars(engine_events).values()
        if isinstance(cls, type)
        and hasattr(cls, "_fields")
        and set(cls._fields) & set(SQUARE_FIELDS)
        and cls not in NOT_SQUARES + DUNGEON_PLACES
    ]


@pytest.mark.parametrize("cls", engine_event_classes(), ids=lambda c: c.__name__)
def test_no_caption_gives_a_square_as_coordinates(sevens, cls):
    # every square field holds (x 5, y 2): as coordinates "(6, 3)"
    at = square(5, 2)
    hints = cls.__annotations__
    values = []
    for f in cls._fields:
        hint = getattr(hints[f], "__forward_arg__", hints[f])
        if f in SQUARE_FIELDS:
            values.append(at)
        elif f in ("player", "thrower", "thrown", "receiver", "attacker", "defender"):
            values.append(3)
        else:
            values.append({"int": 1, "str": "home", "bool": True}.get(hint, (1, 2)))
    payload = cls(*values).to_dict()
    kind = payload.pop("type")

    text = describe(sevens, kind, payload)

    assert "(6, 3)" not in text
    assert "in the Home Team half" in text


@pytest.mark.parametrize("cls", DUNGEON_PLACES, ids=lambda c: c.__name__)
def test_dungeon_places_are_portals_and_chests_not_coordinates(sevens, cls):
    at = square(5, 2)
    values = {
        "player": 3,
        "team": "home",
        "src": 2,
        "dst": 5,
        "square": at,
        "chain": False,
        "contents": "ball",
    }
    payload = cls(*(values[f] for f in cls._fields)).to_dict()
    kind = payload.pop("type")

    text = describe(sevens, kind, payload)

    assert "(6, 3)" not in text
    assert "Portal" in text or "Chest" in text


def test_post_game_dice_read_as_words(sevens):
    payload = {
        "team_id": 1,
        "player_ids": [3],
        "dice": [{"purpose": "mvp", "sides": 7, "result": 1}],
    }

    text = describe(sevens, "postgame_mvp", payload)

    assert text == "Home Team MVP: #7 Ug (a D7 roll of 1 for the MVP)"
    assert "D7=1" not in text


def test_a_rule_note_names_the_player_first(sevens):
    payload = {"what": "placed_prone_stunned", "team": "home", "player": 3, "value": 0}

    assert describe(sevens, "note", payload) == "#7 Ug is Placed Prone and Stunned"


def test_a_rule_note_keeps_a_value_that_says_something(sevens):
    # Solid Defence: D3+3 players of the kicking team set up again
    payload = {"what": "solid_defence", "team": "away", "player": -1, "value": 4}

    assert describe(sevens, "note", payload) == (
        "Solid Defence: Away Team may set up 4 players again"
    )


def test_a_rule_note_whose_value_is_a_square_names_the_place(sevens):
    payload = {"what": "swarming", "team": "away", "player": 4, "value": square(15, 9)}

    assert describe(sevens, "note", payload) == (
        "Swarming: #2 Bob joins Away Team on the pitch, in the Away Team half, wide"
    )


def test_an_unknown_event_never_dumps_its_record(sevens):
    text = describe(sevens, "something_new", {"a": {"b": 1}, "c": [1, 2]})

    assert text == "Something new"


COORDINATES = re.compile(r"\(\d+, \d+\)")
RAW_DIE = re.compile(r"D\d+=\d")


def test_no_stored_caption_of_a_played_match_is_raw(resolved_season):
    match = match_page_qs().get(pk=resolved_season.matches.order_by("pk")[0].pk)
    describer = Describer(match, match_players(match))
    rows = MatchEvent.objects.filter(match=match)
    assert rows.filter(type="move").exists()

    for row in rows:
        text = describe(describer, row.type, row.payload)
        assert not COORDINATES.search(text), (row.type, text)
        assert not RAW_DIE.search(text), (row.type, text)
        assert "{" not in text, (row.type, text)
        assert "[" not in text, (row.type, text)
        assert "_" not in text, (row.type, text)


def test_two_dice_read_as_a_sum_not_a_list(sevens):
    injury = {"player": 3, "dice": [3, 5], "modifier": 0, "result": "ko"}
    weather = {"result": "perfect", "dice": [2, 6]}

    assert describe(sevens, "injury", injury) == "#7 Ug injury roll 3+5: knocked out"
    # the Weather table's 4-10 and the Kick-off Event table's 10, as named
    assert describe(sevens, "weather", weather) == (
        "Weather: Perfect Conditions (2D6: 2+6)"
    )
    kickoff = {"result": "blitz", "dice": [5, 5]}
    assert describe(sevens, "kickoff_event", kickoff) == (
        "Kick-off event: Blitz (2D6: 5+5)"
    )


def test_a_player_off_names_the_dugout_box(sevens):
    payload = {"player": 3, "box": "cas", "reason": "badly_hurt"}

    assert describe(sevens, "player_off", payload) == (
        "#7 Ug leaves the pitch (Badly Hurt) for the casualty box"
    )


def test_gathering_the_ball_and_falling_read_as_sentences(sevens):
    at = square(9, 5)
    caught = {"player": 3, "square": at, "how": "pick_up"}
    fell = {"player": 3, "square": at, "how": "fall"}
    down = {"player": 4, "square": at, "how": "knocked_down"}

    assert describe(sevens, "ball_caught", caught) == (
        "#7 Ug picks up the ball in the middle third"
    )
    assert describe(sevens, "knocked_down", fell) == "#7 Ug falls in the middle third"
    assert describe(sevens, "knocked_down", down) == (
        "#2 Bob is knocked down in the middle third"
    )


def test_a_dead_player_is_dead_once_in_the_post_game(sevens):
    payload = {"player_id": 3, "injury": "", "result": "dead", "dead": True}

    assert describe(sevens, "postgame_injury", payload) == "#7 Ug: DEAD"
