"""Mutations (rulebook "Skills and Traits" - Mutations)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "claws",
        "mutation",
        S.BIT["claws"],
        "blocking.Block -> injuries.Harm: armour broken on a natural 8+",
    ),
    SkillSpec(
        "foul-appearance",
        "mutation",
        S.BIT["foul-appearance"],
        "blocking.Block / block_actions: D6 before a Block or Special action, 1 wastes it",
    ),
    SkillSpec(
        "horns",
        "mutation",
        S.BIT["horns"],
        "blocking.Block: +1 ST when blocking in a Blitz",
    ),
    SkillSpec(
        "iron-hard-skin",
        "mutation",
        S.BIT["iron-hard-skin"],
        "injuries.Harm: armour roll cannot be modified, Claws ignored",
    ),
    SkillSpec(
        "big-hand",
        "mutation",
        S.BIT["big-hand"],
        "pickup.Pickup: ignore Marking and Pouring Rain",
    ),
    SkillSpec(
        "extra-arms",
        "mutation",
        S.BIT["extra-arms"],
        "pickup.Pickup / ball.catch_modifier / passing interference: +1",
    ),
    SkillSpec(
        "very-long-legs",
        "mutation",
        S.BIT["very-long-legs"],
        "movement.Step: Jump/Leap -1 less; passing: +2 interfere, no Cloud Burster",
    ),
    SkillSpec(
        "two-heads", "mutation", S.BIT["two-heads"], "movement.Step: +1 to Dodge"
    ),
    SkillSpec(
        "tentacles",
        "mutation",
        S.BIT["tentacles"],
        "movement.Step: D6 + ST - their ST 6+ holds a player leaving",
    ),
    SkillSpec(
        "prehensile-tail",
        "mutation",
        S.BIT["prehensile-tail"],
        "movement.Step: -1 to Dodge/Jump/Leap out of its Tackle Zone",
    ),
    SkillSpec(
        "monstrous-mouth",
        "mutation",
        S.BIT["monstrous-mouth"],
        "ball.Catch: re-roll a failed catch; blocking: no Strip Ball",
    ),
    SkillSpec(
        "disturbing-presence",
        "mutation",
        S.BIT["disturbing-presence"],
        "ball.disturbing_presence: -1 within 3 to pass, catch, interfere",
    ),
)
