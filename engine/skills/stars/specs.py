"""The Star Players' special rules as skills: one :class:`SkillSpec` each
(category "star"), its ``rule`` naming the module of
:mod:`engine.skills.stars` that plays it and the rule point (or activation
hook) where it acts."""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.skills.base import ActivationHook, SkillSpec
from engine.skills.stars.actions import zoat_hook
from engine.skills.stars.activation import opening_hook
from engine.skills.stars.blocks import announce_frenzied_rush, announce_gored
from engine.skills.stars.passing import shot_to_nothing_hook
from engine.skills.stars.stabs import blade_hook, outburst_hook


def _spec(slug: str, rule: str, hook: ActivationHook | None = None) -> SkillSpec:
    return SkillSpec(slug, "star", BIT[slug], rule, hook)


def _opening(slug: str, what: str) -> SkillSpec:
    return _spec(
        slug, f"activation.OpeningRule on activation: {what}", opening_hook(slug)
    )


_ANY_DIE = "rerolls: test_rerolls / block_rerolls (Test, MoveTest, Block dice)"

# Re-rolls and results of the star's own rolls (stars.rerolls).
ROLLS: tuple[SkillSpec, ...] = (
    _spec("blind-rage", "rerolls: test_rerolls ('dauntless')"),
    _spec("mesmerising-dance", "rerolls: test_rerolls ('hypnotic_gaze')"),
    _spec("the-ballista", "rerolls: test_rerolls ('pass', 'throw_team_mate')"),
    _spec("consummate-professional", _ANY_DIE),
    _spec("halfling-luck", _ANY_DIE),
    _spec("thinking-mans-troll", _ANY_DIE),
    _spec("incorporeal", "rerolls: test_result ('dodge')"),
    _spec("strong-passing-game", "rerolls: test_result ('pass')"),
    _spec("swift-as-the-breeze", "rerolls: test_result ('dodge', 'leap', 'rush')"),
)
# Movement, passing, throwing and the Ball & Chain.
PLAYS: tuple[SkillSpec, ...] = (
    _spec("burst-of-speed", "moving: extra_rushes / rushed"),
    _spec("bounding-leap", "moving: leap_declared"),
    _spec(
        "shot-to-nothing",
        "passing: activation hook (Pass) -> ShotToNothing; hail_mary",
        shot_to_nothing_hook,
    ),
    _spec("blast-it", "passing: hail_mary_scattered / pass_catch"),
    _spec("yoink", "passing: interference"),
    _spec("reliable", "passing: fumbled_team_mate"),
    _spec("whirling-dervish", "secret_weapons: ball_and_chain_direction"),
    _spec("old-pro", "armour_and_injury: armour_reroll"),
)
# Knock-downs and blocks.
BLOCKS: tuple[SkillSpec, ...] = (
    _spec("brutal-block", "armour_and_injury: injury_roll"),
    _spec("slayer", "armour_and_injury: armour_roll / injury_roll"),
    _spec("dwarfen-scourge", "armour_and_injury: armour_roll / injury_roll"),
    _spec("crushing-blow", "armour_and_injury: armour_roll"),
    _spec("ram", "armour_and_injury: armour_roll / injury_roll"),
    _spec("savage-mauling", "armour_and_injury: injury_roll"),
    _spec("pump-up-the-crowd", "armour_and_injury: casualty"),
    _spec("savage-blow", "blocks: block_rerolls"),
    _spec("unstoppable-momentum", "blocks: block_rerolls"),
    _spec(
        "gored-by-the-bull",
        "blocks: activation hook (Blitz) -> Announce; block_dice",
        announce_gored,
    ),
    _spec(
        "frenzied-rush",
        "blocks: activation hook (Blitz) -> Announce; activation_ends",
        announce_frenzied_rush,
    ),
    _spec("indomitable", "blocks: dauntless_passed"),
    _spec("watch-out", "blocks: block_targeted / stumble_dodge"),
    _spec(
        "fury-of-the-blood-god",
        "trait_rolls: traits.ActivationTrait (Unchannelled Fury); another_action",
    ),
    _spec("vicious-vines", "actions: block_targets"),
)
# Stabs, Secret Weapons, traits and actions.
ACTIONS: tuple[SkillSpec, ...] = (
    _spec("toxin-connoisseur", "stabs: broken_armour_injury -> StabInjury (+1)"),
    _spec("master-assassin", "stabs: broken_armour_injury -> StabInjury (re-roll)"),
    _spec("a-sneaky-pair", "stabs: foul_injury / StabInjury (+1 Injury)"),
    _spec("ghostly-flames", "secret_weapons: chainsaw_armour (+4 Armour in a Blitz)"),
    _spec("ill-be-back", "secret_weapons: secret_weapon_stays"),
    _spec("tasty-morsel", "trait_rolls: bite_targets / bite"),
    _spec(
        "primal-savagery",
        "trait_rolls: traits.ActivationTrait (Animal Savagery lash-out)",
    ),
    _spec(
        "putrid-regurgitation",
        "actions: lent_action / move_options (Blitz) / special_action",
    ),
    _spec(
        "excuse-me-are-you-a-zoat", "actions: lent_action; activation hook", zoat_hook
    ),
    _spec(
        "kick-em-while-theyre-down",
        "secret_weapons: block_activations / action_targets / special_action",
    ),
    _spec("maximum-carnage", "secret_weapons: after_hit -> MaximumCarnage"),
    _spec("sneakiest-of-the-lot", "actions: another_foul / action_declared"),
    _spec(
        "the-flashing-blade",
        "stabs: activation hook (Move) -> FlashingBlade",
        blade_hook,
    ),
    _spec("kaboom", "secret_weapons: action_procedure -> KaboomThrow"),
    _spec("all-you-can-eat", "secret_weapons: action_procedure -> AllYouCanEat"),
    _spec(
        "furious-outburst",
        "stabs: activation hook (Blitz) -> FuriousOutburst",
        outburst_hook,
    ),
)
# Rules used as an activation begins, and the team's re-rolls.
TEAM: tuple[SkillSpec, ...] = (
    _opening("look-into-my-eyes", "2+ takes the carrier's ball, activation ends"),
    _opening("baleful-hex", "2+ no Tackle Zone / no activation (barred)"),
    _opening("raiding-party", "an Open team-mate steps to Mark"),
    _opening("black-ink", "a Marked opponent loses its Tackle Zone"),
    _opening("catch-of-the-day", "3+ takes the ball on the ground"),
    _opening("beer-barrel-bash", "keg: 3+ Knocked Down, 1 Thorsson down"),
    _opening("then-i-started-blastin", "blunderbuss: unmodified Armour roll"),
    _opening("treacherous", "Knocks the team-mate carrier Down, takes the ball"),
    _spec(
        "wisdom-of-the-white-dwarf",
        "activation: team_mate_activated -> Wisdom / activation_ends",
    ),
    _spec("quick-bite", "passing: ball_caught -> QuickBite / ball_stolen"),
    _spec("star-of-the-show", "team_rerolls: touchdown / drive_starts"),
    _spec("lord-of-chaos", "team_rerolls: first_half / half_time_carry / left_pitch"),
    _spec("two-for-one", "team_rerolls: loner_target (2+ while the partner is out)"),
)

SKILLS: tuple[SkillSpec, ...] = ROLLS + PLAYS + BLOCKS + ACTIONS + TEAM
