"""Mercenaries: the limits they must respect and how they take the field."""

from __future__ import annotations

import pytest

from engine import Match, RandomDice, get_variant
from engine.campaign.mercenaries import (
    MercenaryHire,
    mercenary_sheet,
    mercenary_violations,
)
from engine.core.events import SetUp
from engine.core.model import TeamSheet
from engine.core.rules_data import rules_data
from engine.tools.teams import default_team_sheet

ORC = rules_data().rosters["orc"]
SKILLS = rules_data().skills
SEVENS, BB2020 = get_variant("sevens"), get_variant("bb2020")


def codes(violations) -> list[tuple[str, str | None]]:
    return [(v.code, v.field) for v in violations]


def hires(*positions: str, skill: str | None = None):
    return [(0, MercenaryHire(p, skill)) for p in positions]


def test_journeymen_to_come_count_towards_the_total() -> None:
    # five who can play: kick-off adds two journeymen, so four mercenaries fit
    squad = ["orc-lineman"] * 5
    assert (
        mercenary_violations(SEVENS, ORC, squad, hires(*["orc-lineman"] * 4), SKILLS)
        == []
    )
    assert codes(
        mercenary_violations(SEVENS, ORC, squad, hires(*["orc-lineman"] * 5), SKILLS)
    ) == [("too_many_players", "items")]


def test_star_players_in_the_same_order_count_too() -> None:
    squad = ["orc-lineman"] * 14
    assert (
        mercenary_violations(
            BB2020, ORC, squad, hires("orc-lineman", "blitzer"), SKILLS
        )
        == []
    )
    assert codes(
        mercenary_violations(
            BB2020, ORC, squad, hires("orc-lineman", "blitzer"), SKILLS, star_players=1
        )
    ) == [("too_many_players", "items")]


def test_position_limits_count_the_squad_and_the_hires() -> None:
    squad = ["orc-lineman"] * 11 + ["blitzer"] * 3
    assert codes(
        mercenary_violations(BB2020, ORC, squad, hires("blitzer", "blitzer"), SKILLS)
    ) == [("position_limit", "items")]


@pytest.mark.parametrize(
    ("position", "skill", "expected"),
    [
        ("blitzer", "tackle", []),  # General: a Blitzer's primary
        ("blitzer", "guard", []),  # Strength: primary too
        ("blitzer", "dodge", [("skill_not_allowed", "items.0.skill")]),
        ("blitzer", "block", [("duplicate_skill", "items.0.skill")]),
        ("blitzer", "no-such-skill", [("skill_not_allowed", "items.0.skill")]),
        ("wizard", None, [("unknown_position", "items.0.position")]),
    ],
)
def test_the_extra_skill_is_one_primary_skill_the_player_lacks(
    position: str, skill: str | None, expected: list[tuple[str, str]]
) -> None:
    squad = ["orc-lineman"] * 11
    assert (
        codes(
            mercenary_violations(
                BB2020, ORC, squad, hires(position, skill=skill), SKILLS
            )
        )
        == expected
    )


def test_a_mercenary_gets_loner_4_unless_the_position_has_its_own() -> None:
    blitzer = mercenary_sheet(ORC, MercenaryHire("blitzer"), player_id=9, number=12)
    assert blitzer.skills == (("animosity", "All"), ("block", None), ("loner", "4+"))
    troll = mercenary_sheet(
        ORC, MercenaryHire("untrained-troll"), player_id=9, number=12
    )
    assert [s for s, _ in troll.skills].count("loner") == 1


def test_a_team_with_spare_players_fields_its_best() -> None:
    ruleset = get_variant("sevens")
    base = default_team_sheet("orc", ruleset, first_id=1)
    extra = tuple(
        mercenary_sheet(
            ORC, MercenaryHire("blitzer"), player_id=1000 + i, number=20 + i
        )
        for i in range(3)
    )
    home = TeamSheet(
        name=base.name,
        roster=base.roster,
        players=base.players + extra,
        rerolls=0,
        apothecary=False,
        dedicated_fans=1,
    )
    m = Match(
        ruleset, home, default_team_sheet("human", ruleset, first_id=101), RandomDice(4)
    )
    while not any(isinstance(e, SetUp) and e.team == "home" for e in m.events):
        d = m.pending
        assert d is not None
        m.apply(("formation", "defence") if d.kind == "setup" else d.options[0])
    (setup,) = [e for e in m.events if isinstance(e, SetUp) and e.team == "home"]
    placed = {pid for pid, _ in setup.placement}
    assert {1000, 1001, 1002} <= placed
