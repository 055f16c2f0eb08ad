"""Skills and traits: the hook mechanism.

How skills plug into the engine
===============================

* Every implemented skill has a bit in :mod:`engine.core.skillbits`; a player's
  skills are one int, so rule code tests ``g.skills[p] & S.DODGE``.
  Parameters ("+1", "4+", "All") are read with ``g.param(p, bit)``.
* Each rulebook category has a module here (``general``, ``agility``,
  ``strength``, ``passing``, ``mutation``, ``traits``) exporting
  ``SKILLS: tuple[SkillSpec, ...]``. A :class:`SkillSpec` names the slug,
  category, bit and the rule point (``rule``) where the engine applies it.
* Hook points run registered functions only for players whose mask has
  the hook's bits (so an unskilled player costs one ``&``):

  - ``on_activation(g, p, action) -> Proc | None``: after an action is
    declared (Bone Head, Really Stupid, Take Root, ...). The procedure is
    pushed on the step stack and may end the activation by setting
    ``g.act_over``.

* Skills that alter a core rule step (re-rolls, modifiers, block results)
  are tested inline at that step, and their ``SkillSpec.rule`` says where.
  Free skill re-rolls use :class:`engine.rules.rolls.Test` (``skill_rr=`` bit).

Adding a skill: add its slug to ``engine.core.skillbits._SLUGS``, register a
``SkillSpec`` in the category module, apply it at its rule point (or give
it a hook), and add a scripted-dice test that fails without it.
``python -m engine.skills --coverage`` lists implemented and missing skills.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core.state import GameState, Proc
from engine.skills import (
    agility,
    general,
    mutation,
    passing,
    special,
    stars_a,
    stars_b,
    stars_c,
    stars_d,
    strength,
    traits,
)
from engine.skills.base import ActivationHook, SkillSpec

ALL_SPECS: tuple[SkillSpec, ...] = (
    general.SKILLS
    + agility.SKILLS
    + strength.SKILLS
    + passing.SKILLS
    + mutation.SKILLS
    + traits.SKILLS
    + special.SKILLS
    + stars_a.SKILLS
    + stars_b.SKILLS
    + stars_c.SKILLS
    + stars_d.SKILLS
)
IMPLEMENTED: Mapping[str, SkillSpec] = MappingProxyType({s.slug: s for s in ALL_SPECS})
ACTIVATION_HOOKS: tuple[tuple[int, ActivationHook], ...] = tuple(
    (s.bit, s.on_activation) for s in ALL_SPECS if s.on_activation is not None
)
ACTIVATION_MASK = 0
for _bit, _ in ACTIVATION_HOOKS:
    ACTIVATION_MASK |= _bit
del _bit


def activation_procs(g: GameState, p: int, action: str) -> list[Proc]:
    """Procedures the player's skills add when they are activated, in the
    order they are to run."""
    out: list[Proc] = []
    sk = g.skills[p]
    if sk & ACTIVATION_MASK:
        for bit, hook in ACTIVATION_HOOKS:
            if sk & bit:
                proc = hook(g, p, action)
                if proc is not None:
                    out.append(proc)
    return out + g.variant.activation_procs(g, p, action)  # the board's rules


__all__ = ["ALL_SPECS", "IMPLEMENTED", "SkillSpec", "activation_procs"]
