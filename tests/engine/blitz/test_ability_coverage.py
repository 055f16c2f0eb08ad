"""Every ability in engine/data/blitz_bowl/abilities.json has a test that
plays it: an explicit map from the ability's slug to the tests, checked
here to name every slug, to name only tests that exist, and to come from a
module that plays a team whose card has the ability. A new ability in the
data fails this test until its test is written and named here."""

from __future__ import annotations

import importlib
import inspect
import json
from pathlib import Path

from engine.blitz.data import teams

DATA = Path(__file__).parents[3] / "engine" / "data" / "blitz_bowl" / "abilities.json"

A = "test_abilities"
M = "test_abilities_movement"
F = "test_free_actions"

TESTS: dict[str, list[str]] = {
    "handling_skills": [
        f"{M}::test_handling_skills_takes_the_ball_when_pushed_into_its_square"
    ],
    "hit_and_run": [f"{F}::test_hit_and_run_free_run_of_two_squares_after_a_block"],
    "defensive": [
        f"{A}::test_defensive_opponent_stops_the_assist_of_players_next_to_it"
    ],
    "elusive": [f"{A}::test_elusive_may_pass_next_to_opponents_but_must_end_open"],
    "head_butt": [f"{F}::test_head_butt_needs_a_run_before_the_mark"],
    "dump_off": [
        f"{M}::test_dump_off_interrupts_the_block_with_an_unmodified_short_throw",
        f"{M}::test_dump_off_declined_the_block_hits_the_carrier",
        f"{M}::test_no_dump_off_without_a_ball",
    ],
    "offensive_specialist": [
        f"{A}::test_offensive_specialist_may_reroll_the_block_dice_once"
    ],
    "frenzied": [f"{F}::test_frenzied_free_block_after_a_mark"],
    "safe_hands": [f"{A}::test_safe_hands_the_coach_picks_where_the_ball_bounces"],
    "expert_passer": [
        f"{A}::test_expert_passer_may_reroll_a_failed_throw_check",
        f"{A}::test_expert_passer_declines_and_the_fumble_stands",
    ],
    "catchers_instincts": [
        f"{F}::test_catchers_instincts_free_run_after_a_successful_throw"
    ],
    "woodland_aid": [f"{A}::test_woodland_aid_blocks_against_it_are_never_assisted"],
    "lithe_creature": [f"{A}::test_lithe_creature_never_throws"],
    "hulking_brute": [
        f"{A}::test_hulking_brute_tackle_and_smash_are_kerrunch_and_shove_on_it_is_miss"
    ],
    "stand_firm": [f"{A}::test_stand_firm_shove_counts_as_miss"],
    "running_pass": [f"{F}::test_running_pass_free_short_throw_after_a_run"],
    "enforcer": [
        f"{M}::test_enforcer_resolves_every_die_and_always_follows_up",
        f"{M}::test_enforcer_makes_an_armour_check_for_each_knock_down",
    ],
    "ethereal": [
        f"{M}::test_leap_does_not_pass_obstructions_ethereal_does",
        f"{M}::test_ethereal_runs_through_players_too",
    ],
    "violent": [
        f"{A}::test_violent_a_six_injures_the_target_and_the_dice_are_not_resolved"
    ],
    "pick_me_up": [f"{F}::test_pick_me_up_stands_up_adjacent_prone_team_mates"],
    "titchy": [
        f"{A}::test_a_run_next_to_a_titchy_opponent_ends_there",
        f"{A}::test_titchy_and_insignificant_blockers_tackle_counts_as_miss",
    ],
    "mighty_blow": [f"{A}::test_mighty_blow_smash_counts_as_kerrunch"],
    "regenerate": [f"{F}::test_regenerate_after_the_pre_turn_sequence"],
    "insignificant": [
        f"{A}::test_a_run_may_pass_next_to_an_insignificant_opponent",
        f"{A}::test_titchy_and_insignificant_blockers_tackle_counts_as_miss",
    ],
    "bomber": [f"{A}::test_bomber_blocks_from_three_squares_while_open"],
    "leap": [
        f"{M}::test_leap_runs_through_opponents_and_team_mates_but_never_ends_on_them",
        f"{M}::test_leap_needs_a_square_to_land_on_within_its_move",
    ],
    "war_machine": [
        f"{A}::test_war_machine_runs_while_marked_and_its_blocks_are_never_assisted"
    ],
    "minion": [
        f"{A}::test_bloodlust_a_miss_injures_the_vampire_unless_a_thrall_steps_in"
    ],
    "bloodlust": [
        f"{A}::test_bloodlust_a_miss_injures_the_vampire_unless_a_thrall_steps_in"
    ],
    "wardance": [f"{F}::test_wardance_free_sidestep_among_the_actions"],
}


def _slugs() -> set[str]:
    return set(json.loads(DATA.read_text())["abilities"])


def test_every_ability_in_the_data_is_mapped_to_tests():
    assert set(TESTS) == _slugs()
    assert len(TESTS) == 30  # teams.md's 30 abilities


def test_the_mapped_tests_exist_and_play_a_team_with_the_ability():
    holders: dict[str, set[str]] = {}
    for slug, card in teams().items():
        for pos in card.positions:
            for a in pos.abilities:
                holders.setdefault(a, set()).add(slug)
    for ability, names in TESTS.items():
        assert names, ability
        for name in names:
            module, func = name.split("::")
            mod = importlib.import_module(f"tests.engine.blitz.{module}")
            fn = getattr(mod, func, None)
            assert callable(fn), name
            src = inspect.getsource(mod)
            assert any(f'"{team}"' in src for team in holders[ability]), (
                ability,
                name,
            )
