"""BB2025 data read with exact values: the data DECIDE points of the digest
(shared/rules/bb2025/README.md; decided in engine/data/bb2025/DECISIONS.md)
— 2 tiers, 6 the Frog, 15 inducement prices, 19 Star Players in rosters, 22
roster disputes, 23 'Ooligan — and the rows of changes_from_bb2020.md the
data carries: keywords, Elite skills, leagues, team special rules (Swarming,
Low Cost Linemen, Bribery and Corruption), re-roll costs, Matched Play, and
the post-game tables kept from BB2020 (Dedicated Fans, Expensive
Mistakes)."""

from __future__ import annotations

import pytest

from engine.campaign import ScriptedRoller
from engine.campaign.postgame import (
    EXPENSIVE_MISTAKES_TABLE,
    Outcome,
    TeamPostgame,
    update_dedicated_fans,
)
from engine.core.rules_data import rules_data
from engine.rules.wizard import FROG
from engine.tools.scenario import Scenario
from engine.variants import BB2025

DATA = rules_data("bb2025")
TABLES = DATA.tables


def rosters_with(rule: str) -> set[str]:
    return {slug for slug, r in DATA.rosters.items() if rule in r.special_rules}


# -- DECIDE 2: tiers -----------------------------------------------------------

TIERS_2026_05 = {
    1: {
        "amazon",
        "chaos-dwarf",
        "dark-elf",
        "high-elf",
        "lizardmen",
        "norse",
        "old-world-alliance",
        "underworld-denizens",
        "wood-elf",
    },
    2: {
        "bretonnian",
        "dwarf",
        "elven-union",
        "human",
        "imperial-nobility",
        "necromantic-horror",
        "orc",
        "shambling-undead",
        "skaven",
        "tomb-kings",
        "vampire",
    },
    3: {"black-orc", "chaos-chosen", "chaos-renegades", "khorne", "nurgle"},
    4: {"gnome", "goblin", "halfling", "ogre", "snotling"},
}


def test_four_tiers_the_may_2026_faq_by_default() -> None:
    """DECIDE 2 (engine/data/bb2025/DECISIONS.md): ``tier`` is the May 2026
    FAQ's; the launch values are kept beside it."""
    by_tier: dict[int, set[str]] = {}
    for slug, roster in DATA.rosters.items():
        by_tier.setdefault(roster.tier, set()).add(slug)
        assert roster.tier == roster.tiers["faq_2026_05"]
    assert by_tier == TIERS_2026_05
    launch = {
        slug: r.tiers["launch"]
        for slug, r in DATA.rosters.items()
        if r.tiers["launch"] != r.tier
    }
    assert launch == {
        "black-orc": 1,
        "bretonnian": 1,
        "chaos-chosen": 1,
        "dwarf": 1,
        "nurgle": 2,
    }


# -- DECIDE 6: the Frog ----------------------------------------------------------


def test_the_frog_is_ma5_st1_ag2_no_pa_av5() -> None:
    """DECIDE 6: FFB's profile (BB2020's), not RL's PA 5+ AV 9+; the Zap!
    the match plays turns a player into that frog."""
    frog = TABLES["wizard_spells"]["zap"]["frog"]
    profile = (frog["ma"], frog["st"], frog["ag"], frog["pa"], frog["av"])
    assert profile == (5, 1, 2, None, 5)
    assert FROG == (5, 1, 2, 0, 5)  # PA 0: none


# -- DECIDE 15: inducement prices ------------------------------------------------


def test_the_single_source_inducement_prices() -> None:
    """DECIDE 15: RL's prices (Prayers 10k 0-3, Temp Agency Cheerleaders 5k
    0-5, Part-time Assistant Coaches 0-5, Team Mascot 25k, Weather Mage 25k,
    Riotous Rookies 150k), in the data and in the format's catalogue."""
    want = {
        "prayers_to_nuffle": (3, 10_000),
        "temp_agency_cheerleaders": (5, 5_000),
        "part_time_assistant_coaches": (5, 20_000),
        "team_mascot": (1, 25_000),
        "weather_mage": (1, 25_000),
        "riotous_rookies": (1, 150_000),
    }
    items = {i["slug"]: i for i in TABLES["inducements"]["items"]}
    assert {s: (items[s]["max"], items[s]["price"]) for s in want} == want
    catalogue = BB2025.inducement_catalogue()
    assert {s: (catalogue[s].max_count, catalogue[s].price) for s in want} == want


# -- DECIDE 19: Star Players are inducements, not roster positions ---------------


def test_star_players_stay_inducements() -> None:
    """DECIDE 19: no league roster holds a Star Player as a position; a
    team induces 0-2 per game; the Matched Play star costs and caps are data
    only."""
    stars = {m.slug for s in DATA.star_players.values() for m in s.members}
    positions = {p.slug for r in DATA.rosters.values() for p in r.positions}
    assert len(stars) == 66
    assert not stars & positions
    assert BB2025.inducement_catalogue()["star_players"].max_count == 2
    mp = TABLES["matched_play"]
    assert (mp["costs"]["star_player"], mp["costs"]["mega_star"]) == (2, 4)
    assert mp["max_mega_stars"] == 1
    caps = {t["tier"]: t["max_star_players"] for t in mp["tiers"]}
    assert caps == {1: 1, 2: 2, 3: 2, 4: 2}


# -- DECIDE 22: roster disputes, the primary source's values ---------------------


def test_roster_disputes_keep_the_primary_values() -> None:
    """DECIDE 22 (rosters.md "Main roster disputes"); the Orc, Dwarf, Wood
    Elf, High Elf and Imperial Nobility ones are in test_bb2025_data.py."""
    rosters = DATA.rosters
    assert ("loner", "3+") in {
        (s.skill, s.param) for s in rosters["human"].position("human-ogre").skills
    }
    renegades = rosters["chaos-renegades"]
    human = renegades.position("chaos-renegade-human")
    assert (human.max, [(s.skill, s.param) for s in human.skills]) == (
        16,
        [("animosity", "all")],
    )
    assert renegades.position("chaos-renegade-rat-ogre").max == 1
    skaven = rosters["underworld-denizens"].position(
        "underworld-denizens-skaven-blitzer"
    )
    assert (skaven.pa, tuple(skaven.secondary)) == (4, ("A", "P"))
    assert rosters["snotling"].position("snotling-pump-wagon").cost == 100_000
    assert (rosters["dwarf"].reroll_cost, rosters["snotling"].reroll_cost) == (
        60_000,
        70_000,
    )


# -- DECIDE 23: 'Ooligan's Dirty Player has no value, and plays +1 ---------------


def test_the_ooligans_dirty_player_has_no_value() -> None:
    ooligan = DATA.rosters["goblin"].position("goblin-ooligan")
    assert ("dirty-player", None) in {(s.skill, s.param) for s in ooligan.skills}


def test_dirty_player_without_a_value_adds_one() -> None:
    """Parameterised skills removed: Dirty Player is a flat +1 to the
    Armour roll of a Foul (4 + 4 + 1 = 9 breaks AV 9+)."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset="bb2025",
        prone="b",
        skills={"A": [("dirty-player", None)]},
        dice=[4, 4, 2, 1],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    from engine.core.events import Armour

    armour = sc.events(Armour)[0]
    assert (armour.modifier, armour.broken) == (1, True)


# -- Keywords, Elite skills --------------------------------------------------------

# changes_from_bb2020.md "Keywords": FFB's list. Skink (Lizardmen Skinks,
# Dribl and Drull; engine/data/bb2025/DECISIONS.md "Keywords") and Dryad
# (Willow Rosebark) are kept from the profiles.
KEYWORDS = {
    "Animal", "Beastman", "Big Guy", "Blitzer", "Blocker", "Bugman", "Catcher",
    "Construct", "Dwarf", "Elf", "Ghoul", "Gnoblar", "Gnome", "Goblin",
    "Halfling", "Human", "Lineman", "Lizardman", "Minotaur", "Ogre", "Orc",
    "Runner", "Skaven", "Skeleton", "Snakeman", "Snotling", "Spawn", "Special",
    "Spite", "Squirrel", "Thrall", "Thrower", "Treeman", "Troll", "Undead",
    "Vampire", "Werewolf", "Wraith", "Yhetee", "Zoat", "Zombie",
}  # fmt: skip


def test_every_position_carries_known_keywords() -> None:
    for roster in DATA.rosters.values():
        for p in roster.positions:
            assert p.keywords, p.slug
            assert set(p.keywords) <= KEYWORDS | {"Skink"}, p.slug
            if p.lineman:  # the 0-12/0-16 positions; others may be Linemen too
                assert "Lineman" in p.keywords, p.slug
    star_words = {
        k for s in DATA.star_players.values() for m in s.members for k in m.keywords
    }
    assert star_words - KEYWORDS == {"Skink", "Dryad"}


def test_elite_skills() -> None:
    """Block, Dodge, Guard, Mighty Blow; Matched Play buys each at most 4
    times."""
    assert {s for s, k in DATA.skills.items() if k.elite} == {
        "block",
        "dodge",
        "guard",
        "mighty-blow",
    }
    assert TABLES["matched_play"]["max_each_elite_skill"] == 4


# -- Leagues and team special rules --------------------------------------------------

LEAGUES = {
    "badlands-brawl",
    "chaos-clash",
    "elven-kingdoms-league",
    "halfling-thimble-cup",
    "lustrian-superleague",
    "old-world-classic",
    "sylvanian-spotlight",
    "underworld-challenge",
    "woodland-league",
    "worlds-edge-superleague",
}


def test_every_team_belongs_to_one_or_two_leagues() -> None:
    seen: set[str] = set()
    for slug, roster in DATA.rosters.items():
        leagues = set(roster.special_rules) & LEAGUES
        assert 1 <= len(leagues) <= 2, slug
        seen |= leagues
    assert seen == LEAGUES
    assert rosters_with("chaos-clash") >= {"norse", "khorne", "nurgle"}
    assert rosters_with("woodland-league") == {"gnome", "halfling", "wood-elf"}
    # Norse: Favoured of Khorne only in the Chaos Clash league
    assert DATA.rosters["norse"].conditional_rules == {
        "favoured-of-khorne": "chaos-clash"
    }


def test_team_special_rules() -> None:
    assert rosters_with("brawlin-brutes") == {
        "black-orc",
        "dwarf",
        "khorne",
        "nurgle",
        "ogre",
        "orc",
    }
    assert rosters_with("bribery-and-corruption") == {
        "black-orc",
        "dwarf",
        "goblin",
        "snotling",
        "underworld-denizens",
    }
    assert rosters_with("masters-of-undeath") == {
        "necromantic-horror",
        "shambling-undead",
        "tomb-kings",
        "vampire",
    }
    assert rosters_with("team-captain") == {"human", "orc"}
    assert "favoured-of-hashut" in DATA.rosters["chaos-dwarf"].special_rules
    assert rosters_with("swarming") == {"snotling"}
    assert rosters_with("low-cost-linemen") == {"ogre", "snotling"}


def test_bribery_and_corruption_teams_buy_six_bribes_at_50000() -> None:
    bribes = BB2025.inducement_catalogue()["bribes"]
    assert (bribes.max_count, bribes.price) == (3, 100_000)
    assert (bribes.reduced_max, bribes.reduced_price, bribes.reduced_for) == (
        6,
        50_000,
        "bribery-and-corruption",
    )


def test_swarming_is_a_team_rule_not_a_trait() -> None:
    """Swarming is no player's skill in BB2025: the Snotling team has it,
    and its Lineman-keyword players swarm (test_swarming.py)."""
    for roster in DATA.rosters.values():
        for p in roster.positions:
            assert "swarming" not in {s.skill for s in p.skills}, p.slug
    assert DATA.special_rules["swarming"].name == "Swarming"


def test_re_roll_costs() -> None:
    assert {slug: r.reroll_cost for slug, r in DATA.rosters.items()} == {
        "amazon": 60_000,
        "black-orc": 60_000,
        "bretonnian": 60_000,
        "chaos-chosen": 50_000,
        "chaos-dwarf": 70_000,
        "chaos-renegades": 70_000,
        "dark-elf": 50_000,
        "dwarf": 60_000,
        "elven-union": 50_000,
        "gnome": 50_000,
        "goblin": 60_000,
        "halfling": 60_000,
        "high-elf": 50_000,
        "human": 50_000,
        "imperial-nobility": 60_000,
        "khorne": 60_000,
        "lizardmen": 70_000,
        "necromantic-horror": 70_000,
        "norse": 60_000,
        "nurgle": 60_000,
        "ogre": 70_000,
        "old-world-alliance": 70_000,
        "orc": 60_000,
        "shambling-undead": 70_000,
        "skaven": 50_000,
        "snotling": 70_000,
        "tomb-kings": 60_000,
        "underworld-denizens": 70_000,
        "vampire": 60_000,
        "wood-elf": 50_000,
    }
    human = DATA.rosters["human"]
    assert BB2025.reroll_cost(human, at_draft=True) == 50_000
    assert BB2025.reroll_cost(human, at_draft=False) == 100_000  # double later


# -- Matched Play (not offered: the data is kept) -----------------------------------


def test_matched_play_data_is_kept() -> None:
    """Decision: Matched Play is a tournament drafting mode Dugout's leagues
    do not offer; its numbers are kept as data (engine/data/bb2025/DECISIONS.md)."""
    mp = TABLES["matched_play"]
    tiers = {
        t["tier"]: (t["skill_points"], t["max_secondary_skills"]) for t in mp["tiers"]
    }
    assert tiers == {1: (6, 1), 2: (8, 2), 3: (9, 3), 4: (10, 4)}
    assert (mp["costs"]["primary_skill"], mp["costs"]["secondary_skill"]) == (1, 2)
    assert mp["max_added_skills_per_player"] == 1
    assert mp["added_skills_raise_value"] is False


# -- After the game: Dedicated Fans and Expensive Mistakes ----------------------------


@pytest.mark.parametrize(
    ("fans", "outcome", "d6", "after"),
    [
        (3, Outcome.WIN, 3, 4),
        (3, Outcome.WIN, 2, 3),
        (3, Outcome.LOSS, 2, 2),
        (3, Outcome.LOSS, 3, 3),
        (1, Outcome.LOSS, 1, 1),
    ],
)
def test_dedicated_fans_after_the_game(
    fans: int, outcome: Outcome, d6: int, after: int
) -> None:
    """A win: D6 at least the Dedicated Fans, +1; a loss: D6 below them, -1;
    as the edition's table (``dedicated_fans``) says, a BB2025 post-game
    step."""
    table = TABLES["dedicated_fans"]
    assert table["win"]["gain_on_roll_at_least"] == "dedicated_fans"
    assert table["loss"]["lose_on_roll_below"] == "dedicated_fans"
    assert "fans" in BB2025.postgame_steps
    team = TeamPostgame(team_id=1, dedicated_fans=fans, fan_factor=5, touchdowns=0)
    result = update_dedicated_fans(team, outcome, ScriptedRoller([d6]))
    assert (result.before, result.after) == (fans, after)


def test_expensive_mistakes_table_is_the_editions() -> None:
    """The engine's table (BB2020's) is the edition's, cell by cell, and a
    BB2025 post-game step."""
    names = {
        "averted": "crisis_averted",
        "minor": "minor_incident",
        "major": "major_incident",
        "catastrophe": "catastrophe",
    }
    table = TABLES["expensive_mistakes"]
    assert [[names[o] for o in row["outcomes"]] for row in table["rows"]] == [
        [str(i) for i in row] for row in EXPENSIVE_MISTAKES_TABLE
    ]
    assert table["from_treasury"] == 100_000
    assert "expensive_mistakes" in BB2025.postgame_steps
