"""The Blitz Bowl replay's table: what each event does to it (where each
Player is, the balls, the cards, the hands, the points), for
:mod:`engine.blitz.replay` to turn into frames."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.blitz.replay_text import ACTIONS, FACES, FOUL_RESULTS
from engine.blitz.state import ACTIONS_PER_TURN, TEAM_NAMES, BlitzState

SLOTS = 3
# The events a viewer jumps to.
TOUCHDOWN = "touchdown"
CLAIM = "card_claimed"
INJURY = "injured"
HAND_LIMIT_STEP = "hand_limit"


class ReplayState:
    """The table as the events so far have left it."""

    def __init__(self, roster: BlitzState, deck_size: int) -> None:
        self.ids = list(roster.pid)
        self.team = {pid: roster.team[i] for i, pid in enumerate(roster.pid)}
        self.sq: dict[int, int] = {pid: -1 for pid in self.ids}
        self.prone: dict[int, bool] = {pid: False for pid in self.ids}
        self.balls: dict[int, int] = {}  # ball id -> square (in play only)
        self.holder: dict[int, int] = {}  # ball id -> player id
        self.active: list[int] = [0] * SLOTS
        self.deck_left = deck_size
        self.hands: tuple[list[int], list[int]] = ([], [])
        self.points = [0, 0]
        self.turn_team = -1
        self.turn_number = 0
        self.turn_index = -1
        self.actions_used = 0
        self.action_label = ""
        self.action_index = -1
        self.acting = -1  # the Player taking the current Action
        self.target = -1
        self.trail: list[int] = []
        self.ttm_failed: bool | None = None  # after a Throw Team-mate roll
        self.ttm_thrower = -1
        self.arrow: tuple[str, int, int] | None = None
        self.dice: list[dict[str, Any]] = []
        self.scoring: list[dict[str, Any]] = []
        self.over = False

    def occupant(self, sq: int) -> int:
        for pid, at in self.sq.items():
            if at == sq and sq >= 0:
                return pid
        return -1

    def move_player(self, pid: int, to: int) -> None:
        self.sq[pid] = to
        for b, h in self.holder.items():
            if h == pid:
                self.balls[b] = to

    def to_dugout(self, pid: int) -> None:
        self.sq[pid] = -1
        self.prone[pid] = False
        for b, h in list(self.holder.items()):
            if h == pid:
                del self.holder[b]  # the ball bounces (or leaves) next

    def drop(self, pid: int) -> None:
        for b, h in list(self.holder.items()):
            if h == pid:
                del self.holder[b]


Effect = Callable[[ReplayState, Mapping[str, Any]], None]


def _placed(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.move_player(e["player"], e["square"])
    s.prone[e["player"]] = False
    if e["player"] == s.acting:
        s.trail = [e["square"]]


def _turn(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.turn_team = TEAM_NAMES.index(e["team"])
    s.turn_number = e["number"]
    s.turn_index += 1
    s.actions_used = 0
    s.action_label = ""
    s.acting = s.target = -1
    s.trail = []
    s.ttm_failed = None


def _action(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.action_index += 1
    s.acting = e["player"]
    s.target = -1
    s.trail = [s.sq.get(e["player"], -1)]
    name = ACTIONS.get(e["action"], str(e["action"]).replace("_", " ").title())
    if e["free"]:
        s.action_label = f"Free {name} Action"
    else:
        s.actions_used += 1
        s.action_label = f"Action {s.actions_used} of {ACTIONS_PER_TURN}: {name}"
    s.ttm_failed = None


def _moved(s: ReplayState, e: Mapping[str, Any]) -> None:
    pid = e["player"]
    s.move_player(pid, e["to_sq"])
    if pid == s.acting:
        s.trail.append(e["to_sq"])
    s.arrow = ("move", e["from_sq"], e["to_sq"])
    if s.ttm_failed is not None and pid != s.ttm_thrower:
        # the thrown Player lands; Prone when the Throw Check failed
        s.prone[pid] = s.ttm_failed
        s.ttm_failed = None


def _pushed(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.move_player(e["player"], e["to_sq"])
    s.arrow = ("push", e["from_sq"], e["to_sq"])


def _ball(s: ReplayState, e: Mapping[str, Any]) -> None:
    b, to = e["ball"], e["to_sq"]
    s.holder.pop(b, None)
    if to < 0:
        s.balls.pop(b, None)
    else:
        s.balls[b] = to
    if e["from_sq"] >= 0 and to >= 0 and e["from_sq"] != to:
        s.arrow = (str(e["how"]), e["from_sq"], to)
    if e.get("d8"):
        s.dice = [{"label": "Bounce direction (D8)", "faces": [e["d8"]], "ok": None}]


def _possession(s: ReplayState, e: Mapping[str, Any]) -> None:
    pid, b = e["player"], e["ball"]
    s.holder[b] = pid
    s.balls[b] = s.sq.get(pid, -1)


def _block(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.target = e["target"]
    chosen = str(e["chosen"])
    foul = chosen in FOUL_RESULTS
    s.dice = [
        {
            "label": "Foul (Block Die)" if foul else "Block Dice",
            "faces": [FACES.get(str(f), str(f)) for f in e["faces"]],
            "chosen": FOUL_RESULTS[chosen] if foul else FACES.get(chosen, ""),
            "ok": None,
        }
    ]
    a, t = s.sq.get(e["player"], -1), s.sq.get(e["target"], -1)
    if a >= 0 and t >= 0:
        s.arrow = ("block", a, t)


def _made_prone(s: ReplayState, e: Mapping[str, Any]) -> None:
    # Prone with no Armour Check (a Random Event); a ball held bounces next
    s.prone[e["player"]] = True
    s.drop(e["player"])


def _knocked(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.prone[e["player"]] = True
    s.drop(e["player"])


def _injured(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.to_dugout(e["player"])


def _stood(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.prone[e["player"]] = False


def _touchdown(s: ReplayState, e: Mapping[str, Any]) -> None:
    t = TEAM_NAMES.index(e["team"])
    s.to_dugout(e["player"])
    s.points[t] += e["points"]
    s.scoring.append(
        {
            "team": e["team"],
            "points": e["points"],
            "what": "touchdown",
            "player": e["player"],
        }
    )


def _dealt(s: ReplayState, e: Mapping[str, Any]) -> None:
    # Decision: the deck count is of Challenge Cards only (the ones that end
    # the game when they run out); Random Event cards shuffled in are drawn
    # as they come to the top and shown by their own steps.
    s.active[e["slot"] - 1] = e["card"]
    s.deck_left -= 1


def _from_hand(s: ReplayState, e: Mapping[str, Any]) -> None:
    """A Bonus Play played, or discarded at the hand limit."""
    hand = s.hands[TEAM_NAMES.index(e["team"])]
    if e["card"] in hand:
        hand.remove(e["card"])


def _discarded(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.active[e["slot"] - 1] = 0


def _claimed(s: ReplayState, e: Mapping[str, Any]) -> None:
    t = TEAM_NAMES.index(e["team"])
    card = e["card"]
    if card in s.active:
        s.active[s.active.index(card)] = 0
    s.hands[t].append(card)
    s.points[t] += e["points"]
    s.scoring.append(
        {
            "team": e["team"],
            "points": e["points"],
            "what": "card",
            "card": card,
            "player": e["player"],
        }
    )


def _sweep(s: ReplayState, e: Mapping[str, Any]) -> None:
    t = TEAM_NAMES.index(e["team"])
    s.points[t] += e["points"]
    s.scoring.append({"team": e["team"], "points": e["points"], "what": "clean_sweep"})


def _end(s: ReplayState, e: Mapping[str, Any]) -> None:
    s.over = True
    s.points = [e["home_points"], e["away_points"]]
    s.acting = s.target = -1
    s.trail = []
    s.action_label = ""


def _nothing(s: ReplayState, e: Mapping[str, Any]) -> None:
    return None


def _random_event(s: ReplayState, e: Mapping[str, Any]) -> None:
    """Reset takes every Player off the pitch before they are set up again
    (engine.blitz.random_events.reset: balls stay where they were, loose);
    the other Random Events act through their own events."""
    if e["kind"] == "reset":
        s.holder.clear()
        for pid in s.ids:
            s.to_dugout(pid)


def _roll(s: ReplayState, e: Mapping[str, Any]) -> None:
    purpose = str(e["purpose"])
    target = e.get("target") or 0
    mod = e.get("modifier") or 0
    need = f", needs {target}+" if target else ""
    modifier = f" ({mod:+d})" if mod else ""
    again = " (re-roll)" if e.get("rerolled") else ""
    label = {
        "armour": "Armour Check",
        "throw": "Throw Check",
        "throw_team_mate": "Throw Team-mate Check",
        "violent": "Violent",
        "move": "Move (D6)",
    }.get(purpose, purpose.replace("_", " ").capitalize())
    s.dice = [
        {
            "label": f"{label}{need}{modifier}{again}",
            "faces": list(e["dice"]),
            "ok": bool(e["success"]) if target else None,
        }
    ]
    if purpose == "armour" and s.sq.get(e["player"], -1) >= 0:
        # an Armour Check is made for a Prone Player only (see the module doc)
        s.prone[e["player"]] = True
        s.drop(e["player"])
    if purpose == "throw_team_mate":
        s.ttm_failed = not e["success"]
        s.ttm_thrower = e["player"]


# What each event does to the table (unknown types: nothing).
EFFECTS: dict[str, Effect] = {
    "placed": _placed,
    "turn_start": _turn,
    "action": _action,
    "moved": _moved,
    "pushed": _pushed,
    "ball_moved": _ball,
    "possession": _possession,
    "block_dice": _block,
    "knocked_down": _knocked,
    "injured": _injured,
    "stood_up": _stood,
    "touchdown": _touchdown,
    "card_dealt": _dealt,
    "card_discarded": _discarded,
    "card_claimed": _claimed,
    "clean_sweep": _sweep,
    "game_end": _end,
    "roll": _roll,
    "made_prone": _made_prone,
    "bonus_played": _from_hand,
    "hand_discarded": _from_hand,
    # no change on the board: the caption tells them
    "random_event": _random_event,
    "arena": _nothing,
    "ball_chosen": _nothing,
}
