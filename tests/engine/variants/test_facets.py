"""A format is what a league needs (LeagueFormat), plus what a match on the
pitch needs (MatchRules: a Variant) or its own card game (CardGame): Blitz
Bowl is a league format with a card game and none of the match rules."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.match import Match
from engine.tools.teams import default_team_sheet
from engine.variants import (
    BB2020,
    BLITZ_BOWL,
    CardGame,
    LeagueFormat,
    MatchRules,
    Variant,
    match_variant,
    variants,
)


def test_every_format_is_a_league_format_and_either_a_match_or_a_card_game():
    kinds = {
        name: (isinstance(fmt, MatchRules), isinstance(fmt, CardGame))
        for name, fmt in variants().items()
    }

    assert all(isinstance(fmt, LeagueFormat) for fmt in variants().values())
    assert kinds == {
        "bb2020": (True, False),
        "bb2025": (True, False),
        "blitz-bowl": (False, True),
        "classic": (True, False),
        "dungeon-bowl": (True, False),
        "sevens": (True, False),
    }


def test_blitz_bowl_has_no_in_match_hook():
    # given the procedures the rulebook's code asks a match's variant
    # (MatchRules and the parts it is built of)
    match_only = {
        name for cls in MatchRules.__mro__ if cls is not object for name in vars(cls)
    }
    match_only -= set(vars(LeagueFormat)) | set(vars(object))
    match_only -= {"__dict__", "__weakref__"}

    # then Blitz Bowl has none of them, and a Blood Bowl format has all
    assert {"turn_starts", "game_procedure", "hooks", "block_dice"} <= match_only
    assert {"may_throw", "pass_options", "landed_safely"} <= match_only
    assert [m for m in sorted(match_only) if hasattr(BLITZ_BOWL, m)] == []
    assert all(hasattr(BB2020, m) for m in match_only)


def test_a_match_of_a_card_game_is_refused_with_the_reason():
    home = default_team_sheet("human", BB2020, first_id=1)
    away = default_team_sheet("orc", BB2020, first_id=101)
    reason = (
        "blitz-bowl is played with team cards by its own game, not as a match "
        "on the pitch"
    )

    with pytest.raises(RuleError) as refused:
        match_variant("blitz-bowl")
    assert str(refused.value) == reason
    with pytest.raises(RuleError) as refused:
        Match(BLITZ_BOWL, home, away)
    assert str(refused.value) == reason
    assert match_variant("sevens") is variants()["sevens"]
    assert isinstance(match_variant(BB2020), Variant)
