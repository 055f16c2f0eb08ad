"""General skills (rulebook "Skills and Traits" - General)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("block", "general", S.BLOCK, "blocking.Block: ignore Both Down"),
    SkillSpec(
        "dirty-player",
        "general",
        S.DIRTY_PLAYER,
        "fouls.FoulAction: +X armour or injury",
    ),
    SkillSpec(
        "frenzy",
        "general",
        S.FRENZY,
        "blocking.Block: must follow up; after_block: block_over (second block)",
    ),
    SkillSpec(
        "pro", "general", S.PRO, "rolls.try_pro: 3+ re-rolls one die in the activation"
    ),
    SkillSpec("sure-hands", "general", S.SURE_HANDS, "pickup.Pickup: re-roll"),
    SkillSpec(
        "tackle", "general", S.TACKLE, "movement.Step / blocking.Block: cancels Dodge"
    ),
    SkillSpec(
        "wrestle",
        "general",
        S.WRESTLE,
        "blocking.Block: Both Down -> both Placed Prone",
    ),
    SkillSpec(
        "dauntless",
        "general",
        S.BIT["dauntless"],
        "blocking.Block: D6 + ST > target ST -> ST equal to the target's",
    ),
    SkillSpec(
        "fend",
        "general",
        S.BIT["fend"],
        "pushing.PushBack._follow: pushed player stops the follow-up",
    ),
    SkillSpec(
        "strip-ball",
        "general",
        S.BIT["strip-ball"],
        "blocking.Block: Push Back on the carrier drops the ball",
    ),
    SkillSpec(
        "kick",
        "general",
        S.BIT["kick"],
        "kickoff.Kickoff: may halve the kick's D6 deviation",
    ),
    SkillSpec(
        "shadowing",
        "general",
        S.BIT["shadowing"],
        "movement.Step: D6 + MA - their MA 6+, follow into the vacated square",
    ),
    # Dungeon Bowl flow
    SkillSpec(
        "portal-navigator",
        "general",
        S.BIT["portal-navigator"],
        "variants.dungeon_bowl.portals.Teleport: may re-roll the Portal D6",
    ),
    # Blood Bowl 2025
    SkillSpec(
        "steady-footing",
        "general",
        S.BIT["steady-footing"],
        "going_down: going_down - 6 on a D6 stays Standing",
    ),
    SkillSpec(
        "taunt",
        "general",
        S.BIT["taunt"],
        "blocked: follow_up - the pushed player forces the follow-up",
    ),
)
