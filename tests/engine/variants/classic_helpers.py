"""Shared set-up for the classic tests: a human (home) v orc (away) match
with scripted dice, stopped where the home team has set up to kick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine import Match
from engine.core.dice import FixedDice
from engine.core.model import TeamSheet
from engine.core.state import GameState
from engine.tools.teams import default_team_sheet
from engine.variants import CLASSIC

# Pre-game: Fan Factor D3s 2 and 3 (Dedicated Fans 1: Fan Factor home 3,
# away 4), Weather 3+4 = 7 (perfect), coin toss 6 v 1: home wins and kicks.
PRE: list[int | str] = [2, 3, 3, 4, 6, 1]

# The kick is aimed at (22, 3), in the away half, where nobody stands (see
# the formations below). Scatter D8 7 (straight down) D6 2: it comes down on
# the empty (22, 5) and bounces D8 7 to the empty (22, 6).
TARGET = (22, 3)
SCATTER: list[int | str] = [7, 2, 7]

# The default formations (home "defence", away "offence") put, among
# others: home 1 (12, 7), 2 (12, 6), 5 (12, 8) on the Line of Scrimmage,
# 10 at (9, 7), 13 at (7, 7), Catchers 3 and 4 in the Reserves; away 105
# (13, 7), 106 (13, 5), 103 (13, 9) on the Line of Scrimmage, Throwers 101
# and 102 in the Reserves.


def home_sheet(**changes: Any) -> TeamSheet:
    return replace(default_team_sheet("human", CLASSIC, first_id=1), **changes)


def away_sheet(**changes: Any) -> TeamSheet:
    return replace(default_team_sheet("orc", CLASSIC, first_id=101), **changes)


def start(
    dice: Sequence[int | str] = (),
    home: TeamSheet | None = None,
    away: TeamSheet | None = None,
) -> Match:
    """Pre-game, home kicks, both set up; pending: the kick target."""
    m = Match(
        CLASSIC,
        home or home_sheet(),
        away or away_sheet(),
        FixedDice([*PRE, *dice]),
    )
    m.apply(("kick",))
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    assert m.pending is not None
    assert m.pending.kind == "kick_target"
    return m


def sq(x: int, y: int) -> int:
    return CLASSIC.pitch.sq(x, y)


def kick(m: Match, x: int = TARGET[0], y: int = TARGET[1]) -> None:
    m.apply(("square", sq(x, y)))


def at(g: GameState, pid: int) -> tuple[int, int]:
    return CLASSIC.pitch.xy(g.pos[g.idx[pid]])


def remaining(m: Match) -> int:
    dice = m.state.dice
    assert isinstance(dice, FixedDice)
    return dice.remaining


def end_turns_until_half_time(m: Match) -> None:
    """Both teams end their turns at once until the first half is over."""
    while m.pending is not None and m.pending.kind == "activate":
        if m.state.half != 1:
            break
        m.apply(("end_turn",))
