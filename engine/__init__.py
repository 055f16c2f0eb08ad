"""Dugout match engine: Blood Bowl (BB2020 and Sevens) in pure Python.

Public API::

    from engine import Match, RandomDice, get_ruleset, default_team_sheet
    m = Match(get_ruleset("sevens"), home_sheet, away_sheet, RandomDice(7))
    while not m.done:
        decision = m.pending          # who decides what, and the legal options
        m.apply(decision.options[0])  # one choice at a time
    m.result.to_dict()
"""

from __future__ import annotations

from engine.dice import Dice, FixedDice, RandomDice
from engine.errors import DiceExhausted, IllegalChoice, IllegalSetup, RuleError
from engine.match import Match, replay
from engine.model import (
    CasualtyRecord,
    MatchResult,
    PlayerSheet,
    PlayerStats,
    TeamSheet,
)
from engine.ruleset import BB2020, SEVENS, Ruleset, get_ruleset
from engine.state import Decision
from engine.teams import default_team_sheet

__all__ = [
    "BB2020",
    "SEVENS",
    "CasualtyRecord",
    "Decision",
    "Dice",
    "DiceExhausted",
    "FixedDice",
    "IllegalChoice",
    "IllegalSetup",
    "Match",
    "MatchResult",
    "PlayerSheet",
    "PlayerStats",
    "RandomDice",
    "RuleError",
    "Ruleset",
    "TeamSheet",
    "default_team_sheet",
    "get_ruleset",
    "replay",
]
