"""Dugout match engine: Blood Bowl in pure Python, one variant object per format.

Public API::

    from engine import Match, RandomDice, get_variant, default_team_sheet
    m = Match(get_variant("sevens"), home_sheet, away_sheet, RandomDice(7))
    while not m.done:
        decision = m.pending          # who decides what, and the legal options
        m.apply(decision.options[0])  # one choice at a time
    m.result.to_dict()
"""

from __future__ import annotations

from engine.core.dice import Dice, FixedDice, RandomDice
from engine.core.errors import (
    DiceExhausted,
    IllegalChoice,
    IllegalSetup,
    RuleError,
    UnimplementedSkill,
)
from engine.core.model import (
    CasualtyRecord,
    MatchResult,
    PlayerSheet,
    PlayerStats,
    TeamSheet,
)
from engine.core.state import Decision
from engine.match import Match, check_skills, replay
from engine.tools.teams import default_team_sheet
from engine.variants import Variant, get_variant, variants

__all__ = [
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
    "Variant",
    "TeamSheet",
    "UnimplementedSkill",
    "check_skills",
    "default_team_sheet",
    "get_variant",
    "replay",
    "variants",
]
