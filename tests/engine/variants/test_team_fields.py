"""A format's team and match fields (``Variant.team_fields``,
``match_fields``) and the statistics its matches record of each player
(``player_stats``): what its teams and games have, which the pages and the
API show. A team field a format lacks can never be bought."""

from __future__ import annotations

import pytest

from engine.variants import get_variant, variants
from engine.variants.fields import MATCH_FIELDS, PLAYER_STATS, TEAM_FIELDS


@pytest.mark.parametrize(
    ("fmt", "team", "match"),
    [
        ("bb2020", TEAM_FIELDS, MATCH_FIELDS),
        ("sevens", TEAM_FIELDS, MATCH_FIELDS),
        ("classic", TEAM_FIELDS, MATCH_FIELDS),
        # no apothecary (the Magic Sponge), no staff or fans (no kick-off),
        # no Fan Factor or weather (dungeon_bowl/cheat_sheet.md)
        ("dungeon-bowl", {"team_value", "treasury", "rerolls"}, set()),
        # a team card, no money, nothing that carries over
        ("blitz-bowl", set(), set()),
    ],
)
def test_each_format_declares_its_fields(fmt, team, match):
    variant = get_variant(fmt)

    assert variant.team_fields == team
    assert variant.match_fields == match


@pytest.mark.parametrize("variant", list(variants().values()), ids=lambda v: v.name)
def test_a_team_field_a_format_lacks_cannot_be_bought(variant):
    fields = variant.team_fields

    assert fields <= TEAM_FIELDS
    assert variant.match_fields <= MATCH_FIELDS
    if "rerolls" not in fields:
        assert variant.max_rerolls == 0
    if "assistant_coaches" not in fields:
        assert variant.max_assistant_coaches == 0
    if "cheerleaders" not in fields:
        assert variant.max_cheerleaders == 0
    if "dedicated_fans" not in fields:
        # the one every team starts with, free; none bought
        assert variant.max_dedicated_fans_at_draft == 1


@pytest.mark.parametrize(
    ("fmt", "stats"),
    [
        ("bb2020", PLAYER_STATS),
        ("sevens", PLAYER_STATS),
        ("classic", PLAYER_STATS),
        ("dungeon-bowl", PLAYER_STATS),
        # a game tells only who scored each Touchdown (blitz_bowl/rules.md)
        ("blitz-bowl", {"touchdowns"}),
    ],
)
def test_each_format_declares_the_statistics_its_matches_record(fmt, stats):
    assert get_variant(fmt).player_stats == stats
