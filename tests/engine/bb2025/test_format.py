"""The BB2025 format: registered under its name, played by name, held back
from what leagues, the command-line tools and the API offer."""

from __future__ import annotations

from engine.tools.rulesets import all_rulesets, pitch_rulesets
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


def test_held_back_from_leagues_tools_and_the_api() -> None:
    """Decision: not offered until every change of the edition plays."""
    assert BB2025.offered is False
    assert "bb2025" not in variants()
    assert "bb2025" not in pitch_rulesets()
    assert "bb2025" not in all_rulesets()
    assert "bb2020" in variants()
