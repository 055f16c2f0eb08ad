"""Star Players' special rules, group b (engine.star_rules).

Each SkillSpec here has category "star"; its ``rule`` names where the
engine applies it."""

from __future__ import annotations

from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = ()
