"""Skills, traits and Star Player rules, and the rule points they register on.

How skills plug into the engine
===============================

* Every implemented skill has a bit in :mod:`engine.core.skillbits`; a
  player's skills are one int, so rule code tests ``g.skills[p] & S.DODGE``.
  Parameters ("+1", "4+", "All") are read with ``g.param(p, bit)``.
* Each rulebook category has a module here (``general``, ``agility``,
  ``strength``, ``passing``, ``mutation``, ``traits``) exporting
  ``SKILLS: tuple[SkillSpec, ...]``. A :class:`SkillSpec` names the slug,
  category, bit and the rule point (``rule``) where the engine applies it.
  Star Players' special rules are in :mod:`engine.skills.stars`.
* A skill that changes a procedure registers a function on a rule point
  (:mod:`engine.core.hooks`): its module has ``register(hooks)``, listed in
  :data:`engine.skills.registry.RULES`.
  ``SkillSpec.on_activation(g, p, action) -> Proc | None`` runs when a
  player is activated (Bone Head, Really Stupid, Take Root, a Star
  Player's announcement ...): the procedure is pushed on the step stack
  and may end the activation by setting ``g.act_over``.
* Skills that alter a core rule step of their own player (re-rolls,
  modifiers, block results) are tested inline at that step, and their
  ``SkillSpec.rule`` says where. Free skill re-rolls use
  :class:`engine.rules.rolls.Test` (``skill_rr=`` bit).

Adding a skill: add its slug to ``engine.core.skillbits._SLUGS``, register a
``SkillSpec`` in the category module, apply it at its rule point (a
function registered in the module's ``register``, or inline), and add a
scripted-dice test that fails without it.
``python -m engine.skills --coverage`` lists implemented and missing skills.
"""
