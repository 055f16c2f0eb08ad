"""The BB2025 game and league tables (engine/data/bb2025/tables/) as
rules_data("bb2025").tables: every die table covers its die, and the numbers
are those of shared/rules/bb2025/tables.md (read by hand)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine.core.rules_data as rd
from engine.core.rules_data import RulesDataError, rules_data

TABLES = rules_data("bb2025").tables
DIE_RANGES = {"D6": (1, 6), "D8": (1, 8), "D16": (1, 16), "2D6": (2, 12)}


def lookup(table: dict[str, Any], roll: int) -> dict[str, Any]:
    (row,) = [r for r in table["rows"] if r["roll"][0] <= roll <= r["roll"][1]]
    return row


def results(name: str) -> dict[int, str]:
    """Roll -> result of a die table."""
    table = TABLES[name]
    low, high = DIE_RANGES[table["die"]]
    return {roll: lookup(table, roll)["result"] for roll in range(low, high + 1)}


@pytest.mark.parametrize(
    "name",
    [
        "weather",
        "kickoff",
        "argue_the_call",
        "injury",
        "stunty_injury",
        "casualty",
        "lasting_injury",
        "prayers_to_nuffle",
        "characteristic_improvement",
        "expensive_mistakes",
    ],
)
def test_each_die_table_covers_every_roll_once(name):
    table = TABLES[name]
    low, high = DIE_RANGES[table["die"]]
    covered = [
        n for row in table["rows"] for n in range(row["roll"][0], row["roll"][1] + 1)
    ]
    assert covered == list(range(low, high + 1))


def test_weather():
    assert results("weather") == {
        2: "sweltering_heat",
        3: "very_sunny",
        **dict.fromkeys(range(4, 11), "perfect"),
        11: "pouring_rain",
        12: "blizzard",
    }


def test_kickoff_has_charge_and_dodgy_snack():
    assert results("kickoff") == {
        2: "get_the_ref",
        3: "time_out",
        4: "solid_defence",
        5: "high_kick",
        6: "cheering_fans",
        7: "brilliant_coaching",
        8: "changing_weather",
        9: "quick_snap",
        10: "charge",
        11: "dodgy_snack",
        12: "pitch_invasion",
    }
    for roll in (4, 9, 10):
        assert lookup(TABLES["kickoff"], roll)["players"] == "D3+3"


def test_argue_the_call():
    assert results("argue_the_call") == {
        1: "coach_ejected",
        2: "sent_off",
        3: "sent_off",
        4: "sent_off",
        5: "sent_off",
        6: "not_sent_off",
    }


def test_injury_tables_and_thick_skull():
    injury = results("injury")
    assert [injury[n] for n in range(2, 13)] == ["stunned"] * 6 + ["ko"] * 2 + [
        "casualty"
    ] * 3
    stunty = results("stunty_injury")
    assert [stunty[n] for n in range(2, 13)] == (
        ["stunned"] * 5 + ["ko"] * 2 + ["badly_hurt"] + ["casualty"] * 3
    )
    assert TABLES["injury"]["skill_rows"]["thick-skull"][0]["roll"] == [8, 8]
    assert TABLES["stunty_injury"]["skill_rows"]["thick-skull"][0]["roll"] == [7, 7]
    assert TABLES["ko_recovery"]["target"] == 4


def test_casualty_table_widens_badly_hurt():
    casualty = results("casualty")
    assert [casualty[n] for n in range(1, 17)] == (
        ["badly_hurt"] * 8
        + ["seriously_hurt"] * 2
        + ["serious_injury"] * 2
        + ["lasting_injury"] * 2
        + ["dead"] * 2
    )
    assert TABLES["casualty"]["modifiers"] == {"per_niggling_injury": 1, "decay": 1}


def test_lasting_injury_and_its_minimum():
    table = TABLES["lasting_injury"]
    by_roll = {n: lookup(table, n) for n in range(1, 7)}
    assert [(r["result"], r["characteristic"]) for r in by_roll.values()] == [
        ("head_injury", "av"),
        ("head_injury", "av"),
        ("smashed_knee", "ma"),
        ("broken_arm", "pa"),
        ("dislocated_hip", "ag"),
        ("dislocated_shoulder", "st"),
    ]
    assert table["at_minimum"] == "seriously_hurt"
    assert table["minimum"] == {"ma": 1, "st": 1, "ag": 6, "pa": 6, "av": 3}


def test_stalling_hits_on_a_roll_of_the_turn_or_more():
    turns = {t["turn"]: t["hit_on"] for t in TABLES["stalling"]["turns"]}
    assert turns == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: None, 8: None}
    assert TABLES["stalling"]["loses_winnings_bonus"] is True


def test_prayers_to_nuffle():
    prayers = results("prayers_to_nuffle")
    assert len(set(prayers.values())) == 16
    assert prayers[8] == "blessing_of_nuffle"
    assert prayers[9] == "moles_under_the_pitch"
    assert prayers[11] == "dazzling_catching"
    assert prayers[12] == "fan_interaction"
    assert "necessary_violence" not in prayers.values()
    assert TABLES["prayers_to_nuffle"]["duration"] == "game"


def test_inducement_catalogue():
    items = {i["slug"]: i for i in TABLES["inducements"]["items"]}
    assert {s: (i["max"], i["price"]) for s, i in items.items()} == {
        "prayers_to_nuffle": (3, 10_000),
        "part_time_assistant_coaches": (5, 20_000),
        "temp_agency_cheerleaders": (5, 5_000),
        "team_mascot": (1, 25_000),
        "weather_mage": (1, 25_000),
        "blitzers_best_kegs": (2, 50_000),
        "bribes": (3, 100_000),
        "extra_team_training": (8, 100_000),
        "mortuary_assistant": (1, 100_000),
        "plague_doctor": (1, 100_000),
        "riotous_rookies": (1, 150_000),
        "wandering_apothecaries": (2, 100_000),
        "halfling_master_chef": (1, 300_000),
        "biased_referee": (1, 120_000),
        "josef_bugman": (1, 100_000),
        "mercenaries": (3, None),
        "star_players": (2, None),
        "wizard": (1, 150_000),
    }
    bribery = "bribery-and-corruption"
    assert items["bribes"]["price_for"] == {bribery: 50_000}
    assert items["bribes"]["max_for"] == {bribery: 6}
    assert items["biased_referee"]["price_for"] == {bribery: 80_000}
    # "300,000 (100,000 Halfling teams)": the Halfling roster's price
    assert items["halfling_master_chef"]["price_for_roster"] == {"halfling": 100_000}
    assert items["mortuary_assistant"]["requires_rule"] == "masters-of-undeath"
    assert items["riotous_rookies"]["requires_rule"] == "low-cost-linemen"
    merc = items["mercenaries"]
    assert (merc["surcharge"], merc["skill_price"], merc["loner"]) == (
        30_000,
        50_000,
        "4+",
    )
    assert "special_plays" not in items
    assert TABLES["petty_cash"]["lower_ctv_treasury_cap"] == 50_000


def test_each_roster_lists_its_own_inducement_prices():
    data = rules_data("bb2025")

    def prices(roster: str) -> dict[str, int]:
        return {i.name: i.cost for i in data.rosters[roster].inducements}

    snotling = prices("snotling")
    assert snotling["Bribes"] == 50_000
    assert snotling["Biased Referee: Dodgy League Rep"] == 80_000
    assert snotling["Riotous Rookies"] == 150_000
    assert prices("halfling")["Halfling Master Chef"] == 100_000
    assert prices("human")["Halfling Master Chef"] == 300_000
    assert prices("human")["Bribes"] == 100_000
    assert "Mortuary Assistant" not in prices("human")
    assert prices("tomb-kings")["Mortuary Assistant"] == 100_000
    assert "Wandering Apothecaries" not in prices("tomb-kings")
    assert prices("nurgle")["Plague Doctor"] == 100_000


def test_wizard_frog_profile():
    frog = TABLES["wizard_spells"]["zap"]["frog"]
    assert (frog["ma"], frog["st"], frog["ag"], frog["pa"], frog["av"]) == (
        5,
        1,
        2,
        None,
        5,
    )
    assert TABLES["wizard_spells"]["fireball"]["armour_modifier"] == 1
    assert TABLES["wizard_spells"]["fireball"]["injury_modifier"] == 0


def test_spp_values():
    spp = TABLES["spp"]
    assert {k: spp[k] for k in ("completion", "superb_throw", "safe_landing")} == {
        "completion": 1,
        "superb_throw": 1,
        "safe_landing": 1,
    }
    assert (spp["interception"], spp["casualty"], spp["touchdown"], spp["mvp"]) == (
        2,
        2,
        3,
        4,
    )
    assert "deflection" not in spp
    assert spp["team_rules"] == {"brawlin-brutes": {"touchdown": 2, "casualty": 3}}
    assert TABLES["mvp"]["nominations"] == 6


def test_advancement_costs():
    levels = TABLES["advancement"]["levels"]
    assert [
        (
            lv["title"],
            lv["random_primary"],
            lv["chosen_primary"],
            lv["chosen_secondary"],
            lv["characteristic"],
        )
        for lv in levels
    ] == [
        ("Experienced", 3, 6, 10, 14),
        ("Veteran", 4, 8, 12, 16),
        ("Emerging Star", 6, 12, 16, 20),
        ("Star", 8, 16, 20, 24),
        ("Super Star", 10, 20, 24, 28),
        ("Legend", 15, 30, 34, 38),
    ]
    assert "random_secondary" not in TABLES["advancement"]["kinds"]
    assert TABLES["advancement"]["max_advancements"] == 6


def test_characteristic_improvement_is_a_d8():
    table = TABLES["characteristic_improvement"]
    options = {n: set(lookup(table, n)["options"]) for n in range(1, 9)}
    assert options == {
        1: {"av"},
        2: {"av", "pa"},
        3: {"av", "ma", "pa"},
        4: {"av", "ma", "pa"},
        5: {"ma", "pa"},
        6: {"ag", "ma"},
        7: {"ag", "st"},
        8: {"ag", "av", "ma", "pa", "st"},
    }


def test_value_increases_and_limits():
    values = TABLES["value_increases"]
    assert (values["primary_skill"], values["secondary_skill"]) == (20_000, 40_000)
    assert values["elite_skill_extra"] == 10_000
    assert set(values["elite_skills"]) == {"block", "dodge", "guard", "mighty-blow"}
    assert values["characteristics"] == {
        "av": 10_000,
        "ma": 20_000,
        "pa": 20_000,
        "ag": 30_000,
        "st": 60_000,
    }
    limits = TABLES["characteristic_limits"]
    assert {k: (v["best"], v["worst"]) for k, v in limits.items()} == {
        "ma": (9, 1),
        "st": (8, 1),
        "ag": (1, 6),
        "pa": (1, 6),
        "av": (11, 3),
    }


def test_winnings_pay_a_bonus_for_not_stalling():
    w = TABLES["winnings"]
    # Fan Factors 4 and 6, 2 touchdowns, no stalling:
    # ((4 + 6) / 2 + 2 + 1) x 10,000 = 80,000.
    paid = w["per_fan_factor_point"] * (4 + 6) + w["per_touchdown"] * 2
    assert paid + w["no_stalling_bonus"] == 80_000
    assert w["illegal_concession"]["conceding_team"] == 0


def test_dedicated_fans_and_expensive_mistakes():
    fans = TABLES["dedicated_fans"]
    assert (fans["win"]["change"], fans["loss"]["change"], fans["draw"]["change"]) == (
        1,
        -1,
        0,
    )
    assert fans["illegal_concession"] == {"lose": "D3", "minimum": 1}
    mistakes = TABLES["expensive_mistakes"]
    assert mistakes["from_treasury"] == 100_000
    assert len(mistakes["bands"]) == 6
    assert lookup(mistakes, 1)["outcomes"] == [
        "minor",
        "minor",
        "major",
        "major",
        "catastrophe",
        "catastrophe",
    ]
    assert lookup(mistakes, 6)["outcomes"] == ["averted"] * 5 + ["minor"]
    for row in mistakes["rows"]:
        assert set(row["outcomes"]) <= set(mistakes["outcomes"])
        assert len(row["outcomes"]) == 6


def test_getting_even_and_matched_play():
    even = TABLES["getting_even"]
    assert (even["die"], even["target"], even["gains"]) == ("D6", 4, "hatred")
    assert even["casualty_results"] == [
        "seriously_hurt",
        "serious_injury",
        "lasting_injury",
    ]
    tiers = {t["tier"]: t["skill_points"] for t in TABLES["matched_play"]["tiers"]}
    assert tiers == {1: 6, 2: 8, 3: 9, 4: 10}
    assert TABLES["team_building"]["treasury"] == 1_000_000


def test_a_table_given_twice_is_refused(tmp_path, monkeypatch):
    # given a version whose two table files both define "weather"
    rules_data("bb2020")  # the parent is loaded (and cached) first
    base = tmp_path / "test-tables-twice"
    (base / "tables").mkdir(parents=True)
    (base / "skills.json").write_text(
        json.dumps({"extends": "bb2020", "skills": [], "random_table": {}})
    )
    for name in ("a", "b"):
        (base / "tables" / f"{name}.json").write_text(
            json.dumps({"tables": {"weather": {}}})
        )
    monkeypatch.setattr(rd, "DATA_DIR", tmp_path)
    # when it is loaded, then the loader refuses it, naming the table
    with pytest.raises(RulesDataError, match="'weather' twice"):
        rd.rules_data("test-tables-twice")
