"""Star Players' special rules, group d (engine.skills.stars.limits).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.skills.base import SkillSpec
from engine.skills.stars.activation import opening_hook


def _opening(slug: str, what: str) -> SkillSpec:
    return SkillSpec(
        slug,
        "star",
        BIT[slug],
        f"star_rules_d.OpeningRule on activation: {what}",
        opening_hook(slug),
    )


SKILLS: tuple[SkillSpec, ...] = (
    _opening("look-into-my-eyes", "2+ takes the carrier's ball, activation ends"),
    _opening("baleful-hex", "2+ no Tackle Zone / no activation (turns)"),
    _opening("raiding-party", "an Open team-mate steps to Mark"),
    _opening("black-ink", "a Marked opponent loses its Tackle Zone"),
    _opening("catch-of-the-day", "3+ takes the ball on the ground"),
    _opening("beer-barrel-bash", "keg: 3+ Knocked Down, 1 Thorsson down"),
    _opening("then-i-started-blastin", "blunderbuss: unmodified Armour roll"),
    _opening("treacherous", "Knocks the team-mate carrier Down, takes the ball"),
    SkillSpec(
        "wisdom-of-the-white-dwarf",
        "star",
        BIT["wisdom-of-the-white-dwarf"],
        "turns.Activation -> star_rules_d_team.Wisdom (a team-mate's skill)",
    ),
    SkillSpec(
        "quick-bite",
        "star",
        BIT["quick-bite"],
        "ball.Catch -> star_rules_d_team.QuickBite (no Turnover: passing)",
    ),
    SkillSpec(
        "star-of-the-show",
        "star",
        BIT["star-of-the-show"],
        "ball.check_touchdown -> game.Drive: +1 extra re-roll next drive",
    ),
    SkillSpec(
        "lord-of-chaos",
        "star",
        BIT["lord-of-chaos"],
        "game.Game: +1 team re-roll, half-time carry; injuries.to_box forfeit",
    ),
    SkillSpec(
        "two-for-one",
        "star",
        BIT["two-for-one"],
        "rolls.spend_team_reroll: Loner 2+ while the partner is KO'd/CAS",
    ),
)
