"""Star Players' special rules, group a (engine.skills.stars.limits).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.skills.base import ActivationHook, SkillSpec
from engine.skills.stars.passing import shot_to_nothing_hook

_ROLLS = "star_rules_a_rolls"
_PLAYS = "star_rules_a_plays"


def _spec(slug: str, rule: str, hook: ActivationHook | None = None) -> SkillSpec:
    return SkillSpec(slug, "star", BIT[slug], rule, hook)


SKILLS: tuple[SkillSpec, ...] = (
    _spec("blind-rage", f"rolls.Test 'dauntless' -> {_ROLLS}.reroll_options"),
    _spec("mesmerising-dance", f"rolls.Test 'hypnotic_gaze' -> {_ROLLS}"),
    _spec("the-ballista", f"rolls.Test 'pass' / 'throw_team_mate' -> {_ROLLS}"),
    _spec(
        "consummate-professional",
        f"rolls.Test / dodging.MoveTest / blocking.Block dice -> {_ROLLS}",
    ),
    _spec(
        "halfling-luck",
        f"rolls.Test / dodging.MoveTest / blocking.Block dice -> {_ROLLS}",
    ),
    _spec(
        "thinking-mans-troll",
        f"rolls.Test / dodging.MoveTest / blocking.Block dice -> {_ROLLS}",
    ),
    _spec("incorporeal", f"rolls.Test._failed 'dodge' -> {_ROLLS}.post_options"),
    _spec("strong-passing-game", f"rolls.Test._failed 'pass' -> {_ROLLS}"),
    _spec(
        "swift-as-the-breeze",
        f"rolls.Test._failed 'dodge' / 'leap' / 'rush' -> {_ROLLS}",
    ),
    _spec("burst-of-speed", f"movement.rush_limit / Step -> {_PLAYS}.burst_rushes"),
    _spec("bounding-leap", f"movement.Step before a Leap's test -> {_PLAYS}"),
    _spec(
        "shot-to-nothing",
        f"activation hook (Pass) -> {_PLAYS}.ShotToNothing; passing.PassAction",
        shot_to_nothing_hook,
    ),
    _spec("blast-it", f"passing.PassAction Hail Mary scatter / catch -> {_PLAYS}"),
    _spec("yoink", f"passing.PassAction interference -> {_PLAYS}.yoink"),
    _spec("reliable", f"throw_team_mate fumble -> Land(sure) ({_PLAYS})"),
    _spec(
        "whirling-dervish",
        f"secret_weapons.BallAndChainMove direction D6 -> {_PLAYS}",
    ),
    _spec("old-pro", f"injuries.Harm Armour roll -> {_PLAYS}.old_pro"),
)
