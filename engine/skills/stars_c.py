"""Star Players' special rules, group c (engine.skills.stars.limits).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.skills.base import ActivationHook, SkillSpec
from engine.star_rules_c_actions import blade_hook, zoat_hook
from engine.star_rules_c_outburst import outburst_hook


def _spec(slug: str, rule: str, hook: ActivationHook | None = None) -> SkillSpec:
    return SkillSpec(slug, "star", BIT[slug], rule, hook)


SKILLS: tuple[SkillSpec, ...] = (
    _spec(
        "toxin-connoisseur",
        "injuries.KnockDown 'stab' -> star_rules_c_injury.StabInjury "
        "(use_skill after the Injury dice: +1)",
    ),
    _spec(
        "master-assassin",
        "injuries.KnockDown 'stab' -> star_rules_c_injury.StabInjury "
        "(use_skill after the Injury dice: re-roll)",
    ),
    _spec(
        "a-sneaky-pair",
        "star_rules_c_injury.sneaky_pair_bonus: fouls.FoulAction and "
        "StabInjury +1 Injury",
    ),
    _spec(
        "ghostly-flames",
        "secret_weapons.chainsaw_hit -> star_rules_c_injury.ghostly_flames "
        "(+4 Armour in a Blitz)",
    ),
    _spec(
        "ill-be-back",
        "turns.EndDrive Secret Weapon -> star_rules_c_injury.ill_be_back",
    ),
    _spec(
        "tasty-morsel",
        "bloodlust.bite_targets / Bite -> star_rules_c_traits.morsel_targets",
    ),
    _spec(
        "primal-savagery",
        "traits.ActivationTrait lash_out -> star_rules_c_traits.lash_out_opponents",
    ),
    _spec(
        "putrid-regurgitation",
        "turns activation / Blitz options -> star_rules_c_actions.putrid_*; "
        "block_actions.ProjectileVomit spends it",
    ),
    _spec(
        "excuse-me-are-you-a-zoat",
        "turns activation hypnotic_gaze -> star_rules_c_actions.zoat_*",
        zoat_hook,
    ),
    _spec(
        "kick-em-while-theyre-down",
        "turns chainsaw targets -> star_rules_c_actions.kick_em_*; "
        "secret_weapons.ChainsawAttack spends it",
    ),
    _spec(
        "maximum-carnage",
        "secret_weapons.ChainsawAttack -> star_rules_c_actions.MaximumCarnage",
    ),
    _spec(
        "sneakiest-of-the-lot",
        "turns.activation_options foul -> star_rules_c_actions.second_foul",
    ),
    _spec(
        "the-flashing-blade",
        "on_activation (move) -> star_rules_c_actions.FlashingBlade",
        blade_hook,
    ),
    _spec(
        "kaboom",
        "turns throw_bomb -> star_rules_c_bombs.KaboomThrow (use_skill on a catch)",
    ),
    _spec(
        "all-you-can-eat",
        "turns throw_bomb -> star_rules_c_bombs.AllYouCanEat (use_skill, two bombs)",
    ),
    _spec(
        "furious-outburst",
        "on_activation (blitz) -> star_rules_c_outburst.FuriousOutburst",
        outburst_hook,
    ),
)
