"""The BB2025 rules data (engine/data/bb2025/) loads through rules_data and
holds the digest's rosters, skills and Star Players.

Expected values are read by hand from shared/rules/bb2025 (rosters.md,
rosters.json, skills.md); the last tests compare every position and star
with the digest's rosters.json, so that a transcription slip fails.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine.core.rules_data as rd
from engine.campaign.drafting import squad_violations
from engine.core.rules_data import Position, SkillRef, rules_data
from engine.variants.base import get_variant

DATA = rules_data("bb2025")
ALL_POSITIONS = [(r.slug, p) for r in DATA.rosters.values() for p in r.positions]
ROLE_KEYWORDS = {
    "Big Guy",
    "Blitzer",
    "Blocker",
    "Catcher",
    "Lineman",
    "Runner",
    "Special",
    "Thrower",
}
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


def profile(p: Position) -> tuple[int, int, int, int | None, int]:
    return (p.ma, p.st, p.ag, p.pa, p.av)


def skills_of(refs: tuple[SkillRef, ...]) -> set[tuple[str, str | None]]:
    return {(r.skill, r.param) for r in refs}


# --- counts -------------------------------------------------------------------


def test_it_loads_30_rosters_with_159_positions():
    assert DATA.version == "bb2025"
    assert len(DATA.rosters) == 30
    assert len(ALL_POSITIONS) == 159
    assert "bretonnian" in DATA.rosters
    assert "slann" not in DATA.rosters


def test_it_loads_63_star_hires_with_66_players():
    # rosters.md: 66 entries, the three pairs being two entries each.
    assert len(DATA.star_players) == 63
    assert sum(len(s.members) for s in DATA.star_players.values()) == 66
    pairs = {s.slug for s in DATA.star_players.values() if len(s.members) == 2}
    assert pairs == {"dribl-and-drull", "grak-and-crumbleberry", "the-swift-twins"}


def test_it_has_72_skills_in_six_categories_and_36_traits():
    by_category = Counter(s.category for s in DATA.skills.values())
    assert by_category == {
        "agility": 12,
        "devious": 12,
        "general": 12,
        "mutation": 12,
        "passing": 12,
        "strength": 12,
        "trait": 36,
    }


def test_devious_skills_use_the_letter_d():
    assert DATA.categories == {
        "A": "agility",
        "D": "devious",
        "G": "general",
        "M": "mutation",
        "P": "passing",
        "S": "strength",
    }
    devious = {s.slug for s in DATA.skills.values() if s.category == "devious"}
    assert devious == {
        "dirty-player",
        "eye-gouge",
        "fumblerooski",
        "lethal-flight",
        "lone-fouler",
        "pile-driver",
        "put-the-boot-in",
        "quick-foul",
        "saboteur",
        "shadowing",
        "sneaky-git",
        "violent-innovator",
    }


# --- exact positions, one or more per roster family -----------------------------


def test_orc_roster():
    orc = DATA.rosters["orc"]
    assert (orc.tier, orc.reroll_cost, orc.apothecary) == (2, 60_000, True)
    assert set(orc.special_rules) == {
        "badlands-brawl",
        "brawlin-brutes",
        "team-captain",
    }
    thrower = orc.position("orc-thrower")
    assert profile(thrower) == (6, 3, 3, 3, 9)
    assert (thrower.cost, thrower.max) == (75_000, 2)
    assert skills_of(thrower.skills) == {("pass", None), ("sure-hands", None)}
    assert (set(thrower.primary), set(thrower.secondary)) == (
        {"G", "P"},
        {"A", "S", "D"},
    )
    assert set(thrower.keywords) == {"Orc", "Thrower"}
    big_un = orc.position("orc-big-un-blocker")
    assert profile(big_un) == (5, 4, 4, 6, 10)
    assert skills_of(big_un.skills) == {
        ("mighty-blow", None),
        ("taunt", None),
        ("thick-skull", None),
        ("unsteady", None),
    }
    assert orc.position("orc-goblin-lineman").pa == 4


def test_dwarf_deathroller_and_reroll():
    dwarf = DATA.rosters["dwarf"]
    assert (dwarf.reroll_cost, dwarf.tier, dwarf.tiers) == (
        60_000,
        2,
        {"faq_2026_05": 2, "launch": 1},
    )
    roller = dwarf.position("dwarf-deathroller")
    assert profile(roller) == (5, 7, 5, None, 11)
    assert (roller.cost, roller.max, roller.lineman) == (170_000, 1, False)
    assert skills_of(roller.skills) == {
        ("break-tackle", None),
        ("dirty-player", None),
        ("juggernaut", None),
        ("loner", "4+"),
        ("mighty-blow", None),
        ("no-ball", None),
        ("secret-weapon", None),
        ("stand-firm", None),
    }
    assert (set(roller.primary), set(roller.secondary)) == ({"D", "S"}, {"G"})
    assert set(roller.keywords) == {"Big Guy", "Dwarf"}
    slayer = dwarf.position("dwarf-troll-slayer")
    assert ("hatred", "Troll") in skills_of(slayer.skills)


def test_elves():
    prince = DATA.rosters["high-elf"].position("high-elf-dragon-prince")
    assert profile(prince) == (8, 3, 2, 4, 9)
    assert (prince.cost, prince.max) == (110_000, 2)
    assert skills_of(prince.skills) == {
        ("block", None),
        ("my-ball", None),
        ("steady-footing", None),
    }
    dancer = DATA.rosters["wood-elf"].position("wood-elf-wardancer")
    assert profile(dancer) == (8, 3, 2, 3, 8)
    assert dancer.cost == 130_000
    assert DATA.rosters["wood-elf"].position("wood-elf-catcher").max == 2
    runner = DATA.rosters["dark-elf"].position("dark-elf-runner")
    assert skills_of(runner.skills) == {("dump-off", None), ("punt", None)}
    assert set(runner.secondary) == {"S", "D"}


def test_stunty_rosters():
    snotling = DATA.rosters["snotling"]
    assert (snotling.tier, snotling.reroll_cost) == (4, 70_000)
    assert set(snotling.special_rules) == {
        "underworld-challenge",
        "bribery-and-corruption",
        "low-cost-linemen",
        "swarming",
    }
    wagon = snotling.position("snotling-pump-wagon")
    assert profile(wagon) == (5, 5, 5, 6, 9)
    assert (wagon.cost, wagon.max) == (100_000, 2)
    lineman = snotling.position("snotling-lineman")
    assert ("insignificant", None) in skills_of(lineman.skills)
    gnoblar = DATA.rosters["ogre"].position("ogre-gnoblar-lineman")
    assert profile(gnoblar) == (5, 1, 3, 4, 6)
    assert gnoblar.cost == 15_000
    assert set(gnoblar.keywords) == {"Gnoblar", "Lineman"}
    fox = DATA.rosters["gnome"].position("gnome-woodland-fox")
    assert (fox.primary, fox.secondary, fox.pa) == ((), ("A",), None)
    assert {r.slug for r in DATA.rosters.values() if r.tier == 4} == {
        "gnome",
        "goblin",
        "halfling",
        "ogre",
        "snotling",
    }


def test_undead_and_vampires():
    zombie = DATA.rosters["necromantic-horror"].position(
        "necromantic-horror-zombie-lineman"
    )
    assert profile(zombie) == (4, 3, 4, 6, 9)
    assert zombie.cost == 40_000
    assert skills_of(zombie.skills) == {
        ("eye-gouge", None),
        ("regeneration", None),
        ("unsteady", None),
    }
    assert set(zombie.keywords) == {"Lineman", "Undead", "Zombie"}
    runner = DATA.rosters["vampire"].position("vampire-runner")
    assert profile(runner) == (8, 3, 2, 3, 8)
    assert ("bloodlust", "2+") in skills_of(runner.skills)
    assert DATA.rosters["vampire"].apothecary is True
    no_apothecary = {r.slug for r in DATA.rosters.values() if not r.apothecary}
    assert no_apothecary == {
        "necromantic-horror",
        "nurgle",
        "shambling-undead",
        "tomb-kings",
    }
    undead = DATA.rosters["shambling-undead"]
    assert [p.slug for p in undead.lineman_positions] == [
        "shambling-undead-skeleton-lineman",
        "shambling-undead-zombie-lineman",
    ]


def test_old_world_and_chaos_rosters():
    nobles = DATA.rosters["imperial-nobility"]
    assert nobles.position("imperial-bodyguard").max == 4
    assert nobles.position("imperial-noble-blitzer").max == 2
    assert nobles.position("imperial-thrower").pa == 2
    assert ("loner", "3+") in skills_of(nobles.position("imperial-ogre").skills)
    knight = DATA.rosters["bretonnian"].position("bretonnian-grail-knight")
    assert profile(knight) == (7, 3, 3, 4, 10)
    assert knight.cost == 95_000
    clanrat = DATA.rosters["underworld-denizens"].position(
        "underworld-denizens-skaven-clanrat"
    )
    assert (clanrat.max, skills_of(clanrat.skills)) == (3, {("animosity", "Goblin")})
    chosen = DATA.rosters["chaos-chosen"]
    assert chosen.tier == 3
    assert set(chosen.special_rule_choice) == {
        "favoured-of-chaos-undivided",
        "favoured-of-hashut",
        "favoured-of-khorne",
        "favoured-of-nurgle",
        "favoured-of-slaanesh",
        "favoured-of-tzeentch",
    }
    assert chosen.team_rules("favoured-of-nurgle") == (
        "chaos-clash",
        "favoured-of-nurgle",
    )
    renegades = DATA.rosters["chaos-renegades"]
    assert "favoured-of-hashut" not in renegades.special_rule_choice
    rat_ogre = renegades.position("chaos-renegade-rat-ogre")
    assert profile(rat_ogre) == (6, 5, 4, 6, 9)
    assert rat_ogre.cost == 150_000
    assert DATA.rosters["norse"].conditional_rules == {
        "favoured-of-khorne": "chaos-clash"
    }
    saurus = DATA.rosters["lizardmen"].position("lizardmen-saurus-blocker")
    assert set(saurus.keywords) == {"Blocker", "Lizardman"}


@pytest.mark.parametrize(
    ("roster", "limit", "positions"),
    [
        ("chaos-chosen", 1, ["chaos-chosen-troll", "chaos-chosen-ogre"]),
        (
            "chaos-renegades",
            3,
            [
                "chaos-renegade-troll",
                "chaos-renegade-ogre",
                "chaos-renegade-minotaur",
                "chaos-renegade-rat-ogre",
            ],
        ),
        (
            "old-world-alliance",
            1,
            ["old-world-alliance-ogre", "old-world-alliance-altern-forest-treeman"],
        ),
        (
            "underworld-denizens",
            1,
            ["underworld-denizens-troll", "underworld-denizens-rat-ogre"],
        ),
    ],
)
def test_a_squad_over_the_big_guy_limit_is_refused(roster, limit, positions):
    # given a roster whose Big Guys share one limit
    r = DATA.rosters[roster]
    assert [(s.slug, s.max) for s in r.shared_limits] == [("big-guys", limit)]
    # when a squad takes one Big Guy more than the limit (checked with the
    # BB2020 draft rules, which share the squad checks and have no
    # non-Lineman cap)
    violations = squad_violations(get_variant("bb2020"), r, positions, "positions")
    # then the draft rules refuse it, naming the shared line
    assert [(v.code, v.subject) for v in violations] == [
        ("shared_limit_exceeded", "big-guys")
    ]
    assert squad_violations(get_variant("bb2020"), r, positions[:limit], "x") == []


def test_a_shared_limit_over_an_unknown_position_is_refused(tmp_path, monkeypatch):
    # given a roster whose Big Guy line names a position it lacks
    rules_data("bb2025")  # the parent is loaded (and cached) first
    raw = json.loads((rd.DATA_DIR / "bb2025" / "rosters" / "ogre.json").read_text())
    raw["shared_limits"] = [
        {"slug": "big-guys", "name": "Big Guys", "max": 1, "positions": ["no-such"]}
    ]
    base = tmp_path / "test-bad-shared-limit"
    (base / "rosters").mkdir(parents=True)
    (base / "skills.json").write_text(
        json.dumps({"extends": "bb2025", "skills": [], "random_table": {}})
    )
    (base / "rosters" / "ogre.json").write_text(json.dumps(raw))
    monkeypatch.setattr(rd, "DATA_DIR", tmp_path)
    # when it is loaded, then the loader refuses it, naming the position
    with pytest.raises(rd.RulesDataError, match="no-such"):
        rd.rules_data("test-bad-shared-limit")


# --- consistency of every position --------------------------------------------


@pytest.mark.parametrize(
    ("roster", "position"), ALL_POSITIONS, ids=lambda x: getattr(x, "slug", x)
)
def test_every_position_is_well_formed(roster, position):
    assert 1 <= position.ma <= 9
    assert 1 <= position.st <= 7
    assert 1 <= position.ag <= 6
    assert position.pa in (None, 1, 2, 3, 4, 5, 6)
    assert 6 <= position.av <= 11
    assert 1 <= position.max <= 16
    assert position.cost % 5_000 == 0
    assert position.cost > 0
    letters = set(DATA.categories)
    assert set(position.primary) <= letters
    assert set(position.secondary) <= letters
    assert not set(position.primary) & set(position.secondary)
    for ref in position.skills:
        assert ref.skill in DATA.skills, f"{roster}/{position.slug}: {ref.skill}"
        assert (ref.param is None) == (DATA.skills[ref.skill].param is None)
    roles = [k for k in position.keywords if k in ROLE_KEYWORDS]
    assert len(roles) == 1, f"{roster}/{position.slug}: {position.keywords}"
    assert len(position.keywords) >= 2
    if position.lineman:
        assert "Lineman" in position.keywords


@pytest.mark.parametrize("roster", DATA.rosters.values(), ids=lambda r: r.slug)
def test_every_roster_names_known_rules_and_leagues(roster):
    assert roster.lineman_positions
    assert 1 <= roster.tier <= 4
    assert roster.tiers["faq_2026_05"] == roster.tier
    assert roster.reroll_cost in (50_000, 60_000, 70_000)
    leagues = [r for r in roster.special_rules if r in LEAGUES]
    assert 1 <= len(leagues) <= 2
    for rule in roster.special_rules:
        assert rule in DATA.special_rules, f"{roster.slug}: {rule}"
    assert set(roster.special_rule_choice) <= set(roster.special_rules)
    assert roster.staff["apothecary"] == (50_000 if roster.apothecary else None)


def test_animosity_and_hatred_name_keywords_players_carry():
    keywords = {k for _, p in ALL_POSITIONS for k in p.keywords}
    keywords |= {
        k for s in DATA.star_players.values() for m in s.members for k in m.keywords
    }
    for roster in DATA.rosters.values():
        team_keywords = {k for p in roster.positions for k in p.keywords}
        for p in roster.positions:
            for ref in p.skills:
                if ref.skill == "animosity" and ref.param != "all":
                    assert ref.param in team_keywords, (roster.slug, p.slug)
                if ref.skill == "hatred":
                    assert ref.param in keywords, (roster.slug, p.slug)


# --- skills -------------------------------------------------------------------


def test_skill_labels():
    skills = DATA.skills
    assert {s for s, k in skills.items() if k.elite} == {
        "block",
        "dodge",
        "guard",
        "mighty-blow",
    }
    assert {k.mode for k in skills.values()} == {"active", "passive"}
    assert skills["claws"].mode == "passive"
    assert skills["jump-up"].mode == "active"
    assert skills["steady-footing"].category == "general"
    assert skills["hit-and-run"].category == "agility"
    assert skills["pile-driver"].category == "devious"
    assert skills["mighty-blow"].param is None
    assert skills["dirty-player"].param is None
    assert (skills["loner"].param, skills["hatred"].param) == ("X+", "X")
    assert skills["frenzy"].compulsory is True
    assert skills["leader"].compulsory is False
    assert "no-hands" not in skills
    assert "swarming" not in skills
    assert skills["bullseye"].requires_any == ("throw-team-mate",)
    assert skills["saboteur"].requires_any == ("secret-weapon",)
    assert set(skills["frenzy"].excludes) == {
        "ball-and-chain",
        "grab",
        "hit-and-run",
        "multiple-block",
    }


def test_skill_prerequisites_and_exclusions_are_known_and_symmetric():
    for skill in DATA.skills.values():
        for other in (*skill.requires_any, *skill.excludes):
            assert other in DATA.skills, (skill.slug, other)
        for other in skill.excludes:
            assert skill.slug in DATA.skills[other].excludes, (skill.slug, other)


def test_random_skill_table_lists_each_category_in_table_order():
    table = DATA.random_skill_table
    assert set(table) == set(DATA.categories.values())
    for category, slugs in table.items():
        assert len(slugs) == 12 == len(set(slugs))
        assert all(DATA.skills[s].category == category for s in slugs)
    assert table["devious"][0] == "dirty-player"
    assert table["general"][6] == "steady-footing"  # 4-6 / 1
    assert table["strength"][11] == "thick-skull"  # 4-6 / 6


# --- star players -------------------------------------------------------------


def test_star_profiles_and_eligibility():
    griff = DATA.star_players["griff-oberwald"]
    assert (griff.cost, griff.mega_star) == (300_000, True)
    (member,) = griff.members
    assert (member.ma, member.st, member.ag, member.pa, member.av) == (7, 4, 2, 3, 9)
    assert ("loner", "3+") in skills_of(member.skills)
    assert set(member.keywords) == {"Blitzer", "Human"}
    assert griff.rule_name == "Consummate Professional"
    assert griff.plays_for(DATA.rosters["human"].team_rules())
    assert not griff.plays_for(DATA.rosters["orc"].team_rules())
    morg = DATA.star_players["morg-n-thorg"]
    assert morg.plays_for(DATA.rosters["orc"].team_rules())
    assert not morg.plays_for(DATA.rosters["vampire"].team_rules())
    swifts = DATA.star_players["the-swift-twins"]
    assert swifts.cost == 300_000
    assert [m.slug for m in swifts.members] == ["lucien-swift", "valen-swift"]
    mega = {s.slug for s in DATA.star_players.values() if s.mega_star}
    assert mega == {
        "griff-oberwald",
        "hthark-the-unstoppable",
        "hakflem-skuttlespike",
        "ivan-deathshroud",
        "morg-n-thorg",
    }


def test_every_star_skill_and_rule_is_known():
    for star in DATA.star_players.values():
        assert star.rule_limit == "unknown"
        assert star.rules or star.any_team
        for rule in (*star.rules, *star.except_rules):
            assert rule in DATA.special_rules, (star.slug, rule)
        for m in star.members:
            for ref in m.skills:
                assert ref.skill in DATA.skills, (star.slug, ref.skill)


def test_a_roster_lists_the_stars_who_play_for_it():
    orc = DATA.rosters["orc"]
    listed = {s.name for s in orc.star_players}
    expected = {s.name for s in DATA.stars_for(orc.special_rules)}
    assert listed == expected
    assert "Varag Ghoul-Chewer" in listed
    assert "Griff Oberwald" not in listed


def test_bb2020_data_keeps_its_shape():
    bb2020 = rules_data("bb2020")
    assert "D" not in bb2020.categories
    assert bb2020.tables == {}
    assert all(not p.keywords for r in bb2020.rosters.values() for p in r.positions)
    assert all(r.tiers == {} for r in bb2020.rosters.values())
    assert bb2020.skills["block"].elite is False


# --- cross-check against the shared digest ------------------------------------

RULE_SLUGS = {"favoured-of-undivided": "favoured-of-chaos-undivided"}


def _digest_path() -> Path | None:
    """shared/rules/bb2025/rosters.json, found beside the project (or beside
    the folder of worktrees it is checked out in)."""
    for parent in Path(__file__).resolve().parents:
        path = parent / "shared" / "rules" / "bb2025" / "rosters.json"
        if path.exists():
            return path
    return None


def _digest() -> dict[str, Any]:
    path = _digest_path()
    if path is None:
        reason = "shared/rules/bb2025/rosters.json is not beside the project"
        if os.environ.get("CI"):  # CI runs beside shared/: the check must run
            pytest.fail(reason)
        pytest.skip(reason)
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _rules(codes: list[str]) -> set[str]:
    return {RULE_SLUGS.get(c, c) for c in codes}


def _digest_positions() -> list[tuple[str, dict[str, Any]]]:
    if _digest_path() is None:
        return []  # test_the_digest_is_found_and_read says so
    digest = _digest()
    return [(t["slug"], p) for t in digest["teams"] for p in t["positions"]]


DIGEST_POSITIONS = _digest_positions()


def test_the_digest_is_found_and_read():
    # the cross-checks below are parametrized by the digest's positions: none
    # found would make them vanish, so this one says so (and fails in CI)
    assert len(_digest()["teams"]) == 30
    assert len(DIGEST_POSITIONS) == 159


@pytest.mark.parametrize(
    ("roster", "raw"),
    DIGEST_POSITIONS,
    ids=[f"{roster}/{raw['slug']}" for roster, raw in DIGEST_POSITIONS],
)
def test_every_position_matches_the_digest(roster, raw):
    p = DATA.rosters[roster].position(raw["slug"])
    assert p.name == raw["name"]
    assert (p.max, p.lineman, p.cost) == (raw["max"], raw["lineman"], raw["cost"])
    assert profile(p) == (raw["ma"], raw["st"], raw["ag"], raw["pa"], raw["av"])
    assert skills_of(p.skills) == {(s["skill"], s["param"]) for s in raw["skills"]}
    assert (set(p.primary), set(p.secondary)) == (
        set(raw["primary"]),
        set(raw["secondary"]),
    )
    assert ("Big Guy" in p.keywords) == raw["big_guy"]


def test_every_roster_matches_the_digest():
    digest = _digest()
    assert sorted(DATA.rosters) == sorted(t["slug"] for t in digest["teams"])
    for team in digest["teams"]:
        r = DATA.rosters[team["slug"]]
        assert (r.name, r.tier, r.reroll_cost, r.apothecary) == (
            team["name"],
            team["tier"],
            team["reroll_cost"],
            team["apothecary"],
        )
        assert r.tiers == {
            "faq_2026_05": team["tier"],
            "launch": team["tier_alt_phaser"],
        }
        assert [p.slug for p in r.positions] == [p["slug"] for p in team["positions"]]
        rules = _rules(team["leagues"] + team["special_rules"])
        rules |= _rules(team.get("special_rules_choose_one", []))
        rules |= _rules(list(team.get("special_rules_conditional", {})))
        assert set(r.special_rules) == rules
        assert set(r.special_rule_choice) == _rules(
            team.get("special_rules_choose_one", [])
        )


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


# Star pages whose own team list disagrees with their league list: the data
# follow the leagues (engine/data/bb2025/DECISIONS.md). Star slug -> (teams
# the leagues add, teams the page's list adds).
STAR_LIST_EXCEPTIONS = {
    "morg-n-thorg": ({"gnome"}, set()),
    "skrorg-snowpelt": (set(), {"halfling"}),
    "the-mighty-zug": ({"dwarf", "ogre"}, {"amazon", "lizardmen"}),
}


def test_every_star_matches_the_digest():
    digest = _digest()["star_players"]["players"]
    members = {m.slug: (s, m) for s in DATA.star_players.values() for m in s.members}
    assert sorted(members) == sorted(raw["slug"] for raw in digest)
    for raw in digest:
        star, m = members[raw["slug"]]
        assert m.name == raw["name"]
        assert star.cost == raw["cost"]
        assert star.mega_star == raw["mega_star"]
        assert (m.ma, m.st, m.ag, m.pa, m.av) == (
            raw["ma"],
            raw["st"],
            raw["ag"],
            raw["pa"],
            raw["av"],
        )
        assert skills_of(m.skills) == {(s["skill"], s["param"]) for s in raw["skills"]}
        assert set(m.keywords) == set(raw["keywords"])
        assert _name_key(star.rule_name) == _name_key(raw["special_rule"])
        teams = {
            r.slug for r in DATA.rosters.values() if star.plays_for(r.special_rules)
        }
        listed = set(raw["plays_for_teams"])
        extra, missing = STAR_LIST_EXCEPTIONS.get(star.slug, (set(), set()))
        assert (teams - listed, listed - teams) == (extra, missing), star.slug
        if raw["hired_with"]:
            assert {x.slug for x in star.members} == {raw["slug"], raw["hired_with"]}
