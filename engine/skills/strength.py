"""Strength skills (rulebook "Skills and Traits" - Strength)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "guard", "strength", S.GUARD, "blocking.count_assists: assist while Marked"
    ),
    SkillSpec(
        "mighty-blow", "strength", S.MIGHTY_BLOW, "blocking -> injuries.Harm: +X"
    ),
    SkillSpec(
        "stand-firm", "strength", S.STAND_FIRM, "blocking.Block: may refuse the push"
    ),
    SkillSpec(
        "thick-skull",
        "strength",
        S.THICK_SKULL,
        "injuries.Harm: lowest KO roll is Stunned",
    ),
    SkillSpec(
        "arm-bar",
        "strength",
        S.BIT["arm-bar"],
        "movement.Step failed Dodge/Jump -> injuries.arm_bar: +1 armour or injury",
    ),
    SkillSpec(
        "brawler",
        "strength",
        S.BIT["brawler"],
        "blocking.Block re-roll decision: ('brawler',) re-rolls one Both Down",
    ),
    SkillSpec(
        "grab",
        "strength",
        S.BIT["grab"],
        "pushing.PushBack._push_choice: any empty square next to the target",
    ),
    SkillSpec(
        "juggernaut",
        "strength",
        S.BIT["juggernaut"],
        "blocking.Block (Blitz): Both Down -> Push; no Fend/Stand Firm/Wrestle",
    ),
    SkillSpec(
        "multiple-block",
        "strength",
        S.BIT["multiple-block"],
        "turns block_target ('multiple_block', a, b) -> block_actions.MultipleBlock",
    ),
    SkillSpec(
        "pile-driver",
        "strength",
        S.BIT["pile-driver"],
        "after_block: block_over -> block_actions.PileDriver: free Foul, then Prone",
    ),
    SkillSpec(
        "strong-arm",
        "strength",
        S.BIT["strong-arm"],
        "throw_team_mate.ThrowTeamMateAction: +1 to the PA test",
    ),
    # Blood Bowl 2025
    SkillSpec(
        "bullseye",
        "strength",
        S.BIT["bullseye"],
        "throw_team_mate.ThrowTeamMateAction: a Superb throw lands on target",
    ),
)
