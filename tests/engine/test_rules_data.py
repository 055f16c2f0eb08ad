"""The transcribed rules data is complete and consistent."""

import pytest

from engine.core.rules_data import (
    CATEGORY_LETTERS,
    SKILL_CATEGORIES,
    RulesDataError,
    rules_data,
)

DATA = rules_data("bb2020")
ALL_POSITIONS = [(r.slug, p) for r in DATA.rosters.values() for p in r.positions]


def test_all_29_bb2020_rosters_are_there():
    assert len(DATA.rosters) == 29
    assert {
        "orc",
        "human",
        "dwarf",
        "skaven",
        "wood-elf",
        "lizardmen",
        "chaos-chosen",
        "shambling-undead",
        "snotling",
        "vampire",
    } <= set(DATA.rosters)


@pytest.mark.parametrize(
    ("roster", "position"), ALL_POSITIONS, ids=lambda x: getattr(x, "slug", x)
)
def test_every_position_is_well_formed(roster, position):
    assert position.slug
    assert position.slug == position.slug.lower()
    assert " " not in position.slug
    assert position.cost > 0
    assert position.cost % 5_000 == 0
    assert 1 <= position.ma <= 9
    assert 1 <= position.st <= 7
    assert 1 <= position.ag <= 6
    assert position.pa in (None, 1, 2, 3, 4, 5, 6)
    assert 5 <= position.av <= 11
    assert 1 <= position.max <= 16
    assert set(position.primary) | set(position.secondary) <= set(CATEGORY_LETTERS)
    for ref in position.skills:
        assert ref.skill in DATA.skills, f"{roster}/{position.slug}: {ref.skill}"


@pytest.mark.parametrize("roster", DATA.rosters.values(), ids=lambda r: r.slug)
def test_every_roster_has_unique_positions_a_lineman_and_known_rules(roster):
    slugs = [p.slug for p in roster.positions]
    assert len(slugs) == len(set(slugs))
    assert roster.lineman_positions, roster.slug
    assert all(p.max in (12, 16) for p in roster.lineman_positions)
    assert roster.reroll_cost % 10_000 == 0
    assert 1 <= roster.tier <= 3
    for rule in roster.special_rules:
        assert rule in DATA.special_rules


def test_parameterised_skills_keep_their_parameters():
    troll = DATA.rosters["orc"].position("untrained-troll")
    labels = {ref.label(DATA.skills) for ref in troll.skills}
    assert {"Loner (4+)", "Mighty Blow (+1)", "Throw Team-mate"} <= labels
    assert DATA.rosters["orc"].position("orc-lineman").skills[0].param == "Orc Linemen"


def test_known_positions_carry_exact_numbers():
    blitzer = DATA.rosters["human"].position("blitzer")
    assert (blitzer.ma, blitzer.st, blitzer.ag, blitzer.pa, blitzer.av) == (
        7,
        3,
        3,
        4,
        9,
    )
    assert (blitzer.cost, blitzer.max) == (85_000, 4)
    assert DATA.rosters["human"].reroll_cost == 50_000
    assert DATA.rosters["shambling-undead"].apothecary is False
    assert DATA.rosters["orc"].position("big-un").pa is None


def test_skill_catalogue_categories_and_random_table():
    assert {s.category for s in DATA.skills.values()} <= set(SKILL_CATEGORIES)
    assert DATA.skills["mighty-blow"].param == "+X"
    assert DATA.skills["loner"].param == "X+"
    assert DATA.skills["frenzy"].compulsory is True
    assert set(DATA.random_skill_table) == {
        "agility",
        "general",
        "mutation",
        "passing",
        "strength",
    }
    for category, slugs in DATA.random_skill_table.items():
        assert len(slugs) == 12
        assert len(set(slugs)) == 12
        assert all(DATA.skills[s].category == category for s in slugs)
    assert DATA.random_skill_table["general"][0] == "block"


def test_unknown_version_is_refused():
    with pytest.raises(RulesDataError, match="bb1987"):
        rules_data("bb1987")
