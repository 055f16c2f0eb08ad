"""Forecasting a fixture by playing it many times with the scripted bots:
win/draw/loss chances and the expected
touchdowns and casualties of each side.

Each game ``i`` of a forecast is played from the seed ``seed + i`` (dice and
bots), so the same two team sheets, variant and seed always give the same
forecast. ``CasualtyRecord.team`` names the side that suffered the
casualty; a side's casualties here are those it caused.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.core.errors import RuleError
from engine.core.model import TeamSheet
from engine.core.pitch import Pitch
from engine.match import league_match
from engine.variants import get_variant, match_variant
from engine.variants.card_game import CardGame
from engine.variants.league_format import LeagueFormat


@dataclass(frozen=True, slots=True)
class Forecast:
    """Shares of ``games`` (home win, draw, away win: they sum to 1) and
    means per game; ``seconds``: the wall time it took."""

    games: int
    home_win: float
    draw: float
    away_win: float
    home_td: float
    away_td: float
    home_cas: float
    away_cas: float
    seconds: float


@dataclass(frozen=True, slots=True)
class Outcome:
    """One simulated game: the score and the casualties each side caused."""

    score: tuple[int, int]
    caused: tuple[int, int]


def summarise(outcomes: list[Outcome], seconds: float) -> Forecast:
    n = len(outcomes)
    if n == 0:
        raise ValueError("a forecast needs at least one game")
    wins = sum(1 for o in outcomes if o.score[0] > o.score[1])
    losses = sum(1 for o in outcomes if o.score[0] < o.score[1])
    return Forecast(
        games=n,
        home_win=wins / n,
        draw=(n - wins - losses) / n,
        away_win=losses / n,
        home_td=sum(o.score[0] for o in outcomes) / n,
        away_td=sum(o.score[1] for o in outcomes) / n,
        home_cas=sum(o.caused[0] for o in outcomes) / n,
        away_cas=sum(o.caused[1] for o in outcomes) / n,
        seconds=seconds,
    )


def play_roster_game(
    fmt: LeagueFormat,
    home: TeamSheet,
    away: TeamSheet,
    seed: int,
    *,
    time_limit: bool = False,
) -> Outcome:
    """One game of a roster format (BB2020, Sevens, the classic game ...),
    on the board the variant gives that seed, with the league's time limit
    option (Dungeon Bowl)."""
    variant = match_variant(fmt)
    pitch: Pitch | None = variant.match_pitch(seed)
    m = league_match(
        variant, home, away, RandomDice(seed), pitch=pitch, time_limit=time_limit
    )
    play(m, make_bot("scripted", seed ^ 0x5EED), make_bot("scripted", seed ^ 0xBEEF))
    r = m.result
    home_hurt = sum(1 for c in r.casualties if c.team == "home")
    return Outcome(r.score, (len(r.casualties) - home_hurt, home_hurt))


def play_card_game(fmt: LeagueFormat, home: Any, away: Any, seed: int) -> Outcome:
    """One game of a format whose teams are team cards (Blitz Bowl): the
    sheets are (team name, card slug, player names); the score is the
    points; the card game keeps no casualties (none caused)."""
    if not isinstance(fmt, CardGame):
        raise RuleError(f"{fmt.name} is not a card game")
    game = fmt.play_card_game(home, away, seed)
    return Outcome((game.home_points, game.away_points), (0, 0))


def forecast(
    variant: LeagueFormat | str,
    home: Any,
    away: Any,
    *,
    games: int,
    seed: int,
    game: Callable[[LeagueFormat, Any, Any, int], Outcome] | None = None,
    time_limit: bool = False,
) -> Forecast:
    """Play ``games`` games and summarise them: ``home``/``away`` are the
    format's team sheets (a :class:`TeamSheet`, or a team card's sheet for a
    card format, which plays :func:`play_card_game`); ``time_limit``: the
    league's option, as its matches are played
    (:func:`engine.match.league_match`)."""
    v = get_variant(variant)
    if game is None:
        game = (
            play_card_game
            if v.drafts_team_card
            else partial(play_roster_game, time_limit=time_limit)
        )
    started = time.perf_counter()
    outcomes = [game(v, home, away, seed + i) for i in range(games)]
    return summarise(outcomes, time.perf_counter() - started)
