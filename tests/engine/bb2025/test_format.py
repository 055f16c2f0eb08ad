"""The BB2025 format: registered under its name, played by name, offered to
leagues, the command-line tools and the API."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.errors import RuleError
from engine.tools.rulesets import all_rulesets, pitch_rulesets
from engine.tools.simulate import simulate
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, BB2025, BloodBowl2020, get_variant, variants
from engine.variants.base import match_variant


def test_registered_under_its_name_and_played_by_name() -> None:
    assert get_variant("bb2025") is BB2025
    assert match_variant("bb2025") is BB2025
    assert BB2025.rules_data_version == "bb2025"


def test_inherits_bb2020() -> None:
    assert isinstance(BB2025, BloodBowl2020)
    assert BB2025.pitch is BB2020.pitch
    assert BB2025.injury_table == BB2020.injury_table
    assert BB2025.weather_table == BB2020.weather_table


def test_offered_to_leagues_the_tools_and_the_api() -> None:
    assert BB2025.offered is True
    assert variants()["bb2025"] is BB2025
    assert "bb2025" in pitch_rulesets()
    assert "bb2025" in all_rulesets()
    assert "bb2020" in variants()


def test_prayers_to_nuffle_and_the_mascot_play() -> None:
    home = replace(
        default_team_sheet("human", BB2025, first_id=1), prayers=3, mascot=True
    )
    away = default_team_sheet("orc", BB2025, first_id=101)
    with pytest.raises(RuleError, match="Prayers to Nuffle"):
        Match(BB2025, replace(home, prayers=4), away)
    Match(BB2025, home, away)


def test_a_whole_game_plays_through() -> None:
    """Two scripted bots play a seeded BB2025 game to the end; the result
    names the sides that stalled."""
    result = simulate("bb2025", "human", "orc", 0, "scripted")
    assert result["ruleset"] == "bb2025"
    assert min(result["turns_played"].values()) >= 1  # type: ignore[attr-defined]
    assert isinstance(result["stalled"], list)


def test_the_default_teams_are_the_editions_rosters() -> None:
    # The Snotling default team keeps no more Insignificant Snotling Linemen
    # than other players (6 positionals: 6 Linemen, not 7); a BB2025 roster
    # of the edition only (Bretonnian) has a default team too.
    snotlings = default_team_sheet("snotling", BB2025)
    small = [p for p in snotlings.players if p.has("insignificant")]
    assert (len(small), len(snotlings.players)) == (6, 12)
    assert default_team_sheet("bretonnian", BB2025).roster == "bretonnian"
    result = simulate("bb2025", "snotling", "bretonnian", 3, "random")
    assert min(result["turns_played"].values()) >= 1  # type: ignore[attr-defined]
