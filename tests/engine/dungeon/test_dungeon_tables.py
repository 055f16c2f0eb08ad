"""The Dungeon Bowl skills, random skill table, College Wizard spells and the
Injury, Casualty and Lasting Injury tables (engine/data/dungeon_bowl/
skills.json), each row checked by hand against dungeon_bowl/
skills_and_traits.md, inducements.md and cheat_sheet.md."""

import pytest

from engine.campaign.casualty import DUNGEON_BOWL_TABLE
from engine.core.rules_data import RulesDataError, rules_data
from engine.variants.dungeon_bowl.colleges import dungeon_bowl

DB = dungeon_bowl()
DATA = rules_data("dungeon_bowl")
BB = rules_data("bb2020")


def cell(category, first, second):
    """The random skill table entry for a first D6 and a second D6: rows are
    printed 1-3 then 4-6 on the first die, 1-6 on the second."""
    return DATA.random_skill_table[category][(0 if first <= 3 else 6) + second - 1]


# -- the four Dungeon Bowl skills ---------------------------------------------


def test_the_four_dungeon_bowl_skills_and_their_categories():
    # skills_and_traits.md: "GENERAL SKILLS: PORTAL NAVIGATOR"; "PASSING
    # SKILLS: GIVE AND GO, PORTAL PASSER, WALL THROWER"; none is starred.
    assert {s: (k.name, k.category, k.compulsory) for s, k in DB.skills.items()} == {
        "portal-navigator": ("Portal Navigator", "general", False),
        "give-and-go": ("Give and Go", "passing", False),
        "portal-passer": ("Portal Passer", "passing", False),
        "wall-thrower": ("Wall Thrower", "passing", False),
    }


def test_the_catalogue_is_bb2020s_plus_the_four():
    assert set(DATA.skills) == set(BB.skills) | set(DB.skills)
    assert len(DATA.skills) == len(BB.skills) + 4
    assert DATA.skills["block"] == BB.skills["block"]


# -- the random skill table -----------------------------------------------------


@pytest.mark.parametrize(
    ("category", "first", "second", "skill"),
    [
        # General: Portal Navigator is 1-3 / 6 (BB2020 has Kick there).
        ("general", 2, 6, "portal-navigator"),
        ("general", 1, 1, "block"),
        ("general", 6, 6, "wrestle"),
        # Passing, as printed.
        ("passing", 1, 1, "accurate"),
        ("passing", 3, 2, "dump-off"),
        ("passing", 1, 3, "fumblerooskie"),
        ("passing", 2, 4, "give-and-go"),
        ("passing", 3, 5, "leader"),
        ("passing", 1, 6, "nerves-of-steel"),
        ("passing", 4, 1, "on-the-ball"),
        ("passing", 5, 2, "pass"),
        ("passing", 6, 3, "portal-passer"),
        ("passing", 4, 4, "running-pass"),
        ("passing", 5, 5, "safe-pass"),
        ("passing", 6, 6, "wall-thrower"),
        # The other columns, a cell each.
        ("agility", 4, 5, "sprint"),
        ("mutation", 4, 3, "prehensile-tail"),
        ("strength", 4, 1, "mighty-blow"),
    ],
)
def test_random_skill_table_cells(category, first, second, skill):
    assert cell(category, first, second) == skill


def test_random_table_differs_from_bb2020_only_in_general_and_passing():
    for category in ("agility", "mutation", "strength"):
        assert DATA.random_skill_table[category] == BB.random_skill_table[category]
    assert set(BB.random_skill_table["general"]) - set(
        DATA.random_skill_table["general"]
    ) == {"kick"}
    assert set(BB.random_skill_table["passing"]) - set(
        DATA.random_skill_table["passing"]
    ) == {"cannoneer", "cloud-burster", "hail-mary-pass"}
    # BB2020's own table is untouched: Kick still 1-3 / 6.
    assert BB.random_skill_table["general"][5] == "kick"
    for category, skills in DATA.random_skill_table.items():
        assert len(skills) == 12
        assert all(DATA.skills[s].category == category for s in skills)


# -- the College Wizards' spells -------------------------------------------------


def test_eight_spells_one_per_wizard_once_a_game():
    # inducements.md: "A College Wizard may only use their spell once per game."
    assert DB.spell_uses_per_game == 1
    assert len(DB.spells) == 8
    for college, wizard in DB.wizards.items():
        spell = DB.spells[wizard.spell]
        assert (spell.college, spell.wizard) == (college, wizard.slug)


@pytest.mark.parametrize(
    ("spell", "name", "cast", "numbers"),
    [
        # "a pool of three block dice is rolled"
        ("bestial-fury", "Bestial Fury", "own_activation_start", {"block_dice": 3}),
        # "Immediately make an Injury roll for the opposition player."
        ("life-drain", "Life Drain", "own_turn_start", {}),
        # "On a roll of 4+ ... hit"; target square "or a square adjacent";
        # "+1 modifier to either the Armour roll or Injury roll"
        (
            "fireball",
            "Fireball",
            "opponent_turn_start_or_end",
            {"hit_on": 4, "radius": 1, "modifier": 1},
        ),
        # "On a 3+, choose another model ... within 2 squares"
        (
            "chain-lightning",
            "Chain Lightning",
            "own_turn_start",
            {"chain_on": 3, "range": 2},
        ),
        # "roll 2D6. If the result is equal to or less than the Armour Value"
        ("transmutation", "Transmutation", "own_turn_start", {"dice": 2}),
        # "within five (5) squares of where they were"
        ("shadowed-step", "Shadowed Step", "own_turn_start", {"range": 5}),
        # "at the start of any of the opposition's team turns"
        ("grasping-vines", "Grasping Vines", "opponent_turn_start", {}),
        ("blinding-light", "Blinding Light", "opponent_turn_start", {}),
    ],
)
def test_spell_facts(spell, name, cast, numbers):
    s = DB.spells[spell]
    assert (s.name, s.cast, s.numbers) == (name, cast, numbers)
    assert s.source.startswith("dungeon_bowl/inducements.md")


# -- Injury tables (cheat_sheet.md) ----------------------------------------------


@pytest.mark.parametrize(
    ("total", "result"),
    # "2-7 Stunned", "8-9 KO'd", "10+ Casualty!"
    [
        (2, "stunned"),
        (7, "stunned"),
        (8, "ko"),
        (9, "ko"),
        (10, "casualty"),
        (13, "casualty"),
    ],
)
def test_injury_table(total, result):
    assert DB.injury(total) == result


@pytest.mark.parametrize(
    ("total", "result"),
    # "2-6 Stunned", "7-8 KO'd", "9 Badly Hurt", "10+ Casualty"
    [
        (6, "stunned"),
        (7, "ko"),
        (8, "ko"),
        (9, "badly_hurt"),
        (10, "casualty"),
        (12, "casualty"),
    ],
)
def test_stunty_injury_table(total, result):
    assert DB.injury(total, stunty=True) == result


def test_injury_below_two_is_not_on_the_table():
    with pytest.raises(RulesDataError):
        DB.injury(1)


# -- Casualty and Lasting Injury tables (cheat_sheet.md) -------------------------


@pytest.mark.parametrize(
    ("roll", "result", "mng", "niggling", "lasting", "dead"),
    [
        # "1-6 Badly Hurt: misses the rest of this game, no long term effect"
        (1, "badly_hurt", False, 0, False, False),
        (6, "badly_hurt", False, 0, False, False),
        # "7-9 Seriously Hurt: MNG"
        (7, "seriously_hurt", True, 0, False, False),
        (9, "seriously_hurt", True, 0, False, False),
        # "10-12 Serious Injury: NI and MNG"
        (10, "serious_injury", True, 1, False, False),
        (12, "serious_injury", True, 1, False, False),
        # "13-14 Lasting Injury: Characteristic Reduction and MNG"
        (13, "lasting_injury", True, 0, True, False),
        (14, "lasting_injury", True, 0, True, False),
        # "15-16 DEAD"
        (15, "dead", False, 0, False, True),
        (16, "dead", False, 0, False, True),
        # Decision: a roll pushed past 16 by Niggling Injuries is DEAD.
        (18, "dead", False, 0, False, True),
    ],
)
def test_casualty_table(roll, result, mng, niggling, lasting, dead):
    row = DB.casualty(roll)
    assert (row.result, row.miss_next_game, row.niggling) == (result, mng, niggling)
    assert (row.lasting_injury, row.dead) == (lasting, dead)


def test_casualty_table_is_a_d16_with_plus_one_per_niggling_injury():
    # "There is a +1 modifier applied to all future rolls made against this
    # player on the Casualty table per Niggling Injury they have."
    assert DB.casualty_table.dice == "D16"
    assert DB.niggling_modifier == 1
    with pytest.raises(RulesDataError):
        DB.casualty(0)


@pytest.mark.parametrize(
    ("roll", "name", "characteristic"),
    [
        (1, "Head Injury", "av"),
        (2, "Head Injury", "av"),
        (3, "Smashed Knee", "ma"),
        (4, "Broken Arm", "pa"),
        (5, "Neck Injury", "ag"),
        (6, "Dislocated Shoulder", "st"),
    ],
)
def test_lasting_injury_table(roll, name, characteristic):
    row = DB.lasting_injury(roll)
    assert (row.name, row.characteristic, row.reduction) == (name, characteristic, 1)


def test_the_data_tables_agree_with_the_campaign_casualty_table():
    # engine/campaign/casualty.py already rolls "dungeon_bowl" casualties;
    # the data transcribed here must say the same, row by row.
    assert [(r.low, r.high, r.result) for r in DB.casualty_table.rows] == [
        (r.low, r.high, r.result.value) for r in DUNGEON_BOWL_TABLE.rows
    ]
    assert [(r.low, r.high, r.name) for r in DB.casualty_table.rows] == [
        (r.low, r.high, r.injury) for r in DUNGEON_BOWL_TABLE.rows
    ]
    assert [
        (r.low, r.high, r.name, r.characteristic.upper())
        for r in DB.lasting_injury_table.rows
    ] == [
        (r.low, r.high, r.injury, r.reduction.name)
        for r in DUNGEON_BOWL_TABLE.lasting_injury
    ]


def test_every_table_covers_its_rolls_without_gap_or_overlap():
    for table, first in (
        (DB.injury_table, 2),
        (DB.stunty_injury_table, 2),
        (DB.casualty_table, 1),
        (DB.lasting_injury_table, 1),
    ):
        expected = first
        for row in table.rows:
            assert row.low == expected
            expected = (row.high or 0) + 1
