"""Agility skills (rulebook "Skills and Traits" - Agility)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("catch", "agility", S.CATCH, "ball.Catch: re-roll a failed catch"),
    SkillSpec(
        "dodge",
        "agility",
        S.DODGE,
        "movement.Step: one Dodge re-roll per turn; blocking.Block: Stumble -> Push",
    ),
    SkillSpec(
        "sneaky-git", "agility", S.SNEAKY_GIT, "fouls: not Sent-off on Armour doubles"
    ),
    SkillSpec("sprint", "agility", S.SPRINT, "movement.rush_limit: three Rushes"),
    SkillSpec(
        "sure-feet", "agility", S.SURE_FEET, "movement.Step: one Rush re-roll per turn"
    ),
    SkillSpec(
        "diving-catch",
        "agility",
        S.BIT["diving-catch"],
        "ball.land_ball / DivingCatch: catch a scattered ball in its Tackle Zone;"
        " passing.PassAction: +1 in the target square",
    ),
    SkillSpec(
        "diving-tackle",
        "agility",
        S.BIT["diving-tackle"],
        "movement.MoveTest: -2 to a passed Dodge/Jump/Leap, then Placed Prone",
    ),
    SkillSpec(
        "defensive",
        "agility",
        S.BIT["defensive"],
        "blocking.count_assists: Marked opponents cannot Guard in their turn",
    ),
    SkillSpec(
        "jump-up",
        "agility",
        S.BIT["jump-up"],
        "activation.Activation: stand up free; Prone Block after an AG test at +1",
    ),
    SkillSpec(
        "leap",
        "agility",
        S.BIT["leap"],
        "movement.move_options / Step: Leap over any adjacent square, -1 less",
    ),
    SkillSpec(
        "safe-pair-of-hands",
        "agility",
        S.BIT["safe-pair-of-hands"],
        "injuries.KnockDown -> ball.SafePairOfHands: place the ball, no bounce",
    ),
    SkillSpec(
        "sidestep",
        "agility",
        S.BIT["sidestep"],
        "pushing.PushBack._push_choice: own coach picks any adjacent square",
    ),
    # Registered here with the movement skills (their category modules are
    # worked on in parallel): Break Tackle is a Strength skill, Timmm-ber!
    # a trait.
    SkillSpec(
        "break-tackle",
        "strength",
        S.BIT["break-tackle"],
        "movement.MoveTest: +1 (+2 with ST 5+) to a Dodge once per activation",
    ),
    SkillSpec(
        "timmm-ber",
        "trait",
        S.BIT["timmm-ber"],
        "movement.stand_up_test: +1 per adjacent Open Standing team-mate",
    ),
)
