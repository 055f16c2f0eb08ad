"""Traits of special actions, vampires, gnomes, Norse and Nurgle (rulebook
"Skills and Traits" - Traits): Stab, Breathe Fire, Hypnotic Gaze,
Trickster, Hit and Run, My Ball, Bloodlust (X+), Drunkard, Pick-me-up,
Plague Ridden. The rules are in :mod:`engine.rules.special_actions` and
:mod:`engine.rules.bloodlust`."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.rules.bloodlust import bloodlust_hook
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "stab",
        "trait",
        S.STAB,
        "turns block_target / Blitz ('stab', id) -> special_actions.Stab",
    ),
    SkillSpec(
        "breathe-fire",
        "trait",
        S.BIT["breathe-fire"],
        "turns block_target / Blitz ('breathe_fire', id) -> "
        "special_actions.BreatheFire",
    ),
    SkillSpec(
        "hypnotic-gaze",
        "trait",
        S.BIT["hypnotic-gaze"],
        "turns action hypnotic_gaze, ('gaze', id) -> special_actions.HypnoticGaze",
    ),
    SkillSpec(
        "trickster",
        "trait",
        S.BIT["trickster"],
        "special_actions.Trickster before a Block / Special action hits",
    ),
    SkillSpec(
        "hit-and-run",
        "trait",
        S.BIT["hit-and-run"],
        "special_actions.HitAndRun after a Block",
    ),
    SkillSpec(
        "my-ball",
        "trait",
        S.BIT["my-ball"],
        "activation.activation_options / special_move_options / passing.with_dump_off",
    ),
    SkillSpec(
        "bloodlust",
        "trait",
        S.BIT["bloodlust"],
        "bloodlust.BloodlustRoll on activation, bloodlust.Feed at its end",
        bloodlust_hook,
    ),
    SkillSpec("drunkard", "trait", S.BIT["drunkard"], "movement.rush_modifier -1"),
    SkillSpec(
        "pick-me-up",
        "trait",
        S.BIT["pick-me-up"],
        "turns.Turn._end -> bloodlust.pick_me_up",
    ),
    SkillSpec(
        "plague-ridden",
        "trait",
        S.BIT["plague-ridden"],
        "injuries.Harm on a death -> plague.plague_ridden",
    ),
)
