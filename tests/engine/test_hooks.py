"""The rule points (engine.core.hooks): each format builds its own from an
ordered list of registrations (``Variant.rules``), frozen once built, and
the functions at a point run in the order the list gives them."""

from __future__ import annotations

import pytest

from engine.core.hooks import Hooks
from engine.skills import after_block, blocked
from engine.skills.registry import RULES, rule_points
from engine.skills.stars import activation, blocks, rerolls
from engine.variants import MatchRules, get_variant, sevens_desperate, variants

POINTS = Hooks.__slots__[1:]


def test_every_rule_point_is_declared_with_its_type() -> None:
    assert set(POINTS) == set(Hooks.__annotations__) - {"_frozen"}


def test_the_rule_points_refuse_a_registration_once_built() -> None:
    hooks = rule_points()
    with pytest.raises(AttributeError, match="frozen"):
        hooks.touchdown += (lambda g, p: None,)


@pytest.mark.parametrize(
    "name", sorted(n for n, v in variants().items() if isinstance(v, MatchRules))
)
def test_a_format_rebuilds_the_same_rule_points_from_its_list(name: str) -> None:
    # Registration follows Variant.rules only: building again gives the same
    # functions in the same order at every point (a card game has none).
    v = get_variant(name)
    again = rule_points(v.rules)
    assert {p: getattr(v.hooks, p) for p in POINTS} == {
        p: getattr(again, p) for p in POINTS
    }


def test_only_sevens_plays_the_desperate_measures() -> None:
    sevens = get_variant("sevens")
    assert sevens.rules == RULES + (sevens_desperate.register,)
    assert get_variant("bb2020").rules == RULES
    assert sevens.hooks.pregame == (sevens_desperate.pregame,)
    assert get_variant("bb2020").hooks.pregame == ()
    assert get_variant("classic").hooks.moved_into == ()


def test_the_functions_at_a_point_run_in_the_registry_order() -> None:
    # Where two rules act at one point, the order is the engine's: Wisdom of
    # the White Dwarf's skill goes before Frenzied Rush's changes are
    # undone; "any one die" re-rolls are offered before Savage Blow's;
    # Frenzy's second block is tried before Pile Driver; the Star Players'
    # block re-rolls are offered before Hatred's.
    hooks = rule_points()
    assert hooks.activation_ends == (activation.wisdom_ends, blocks.activation_over)
    assert [r.options for r in hooks.block_rerolls] == [
        rerolls.block_options,
        blocks.block_reroll_options,
        blocked.hatred_options,
    ]
    assert hooks.block_over == (after_block.frenzy, after_block.pile_driver)


def test_a_gated_point_knows_the_skills_its_rules_need() -> None:
    # A procedure asks a gated point only for a player with one of the
    # point's skill bits: every rule registered there must add its own.
    gated = [p.removesuffix("_bits") for p in POINTS if p.endswith("_bits")]
    assert sorted(gated) == [
        "action_targets",
        "another_action",
        "block_activations",
        "block_targets",
        "extra_rushes",
        "lent_action",
        "move_options",
        "skill_activations",
    ]
    hooks = rule_points()
    for point in gated:
        assert getattr(hooks, point), point
        assert getattr(hooks, f"{point}_bits"), point
