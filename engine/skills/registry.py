"""The skills the engine plays and the order their rules run in.

:data:`IMPLEMENTED` names every implemented skill, trait and Star Player
rule (a match refuses any other); :data:`RULES` is the registration of
every module that acts at a rule point (:mod:`engine.core.hooks`), in the
order they run there; :func:`rule_points` builds a format's rule points
(``Variant.hooks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core.hooks import Hooks, Registration
from engine.core.state import GameState, Proc
from engine.skills import (
    after_block,
    agility,
    blocked,
    devious,
    general,
    going_down,
    mutation,
    passing,
    punt,
    special,
    strength,
    traits,
)
from engine.skills.base import ActivationHook, SkillSpec
from engine.skills.stars import (
    actions,
    activation,
    armour_and_injury,
    blocks,
    moving,
    rerolls,
    secret_weapons,
    specs,
    stabs,
    team_rerolls,
    trait_rolls,
)
from engine.skills.stars import passing as stars_passing

ALL_SPECS: tuple[SkillSpec, ...] = (
    general.SKILLS
    + agility.SKILLS
    + strength.SKILLS
    + passing.SKILLS
    + mutation.SKILLS
    + devious.SKILLS
    + traits.SKILLS
    + special.SKILLS
    + specs.SKILLS
)
IMPLEMENTED: Mapping[str, SkillSpec] = MappingProxyType({s.slug: s for s in ALL_SPECS})
# Rules the engine refuses on purpose, with the reason a refused team sheet
# gives (engine.match.check_skills). The BB2025 digest names these Star
# Players' special rules but gives no text for them (shared/rules/bb2025/
# skills.md "Star-player special rules"; engine/data/bb2025/
# star_players.json: "text" empty), so they cannot be played as written.
_NO_TEXT = (
    "a BB2025 Star Player's special rule whose text the edition's digest does not give"
)
REFUSED: Mapping[str, str] = MappingProxyType(
    {
        slug: _NO_TEXT
        for slug in (
            "blastin-solves-everything",
            "dwarfen-grit",
            "dwarven-scourge",
            "ill-carry-you",
            "krump-and-smash",
            "slashing-nails",
            "woodland-fury",
            "working-in-tandem",
        )
    }
)
ACTIVATION_HOOKS: tuple[tuple[int, ActivationHook], ...] = tuple(
    (s.bit, s.on_activation) for s in ALL_SPECS if s.on_activation is not None
)
ACTIVATION_MASK = 0
for _bit, _ in ACTIVATION_HOOKS:
    ACTIVATION_MASK |= _bit
del _bit


def activation_procs(g: GameState, p: int, action: str) -> list[Proc]:
    """Procedures the player's skills add when they are activated, in the
    order of :data:`ALL_SPECS`."""
    out: list[Proc] = []
    sk = g.skills[p]
    if sk & ACTIVATION_MASK:
        for bit, hook in ACTIVATION_HOOKS:
            if sk & bit:
                proc = hook(g, p, action)
                if proc is not None:
                    out.append(proc)
    return out


def _activation(h: Hooks) -> None:
    h.activated += (activation_procs,)


# What every format plays, in the order the rules run at each rule point.
# Where two modules act at one point the earlier runs first: the
# activation's end undoes Wisdom of the White Dwarf's skill (activation)
# before Frenzied Rush's changes (blocks), and the "any one die" re-rolls of
# a block (rerolls) are offered before Savage Blow's (blocks);
# tests/engine/test_hooks.py keeps that order.
RULES: tuple[Registration, ...] = (
    _activation,
    after_block.register,
    rerolls.register,
    activation.register,
    blocks.register,
    trait_rolls.register,
    armour_and_injury.register,
    stabs.register,
    secret_weapons.register,
    moving.register,
    stars_passing.register,
    team_rerolls.register,
    actions.register,
    devious.register,
    blocked.register,
    going_down.register,
    punt.register,
    passing.register,
)


def rule_points(rules: tuple[Registration, ...] = RULES) -> Hooks:
    """The rule points with ``rules`` registered, in that order (frozen)."""
    hooks = Hooks()
    for register in rules:
        register(hooks)
    return hooks.freeze()


__all__ = [
    "ALL_SPECS",
    "IMPLEMENTED",
    "REFUSED",
    "RULES",
    "SkillSpec",
    "activation_procs",
    "rule_points",
]
