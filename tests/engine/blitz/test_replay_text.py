"""Blitz Bowl captions in plain words (engine/blitz/replay_text.py): one for
every event type, names not ids, no squares, no codes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.blitz import events as blitz_events
from engine.blitz.data import cards
from engine.blitz.replay import replay_data
from engine.blitz.replay_text import CAPTIONS, fallback
from engine.blitz.simulate import play
from engine.blitz.state import BlitzTeamSheet

HOME = BlitzTeamSheet(
    "Reavers", "human", ("Harald", "Sven", "Olaf", "Ivar", "Knut", "Erik")
)
AWAY = BlitzTeamSheet("Grimjaws", "orc", ("Grak", "Urg", "Mog", "Zog", "Gash", "Thrak"))

# A value for each field of the event classes, so each can be built: a
# field not listed here fails the test below (add it when an event gains it).
SAMPLE: dict[str, Any] = {
    "home": "Reavers",
    "away": "Grimjaws",
    "side": "single",
    "first": "home",
    "player": 1,
    "target": 101,
    "square": 17,
    "from_sq": 17,
    "to_sq": 18,
    "reason": "setup",
    "team": "home",
    "number": 2,
    "action": "block",
    "free": False,
    "ball": 0,
    "how": "bounce",
    "d8": 3,
    "faces": ("smash", "miss"),
    "assisted": False,
    "chosen": "smash",
    "cause": "armour",
    "points": 2,
    "slot": 1,
    "card": 5,
    "challenge": "get_moving",
    "winner": "home",
    "home_points": 12,
    "away_points": 7,
    "purpose": "armour",
    "dice": (4,),
    "modifier": 0,
    "success": True,
    "rerolled": False,
    "arena": 3,
    "slug": "the_bone_pit",
    "what": "block",
    "blocker": 101,
}
# Fields whose sample depends on the event (a kind of ball, of Random Event).
SAMPLE_BY_CLASS: dict[str, dict[str, Any]] = {
    "RandomEventDrawn": {"card": 101, "kind": "generous_coaches"},
    "BallChosen": {"kind": "squig_ball"},
    "MadeProne": {"cause": "banana_skins"},
    "BonusPlayed": {"card": 6, "bonus": "sprint"},
}


def event_classes() -> list[type]:
    return [getattr(blitz_events, name) for name in blitz_events.__all__]


@pytest.mark.parametrize("cls", event_classes(), ids=lambda c: c.__name__)
def test_every_event_type_has_a_real_caption(cls):
    sample = {**SAMPLE, **SAMPLE_BY_CLASS.get(cls.__name__, {})}
    missing = [f for f in cls._fields if f not in sample]
    assert missing == [], f"add sample values for {missing}"
    e = cls(*(sample[f] for f in cls._fields)).to_dict()
    assert e["type"] in CAPTIONS, f"no caption for {e['type']}"
    d = replay_data([e], HOME, AWAY, "single")
    text = d["frames"][0]["caption"]
    assert text != fallback(e["type"])
    assert "could not be read" not in text
    assert not re.search(r"[{}_]", text), text


def test_the_fallback_names_the_type_in_words():
    assert fallback("rookies_reroll") == "Rookies reroll (no description yet)"


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            {
                "type": "random_event",
                "team": "away",
                "card": 103,
                "kind": "empty_the_bench",
            },
            "Grimjaws draw the Random Event Empty the Bench: Every Reserves Player "
            "may make a free Reserves Action.",
        ),
        (
            {"type": "arena", "d8": 7, "arena": 7, "slug": "mountain_summit_stadium"},
            "The game is played at the Mountain Summit Stadium (the D8 shows 7): "
            "Sudden Death comes at 8 points ahead instead of 10.",
        ),
        (
            {"type": "ball_chosen", "team": "home", "ball": 0, "kind": "standard"},
            "Reavers choose a standard ball for the next ball in play",
        ),
        (
            {"type": "rookies_reroll", "team": "away", "what": "armour"},
            "Grimjaws discard Rookies to Watch to re-roll the Armour Check",
        ),
        (
            {"type": "dump_off", "player": 4, "blocker": 101},
            "Ivar dumps off the ball before Grak's Block",
        ),
        (
            {
                "type": "bonus_played",
                "team": "home",
                "card": 6,
                "bonus": "sprint",
                "player": 1,
            },
            "Reavers play the Bonus Play Sprint for Harald. Before one of your Run "
            "Actions: the Player's Move Value is 2 higher for it.",
        ),
        (
            {"type": "hand_discarded", "team": "away", "card": 11},
            "Grimjaws end their turn with more than three Bonus Plays and discard Dodge",
        ),
        (
            {"type": "made_prone", "player": 101, "cause": "banana_skins"},
            "Grak slips on a banana skin and lies Prone (no Armour Check)",
        ),
        (
            {"type": "injured", "player": 1, "cause": "trapdoor_monster"},
            "Harald is grabbed by the Trapdoor Monster: Injured, to the Dugout",
        ),
    ],
)
def test_random_event_arena_and_ball_captions(event, text):
    d = replay_data([event], HOME, AWAY, "single")
    assert d["frames"][0]["caption"] == text


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            {"type": "moved", "player": 1, "from_sq": 17, "to_sq": 18},
            # (0, 1) to (1, 1): the home team advances to higher x
            "Harald moves forward, in the Reavers half",
        ),
        (
            {"type": "moved", "player": 101, "from_sq": 33, "to_sq": 49},
            # (16, 1) to (15, 2): forward for the away team, and across
            "Grak moves diagonally forward, in the Grimjaws half",
        ),
        (
            {"type": "pushed", "player": 101, "from_sq": 9, "to_sq": 10},
            # (9, 0) to (10, 0): back towards the Orcs' own End Zone
            "Grak is shoved back, in the Grimjaws half, by the sideline",
        ),
        (
            {
                "type": "block_dice",
                "player": 101,
                "target": 1,
                "faces": ["shove"],
                "assisted": False,
                "chosen": "got_them",
            },
            "Grak fouls Harald: the Block Die shows Shove, Got Them!",
        ),
        (
            {
                "type": "block_dice",
                "player": 101,
                "target": 1,
                "faces": ["miss", "miss"],
                "assisted": False,
                "chosen": "",
            },
            "Grak blocks Harald with 2 Block Dice: Miss, Miss, and rolls them "
            "again (Offensive Specialist)",
        ),
        (
            {
                "type": "block_dice",
                "player": 101,
                "target": 1,
                "faces": ["tackle"],
                "assisted": False,
                "chosen": "",
            },
            "Grak blocks Harald with 1 Block Die: Tackle, and rolls it again "
            "(Offensive Specialist)",
        ),
        (
            {
                "type": "roll",
                "purpose": "throw",
                "player": 4,
                "dice": [3],
                "target": 4,
                "modifier": -1,
                "success": False,
                "rerolled": False,
            },
            "Ivar's Throw Check: rolled 3 needing 4+, modifier -1: the throw is off",
        ),
        (
            {
                "type": "roll",
                "purpose": "move",
                "player": 4,
                "dice": [5],
                "target": 0,
                "modifier": 0,
                "success": True,
                "rerolled": False,
            },
            "Ivar rolls a D6 for Move: 5 squares",
        ),
        (
            {"type": "injured", "player": 102, "cause": "spotted"},
            "Urg is spotted by the referee and sent to the Dugout",
        ),
        (
            {
                "type": "ball_moved",
                "ball": 0,
                "from_sq": -1,
                "to_sq": 93,
                "how": "kick_off",
                "d8": 0,
            },
            # (8, 5): the Trapdoor in the middle column
            "The game ball comes up through a Trapdoor in midfield",
        ),
        (
            {"type": "card_dealt", "slot": 3, "card": 21, "challenge": "x"},
            "Showboat For The Crowd! is dealt into Active space 3",
        ),
        (
            {
                "type": "game_end",
                "how": "sudden_death",
                "winner": "away",
                "home_points": 3,
                "away_points": 14,
            },
            "Sudden Death: Grimjaws lead by ten points or more at the start of "
            "their turn and win, 3–14",
        ),
        (
            {
                "type": "game_end",
                "how": "points",
                "winner": "",
                "home_points": 9,
                "away_points": 9,
            },
            "The last card is out and the turns are played: a draw, 9–9",
        ),
        (
            {"type": "touchdown", "team": "away", "player": 105, "points": 4},
            "TOUCHDOWN! Gash scores 4 points for Grimjaws and heads to the Dugout",
        ),
    ],
)
def test_captions_in_words(event, text):
    d = replay_data([event], HOME, AWAY, "single")
    assert d["frames"][0]["caption"] == text


# Fields whose numbers may appear in a caption: dice, points, card and space
# numbers, turn numbers, a check's target. Squares (from_sq, to_sq, square),
# ball and Player ids never (a Block's ``target`` is a Player id).
NEVER = {"from_sq", "to_sq", "square", "ball", "player"}


@pytest.mark.parametrize(
    ("home", "away", "seed"), [("human", "orc", 2), ("ogre", "goblin", 4)]
)
def test_no_caption_of_a_full_game_has_codes_or_squares(home, away, seed):
    g, _ = play(home, away, seed, "scripted", "single")
    names = tuple(f"Name{c}" for c in "ABCDEFGHIJKL")
    h = BlitzTeamSheet("Reavers", home, names)
    a = BlitzTeamSheet("Grimjaws", away, tuple(n + "x" for n in names))
    events = [e.to_dict() for e in g.events]
    d = replay_data(events, h, a, "single")
    assert len(d["frames"]) >= len(events)
    for f in d["frames"]:
        text = f["caption"]
        assert not re.search(r"[{}_\[\]]", text), text
        assert "(no description yet)" not in text, text
        assert "could not" not in text, text
        if f["event"] is None:
            continue
        e = events[f["event"]]
        allowed: set[int] = {3, 10}  # the hand limit; "ten" is spelt out anyway
        for k, v in e.items():
            if k in NEVER or (k == "target" and e["type"] == "block_dice"):
                continue
            if isinstance(v, list):
                allowed.add(len(v))  # "2 Block Dice"
            for x in v if isinstance(v, list) else [v]:
                if isinstance(x, int) and not isinstance(x, bool):
                    allowed.add(abs(x))
        if e["type"] == "random_event":  # the card's own text has numbers
            rule = cards().random_events[e["kind"]].text
            allowed.update(int(x) for x in re.findall(r"\d+", rule))
        for token in re.findall(r"\b\d+\b", text):
            assert int(token) in allowed, (text, e)
