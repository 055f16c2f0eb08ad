"""Scenario builder for rule tests: a position from an ASCII diagram.

Each character of the diagram is a square (x grows to the right, y down;
the home team scores on the right, at x = width - 1):

* ``.`` an empty square, ``*`` the loose ball on an empty square;
* an UPPERCASE letter is a home player, a lowercase letter an away player
  (each letter is one player, ids 1, 2, ... and 101, 102, ... in order of
  appearance).

Example::

    sc = Scenario('''
        .....
        .Ab..
        .....
    ''', skills={"A": ["block"]}, dice=[6, "pow"], ball="A")
    sc.match.apply(("activate", sc.id("A"), "block"))

``origin`` places the diagram's top-left corner on the pitch (default
(10, 5) on BB2020, so the diagram sits mid-pitch). Spaces are empty squares
too. ``positions`` gives a player his roster position (a slug of the
team's roster: the home team is "human", the away team "orc"; default
"lineman"). ``team_fields`` sets more fields of each team sheet, home's
then away's (the ids of its journeymen and hired players, its Wandering
Apothecaries, ...); ``journeymen`` and ``hired`` are given as diagram
letters (``{"journeymen": "AB"}``). ``pitch`` replaces the variant's board (a Dungeon Bowl dungeon: see
:mod:`engine.tools.dungeon_scenario`). The match starts at the active team's turn (home by default) and ends
when that turn ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from engine.core.dice import FixedDice
from engine.core.model import PlayerSheet, TeamSheet
from engine.core.pitch import Pitch
from engine.core.state import PRONE, STUNNED
from engine.match import Match, run
from engine.rules.turns import Turn
from engine.variants import Variant, match_variant

# Team sheet fields that hold player ids (``team_fields`` takes letters).
_ID_FIELDS = ("journeymen", "hired")
DEFAULT = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9}


class Scenario:
    """A match set up from a diagram; see the module docstring."""

    def __init__(
        self,
        diagram: str,
        *,
        ruleset: Variant | str = "bb2020",
        dice: Iterable[int | str] = (),
        skills: Mapping[str, Iterable[str | tuple[str, str | None]]] | None = None,
        stats: Mapping[str, Mapping[str, Any]] | None = None,
        niggling: Mapping[str, int] | None = None,
        positions: Mapping[str, str] | None = None,
        ball: str | None = None,
        prone: str = "",
        stunned: str = "",
        origin: tuple[int, int] | None = None,
        active: str = "home",
        rerolls: tuple[int, int] = (0, 0),
        apothecary: tuple[bool, bool] = (False, False),
        team_fields: tuple[Mapping[str, Any], Mapping[str, Any]] = ({}, {}),
        weather: str = "perfect",
        turn: int = 1,
        start: bool = True,
        pitch: Pitch | None = None,
    ) -> None:
        rs = match_variant(ruleset)
        self.ruleset = rs
        pitch = pitch if pitch is not None else rs.pitch
        self.pitch = pitch
        rows = [r.strip() for r in diagram.strip("\n").splitlines()]
        rows = [r for r in rows if r]
        if origin is None:
            origin = (
                max(0, (pitch.width - max(len(r) for r in rows)) // 2),
                max(0, (pitch.height - len(rows)) // 2),
            )
        self.origin = origin
        ox, oy = origin
        letters: list[tuple[str, int]] = []
        ball_sq = -1
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                sq = pitch.sq(ox + x, oy + y)
                if ch in ". ":
                    continue
                if sq < 0:
                    raise ValueError(f"diagram square ({x}, {y}) falls off the pitch")
                if ch == "*":
                    ball_sq = sq
                elif ch.isalpha():
                    letters.append((ch, sq))
                else:
                    raise ValueError(f"unknown diagram character {ch!r}")
        skills = skills or {}
        stats = stats or {}
        self.ids: dict[str, int] = {}
        sheets: list[list[PlayerSheet]] = [[], []]
        for ch, _ in letters:
            t = 0 if ch.isupper() else 1
            pid = len(sheets[t]) + 1 + 100 * t
            self.ids[ch] = pid
            prof = dict(DEFAULT)
            prof.update(stats.get(ch, {}))
            sk = tuple(
                (s, None) if isinstance(s, str) else (s[0], s[1])
                for s in skills.get(ch, ())
            )
            sheets[t].append(
                PlayerSheet(
                    pid,
                    f"{ch}",
                    len(sheets[t]) + 1,
                    (positions or {}).get(ch, "lineman"),
                    prof["ma"],
                    prof["st"],
                    prof["ag"],
                    prof["pa"],
                    prof["av"],
                    sk,
                    niggling=(niggling or {}).get(ch, 0),
                )
            )
        home = TeamSheet(
            "Home", "human", tuple(sheets[0]), rerolls[0], apothecary[0], 1
        )
        away = TeamSheet("Away", "orc", tuple(sheets[1]), rerolls[1], apothecary[1], 1)
        home = replace(home, **self._fields(team_fields[0]))
        away = replace(away, **self._fields(team_fields[1]))
        self.dice = FixedDice(dice)
        self.match = Match(rs, home, away, self.dice, start=False, pitch=pitch)
        g = self.match.state
        for ch, sq in letters:
            p = g.idx[self.ids[ch]]
            g.place(p, sq)
            if ch in prone:
                g.status[p] = PRONE
            if ch in stunned:
                g.status[p] = STUNNED
        if ball is not None:
            g.carrier = g.idx[self.ids[ball]]
        elif ball_sq >= 0:
            g.ball = ball_sq
        g.weather = weather
        g.half = 1
        t = 0 if active == "home" else 1
        g.kicking = 1 - t
        g.turn[t] = turn - 1
        g.turn[1 - t] = turn - 1
        if start:
            g.stack.append(Turn(t))
            run(g)

    def _fields(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """Team sheet fields; the player-id fields given as diagram letters
        (``"AB"``) read as the tuple of their ids."""
        return {
            k: tuple(self.ids[c] for c in v) if k in _ID_FIELDS else v
            for k, v in fields.items()
        }

    def id(self, letter: str) -> int:
        """Player id of a diagram letter."""
        return self.ids[letter]

    def p(self, letter: str) -> int:
        """Engine player index of a diagram letter."""
        return self.match.state.idx[self.ids[letter]]

    def sq(self, x: int, y: int) -> int:
        """Square index of diagram coordinates (relative to the origin)."""
        return self.pitch.sq(self.origin[0] + x, self.origin[1] + y)

    def pos(self, letter: str) -> int:
        """Current square of a player (-1 when off the pitch)."""
        return self.match.state.pos[self.p(letter)]

    def xy(self, letter: str) -> tuple[int, int]:
        """Current diagram coordinates of a player."""
        x, y = self.pitch.xy(self.pos(letter))
        return x - self.origin[0], y - self.origin[1]

    def act(self, letter: str, action: str, target: str | None = None) -> None:
        """Activate a player with an action; ``target`` (a diagram letter)
        is the player nominated with a Blitz or a Foul."""
        self.match.apply(("activate", self.id(letter), action))
        if target is not None:
            self.match.apply(("nominate", self.id(target)))

    def move(self, x: int, y: int) -> None:
        """Move the active player one square (diagram coordinates)."""
        self.match.apply(("move", self.sq(x, y)))

    def choose(self, *choice: Any) -> None:
        """Apply a choice."""
        self.match.apply(tuple(choice))

    def events(self, kind: type | None = None) -> list[Any]:
        """Events so far, optionally of one type."""
        ev = self.match.events
        return [e for e in ev if kind is None or type(e) is kind]
