"""Star Players' special rules, group b (engine.skills.stars.limits).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.skills.base import ActivationHook, SkillSpec
from engine.skills.stars.blocks import announce_frenzied_rush, announce_gored


def _spec(slug: str, rule: str, hook: ActivationHook | None = None) -> SkillSpec:
    return SkillSpec(slug, "star", BIT[slug], rule, hook)


SKILLS: tuple[SkillSpec, ...] = (
    _spec("brutal-block", "star_rules_b_injury.injury_choice (Harm)"),
    _spec("slayer", "star_rules_b_injury.armour_bonus / injury_choice (Harm)"),
    _spec("dwarfen-scourge", "star_rules_b_injury.armour_bonus / injury_choice (Harm)"),
    _spec("crushing-blow", "star_rules_b_injury.armour_bonus (Harm)"),
    _spec("ram", "star_rules_b_injury.armour_bonus / injury_choice (Harm)"),
    _spec("savage-mauling", "star_rules_b_injury.injury_choice (Harm)"),
    _spec("pump-up-the-crowd", "star_rules_b_injury.pump_up_the_crowd (Harm)"),
    _spec("savage-blow", "star_rules_b_block.block_reroll_options (Block)"),
    _spec("unstoppable-momentum", "star_rules_b_block.block_reroll_options (Block)"),
    _spec(
        "gored-by-the-bull",
        "star_rules_b_block.announce_gored / extra_block_die (Block)",
        announce_gored,
    ),
    _spec(
        "frenzied-rush",
        "star_rules_b_block.announce_frenzied_rush / activation_over (turns)",
        announce_frenzied_rush,
    ),
    _spec("indomitable", "star_rules_b_block.indomitable (Block, after Dauntless)"),
    _spec("watch-out", "star_rules_b_block.watch_out_targeted / watching_out (Block)"),
    _spec(
        "fury-of-the-blood-god",
        "star_rules_b_block.fury_of_the_blood_god (traits) / second_block_action",
    ),
    _spec("vicious-vines", "star_rules_b_actions (Activation block_target)"),
)
