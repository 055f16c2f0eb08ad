"""The eight Colleges of Magic as rosters (dungeon_bowl/the_teams.md), their
shared quantity lines in the draft, and the Dungeon Bowl draft numbers.

Every expected number below is read from the_teams.md by hand (the row of
the position, column by column), not from the loaded data."""

import json

import pytest

import engine.core.rules_data as rd
from engine.campaign.drafting import (
    DraftError,
    DraftRequest,
    draft_check,
    hire_check,
    suggest_draft,
)
from engine.core.rules_data import CATEGORY_LETTERS, SharedLimit, rules_data
from engine.variants.bb2020 import BloodBowl2020
from engine.variants.dungeon_bowl.colleges import dungeon_bowl

DB = dungeon_bowl()
COLLEGES = DB.colleges
DRAFT = DB.draft


class DungeonDraft(BloodBowl2020):
    """A draft format built from the Dungeon Bowl draft data alone, for these
    tests; not registered (there is no Dungeon Bowl variant yet)."""

    name = "dungeon-bowl-draft-test"
    label = "Dungeon Bowl"
    budget = DRAFT.budget
    min_players = DRAFT.min_players
    max_players = DRAFT.max_players
    max_rerolls = DRAFT.max_rerolls
    reroll_later_multiplier = DRAFT.reroll_later_multiplier
    max_assistant_coaches = DRAFT.max_assistant_coaches
    assistant_coach_cost = DRAFT.assistant_coach_cost
    max_cheerleaders = DRAFT.max_cheerleaders
    cheerleader_cost = DRAFT.cheerleader_cost
    max_dedicated_fans_at_draft = DRAFT.max_dedicated_fans_at_draft


FMT = DungeonDraft()


def profile(college, position):
    p = COLLEGES[college].position(position)
    return (p.cost, p.ma, p.st, p.ag, p.pa, p.av)


def labels(college, position):
    data = rules_data("dungeon_bowl")
    return [
        ref.label(data.skills) for ref in COLLEGES[college].position(position).skills
    ]


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def players(*groups):
    """(position, count) groups -> the players of a DraftRequest."""
    out = []
    for slug, n in groups:
        out += [(slug, f"{slug} {i}") for i in range(n)]
    return tuple(out)


# -- every college loads ----------------------------------------------------


def test_the_eight_colleges_load_with_all_96_positions():
    assert {c.name for c in COLLEGES.values()} == {
        "College of Fire",
        "College of Shadows",
        "College of Metal",
        "College of Light",
        "College of Death",
        "College of Life",
        "College of Beasts",
        "College of Heavens",
    }
    # Rows of the_teams.md, college by college: Fire 10, Shadows 16, Metal 10,
    # Light 7, Death 12, Life 16, Beasts 13, Heavens 12 = 96.
    counts = {slug: len(c.positions) for slug, c in COLLEGES.items()}
    assert counts == {
        "college-of-fire": 10,
        "college-of-shadows": 16,
        "college-of-metal": 10,
        "college-of-light": 7,
        "college-of-death": 12,
        "college-of-life": 16,
        "college-of-beasts": 13,
        "college-of-heavens": 12,
    }


@pytest.mark.parametrize("college", COLLEGES.values(), ids=lambda c: c.slug)
def test_every_college_is_well_formed(college):
    data = rules_data("dungeon_bowl")
    slugs = [p.slug for p in college.positions]
    assert len(slugs) == len(set(slugs))
    # "0-8 team re-rolls 50,000 gold pieces each" under every college.
    assert college.reroll_cost == 50_000
    assert not college.apothecary
    assert college.lineman_positions
    assert all(p.max == 16 for p in college.lineman_positions)
    for p in college.positions:
        assert p.cost % 5_000 == 0
        assert p.cost > 0
        assert 2 <= p.ma <= 9
        assert 1 <= p.st <= 6
        assert 2 <= p.ag <= 5
        assert p.pa in (None, 2, 3, 4, 5, 6)
        assert 6 <= p.av <= 11
        assert set(p.primary) | set(p.secondary) <= set(CATEGORY_LETTERS)
        assert all(ref.skill in data.skills for ref in p.skills)
    for limit in college.shared_limits:
        assert len(limit.positions) >= 2
        assert all(college.position(s).max == limit.max for s in limit.positions)


# -- hand-checked facts, one or more rows per college ------------------------


@pytest.mark.parametrize(
    ("college", "total"),
    [
        # The Cost column of the_teams.md added by hand, line by line (in
        # thousands): Fire 70+15+50 +85 +80 +70 +95+80 +140+145 = 830.
        ("college-of-fire", 830_000),
        # Shadows 70+50+40+40+40 +80+85+50 +100+90 +85+50 +110+85+55+70 = 1100.
        ("college-of-shadows", 1_100_000),
        # Metal 45+50+50 +80+85 +65 +90+90+90+110 = 755.
        ("college-of-metal", 755_000),
        # Light 60+45 +100+65 +115 +75+75 = 535.
        ("college-of-light", 535_000),
        # Death 40+40+40 +75+100 +95+90+110 +110 +115 +125+150 = 1090.
        ("college-of-death", 1_090_000),
        # Life 30+35+15+70 +20+55+90 +125 +95 +50+115 +30+20 +120+115+140 = 1125.
        ("college-of-life", 1_125_000),
        # Beasts 60 +125 +75+70+130 +100+105 +20 +150+140+150+160+140 = 1425.
        ("college-of-beasts", 1_425_000),
        # Heavens 60+50+50 +105+90+90 +80+75 +85+110 +70+95 = 960.
        ("college-of-heavens", 960_000),
    ],
)
def test_every_cost_of_a_college_adds_up_to_the_printed_column(college, total):
    assert sum(p.cost for p in COLLEGES[college].positions) == total


def test_college_of_fire():
    # "Ogre Runt Punter |145,000 | 5 | 5 | 4+ | 4+ | 10+ | Bone Head, Kick
    # Team-mate, Mighty Blow (+1), Thick Skull | PS | AG"
    assert profile("college-of-fire", "ogre-runt-punter") == (145_000, 5, 5, 4, 4, 10)
    assert labels("college-of-fire", "ogre-runt-punter") == [
        "Bone Head",
        "Kick Team-mate",
        "Mighty Blow (+1)",
        "Thick Skull",
    ]
    punter = COLLEGES["college-of-fire"].position("ogre-runt-punter")
    assert (punter.primary, punter.secondary) == (("P", "S"), ("A", "G"))
    # "Dwarf Runner | 85,000 | 6 | 3 | 3+ | 4+ | 9+ | Sure Hands, Thick Skull"
    assert profile("college-of-fire", "dwarf-runner") == (85_000, 6, 3, 3, 4, 9)
    assert labels("college-of-fire", "dwarf-runner") == ["Sure Hands", "Thick Skull"]
    # "Gnoblar Lineman | 15,000 | 5 | 1 | 3+ | 5+ | 6+", under "0-16 Linemen".
    assert profile("college-of-fire", "gnoblar-lineman") == (15_000, 5, 1, 3, 5, 6)
    assert COLLEGES["college-of-fire"].position("gnoblar-lineman").lineman
    # "0-2 Special": Troll Slayer and Chaos Dwarf Flamesmith together.
    assert (
        SharedLimit("special", "Special", 2, ("troll-slayer", "chaos-dwarf-flamesmith"))
        in COLLEGES["college-of-fire"].shared_limits
    )
    # Troll Slayer prints PA "-".
    assert COLLEGES["college-of-fire"].position("troll-slayer").pa is None


def test_college_of_shadows():
    # "Gutter Runner | 85,000 | 9 | 2 | 2+ | 4+ | 8+ | Dodge | AG | MPS"
    assert profile("college-of-shadows", "gutter-runner") == (85_000, 9, 2, 2, 4, 8)
    assert labels("college-of-shadows", "gutter-runner") == ["Dodge"]
    # "Woodland Fox ... PA - ... Primary - Secondary A"
    fox = COLLEGES["college-of-shadows"].position("woodland-fox")
    assert (fox.pa, fox.primary, fox.secondary) == (None, (), ("A",))
    assert fox.max == 4
    assert not fox.lineman
    assert (
        SharedLimit(
            "runners",
            "Runners",
            4,
            ("dark-elf-runner", "gutter-runner", "woodland-fox"),
        )
        in COLLEGES["college-of-shadows"].shared_limits
    )
    # Five Linemen positions share "0-16 Linemen".
    linemen = {s.slug: s for s in COLLEGES["college-of-shadows"].shared_limits}[
        "linemen"
    ]
    assert linemen.max == 16
    assert len(linemen.positions) == 5


def test_college_of_metal():
    # "Bloodseeker |110,000 | 5 | 4 | 4+ | 6+ | 10+ | Frenzy | GMS | A"
    assert profile("college-of-metal", "bloodseeker") == (110_000, 5, 4, 4, 6, 10)
    # "0-6 Blockers": Black Orc, Big Un Blocker, Bodyguard, Bloodseeker.
    assert (
        SharedLimit(
            "blockers",
            "Blockers",
            6,
            ("black-orc", "big-un-blocker", "bodyguard", "bloodseeker"),
        )
        in COLLEGES["college-of-metal"].shared_limits
    )
    # "0-2 Throwers" holds the Orc Thrower alone: no shared limit, max 2.
    assert "throwers" not in {
        s.slug for s in COLLEGES["college-of-metal"].shared_limits
    }
    assert COLLEGES["college-of-metal"].position("orc-thrower").max == 2


def test_college_of_light():
    # "Elven Union Blitzer |115,000 | 7 | 3 | 2+ | 3+ | 9+ | Block, Sidestep"
    assert profile("college-of-light", "elven-union-blitzer") == (
        115_000,
        7,
        3,
        2,
        3,
        9,
    )
    # "Imperial Thrower | 75,000 | 6 | 3 | 3+ | 3+ | 9+ | Pass, Running Pass"
    assert labels("college-of-light", "imperial-thrower") == ["Pass", "Running Pass"]
    assert (
        SharedLimit(
            "throwers", "Throwers", 2, ("elven-union-thrower", "imperial-thrower")
        )
        in COLLEGES["college-of-light"].shared_limits
    )


def test_college_of_death():
    # "Vampire Blitzer |110,000 | 6 | 4 | 2+ | 5+ | 9+ | Bloodlust (3+),
    # Hypnotic Gaze, Juggernaut, Regeneration | AGS | -"
    assert profile("college-of-death", "vampire-blitzer") == (110_000, 6, 4, 2, 5, 9)
    assert labels("college-of-death", "vampire-blitzer")[0] == "Bloodlust (3+)"
    assert COLLEGES["college-of-death"].position("vampire-blitzer").secondary == ()
    # "Vampire Runner ... Bloodlust (2+)"
    assert labels("college-of-death", "vampire-runner")[0] == "Bloodlust (2+)"
    assert (
        SharedLimit(
            "blitzers",
            "Blitzers",
            4,
            ("wraith", "wight-blitzer", "vampire-blitzer"),
        )
        in COLLEGES["college-of-death"].shared_limits
    )


def test_college_of_life():
    # "Treeman |120,000 | 2 | 6 | 5+ | 5+ | 11+", seven skills and traits.
    assert profile("college-of-life", "treeman") == (120_000, 2, 6, 5, 5, 11)
    assert len(COLLEGES["college-of-life"].position("treeman").skills) == 7
    # "Trained Troll ... Loner (3+)"
    assert "Loner (3+)" in labels("college-of-life", "trained-troll")
    # "0-2 Big Guys": Treeman, Trained Troll, Rotspawn.
    assert (
        SharedLimit("big-guys", "Big Guys", 2, ("treeman", "trained-troll", "rotspawn"))
        in COLLEGES["college-of-life"].shared_limits
    )
    # "Rotter Lineman | 35,000 ... Decay, Plague Ridden | GM | AS"
    rotter = COLLEGES["college-of-life"].position("rotter-lineman")
    assert (rotter.cost, rotter.primary, rotter.secondary) == (
        35_000,
        ("G", "M"),
        ("A", "S"),
    )


def test_college_of_beasts():
    # "Bloodspawn |160,000 | 5 | 5 | 4+ | - | 9+"
    assert profile("college-of-beasts", "bloodspawn") == (160_000, 5, 5, 4, None, 9)
    # "Beer Boar ... Primary - Secondary -"
    boar = COLLEGES["college-of-beasts"].position("beer-boar")
    assert (boar.cost, boar.primary, boar.secondary) == (20_000, (), ())
    # "0-3 Big Guys" over five positions.
    big = {s.slug: s for s in COLLEGES["college-of-beasts"].shared_limits}["big-guys"]
    assert big.max == 3
    assert big.positions == (
        "minotaur",
        "kroxigor",
        "rat-ogre",
        "bloodspawn",
        "yhetee",
    )
    # One Linemen position only: no shared "linemen" line.
    assert "linemen" not in {
        s.slug for s in COLLEGES["college-of-beasts"].shared_limits
    }


def test_college_of_heavens():
    # "Eagle Warrior Linewoman | 50,000 | 6 | 3 | 3+ | 4+ | 8+ | Dodge | G | AS"
    assert profile("college-of-heavens", "eagle-warrior-linewoman") == (
        50_000,
        6,
        3,
        3,
        4,
        8,
    )
    assert COLLEGES["college-of-heavens"].position("eagle-warrior-linewoman").lineman
    # "Saurus Blocker | 85,000 | 6 | 4 | 5+ | 6+ | 10+"
    assert profile("college-of-heavens", "saurus-blocker") == (85_000, 6, 4, 5, 6, 10)
    assert (
        SharedLimit(
            "blockers", "Blockers", 6, ("saurus-blocker", "jaguar-warrior-blocker")
        )
        in COLLEGES["college-of-heavens"].shared_limits
    )


@pytest.mark.parametrize(
    ("college", "name", "spell"),
    [
        ("college-of-fire", "Bright Wizard", "fireball"),
        ("college-of-shadows", "Grey Wizard", "shadowed-step"),
        ("college-of-metal", "Gold Wizard", "transmutation"),
        ("college-of-light", "Light Wizard", "blinding-light"),
        ("college-of-death", "Amethyst Wizard", "life-drain"),
        ("college-of-life", "Jade Wizard", "grasping-vines"),
        ("college-of-beasts", "Amber Wizard", "bestial-fury"),
        ("college-of-heavens", "Celestial Wizard", "chain-lightning"),
    ],
)
def test_each_college_hires_its_own_wizard_for_100000(college, name, spell):
    # the_teams.md "<Colour> Wizard 100,000 gold pieces"; inducements.md
    # pairs each wizard with its college and spell.
    wizard = DB.wizards[college]
    assert (wizard.name, wizard.cost, wizard.spell) == (name, 100_000, spell)
    assert (name, 100_000) in {(i.name, i.cost) for i in COLLEGES[college].inducements}


def test_dungeon_bowl_draft_numbers():
    # BB2020 drafting (rules_and_regulations.md): 1,000,000, 11-16 players;
    # "0-8 team re-rolls 50,000 gold pieces each", double after the draft;
    # "0-1 College Wizard 100,000". Staff and fans: Decisions in colleges.json.
    assert (DRAFT.budget, DRAFT.min_players, DRAFT.max_players) == (1_000_000, 11, 16)
    assert (DRAFT.max_rerolls, DRAFT.reroll_cost, DRAFT.reroll_later_multiplier) == (
        8,
        50_000,
        2,
    )
    assert (DRAFT.wizard_max_per_game, DRAFT.wizard_cost) == (1, 100_000)
    assert DRAFT.apothecary is False
    assert DRAFT.max_dedicated_fans_at_draft == 1
    assert (DRAFT.assistant_coach_cost, DRAFT.cheerleader_cost) == (10_000, 10_000)


# -- the shared quantity rule in the draft ------------------------------------

SHADOWS = COLLEGES["college-of-shadows"]
FIRE = COLLEGES["college-of-fire"]


def test_four_runners_of_three_kinds_are_accepted_at_the_limit():
    # 2 Dark Elf Runners (80,000) + 1 Gutter Runner (85,000) + 1 Woodland Fox
    # (50,000) = 4 Runners = the line's 0-4; 7 Hobgoblin Linemen at 40,000.
    # 160,000 + 85,000 + 50,000 + 280,000 = 575,000; 2 re-rolls 100,000.
    request = DraftRequest(
        players=players(
            ("dark-elf-runner", 2),
            ("gutter-runner", 1),
            ("woodland-fox", 1),
            ("hobgoblin-lineman", 7),
        ),
        rerolls=2,
    )
    cost = draft_check(FMT, SHADOWS, request)
    assert (cost.players, cost.rerolls, cost.total) == (575_000, 100_000, 675_000)
    assert cost.remaining == 325_000


def test_five_runners_are_refused_with_the_shared_limit_code():
    # 2 + 2 + 1 = 5 Runners > 4, though each kind is within its own 0-4.
    request = DraftRequest(
        players=players(
            ("dark-elf-runner", 2),
            ("gutter-runner", 2),
            ("woodland-fox", 1),
            ("hobgoblin-lineman", 7),
        )
    )
    with pytest.raises(DraftError) as exc:
        draft_check(FMT, SHADOWS, request)
    assert codes(exc) == [("shared_limit_exceeded", "players")]
    violation = exc.value.violations[0]
    assert violation.subject == "runners"
    assert violation.subjects == ("dark-elf-runner", "gutter-runner", "woodland-fox")
    assert "Dark Elf Runner, Gutter Runner, Woodland Fox" in violation.message
    assert "at most 4 Runners" in violation.message
    assert "asked for 5" in violation.message


def test_two_special_players_of_two_kinds_but_not_three():
    base = [("dwarf-blocker-lineman", 9)]
    ok = DraftRequest(
        players=players(*base, ("troll-slayer", 1), ("chaos-dwarf-flamesmith", 1))
    )
    # 9 x 70,000 + 95,000 + 80,000 = 805,000.
    assert draft_check(FMT, FIRE, ok).players == 805_000
    too_many = DraftRequest(
        players=players(*base, ("troll-slayer", 2), ("chaos-dwarf-flamesmith", 1))
    )
    with pytest.raises(DraftError) as exc:
        draft_check(FMT, FIRE, too_many)
    assert codes(exc) == [("shared_limit_exceeded", "players")]
    assert exc.value.violations[0].subject == "special"


def test_a_position_over_its_own_max_is_still_a_position_limit():
    # Three Troll Slayers: over the line's 2 as one position (position_limit)
    # and as the line (shared_limit_exceeded): both are reported.
    request = DraftRequest(
        players=players(("dwarf-blocker-lineman", 9), ("troll-slayer", 3))
    )
    with pytest.raises(DraftError) as exc:
        draft_check(FMT, FIRE, request)
    assert codes(exc) == [
        ("position_limit", "players"),
        ("shared_limit_exceeded", "players"),
    ]


def test_hiring_onto_a_full_shared_line_is_refused():
    squad = ["hobgoblin-lineman"] * 7 + ["witch-elf", "assassin"]
    # The "0-2 Special" line is full: a Gnome Beastmaster (55,000) is refused.
    with pytest.raises(DraftError) as exc:
        hire_check(
            FMT, SHADOWS, squad=squad, position="gnome-beastmaster", treasury=500_000
        )
    assert codes(exc) == [("shared_limit_exceeded", "position")]
    # One Special fewer, and the same hire costs its 55,000.
    assert (
        hire_check(
            FMT,
            SHADOWS,
            squad=squad[:-1],
            position="gnome-beastmaster",
            treasury=55_000,
        )
        == 55_000
    )


def test_rerolls_and_staff_follow_the_dungeon_bowl_numbers():
    request = DraftRequest(
        players=players(("hobgoblin-lineman", 11)), rerolls=9, apothecary=True
    )
    with pytest.raises(DraftError) as exc:
        draft_check(FMT, SHADOWS, request)
    assert codes(exc) == [
        ("reroll_limit", "rerolls"),
        ("apothecary_not_allowed", "apothecary"),
    ]


@pytest.mark.parametrize("college", COLLEGES.values(), ids=lambda c: c.slug)
def test_the_suggested_draft_of_every_college_is_legal(college):
    request = suggest_draft(FMT, college)
    cost = draft_check(FMT, college, request)
    assert cost.total <= 1_000_000
    slugs = [s for s, _ in request.players]
    for limit in college.shared_limits:
        assert sum(slugs.count(s) for s in limit.positions) <= limit.max


def test_the_suggested_fire_draft_fills_the_special_line_only_to_two():
    # Troll Slayer is listed first: two of them fill "0-2 Special", so no
    # Flamesmith joins them.
    slugs = [s for s, _ in suggest_draft(FMT, FIRE).players]
    assert slugs.count("troll-slayer") == 2
    assert slugs.count("chaos-dwarf-flamesmith") == 0


# -- BB2020 is unchanged --------------------------------------------------------


def test_bb2020_rosters_have_only_their_big_guy_limits_and_keep_their_catalogue():
    data = rules_data("bb2020")
    assert len(data.rosters) == 29
    # No college line: only the four Big Guy footnotes of the team rosters
    # (tests/engine/test_bb2020_big_guys.py).
    assert {
        r.slug: tuple(s.slug for s in r.shared_limits)
        for r in data.rosters.values()
        if r.shared_limits
    } == {
        "chaos-chosen": ("big-guys",),
        "chaos-renegades": ("big-guys",),
        "old-world-alliance": ("big-guys",),
        "underworld-denizens": ("big-guys",),
    }
    assert not set(data.rosters) & set(COLLEGES)
    # The BB2020 catalogue has none of the four Dungeon Bowl skills.
    assert not {
        "portal-navigator",
        "give-and-go",
        "portal-passer",
        "wall-thrower",
    } & set(data.skills)


@pytest.mark.parametrize(
    ("staff", "field"),
    [
        ({"assistant_coaches": 1}, "assistant_coaches"),
        ({"cheerleaders": 1}, "cheerleaders"),
    ],
)
def test_a_college_team_has_no_sideline_staff(staff, field):
    # Decision (colleges.json): the only benefit of assistant coaches and
    # cheerleaders is on the Kick-Off Event table, and a Dungeon Bowl game
    # has no kick-off; no college lists an apothecary (the Magic Sponge).
    request = DraftRequest(players=players(("hobgoblin-lineman", 11)), **staff)

    with pytest.raises(DraftError) as exc:
        draft_check(FMT, SHADOWS, request)

    assert [(v.code, v.field) for v in exc.value.violations] == [("staff_limit", field)]
    assert (DRAFT.max_assistant_coaches, DRAFT.max_cheerleaders) == (0, 0)
    assert FMT.staff_cost(SHADOWS, "apothecary") is None


# -- the loader refuses inconsistent college data ---------------------------------


def _write_version(tmp_path, name, college):
    base = tmp_path / name
    base.mkdir()
    (base / "skills.json").write_text(
        json.dumps({"extends": "bb2020", "skills": [], "random_table": {}})
    )
    (base / "colleges.json").write_text(json.dumps({"colleges": [college]}))


def _college(**line_changes):
    position = {
        "slug": "a",
        "name": "A",
        "cost": 50000,
        "ma": 6,
        "st": 3,
        "ag": 3,
        "pa": 4,
        "av": 9,
        "skills": [],
        "primary": ["G"],
        "secondary": ["A"],
    }
    line = {
        "slug": "linemen",
        "name": "Linemen",
        "max": 16,
        "lineman": True,
        "positions": [position, {**position, "slug": "b", "name": "B"}],
    }
    line.update(line_changes)
    return {
        "slug": "college-x",
        "name": "College X",
        "tier": 0,
        "reroll_cost": 50000,
        "apothecary": False,
        "staff": {},
        "special_rules": [],
        "star_players": [],
        "inducements": [],
        "lines": [line],
    }


def test_the_loader_reads_a_line_into_a_shared_limit(tmp_path, monkeypatch):
    rules_data("bb2020")  # the parent is loaded (and cached) first
    monkeypatch.setattr(rd, "DATA_DIR", tmp_path)
    _write_version(tmp_path, "test-lines-ok", _college())
    roster = rd.rules_data("test-lines-ok").rosters["college-x"]
    assert roster.shared_limits == (SharedLimit("linemen", "Linemen", 16, ("a", "b")),)
    assert [p.max for p in roster.positions] == [16, 16]


def test_the_loader_refuses_an_unknown_skill_and_a_repeated_position(
    tmp_path, monkeypatch
):
    rules_data("bb2020")
    monkeypatch.setattr(rd, "DATA_DIR", tmp_path)
    bad_skill = _college()
    bad_skill["lines"][0]["positions"][0]["skills"] = [{"skill": "no-such-skill"}]
    _write_version(tmp_path, "test-bad-skill", bad_skill)
    with pytest.raises(rd.RulesDataError, match="no-such-skill"):
        rd.rules_data("test-bad-skill")
    repeated = _college()
    repeated["lines"][0]["positions"][1]["slug"] = "a"
    _write_version(tmp_path, "test-repeated", repeated)
    with pytest.raises(rd.RulesDataError, match="repeats a position"):
        rd.rules_data("test-repeated")
