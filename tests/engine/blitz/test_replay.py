"""The Blitz Bowl replay (engine/blitz/replay.py): frames rebuilt
from the events alone.

Most tests feed hand-written events (as ``to_dict()`` stores them) so each
fact is derived from the rules, not from a run: the Human card has 6 Players
(ids 1-6: Linemen 1-3, Thrower 4, Catcher 5, Blitzer 6), the Orc card 6
(ids 101-106); the board is 17 squares long and 11 wide, square = y * 17 + x,
the home End Zone at x = 0 and the away one at x = 16 (engine/blitz/board.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.blitz.bots import RandomBot
from engine.blitz.game import BlitzGame
from engine.blitz.replay import replay_data
from engine.blitz.replay_text import fallback
from engine.blitz.scripted import ScriptedBot
from engine.blitz.simulate import play
from engine.blitz.state import BlitzTeamSheet
from tests.engine.blitz.helpers import new_game

L = 17
HOME = BlitzTeamSheet("Reavers", "human", ("Harald", "Sven"))
AWAY = BlitzTeamSheet("Grimjaws", "orc", ("Grak",))


def sq(x: int, y: int) -> int:
    return y * L + x


def start() -> list[dict[str, Any]]:
    """Set-up: cards 1, 2, 3 dealt; each team along its End Zone, Player k
    on row k; the ball up through the Trapdoor (8, 5)."""
    ev: list[dict[str, Any]] = [
        {
            "type": "blitz_start",
            "home": "Reavers",
            "away": "Grimjaws",
            "side": "single",
            "first": "home",
        },
    ]
    for slot in (1, 2, 3):
        ev.append({"type": "card_dealt", "slot": slot, "card": slot, "challenge": "x"})
    for k in range(1, 7):
        ev.append(
            {"type": "placed", "player": k, "square": sq(0, k), "reason": "setup"}
        )
        ev.append(
            {
                "type": "placed",
                "player": 100 + k,
                "square": sq(16, k),
                "reason": "setup",
            }
        )
    ev.append(
        {
            "type": "ball_moved",
            "ball": 0,
            "from_sq": -1,
            "to_sq": sq(8, 5),
            "how": "kick_off",
            "d8": 0,
        }
    )
    return ev


def turn(team: str, n: int) -> dict[str, Any]:
    return {"type": "turn_start", "team": team, "number": n}


def action(pid: int, what: str, free: bool = False) -> dict[str, Any]:
    return {"type": "action", "player": pid, "action": what, "free": free}


def moved(pid: int, a: tuple[int, int], b: tuple[int, int]) -> dict[str, Any]:
    return {"type": "moved", "player": pid, "from_sq": sq(*a), "to_sq": sq(*b)}


def claimed(team: str, pid: int, card: int, points: int) -> dict[str, Any]:
    return {
        "type": "card_claimed",
        "team": team,
        "player": pid,
        "card": card,
        "challenge": "x",
        "points": points,
    }


def data(events: list[dict[str, Any]]) -> dict[str, Any]:
    return replay_data(events, HOME, AWAY, "single")


def where(d: dict[str, Any], frame: dict[str, Any], pid: int) -> Any:
    ids = [p["id"] for p in d["players"]]
    return frame["players"][ids.index(pid)]


def test_the_board_players_and_the_first_frames():
    d = data(start())
    b = d["board"]
    # boards.json, single side: one Trapdoor at (8, 5), four blocked squares
    assert (b["width"], b["height"]) == (17, 11)
    assert b["trapdoors"] == [[8, 5]]
    assert sorted(b["blocked"]) == [[5, 2], [5, 8], [11, 2], [11, 8]]
    assert b["end_zones"] == {"home": 0, "away": 16}
    p = {x["id"]: x for x in d["players"]}
    assert len(p) == 12
    assert p[1]["name"] == "Harald"
    assert p[1]["full_name"] == "Harald the Human Lineman"
    assert p[3]["name"] == "Human Lineman 3"  # unnamed: card, position, number
    assert p[3]["label"] == "3"  # the token's label
    assert p[101]["full_name"] == "Grak the Orc Lineman"
    assert p[106]["position"] == "Big Un Blocker"
    assert p[106]["team"] == "away"
    # after the three deals: cards 1-3 active, 23 left, the top card unknown
    # (no later deal in these events)
    f = d["frames"][3]
    assert f["active"] == [1, 2, 3]
    assert f["deck"] == {"left": 23, "top": None}
    last = d["frames"][-1]
    assert where(d, last, 4) == [0, 4, False]
    assert where(d, last, 104) == [16, 4, False]
    assert last["balls"] == [{"ball": 0, "x": 8, "y": 5, "holder": None}]
    assert last["turn"] == "Set-up"


def test_the_deck_top_is_the_next_card_dealt():
    ev = start() + [
        turn("home", 1),
        turn("away", 1),
        {"type": "card_discarded", "team": "away", "slot": 2, "card": 2},
        {"type": "card_dealt", "slot": 2, "card": 17, "challenge": "x"},
    ]
    d = data(ev)
    first_turn = d["frames"][d["marks"]["turns"][0]]
    assert first_turn["deck"] == {"left": 23, "top": 17}
    discard, dealt = d["frames"][-2], d["frames"][-1]
    assert discard["active"] == [1, 0, 3]
    assert dealt["active"] == [1, 17, 3]
    assert dealt["deck"]["left"] == 22  # 26 - 4 dealt


def test_a_touchdown_sends_the_scorer_to_the_dugout_and_scores_four():
    ev = start() + [
        turn("home", 1),
        action(6, "run"),
        moved(6, (0, 6), (1, 6)),
        {"type": "possession", "player": 6, "ball": 0},
        moved(6, (1, 6), (2, 6)),
        {
            "type": "ball_moved",
            "ball": 0,
            "from_sq": sq(16, 6),
            "to_sq": -1,
            "how": "touchdown",
            "d8": 0,
        },
        {"type": "touchdown", "team": "home", "player": 6, "points": 4},
    ]
    d = data(ev)
    frames = d["frames"]
    # the ball moves with its carrier
    carrying = frames[-3]
    assert carrying["balls"] == [{"ball": 0, "x": 2, "y": 6, "holder": 6}]
    assert carrying["trail"] == [[0, 6], [1, 6], [2, 6]]
    assert carrying["action"] == "Action 1 of 3: Run"
    assert carrying["turn"] == "Reavers turn 1"
    td = frames[-1]
    assert d["marks"]["touchdowns"] == [len(frames) - 1]
    assert where(d, td, 6) is None  # in the Dugout
    assert td["points"] == {"home": 4, "away": 0}  # rulebook: a touchdown is 4
    assert td["balls"] == []
    assert d["scoring"] == [
        {
            "team": "home",
            "points": 4,
            "what": "touchdown",
            "player": 6,
            "frame": len(frames) - 1,
            "text": "Touchdown by Human Blitzer 6",
        }
    ]
    assert td["caption"].startswith("TOUCHDOWN! Human Blitzer 6 scores 4 points")


def test_a_claimed_card_leaves_the_active_spaces_for_the_hand():
    ev = start() + [turn("home", 1), action(1, "run"), claimed("home", 1, 2, 3)]
    d = data(ev)
    f = d["frames"][-1]
    assert f["active"] == [1, 0, 3]
    assert f["hands"] == {"home": [2], "away": []}
    assert f["points"] == {"home": 3, "away": 0}
    assert d["marks"]["claims"] == [len(d["frames"]) - 1]
    # card 2: Break Some Bones! (3 points), Step Aside on its back (cards.json)
    assert f["caption"] == (
        "Reavers claim Break Some Bones! thanks to Harald: 3 points, "
        "and the Bonus Play Step Aside goes into their hand"
    )


def test_the_hand_limit_drops_the_oldest_cards_at_the_end_of_the_turn():
    # Five claims in one home turn (cards 1, 2, 3 then 4, 5 as if dealt):
    # more than three Bonus Plays at the end of the turn, so the two oldest
    # (1 and 2) are discarded before the away turn starts.
    ev = start() + [turn("home", 1)]
    for card in (1, 2, 3):
        ev.append(claimed("home", 1, card, 1))
    for slot, card in ((1, 4), (2, 5)):
        ev.append({"type": "card_dealt", "slot": slot, "card": card, "challenge": "x"})
        ev.append(claimed("home", 2, card, 1))
    before = len(ev)
    ev.append(turn("away", 1))
    d = data(ev)
    frames = d["frames"]
    # one extra frame, for the discard, between the last claim and the turn
    assert len(frames) == before + 2
    limit, away = frames[before], frames[before + 1]
    assert frames[before - 1]["hands"]["home"] == [1, 2, 3, 4, 5]
    assert limit["type"] == "hand_limit"
    assert limit["event"] is None
    assert limit["dropped"] == [1, 2]
    assert limit["hands"]["home"] == [3, 4, 5]
    assert away["hands"]["home"] == [3, 4, 5]
    # card 1: Raw Talent; card 2: Step Aside (cards.json)
    assert limit["caption"] == (
        "Reavers end their turn with more than 3 Bonus Plays and discard "
        "Raw Talent and Step Aside to keep 3"
    )


def test_three_claims_in_a_turn_and_the_clean_sweep_points():
    ev = start() + [turn("home", 1)]
    ev += [claimed("home", 1, c, 1) for c in (1, 2, 3)]
    ev.append({"type": "clean_sweep", "team": "home", "points": 2})
    f = data(ev)["frames"][-1]
    assert f["points"]["home"] == 5  # 1 + 1 + 1, and 2 for the Clean Sweep


def test_a_block_knocks_down_the_armour_check_and_the_injury():
    ev = start() + [
        turn("home", 1),
        action(1, "block"),
        {
            "type": "block_dice",
            "player": 1,
            "target": 101,
            "faces": ["miss", "kerrunch"],
            "assisted": True,
            "chosen": "kerrunch",
        },
        {"type": "knocked_down", "player": 101},
        {
            "type": "roll",
            "purpose": "armour",
            "player": 101,
            "dice": [3],
            "target": 3,
            "modifier": -1,
            "success": False,
            "rerolled": False,
        },
        {"type": "injured", "player": 101, "cause": "armour"},
    ]
    d = data(ev)
    block, down, armour, injured = d["frames"][-4:]
    assert block["dice"] == [
        {
            "label": "Block Dice",
            "faces": ["Miss", "Kerrunch!"],
            "chosen": "Kerrunch!",
            "ok": None,
        }
    ]
    assert block["target"] == 101
    assert block["arrow"] == {"kind": "block", "from": [0, 1], "to": [16, 1]}
    assert where(d, down, 101) == [16, 1, True]
    assert armour["dice"][0]["faces"] == [3]
    assert armour["dice"][0]["ok"] is False
    assert where(d, injured, 101) is None
    assert d["marks"]["injuries"] == [len(d["frames"]) - 1]
    assert block["caption"] == (
        "Harald blocks Grak with 2 Block Dice (with an assist): Miss, "
        "Kerrunch!; chooses Kerrunch!"
    )
    # 3 - 1 = 2 against 3+: the armour gives
    assert armour["caption"] == (
        "Grak's Armour Check: rolled 3 needing 3+, modifier -1: the armour gives"
    )


def test_an_armour_check_lays_down_a_player_a_thrown_team_mate_lands_on():
    # No knocked_down event for the Player landed on (see the module doc):
    # the Armour Check alone says they are Prone.
    ev = start() + [
        turn("away", 1),
        action(106, "throw_team_mate"),
        {
            "type": "roll",
            "purpose": "throw_team_mate",
            "player": 106,
            "dice": [5],
            "target": 4,
            "modifier": 0,
            "success": True,
            "rerolled": False,
        },
        {
            "type": "roll",
            "purpose": "armour",
            "player": 3,
            "dice": [4],
            "target": 3,
            "modifier": -1,
            "success": True,
            "rerolled": False,
        },
        {"type": "injured", "player": 101, "cause": "throw_team_mate"},
    ]
    d = data(ev)
    assert where(d, d["frames"][-1], 3) == [0, 3, True]
    assert where(d, d["frames"][-1], 101) is None


def test_a_thrown_team_mate_lands_prone_after_a_failed_throw_check():
    ev = start() + [
        turn("away", 1),
        action(106, "throw_team_mate"),
        {
            "type": "roll",
            "purpose": "throw_team_mate",
            "player": 106,
            "dice": [2],
            "target": 4,
            "modifier": 0,
            "success": False,
            "rerolled": False,
        },
        moved(101, (16, 1), (12, 1)),
    ]
    d = data(ev)
    assert where(d, d["frames"][-1], 101) == [12, 1, True]


def test_an_unknown_event_changes_nothing_and_gets_a_plain_caption():
    ev = start() + [
        {"type": "bonus_play_used", "team": "home", "card": 7, "player": 4},
    ]
    d = data(ev)
    before, after = d["frames"][-2], d["frames"][-1]
    assert after["caption"] == fallback("bonus_play_used")
    assert after["caption"] == "Bonus play used (no description yet)"
    for key in ("players", "balls", "active", "hands", "points", "deck"):
        assert after[key] == before[key], key


def test_a_malformed_known_event_still_gets_a_line():
    d = data(start() + [{"type": "moved", "player": 4}])
    assert d["frames"][-1]["caption"] == "Moved (the details could not be read)"


def test_steps_group_by_turn_and_action():
    ev = start() + [
        turn("home", 1),
        action(1, "run"),
        moved(1, (0, 1), (1, 1)),
        action(2, "run"),
        action(2, "sidestep", free=True),
        turn("away", 1),
    ]
    d = data(ev)
    m = d["marks"]
    n = len(start())
    assert m["turns"] == [n, n + 5]
    assert m["actions"] == [n + 1, n + 3, n + 4]
    f = d["frames"]
    assert [f[i]["action"] for i in m["actions"]] == [
        "Action 1 of 3: Run",
        "Action 2 of 3: Run",
        "Free Sidestep Action",
    ]
    assert [g["label"] for g in d["log"]] == [
        "Set-up",
        "Reavers turn 1",
        "Grimjaws turn 1",
    ]
    assert [s["frame"] for s in d["log"][1]["steps"]] == list(range(n, n + 5))


# --- engine games -----------------------------------------------------------


def test_the_first_frames_of_an_engine_game_with_a_known_deck():
    # deck 1..26 (helpers.DECK): cards 1, 2, 3 dealt, card 4 on top, 23 left
    g, _ = new_game()
    d = replay_data([e.to_dict() for e in g.events], HOME, AWAY, "single")
    f = d["frames"][-1]
    assert f["active"] == [1, 2, 3]
    assert f["deck"]["left"] == 23
    # no fourth card is dealt yet, so the top card is not in the events
    assert f["deck"]["top"] is None
    assert all(p is not None and p[0] in (0, 16) for p in f["players"])


def state_of(g: BlitzGame) -> dict[str, Any]:
    s, b = g.state, g.state.board
    return {
        "players": [
            None if s.pos[i] < 0 else [b.xs[s.pos[i]], b.ys[s.pos[i]], s.prone[i]]
            for i in range(s.n)
        ],
        "balls": sorted(
            (b.xs[p], b.ys[p], s.pid[h] if h >= 0 else None)
            for p, h in zip(s.ball_pos, s.ball_holder, strict=True)
            if p >= 0
        ),
        "active": list(s.active_cards),
        # the replay counts the Challenge Cards left (1-26), not the Random
        # Event cards shuffled in (101-112)
        "left": sum(1 for c in s.deck if c <= 26),
        "hands": {"home": list(s.hands[0]), "away": list(s.hands[1])},
        "points": {"home": s.score[0], "away": s.score[1]},
    }


def frame_state(f: dict[str, Any]) -> dict[str, Any]:
    return {
        "players": f["players"],
        "balls": sorted((x["x"], x["y"], x["holder"]) for x in f["balls"]),
        "active": f["active"],
        "left": f["deck"]["left"],
        "hands": f["hands"],
        "points": f["points"],
    }


@pytest.mark.parametrize(
    ("home", "away", "seed", "side", "bot"),
    [
        ("human", "orc", 3, "multiple", ScriptedBot),
        ("ogre", "goblin", 11, "single", RandomBot),  # Throw Team-mate, Fouls
        ("lizardmen", "chaos_chosen", 5, "single", ScriptedBot),
    ],
)
def test_the_replay_matches_the_engine_at_every_decision(home, away, seed, side, bot):
    """Rebuilt from the events alone, the last frame is the engine's table
    (Players, Prone, balls, cards, deck, hands, points) at each decision."""
    h, a = BlitzTeamSheet("H", home), BlitzTeamSheet("A", away)
    g = BlitzGame(h, a, seed=seed, side=side)
    bots = (bot(seed), bot(seed + 1))
    seen: list[tuple[int, dict[str, Any]]] = []  # (events so far, table)
    while True:
        seen.append((len(g.events), state_of(g)))
        if g.done:
            break
        p = g.pending
        g.apply(bots[0 if p.team == "home" else 1].choose(g, p))
    d = replay_data([e.to_dict() for e in g.events], h, a, side)
    by_event = {f["event"]: f for f in d["frames"] if f["event"] is not None}
    for n, table in seen:
        assert frame_state(by_event[n - 1]) == table, n
    checked = len(seen)
    assert checked > 50


def test_every_player_is_somewhere_in_every_frame_of_a_game():
    g, _ = play("human", "orc", 7, "scripted", "single")
    d = replay_data(
        [e.to_dict() for e in g.events],
        BlitzTeamSheet("human", "human"),
        BlitzTeamSheet("orc", "orc"),
        "single",
    )
    assert len(d["frames"]) >= len(g.events)
    for f in d["frames"]:
        assert len(f["players"]) == len(d["players"])
        squares = [(p[0], p[1]) for p in f["players"] if p is not None]
        assert len(squares) == len(set(squares)), f["caption"]  # one per square
        assert all(0 <= x < 17 and 0 <= y < 11 for x, y in squares)
    assert d["points"] == {"home": g.score[0], "away": g.score[1]}
    assert d["frames"][-1]["type"] == "game_end"
    assert d["frames"][-1]["turn"] == "End of the game"
