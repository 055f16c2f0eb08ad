"""The Blitz Bowl replay: a game's events turned into frames a viewer steps
through.

:func:`replay_data` reads the events (each ``to_dict()``, as stored) and the
two team sheets and returns JSON-able data: the board of the side played,
the Players, the cards, and one frame per event with everything on the
table after it: where each Player is (a square, Prone or not, or the
Dugout), the balls, the three active Challenge Cards, the deck's top card
and how many are left, both hands of Bonus Plays, the points, the turn and
the Action, the dice rolled and a caption in words
(:mod:`engine.blitz.replay_text`).

Everything is rebuilt from the events alone, as a viewer would see the game
played. Two things happen on the table without an event of their own, and
are read from what follows:

- the hand limit (rulebook "Claiming Challenge Cards": more than three Bonus
  Plays at the end of a turn, discard down to three) in games stored before
  the ``hand_discarded`` event: the engine then dropped the oldest cards at
  the end of the turn, so a frame of its own is added before the next turn
  starts, or the game ends (games since have the coach's discards as
  events, and their hands are never over three here);
- a Player a Throw Team-mate lands on is Knocked Over with no
  ``knocked_down`` event: an Armour Check is made only for a Prone Player,
  so an ``armour`` roll lays its Player down; a thrown Player whose Throw
  Check failed lands Prone (their ``moved`` event after the failed roll).

The deck's top card is visible to both coaches (rulebook "Challenge
Cards"); the events name a card only as it is dealt, so the top card of a
frame is the next card dealt after it. Decision: once no card is dealt any
more (the game ended first), the top card is shown as unknown.

Event types this module does not know change nothing on the board and get a
plain caption (:func:`engine.blitz.replay_text.fallback`); teaching it a new
one is one line in :data:`EFFECTS` and one in
:data:`engine.blitz.replay_text.CAPTIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.blitz.board import Board, board
from engine.blitz.data import board_spec, cards
from engine.blitz.replay_table import (
    CLAIM,
    EFFECTS,
    HAND_LIMIT_STEP,
    INJURY,
    TOUCHDOWN,
    ReplayState,
)
from engine.blitz.replay_text import caption
from engine.blitz.state import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    TEAM_NAMES,
    BlitzState,
    BlitzTeamSheet,
)
from engine.core.dice import FixedDice


class Names:
    """The :class:`~engine.blitz.replay_text.Namer` of one game: Players,
    teams, cards and places in words, on the table ``state`` shows."""

    def __init__(
        self,
        roster: BlitzState,
        sheets: tuple[BlitzTeamSheet, BlitzTeamSheet],
        brd: Board,
        state: ReplayState,
    ) -> None:
        self.board = brd
        self.state = state
        self.teams = {"home": sheets[0].name, "away": sheets[1].name}
        cards_ = [s.team_card() for s in sheets]
        # Decision: an unnamed Player is called by their team card and
        # position ("Orc Blitzer 3"); when both teams play the same card,
        # by their team's name instead, so the two are told apart.
        same = cards_[0].slug == cards_[1].slug
        adjective = [sheets[t].name if same else cards_[t].name for t in (0, 1)]
        self.short: dict[int, str] = {}
        self.full: dict[int, str] = {}
        for i, pid in enumerate(roster.pid):
            t = roster.team[i]
            k = pid - t * 100
            given = (
                k - 1 < len(sheets[t].player_names) and sheets[t].player_names[k - 1]
            )
            position = roster.position[i]
            adj = adjective[t]
            kind = position if position.startswith(adj) else f"{adj} {position}"
            if given:
                self.short[pid] = roster.names[i]
                self.full[pid] = f"{roster.names[i]} the {kind}"
            else:
                self.short[pid] = self.full[pid] = f"{kind} {k}"
        self.cards = cards().deck
        self.sides = {k: v.name for k, v in board_spec().sides.items()}

    def p(self, pid: Any) -> str:
        return self.short.get(int(pid), "a Player")

    def intro(self, pid: Any) -> str:
        return self.full.get(int(pid), "a Player")

    def t(self, team: Any) -> str:
        return self.teams.get(str(team), str(team).replace("_", " "))

    def where(self, sq: Any, trapdoor: bool = True) -> str:
        sq = int(sq)
        b = self.board
        if not 0 <= sq < b.size:
            return "off the board"
        x, y = b.xs[sq], b.ys[sq]
        if x == 0:
            part = f"in the {self.teams['home']} End Zone"
        elif x == b.length - 1:
            part = f"in the {self.teams['away']} End Zone"
        elif trapdoor and b.trapdoor[sq]:
            part = "on a Trapdoor"
        elif 2 * x == b.length - 1:
            part = "in midfield"
        elif 2 * x < b.length - 1:
            part = f"in the {self.teams['home']} half"
        else:
            part = f"in the {self.teams['away']} half"
        if y in (0, b.width - 1):
            part += ", by the sideline"
        return part

    def way(self, pid: Any, frm: Any, to: Any) -> str:
        b = self.board
        frm, to = int(frm), int(to)
        if not (0 <= frm < b.size and 0 <= to < b.size):
            return "on"
        team = self.state.team.get(int(pid), 0)
        dx = (b.xs[to] - b.xs[frm]) * (1 if team == 0 else -1)
        dy = b.ys[to] - b.ys[frm]
        ahead = "forward" if dx > 0 else "back" if dx < 0 else ""
        if not ahead:
            return "sideways"
        return f"diagonally {ahead}" if dy else ahead

    def at(self, sq: Any) -> str:
        pid = self.state.occupant(int(sq))
        return self.p(pid) if pid >= 0 else ""

    def challenge(self, card: Any) -> str:
        c = self._card(card)
        return c.challenge.name if c else "a Challenge Card"

    def bonus(self, card: Any) -> str:
        c = self._card(card)
        return c.bonus_play.name if c else "a Bonus Play"

    def side(self, slug: Any) -> str:
        return self.sides.get(str(slug), str(slug).replace("_", " "))

    def _card(self, card: Any) -> Any:
        n = int(card)
        return self.cards[n - 1] if 1 <= n <= len(self.cards) else None


def _xy(brd: Board, sq: int) -> list[int]:
    return [brd.xs[sq], brd.ys[sq]]


def _cards_table() -> list[dict[str, Any]]:
    return [
        {
            "number": c.number,
            "challenge": c.challenge.name,
            "points": c.challenge.points,
            "challenge_text": c.challenge.text,
            "bonus_play": c.bonus_play.name,
            "bonus_text": c.bonus_play.text,
        }
        for c in cards().deck
    ]


def _board(brd: Board, side: str) -> dict[str, Any]:
    return {
        "side": side,
        "name": board_spec().sides[side].name,
        "width": brd.length,
        "height": brd.width,
        "end_zones": {"home": 0, "away": brd.length - 1},
        "trapdoors": [_xy(brd, sq) for sq in brd.trapdoor_squares],
        "blocked": [_xy(brd, sq) for sq in range(brd.size) if brd.blocked[sq]],
    }


class _Frames:
    """Builds the frames: one per event, plus the hand-limit steps."""

    def __init__(
        self,
        roster: BlitzState,
        sheets: tuple[BlitzTeamSheet, BlitzTeamSheet],
        brd: Board,
        upcoming: list[int],
    ) -> None:
        self.brd = brd
        self.state = ReplayState(roster, len(cards().deck))
        self.names = Names(roster, sheets, brd, self.state)
        self.upcoming = upcoming  # upcoming[i]: next card dealt after event i
        self.frames: list[dict[str, Any]] = []
        self.marks: dict[str, list[int]] = {
            "touchdowns": [],
            "claims": [],
            "injuries": [],
            "actions": [],
            "turns": [],
        }

    def turn_label(self) -> str:
        s = self.state
        if s.over:
            return "End of the game"
        if s.turn_team < 0:
            return "Set-up"
        return f"{self.names.t(TEAM_NAMES[s.turn_team])} turn {s.turn_number}"

    def hand_limit(self, event_index: int) -> None:
        """The hand limit at the end of the turn now ending (see the module
        doc): the oldest Bonus Plays go, down to three."""
        s = self.state
        if s.turn_team < 0:
            return
        hand = s.hands[s.turn_team]
        extra = len(hand) - HAND_LIMIT
        if extra <= 0:
            return
        gone = hand[:extra]
        del hand[:extra]
        names = " and ".join(self.names.bonus(c) for c in gone)
        team = self.names.t(TEAM_NAMES[s.turn_team])
        text = (
            f"{team} end their turn with more than {HAND_LIMIT} Bonus Plays "
            f"and discard {names} to keep {HAND_LIMIT}"
        )
        s.dice, s.arrow = [], None
        self.add(event_index - 1, HAND_LIMIT_STEP, text, gone)

    def add(
        self, event: int, kind: str, text: str, dropped: list[int] | None = None
    ) -> None:
        s, brd = self.state, self.brd
        n = len(self.frames)
        top = self.upcoming[event] if 0 <= event < len(self.upcoming) else 0
        if kind == "turn_start":
            self.marks["turns"].append(n)
        elif kind == "action":
            self.marks["actions"].append(n)
        elif kind == TOUCHDOWN:
            self.marks["touchdowns"].append(n)
        elif kind == CLAIM:
            self.marks["claims"].append(n)
        elif kind == INJURY:
            self.marks["injuries"].append(n)
        arrow = None
        if s.arrow is not None:
            how, a, b = s.arrow
            arrow = {"kind": how, "from": _xy(brd, a), "to": _xy(brd, b)}
        frame: dict[str, Any] = {
            "event": event if kind != HAND_LIMIT_STEP else None,
            "type": kind,
            "caption": text,
            "dice": s.dice,
            "turn": self.turn_label(),
            "turn_team": TEAM_NAMES[s.turn_team] if s.turn_team >= 0 else None,
            "turn_index": s.turn_index,
            "action": s.action_label,
            "action_index": s.action_index,
            "players": [
                None
                if s.sq[pid] < 0
                else [brd.xs[s.sq[pid]], brd.ys[s.sq[pid]], s.prone[pid]]
                for pid in s.ids
            ],
            "balls": [
                {
                    "ball": b,
                    "x": brd.xs[sq],
                    "y": brd.ys[sq],
                    "holder": s.holder.get(b),
                }
                for b, sq in sorted(s.balls.items())
                if sq >= 0
            ],
            "active": list(s.active),
            "deck": {"left": s.deck_left, "top": top or None},
            "hands": {"home": list(s.hands[0]), "away": list(s.hands[1])},
            "points": {"home": s.points[0], "away": s.points[1]},
            "scored": len(s.scoring),
            "acting": s.acting if s.acting >= 0 else None,
            "target": s.target if s.target >= 0 else None,
            "trail": [_xy(brd, sq) for sq in s.trail if sq >= 0],
            "arrow": arrow,
        }
        if dropped is not None:
            frame["dropped"] = dropped
        self.frames.append(frame)

    def step(self, index: int, e: Mapping[str, Any]) -> None:
        s = self.state
        kind = str(e.get("type", ""))
        if kind in ("turn_start", "game_end"):
            self.hand_limit(index)
        s.dice, s.arrow = [], None
        scored = len(s.scoring)
        effect = EFFECTS.get(kind)
        if effect is not None:
            try:
                effect(s, e)
            except (KeyError, TypeError, ValueError, IndexError):
                pass  # a malformed event changes nothing; its caption says so
        for entry in s.scoring[scored:]:
            entry["frame"] = len(self.frames)
            entry["text"] = self.scoring_words(entry)
        self.add(index, kind, caption(self.names, e))

    def scoring_words(self, entry: dict[str, Any]) -> str:
        n = self.names
        if entry["what"] == "touchdown":
            return f"Touchdown by {n.p(entry['player'])}"
        if entry["what"] == "card":
            return f"{n.challenge(entry['card'])} (claimed by {n.p(entry['player'])})"
        return "Clean Sweep"


def replay_data(
    events: Sequence[Mapping[str, Any]],
    home: BlitzTeamSheet,
    away: BlitzTeamSheet,
    side: str,
) -> dict[str, Any]:
    """The replay of one game (see the module doc), JSON-able:

    - ``teams``: home/away name, card slug, card name;
    - ``board``: side, name, width (17, along the board) and height (11),
      ``end_zones`` (the x of each team's own End Zone), ``trapdoors`` and
      ``blocked`` as [x, y];
    - ``players``: id, team, name, full_name ("Grak the Orc Blitzer"),
      position, number and label (the token's text), in card order;
    - ``cards``: the 26 cards, ``cards[n - 1]`` for card n: challenge,
      points, challenge_text, bonus_play, bonus_text;
    - ``frames``: one per event (``event`` its index) plus a ``hand_limit``
      frame (``event`` None, ``dropped`` the cards) where a hand was cut to
      three; each with ``type``, ``caption``, ``dice`` (label, faces,
      ``ok`` True/False/None, ``chosen`` for Block Dice), ``turn`` ("Reavers
      turn 4"), ``turn_team``, ``turn_index``, ``action`` ("Action 2 of 3:
      Block", "Free Run Action" or ""), ``action_index``, ``players`` (in
      the order of ``players``: [x, y, prone] or None in the Dugout),
      ``balls`` (ball, x, y, holder id or None), ``active`` (the three
      spaces' card numbers, 0 empty), ``deck`` (left, top card or None),
      ``hands`` (home/away card numbers, oldest first), ``points``,
      ``scored`` (how many ``scoring`` entries so far), ``acting``,
      ``target``, ``trail`` ([x, y] the acting Player went through this
      Action) and ``arrow`` (kind, from, to: a block, push, throw or bounce);
    - ``scoring``: each score (team, points, what, frame, text);
    - ``marks``: frame indices of ``turns``, ``actions``, ``touchdowns``,
      ``claims`` and ``injuries``, to step and jump by;
    - ``log``: the frames grouped by turn (label, team, steps of frame,
      caption and mark) for the page's play-by-play;
    - ``points``: the final points.
    """
    brd = board(side)
    roster = BlitzState(brd, home, away, FixedDice())
    upcoming = [0] * len(events)
    nxt = 0
    for i in range(len(events) - 1, -1, -1):
        upcoming[i] = nxt
        if events[i].get("type") == "card_dealt":
            nxt = int(events[i].get("card", 0))
    build = _Frames(roster, (home, away), brd, upcoming)
    for i, e in enumerate(events):
        build.step(i, e)
    names = build.names
    players = [
        {
            "id": pid,
            "team": TEAM_NAMES[roster.team[i]],
            "name": names.p(pid),
            "full_name": names.intro(pid),
            "position": roster.position[i],
            "number": pid - roster.team[i] * 100,
            "label": str(pid - roster.team[i] * 100),
        }
        for i, pid in enumerate(roster.pid)
    ]
    log: list[dict[str, Any]] = []
    for n, f in enumerate(build.frames):
        label = f["turn"]
        if not log or log[-1]["label"] != label or f["type"] == "turn_start":
            log.append({"label": label, "team": f["turn_team"], "steps": []})
        log[-1]["steps"].append(
            {"frame": n, "caption": f["caption"], "mark": _mark(f["type"])}
        )
    final = build.frames[-1]["points"] if build.frames else {"home": 0, "away": 0}
    return {
        "version": 1,
        "teams": {
            "home": {
                "name": home.name,
                "card": home.card,
                "card_name": home.team_card().name,
            },
            "away": {
                "name": away.name,
                "card": away.card,
                "card_name": away.team_card().name,
            },
        },
        "board": _board(brd, side),
        "players": players,
        "cards": _cards_table(),
        "hand_limit": HAND_LIMIT,
        "actions_per_turn": ACTIONS_PER_TURN,
        "frames": build.frames,
        "scoring": build.state.scoring,
        "marks": build.marks,
        "log": log,
        "points": final,
    }


def _mark(kind: str) -> str:
    return {
        TOUCHDOWN: "touchdown",
        CLAIM: "claim",
        INJURY: "injury",
        "clean_sweep": "claim",
        "turn_start": "turn",
        "game_end": "end",
        HAND_LIMIT_STEP: "hand",
    }.get(kind, "")
