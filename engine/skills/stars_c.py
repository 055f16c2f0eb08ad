"""Star Players' special rules, group c (engine.star_rules).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.skillbits import BIT
from engine.skills.base import SkillSpec


def _spec(slug: str, rule: str) -> SkillSpec:
    return SkillSpec(slug, "star", BIT[slug], rule)


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
)
